package corpus

import (
	"bytes"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Diff is one difference between two results of the same case.
type Diff struct {
	What string // "exit", "stdout", "stderr", "files" or "timeout"
	Text string // human-readable explanation, possibly multi-line
}

// maxDiffLines bounds the lines of one rendered text diff.
const maxDiffLines = 40

// Compare returns the differences between result a (labelled la) and
// result b (labelled lb); none means the runs are identical.
func Compare(la string, a *Result, lb string, b *Result) []Diff {
	var diffs []Diff
	if a.TimedOut != b.TimedOut {
		diffs = append(diffs, Diff{"timeout", fmt.Sprintf("%s timed out: %v, %s timed out: %v", la, a.TimedOut, lb, b.TimedOut)})
	}
	if a.Exit != b.Exit || a.Signal != b.Signal {
		diffs = append(diffs, Diff{"exit", fmt.Sprintf("exit status: %s %s, %s %s", la, status(a), lb, status(b))})
	}
	if !bytes.Equal(a.Stdout, b.Stdout) {
		diffs = append(diffs, Diff{"stdout", TextDiff(la+" stdout", a.Stdout, lb+" stdout", b.Stdout)})
	}
	if !bytes.Equal(a.Stderr, b.Stderr) {
		diffs = append(diffs, Diff{"stderr", TextDiff(la+" stderr", a.Stderr, lb+" stderr", b.Stderr)})
	}
	if t := compareFiles(la, a.Files, lb, b.Files); t != "" {
		diffs = append(diffs, Diff{"files", t})
	}
	return diffs
}

func status(r *Result) string {
	s := strconv.Itoa(r.Exit)
	if r.Signal != "" {
		s += " (" + r.Signal + ")"
	}
	if r.TimedOut {
		s += " (timed out)"
	}
	return s
}

func compareFiles(la string, a []Entry, lb string, b []Entry) string {
	var sb strings.Builder
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j >= len(b) || (i < len(a) && a[i].Path < b[j].Path):
			fmt.Fprintf(&sb, "only in %s: %s (%s)\n", la, a[i].Path, describe(a[i]))
			i++
		case i >= len(a) || b[j].Path < a[i].Path:
			fmt.Fprintf(&sb, "only in %s: %s (%s)\n", lb, b[j].Path, describe(b[j]))
			j++
		default:
			x, y := a[i], b[j]
			switch {
			case x.Kind != y.Kind:
				fmt.Fprintf(&sb, "%s: %s is %s, %s is %s\n", x.Path, la, describe(x), lb, describe(y))
			case x.Mode != y.Mode:
				fmt.Fprintf(&sb, "%s: mode %s %04o, %s %04o\n", x.Path, la, uint32(x.Mode.Perm())|specialBits(x), lb, uint32(y.Mode.Perm())|specialBits(y))
			}
			if x.Kind == y.Kind && x.Target != y.Target {
				fmt.Fprintf(&sb, "%s: symlink target %s %q, %s %q\n", x.Path, la, x.Target, lb, y.Target)
			}
			if x.Kind == y.Kind && !bytes.Equal(x.Data, y.Data) {
				fmt.Fprintf(&sb, "%s: content differs\n", x.Path)
				sb.WriteString(indent(TextDiff(la+" "+x.Path, x.Data, lb+" "+y.Path, y.Data)))
			}
			i++
			j++
		}
	}
	return sb.String()
}

func specialBits(e Entry) uint32 {
	var s uint32
	if e.Mode&fs.ModeSetuid != 0 {
		s |= 0o4000
	}
	if e.Mode&fs.ModeSetgid != 0 {
		s |= 0o2000
	}
	if e.Mode&fs.ModeSticky != 0 {
		s |= 0o1000
	}
	return s
}

func describe(e Entry) string {
	switch e.Kind {
	case 'f':
		return fmt.Sprintf("file, %d bytes", len(e.Data))
	case 'd':
		return "directory"
	case 'l':
		return "symlink to " + strconv.Quote(e.Target)
	case 'p':
		return "fifo"
	case 's':
		return "socket"
	}
	return "special file"
}

