package interp

import (
	"errors"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash expands aliases as it reads: a command is read only after the one
// before it ran, and an alias in command position is replaced by its
// value before the parser sees the words, so a value may open a quote, a
// $( ), a case, or end a command (alias foo="echo 'x" makes `foo y'` one
// word). Once an alias is defined, runAliasRest reads the rest of a
// script that way: one top-level group (a line's commands) at a time,
// parsed only when the groups before it have run, with the aliases in
// it substituted in the text first.

// maxAliasSubsts bounds the substitutions made in one group.
const maxAliasSubsts = 64

// aliasActive reports whether aliases are expanded now.
func (r *Runner) aliasActive() bool {
	return len(r.aliases) > 0 && r.opts.sh(shExpandAliases)
}

// aliasSpan is a substituted value, at [from, to) of the text: its
// first word (to first), which aliasValue expanded already, and any word
// naming the alias itself are not expanded again (bash's guard against
// recursion); the other words of the value are read as any.
type aliasSpan struct {
	from, first, to int
	name            string
}

// aliasText is the rest of a program being read alias by alias: text
// with the substitutions made so far, and the offsets in it of the
// newlines that alias values brought (bash does not count them).
type aliasText struct {
	// text is the start of the rest, where substitutions are made,
	// and tail what follows it: only text is copied when a word is
	// replaced, so the rest is not copied for each alias
	text, tail string
	added      []int
	done       []aliasSpan // substituted values
	chain      int         // offset after a value ending in a blank, or -1
	marks      bool        // the text holds parseProgram's marks (a NUL)
}

// runAliasRest runs text, the rest of a program from the start of a
// line, whose first line is line base+1 of the script, reading it as
// bash does once aliases are defined. It returns at the end of the text,
// or when the shell exits; a syntax error is reported and exits. In an
// eval'd string or a sourced file (not top), an error that abandons a
// command line ends only that line when catch is set (as
// lineAbortCaught does), and is left to the caller otherwise.
func (r *Runner) runAliasRest(text string, base int, name string, top, catch bool) error {
	at := aliasText{tail: text, chain: -1, marks: strings.IndexByte(text, 0) >= 0}
	orig := text // what set -v echoes: the lines as read, before aliases
	oldPasses := r.abortPasses
	switch {
	case top:
		r.abortPasses = abortCaught
	case catch:
		r.abortPasses = abortPassTop
	default:
		r.abortPasses = abortPassAll
	}
	defer func() { r.abortPasses = oldPasses }()
	for r.flow == flowNone {
		g, gEnd, err := r.aliasGroup(&at, name)
		if err == nil && len(g) > 0 {
			// bash reads this line with extglob as it is now, as it
			// reads lines without aliases (Run)
			at.ensure(gEnd)
			if mayHoldExtGlob(at.text[:gEnd]) {
				err = r.extglobParseError(g, name)
			}
		}
		if err != nil {
			rest := orig // (from the line reported on)
			r.echoRead(&orig, at.errorReadLines(err), nil, "")
			// bash shows the line as read, before aliases, and the
			// token it met in the text with them
			var pe syntax.ParseError
			inSubst := !top && inSubstError(err, at.full())
			if errors.As(err, &pe) {
				// (the blank a rewrite put in a "((" that is not
				// arithmetic is a carriage return, which would
				// become a rune of several bytes)
				full := at.full()
				plain := strings.ReplaceAll(full, "("+dparenBlank, "( ")
				tok := decodeRawBytes(tokenAt(encodeRawBytes(plain), int(pe.Pos.Offset())))
				// and ends where the input does, not with the
				// delimiters parseProgram added
				err = tokenError{pe, tok, withoutHdocEOF(full, strings.HasSuffix(orig, "\n"))}
			}
			// the lines of the rest read count from base, for an
			// eval'd text too (whose errors count from r.line)
			line := r.line
			r.lineOff, r.line = base, base+1
			r.reportSyntaxError(err, rest, name)
			r.line = line
			r.exit = 2
			if inSubst && r.substSyntaxExit(err, at.full(), name) {
				// parse_comsub's error unwinds past eval and source
				return reportedError{err}
			}
			if !top {
				return reportedError{err}
			}
			r.flow = flowExit
			r.exitCode = 2
			return nil
		}
		if len(g) == 0 {
			r.echoRead(&orig, 1<<30, nil, "") // blank lines and comments
			r.verboseLine = 1 << 30
			return nil
		}
		at.ensure(gEnd)
		src := at.text[:gEnd]
		last := at.onlyCommentsAfter(gEnd)
		if last {
			src = at.full() // with the marks after the last line
		}
		lines := strings.Count(src, "\n") - countBelow(at.added, gEnd)
		if at.marks {
			lines -= strings.Count(hdocParenInsert, "\n") * strings.Count(src, hdocParenInsert)
		}
		if last {
			lines = 0
			for _, st := range g {
				lines = max(lines, int(st.End().Line()))
			}
		}
		r.echoRead(&orig, lines, g, src)
		r.curSrc, r.lineOff = src, base
		r.aliasTopSrc = src
		r.verboseLine = 1 << 30 // echoed here (echoRead)
		r.warnHdocParen(g)
		r.warnHdocEOF(g, last)
		shift := r.discardShift
		r.runTop(g)
		// the lines after it count from where a ( ) in a pipeline or a
		// command given up left bash's line_number (runTop)
		shift = r.discardShift - shift
		r.verboseLine = 1 << 30
		if last {
			r.echoRead(&orig, 1<<30, nil, "")
			return nil
		}
		base += lines + shift
		at.advance(gEnd)
	}
	return nil
}

// abortPass says which errors that abandon a command line (flowAbort)
// runTop leaves to the eval or source whose text it runs, as bash's
// parse_and_execute catches a DISCARD (the next command runs) but
// rethrows it in a subshell, and one that jumps past it (abortTop).
type abortPass uint8

const (
	abortCaught  abortPass = iota // the top level: runTop ends the line
	abortPassTop                  // only one that passes eval and source
	abortPassAll                  // any (in a subshell)
)

// tokenError is a syntax error in a text other than the one reported:
// text, the lines reported with their aliases substituted, and the token
// the error was met at there.
type tokenError struct {
	syntax.ParseError
	tok, text string
}

func (e tokenError) Unwrap() error { return e.ParseError }

// reportedError is a syntax error already reported where it was found.
type reportedError struct{ error }

func (e reportedError) Unwrap() error { return e.error }

// aliasRestFrom runs the rest of the text being read (r.curSrc), from
// the line group g starts on, as runAliasRest reads it, when aliases are
// expanded now; ran is false, having run nothing, when they are not. A
// syntax error ends the shell at the top level (top), else it is
// returned, reported; catch is runAliasRest's.
func (r *Runner) aliasRestFrom(g []*syntax.Stmt, name string, top, catch bool) (ran bool, err error) {
	if !r.aliasActive() {
		return false, nil
	}
	src, off := r.curSrc, r.lineOff
	err = r.runAliasRest(r.writtenFrom(src, groupLineStart(src, g)), off+int(g[0].Pos().Line())-1, name, top, catch)
	r.lineOff = off
	return true, err
}

// writtenFrom returns the program src as written (asWritten) from the
// line that starts at offset start of src. parseProgram's rewrites read
// the quotes of the text as written, and an alias value may open or close
// a quote (alias q="echo 'x"), which moves them: the text read with
// aliases must be the one without the rewrites, which runAliasRest
// makes again where its text needs them.
func (r *Runner) writtenFrom(src string, start int) string {
	w := r.asWritten(src)
	if w == src {
		return src[start:]
	}
	lines := strings.Count(src[:start], "\n") -
		strings.Count(hdocParenInsert, "\n")*strings.Count(src[:start], hdocParenInsert)
	return w[lineStart(w, lines+1):]
}

// echoRead takes the first n lines off *rest, the text as written still
// to be read, and echoes them under set -v. g, when not nil, is the
// group those lines hold, parsed from src (with its aliases
// substituted): as bash echoes a line when it reads it, the lines read
// inside a $( ) are not echoed and here-document bodies are echoed as
// read (verboseLinesOf).
func (r *Runner) echoRead(rest *string, n int, g []*syntax.Stmt, src string) {
	s := *rest
	end := 0
	for ; n > 0 && end < len(s); n-- {
		i := strings.IndexByte(s[end:], '\n')
		if i < 0 {
			end = len(s)
			break
		}
		end += i + 1
	}
	*rest = s[end:]
	if r.opts.on(optVerbose) && end > 0 {
		text := writtenText(strings.ReplaceAll(s[:end], hdocParenInsert, "\n"))
		if g != nil {
			text = verboseText(strings.SplitAfter(text, "\n"), 1, verboseLinesOf(g, src, text))
		}
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		io.WriteString(r.fds.writer(2), text)
	}
}

// aliasWindow is how much more of the rest ensure moves into text: a
// substitution copies text, so it is kept to about a line or two.
const aliasWindow = 512

// ensure makes text hold at least the first n bytes of the rest (to the
// end of a line), when there are that many.
func (at *aliasText) ensure(n int) {
	if n <= len(at.text) || at.tail == "" {
		return
	}
	k := min(len(at.tail), n-len(at.text)+aliasWindow)
	if i := strings.IndexByte(at.tail[k:], '\n'); i >= 0 {
		k += i + 1
	} else {
		k = len(at.tail)
	}
	at.text += at.tail[:k]
	at.tail = at.tail[k:]
}

// onlyCommentsAfter reports whether the rest holds no command after
// offset n: only blanks, separators and comments (parseProgram's marks).
func (at *aliasText) onlyCommentsAfter(n int) bool {
	for {
		at.ensure(n + 1)
		n = skipSeparators(at.text, n)
		if n < len(at.text) {
			return false
		}
		if at.tail == "" {
			return true
		}
	}
}

// full returns the whole rest, moving it all into text.
func (at *aliasText) full() string {
	at.ensure(len(at.text) + len(at.tail))
	return at.text
}

// errorReadLines is the number of lines of the rest, as written, that
// bash has read when its parser meets err in the text with the aliases
// substituted (set -v echoes them): through the error's line, less the
// newlines alias values brought before it, or all at the end of the
// text.
func (at *aliasText) errorReadLines(err error) int {
	full := at.full()
	pos, incomplete, ok := parseErrorPos(err)
	n := errorReadLines(full, err)
	if !ok || incomplete || n != int(pos.Line()) {
		return 1 << 30
	}
	return n - countBelow(at.added, int(pos.Offset()))
}

// advance drops the first n bytes of the text, which have run.
func (at *aliasText) advance(n int) {
	at.text = at.text[n:]
	var added []int
	for _, a := range at.added {
		if a >= n {
			added = append(added, a-n)
		}
	}
	at.added = added
	// a value that goes on past what ran is still being read: its
	// alias stays guarded (alias x='y<newline>y' y='x')
	done := at.done[:0]
	for _, d := range at.done {
		if d.to > n {
			d.from, d.first, d.to = max(d.from-n, 0), max(d.first-n, 0), d.to-n
			done = append(done, d)
		}
	}
	at.done = done
	at.chain = -1
}

// reparse runs parseProgram's rewrites over the text, reporting whether
// it changed.
func (at *aliasText) reparse(name string) bool {
	_, text, edits, _ := parseProgramEdits(at.full(), name)
	if len(edits) == 0 || text == at.text {
		return false
	}
	move := func(o int) int {
		for _, e := range edits {
			if o >= e.at {
				o += e.n
			}
		}
		return o
	}
	for i, a := range at.added {
		at.added[i] = move(a)
	}
	for i, d := range at.done {
		at.done[i].from, at.done[i].first, at.done[i].to = move(d.from), move(d.first), move(d.to)
	}
	if at.chain >= 0 {
		at.chain = move(at.chain)
	}
	at.text = text
	at.marks = at.marks || strings.IndexByte(text, 0) >= 0
	return true
}

// countBelow counts the offsets in offs below n.
func countBelow(offs []int, n int) int {
	c := 0
	for _, o := range offs {
		if o < n {
			c++
		}
	}
	return c
}

// aliasGroup substitutes the aliases of the text's first group and
// parses it: it returns the group's statements, with their lines those
// of the script, and the offset where the next group starts. No
// statements and no error: the text holds no more commands.
func (r *Runner) aliasGroup(at *aliasText, name string) ([]*syntax.Stmt, int, error) {
	fixed := false
	if r.aliasActive() {
		// the group's first word, read from the text: one parse less
		// for the common line that starts with an alias
		at.ensure(1)
		if from, to := wordAt(at.text, skipSeparators(at.text, 0)); r.isCmdAliasWord(at, from, to) {
			at.substitute(r, from, to)
		}
	}
	for range maxAliasSubsts {
		at.ensure(1)
		g, gEnd, errEnd, err := firstGroup(at.text, at.tail, name)
		from, to, ok := 0, 0, false
		if r.aliasActive() {
			from, to, ok = r.aliasWordIn(at, g, errEnd, err != nil)
		}
		if ok {
			at.substitute(r, from, to)
			continue
		}
		if err != nil && (len(g) == 0 || errEnd < gEnd) {
			if !fixed {
				// a value may hold what only parseProgram reads as
				// bash does
				fixed = true
				if at.reparse(name) {
					continue
				}
			}
			return nil, 0, err
		}
		at.ensure(gEnd)
		fixAddedLines(g, at.added, at.text[:gEnd], at.marks)
		return g, gEnd, nil
	}
	return nil, 0, syntax.ParseError{Filename: name, Text: "too many alias expansions"}
}

// firstGroup parses the first top-level group of head+tail: the
// statements that start on the line where the first one ends. gEnd is
// the offset after the line the group ends on (its here-document bodies
// included); on a syntax error, errEnd is the offset after the last
// statement read completely (0 when none).
func firstGroup(head, tail, name string) (g []*syntax.Stmt, gEnd, errEnd int, err error) {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
	in := io.MultiReader(strings.NewReader(head), strings.NewReader(tail))
	var lastLine uint
	next := -1
	err = stmtsUntil(p, in, func(st *syntax.Stmt) bool {
		if len(g) > 0 && st.Pos().Line() > lastLine {
			next = int(st.Pos().Offset()) - (int(st.Pos().Col()) - 1)
			return false
		}
		g = append(g, st)
		lastLine = st.End().Line()
		return true
	})
	for _, st := range g {
		// after the line, the bodies of all its statements'
		// here-documents (an earlier one's are read only with the line)
		errEnd = max(errEnd, stmtEnd(st))
	}
	errEnd = emptyHdocsEnd(head, tail, g, errEnd)
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		pe.Filename = name
		err = pe
	}
	size := len(head) + len(tail)
	if len(g) == 0 {
		return nil, size, 0, err
	}
	// the group ends with its line: the lines after it, blank or
	// comments, are read with the next one (set -v echoes them then)
	gEnd = size
	if i := indexByteFrom(head, tail, errEnd, '\n'); i >= 0 {
		gEnd = i + 1
	}
	if next >= 0 {
		return g, min(gEnd, next), errEnd, nil
	}
	if err != nil && groupLineOf(err) <= int(lastLine) {
		return g, gEnd, errEnd, err // the error is on the group's line
	}
	if err != nil && cmdAfterOnLine(head, tail, int(g[len(g)-1].End().Offset())) {
		// the command that failed starts on the group's line: bash
		// parses the line's list whole, and runs none of it
		return g, gEnd, errEnd, err
	}
	return g, gEnd, errEnd, nil
}

