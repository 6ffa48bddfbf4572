package interp

import (
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stdinParseName, given as the name of eval'd text, reports its syntax
// errors as bash's parser does for text it was given no name for.
const stdinParseName = "stdin"

// reportSyntaxError prints a parse error in bash's words. The exact token
// bash names is reconstructed from the parser's position where possible;
// nash normally hands unparsable input to the real bash before this is
// needed (see cmd/nash). keepStatus reports an error that bash words
// itself without going through its generic syntax-error path (a malformed
// [[ ]] expression): reading a script, bash then stops without setting $?
// to 2, so the shell exits with the status it had.
func (r *Runner) reportSyntaxError(err error, src, name string) (keepStatus bool) {
	return r.reportSyntaxErrorLines(err, src, name, 0, 0)
}

// reportSyntaxErrorLines is reportSyntaxError for the errors of src's
// lines from through to (to 0: to the end): of the real bash's messages
// about src, those of other lines (already reported) are left out.
func (r *Runner) reportSyntaxErrorLines(err error, src, name string, from, to int) (keepStatus bool) {
	if errors.As(err, new(reportedError)) {
		return false
	}
	r.pairEOF = false
	label := "eval"
	if name == stdinParseName {
		// eval'd text bash's parser has no name for (mapfile's
		// callback): its errors call it "stdin" (yy_input_name)
		name, label = "eval", stdinParseName
	}
	var pe syntax.ParseError
	prefix := r.errName()
	isTrap := strings.HasSuffix(name, "trap") // "exit trap", "trap", ...
	cmdString := r.sh.cmdString && len(r.calls) == 0 && name != "eval" && name != "alias" && !isSubstErrName(name) && !isTrap
	if cmdString {
		prefix = r.arg0 + ": -c"
	}
	if name == "eval" {
		prefix = r.errName()
	}
	if isTrap {
		prefix = r.errName() + ": " + name
	}
	off := r.lineOff // added to the lines of src
	if isSubstErrName(name) {
		// text bash parses when it runs it: lines from the command's
		prefix, off = r.errName()+": "+name, r.line-1
	}
	isParse := errors.As(err, &pe)
	var le syntax.LangError
	if !isParse && !errors.As(err, &le) {
		r.writeErrLine(prefix + ": " + err.Error())
		return false
	}
	if isParse {
		if next, ok := emptyCondTerm(pe, src); ok && !r.sh.condErrSeen {
			r.sh.condErrSeen = true
			return true
		} else if ok {
			pe.Pos, err = next, pe
		}
	}
	base := off
	if name == "eval" {
		base = r.line - 1
		if endsInLineJoin(src) {
			// bash's eval reads the joined line's missing next line
			// before it finds the end: one more line
			base++
		}
	}
	if prefix == r.errName() && name == "eval" {
		prefix += ": " + label
	}
	// an interactive shell reading its commands (bash's parser_error
	// with interactive set) names itself only, and does not quote the
	// offending line; so does its eval, which leaves interactive set
	// (unlike source, a trap action or a subshell)
	reading := r.sh.interactiveCmds && (name == "" || name == "eval" && !r.inSource && !r.inTrap && !r.isSub)
	if reading {
		prefix = r.errName()
	} else if n := len(r.calls); r.sh.interactive && n > 0 && r.calls[n-1].sourced && r.calls[n-1].source == name {
		// bash's parser_error in a file an interactive shell sources
		// (interactive off, interactive_shell on) names the shell and
		// the file
		prefix = r.errName() + ": " + name
	}
	// under set -e, bash's parser_error exits the shell after its first
	// message (exit_immediately_on_error): the offending line and any
	// other message are never written
	quit := false
	emit := func(line int, text string) {
		if quit {
			return
		}
		if !strings.HasPrefix(text, "warning: ") && r.reportExits() {
			quit = true
			defer func() { r.exit, r.exitCode, r.flow = 2, 2, flowExit; r.exitReported() }()
		}
		if reading {
			if !strings.HasPrefix(text, "`") {
				r.writeErrLine(prefix + ": " + text)
			}
			return
		}
		if strings.HasPrefix(text, "warning: ") {
			// bash's internal_warning names the shell alone, as
			// for a command, not the -c string or eval
			r.writeErrLine(r.errName() + r.lineSep() + itoa(int64(line)) + ": " + text)
			return
		}
		r.writeErrLine(prefix + r.lineSep() + itoa(int64(line)) + ": " + text)
	}
	if isParse && r.opts.sh(shExtglob) && unclosedExtglob(pe.Text) {
		// read with extglob on, an extended pattern is a word that
		// parse_matched_pair reads to its ")"; the real bash, checking
		// the text with extglob off, would word it otherwise
		line := int(pe.Pos.Line()) + off
		if name == "eval" {
			line = r.line
		}
		emit(line, "unexpected EOF while looking for matching `)'")
		return false
	}
	// the real bash, when there is one, words its own syntax errors
	// on the text as written: bash quotes the offending line, which
	// must not show nash's parse rewrites (writtenMarkers keeps lines)
	asked := src
	te, aliased := tokenError{}, false
	if errors.As(err, &te) {
		// the real bash reads the text with the aliases, and quotes
		// the line as written
		asked, aliased = te.text, true
	}
	msgs, code := r.bashSyntaxMessages(writtenText(asked), cmdString)
	for i, m := range msgs {
		if aliased && strings.HasPrefix(m.text, "`") {
			msgs[i].text = "`" + lineOf(writtenText(src), m.line) + "'"
		}
	}
	msgs = slices.DeleteFunc(msgs, func(m bashMsg) bool { return m.line < from || to != 0 && m.line > to })
	if len(msgs) == 1 && strings.HasPrefix(msgs[0].text, pairEOFText) &&
		msgs[0].line <= strings.Count(strings.TrimSuffix(src, "\n"), "\n")+1 {
		// parse_matched_pair's own message, at the line where the
		// pair began (report_syntax_error's is at the end of the text)
		r.pairEOF = true
	}
	if len(msgs) > 0 {
		for _, m := range msgs {
			m.text = shiftHdocAt(m.text, base)
			if r.hdocWarned[itoa(int64(m.line+base))+": "+m.text] {
				continue // written when the command ran (warnHdoc)
			}
			emit(m.line+base, m.text)
		}
		if code == 1 && !cmdString && !isTrap && name != "eval" && name != "alias" && !isSubstErrName(name) {
			// a malformed [[ ]] in a $( ): bash's parse_comsub
			// abandons the command (DISCARD) without its generic
			// syntax-error path, and reader_loop makes a zero status
			// 1, keeping another (bash -n's own status is that 1)
			if r.exit == 0 {
				r.exit = 1
			}
			return true
		}
		if code == 0 {
			// only a [[ ]] expression's errors, which bash's parser
			// reports itself (parser_error): no EX_BADSYNTAX either
			r.pairEOF = true
		}
		return code == 0
	}
	if !isParse {
		// a construct of another shell mvdan's parser knows (if() { …; }
		// is a zsh anonymous function), with no real bash to word it
		r.writeErrLine(prefix + ": " + err.Error())
		return false
	}
	line := int(pe.Pos.Line()) + off
	if name == "eval" {
		line = r.line
	}
	if pe.Incomplete || strings.Contains(pe.Text, "reached EOF") {
		if q := unterminatedQuote(pe.Text); q != "" {
			if q != "`" && backquoteHoldsQuote(encodeRawBytes(src), int(pe.Pos.Offset()), q[0]) {
				q = "`"
			}
			// bash says no more (parse_matched_pair)
			r.pairEOF = true
			emit(line, pairEOFText+"`"+q+"'")
			return false
		}
		// bash ends the last line with a newline and counts the end
		// of the input as the line after it
		last := strings.Count(src, "\n") + 1
		if !strings.HasSuffix(src, "\n") {
			last++
		}
		if name == "eval" {
			last = base + 1
		}
		emit(last+off, "syntax error: unexpected end of file")
		return false
	}
	if pe.Text == hdocMaxText {
		emit(line, hdocMaxText)
		return false
	}
	// the error's offset is into the text as parsed (rawbytes.go)
	src = encodeRawBytes(src)
	tok := decodeRawBytes(tokenAt(src, int(pe.Pos.Offset())))
	if aliased {
		tok = te.tok
	}
	emit(line, "syntax error near unexpected token `"+tok+"'")
	emit(line, "`"+decodeRawBytes(lineOf(src, int(pe.Pos.Line())))+"'")
	return false
}

// pairEOFText begins the message of an unterminated quote or pair.
const pairEOFText = "unexpected EOF while looking for matching "

type bashMsg struct {
	line int
	text string
}

// bashSyntaxMessages asks the real bash (bash -n, script on stdin) how it
// reports the syntax errors of src. It returns nil when no real bash is
// configured or it found nothing to say. code is bash -n's exit status
// (-1 when it did not run): 0 also when its only complaints are about a
// [[ ]] expression, 1 when they are about one in a $( ). A -c
// string (cmdString) is given as one, as bash reads one otherwise at
// its end: ((1+2) is "syntax error near `((1+2)'" there.
func (r *Runner) bashSyntaxMessages(src string, cmdString bool) (msgs []bashMsg, code int) {
	if r.sh.realBash == nil {
		return nil, -1
	}
	path := r.sh.realBash()
	if path == "" {
		return nil, -1
	}
	in, inW, err := newPipe()
	if err != nil {
		return nil, -1
	}
	outR, out, err := newPipe()
	if err != nil {
		in.Close()
		inW.Close()
		return nil, -1
	}
	argv := []string{"bash", "-n"}
	if r.opts.on(optPosix) {
		argv = append(argv, "-o", "posix") // it reads quotes differently (posixquote.go)
	}
	if r.opts.sh(shExtglob) {
		// set by the commands that ran, which bash -n does not run:
		// the lines after them are read with extended patterns
		argv = append(argv, "-O", "extglob")
	}
	if cmdString && strings.IndexByte(src, 0) < 0 {
		argv = append(argv, "-c", src)
		src = ""
	}
	p, err := startShared(path, argv, &os.ProcAttr{
		Files: []*os.File{in, nil, out},
		Env:   []string{"PATH=/usr/bin:/bin", "LC_ALL=C"},
	})
	in.Close()
	out.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, -1
	}
	go func() {
		inW.WriteString(src)
		inW.Close()
	}()
	data, _ := readAllFile(outR)
	outR.Close()
	st, werr := p.Wait()
	for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
		n, text, ok := bashMsgLine(l)
		if !ok {
			if len(msgs) > 0 {
				// the message quotes text with a newline in it
				// (`((\n))'): this is the rest of it
				msgs[len(msgs)-1].text += "\n" + l
			}
			continue
		}
		msgs = append(msgs, bashMsg{line: n, text: text})
	}
	if werr != nil || !st.Exited() {
		return msgs, -1
	}
	return msgs, st.ExitCode()
}

