package interp

import "testing"

// [[ =~ ]] reads its right side as glibc's regcomp does: quoted
// characters match themselves outside brackets; inside a bracket
// expression quoting is only removed, so backslashes are members and
// [=c=] and [.c.] still work; unquoted \x is a literal x; . and [^a]
// match a newline; an invalid expression is status 2 with no message.
func TestCondRegexERESyntaxMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"escapes", `[[ x =~ \x ]]; echo $?; [[ x =~ \\x ]]; echo $?; bs='\'; [[ x =~ ${bs}x ]]; echo $?; [[ x =~ $'\\'x ]]; echo $?; [[ 'a.b' =~ a\.b ]]; echo $?; [[ 'a\b' =~ 'a\b' ]]; echo $?; [[ "foo bar" =~ o\ b ]]; echo $?`},
		{"brackets", `[[ "\\" =~ ["."] ]]; echo $?; [[ "\\" =~ [\.] ]]; echo $?; [[ "\\" =~ [\\] ]]; echo $?; [[ x] =~ x[]] ]]; echo $?; [[ x] =~ x[^]] ]]; echo $?; [[ x- =~ x[-] ]]; echo $?; [[ a-b =~ [a-c]-[b] ]]; echo $? $BASH_REMATCH`},
		{"classes", `[[ dog =~ [[=d=]].. ]]; echo $?; [[ dog =~ [[=d=]].[\[=G=][=g=]] ]]; echo $?; [[ dog =~ ['[=d=]'].. ]]; echo $?; [[ dog =~ ([[.d.][.D.]])o(.) ]]; echo $? ${BASH_REMATCH[1]}; [[ a =~ [[:alpha:]] ]]; echo $?`},
		{"newline", `[[ $'a\nb' =~ a.b ]]; echo $?; [[ $'a\nb' =~ ^b ]]; echo $?; [[ $'a\nb' =~ a[^x]b ]]; echo $?`},
		{"intervals", `[[ aa =~ ^a{2}$ ]]; echo $?; [[ aa =~ ^a{1,}$ ]]; echo $?; [[ aa =~ ^a{x}$ ]]; echo $?; [[ a{1 =~ a{1 ]]; echo $?`},
		{"groups", `shopt -s nocasematch; [[ ABC =~ a[b]c ]]; echo $?; shopt -u nocasematch; [[ abc =~ (a)(x)?(c)? ]]; echo "${BASH_REMATCH[@]}" ${#BASH_REMATCH[@]}; re='^[0-9]+$'; [[ 123 =~ $re ]]; echo $?`},
	})
}

// An operand of a [[ ]] arithmetic comparison that is not a valid
// expression is reported with a "[[: " prefix and makes that term false;
// the rest of the conditional still runs.
func TestCondArithErrorMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"status", `[[ 7 -eq 4+ ]]; echo $?; [[ 7 -eq 'x[' ]]; echo $?; [[ 1/0 -eq 7 ]]; echo $?; x='1 +'; [[ $x -eq 1 ]]; echo $?`},
		{"or", `[[ 2+ -eq 7 || 1 -eq 1 ]]; echo $?; [[ 2+ -eq 7 && 1 -eq 1 ]]; echo $?; f() { [[ 1 -lt 2+ ]]; echo in f $?; }; f; echo after $?`},
	})
}

// declare -p double-quotes an associative key holding a shell
// metacharacter, a leading # or ~, or that is @ or * alone.
func TestAssocKeyQuotingMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"keys", `declare -A A=([@]=1 [*]=2 [a=b]=3 ["~x"]=4 ["x~"]=5 ["#a"]=6 [a#]=7 ["^"]=8 ['=']=9 [a@]=10 ["x=~"]=11); declare -p A`},
		{"upper", `declare -Au A; A[@]=foo; declare -p A`},
	})
}

// NAME[SUB] with no value makes NAME an indexed array for declare,
// typeset and local (an associative array stays one); readonly and export
// reject it as an identifier.
func TestDeclareSubscriptNoValueMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"declare", `declare -r c[100]; declare -p c; declare -a d[3]; declare -p d; declare -A A; declare A[x]; declare -p A; s=1; declare s[2]; declare -p s; declare -i u[3]; declare -p u; f() { local b[2]; declare -p b; }; f`},
		{"readonly", `a=(1 2); readonly a[5]; echo $?; export a[1]; echo $?; declare -p a`},
	})
}