// stmtsUntil reads the statements of in, giving each to fn until it
// returns false, and returns the syntax error that ended them. mvdan's
// iterator yields once more after a break when the statement came with
// an error, which panics; the statements read by then are what is
// wanted, so that panic ends the reading like the break.
func stmtsUntil(p *syntax.Parser, in io.Reader, fn func(*syntax.Stmt) bool) (err error) {
	defer func() {
		if rec := recover(); rec != nil {
			if e, ok := rec.(error); !ok || !strings.Contains(e.Error(), "range function continued iteration") {
				panic(rec)
			}
		}
	}()
	for st, e := range p.StmtsSeq(in) {
		if e != nil {
			err = e // set now: the panic may come before a return's
			break
		}
		if !fn(st) {
			break
		}
	}
	return err
}

// indexByteFrom is the offset in head+tail of the first c at or after
// off, or -1.
func indexByteFrom(head, tail string, off int, c byte) int {
	if off < len(head) {
		if i := strings.IndexByte(head[off:], c); i >= 0 {
			return off + i
		}
		off = len(head)
	}
	if i := strings.IndexByte(tail[off-len(head):], c); i >= 0 {
		return off + i
	}
	return -1
}

// cmdAfterOnLine reports whether head+tail holds, from offset off to the
// end of its line, more than blanks, separators and a comment.
func cmdAfterOnLine(head, tail string, off int) bool {
	for ; off < len(head)+len(tail); off++ {
		c := byteAt(head, tail, off)
		switch c {
		case ' ', '\t', ';', '&':
			continue
		case '\n', '#':
			return false
		}
		return true
	}
	return false
}

