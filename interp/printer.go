package interp

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// cmdPrinter turns a syntax tree back into the canonical text bash prints
// for functions (declare -f, type, set, exported functions): the layout
// of bash's print_cmd.c, with words as they were written in the source
// except that $(…) is re-printed, $'…' becomes '…' and $"…" becomes "…"
// (bash does those three at parse time).
//
// src is the text the tree's positions refer to. The zero value is not
// usable: build one with newCmdPrinter.
type cmdPrinter struct {
	sb     strings.Builder
	src    string
	indent int // current indentation, in spaces
	amount int // indentation added per nesting level

	inFunc     int  // > 0 while printing a function body
	skipIndent int  // the next command does not indent itself
	wasHeredoc bool // a here-document body was just printed
	inConn     int  // > 0 while printing a list or and-or/pipeline
	comsub     bool // printing the body of $(…): keep newlines
	posix      bool // nested function definitions without `function'
	escBytes   bool // $'\u…' stays an escape: the locale is not UTF-8

	bare  map[*syntax.SglQuoted]bool // the $'…' printed unquoted (dqBareAnsi)
	dqBad map[*syntax.ParamExp]bool  // the bad substitutions between double quotes
	// the ${ …;} and ${|…;} between double quotes
	dqFunsub map[*syntax.CmdSubst]bool

	// the bodies and delimiter lines of here-documents waiting for the
	// connector, made when their headers were printed: the text their
	// positions refer to may be another by then (a coproc's, coprocCommand)
	deferred []string
}

func newCmdPrinter(src string) *cmdPrinter {
	return &cmdPrinter{src: src, amount: 4}
}

// funcString prints a function the way bash's named_function_string
// does: "NAME () \n{ \n…\n}" when multiline, "() {  … }" with a
// one-space indentation for the environment (name empty, !multiline).
func (p *cmdPrinter) funcString(name string, body *syntax.Stmt, multiline bool) string {
	if name != "" {
		if isKeyword(name) {
			p.put("function ")
		}
		p.put(name)
		p.put(" ")
	}
	p.put("() ")
	oldIndent, oldAmount := p.indent, p.amount
	if multiline {
		p.put("\n")
		p.indent += p.amount
	} else {
		p.indent, p.amount = 1, 0
	}
	p.inFunc++
	if multiline {
		p.put("{ \n")
	} else {
		p.put("{ ")
	}
	redirs := p.funcBodyInner(body)
	p.flushDeferred("")
	p.indent, p.amount = oldIndent, oldAmount
	p.inFunc--
	p.funcClose(redirs)
	return p.sb.String()
}

// funcBodyInner prints a function body without its braces and returns
// the redirections that apply to the whole body.
func (p *cmdPrinter) funcBodyInner(body *syntax.Stmt) []*syntax.Redirect {
	if b, ok := body.Cmd.(*syntax.Block); ok && !body.Negated && !body.Background {
		p.list(b.Stmts)
		return body.Redirs
	}
	p.stmt(body, nil)
	return nil
}

func (p *cmdPrinter) funcClose(redirs []*syntax.Redirect) {
	if len(redirs) > 0 {
		p.newline("} ")
		p.redirList(redirs, nil)
		return
	}
	p.newline("}")
	p.wasHeredoc = false
}

func (p *cmdPrinter) put(s string) { p.sb.WriteString(s) }

func (p *cmdPrinter) spaces(n int) {
	for ; n > 0; n-- {
		p.sb.WriteByte(' ')
	}
}

// startCmd indents a command unless the previous output asked not to.
func (p *cmdPrinter) startCmd() {
	if p.skipIndent > 0 {
		p.skipIndent--
		return
	}
	p.spaces(p.indent)
}

func (p *cmdPrinter) newline(s string) {
	p.put("\n")
	p.spaces(p.indent)
	p.put(s)
}

// semicolon ends a list before a keyword unless it already ended with
// & or a newline.
func (p *cmdPrinter) semicolon() {
	if n := p.sb.Len(); n > 0 {
		if c := p.sb.String()[n-1]; c == '&' || c == '\n' {
			return
		}
	}
	p.put(";")
}

