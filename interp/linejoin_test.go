package interp

import (
	"strings"
	"testing"
)

func TestMoveLineJoins(t *testing.T) {
	tests := []struct{ in, want string }{
		{"a &\\\n& b", "a &&\\\n b"},
		{"a |\\\n| b", "a ||\\\n b"},
		{"echo $\\\n{\\\n2\\\n}\n", "echo ${2}\\\n\\\n\\\n\n"},
		{"echo $\\\n?", "echo $?\\\n"},
		{"cat <\\\n<\\\nE\nx\nE\n", "cat <<E\\\n\\\n\nx\nE\n"},
		{"cat <<\\\n- E\n\tx\n\tE\n", "cat <<-\\\n E\n\tx\n\tE\n"},
		// the delimiter line of an unquoted body, joined
		{"cat <<E\nx\nE\\\nF\nE\\\n\n", "cat <<E\nx\nE\\\nF\nE\n \n"},
		{"cat <<E\n$\\\n{x}\nE\n", "cat <<E\n${x}\\\n\nE\n"},
		// a comment ends at its newline
		{"a # c \\\nb\n", "a # c  \nb\n"},
		// left alone: inside words, after blanks, quoted, in comments or
		// quoted bodies, an escaped backslash
		{"ec\\\nho a\\\nb", "ec\\\nho a\\\nb"},
		{"a \\\n&& b", "a \\\n&& b"},
		{"echo '&\\\n&' $'&\\\n&'", "echo '&\\\n&' $'&\\\n&'"},
		{"cat <<'E'\n$\\\n{x}\nE\n", "cat <<'E'\n$\\\n{x}\nE\n"},
		{"echo \\\\\n&& b", "echo \\\\\n&& b"},
		{"x=$((1<<\\\n2))", "x=$((1<<2))\\\n"},
		// in ${ }, between any two characters
		{"${u:\\\n-\"$x\"}", "${u:-\\\n\"$x\"}"},
		{"\"${u:\\\n-a}\"", "\"${u:-a}\\\n\""},
		// $'…' and $"…" split after the $
		{"p$\\\n\"$x\"a b", "p$\"$x\"a\\\n b"},
		{"$\\\n'a\\'b' c", "$'a\\'b'\\\n c"},
		{"\"$\\\n\"", "\"$\\\n\""},
		{"$\\\n'a'$\\\n\"b\"", "$'a'\\\n$\"b\"\\\n"},
		{"$\\\n\"$(x)\"", "$\\\n\"$(x)\""},
	}
	for _, tt := range tests {
		got := moveLineJoins(tt.in)
		if got != tt.want {
			t.Errorf("moveLineJoins(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if len(got) != len(tt.in) || strings.Count(got, "\n") != strings.Count(tt.in, "\n") {
			t.Errorf("moveLineJoins(%q) changed the length or the lines: %q", tt.in, got)
		}
	}
}