// byteAt is the byte of head+tail at offset off.
func byteAt(head, tail string, off int) byte {
	if off < len(head) {
		return head[off]
	}
	return tail[off-len(head)]
}

// groupLineOf is the line of a syntax error, or a large number.
func groupLineOf(err error) int {
	if pos, _, ok := parseErrorPos(err); ok {
		return int(pos.Line())
	}
	return 1 << 30
}

// stmtEnd is the offset where st ends, its here-document bodies
// included.
func stmtEnd(st *syntax.Stmt) int {
	end := int(st.End().Offset())
	walk(st, func(n syntax.Node) bool {
		if rd, ok := n.(*syntax.Redirect); ok && rd.Hdoc != nil {
			end = max(end, int(rd.Hdoc.End().Offset()))
		}
		return true
	})
	return end
}

// aliasWordIn finds the first word to substitute: after a value ending
// in a blank, the word that follows; else a command name in g, or, when
// the text did not parse, the first word after the statements read
// (errEnd), taken from the text.
func (r *Runner) aliasWordIn(at *aliasText, g []*syntax.Stmt, errEnd int, failed bool) (int, int, bool) {
	if at.chain >= 0 {
		at.ensure(at.chain + 1)
		from, to := wordAt(at.text, at.chain)
		at.chain = -1
		if r.isAliasWord(at, from, to) {
			return from, to, true
		}
	}
	best, bestTo := -1, -1
	for _, st := range g {
		walk(st, func(n syntax.Node) bool {
			if r.deferredAliasSubst(n) {
				return false
			}
			c, ok := n.(*syntax.CallExpr)
			if !ok || len(c.Args) == 0 {
				return true
			}
			from, to := int(c.Args[0].Pos().Offset()), int(c.Args[0].End().Offset())
			if (best < 0 || from < best) && r.isAliasWord(at, from, to) {
				best, bestTo = from, to
			}
			return true
		})
	}
	if failed && best < 0 {
		at.ensure(errEnd + 1)
		from, to := wordAt(at.text, skipSeparators(at.text, errEnd))
		if r.isCmdAliasWord(at, from, to) {
			return from, to, true
		}
		if r.opts.on(optPosix) {
			if from, to, ok := r.substAliasWord(at, errEnd); ok {
				return from, to, true
			}
		}
		return r.cmdAliasWord(at, errEnd)
	}
	return best, bestTo, best >= 0
}

