package interp

import (
	"bytes"
	"fmt"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// bgParses remembers, for the shell, which statements a nash started for
// an asynchronous command can find again by parsing their source text
// (bgstate.go): a statement is handed over as an offset range, and
// parsing the text again must give the same statement there.
type bgParses struct {
	mu    sync.Mutex
	files map[string]*bgParsed // by source text
	// ok holds each statement's answer: parsed again in bash's mode
	// (1), in POSIX mode (2), not found (-1)
	ok    map[*syntax.Stmt]int8
	snips map[*syntax.Stmt]snipResult
}

type bgParsed struct {
	posix bool
	idx   map[[2]int]*syntax.Stmt // nil: the text does not parse
}

// verify reports whether parsing text gives st again at its offsets, and
// in which mode (POSIX or not) the text was parsed.
func (b *bgParses) verify(st *syntax.Stmt, text string) (posix, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.files == nil {
		b.files, b.ok = map[string]*bgParsed{}, map[*syntax.Stmt]int8{}
	}
	p := b.files[text]
	if p == nil {
		p = &bgParsed{}
		if f, err := parseAgain(text, false); err == nil {
			p.idx = stmtIndex(f)
		}
		b.files[text] = p
	}
	if v := b.ok[st]; v != 0 {
		return v == 2, v > 0
	}
	same := func() bool {
		again := p.idx[[2]int{int(st.Pos().Offset()), int(st.End().Offset())}]
		return again != nil && printed(again) == printed(st)
	}
	ok = p.idx != nil && same()
	if !ok {
		// the text may have been read in POSIX mode
		if f, err := parseAgain(text, true); err == nil {
			old := p.idx
			p.idx, p.posix = stmtIndex(f), true
			if ok = same(); !ok {
				p.idx, p.posix = old, false
			}
		}
	}
	switch {
	case !ok:
		b.ok[st] = -1
	case p.posix:
		b.ok[st] = 2
	default:
		b.ok[st] = 1
	}
	return p.posix, ok
}

// parseAgain parses a source text as the shell parsed it.
func parseAgain(text string, posix bool) (*syntax.File, error) {
	parse := parseProgram
	if posix {
		parse = parsePosixProgram
	}
	f, _, err := parse(text, "")
	if err != nil && !posix && strings.Contains(text, dparenBlank) {
		// text is a program as parseProgram rewrote it: parsed whole
		// again, its blanks would be taken for raw bytes of the script
		if f2, err2 := parseBash(text, ""); err2 == nil {
			return f2, nil
		}
	}
	return f, err
}

// stmtIndex maps the offset ranges of f's statements to them.
func stmtIndex(f *syntax.File) map[[2]int]*syntax.Stmt {
	idx := map[[2]int]*syntax.Stmt{}
	walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			k := [2]int{int(st.Pos().Offset()), int(st.End().Offset())}
			if _, dup := idx[k]; !dup {
				idx[k] = st
			}
		}
		return true
	})
	return idx
}

func printed(n syntax.Node) string {
	var buf bytes.Buffer
	if err := syntax.NewPrinter().Print(&buf, n); err != nil {
		return "\x00" + err.Error()
	}
	return buf.String()
}

// snipResult is a statement's snippet (see bgParses.snippet).
type snipResult struct {
	text      string
	line, col int
	posix, ok bool
}

// snippet returns the text of st alone, cut from src (over the bodies of
// its here-documents): a nash started for a job parses that, after
// prefixText's blank lines and columns, instead of all of src (a large
// script's functions are parsed only when called). ok is false when the
// snippet does not parse back to st.
func (b *bgParses) snippet(st *syntax.Stmt, src string) (snipResult, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.snips == nil {
		b.snips = map[*syntax.Stmt]snipResult{}
	}
	if r, seen := b.snips[st]; seen {
		return r, r.ok
	}
	r := snipResult{line: int(st.Pos().Line()), col: int(st.Pos().Col())}
	from := int(st.Pos().Offset())
	want := printed(st)
try:
	for _, to := range snippetEnds(st, src) {
		if from >= to || to > len(src) {
			continue
		}
		for _, posix := range []bool{false, true} {
			got, err := parseSnippet(prefixText(r.line, r.col)+src[from:to], posix)
			if err == nil && got.Pos().Line() == st.Pos().Line() && printed(got) == want {
				r.text, r.posix, r.ok = src[from:to], posix, true
				break try
			}
		}
	}
	if !r.ok {
		r.text = ""
	}
	b.snips[st] = r
	return r, r.ok
}

// snippetEnds are where st's text may end in src: at its end, or, with
// here-documents, one or two lines past their bodies' end (the
// delimiter's line).
func snippetEnds(st *syntax.Stmt, src string) []int {
	end, hdoc := int(st.End().Offset()), false
	walk(st, func(n syntax.Node) bool {
		if n == nil {
			return true
		}
		if rd, ok := n.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) {
			hdoc = true
		}
		if e := int(n.End().Offset()); e > end {
			end = e
		}
		return true
	})
	if !hdoc {
		return []int{end}
	}
	var ends []int
	for range 2 {
		i := strings.IndexByte(src[min(end, len(src)):], '\n')
		if i < 0 {
			return append(ends, len(src))
		}
		end += i + 1
		ends = append(ends, end)
	}
	return ends
}

// prefixText puts the text that follows it at line and col.
func prefixText(line, col int) string {
	return strings.Repeat("\n", max(line-1, 0)) + strings.Repeat(" ", max(col-1, 0))
}

// parseSnippet parses a snippet's text, which must hold one statement.
func parseSnippet(text string, posix bool) (*syntax.Stmt, error) {
	f, err := parseAgain(text, posix)
	if err != nil {
		return nil, err
	}
	if len(f.Stmts) != 1 {
		return nil, fmt.Errorf("%d statements in a snippet", len(f.Stmts))
	}
	return f.Stmts[0], nil
}

// lazyBody is a function body handed to a job's nash as a snippet, which
// it parses when the function is first used: a large script's functions
// would otherwise all be parsed for each job.
type lazyBody struct {
	once  sync.Once
	parse func() (*syntax.Stmt, string)
	body  *syntax.Stmt
	src   string
}

// load gives f its body and source text when they are still to be parsed
// (lazyBody); every reader of f.body outside of a call calls it first.
func (f *funcDef) load() {
	l := f.lazy
	if l == nil {
		return
	}
	l.once.Do(func() { l.body, l.src = l.parse() })
	if f.body != l.body {
		f.body, f.src = l.body, l.src
	}
}
