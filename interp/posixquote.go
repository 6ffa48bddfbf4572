package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// In POSIX mode bash reads a single quote inside the word of a
// double-quoted ${name-word} (also =, ?, + and their ":" forms) as an
// ordinary character, not as the start of a quoted string: in
// "${IFS+'}'z}" the first "}" ends the expansion (giving ''z}), and
// "${IFS+'bar} baz" is complete. Outside POSIX mode, and in the pattern
// operators (#, %, /, ^, ,) in both modes, the quote quotes. bash finds
// the end of a ${…} as it expands the word, so the mode in force then
// decides, even for a function defined in the other mode. mvdan's parser
// always quotes; posixQuoteRewrite wraps each such quote in double
// quotes ("'"), which bash and nash read as the character itself there,
// and the parser then matches the braces as bash does. expandDbl reads a
// string again that way in POSIX mode (posixReread); a program that only
// parses so (the quote is never closed otherwise) is rewritten as a whole
// (parsePosixProgram).

// posixQuoteTail closes the double quotes posixQuoteRewrite puts around
// a quote: an empty "" follows, which adds nothing to the word but marks
// the quote as one the rewrite made, for posixQuoteUnmark.
const posixQuoteTail = `"""`

// posixQuoteUnmark gives text that posixQuoteRewrite made back as it was
// written, for a function printed: each marked quote is bare again, and
// so is the "$" before one. dollar is what that "$" becomes: "$" to show
// it, or a backslashed one to read the text again as a word where $'
// starts no ANSI-C string (the word of ${x?word} in its message, which
// bash expands from its text after its parser left $' alone there).
func posixQuoteUnmark(text, dollar string) string {
	if !strings.Contains(text, `"'`+posixQuoteTail) {
		return text
	}
	text = strings.ReplaceAll(text, `\$"'`+posixQuoteTail, dollar+"'")
	return strings.ReplaceAll(text, `"'`+posixQuoteTail, "'")
}

// posixCandidate reports whether bash may read the double-quoted string
// q differently in POSIX mode: one of its ${name-word} has a
// single-quoted string in its word.
func posixCandidate(q *syntax.DblQuoted) bool {
	for _, p := range q.Parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Exp == nil || pe.Exp.Word == nil || !wordOp(pe.Exp.Op) {
			continue
		}
		for _, wp := range pe.Exp.Word.Parts {
			if _, ok := wp.(*syntax.SglQuoted); ok {
				return true
			}
		}
	}
	return false
}

// posixReread reads the double-quoted string q again from its source text
// as bash does in POSIX mode, where it finds the end of each ${…} when it
// expands it. It returns the new string and the text its positions refer
// to.
func (r *Runner) posixReread(q *syntax.DblQuoted) (*syntax.DblQuoted, string, bool) {
	from, to := int(q.Pos().Offset()), int(q.End().Offset())
	src := r.curSrc
	if !q.Pos().IsValid() || to > len(src) || from >= to || src[to-1] != '"' || src[from] != '"' && src[from] != '$' {
		return nil, "", false
	}
	text, _, ok := posixQuoteRewrite(src[from:to])
	if !ok {
		return nil, "", false
	}
	var words []*syntax.Word
	err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Words(strings.NewReader(text), func(w *syntax.Word) bool {
		words = append(words, w)
		return true
	})
	if err != nil || len(words) != 1 || len(words[0].Parts) != 1 {
		return nil, "", false
	}
	q2, ok := words[0].Parts[0].(*syntax.DblQuoted)
	return q2, text, ok
}

// wordOp reports the operators -, +, = and ? (with or without the
// colon): their word is used only by the test on the parameter, and bash
// reads it with POSIX quoting.
func wordOp(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull,
		syntax.DefaultUnset, syntax.DefaultUnsetOrNull,
		syntax.ErrorUnset, syntax.ErrorUnsetOrNull,
		syntax.AssignUnset, syntax.AssignUnsetOrNull:
		return true
	}
	return false
}

// parsePosixProgram parses src as bash does in POSIX mode. Only quotes
// inside a ${…} are read otherwise there, so without one it is src's
// bash reading; with one, the bash reading is parsed only to compare
// errors when the POSIX one fails.
func parsePosixProgram(src, name string) (*syntax.File, string, error) {
	if !strings.Contains(src, "${") {
		return parseProgram(src, name)
	}
	// the bash reading may pair the quotes differently (across lines),
	// so it cannot tell where the POSIX one differs: the scan does
	rewritten, edits, ok := posixQuoteRewrite(src)
	if !ok {
		return parseProgram(src, name)
	}
	f2, text2, err2 := parseProgram(rewritten, name)
	if err2 == nil {
		return f2, text2, nil
	}
	f, text, err := parseProgram(src, name)
	if err == nil && !syntax.IsIncomplete(err2) || err != nil && parseErrLine(err2) < parseErrLine(err) {
		return f, text, err
	}
	// it parses further, or a quote that is ordinary here leaves a
	// ${…} or a string open to the end: its error is bash's
	// ("${x-'"'y}" opens a string in POSIX mode)
	return f2, text2, unmapParseError(err2, edits, src)
}