// cmdAliasWord finds, after off, the first word in command position that
// names an alias, for a text that did not parse: a value may open a
// compound command that another alias closes (alias l='for i in 1 2; do'
// d=done, then "l echo $i; d"). Here-document bodies are skipped.
func (r *Runner) cmdAliasWord(at *aliasText, off int) (int, int, bool) {
	at.ensure(off + maxAliasScan)
	text := at.text[:min(len(at.text), off+maxAliasScan)]
	wf, wt, found := 0, 0, false
	for from := skipSeparators(text, off); from < len(text) && !found; {
		// one line at a time, then the bodies of its here-documents
		end := len(text)
		if nl := strings.IndexByte(text[from:], '\n'); nl >= 0 {
			end = from + nl
		}
		cmdWords(text, from, end, func(f, t int) bool {
			if r.isAliasWord(at, f, t) {
				wf, wt, found = f, t, true
			}
			return !found
		})
		from = end + 1
		if ops := hdocOpsIn(text, strings.LastIndexByte(text[:end], '\n')+1, end); len(ops) > 0 {
			h, ok := findHdoc(text, ops[len(ops)-1])
			if !ok || h.term < 0 {
				break
			}
			from = h.term + strings.IndexByte(text[h.term:]+"\n", '\n') + 1
		}
	}
	return wf, wt, found
}

