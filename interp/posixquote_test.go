package interp

import "testing"

// TestPosixQuoteRewrite checks which single quotes the POSIX-mode scan
// takes for ordinary characters: only those in the word of a
// double-quoted ${x-word} (and =, ?, +, with or without ":").
func TestPosixQuoteRewrite(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`echo "${x+'}'z}"`, `echo "${x+"'"""}'z}"`},
		{`echo "${x:-'a'}" '${x+'"'"`, `echo "${x:-"'"""a"'"""}" '${x+'"'"`},
		{`echo "${x#'a'}" "${x%'b'}" "${x/'c'/d}" ${x+'e'}`, ""},
		{`echo "$(echo ${x+'a'})" "${x+"'a'"}"`, ""},
		{"# \"${x+'a'}\"\necho \"${a[1]:='b'}\"", "# \"${x+'a'}\"\necho \"${a[1]:=\"'\"\"\"b\"'\"\"\"}\""},
		{"cat <<E\n\"${x+'a'}\"\nE\necho \"${x?'b'}\"", "cat <<E\n\"${x+'a'}\"\nE\necho \"${x?\"'\"\"\"b\"'\"\"\"}\""},
		{"echo \\\"${x+'a'}\\\" `echo \"${x+'a'}\"`", ""},
		{`echo $'"${x+\'}' "${x+${y-'a'}}"`, `echo $'"${x+\'}' "${x+${y-"'"""a"'"""}}"`},
	} {
		got, _, ok := posixQuoteRewrite(tt.in)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("posixQuoteRewrite(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