// parseErrLine is the line of a syntax error.
func parseErrLine(err error) uint {
	pos, _, ok := parseErrorPos(err)
	if !ok {
		return 0
	}
	return pos.Line()
}

// posix quote scanner contexts
const (
	pqTop   = iota // unquoted text (also inside $( ))
	pqDq           // inside "…"
	pqBrace        // inside ${…}
)

type pqFrame struct {
	kind  int
	dq    bool // a ${…} inside double quotes
	word  bool // a ${…} whose operator takes a word with POSIX quoting
	paren int  // open parentheses of a $( ) (pqTop only)
}

// posixQuoteRewrite wraps in double quotes the single quotes bash reads
// as ordinary characters in POSIX mode. It reports false when there are
// none or the text is beyond what it scans (then nothing changes).
func posixQuoteRewrite(text string) (string, []parseEdit, bool) {
	var b strings.Builder
	var edits []parseEdit
	stack := []pqFrame{{kind: pqTop}}
	var hdocs []string // delimiters of here-documents whose bodies come next
	changed := false
	atWordStart := true
	var k int
	// copyThrough copies text[k:e+1], a quoted span that ends at e, as it
	// is; it reports false when the span is unclosed (e < 0).
	copyThrough := func(e int) bool {
		if e < 0 {
			return false
		}
		b.WriteString(text[k : e+1])
		k = e
		atWordStart = false
		return true
	}
	for k = 0; k < len(text); k++ {
		c := text[k]
		top := &stack[len(stack)-1]
		switch top.kind {
		case pqTop, pqBrace:
			inWord := top.kind == pqBrace && top.dq && top.word
			switch {
			case c == '\\':
				if k+1 < len(text) {
					b.WriteString(text[k : k+2])
					k++
					atWordStart = false
					continue
				}
			case c == '\'' && inWord:
				// two insertions, each an offset of the text with
				// the edits before it made
				edits = append(edits, parseEdit{b.Len(), 1}, parseEdit{b.Len() + 2, len(posixQuoteTail)})
				b.WriteString(`"'` + posixQuoteTail)
				changed = true
				atWordStart = false
				continue
			case c == '\'':
				if !copyThrough(closingQuote(text, k)) {
					return "", nil, false
				}
				continue
			case c == '"':
				stack = append(stack, pqFrame{kind: pqDq})
			case c == '`':
				if !copyThrough(skipQuoted(text, k)) {
					return "", nil, false
				}
				continue
			case c == '$' && k+1 < len(text) && (text[k+1] == '{' || text[k+1] == '('):
				k = pqOpen(&b, text, k, &stack, top.kind == pqBrace && top.dq)
				atWordStart = false
				continue
			case c == '$' && k+1 < len(text) && text[k+1] == '\'' && inWord:
				// no $'…' there either: the "$" is a character, and
				// the quote after it one too (next round)
				edits = append(edits, parseEdit{b.Len(), 1})
				b.WriteString(`\$`)
				changed = true
				atWordStart = false
				continue
			case c == '$' && k+1 < len(text) && text[k+1] == '\'':
				if !copyThrough(dollarQuoteEnd(text, k+1) - 1) {
					return "", nil, false
				}
				continue
			case top.kind == pqBrace && c == '}':
				stack = stack[:len(stack)-1]
			case top.kind == pqTop && c == '(':
				top.paren++
			case top.kind == pqTop && c == ')' && len(stack) > 1:
				if top.paren == 0 {
					stack = stack[:len(stack)-1]
				} else {
					top.paren--
				}
			case top.kind == pqTop && c == '#' && atWordStart:
				e := strings.IndexByte(text[k:], '\n')
				if e < 0 {
					e = len(text) - k
				}
				b.WriteString(text[k : k+e])
				k += e - 1
				continue
			case top.kind == pqTop && c == '<' && strings.HasPrefix(text[k:], "<<") && !strings.HasPrefix(text[k:], "<<<"):
				delim, n, ok := pqHdocDelim(text[k+2:])
				if !ok {
					return "", nil, false
				}
				hdocs = append(hdocs, delim)
				b.WriteString(text[k : k+2+n])
				k += 1 + n
				atWordStart = false
				continue
			case c == '\n' && len(hdocs) > 0:
				b.WriteByte(c)
				e, ok := skipHdocBodies(text, k+1, hdocs)
				if !ok {
					return "", nil, false
				}
				b.WriteString(text[k+1 : e])
				k = e - 1
				hdocs = nil
				atWordStart = true
				continue
			}
		case pqDq:
			switch {
			case c == '\\':
				if k+1 < len(text) {
					b.WriteString(text[k : k+2])
					k++
					continue
				}
			case c == '"':
				stack = stack[:len(stack)-1]
			case c == '`':
				// not copyThrough: inside "…" the word-start state stays
				e := skipQuoted(text, k)
				if e < 0 {
					return "", nil, false
				}
				b.WriteString(text[k : e+1])
				k = e
				continue
			case c == '$' && k+1 < len(text) && (text[k+1] == '{' || text[k+1] == '('):
				k = pqOpen(&b, text, k, &stack, true)
				continue
			}
		}
		b.WriteByte(c)
		atWordStart = strings.IndexByte(" \t\n;&|()", c) >= 0
	}
	if !changed {
		return "", nil, false
	}
	return b.String(), edits, true
}

