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
		{"cat <<EOF\nhi\n", "cat <<EOF\nhi\nEOF\n" + m, 1, 2},
		{"cat <<EOF\nhi", "cat <<EOF\nhi\nEOF\n" + m, 1, 2},
		{"cat <<'E F'\n$x", "cat <<'E F'\n$x\nE F\n" + m, 1, 2},
		{"cat <<-A <<B\n\tx\n", "cat <<-A <<B\n\tx\nA\nB\n" + m + m, 2, 2},
		{"cat <<E\nE\n", "cat <<E\nE\n", 0, 0},
	}
	for _, tt := range tests {
		text, f := checkParsedText(t, tt.src, tt.want)
		if f == nil {
			continue
		}
		if n, last := hdocEOFCount(text); n != tt.count || last != tt.last {
			t.Errorf("hdocEOFCount(%q) = %d, %d, want %d, %d", text, n, last, tt.count, tt.last)
		}
	}
}

// TestHdocParenRewrite checks that a here-document in a $( ) ends at a
// line starting with its delimiter and holding a ")", only there, and
// that the lines the rewrite adds are left out of the positions.
func TestHdocParenRewrite(t *testing.T) {
	const ins = hdocParenInsert
	tests := []struct {
		src, want string
		lastLine  uint // line of the last statement; 0: a syntax error follows
	}{
		{"x=$(cat <<EOF\na\nEOF)\necho $x\n", "x=$(cat <<EOF\na\nEOF" + ins + ")\necho $x\n", 4},
		{"x=$(cat <<-E | tr a b\n\ta\n\tE ) ; y\nz\n", "x=$(cat <<-E | tr a b\n\ta\n\tE" + ins + " ) ; y\nz\n", 4},
		// a ")" line that does not start with the delimiter is body
		{"x=$(cat <<EOF\na ) b\nEOF\n)\nz\n", "x=$(cat <<EOF\na ) b\nEOF\n)\nz\n", 5},
		// outside $( ) it is body too
		{"(cat <<EOF\nEOF)\nEOF\n)\nz\n", "(cat <<EOF\nEOF)\nEOF\n)\nz\n", 5},
		// the first one's body would otherwise hold the second
		{"a=$(cat <<EOF\n1\nEOF)\nb=$(cat <<EOF\n2\nEOF)\nz\n", "a=$(cat <<EOF\n1\nEOF" + ins + ")\nb=$(cat <<EOF\n2\nEOF" + ins + ")\nz\n", 7},
		// an empty body (no body node), with a syntax error after it
		{"x=$(cat <<E\nE)\nz\nfi\n", "x=$(cat <<E\nE" + ins + ")\nz\nfi\n", 0},
		// the body would run on to a later delimiter line: the $( )
		// left open, or taking in the lines after it
		{"x=$(cat <<E\na\nE)\ncat <<E\nE\nz\n", "x=$(cat <<E\na\nE" + ins + ")\ncat <<E\nE\nz\n", 6},
		{"x=$(cat <<E\na\nE)\ncat <<E\nE\nz\ncase x in\n", "x=$(cat <<E\na\nE" + ins + ")\ncat <<E\nE\nz\ncase x in\n", 0},
	}
	for _, tt := range tests {
		if tt.lastLine == 0 {
			// a syntax error after it: the text is still the one the
			// statements before the error are run from
			if _, text, err := parseProgram(tt.src, ""); err == nil || text != tt.want {
				t.Errorf("parseProgram(%q) = %q, %v, want %q and an error", tt.src, text, err, tt.want)
			}
			continue
		}
		_, f := checkParsedText(t, tt.src, tt.want)
		if f == nil {
			continue
		}
		if got := f.Stmts[len(f.Stmts)-1].Pos().Line(); got != tt.lastLine {
			t.Errorf("parseProgram(%q): last statement on line %d, want %d", tt.src, got, tt.lastLine)
		}
	}
}