// list prints a command list: bash's chain of `;', newline and `&'
// connections.
func (p *cmdPrinter) list(stmts []*syntax.Stmt) {
	n := len(stmts)
	if n == 0 {
		return
	}
	if n == 1 && !stmts[0].Background {
		p.stmt(stmts[0], nil)
		return
	}
	p.startCmd()
	p.skipIndent++
	p.inConn++
	for i, s := range stmts {
		p.stmt(s, nil)
		if i > 0 {
			p.flushDeferred("")
		}
		last := i == n-1
		switch {
		case s.Background:
			p.flushDeferred(" &")
			if !last {
				p.put(" ")
				p.skipIndent++
			}
		case !last:
			c := byte('\n')
			if s.Semicolon.IsValid() {
				c = ';'
			}
			p.listSep(c)
		}
	}
	if stmts[n-1].Background {
		p.flushDeferred("")
	}
	p.inConn--
}

// listSep prints the `;' or newline connector between two commands.
func (p *cmdPrinter) listSep(c byte) {
	sep := ";"
	if p.comsub {
		sep = string(c)
	}
	wasNewline := len(p.deferred) == 0 && !p.wasHeredoc && c == '\n'
	if len(p.deferred) == 0 {
		if !p.wasHeredoc {
			p.put(sep)
		} else {
			p.wasHeredoc = false
		}
	} else if p.inFunc > 0 {
		p.flushDeferred("")
	} else {
		p.flushDeferred(";")
	}
	switch {
	case p.inFunc > 0:
		p.put("\n")
	case p.comsub && c == '\n' && !wasNewline:
		p.put("\n")
	default:
		if c == ';' || wasNewline && !p.comsub {
			// bash's parser made the newline a `;' connection
			p.put(" ")
		}
		p.skipIndent++
	}
}

// stmt prints one command with its negation and redirections; extra are
// redirections bash adds (|& becomes 2>&1).
func (p *cmdPrinter) stmt(s *syntax.Stmt, extra []*syntax.Redirect) {
	p.startCmd()
	flags, s := p.timeFlags(s)
	p.put(flags.prefix())
	if s == nil {
		return // a timespec or "!" alone
	}
	redirs := s.Redirs
	switch c := s.Cmd.(type) {
	case nil:
		p.redirList(redirs, extra)
		return
	case *syntax.CallExpr:
		p.callExpr(c)
		if len(redirs) > 0 || len(extra) > 0 {
			if len(c.Args) > 0 || len(c.Assigns) > 0 {
				p.put(" ")
			}
			p.redirList(redirs, extra)
		}
		return
	case *syntax.DeclClause:
		env, c, _ := splitEnvDecl(c)
		for _, a := range env {
			p.assign(a)
			p.put(" ")
		}
		p.put(c.Variant.Value)
		for _, a := range c.Args {
			p.put(" ")
			p.declArg(a)
		}
		if len(redirs) > 0 || len(extra) > 0 {
			p.put(" ")
			p.redirList(redirs, extra)
		}
		return
	case *syntax.LetClause:
		p.letClause(c)
	case *syntax.BinaryCmd:
		p.binary(c)
	case *syntax.Block:
		p.block(c)
	case *syntax.Subshell:
		p.put("( ")
		p.skipIndent++
		p.list(c.Stmts)
		p.flushDeferred("")
		p.put(" )")
	case *syntax.IfClause:
		p.ifClause(c)
	case *syntax.WhileClause:
		if c.Until {
			p.put("until ")
		} else {
			p.put("while ")
		}
		p.skipIndent++
		p.list(c.Cond)
		p.flushDeferred("")
		p.semicolon()
		p.put(" do\n")
		p.indent += p.amount
		p.list(c.Do)
		p.flushDeferred("")
		p.indent -= p.amount
		p.semicolon()
		p.newline("done")
	case *syntax.ForClause:
		p.forClause(c)
	case *syntax.CaseClause:
		p.caseClause(c)
	case *syntax.ArithmCmd:
		p.put("((")
		p.put(writtenText(p.raw(c, posAt(c.Left, 2), c.Right)))
		p.put("))")
	case *syntax.TestClause:
		p.put("[[ ")
		p.cond(c.X)
		p.put(" ]]")
	case *syntax.FuncDecl:
		if l := funcDeclList(c); l != nil {
			p.binary(l.Cmd.(*syntax.BinaryCmd))
		} else {
			p.funcDecl(c)
		}
	case *syntax.TimeClause:
		p.put("time ")
		if c.PosixFormat {
			p.put("-p ")
		}
		if c.Stmt != nil {
			p.skipIndent++
			p.stmt(c.Stmt, nil)
		}
	case *syntax.CoprocClause:
		c, text := coprocCommand(p.src, c)
		name := "COPROC"
		if c.Name != nil {
			name = p.word(c.Name)
		}
		p.put("coproc " + name + " ")
		p.skipIndent++
		src := p.src
		p.src = text // (the command's positions refer to it)
		p.stmt(c.Stmt, nil)
		p.src = src
	default:
		p.put(p.raw(s.Cmd, s.Cmd.Pos(), s.Cmd.End()))
	}
	if len(redirs) > 0 || len(extra) > 0 {
		p.put(" ")
		p.redirList(redirs, extra)
	}
}