// pqOpen writes the "${" or "$(" at offset k (with, for ${, the parameter
// and its operator) and pushes its context; it returns the offset of the
// last byte written.
func pqOpen(b *strings.Builder, text string, k int, stack *[]pqFrame, dq bool) int {
	if text[k+1] == '(' {
		b.WriteString("$(")
		*stack = append(*stack, pqFrame{kind: pqTop})
		return k + 1
	}
	from := k + 2
	j := from
	if j < len(text) && (text[j] == '#' || text[j] == '!') && j+1 < len(text) && text[j+1] != '}' {
		j++
	}
	n := paramLen(text[j:min(len(text), j+256)])
	if n < 0 {
		n = 0
	}
	j += n
	word := false
	if j < len(text) {
		op := text[j]
		if op == ':' && j+1 < len(text) {
			op = text[j+1]
		}
		word = strings.IndexByte("-=?+", op) >= 0
	}
	b.WriteString(text[k:j])
	*stack = append(*stack, pqFrame{kind: pqBrace, dq: dq, word: word})
	return j - 1
}

// pqHdocDelim reads the delimiter of a here-document after "<<": it returns
// the delimiter with its quotes removed and the length of the text read.
func pqHdocDelim(s string) (string, int, bool) {
	k := 0
	if k < len(s) && s[k] == '-' {
		k++
	}
	for k < len(s) && (s[k] == ' ' || s[k] == '\t') {
		k++
	}
	var d strings.Builder
	start := k
	for k < len(s) && strings.IndexByte(" \t\n;&|()<>", s[k]) < 0 {
		switch s[k] {
		case '\'', '"':
			e := skipQuoted(s, k)
			if e < 0 {
				return "", 0, false
			}
			d.WriteString(s[k+1 : e])
			k = e + 1
			continue
		case '\\':
			k++
			if k < len(s) {
				d.WriteByte(s[k])
			}
			k++
			continue
		}
		d.WriteByte(s[k])
		k++
	}
	if k == start {
		return "", 0, false
	}
	tabs := strings.HasPrefix(s, "-")
	if tabs {
		return "\t" + d.String(), k, true
	}
	return d.String(), k, true
}

// skipHdocBodies returns the offset after the bodies of the here-documents
// with delimiters delims, starting at offset k (a "\t" prefix marks <<-).
func skipHdocBodies(text string, k int, delims []string) (int, bool) {
	for _, d := range delims {
		tabs := strings.HasPrefix(d, "\t")
		d = strings.TrimPrefix(d, "\t")
		for {
			if k >= len(text) {
				return len(text), true // unterminated: to the end
			}
			e := strings.IndexByte(text[k:], '\n')
			line := text[k:]
			next := len(text)
			if e >= 0 {
				line, next = text[k:k+e], k+e+1
			}
			if tabs {
				line = strings.TrimLeft(line, "\t")
			}
			k = next
			if line == d {
				break
			}
		}
	}
	return k, true
}

// parseForMode parses src as bash reads it in the runner's current mode.
func (r *Runner) parseForMode(src, name string) (*syntax.File, string, error) {
	if r.opts.on(optPosix) {
		return parsePosixProgram(src, name)
	}
	return parseProgram(src, name)
}

// reparseFrom parses the statements of text, the program as written,
// from line on in the runner's current mode, after set -o posix (or +o)
// changed how bash reads them. The lines before are blanked, so lines
// stay those of text.
func (r *Runner) reparseFrom(text string, line int, name string) (*syntax.File, string, error) {
	from := 0
	for n := 1; n < line && from < len(text); n++ {
		k := strings.IndexByte(text[from:], '\n')
		if k < 0 {
			from = len(text)
			break
		}
		from += k + 1
	}
	b := []byte(text[:from])
	for i, c := range b {
		if c != '\n' {
			b[i] = ' '
		}
	}
	return r.parseForMode(string(b)+text[from:], name)
}
