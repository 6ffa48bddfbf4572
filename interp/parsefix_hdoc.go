package interp

import (
	"errors"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A here-document whose delimiter never comes is delimited by the end of
// the input: bash warns and runs the command with the rest of the input
// as its body, where mvdan's parser rejects the program. hdocEOFRewrite
// appends the missing delimiter line, and after it a mark line,
// "#\x00here-document-eof". The mark is a comment to the parser; the runner finds it to
// warn as bash does (see warnHdocEOF). No script can hold the mark: bash
// drops the NUL bytes of a script, so the text it runs has none.
const hdocEOFMark = "#\x00here-document-eof\n"

// unclosedHdocStop returns the delimiter of the here-document that err
// reports unclosed.
func unclosedHdocStop(err error) (string, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		return "", false
	}
	q, ok := strings.CutPrefix(pe.Text, "unclosed here-document ")
	if !ok {
		return "", false
	}
	stop, uerr := strconv.Unquote(q)
	if uerr != nil || strings.Contains(stop, "\n") {
		return "", false
	}
	return stop, true
}

// hdocEOFRewrite ends at the end of text the here-document delimited by
// stop. When an earlier one was ended so (several here-documents of one
// command), the delimiter goes before the marks, which stay last, one
// for each here-document.
func hdocEOFRewrite(stop string) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		if k := strings.Index(text, hdocEOFMark); k >= 0 {
			ins := stop + "\n"
			return text[:k] + ins + text[k:] + hdocEOFMark, []parseEdit{{k, len(ins)}, {len(text) + len(ins), len(hdocEOFMark)}}, true
		}
		ins := ""
		if text != "" && !strings.HasSuffix(text, "\n") {
			ins = "\n"
		}
		ins += stop + "\n" + hdocEOFMark
		return text + ins, []parseEdit{{len(text), len(ins)}}, true
	}
}

// hdocEOFCount returns the number of here-documents the end of src
// delimited, and the number of lines of src as written, when src ends
// with hdocEOFRewrite's marks: the lines before the first mark but the
// delimiters appended and those hdocParenFix added (src may be the end
// of a program, the mark's own count is that of the whole).
func hdocEOFCount(src string) (count, lines int) {
	k := strings.Index(src, hdocEOFMark)
	if k < 0 {
		return 0, 0
	}
	count = strings.Count(src[k:], hdocEOFMark)
	lines = strings.Count(src[:k], "\n") - count -
		strings.Count(hdocParenInsert, "\n")*strings.Count(src[:k], hdocParenInsert)
	return count, lines
}

// warnHdocEOF writes, before the last group of a text runs, bash's
// warning for each of its here-documents that the end of the input
// delimited (its last ones): it names the last line of the input and the
// line before the body, bash's line number when it started reading it.
func (r *Runner) warnHdocEOF(g []*syntax.Stmt, lastGroup bool) {
	if !lastGroup {
		return
	}
	count, last := hdocEOFCount(r.curSrc)
	if count == 0 {
		return
	}
	var hdocs []*syntax.Redirect
	for _, st := range g {
		walk(st, func(n syntax.Node) bool {
			if rd, ok := n.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) {
				hdocs = append(hdocs, rd)
			}
			return true
		})
	}
	for _, rd := range hdocs[max(0, len(hdocs)-count):] {
		at := last
		if rd.Hdoc != nil {
			at = int(rd.Hdoc.Pos().Line()) - 1
		}
		r.warnHdoc(last+r.lineOff, at+r.lineOff, hdocDelim(rd.Word))
	}
}

// warnHdoc writes bash's warning, at line, for a here-document that
// started after line at and that the end of the input (of a $( )) ended.
func (r *Runner) warnHdoc(line, at int, delim string) {
	msg := strconv.Itoa(line) + ": warning: here-document at line " + strconv.Itoa(at) +
		" delimited by end-of-file (wanted `" + delim + "')"
	r.writeErrLine(r.errName() + r.lineSep() + msg)
	if r.hdocWarned == nil {
		r.hdocWarned = map[string]bool{}
	}
	r.hdocWarned[msg] = true
}

// withoutHdocEOF is text, which may end with hdocEOFRewrite's delimiter
// lines and marks, as written: without them, and without the newline the
// first one added when the input did not end with one (endsNL false).
func withoutHdocEOF(text string, endsNL bool) string {
	k := strings.Index(text, hdocEOFMark)
	if k < 0 {
		return text
	}
	head := text[:k]
	for range strings.Count(text[k:], hdocEOFMark) {
		// the delimiter line before the marks, one per mark
		i := strings.LastIndexByte(strings.TrimSuffix(head, "\n"), '\n')
		head = head[:i+1]
	}
	if !endsNL {
		head = strings.TrimSuffix(head, "\n")
	}
	return head
}
