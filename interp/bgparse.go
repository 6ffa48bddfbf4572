package interp

import (
	"bytes"
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
	ok map[*syntax.Stmt]int8
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
	return f, err
}

// stmtIndex maps the offset ranges of f's statements to them.
func stmtIndex(f *syntax.File) map[[2]int]*syntax.Stmt {
	idx := map[[2]int]*syntax.Stmt{}
	syntax.Walk(f, func(n syntax.Node) bool {
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
