package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash runs the text of a $(…) that it printed back from the parsed
// command, not the text as written, so its line numbers ($LINENO, those
// of error messages, of functions defined there) are those of the printed
// text: "$(if a; then b; fi; c)" is four lines, "if a; then", "    b;",
// "fi; c" …, and a body written over several lines loses its blank and
// comment lines and the newlines after ; && || | & ("a;<nl>b" is "a; b").
// For a body holding a command whose printed layout differs from a
// one-line one (a compound command or a function definition), or written
// over several lines, reprintedComsub prints it as bash does (cmdPrinter),
// parses that text and runs it instead; other bodies run as parsed, their
// lines counted from the source (comsub_lines.go).

// maxComsubTexts bounds the bodies kept by reprintedComsub.
const maxComsubTexts = 1024

// printedComsub is the body of a $(…) as bash prints it back, parsed.
type printedComsub struct {
	stmts []*syntax.Stmt // nil: run the body as parsed
	text  string         // what stmts' positions refer to
}

// reprintedComsub returns the body of cs as bash runs it when its lines
// differ from the source's. Results are kept per node, for the shell
// and its subshells.
func (r *Runner) reprintedComsub(cs *syntax.CmdSubst) (*printedComsub, bool) {
	if cs.Backquotes || len(cs.Stmts) == 0 {
		return nil, false
	}
	return r.reprintedBody(cs, cs.Left, cs.Right, cs.Stmts, "$(")
}

// reprintedProcSubst is reprintedComsub for a <(…) or >(…), whose text
// bash stores printed back the same way (parse_comsub).
func (r *Runner) reprintedProcSubst(ps *syntax.ProcSubst) (*printedComsub, bool) {
	if len(ps.Stmts) == 0 {
		return nil, false
	}
	open := "<("
	if ps.Op == syntax.CmdOut {
		open = ">("
	}
	return r.reprintedBody(ps, ps.OpPos, ps.Rparen, ps.Stmts, open)
}

// reprintedBody is the cached printed body of node n, the substitution
// opened by open at left and closed at right.
func (r *Runner) reprintedBody(n syntax.Node, left, right syntax.Pos, stmts []*syntax.Stmt, open string) (*printedComsub, bool) {
	r.sh.mu.Lock()
	pc, ok := r.sh.comsubText[n]
	r.sh.mu.Unlock()
	if !ok {
		pc = reprintBody(n, left, right, stmts, open, r.curSrc, r.reformatsMemo)
		r.sh.mu.Lock()
		if r.sh.comsubText == nil || len(r.sh.comsubText) >= maxComsubTexts {
			// eval in a loop makes new nodes each time: start again
			r.sh.comsubText = map[syntax.Node]*printedComsub{}
		}
		r.sh.comsubText[n] = pc
		r.sh.mu.Unlock()
	}
	return pc, pc.stmts != nil
}

// reprintBody prints and parses the body of a substitution when it
// needs it.
func reprintBody(n syntax.Node, left, right syntax.Pos, stmts []*syntax.Stmt, open, src string, reformats func(syntax.Node, []*syntax.Stmt) bool) *printedComsub {
	from, to := int(left.Offset()), int(right.Offset())
	if to > len(src) || from >= to || !strings.HasPrefix(src[from:], open) || left.Line() == right.Line() && !reformats(n, stmts) {
		return &printedComsub{}
	}
	// the marks of rewrites stay in the text as parsed
	if body := src[from:to]; strings.Contains(body, "__nash_") || strings.Contains(body, "\x00") {
		return &printedComsub{}
	}
	p := &cmdPrinter{src: src, amount: 4, comsub: true}
	var text string
	if writtenAsParen(src, left) {
		// kept as written, but with the $(…) nested in it printed
		// back, which may change its lines
		text = strings.TrimPrefix(p.rawInside(stmts, posAt(left, uint(len(open))), right), dparenBlank)
		if text == strings.TrimPrefix(withoutDparenBlanks(src[from+len(open):to]), dparenBlank) {
			return &printedComsub{}
		}
	} else {
		if hasAnonFunc(n) {
			// "() cmd", which the parser takes for an anonymous function:
			// left as parsed, to fail as bash's syntax error where it runs
			return &printedComsub{}
		}
		p.list(stmts)
		p.flushDeferred("")
		text = p.sb.String()
	}
	f, ptext, err := parseProgram(text, "")
	if err != nil || len(f.Stmts) == 0 {
		return &printedComsub{}
	}
	return &printedComsub{stmts: f.Stmts, text: ptext}
}

// reformatsMemo is reformats for the body stmts of substitution n, with
// the answers for n and the substitutions nested in it kept in the
// shell's table: each level of a deep nest asks when it runs, and would
// otherwise walk all the levels under it again.
func (r *Runner) reformatsMemo(n syntax.Node, stmts []*syntax.Stmt) bool {
	r.sh.mu.Lock()
	defer r.sh.mu.Unlock()
	if r.sh.reformatsSeen == nil || len(r.sh.reformatsSeen) >= maxReformatsSeen {
		r.sh.reformatsSeen = map[syntax.Node]bool{}
	}
	return reformatsIn(n, stmts, r.sh.reformatsSeen)
}

// maxReformatsSeen bounds the table of reformatsMemo.
const maxReformatsSeen = 1 << 16

// reformatsIn is reformats(stmts) for the body of n, answered from and
// recorded in seen.
func reformatsIn(n syntax.Node, stmts []*syntax.Stmt, seen map[syntax.Node]bool) bool {
	if v, ok := seen[n]; ok {
		return v
	}
	v := reformats(stmts, seen)
	seen[n] = v
	return v
}

// reformats reports whether stmts hold a command bash prints on lines of
// its own (a compound command or a function definition) or a $'…' holding
// a newline, also in a nested
// $(…) or <(…), which bash prints back the same way into the outer text
// (not a `…`, kept as written). seen keeps the answers for the nested
// substitutions.
func reformats(stmts []*syntax.Stmt, seen map[syntax.Node]bool) bool {
	found := false
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				// bash stores a nested $(…) printed back too, so
				// the outer text is as many lines as that one's
				found = !n.Backquotes && reformatsIn(n, n.Stmts, seen)
				return false
			case *syntax.ProcSubst:
				found = reformatsIn(n, n.Stmts, seen)
				return false
			case *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause,
				*syntax.FuncDecl, *syntax.Block, *syntax.Subshell:
				found = true
			case *syntax.SglQuoted:
				// bash's lexer has made $'\n' a quoted newline: the
				// printed text is a line longer
				found = n.Dollar && strings.IndexByte(ansiC(n.Value, false), '\n') >= 0
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// hasAnonFunc reports whether n holds a function definition without a
// name ("() cmd"), which the printer cannot print back.
func hasAnonFunc(n syntax.Node) bool {
	found := false
	walk(n, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name == nil {
			found = true
		}
		return !found
	})
	return found
}

// hasHdocOp reports whether text holds a here-document operator (<< or
// <<-, not a here-string's <<<), or might: a quoted "<<" counts too.
func hasHdocOp(text string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], "<<")
		if k < 0 {
			return false
		}
		i += k + 2
		if i < len(text) && text[i] == '<' {
			i++ // <<<
			continue
		}
		return true
	}
}
