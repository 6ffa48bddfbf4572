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
		syntax.Walk(st, func(n syntax.Node) bool {
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

// hdocJoinLines returns the lines of the bodies of the here-documents of
// stmts whose delimiter is unquoted. bash reads such a body a line at a
// time with its backslash-newlines removed (read_secondary_line), and
// echoes each line so read under set -v (make_here_document): a line
// ending in a backslash is echoed joined to the next (unjoinBody).
func hdocJoinLines(stmts []*syntax.Stmt) []lineRange {
	var rs []lineRange
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			rd, ok := n.(*syntax.Redirect)
			if !ok || rd.Op != syntax.Hdoc && rd.Op != syntax.DashHdoc || rd.Hdoc == nil {
				return true
			}
			if quotedHdocWord(rd.Word) && !hdocUnquoted(rd.Word) {
				return true
			}
			last := rd.Hdoc.End()
			to := int(last.Line())
			if last.Col() == 1 {
				to-- // it ends where the delimiter line starts
			}
			if from := int(rd.Hdoc.Pos().Line()); to >= from {
				rs = append(rs, lineRange{from, to})
			}
			return true
		})
	}
	return rs
}

// unjoinBody is text, lines of a here-document body, as bash's
// read_secondary_line reads them: a backslash-newline is removed, a
// backslash before another character is kept with it.
func unjoinBody(text string) string {
	if !strings.Contains(text, "\\\n") {
		return text
	}
	var sb strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] == '\\' && i+1 < len(text) {
			if text[i+1] != '\n' {
				sb.WriteString(text[i : i+2])
			}
			i++
			continue
		}
		sb.WriteByte(text[i])
	}
	return sb.String()
}

// verboseText is the text bash echoes under set -v for lines, the lines
// of a source text from line first on: without the lines of skip, and
// with those of joins unjoined (unjoinBody).
func verboseText(lines []string, first int, skip, joins []lineRange) string {
	var sb, body strings.Builder
	for k, l := range lines {
		n := first + k
		if inRanges(joins, n) {
			body.WriteString(l)
			continue
		}
		sb.WriteString(unjoinBody(body.String()))
		body.Reset()
		if !inRanges(skip, n) {
			sb.WriteString(l)
		}
	}
	sb.WriteString(unjoinBody(body.String()))
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
// or trap action none of whose commands ran, that bash reads before it reports err, the
// syntax error of its parse.
func (r *Runner) echoErrorLines(src string, err error) {
	if !r.opts.on(optVerbose) {
		return
	}
	n := errorReadLines(src, err)
	text := src[:lineStart(src, n+1)]
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