func (p *cmdPrinter) callExpr(c *syntax.CallExpr) {
	first := true
	for _, a := range c.Assigns {
		if !first {
			p.put(" ")
		}
		first = false
		p.assign(a)
	}
	for i, w := range c.Args {
		if !first {
			p.put(" ")
		}
		first = false
		if s := p.word(w); i == 0 && s == insertedLet {
			p.put("let") // a let clause as bash reads it (letWordsAt)
		} else {
			p.put(s)
		}
	}
}

func (p *cmdPrinter) declArg(a *syntax.Assign) {
	if a.Naked {
		switch {
		case a.Value != nil && a.Name == nil:
			// writtenText: a bad name was quoted (declNameRewrite)
			p.put(writtenText(p.word(a.Value)))
		default:
			p.put(p.raw(a, a.Pos(), a.End()))
		}
		return
	}
	p.assign(a)
}

// assign prints NAME=value as written; an array value is re-spaced as
// bash does: (a b [3]=c).
func (p *cmdPrinter) assign(a *syntax.Assign) {
	// writtenText: a subscript with blanks was quoted to parse
	// (subscriptRewrite); bash shows it as written
	if a.Array == nil {
		end := a.End()
		if a.Append && a.Value == nil {
			// x+= with no value: mvdan's End stops after the "+"
			end = posAt(end, 1)
		}
		p.put(writtenText(p.raw(a, a.Pos(), end)))
		return
	}
	lhs := p.raw(nil, a.Pos(), a.Array.Lparen)
	if listElemWritten(p.src, int(a.Array.Lparen.Offset())) {
		lhs = strings.TrimSuffix(lhs, "+=") + "="
	}
	p.put(lhs)
	p.put("(")
	for i, e := range a.Array.Elems {
		if i > 0 {
			p.put(" ")
		}
		start := e.Pos()
		if e.Index != nil {
			// the element's position is its index's: step back to the [
			for off := int(start.Offset()) - 1; off >= 0 && off < len(p.src); off-- {
				if p.src[off] == '[' {
					start = syntax.NewPos(uint(off), start.Line(), start.Col())
					break
				}
			}
		}
		p.put(writtenText(p.raw(e, start, e.End())))
	}
	p.put(")")
}

// binary prints a pipeline (see pipeline) or an and-or list (a bash
// connection).
func (p *cmdPrinter) binary(c *syntax.BinaryCmd) {
	if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
		p.pipeline(c)
		return
	}
	p.skipIndent++
	p.inConn++
	p.stmt(c.X, nil)
	if c.Op == syntax.AndStmt {
		p.flushDeferred(" && ")
	} else {
		p.flushDeferred(" || ")
	}
	p.skipIndent++
	p.stmt(c.Y, nil)
	p.flushDeferred("")
	p.inConn--
}

// pipeline prints a | b | c. mvdan's tree leans left, (a | b) | c, but
// bash's grammar builds a | (b | c), and that decides where the bodies of
// a middle command's here-documents go: after the " |" that follows it
// (bash flushes them at each connector and at the end of a connection).
func (p *cmdPrinter) pipeline(c *syntax.BinaryCmd) {
	elems := []*syntax.Stmt{c.Y}
	ops := []syntax.BinCmdOperator{c.Op}
	x := c.X
	for {
		b, ok := x.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.Pipe && b.Op != syntax.PipeAll || x.Negated || len(x.Redirs) > 0 {
			break
		}
		elems, ops = append(elems, b.Y), append(ops, b.Op)
		x = b.X
	}
	elems = append(elems, x)
	p.skipIndent++
	p.inConn++
	for i := len(elems) - 1; i >= 0; i-- {
		var extra []*syntax.Redirect
		if i > 0 && ops[i-1] == syntax.PipeAll {
			extra = []*syntax.Redirect{errToOut}
		}
		p.stmt(elems[i], extra)
		if i > 0 {
			p.flushDeferred(" |")
			p.put(" ")
			p.skipIndent++
		}
	}
	p.flushDeferred("")
	p.inConn--
}

