package interp

import "testing"

// Setting LANG, LC_CTYPE or LC_ALL to a locale that is not installed
// fails in setlocale, and bash keeps the character locale it had: the
// last one set successfully, also across command substitutions and
// declaration builtins. printf's 'c arguments and ${#x} follow it.
func TestMissingLocaleKeepsCurrentMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"c-then-missing", `unset LC_ALL LC_CTYPE; export LANG=C; printf '%d\n' "'À"; export LANG=xx_YY.UTF-8; printf '%d %u\n' "'À" "'À"; x=À; echo ${#x}`},
		{"utf8-then-missing", `unset LC_ALL LC_CTYPE; LANG=C.UTF-8; printf '%d\n' "'À"; LANG=xx_YY.UTF-8; printf '%d\n' "'À"; x=À; echo ${#x}`},
		{"comsub", `unset LC_ALL LC_CTYPE; export LANG=C; echo $(printf %d "'A"); export LANG=xx_YY.UTF-8; echo $(printf %d "'À")`},
		{"declare", `unset LC_ALL LC_CTYPE; declare -x LANG=C.UTF-8; declare LANG=xx_YY.utf8; printf '%d\n' "'À"; f() { local LANG=C; printf '%d\n' "'À"; }; f; printf '%d\n' "'À"`},
		{"codeset-spelling", `unset LC_ALL LC_CTYPE; LANG=C; LANG=C.utf8; x=À; echo ${#x}; LANG=C; LANG=C.UTF8; echo ${#x}; LANG=C; LANG=C.u-t-f-8; echo ${#x}; LANG=C; LANG=c.UTF-8; echo ${#x}`},
		{"float", `unset LC_ALL LC_CTYPE; LANG=C; LANG=xx_YY.UTF-8; printf '%.1f\n' "'À"`},
	})
}

// declare +n ref=value turns the reference off but assigns through it:
// the target gets the value (and any other attributes), the former
// reference keeps the target's name. A local reference in its own scope
// just becomes a plain variable.
func TestDeclarePlusNAssignsThroughMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"global", `bar=one; typeset -n foo=bar; typeset +n foo=other; echo $foo $bar; declare -p foo bar`},
		{"append-and-attrs", `typeset -n r=q; declare +n r+=zz; declare -p r q; typeset -n s=t; declare -x +n s=v; declare -p s t`},
		{"no-value", `bar=one; declare -n foo=bar; declare +n foo; declare -p foo bar`},
		{"local", `bar=one; f() { local -n l=bar; local +n l=in; declare -p l bar; }; f; declare -p bar`},
	})
}

// ${!a[i]} is indirection through the element a[i] (also when a is a
// nameref); only ${!a[@]} and ${!a[*]} list keys. An unset element
// expands to nothing, and set -u names it as !a[i].
func TestIndirectElementMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"elements", `bar=one; one=ONE; x=(bar one); echo "[${!x[0]}]" "[${!x[1]}]" "[${!x[@]}]" "[${!x[*]}]"; declare -A m=([k]=bar); echo "${!m[k]}" "${!m[@]}"`},
		{"nameref", `bar=one; one=ONE; foo=bar; typeset -n foo; echo "[${!foo[0]}]" "[${!foo}]" "[${foo[0]}]"`},
		{"ops", `bar=hello; x=(bar); echo "${!x[0]:1}" "${!x[0]/l/L}" "${#x[0]}" "${!x[4]-def}" "[${!x[4]:+alt}]" "[${!x[3]}]"`},
		{"nounset", `x=(bar); set -u; echo "${!x[4]-d2}"; echo "${!x[1+4]}"; echo after`},
	})
}

// A name reference is a scalar: declare -n NAME[SUB] and declare -n of
// an existing array are errors that leave the variable alone. A reference
// declared without a target takes the first value assigned to it as one.
func TestNamerefScalarAndLateTargetMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"arrays", `typeset -n x[3]=x; echo $?; declare -n a[1]; echo $?; x=(1 2); typeset -n x=y; echo $? ${x[@]}; declare -A m; declare -n m; echo $?; declare "-n" "b[2]=x"; echo $?; f() { local -n x=q; echo $?; declare -p x; }; f`},
		{"late-target", `declare -n s; s="a[1]"; declare -p s; declare -n t; t=t; declare -p t; declare -n u; u+=abc; declare -p u; declare -n w; read w <<< qq; declare -p w; declare -n z; printf -v z %s pp; declare -p z`},
		{"follows", `qux=three; typeset -n ref; ref=qux; echo $ref; unset qux; echo ${ref-unset}; qux=four; echo ${ref-unset}`},
	})
}

// declare -n drops the integer and case attributes; declaring a value
// for a reference that has no target makes it the target, and a value
// that cannot name a variable is an error that leaves the reference.
func TestNamerefDeclareValueMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"attrs", `declare -iux v; declare -n v=foo; declare -p v; declare -l w; declare -n w=bar; declare -p w; declare -i ivar; ivar=4+4; echo $ivar; declare -n ivar=foo; declare -p ivar`},
		{"element", `declare -a bar; declare -n foo="bar[1]"; declare foo=x; declare foo+=y; declare -p bar; declare -A m; declare -n e="m[k]"; declare e=v; declare -p m; declare "foo=w"; declare -n i="bar[1+1]"; declare i=t; declare -p bar`},
		{"target", `f() { typeset -n foo; typeset foo=12345; echo $?; typeset -p foo; typeset -n g; typeset g=bar; typeset -p g; declare -n h; declare h="x[2]"; declare -p h; }; f; declare -n k; declare k=zz; declare -p k; x=5; declare -n m=x; declare m=7; declare -p m x`},
	})
}
