package interp

import (
	"strings"
	"unicode/utf8"
)

// helpListing lays out help's list of topics as bash's
// show_builtin_command_help: two columns, each half of default_columns
// (at most 128), the topics running down the first column then the
// second, each synopsis after a space, or a '*' for a disabled builtin,
// and cut with a '>' where it would fill its column.
func (r *Runner) helpListing(sb *strings.Builder) {
	width := r.selectColumns() / 2
	if width > 128 {
		width = 128
	}
	if width <= 3 {
		width = 40
	}
	n := len(helpTopics)
	height := (n + 1) / 2
	wide := r.utf8Locale()
	for i := 0; i < height; i++ {
		col := r.helpColumn(i, width, wide, true)
		sb.WriteString(col)
		if i<<1 >= n || i+height >= n {
			sb.WriteByte('\n')
			continue
		}
		sb.WriteString(strings.Repeat(" ", max(width-len(col), 0)))
		sb.WriteString(r.helpColumn(i+height, width, wide, false) + "\n")
	}
}

// helpColumn is topic i's synopsis cut to its column as bash's dispcolumn
// (bytes, a single-byte locale) or wdispcolumn (characters) does it; the
// second column is cut one place sooner. The synopses are ASCII, so a
// character is a byte and a column.
func (r *Runner) helpColumn(i, width int, wide, first bool) string {
	t := helpTopics[i]
	flag := " "
	if r.disabled != nil && r.disabled[t.name] {
		flag = "*"
	}
	doc := strings.NewReplacer("\n", " ", "\t", " ").Replace(t.synopsis)
	if !wide || !utf8.ValidString(doc) {
		// strncpy into a buffer of width-2 (width-3) bytes whose last
		// byte becomes '>'
		keep := width - 3
		if !first {
			keep = width - 4
		}
		if len(doc) >= keep {
			return flag + doc[:keep] + ">"
		}
		return flag + doc
	}
	chars := min(len(doc), width-2) // wcsnwidth of ASCII
	if chars+1 < width-2 {
		return flag + doc
	}
	if first {
		return flag + doc[:chars-1] + ">"
	}
	return flag + doc[:chars-2] + ">"
}