// errToOut stands for the 2>&1 that |& adds to the left command.
var errToOut = &syntax.Redirect{Op: syntax.DplOut, N: &syntax.Lit{Value: "2"}, Word: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "1"}}}}

func (p *cmdPrinter) block(c *syntax.Block) {
	p.put("{ ")
	if p.inFunc == 0 {
		p.skipIndent++
	} else {
		p.put("\n")
		p.indent += p.amount
	}
	p.list(c.Stmts)
	p.flushDeferred("")
	if p.inFunc > 0 {
		p.put("\n")
		p.indent -= p.amount
		p.spaces(p.indent)
	} else {
		p.semicolon()
		p.put(" ")
	}
	p.put("}")
}

func (p *cmdPrinter) ifClause(c *syntax.IfClause) {
	p.put("if ")
	p.skipIndent++
	p.list(c.Cond)
	p.semicolon()
	p.put(" then\n")
	p.indent += p.amount
	p.list(c.Then)
	p.flushDeferred("")
	p.indent -= p.amount
	if e := c.Else; e != nil {
		p.semicolon()
		p.newline("else\n")
		p.indent += p.amount
		if len(e.Cond) > 0 {
			// elif is an if nested in the else branch
			p.startCmd()
			p.ifClause(e)
		} else {
			p.list(e.Then)
		}
		p.flushDeferred("")
		p.indent -= p.amount
	}
	p.semicolon()
	p.newline("fi")
}

func (p *cmdPrinter) forClause(c *syntax.ForClause) {
	switch l := c.Loop.(type) {
	case *syntax.WordIter:
		if c.Select {
			p.put("select ")
		} else {
			p.put("for ")
		}
		p.put(l.Name.Value + " in ")
		if !l.InPos.IsValid() {
			p.put(`"$@"`)
		}
		for i, w := range l.Items {
			if i > 0 {
				p.put(" ")
			}
			p.put(p.word(w))
		}
		p.put(";")
		p.newline("do\n")
	case *syntax.CStyleLoop:
		p.put("for ((")
		p.put(p.arithFor(l))
		p.put("))")
		p.newline("do\n")
	}
	p.indent += p.amount
	p.list(c.Do)
	p.flushDeferred("")
	p.semicolon()
	p.indent -= p.amount
	p.newline("done")
}

// arithFor re-spaces the three expressions of for ((…)) as bash does:
// leading blanks dropped, an empty one printed as 1.
func (p *cmdPrinter) arithFor(l *syntax.CStyleLoop) string {
	text := writtenText(p.raw(l, posAt(l.Lparen, 2), l.Rparen))
	parts := splitArithFor(text)
	var sb strings.Builder
	for i, s := range parts {
		if i > 0 {
			sb.WriteString("; ")
		}
		if s == "" {
			s = "1"
		}
		sb.WriteString(s)
	}
	return sb.String()
}

func splitArithFor(text string) []string {
	var parts []string
	depth := 0
	start := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) {
			switch text[i] {
			case '(', '[', '{':
				depth++
				continue
			case ')', ']', '}':
				depth--
				continue
			case ';':
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		parts = append(parts, strings.TrimLeft(text[start:i], " \t"))
		start = i + 1
	}
	return parts
}

func (p *cmdPrinter) caseClause(c *syntax.CaseClause) {
	p.put("case " + p.word(c.Word) + " in ")
	if len(c.Items) > 0 {
		p.indent += p.amount
		for _, it := range c.Items {
			p.newline("")
			for i, w := range it.Patterns {
				if i > 0 {
					p.put(" | ")
				}
				p.put(p.word(w))
			}
			p.put(")\n")
			p.indent += p.amount
			p.list(it.Stmts)
			p.indent -= p.amount
			p.flushDeferred("")
			switch it.Op {
			case syntax.Fallthrough:
				p.newline(";&")
			case syntax.Resume:
				p.newline(";;&")
			default:
				p.newline(";;")
			}
		}
		p.indent -= p.amount
	}
	p.newline("esac")
}

// funcDecl prints a function defined inside the one being printed.
func (p *cmdPrinter) funcDecl(c *syntax.FuncDecl) {
	if c.Name == nil {
		// mvdan's anonymous function, which bash has not: as written
		p.put(p.raw(c, c.Pos(), c.End()))
		return
	}
	if p.posix {
		p.put(c.Name.Value + " () \n")
	} else {
		p.put("function " + c.Name.Value + " () \n")
	}
	p.spaces(p.indent)
	p.put("{ \n")
	p.inFunc++
	p.indent += p.amount
	redirs := p.funcBodyInner(c.Body)
	p.flushDeferred("")
	p.indent -= p.amount
	p.inFunc--
	p.funcClose(redirs)
}

