package interp

import (
	"errors"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestParseProgramRewrites checks the text parseProgram runs for
// constructs mvdan's parser rejects and bash accepts, and that text that
// parses, or only looks like those constructs, is left alone.
func TestParseProgramRewrites(t *testing.T) {
	tests := []struct{ src, want string }{
		{"((echo a; echo b;); echo c)\n", "(\r(echo a; echo b;); echo c)\n"},
		{"echo $((echo a);(echo b))", "echo $(\r(echo a);(echo b))"},
		{"((echo a;\necho b); echo c)", "(\r(echo a;\necho b); echo c)"},
		{"x=$((echo h) | tr h H)", "x=$(\r(echo h) | tr h H)"},
		{"y=$((1 ? 20 : x+=2))", `y=$(("""1 ? 20 : x+=2"))`},
		{"(( 4 + ))", `((""" 4 + "))`},
		{"echo $(( $(( 1 + )) + 2 ))", `echo $(( $((""" 1 + ")) + 2 ))`},
		{"echo $((echo 3)) $((1+)) '((x y))'", `echo $(("""echo 3")) $(("""1+")) '((x y))'`},
		{"let\necho $?", "\"\"\"let\"\necho $?"},
		{"a; let -- m=3", "a; \"\"\"let\" -- m=3"},
		{"let x=2>f y=1", "\"\"\"let\" x=2>f y=1"},
		{"let x=1 y='a<b' z=$((1<2)) w=(1)+2", "let x=1 y='a<b' z=$((1<2)) w=(1)+2"},
		{"let a+(1)", "\"\"\"let\" a+(1)"},
		{"for (( -- ; ++; -- ))\ndo :; done", "for ((\"\"\" -- \";\"\"\" ++\";\"\"\" -- \"))\ndo :; done"},
		{"for ((;;1+)); do :; done", "for ((;;\"\"\"1+\")); do :; done"},
		{"A[hello world]=x; echo ${b[~]}", `A["""hello world"]=x; echo ${b["""~"]}`},
		{"declare -A a=([six]=6 [foo bar]=1)", `declare -A a=([six]=6 ["""foo bar"]=1)`},
		{"!\necho $?", "{\r! ${-+}; }\necho $?"},
		{"! !", "! {\r! ${-+}; }"},
		{"a=([0x3d]== =y)", `a=([0x3d]="""=" """="y)`},
		{"x; a=1 b=$v local -a w=(1 2)", "x; local ${__nash_envdecl-} a=1 b=$v ${__nash_envdecl-}local -a w=(1 2)"},
		// mvdan reports the next error (a feature of another shell) at the
		// start of the statement holding it: the rewrite still got further
		{"echo ${#:}\nfoo() {\n echo ${c//${$(($#-1))}/x/}\n}", "echo ${__nash_bad_substitution['#:']}\nfoo() {\n echo ${c//${__nash_bad_substitution['$(($#-1))']}/x/}\n}"},
		{"! ! true && echo x", "    true && echo x"},
		{"! ! ! true", "    ! true"},
		{"time ! echo a | cat; echo b", "time {\r! echo a | cat; }; echo b"},
		{"x=( 1 [2]+=7 [k]+= )", "x=( 1 [2]=${__nash_append_elem+=}7 [k]=${__nash_append_elem+=} )"},
		{"echo ${!-posparams} ${!-}", "echo ${__nash_bang_dash-}${!:-posparams} ${!-}"},
		{"echo ${#:%} ${x:1+:2*} ${y::-}", `echo ${#:"""%"} ${x:"""1+":"""2*"} ${y::"""-"}`},
		{`foo[bar\${foo}bie]="doll"`, `foo["""bar\${foo}bie"]="doll"`},
		{`foo[a\ b]=1`, `foo[a\ b]=1`},
		{`echo ${x~} "${a[@]~~[a-z]}" ${!r~~}`, `echo ${x^__nash_toggle_case__} "${a[@]^^__nash_toggle_case__[a-z]}" ${!r^^__nash_toggle_case__}`},
		{`echo "${!_Q@ }"`, `echo "${__nash_bad_substitution['!_Q@ ']}"`},
		{`echo ${##1} "${###[0-9]}" ${##}`, `echo ${__nash_argc#1} "${__nash_argc##[0-9]}" ${##}`},
		{"x=`\"pwd`; echo `'x`", "x=`__nash_bq_error '\"pwd'`; echo `__nash_bq_error ''\\''x'`"},
		{"cat <<$a\n$x\n$a\n", "cat <<__nash_hdoc_unquoted__\\$a\n$x\n__nash_hdoc_unquoted__$a\n"},
		{"cat <<E`x`${y}\n$x\nE`x`${y}\n", "cat <<__nash_hdoc_unquoted__E\\`x\\`'${y}'\n$x\n__nash_hdoc_unquoted__E`x`${y}\n"},
		{"cat <<\"$(x)\"\n$x\n$(x)\n", "cat <<__nash_hdoc_delim__\"\"'$'\"(x)\"\n$x\n__nash_hdoc_delim__$(x)\n"},
		{"cat <<-'\tE'\n\tx\n\t\tE\n\tE\n", "cat <<-__nash_hdoc_delim__'\tE'\n\tx\n\t\tE\n__nash_hdoc_delim__\tE\n"},
		{"cat <<-$a\n\tx\n\t\t$a\n", "cat <<-__nash_hdoc_unquoted__\\$a\n\tx\n\t\t__nash_hdoc_unquoted__$a\n"},
		// an unquoted end after the quotes gets quotes of its own
		{"cat <<\"E$i\"x\n$x\nE$ix\n", "cat <<__nash_hdoc_delim__\"E\"'$'\"i\"x\"\"\n$x\n__nash_hdoc_delim__E$ix\n"},
		{"cat <<E${i}x\n$x\nE${i}x\n", "cat <<__nash_hdoc_unquoted__E'${i}'x\"\"\n$x\n__nash_hdoc_unquoted__E${i}x\n"},
		// a blank or an expansion in backquotes is text too
		{"cat <<E`a $b`\n$x\nE`a $b`\n", "cat <<__nash_hdoc_unquoted__E\\`'a $b'\\`\n$x\n__nash_hdoc_unquoted__E`a $b`\n"},
		// mvdan keeps a backslash that quotes in double quotes: the
		// delimiter line gets it too
		{"cat <<\"\\\\E\"\n$x\n\\E\n", "cat <<__nash_hdoc_delim__\"\\\\E\"\n$x\n__nash_hdoc_delim__\\\\E\n"},
		// the end of the input delimits one that never comes
		{"cat <<E$i\n$x\n", "cat <<__nash_hdoc_unquoted__E\\$i\n$x\n__nash_hdoc_unquoted__E$i\n#\x00here-document-eof\n"},
		// a declaration's redirections move after its words, same length
		{"declare >/dev/null x=1; echo $x", "declare x=1 >/dev/null; echo $x"},
		{"f() { local 2>&1 >/dev/null -r w=$v y; }", "f() { local -r w=$v y 2>&1 >/dev/null; }"},
		{"export x=1 2>/dev/null y=\"a b\" | cat", "export x=1 y=\"a b\" 2>/dev/null | cat"},
		// already valid: untouched
		{"[ a = b ] && echo '[x y]=1'", "[ a = b ] && echo '[x y]=1'"},
		{"echo $(( (1+2) * 3 )); (( x = 1 ))", "echo $(( (1+2) * 3 )); (( x = 1 ))"},
		{"for ((i=0;i<3;i++)); do :; done", "for ((i=0;i<3;i++)); do :; done"},
	}
	for _, tt := range tests {
		checkParsedText(t, tt.src, withSynthQuotes(tt.want))
	}
}

// checkParsedText reports an error when parseProgram fails on src or runs
// a text other than want; it returns the text (empty on failure) and the
// parsed file (nil on failure) for further checks.
func checkParsedText(t *testing.T, src, want string) (string, *syntax.File) {
	t.Helper()
	f, text, err := parseProgram(src, "")
	if err != nil {
		t.Errorf("parseProgram(%q): %v", src, err)
		return "", nil
	}
	if text != want {
		t.Errorf("parseProgram(%q) text = %q, want %q", src, text, want)
	}
	return text, f
}

// TestWrittenText checks that the quotes parseProgram adds are not shown.
func TestWrittenText(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`((""" 4 + "))`, `(( 4 + ))`},
		{`m["""a b"]=1 n["c"]=2`, `m[a b]=1 n["c"]=2`},
		{`for (("""i=0";"""i<1 +";i++))`, `for ((i=0;i<1 +;i++))`},
		{`echo "a" ""`, `echo "a" ""`},
		{`f["""a\"b"]=1 g["""c"]`, `f[a\"b]=1 g[c]`},
		{"x=( 1 [2]=${__nash_append_elem+=}7 )", "x=( 1 [2]+=7 )"},
		{"${x^^__nash_toggle_case__[a-z]} ${y^__nash_toggle_case__} ${z^^}", "${x~~[a-z]} ${y~} ${z^^}"},
		{"${__nash_argc#1} ${__nash_argc##2}", "${##1} ${###2}"},
		{"x=`__nash_bq_error '\"pwd'` `__nash_bq_error ''\\''x'`", "x=`\"pwd` `'x`"},
	} {
		if got := writtenText(withSynthQuotes(tt.in)); got != tt.want {
			t.Errorf("writtenText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// quotes that a script writes are its own
	for _, s := range []string{`n="""$(echo y)"`, `echo '"""doc"""'`, `x=""""`} {
		if got := writtenText(s); got != s {
			t.Errorf("writtenText(%q) = %q, want it unchanged", s, got)
		}
	}
}

// withSynthQuotes writes, in a test table's text, synthQuote for each
// `"""`, the sequence that shows where one goes.
func withSynthQuotes(s string) string { return strings.ReplaceAll(s, `"""`, synthQuote) }

// TestParseProgramErrorPosition checks that a syntax error left after
// rewrites is positioned in the text as written.
func TestParseProgramErrorPosition(t *testing.T) {
	src := "((echo a); echo b)\necho $((echo c);(echo d)) )\n"
	_, _, err := parseProgram(src, "")
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("want a parse error, got %v", err)
	}
	if pe.Pos.Line() != 2 || pe.Pos.Offset() != uint(len(src)-2) || pe.Pos.Col() != 27 {
		t.Errorf("error at line %d col %d offset %d, want line 2 col 27 offset %d",
			pe.Pos.Line(), pe.Pos.Col(), pe.Pos.Offset(), len(src)-2)
	}
}

// TestSurelyBadSubst checks which ${…} texts are taken for bash's bad
// substitutions: only those bash rejects whatever the variables hold, and
// transformations with an unknown operator (judged when expanded).
func TestSurelyBadSubst(t *testing.T) {
	for body, want := range map[string]bool{
		"H*": true, "-3": true, "#:": true, "x:": true, "$NO": true, "1x": true,
		"x y": true, "x[1]a": true, "-3:-${-3}": true, "#/": true, "#+": true, "#=": true,
		"#^": true, "#x-": true, "#x:1": true, "#/x": false, "#+x": false, "#?": false,
		"#*": false, "#x[0]": false, "#1": false, "#:-x": false,
		"x": false, "#": false, "##": false, "#-": false, "#x": false, "10": false,
		"x:-y": false, "x:1:2": false, "x[@]": false, "x/a/b": false, "@": false,
		"!-posparams": false, "!x": false, "x@": true, "x@Z": true, "x[@]@QQ": true, "x@Q": false, "x[1]@a": false, "x,,": false, "x~": false, "x~~": false,
		"!_Q@ ": true, "!x@Z": true, "!x[1]@QQ": true, "!x@": false, "!x@Q": false, "!x@a": false, "!1@ ": true,
	} {
		if got := surelyBadSubst(body); got != want {
			t.Errorf("surelyBadSubst(%q) = %v, want %v", body, got, want)
		}
	}
	_, text, err := parseProgram(`echo "${-3:-${-3}}" ${H*}`, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := writtenText(text); got != `echo "${-3:-${-3}}" ${H*}` {
		t.Errorf("written text of %q is %q", text, got)
	}
}

// TestMayHoldLetClause: the text test that lets most programs skip
// letWordsAt's walk must not miss a let clause.
func TestMayHoldLetClause(t *testing.T) {
	for _, tt := range []struct {
		text string
		want bool
	}{
		{"let x=1", true},
		{"a; let\tx>1", true},
		{"if true; then let y; fi", true},
		{"(let z)", true},
		{"delete x; complete -F f g", false},
		{"outlet x", false},
		{"let", false},
		{"echo let it be", true}, // a false positive costs only the walk
	} {
		if got := mayHoldLetClause(tt.text); got != tt.want {
			t.Errorf("mayHoldLetClause(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