// bashMsgLine splits a line of bash -n's output, "bash: line N: TEXT".
func bashMsgLine(l string) (int, string, bool) {
	l = strings.Replace(l, "bash: -c: line ", "bash: line ", 1)
	rest, found := strings.CutPrefix(l, "bash: line ")
	if !found {
		return 0, "", false
	}
	i := strings.Index(rest, ": ")
	if i < 0 {
		return 0, "", false
	}
	n, err := strconv.Atoi(rest[:i])
	if err != nil {
		return 0, "", false
	}
	return n, rest[i+2:], true
}

func (r *Runner) writeErrLine(s string) {
	r.fds.writer(2).Write([]byte(s + "\n"))
}

// backquoteHoldsQuote reports whether the quote q at off in src, which
// mvdan's parser found unclosed, is in the body of a backquoted
// command substitution that is itself never closed: bash reads no quotes
// in a backquote's body (parse_matched_pair looks for the closing
// backquote alone), so it reaches the end looking for that, and names it
// ("a `b" is unexpected EOF while looking for matching `).
func backquoteHoldsQuote(src string, off int, q byte) bool {
	if off <= 0 || off >= len(src) || src[off] != q || strings.IndexByte(src[off:], '`') >= 0 {
		return false
	}
	_, err := parseBash(src[:off], "")
	var pe syntax.ParseError
	return errors.As(err, &pe) && unterminatedQuote(pe.Text) == "`"
}