// cond prints a [[ … ]] expression; a lone word is the -n test.
func (p *cmdPrinter) cond(x syntax.TestExpr) {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.AndTest, syntax.OrTest:
			p.cond(x.X)
			if x.Op == syntax.AndTest {
				p.put(" && ")
			} else {
				p.put(" || ")
			}
			p.cond(x.Y)
		default:
			p.condOperand(x.X)
			p.put(" " + x.Op.String() + " ")
			p.condOperand(x.Y)
		}
	case *syntax.UnaryTest:
		if x.Op == syntax.TsNot {
			// bash's parser toggles a term's inversion flag for each
			// "!": an even number of them prints none
			neg := true
			for {
				inner, ok := x.X.(*syntax.UnaryTest)
				if !ok || inner.Op != syntax.TsNot {
					break
				}
				neg, x = !neg, inner
			}
			if neg {
				p.put("! ")
			}
			p.cond(x.X)
			return
		}
		p.put(unaryOpWritten(x, p.src) + " ")
		p.condOperand(x.X)
	case *syntax.ParenTest:
		p.put("( ")
		p.cond(x.X)
		p.put(" )")
	case *syntax.Word:
		p.put("-n " + p.word(x))
	}
}

func (p *cmdPrinter) condOperand(x syntax.TestExpr) {
	if w, ok := x.(*syntax.Word); ok {
		p.put(p.word(w))
		return
	}
	p.cond(x)
}

func (p *cmdPrinter) redirList(redirs, extra []*syntax.Redirect) {
	var heredocs []*syntax.Redirect
	p.wasHeredoc = false
	all := redirs
	if len(extra) > 0 {
		all = append(append([]*syntax.Redirect(nil), redirs...), extra...)
	}
	for i, rd := range all {
		if rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc {
			p.heredocHeader(rd)
			heredocs = append(heredocs, rd)
		} else {
			p.redir(rd)
		}
		if i < len(all)-1 {
			p.put(" ")
		}
	}
	if len(heredocs) > 0 {
		bodies := make([]string, len(heredocs))
		for i, h := range heredocs {
			bodies[i] = p.heredocText(h)
		}
		if p.inConn > 0 {
			p.deferred = bodies
		} else {
			p.heredocBodies(bodies)
		}
	}
}

// heredocText is the body of here-document h and its delimiter line.
func (p *cmdPrinter) heredocText(h *syntax.Redirect) string {
	return p.heredocBody(h) + heredocDelim(h.Word) + "\n"
}

// heredocBodies prints here-documents' texts (heredocText).
func (p *cmdPrinter) heredocBodies(bodies []string) {
	p.put("\n")
	for _, b := range bodies {
		p.put(b)
	}
	p.wasHeredoc = true
}

// flushDeferred prints the connector cs, then the bodies of the
// here-documents whose headers were printed before it.
func (p *cmdPrinter) flushDeferred(cs string) {
	show := cs != "" && cs != ";"
	if show {
		p.put(cs)
	}
	if len(p.deferred) > 0 {
		p.heredocBodies(p.deferred)
		if show {
			p.put(" ")
		}
		p.wasHeredoc = true
	}
	p.deferred = nil
}

func (p *cmdPrinter) heredocHeader(rd *syntax.Redirect) {
	if rd.N != nil && rd.N.Value != "0" {
		p.put(rd.N.Value)
	}
	p.put(rd.Op.String())
	delim := heredocDelim(rd.Word)
	if heredocQuoted(rd.Word) {
		p.put(singleQuote(delim))
	} else {
		p.put(delim)
	}
}

// heredocBody returns the body as bash stores it: each line ending in a
// newline, leading tabs removed for <<-.
func (p *cmdPrinter) heredocBody(rd *syntax.Redirect) string {
	if rd.Hdoc == nil {
		return ""
	}
	// writtenMarkers: bash keeps the body as written, but the parser
	// read it, and a rewrite may have marked it ($(( 1 # 2 )) quoted)
	body := writtenMarkers(p.raw(nil, rd.Hdoc.Pos(), rd.Hdoc.End()))
	// mvdan's body starts after the backslash of a first line
	// "\<newline>"
	if s := int(rd.Hdoc.Pos().Offset()); s >= 1 && s < len(p.src) && p.src[s-1:s+1] == "\\\n" && (s == 1 || p.src[s-2] == '\n') {
		body = "\\" + body
	}
	if i := strings.LastIndexByte(body, '\n'); i >= 0 {
		body = body[:i+1]
	} else {
		body = ""
	}
	if !heredocQuoted(rd.Word) {
		// bash stores an unquoted body with its line continuations
		// removed
		body = removeLineJoins(body)
	}
	if rd.Op != syntax.DashHdoc {
		return body
	}
	var sb strings.Builder
	for _, line := range strings.SplitAfter(body, "\n") {
		sb.WriteString(strings.TrimLeft(line, "\t"))
	}
	return sb.String()
}

