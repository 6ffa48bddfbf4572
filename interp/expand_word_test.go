package interp

import "testing"

// TestWordExpansionAgainstBash covers word-expansion mechanisms measured
// against bash's own test suite (braces, tilde, tilde2, nquote, quote).
func TestWordExpansionAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		// brace expansion is textual: $var{x,y} is $varx $vary
		{"brace-short-param", `var=baz varx=vx vary=vy; echo $var{x,y} ${var}{x,y} "$var"{x,y} $v{a,r}x $var{,x}y $var{x,y}-z; set -- a b; echo $1{0,1}`},
		// the word of ${x:-~} inside "…" is quoted: no tilde expansion
		{"tilde-in-dquoted-op", `HOME=/h; x=a; echo "${T:-~}" "${T:-"~"}" ${T:-~} "${x+~}" "${x/a/~}" "$(echo ~)"; echo "${u:=~}" "$u"`},
		// non-assignment words that look like assignments: tilde after =/:
		{"tilde-assignment-word", `HOME=/h; echo a=b:~ a=b:~/x:~ a=~:~ a=:~; set -o posix; echo a=b:~`},
		// here-document bodies: quotes in ${x:-word} stay, $'…' too;
		// patterns still remove their quotes
		{"heredoc-op-word", "V=Aa$'\\01'b x=abc\ncat <<EOF\n${V%a$'\\01'b}\n${none-a$'\\01'b}\n${x/b/'q'}\n${x#'a'}\n${x:+'a'\"b\"}\nEOF"},
		{"dquoted-pattern-quotes", `x=abc; echo "${x/'a'/X}" "${x%'c'}" "${x##'a'*}"`},
	})
}
