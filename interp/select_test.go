package interp

import "testing"

// select lays its menu out in columns from COLUMNS, shows it again only
// after an empty reply, and ends at EOF with a newline on stdout.
func TestSelectAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"columns", `COLUMNS=30; set -- a bb ccc dddd eeeee f g h i j k l m; select x; do :; done </dev/null 2>&1; echo st=$?`},
		{"wide", `COLUMNS=200; select x in $(seq 1 25); do :; done </dev/null 2>&1`},
		{"reprint", `printf '2\n\nx\n1' | { PS3='> '; select x in a b; do echo "[$x][$REPLY]"; done 2>&1; echo st=$?; }`},
	})
}