// skipBlankLines skips blanks and newlines after off.
func skipBlankLines(text string, off int) int {
	for off < len(text) && strings.IndexByte(" \t\n", text[off]) >= 0 {
		off++
	}
	return off
}

// isAliasWord reports whether text[from:to] is an unquoted word naming an
// alias, outside what was substituted already.
func (r *Runner) isAliasWord(at *aliasText, from, to int) bool {
	at.ensure(to)
	if from < 0 || to <= from || to > len(at.text) {
		return false
	}
	// bash's reader has dropped the backslash-newlines in it
	w := dropLineJoins(at.text[from:to])
	if strings.ContainsAny(w, "'\"\\$`=") {
		return false
	}
	if _, ok := r.aliases[w]; !ok {
		return false
	}
	for _, d := range at.done {
		if from < d.to && to > d.from && (from < d.first || w == d.name) {
			return false
		}
	}
	return true
}

// isCmdAliasWord is isAliasWord for a word in command position, where
// POSIX mode recognizes reserved words before aliases.
func (r *Runner) isCmdAliasWord(at *aliasText, from, to int) bool {
	if !r.isAliasWord(at, from, to) {
		return false
	}
	return !r.opts.on(optPosix) || !isReservedWord(at.text[from:to])
}

// isReservedWord reports whether w is one of bash's reserved words.
func isReservedWord(w string) bool {
	for _, k := range reservedWords {
		if w == k {
			return true
		}
	}
	return false
}

