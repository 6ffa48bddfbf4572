package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Here-document delimiters bash takes and mvdan's parser does not:
//
//   - an unquoted delimiter holding an expansion, <<$a or <<EO`x`F: bash
//     takes the text as written for the delimiter, and expands the body
//     (the delimiter is unquoted); mvdan rejects expansions there;
//   - a quoted delimiter of <<- that starts with a tab, <<-'<TAB>END':
//     bash compares each line with it before stripping the line's tabs,
//     mvdan only after, so it never finds the end.
//
// hdocDelimRewrite marks such a here-document: it inserts a mark at the
// start of the delimiter word and at the start of the line that ends the
// body (after its tabs when it matches only once they are stripped), so
// mvdan's parser finds that line; for an unquoted delimiter, the mark is
// hdocUnquotedMark and each expansion of the word is quoted, so
// the parser reads the body as text, which hereRedirect expands from its
// text (markedHdocBody); in double quotes, where mvdan rejects them
// too, they are quoted as well (see hdocEscape). The marks are names nobody writes; the
// delimiter is shown without them (hdocDelim, heredocDelim).

const (
	// hdocDelimMark starts a quoted delimiter that was marked.
	hdocDelimMark = "__nash_hdoc_delim__"
	// hdocUnquotedMark starts an unquoted delimiter that was marked.
	hdocUnquotedMark = "__nash_hdoc_unquoted__"
)

// hdocDelimError reports whether err is mvdan's rejection of an
// expansion in a here-document delimiter.
func hdocDelimError(err error) bool {
	var pe syntax.ParseError
	return errors.As(err, &pe) && strings.Contains(pe.Text, "heredoc words")
}

// hdocOpBefore returns the offset of the "<<" (not "<<<") nearest before
// offset at on its line, or -1.
func hdocOpBefore(text string, at int) int {
	for k := min(at, len(text)-1) - 1; k >= 0 && text[k] != '\n'; k-- {
		if text[k] == '<' && text[k+1] == '<' && (k+2 >= len(text) || text[k+2] != '<') && (k == 0 || text[k-1] != '<') {
			return k
		}
	}
	return -1
}