// removeLineJoins removes each backslash-newline of s that is not
// itself escaped by a backslash.
func removeLineJoins(s string) string {
	if !strings.Contains(s, "\\\n") {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] != '\n' {
				sb.WriteString(s[i : i+2])
			}
			i++
			continue
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

func heredocQuoted(w *syntax.Word) bool {
	if hdocUnquoted(w) {
		return false
	}
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			if strings.IndexByte(part.Value, '\\') >= 0 {
				return true
			}
		default:
			return true
		}
	}
	return false
}

// heredocDelim is the delimiter with its quotes removed.
func heredocDelim(w *syntax.Word) string { return hdocDelim(w) }

// redir prints one redirection the way bash's print_redirection does.
func (p *cmdPrinter) redir(rd *syntax.Redirect) {
	target := ""
	if rd.Word != nil {
		target = p.word(rd.Word)
	}
	// fd prints the redirected fd: always, or only when it differs from
	// the operator's default.
	fd := func(def int, always bool) {
		if rd.N != nil {
			if strings.HasPrefix(rd.N.Value, "{") {
				p.put(rd.N.Value)
				return
			}
			if n, err := strconv.Atoi(rd.N.Value); err == nil {
				if always || n != def {
					p.put(strconv.Itoa(n))
				}
				return
			}
		}
		if always {
			p.put(strconv.Itoa(def))
		}
	}
	switch rd.Op {
	case syntax.RdrIn:
		fd(0, false)
		p.put("< " + target)
	case syntax.RdrOut:
		fd(1, false)
		p.put("> " + target)
	case syntax.AppOut:
		fd(1, false)
		p.put(">> " + target)
	case syntax.ClbOut:
		fd(1, false)
		p.put(">| " + target)
	case syntax.RdrInOut:
		if rd.N == nil {
			p.put("0")
		}
		fd(1, false)
		p.put("<> " + target)
	case syntax.WordHdoc:
		fd(0, false)
		p.put("<<< " + target)
	case syntax.RdrAll:
		p.put("&> " + target)
	case syntax.AppAll:
		p.put("&>> " + target)
	case syntax.DplIn, syntax.DplOut:
		def, op := 0, "<&"
		if rd.Op == syntax.DplOut {
			def, op = 1, ">&"
		}
		switch {
		case target == "-":
			fd(def, true)
			p.put(">&-")
		case isDigits(target), len(target) > 1 && strings.HasSuffix(target, "-"):
			fd(def, true)
			p.put(op + target)
		default:
			fd(def, false)
			p.put(op + target)
		}
	default:
		fd(-1, false)
		p.put(rd.Op.String() + " " + target)
	}
}

// word prints a word as written.
func (p *cmdPrinter) word(w *syntax.Word) string {
	return p.raw(w, w.Pos(), w.End())
}

func posAt(pos syntax.Pos, delta uint) syntax.Pos {
	return syntax.NewPos(pos.Offset()+delta, pos.Line(), pos.Col()+delta)
}