// skipSeparators skips blanks, newlines, comments and ; & after off.
func skipSeparators(text string, off int) int {
	for off < len(text) {
		switch text[off] {
		case ' ', '\t', '\n', ';', '&':
			off++
		case '#':
			i := strings.IndexByte(text[off:], '\n')
			if i < 0 {
				return len(text)
			}
			off += i + 1
		default:
			return off
		}
	}
	return off
}

// wordAt returns the span of the word starting at off, after blanks.
func wordAt(text string, off int) (int, int) {
	// a backslash-newline is gone before bash's parser reads the word
	for off < len(text) && (text[off] == ' ' || text[off] == '\t' ||
		text[off] == '\\' && off+1 < len(text) && text[off+1] == '\n') {
		if text[off] == '\\' {
			off++
		}
		off++
	}
	end := off
	for end < len(text) && strings.IndexByte(" \t\n;&|()<>", text[end]) < 0 {
		if text[end] == '\\' && end+1 < len(text) && text[end+1] == '\n' {
			end++ // within the word too ("al\<newline>" is "al")
		}
		end++
	}
	return off, end
}

// substitute replaces the alias word text[from:to] by its value.
func (at *aliasText) substitute(r *Runner, from, to int) {
	w := dropLineJoins(at.text[from:to])
	// the aliases whose text holds the word are still being read: bash
	// expands none of them again in its value (alias x='y; y' y='x')
	guard := map[string]bool{w: true}
	for _, d := range at.done {
		if from < d.to && to > d.from {
			guard[d.name] = true
		}
	}
	v := r.aliasValue(w, r.aliases[w], guard)
	ins := v
	if !strings.HasSuffix(v, "\\") {
		// the lines the word's backslash-newlines joined stay lines
		// of the script (LINENO, set -v): joins after the value
		ins += strings.Repeat("\\\n", strings.Count(at.text[from:to], "\\\n"))
	}
	if aliasNeedsSpace(v) {
		ins += " "
	}
	at.text = at.text[:from] + ins + at.text[to:]
	delta := len(ins) - (to - from)
	shift := func(o int) int {
		if o >= to {
			return o + delta
		}
		return o
	}
	for i, a := range at.added {
		at.added[i] = shift(a)
	}
	for i := 0; i < len(v); i++ {
		if v[i] == '\n' {
			at.added = append(at.added, from+i)
		}
	}
	for i, d := range at.done {
		at.done[i].from, at.done[i].first, at.done[i].to = shift(d.from), shift(d.first), shift(d.to)
	}
	_, first := wordAt(ins, 0)
	at.done = append(at.done, aliasSpan{from: from, first: from + first, to: from + len(ins), name: w})
	at.chain = -1
	if endsInBlank(r.aliases[w]) {
		at.chain = from + len(ins)
	}
}