// hdocDelimRewrite marks the here-document whose "<<" is at offset op
// (see above).
func hdocDelimRewrite(op int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		h, ok := findHdoc(text, op)
		if !ok {
			return "", nil, false
		}
		w, k, term := h.word, h.wordAt, h.term
		if w.quoted && len(w.escape) == 0 && len(w.dqEsc) == 0 && !(h.dash && w.stop[0] == '\t') {
			return "", nil, false
		}
		mark := hdocDelimMark
		if !w.quoted {
			mark = hdocUnquotedMark
		}
		// right to left, so that each edit's offset is that of the text
		// before it
		var edits []parseEdit
		if term < 0 {
			// the end of the input delimits it: its line is added
			// there, with hdocEOFRewrite's mark for the warning
			text, edits, _ = hdocEOFRewrite(mark + w.mvdanStop())(text)
		} else {
			// the line gets the backslashes mvdan keeps
			for i := len(w.dqEsc) - 1; i >= 0; i-- {
				at := term + w.dqEsc[i]
				text = text[:at] + `\` + text[at:]
				edits = append(edits, parseEdit{at, 1})
			}
			text = text[:term] + mark + text[term:]
			edits = append(edits, parseEdit{term, len(mark)})
		}
		if hdocEndsUnquoted(text, k, w) {
			// mvdan takes a delimiter for quoted when its last part
			// is (it forgets the parts before), and only then
			// compares the body's lines with it as written: with the
			// unquoted x of "E$i"x or E${i}x it would lex the body,
			// where a "$" on the delimiter's line hides it
			text = text[:w.end] + `""` + text[w.end:]
			edits = append(edits, parseEdit{w.end, 2})
		}
		// single quotes: a backslash in double quotes would stay in
		// mvdan's delimiter, so there the quotes are between two
		// double-quoted pieces
		for i := len(w.escape) - 1; i >= 0; i-- {
			e := w.escape[i]
			if strings.IndexByte(text[e.from:e.to], '\'') >= 0 {
				return "", nil, false
			}
			open, close := "'", "'"
			switch {
			case e.inDq:
				open, close = `"'`, `'"`
			case e.to == e.from+1:
				open, close = `\`, ""
			}
			text = text[:e.from] + open + text[e.from:e.to] + close + text[e.to:]
			if close != "" {
				edits = append(edits, parseEdit{e.to, len(close)})
			}
			edits = append(edits, parseEdit{e.from, len(open)})
		}
		text = text[:k] + mark + text[k:]
		edits = append(edits, parseEdit{k, len(mark)})
		return text, edits, true
	}
}

// hdocEndsUnquoted reports whether the delimiter word w starting at
// offset k, once its expansions are quoted, ends in a part mvdan reads
// as unquoted: text after the last quotes without a backslash.
func hdocEndsUnquoted(text string, k int, w hdocWord) bool {
	from := k
	if i := strings.LastIndexAny(text[k:w.end], `'"`); i >= 0 {
		from = k + i + 1
	}
	for _, e := range w.escape {
		quotes := e.inDq || e.to > e.from+1
		switch {
		case quotes && e.to > from:
			from = e.to
		case !quotes && e.from >= from:
			return false // a backslash is written in the last part
		}
	}
	return from < w.end && !strings.Contains(text[from:w.end], `\`)
}

// hdocSpan is a here-document in a program's text, as bash reads it.
type hdocSpan struct {
	word   hdocWord
	wordAt int  // the offset of the delimiter word
	dash   bool // <<-
	body   int  // the offset of the body
	// term is the offset of the delimiter line (after its tabs for
	// <<-), or -1 when the end of the text delimits the body
	term int
}

// findHdoc reads the here-document whose "<<" is at offset op. Its
// body follows those of the here-documents before it on its line.
func findHdoc(text string, op int) (hdocSpan, bool) {
	var h hdocSpan
	w, k, dash, ok := hdocDelimWordAt(text, op)
	if !ok {
		return h, false
	}
	nl := strings.IndexByte(text[w.end:], '\n')
	if nl < 0 {
		return h, false
	}
	body := w.end + nl + 1
	for _, prev := range hdocOpsIn(text, strings.LastIndexByte(text[:op], '\n')+1, op) {
		pw, _, pdash, ok := hdocDelimWordAt(text, prev)
		if !ok {
			return h, false
		}
		term := hdocTermFrom(text, body, pw.stop, pdash)
		if term < 0 {
			return h, false
		}
		body = term + strings.IndexByte(text[term:]+"\n", '\n') + 1
	}
	h.word, h.wordAt, h.dash, h.body = w, k, dash, min(body, len(text))
	h.term = hdocTermFrom(text, h.body, w.stop, dash)
	return h, true
}

// hdocDelimWordAt reads the delimiter word of the "<<" at offset op: the
// word, its offset, and whether the operator is <<-.
func hdocDelimWordAt(text string, op int) (w hdocWord, k int, dash, ok bool) {
	if op < 0 || !strings.HasPrefix(text[op:], "<<") || strings.HasPrefix(text[op:], "<<<") {
		return w, 0, false, false
	}
	k = op + 2
	dash = k < len(text) && text[k] == '-'
	if dash {
		k++
	}
	for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
		k++
	}
	w, ok = scanHdocWord(text, k)
	return w, k, dash, ok && w.stop != ""
}

// hdocTermFrom returns the offset of the line from offset from on that
// ends a body delimited by stop (after its tabs for <<-), or -1.
func hdocTermFrom(text string, from int, stop string, dash bool) int {
	for line := from; line < len(text); {
		e := strings.IndexByte(text[line:], '\n')
		if e < 0 {
			e = len(text) - line
		}
		l := text[line : line+e]
		if l == stop {
			return line
		}
		if t := strings.TrimLeft(l, "\t"); dash && t == stop {
			return line + len(l) - len(t)
		}
		line += e + 1
	}
	return -1
}

// hdocOpsIn returns the offsets of the here-document operators in
// text[from:to], one line, outside quotes, arithmetic (a << there is a
// shift) and before a comment.
func hdocOpsIn(text string, from, to int) []int {
	var ops []int
	arith := 0
	for k := from; k < to; k++ {
		switch c := text[k]; {
		case c == '\\':
			k++
		case c == '\'' || c == '"':
			if k = skipQuoted(text, k); k < 0 || k >= to {
				return ops
			}
		case c == '#' && (k == from || strings.IndexByte(" \t;&|()", text[k-1]) >= 0):
			return ops
		case strings.HasPrefix(text[k:], "(("):
			arith++
			k++
		case strings.HasPrefix(text[k:], "))") && arith > 0:
			arith--
			k++
		case strings.HasPrefix(text[k:], "<<<"):
			k += 2
		case arith == 0 && strings.HasPrefix(text[k:], "<<"):
			ops = append(ops, k)
			k++
		}
	}
	return ops
}

// hdocWord is a here-document delimiter word as bash reads it.
type hdocWord struct {
	end    int    // offset after the word
	stop   string // the delimiter: the text after quote removal
	quoted bool   // some of it is quoted: the body is not expanded
	// the expansions mvdan rejects, to be single-quoted: offsets of
	// their start and end, and whether they are in double quotes
	escape []hdocEscape
	// offsets in stop of the characters a backslash escapes in double
	// quotes ("\\E"): mvdan keeps the backslash in its delimiter
	dqEsc []int
}

// mvdanStop is the delimiter as mvdan's parser takes it from the
// rewritten word: the backslashes of dqEsc are kept.
func (w hdocWord) mvdanStop() string { return backslashesAt(w.stop, w.dqEsc) }

// hdocStopRewrite returns hdocDelimRewrite for the here-document whose
// "<<" is at offset op when mvdan's parser takes its delimiter otherwise
// than bash does, and so reports it unclosed: a quoted one of <<- that
// starts with a tab, or one with a backslash escape in double quotes.
func hdocStopRewrite(text string, op int) (parseRewrite, bool) {
	h, ok := findHdoc(text, op)
	if !ok || !h.word.quoted || len(h.word.dqEsc) == 0 && !(h.dash && h.word.stop[0] == '\t') {
		return nil, false
	}
	return hdocDelimRewrite(op), true
}

// hdocEscape is an expansion in a delimiter word, text[from:to], and
// how it is quoted for mvdan: a backslash before a "$" or "`" (to ==
// from+1), else single quotes, between double-quoted pieces in double
// quotes (inDq). mvdan loses the end of a body whose delimiter has a
// single-quoted "$" followed by more text, so single quotes are kept for
// $(…) and ${…}.
type hdocEscape struct {
	from, to int
	inDq     bool
}

// scanHdocWord reads the delimiter word starting at offset k.
func scanHdocWord(text string, k int) (hdocWord, bool) {
	var w hdocWord
	var sb strings.Builder
	for k < len(text) {
		c := text[k]
		switch {
		case strings.IndexByte(" \t\n;&|<>()", c) >= 0:
			w.end, w.stop = k, sb.String()
			return w, true
		case c == '\\' && k+1 < len(text):
			if text[k+1] != '\n' {
				sb.WriteByte(text[k+1])
				w.quoted = true
			}
			k += 2
			continue
		case c == '$' && k+1 < len(text) && text[k+1] == '\'':
			// $'…': a backslash escapes its quote, and the delimiter
			// is the decoded text
			e := k + 2
			for e < len(text) && text[e] != '\'' {
				if text[e] == '\\' {
					e++
				}
				e++
			}
			if e >= len(text) {
				return w, false
			}
			sb.WriteString(ansiC(text[k+2:e], false))
			w.quoted = true
			k = e + 1
			continue
		case c == '\'':
			e := closingQuote(text, k)
			if e < 0 {
				return w, false
			}
			sb.WriteString(text[k+1 : e])
			w.quoted = true
			k = e + 1
			continue
		case c == '"':
			e := skipQuoted(text, k)
			if e < 0 {
				return w, false
			}
			for i := k + 1; i < e; i++ {
				switch {
				case text[i] == '\\' && i+1 < e && strings.IndexByte("$`\"\\", text[i+1]) >= 0:
					i++
					w.dqEsc = append(w.dqEsc, sb.Len())
				case text[i] == '$' || text[i] == '`':
					w.escape = append(w.escape, hdocEscape{i, i + 1, true})
				}
				sb.WriteByte(text[i])
			}
			w.quoted = true
			k = e + 1
			continue
		case c == '`':
			e := skipQuoted(text, k)
			if e < 0 {
				return w, false
			}
			w.escape = append(w.escape, hdocEscape{k, k + 1, false})
			if strings.ContainsAny(text[k+1:e], " \t$\"|&;<>()") {
				// its blanks and expansions are text too (EO`echo $x`F)
				w.escape = append(w.escape, hdocEscape{k + 1, e, false})
			}
			w.escape = append(w.escape, hdocEscape{e, e + 1, false})
			sb.WriteString(text[k : e+1])
			k = e + 1
			continue
		case c == '$' && k+1 < len(text) && (text[k+1] == '(' || text[k+1] == '{'):
			e := matchParen(text, k+1)
			if text[k+1] == '{' {
				e = matchBrace(text, k+1)
			}
			if e < 0 {
				return w, false
			}
			w.escape = append(w.escape, hdocEscape{k, e + 1, false})
			sb.WriteString(text[k : e+1])
			k = e + 1
			continue
		case c == '$':
			w.escape = append(w.escape, hdocEscape{k, k + 1, false})
		}
		sb.WriteByte(c)
		k++
	}
	w.end, w.stop = k, sb.String()
	return w, true
}

// unmarkHdocDelim removes the mark of hdocDelimRewrite from a delimiter
// after quote removal.
func unmarkHdocDelim(d string) string {
	if !strings.HasPrefix(d, "__nash_hdoc_") {
		return d
	}
	return strings.TrimPrefix(strings.TrimPrefix(d, hdocDelimMark), hdocUnquotedMark)
}

// hdocUnquoted reports whether w is a delimiter that hdocDelimRewrite
// marked unquoted.
func hdocUnquoted(w *syntax.Word) bool {
	if w == nil || len(w.Parts) == 0 {
		return false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	return ok && strings.HasPrefix(l.Value, hdocUnquotedMark)
}

// markedHdocText returns the text of the body of a here-document whose
// delimiter hdocDelimRewrite marked unquoted.
func markedHdocText(rd *syntax.Redirect) (string, bool) {
	if rd.Hdoc == nil || !hdocUnquoted(rd.Word) {
		return "", false
	}
	var sb strings.Builder
	for _, p := range rd.Hdoc.Parts {
		l, ok := p.(*syntax.Lit)
		if !ok {
			return "", false
		}
		sb.WriteString(l.Value)
	}
	return sb.String(), true
}

// markedHdocBody parses the body of a here-document whose delimiter
// hdocDelimRewrite marked unquoted as the body of an unquoted one,
// positioned where it is in the program, and returns that word.
func markedHdocBody(rd *syntax.Redirect) (*syntax.Word, bool) {
	body, ok := markedHdocText(rd)
	if !ok {
		return nil, false
	}
	from := int(rd.Hdoc.Pos().Offset())
	if i := strings.LastIndexByte(body, '\n'); strings.Trim(body[i+1:], "\t") == "" {
		// the tabs before the delimiter of <<- may end the text
		body = body[:i+1]
	} else {
		body += "\n"
	}
	const end = "__nash_hdoc_end__"
	op := "<<"
	if rd.Op == syntax.DashHdoc {
		op = "<<-"
	}
	hdr := ":" + op + end + "\n"
	line := int(rd.Hdoc.Pos().Line())
	lead := from - (line - 2) - len(hdr)
	var sb strings.Builder
	if line >= 2 && lead >= 0 {
		sb.WriteString(strings.Repeat(" ", lead))
		sb.WriteString(strings.Repeat("\n", line-2))
	}
	sb.WriteString(hdr)
	sb.WriteString(body)
	sb.WriteString(end + "\n")
	f, err := parseBash(sb.String(), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	var w *syntax.Word
	walk(f.Stmts[0], func(n syntax.Node) bool {
		if r, ok := n.(*syntax.Redirect); ok && w == nil {
			w = r.Hdoc
		}
		return w == nil
	})
	if w == nil {
		w = &syntax.Word{}
	}
	return w, true
}