// raw returns the source between start and end with bash's parse-time
// rewrites applied to the nodes inside n: $(…) re-printed, $'…' and
// $"…" turned into plain quotes. Backquotes are kept as written.
func (p *cmdPrinter) raw(n syntax.Node, start, end syntax.Pos) string {
	s, e := int(start.Offset()), int(end.Offset())
	if !start.IsValid() || !end.IsValid() || s > e || e > len(p.src) {
		return p.fallback(n)
	}
	if n == nil {
		return decodeRawBytes(withoutDparenBlanks(p.src[s:e]))
	}
	if e > s && e < len(p.src) && p.src[e] == '\n' && oddTrailingBackslashes(p.src[s:e]) {
		// a node mvdan ends inside a backslash-newline (moveLineJoins
		// put one after a word: $\<nl>1 is $1\<nl>): not shown
		e--
	}
	var sb strings.Builder
	var joins joinDropper
	at := s
	if strings.Contains(p.src[s:e], "$'") {
		// kept for the raw calls on the nodes inside n, which do
		// not see the double quotes around them
		for q := range dqBareAnsi(n) {
			if p.bare == nil {
				p.bare = map[*syntax.SglQuoted]bool{}
			}
			p.bare[q] = true
		}
	}
	bare := p.bare
	if strings.Contains(p.src[s:e], "${") {
		p.markDquoted(n)
	}
	walk(n, func(node syntax.Node) bool {
		var repl string
		switch node := node.(type) {
		case *syntax.CmdSubst:
			if node.Backquotes {
				return false
			}
			if node.TempFile || node.ReplyVar {
				// bash 5.2 reads ${ …;} as a ${…}: its text as its
				// parser translated it
				ns, ne := int(node.Pos().Offset()), int(node.End().Offset())
				if ns < at || ne > e || ns > ne {
					return false
				}
				repl = dolbraceText(p.src[ns:ne], p.dqFunsub[node], p.escBytes)
				break
			}
			if writtenAsParen(p.src, node.Left) {
				repl = p.rawInside(node.Stmts, node.Pos(), node.End())
				break
			}
			sub := &cmdPrinter{src: p.src, amount: 4, comsub: true, posix: p.posix, escBytes: p.escBytes}
			sub.list(node.Stmts)
			sub.flushDeferred("")
			repl = "$(" + comsubLead(sub.sb.String()) + ")"
		case *syntax.ProcSubst:
			if writtenAsParen(p.src, node.OpPos) {
				repl = p.rawInside(node.Stmts, node.Pos(), node.End())
				break
			}
			sub := &cmdPrinter{src: p.src, amount: 4, comsub: true, posix: p.posix, escBytes: p.escBytes}
			sub.list(node.Stmts)
			sub.flushDeferred("")
			repl = node.Op.String() + comsubLead(sub.sb.String()) + ")"
		case *syntax.ExtGlob:
			if node.Pattern == nil || node.Pattern.Value != emptyExtglob {
				return false
			}
			repl = node.Op.String() + ")" // as written (emptyExtglobRewrite)
		case *syntax.SglQuoted:
			if !node.Dollar {
				return false
			}
			repl = ansiC(node.Value, p.escBytes)
			if !bare[node] {
				repl = singleQuote(repl)
			}
		case *syntax.ArithmExp:
			// writtenText: arithmetic or a subscript that did not
			// parse was quoted (quoteRegion); bash shows it as written
			if node.X == nil {
				return true
			}
			xs, xe := node.X.Pos(), node.X.End()
			// (the text around the expression, "$((" and blanks,
			// without its backslash-newlines: $[\<nl>5] is $[5])
			around := func(from, to syntax.Pos) string { return strings.ReplaceAll(p.raw(nil, from, to), "\\\n", "") }
			repl = writtenMarkers(around(node.Pos(), xs) + writtenText(p.raw(node.X, xs, xe)) + around(xe, node.End()))
		case *syntax.ParamExp:
			if node.Index == nil && node.Slice == nil {
				return true
			}
			if text, ok := badSubstText(node); ok && node.Param.Value == badSubstName {
				// kept as text: its $'…' translated as bash's parser
				// translates them
				repl = dolbraceText(text, p.dqBad[node], p.escBytes)
				break
			}
			repl = p.paramExp(node)
		case *syntax.DblQuoted:
			if !node.Dollar {
				return true
			}
			ns := int(node.Pos().Offset())
			if ns < at || ns >= e {
				return true
			}
			joins.drop(&sb, writtenMarkers(p.src[at:ns]))
			at = ns + 1 // drop the $
			return true
		default:
			return true
		}
		ns, ne := int(node.Pos().Offset()), int(node.End().Offset())
		if ns < at || ne > e || ns > ne {
			return false
		}
		joins.drop(&sb, writtenMarkers(p.src[at:ns]))
		// printed already: a here-document body in it keeps its
		// backslash-newlines
		sb.WriteString(repl)
		at = ne
		return false
	})
	joins.drop(&sb, writtenMarkers(p.src[at:e]))
	return decodeRawBytes(withoutDparenBlanks(posixQuoteUnmark(sb.String(), "$")))
}

