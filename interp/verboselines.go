package interp

import (
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's reader echoes a line under set -v as it reads it, but not while
// it parses a command substitution or process substitution: shell_getc
// echoes no line while shell_eof_token is set, which parse_comsub sets
// for $( ), <( ) and >( ) (not for $(( )), even one that is a command
// substitution, nor `…`). The lines after the
// one a $( opens on, through the one with its ")", are never echoed.

// lineRange is the lines from through to (1-based, inclusive).
type lineRange struct{ from, to int }

// comsubReadLines returns the lines of src, the text stmts were parsed
// from, that bash reads inside a $( ), <( ) or >( ) (see above).
func comsubReadLines(stmts []*syntax.Stmt, src string) []lineRange {
	var rs []lineRange
	add := func(l, r syntax.Pos) {
		if r.Line() > l.Line() {
			rs = append(rs, lineRange{int(l.Line()) + 1, int(r.Line())})
		}
	}
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				if n.Backquotes {
					// parse_matched_pair reads it as text: a
					// $( ) in it is no command substitution yet
					return false
				}
				if !dparenComsub(n, src) {
					add(n.Left, n.Right)
					return false // the lines of nested ones are in it
				}
			case *syntax.ProcSubst:
				add(n.OpPos, n.Rparen)
				return false
			}
			return true
		})
	}
	return rs
}

// dparenComsub reports whether cs is written "$((" in src, the text
// its positions refer to (where dparenRewrite may have put a blank
// between the parentheses): bash reads it as arithmetic first
// (parse_matched_pair), whatever it turns out to be.
func dparenComsub(cs *syntax.CmdSubst, src string) bool {
	rest := src[min(int(cs.Left.Offset())+2, len(src)):]
	return strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, dparenBlank+"(")
}

// inRanges reports whether line is in one of rs.
func inRanges(rs []lineRange, line int) bool {
	for _, r := range rs {
		if line >= r.from && line <= r.to {
			return true
		}
	}
	return false
}

// joinedEnd returns line end of src, or the last line bash's reader
// joins to it: a line ending in a backslash-newline (not in a comment
// or quotes) goes on with the next, which bash has read (and echoed)
// before it runs the command.
func joinedEnd(src string, end int) int {
	for {
		off := lineStart(src, end+1)
		if off >= len(src) || !strings.HasSuffix(src[:off], "\\\n") || !endsInJoin(src[:off]) {
			return end
		}
		end++
	}
}

// hdocLines returns the lines of the bodies of the here-documents of
// stmts with their delimiter lines (bodies), and those of the bodies
// whose delimiter is unquoted (joins). bash reads a body a line at a time
// and echoes each line under set -v as it reads it (make_here_document),
// in a $( ) too; with an unquoted delimiter it reads it with its
// backslash-newlines removed (read_secondary_line): a line ending in a
// backslash is echoed joined to the next (removeLineJoins).
func hdocLines(stmts []*syntax.Stmt, src string) (bodies, joins []lineRange) {
	for _, st := range stmts {
		eachHdocBody(st, src, func(_ *syntax.Redirect, from, delim int, unquoted bool) {
			bodies = append(bodies, lineRange{from, delim})
			if unquoted && delim > from {
				joins = append(joins, lineRange{from, delim - 1})
			}
		})
	}
	return bodies, joins
}

// eachHdocBody calls fn for each here-document in node whose delimiter
// line is in src, with hdocBodyLines' lines. An empty body, which the
// parser keeps no node for, is its delimiter line alone: the line after
// the operator's, or after the body read before it (from == delim).
func eachHdocBody(node syntax.Node, src string, fn func(rd *syntax.Redirect, from, delim int, unquoted bool)) {
	next := 0 // the line after the last body found
	walk(node, func(n syntax.Node) bool {
		rd, ok := n.(*syntax.Redirect)
		if !ok || rd.Op != syntax.Hdoc && rd.Op != syntax.DashHdoc || rd.Word == nil {
			return true
		}
		if rd.Hdoc == nil {
			line := max(next, int(rd.Word.End().Line())+1)
			l := strings.TrimSuffix(src[lineStart(src, line):lineStart(src, line+1)], "\n")
			if rd.Op == syntax.DashHdoc {
				l = strings.TrimLeft(l, "\t")
			}
			if line > 1 && lineStart(src, line) < len(src) && l == hdocDelim(rd.Word) {
				next = line + 1
				fn(rd, line, line, false)
			}
			return true
		}
		if from, delim, unquoted := hdocBodyLines(rd, src); delim >= from {
			next = delim + 1
			fn(rd, from, delim, unquoted)
		}
		return true
	})
}

// hdocBodyLines returns the first line of the body of the here-document
// of rd in src and the line of its delimiter (0 when the end of src
// delimits it), and whether the delimiter is unquoted (a line ending in
// a backslash then goes on with the next).
func hdocBodyLines(rd *syntax.Redirect, src string) (from, delim int, unquoted bool) {
	unquoted = !quotedHdocWord(rd.Word) || hdocUnquoted(rd.Word)
	stop := hdocDelim(rd.Word)
	from = int(rd.Hdoc.Pos().Line())
	if unquoted {
		// the parser's body starts after the backslash-newlines that
		// begin it, lines of their own: they are the body's too
		for from > 1 {
			l := strings.TrimSuffix(src[lineStart(src, from-1):lineStart(src, from)], "\n")
			if rd.Op == syntax.DashHdoc {
				l = strings.TrimLeft(l, "\t")
			}
			if l != "\\" {
				break
			}
			from--
		}
	}
	lines := strings.Split(src[lineStart(src, from):], "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if rd.Op == syntax.DashHdoc {
			l = strings.TrimLeft(l, "\t")
		}
		if l == stop {
			return from, from + i, unquoted
		}
		if unquoted && trailingJoin([]byte(l)) {
			i++ // the next line is joined to it
		}
	}
	return from, 0, unquoted
}