// fixAddedLines takes out of the positions in g the newlines that alias
// values brought and those parseProgram added (fixInsertedLines).
func fixAddedLines(g []*syntax.Stmt, added []int, text string, marks bool) {
	f := &syntax.File{Stmts: g}
	if len(added) > 0 {
		shiftLines(f, added)
	}
	if marks {
		fixInsertedLines(f, text)
	}
}

// aliasTextIncomplete reports whether text, the lines a line-at-a-time
// reader gathered, needs more lines once its aliases are substituted: a
// command left open, a here-document whose delimiter may follow, or a
// line joined to the next.
func (r *Runner) aliasTextIncomplete(text, name string) bool {
	at := aliasText{tail: text, chain: -1, marks: strings.IndexByte(text, 0) >= 0}
	for {
		g, gEnd, err := r.aliasGroup(&at, name)
		if err != nil {
			return syntax.IsIncomplete(err)
		}
		if len(g) == 0 {
			return endsInJoin(text)
		}
		if hasHdoc(g) {
			// parseProgram marks a body the end of the text delimited
			// (aliasGroup's reparse may have made the mark already)
			fixed := at.full()
			if !strings.Contains(fixed, hdocEOFMark) {
				_, fixed, _ = r.parseForMode(fixed, name)
			}
			if n, _ := hdocEOFCount(fixed); n > 0 {
				return true
			}
		}
		if at.onlyCommentsAfter(gEnd) {
			return endsInJoin(text)
		}
		at.advance(gEnd)
	}
}

// hasHdoc reports whether a statement of g has a here-document.
func hasHdoc(g []*syntax.Stmt) bool {
	found := false
	for _, st := range g {
		walk(st, func(n syntax.Node) bool {
			if rd, ok := n.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) {
				found = true
			}
			return !found
		})
	}
	return found
}
