package interp

import "testing"

// export, readonly and declare -x/-r given a variable of the command's own
// prefix assignment bind its value in the scope under it, so it outlives
// the command (bash's set_var_attribute); local takes its value and export
// attribute; export or readonly of a function call's temporary variable
// passes it to the caller when the function returns.
func TestTempVarExportPropagateMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"global", `foo="" export foo; declare -p foo; x=1 export x=2; declare -p x; y=0; y=1 readonly y; declare -p y; z=1 declare -r z; declare -p z; FOO='$$' declare -p FOO; declare -p FOO; w=1 declare w; declare -p w 2>&1; q=1 export q; q=2 export q; declare -p q; env | grep '^q='`},
		{"function", `f() { x=1 export x; declare -p x; }; x=0; f; declare -p x; g() { local y=0; y=1 export y; declare -p y; }; g; declare -p y 2>&1; h() { v=1 local v; declare -p v; }; h; declare -p v 2>&1; k() { local u=5; u=1 local u; declare -p u; }; k; m() { s=1 declare -x s; declare -p s; }; m; declare -p s 2>&1`},
		{"through-call", `g() { x=1 export x; }; f() { local x=0; g; declare -p x; }; f; declare -p x 2>&1; e() { export a; }; a=1 e; declare -p a; e2() { export b=3; }; b=1 e2; declare -p b; e3() { readonly c; }; c=1 e3; declare -p c; e4() { :; }; d=1 e4; declare -p d 2>&1`},
		{"posix-special", `set -o posix; foo=abc :; declare -p foo; bar=1 eval 'printenv bar'; declare -p bar; a=(1); a=abc :; declare -p a; f() { local l=1; l=abc :; declare -p l; }; f; declare -p l 2>&1`},
	})
}

// declare -g assigns the global variable even where a function's local
// of that name is visible, which it leaves alone.
func TestDeclareGlobalUnderLocalMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"scalar", `f() { local v; g; echo "f:$v"; }; g() { declare -g v=two; echo "g:$v"; }; f; echo "FIN:$v"; v=0; h() { local v=1; declare -gi v+=3; declare -p v; }; h; declare -p v`},
		{"array", `f() { local -a v w; g; echo "f:${v[@]} ${w[@]}"; }; g() { aux=v; declare -ga "$aux=( a b )"; declare -ga w=(c d); echo "g:${v[@]} ${w[@]}"; }; f; echo "FIN:${v[@]} ${w[@]}"; k() { local q=1; declare -gA q=([a]=1); declare -p q; }; k; declare -p q`},
	})
}

// test -v on an array name alone tests element 0; name[@] of a set
// scalar is set.
func TestTestVArrayElementZeroMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"v", `declare -A A; A[a]=1; a[1]=1; [ -v A ] && echo y1; [ -v a ] && echo y2; [[ -v a ]] && echo y3; s=foo; t=; [ -v s[@] ] && echo y4; [[ -v t[*] ]] && echo y5; [ -v u[@] ] && echo y6; [ -v a[@] ] && echo y7; [ -v s[0] ] && echo y9; [ -v s[1] ] && echo y10; A[0]=1; [ -v A ] && echo y11; declare -a e; [ -v e ] && echo y12; declare s2; [ -v s2 ] && echo y13; echo end`},
	})
}

// declare -fp of an undefined function reports it; export -f refuses a
// function name that could not come back from the environment; a POSIX
// shell's . does not fall back to the current directory.
func TestFuncPrintExportSourceMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"declare-fp", `declare -f -p f1 f2; echo $?; declare -Fp f1; echo $?; declare -fF f1; echo $?; typeset -fp f1; echo $?; declare -fp f1=2; echo $?; export -fp f1; echo $?; f1() { :; }; declare -fp f1 f2 f1; echo $?`},
		{"export-f", "function foo=bar\n{\n echo e\n}\nexport -f 'foo=bar'; echo status $?; printenv | grep -c 'foo=bar'\nfunction /bin/echo\n{\n echo bad\n}\nexport -f /bin/echo; echo $?\nfunction a-b { :; }\nexport -f a-b; echo $?"},
		{"posix-source", `echo 'echo hi' > srcme; set -o posix; PATH=/nonexist; command . notthere; echo $?; . srcme; echo $?; . notthere; echo not reached`},
	})
}