// paramExp prints a parameter expansion with a subscript or a slice,
// each shown as written: one that did not parse was quoted
// (quoteRegion), as ${v:x=} was.
func (p *cmdPrinter) paramExp(node *syntax.ParamExp) string {
	parts := paramArithNodes(node)
	rest := *node
	rest.Index, rest.Slice = nil, nil
	var sb strings.Builder
	at := node.Pos()
	for _, n := range parts {
		if !n.Pos().IsValid() || n.Pos().Offset() < at.Offset() {
			continue
		}
		sb.WriteString(p.raw(nil, at, n.Pos()))
		sb.WriteString(writtenText(p.raw(n, n.Pos(), n.End())))
		at = n.End()
	}
	sb.WriteString(p.raw(&rest, at, node.End()))
	// writtenMarkers: the expansion may be a rewrite's marker
	return writtenMarkers(sb.String())
}

// rawInside is the text from start to end, the span of a substitution
// holding stmts that bash keeps as written (writtenAsParen), with the
// $(…) nested in it printed back: bash read the text as it reads a
// $((…)), whose nested substitutions parse_comsub prints.
func (p *cmdPrinter) rawInside(stmts []*syntax.Stmt, start, end syntax.Pos) string {
	return p.raw(&syntax.Block{Lbrace: start, Rbrace: end, Stmts: stmts}, start, end)
}

// writtenAsParen reports a $(…), <(…) or >(…), opened at open, whose
// body starts with "(": bash's parse_comsub reads it as it reads a
// $((…)), keeping the text as written rather than printing back the
// parsed command.
func writtenAsParen(src string, open syntax.Pos) bool {
	i := int(open.Offset()) + 2
	// (a "$((" read as "$(" and a blank, dparenRewrite's)
	return open.IsValid() && i < len(src) && (src[i] == '(' || src[i] == dparenBlank[0])
}

// dropLineJoins removes backslash-newline pairs outside single quotes,
// as bash's reader does before storing a word.
func dropLineJoins(s string) string {
	if !strings.Contains(s, "\\\n") {
		return s
	}
	var sb strings.Builder
	var d joinDropper
	d.drop(&sb, s)
	return sb.String()
}

// joinDropper is dropLineJoins over a text given in pieces: it knows the
// quotes open at the end of the pieces so far.
type joinDropper struct {
	inSingle, inDouble, inBq bool
	// the quotes open around each $( the text is in, innermost last,
	// with the parentheses open in it: a $( starts afresh, so a single
	// quote in "$(…)" quotes
	outer  []joinQuotes
	parens int
}

// joinQuotes is the state a joinDropper gets back at the ) of a $(.
type joinQuotes struct {
	inSingle, inDouble, inBq bool
	parens                   int
}

// drop writes s to sb without its backslash-newline pairs outside single
// quotes. In backquotes every pair goes, single quotes or not: bash
// reads their text as a string, taking out each one, before it parses it.
func (d *joinDropper) drop(sb *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) && (d.inBq || !d.inSingle) {
			if s[i+1] != '\n' {
				sb.WriteString(s[i : i+2]) // the escaped character changes no quote
			}
			i++
			continue
		}
		switch {
		case d.inBq:
			if c == '`' {
				d.inBq = false
			}
		case d.inSingle:
			if c == '\'' {
				d.inSingle = false
			}
		case c == '$' && i+1 < len(s) && s[i+1] == '(':
			d.outer = append(d.outer, joinQuotes{d.inSingle, d.inDouble, d.inBq, d.parens})
			d.inDouble, d.parens = false, 0
			sb.WriteString("$(")
			i++
			continue
		case c == '(' && !d.inDouble && len(d.outer) > 0:
			d.parens++
		case c == ')' && !d.inDouble && len(d.outer) > 0:
			if d.parens > 0 {
				d.parens--
				break
			}
			o := d.outer[len(d.outer)-1]
			d.outer = d.outer[:len(d.outer)-1]
			d.inSingle, d.inDouble, d.inBq, d.parens = o.inSingle, o.inDouble, o.inBq, o.parens
		case c == '`':
			d.inBq = true
		case c == '\'' && !d.inDouble:
			d.inSingle = true
		case c == '"':
			d.inDouble = !d.inDouble
		}
		sb.WriteByte(c)
	}
}

// fallback prints n with mvdan's printer when its source is unknown.
func (p *cmdPrinter) fallback(n syntax.Node) string {
	if n == nil {
		return ""
	}
	var sb strings.Builder
	syntax.NewPrinter().Print(&sb, n)
	return strings.TrimRight(sb.String(), "\n")
}

// comsubLead is a substitution's printed body as bash's parse_comsub
// keeps it: a space before a leading ( so that $( ( … )) does not read
// back as arithmetic.
func comsubLead(body string) string {
	if strings.HasPrefix(body, "(") {
		return " " + body
	}
	return body
}