func indent(s string) string {
	if s == "" {
		return s
	}
	lines := strings.SplitAfter(s, "\n")
	var sb strings.Builder
	for _, l := range lines {
		if l != "" {
			sb.WriteString("    " + l)
		}
	}
	return sb.String()
}

// TextDiff renders a unified-style diff of two texts: a header naming both
// sides, then hunks of differing lines with two lines of context. Lines
// with control characters or invalid UTF-8 are shown quoted, and a missing
// final newline is marked. Output is bounded to about maxDiffLines lines.
func TextDiff(na string, a []byte, nb string, b []byte) string {
	la, lb := splitLines(a), splitLines(b)
	ops := diffLines(la, lb)
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", na, nb)
	const ctx = 2
	n := 0
	// Walk the edit script, printing hunks around changes.
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		start := k - ctx
		if start < 0 {
			start = 0
		}
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			// Run of equal lines: does another change follow closely?
			e := end
			for e < len(ops) && ops[e].kind == ' ' {
				e++
			}
			if e < len(ops) && e-end <= 2*ctx {
				end = e
				continue
			}
			end += ctx
			if end > len(ops) {
				end = len(ops)
			}
			break
		}
		fmt.Fprintf(&sb, "@@ -%d +%d @@\n", ops[start].ai+1, ops[start].bi+1)
		for _, op := range ops[start:end] {
			if n >= maxDiffLines {
				sb.WriteString("... (diff truncated)\n")
				return sb.String()
			}
			sb.WriteByte(op.kind)
			sb.WriteString(showLine(op.text))
			sb.WriteByte('\n')
			n++
		}
		k = end
	}
	return sb.String()
}

type editOp struct {
	kind   byte // ' ', '-', '+'
	text   string
	ai, bi int // line index in a and b at this op
}

func splitLines(b []byte) []string {
	if len(b) == 0 {
		return nil
	}
	lines := strings.SplitAfter(string(b), "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

func showLine(l string) string {
	body, nl := strings.CutSuffix(l, "\n")
	s := body
	if !utf8.ValidString(body) || strings.ContainsFunc(body, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7f }) {
		s = strconv.Quote(body)
	}
	if !nl {
		s += "\n\\ No newline at end"
	}
	return s
}

// diffLines computes a line edit script from a to b: common prefix and
// suffix are trimmed, the middle is diffed by longest common subsequence
// when small enough, else replaced wholesale.
func diffLines(a, b []string) []editOp {
	var ops []editOp
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	for i := 0; i < p; i++ {
		ops = append(ops, editOp{' ', a[i], i, i})
	}
	ma, mb := a[p:len(a)-s], b[p:len(b)-s]
	if len(ma)*len(mb) <= 4_000_000 {
		// LCS table on the middle part.
		n, m := len(ma), len(mb)
		t := make([][]int32, n+1)
		for i := range t {
			t[i] = make([]int32, m+1)
		}
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					t[i][j] = t[i+1][j+1] + 1
				} else if t[i+1][j] >= t[i][j+1] {
					t[i][j] = t[i+1][j]
				} else {
					t[i][j] = t[i][j+1]
				}
			}
		}
		i, j := 0, 0
		for i < n || j < m {
			switch {
			case i < n && j < m && ma[i] == mb[j]:
				ops = append(ops, editOp{' ', ma[i], p + i, p + j})
				i++
				j++
			case j >= m || (i < n && t[i+1][j] >= t[i][j+1]):
				ops = append(ops, editOp{'-', ma[i], p + i, p + j})
				i++
			default:
				ops = append(ops, editOp{'+', mb[j], p + i, p + j})
				j++
			}
		}
	} else {
		for i, l := range ma {
			ops = append(ops, editOp{'-', l, p + i, p})
		}
		for j, l := range mb {
			ops = append(ops, editOp{'+', l, p + len(ma), p + j})
		}
	}
	for k := 0; k < s; k++ {
		ops = append(ops, editOp{' ', a[len(a)-s+k], len(a) - s + k, len(b) - s + k})
	}
	return ops
}
