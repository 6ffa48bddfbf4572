package interp

import "testing"

// TestHdocEOFRewrite checks the text parseProgram runs for here-documents
// the end of the input delimits: the delimiter comes after the text (a
// newline first when the last line has none), one mark per
// here-document after all the delimiters, and a closed one is untouched.
func TestHdocEOFRewrite(t *testing.T) {
	const m = hdocEOFMark
	tests := []struct {
		src, want   string
		count, last int
	}{
		{"cat <<EOF\nhi\n", "cat <<EOF\nhi\nEOF\n" + m + "2\n", 1, 2},
		{"cat <<EOF\nhi", "cat <<EOF\nhi\nEOF\n" + m + "2\n", 1, 2},
		{"cat <<'E F'\n$x", "cat <<'E F'\n$x\nE F\n" + m + "2\n", 1, 2},
		{"cat <<-A <<B\n\tx\n", "cat <<-A <<B\n\tx\nA\nB\n" + m + "2\n" + m + "2\n", 2, 2},
		{"cat <<E\nE\n", "cat <<E\nE\n", 0, 0},
	}
	for _, tt := range tests {
		_, text, err := parseProgram(tt.src, "")
		if err != nil {
			t.Errorf("parseProgram(%q): %v", tt.src, err)
			continue
		}
		if text != tt.want {
			t.Errorf("parseProgram(%q) text = %q, want %q", tt.src, text, tt.want)
		}
		if n, last := hdocEOFCount(text); n != tt.count || last != tt.last {
			t.Errorf("hdocEOFCount(%q) = %d, %d, want %d, %d", text, n, last, tt.count, tt.last)
		}
	}
}
