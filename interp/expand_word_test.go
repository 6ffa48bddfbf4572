package interp

import "testing"

// TestWordExpansionAgainstBash covers word-expansion mechanisms measured
// against bash's own test suite (braces, tilde, tilde2, nquote, quote).
func TestWordExpansionAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		// brace expansion is textual: $var{x,y} is $varx $vary
		{"brace-short-param", `var=baz varx=vx vary=vy; echo $var{x,y} ${var}{x,y} "$var"{x,y} $v{a,r}x $var{,x}y $var{x,y}-z; set -- a b; echo $1{0,1}`},
		// the backslash of {Z..a} is an empty word
		{"brace-seq-backslash", `printf '<%s>' {Z..a}; echo`},
		// the word of ${x:-~} inside "…" is quoted: no tilde expansion
		{"tilde-in-dquoted-op", `HOME=/h; x=a; echo "${T:-~}" "${T:-"~"}" ${T:-~} "${x+~}" "${x/a/~}" "$(echo ~)"; echo "${u:=~}" "$u"`},
		// non-assignment words that look like assignments: tilde after =/:
		{"tilde-assignment-word", `HOME=/h; echo a=b:~ a=b:~/x:~ a=~:~ a=:~; set -o posix; echo a=b:~`},
		// here-document bodies: quotes in ${x:-word} stay, $'…' too;
		// patterns still remove their quotes
		{"heredoc-op-word", "V=Aa$'\\01'b x=abc\ncat <<EOF\n${V%a$'\\01'b}\n${none-a$'\\01'b}\n${x/b/'q'}\n${x#'a'}\n${x:+'a'\"b\"}\nEOF"},
		// bytes that are not UTF-8 are characters of their own and survive
		{"invalid-utf8-bytes", `x=$(printf 'a\xffb\xc3'); printf '%s|' "${x^^}" "${x:1:1}" "${x:2}" "${#x}" "${x^}" "${x,,}" "${x:(-1)}" | od -c; x=éa; echo ${x^} ${x^^} ${x:1} ${x^^[a]}`},
		// ${a:=v} expands to the value after -i/-u; ${x-$*} splits as $* does
		{"assign-op-attributes", `declare -i a; echo ${a:=4+3}; declare -u A; A=; echo ${A:=foo}; declare -l L; echo ${L:=ABC}`},
		{"op-word-star", `set "abc" "def ghi" "jkl"; for IFS in "" " " ":"; do printf "<%s>" ${var-$*} ${var-x$*y} "${var-$*}"; echo; done`},
		{"assoc-key-ansi", "declare -A array; array=([$'x\001y\177z']=1); declare -p array"},
		{"dquoted-pattern-quotes", `x=abc; echo "${x/'a'/X}" "${x%'c'}" "${x##'a'*}"`},
	})
}

// TestGlobAgainstBash covers pathname-expansion details from bash's
// glob-test and globstar tests.
func TestGlobAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		// a '[' without ']' in its component is not a pattern
		{"bracket-not-pattern", `touch q; shopt -s nullglob; echo 1 [ a[b "[" [qwe/qwe] x] [q]; x="+(a)"; echo 2 $x; shopt -s failglob; echo 3 [ [a`},
		// a backslash from an expansion before '/' still splits the path
		{"escaped-slash", `mkdir -p tmp/a/b; touch tmp/a/b/c; chmod -r tmp/a; bs=\\; echo ./tmp${bs}/a/b/* ./tm[p]${bs}/a/b/c ./t${bs}mp/a/b/*; chmod +r tmp/a`},
		// **/** is **; a final ** lists its directory without the slash
		// after a pattern, with it after a literal prefix
		{"globstar-forms", `mkdir -p {a,b}/{a,b}/{a,b}; shopt -s globstar; echo **/**; echo **/**/; echo a/**; echo a/**/**; echo **/a/**; echo a*/**; echo */**; echo ./**; echo a/*/**; echo **/a/**/`},
	})
}
