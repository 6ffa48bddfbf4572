package interp

import "testing"

// TestAliasParseTimeAgainstBash: aliases are expanded when a line is
// parsed, so a definition affects later lines, not its own, and function
// bodies keep the aliases of their definition.
func TestAliasParseTimeAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"later-lines", "shopt -s expand_aliases\nalias g='echo hi'\ng there\nalias a1='echo one'; a1 2>/dev/null || echo same-line\na1"},
		{"trailing-blank", "shopt -s expand_aliases\nalias e='echo ' x=X y='Y '\ne x x\ne y x"},
		{"recursive", "shopt -s expand_aliases\nalias ll='echo ll:' r='ll' ls='ls -d'\nr a\nalias l2='ll nested'\nl2\nls / >/dev/null && echo ok"},
		{"function-captures", "shopt -s expand_aliases\nalias g='echo hi'\nf() { g in-f; }\nunalias g\nf\ng 2>/dev/null; echo st=$?"},
		{"several-commands", "shopt -s expand_aliases\nalias two='echo a; echo b'\ntwo | cat\nalias q='echo \"quoted\"'\nq; 'q' 2>/dev/null || echo noq"},
		{"lineno-heredoc", "shopt -s expand_aliases\nalias p='echo'\np $LINENO\ncat <<EOT\n$(p heredoc)\nEOT\np $LINENO\nif true; then p in-if $LINENO; fi"},
		{"off-by-default", "alias g='echo hi'\ng 2>/dev/null; echo st=$?"},
	})
}