// unterminatedQuote is the quote a parse error's message says was left
// open, or "". mvdan quotes tokens in backquotes (reached EOF without
// matching `{` with `}`): only its closing-quote message names one, and
// a backquote as "`".
func unterminatedQuote(msg string) string {
	switch {
	case strings.Contains(msg, "not closed") && strings.Contains(msg, `"`):
		if strings.Contains(msg, "'") && !strings.Contains(msg, `"\""`) {
			return "'"
		}
		return `"`
	case strings.Contains(msg, "without closing quote"):
		for _, q := range []string{"\"`\"", "`\"`", "`'`"} {
			if strings.Contains(msg, q) {
				return q[1:2]
			}
		}
	}
	return ""
}

// tokenAt returns the shell token starting at off.
func tokenAt(src string, off int) string {
	if off >= len(src) {
		return "newline"
	}
	s := src[off:]
	if s[0] == '\n' {
		return "newline"
	}
	for _, op := range []string{";;&", ";;", ";&", "&&", "||", "|&", ">>", "<<", "<>", ">&", "<&", "&>", "(", ")", ";", "&", "|", "<", ">", "{", "}"} {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	end := strings.IndexAny(s, " \t\n;&|<>()")
	if end < 0 {
		end = len(s)
	}
	if end == 0 {
		return s[:1]
	}
	return s[:end]
}

// lineOf is line n of src as bash's print_offending_line quotes it: the
// whole line, its leading blanks kept.
func lineOf(src string, n int) string {
	lines := strings.Split(src, "\n")
	if n-1 < len(lines) && n >= 1 {
		return lines[n-1]
	}
	return ""
}

// endsInLineJoin reports whether src ends with an unescaped backslash,
// which joins its last line to a next one that never comes.
func endsInLineJoin(src string) bool {
	n := len(src) - len(strings.TrimRight(src, "\\"))
	return n%2 == 1
}

// emptyCondTerm reports whether pe is mvdan's error for a [[ ]] whose
// expression, or the operand of its "!", is missing: "[[ ]]", "[[ ! ]]".
// bash's cond_term fails there without a message (COND_ERROR) and stops
// reading, keeping the status. Only the first time: its parser then
// reports the next such error as any other, at the token that follows
// (next).
func emptyCondTerm(pe syntax.ParseError, src string) (next syntax.Pos, ok bool) {
	var op string
	switch pe.Text {
	case "`[[` must be followed by an expression":
		op = "[["
	case "`!` must be followed by an expression":
		op = "!"
	case "`&&` must be followed by an expression":
		op = "&&"
	case "`||` must be followed by an expression":
		op = "||"
	default:
		return next, false
	}
	off := int(pe.Pos.Offset())
	if off > len(src) || !strings.HasPrefix(src[off:], op) {
		return next, false
	}
	if !strings.HasPrefix(strings.TrimLeft(src[off+len(op):], " \t\n"), "]]") {
		return next, false
	}
	n := len(op)
	for off+n < len(src) && (src[off+n] == ' ' || src[off+n] == '\t') {
		n++
	}
	return syntax.NewPos(uint(off+n), pe.Pos.Line(), pe.Pos.Col()+uint(n)), true
}

// shiftHdocAt moves the line a here-document warning of bash -n names
// (here-document at line N) by base, as the line it is written at.
func shiftHdocAt(text string, base int) string {
	const at = "warning: here-document at line "
	rest, ok := strings.CutPrefix(text, at)
	if !ok || base == 0 {
		return text
	}
	i := strings.IndexByte(rest, ' ')
	n, err := strconv.Atoi(rest[:max(i, 0)])
	if err != nil {
		return text
	}
	return at + strconv.Itoa(n+base) + rest[i:]
}

// unclosedExtglob reports whether msg is mvdan's error for an extended
// pattern not closed before the end of the input.
func unclosedExtglob(msg string) bool {
	for _, op := range []string{"?(", "*(", "+(", "@(", "!("} {
		if msg == "reached EOF without matching `"+op+"` with `)`" {
			return true
		}
	}
	return false
}