// verboseLines says which lines of a text bash echoes under set -v and
// how (verboseText).
type verboseLines struct {
	skip  []lineRange // read in a $( ): not echoed (comsubReadLines)
	keep  []lineRange // here-document lines: echoed all the same
	joins []lineRange // here-document lines echoed unjoined
}

// verboseLinesOf returns the verboseLines of stmts, parsed from src,
// the rewrite of written (whose lines are the same).
func verboseLinesOf(stmts []*syntax.Stmt, src, written string) verboseLines {
	keep, joins := hdocLines(stmts, written)
	return verboseLines{skip: comsubReadLines(stmts, src), keep: keep, joins: joins}
}

// verboseText is the text bash echoes under set -v for lines, the lines
// of a source text from line first on, as vl has them.
func verboseText(lines []string, first int, vl verboseLines) string {
	var sb, body strings.Builder
	for k, l := range lines {
		n := first + k
		if inRanges(vl.joins, n) {
			body.WriteString(l)
			continue
		}
		sb.WriteString(removeLineJoins(body.String()))
		body.Reset()
		if !inRanges(vl.skip, n) || inRanges(vl.keep, n) {
			sb.WriteString(l)
		}
	}
	sb.WriteString(removeLineJoins(body.String()))
	return sb.String()
}

// errorReadLines is the number of lines of src, a text whose parse
// failed with err, that bash's parser has read when it reports the
// error: through the error's line, or all of them at the end of the
// text.
func errorReadLines(src string, err error) int {
	all := strings.Count(src, "\n")
	if !strings.HasSuffix(src, "\n") {
		all++
	}
	pos, incomplete, ok := parseErrorPos(err)
	if !ok || incomplete || int(pos.Line()) > all || pos.Line() == 0 {
		return all
	}
	return int(pos.Line())
}

// echoErrorLines echoes under set -v the lines of src, an eval'd string
// or trap action none of whose commands ran, that bash reads before it
// reports err, the syntax error of its parse.
func (r *Runner) echoErrorLines(src string, err error) {
	r.echoErrorRest(src, 0, err)
}

// echoErrorRest is echoErrorLines for the lines of src after the first
// from, those of the commands that ran before the error (stmtsEchoing
// echoed them).
func (r *Runner) echoErrorRest(src string, from int, err error) {
	if !r.opts.on(optVerbose) {
		return
	}
	n := errorReadLines(src, err)
	if n <= from {
		return
	}
	text := src[lineStart(src, from+1):lineStart(src, n+1)]
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	io.WriteString(r.fds.writer(2), text)
}

// echoCatFile echoes under set -v the text of cs, a $(< file) whose
// redirection is rd, as bash's command_substitute has it echoed: it
// parses a text that starts with "<" (parse_string_to_command, with
// set -v on) to see whether it only reads a file. The text of a $( ) is
// the one bash printed back from its parse, "< file"; that of a `…` is
// as written.
func (r *Runner) echoCatFile(cs *syntax.CmdSubst, rd *syntax.Redirect) {
	if !r.opts.on(optVerbose) {
		return
	}
	text := "< " + r.nodeText(rd.Word)
	if cs.Backquotes {
		text = r.nodeText(cs)
		text = strings.TrimSuffix(strings.TrimPrefix(text, "`"), "`")
	}
	io.WriteString(r.fds.writer(2), text+"\n")
}

// echoComsubHdocs echoes under set -v the bodies of the here-documents
// in cs, a $( ) being expanded, with their delimiter lines: bash parses
// the text again to find its end (xparse_dolparen), and reading the
// bodies echoes them once more (make_here_document), as stored: with
// the backslash-newlines of an unquoted delimiter's body removed and the
// tabs of a <<- one's stripped. Directly between double quotes it
// is read twice (string_extract_double_quoted first); the passes of a
// ${…} around it are not counted.
func (r *Runner) echoComsubHdocs(cs *syntax.CmdSubst) {
	if !r.opts.on(optVerbose) || cs.Backquotes {
		return
	}
	src := r.asWritten(r.curSrc)
	var sb strings.Builder
	eachHdocBody(cs, src, func(rd *syntax.Redirect, from, delim int, unquoted bool) {
		body := src[lineStart(src, from):lineStart(src, delim)]
		if unquoted {
			body = removeLineJoins(body)
		}
		if rd.Op == syntax.DashHdoc {
			body = stripTabs(body)
		}
		sb.WriteString(body + hdocDelim(rd.Word) + "\n")
	})
	if sb.Len() > 0 {
		text := sb.String()
		if r.dblDepth > 0 {
			// string_extract_double_quoted finds the end of the $( )
			// once more before the string is expanded
			text += text
		}
		io.WriteString(r.fds.writer(2), text)
	}
}
