package interp

import (
	"bytes"
	"strings"
)

// Bash's reader drops a backslash-newline before the lexer sees the text
// (outside single quotes, comments and here-document bodies), so it may
// split any token: "&\<nl>&" is "&&", "<\<nl><" is "<<", "$\<nl>{\<nl>2\<nl>}"
// is "${2}". mvdan's lexer skips a backslash-newline only inside words,
// and reads the halves of an operator or expansion as two tokens.
// moveLineJoins moves such a backslash-newline forward, past the
// characters it splits off (up to a blank, newline, quote or backslash,
// which end a token or change the quoting): the text bash reads is the
// same, its length and number of lines too, and only the moved
// characters change line. It returns text unchanged when there is no
// backslash-newline after a character that starts an operator or an
// expansion.
func moveLineJoins(text string) string {
	if !joinsToCheck(text) {
		return text
	}
	s := newJoinScanner(text)
	s.run()
	if !s.changed {
		return text
	}
	return string(s.b)
}

// endsInJoin reports whether text ends with a backslash-newline that
// bash's reader removes (not one in single quotes, a comment or a
// here-document body): a line-at-a-time reader must read the next line
// before the command can be parsed, as the two lines are one to bash.
func endsInJoin(text string) bool {
	if !strings.HasSuffix(text, "\\\n") {
		return false
	}
	s := newJoinScanner(text)
	s.run()
	return s.lastJoin == len(text)-2
}

// hdocBodyOpen reports whether text ends before the delimiter line of a
// here-document: a reader taking a line at a time reads on, as bash
// reads the bodies of a command's here-documents before it runs it.
func hdocBodyOpen(text string) bool {
	if !strings.Contains(text, "<<") {
		return false
	}
	s := newJoinScanner(text)
	s.run()
	return s.bodyOpen || len(s.pending) > 0
}

// joinsToCheck reports whether text may hold a backslash-newline
// moveLineJoins changes: one after a character of joinStarts, or on a
// line with a "#" (a comment's end) or in a text with "<<" (a
// here-document's delimiter line), or in a text with "${" (see moveJoin).
func joinsToCheck(text string) bool {
	wide := strings.Contains(text, "<<") || strings.Contains(text, "${")
	for i := 0; ; {
		k := strings.Index(text[i:], "\\\n")
		if k < 0 {
			return false
		}
		i += k
		if wide || i > 0 && (strings.IndexByte(joinStarts, text[i-1]) >= 0 || text[i-1] == ')') {
			return true
		}
		if ls := strings.LastIndexByte(text[:i], '\n'); strings.IndexByte(text[ls+1:i], '#') >= 0 {
			return true
		}
		i += 2
	}
}

// joinFrame is one level of nesting the scanner is in.
type joinFrame struct {
	kind  byte // 'n' commands, 'q' double quotes, 'b' ${ }, '`' backquotes, 'a' (( ))
	depth int  // open parentheses or braces in this frame
	part  bool // the frame is a part of a word ($( ), $(( )), ${ }, "…", `…`)
}

// joinScanner walks a program's text with just enough of bash's
// quoting rules to know where a backslash-newline is removed.
type joinScanner struct {
	b         []byte
	stack     []joinFrame
	pending   []hdocPending // here-documents whose bodies start at the next newline
	doneUntil int           // backslash-newlines before this were moved here
	changed   bool
	lastJoin  int // offset of the last backslash-newline met as a join, or -1
	// condEnds collects, when not nil, the offsets after each "]]" word
	// that ends a line with here-documents pending (see condHdocFix);
	// comment is where the current line's comment starts, or -1
	condEnds *[]int
	comment  int
	// hashes collects, when not nil, the offsets of the #s that
	// continue a word after a part mvdan's lexer ends a token with (see
	// wordHashFix); partEnd is the offset after the last word part that
	// closed
	hashes  *[]int
	partEnd int
	// bodyOpen: the text ended in a here-document's body (or before
	// it), its delimiter line not read
	bodyOpen bool
}

// hdocPending is a here-document operator met on the current line.
type hdocPending struct {
	delim     string
	stripTabs bool
	quoted    bool // the body is taken as written
}

func newJoinScanner(text string) *joinScanner {
	return &joinScanner{b: []byte(text), stack: []joinFrame{{kind: 'n'}}, lastJoin: -1, partEnd: -1}
}

func (s *joinScanner) top() *joinFrame { return &s.stack[len(s.stack)-1] }

func (s *joinScanner) push(kind byte) {
	s.stack = append(s.stack, joinFrame{kind: kind, depth: 1, part: kind != 'a'})
}

// pop leaves the innermost frame, closed by the byte at i.
func (s *joinScanner) pop(i int) {
	if len(s.stack) > 1 {
		if s.top().part {
			s.partEnd = i + 1
		}
		s.stack = s.stack[:len(s.stack)-1]
	}
}

func (s *joinScanner) run() {
	b := s.b
	for i := 0; i < len(b); {
		c := b[i]
		f := s.top()
		if c == '\\' {
			if i+1 < len(b) && b[i+1] == '\n' {
				s.lastJoin = i
				if i >= s.doneUntil && s.moveJoin(i) {
					if b[i-1] == '<' || b[i-1] == '$' {
						i-- // it may start "<<" or "${" now; alone it has no state
					}
					continue
				}
				i += 2 // not moved
				continue
			}
			i += 2
			continue
		}
		if f.kind == 'q' {
			switch {
			case c == '"':
				s.pop(i)
			case c == '$' && i+1 < len(b) && (b[i+1] == '(' || b[i+1] == '{'):
				i = s.openDollar(i)
				continue
			case c == '`':
				s.push('`')
			}
			i++
			continue
		}
		switch {
		case c == '\'':
			i = skipSingle(b, i+1, false)
			s.partEnd = i
			continue
		case c == '$' && i+1 < len(b) && b[i+1] == '\'':
			i = skipSingle(b, i+2, true)
			s.partEnd = i
			continue
		case c == '"':
			s.push('q')
		case c == '`':
			if f.kind == '`' {
				s.pop(i)
			} else {
				s.push('`')
			}
		case c == '$' && i+1 < len(b) && (b[i+1] == '(' || b[i+1] == '{'):
			i = s.openDollar(i)
			continue
		case c == '#' && s.hashes != nil && f.kind != 'b' && f.kind != 'a' && s.wordHash(i):
			*s.hashes = append(*s.hashes, i)
		case c == '#' && f.kind != 'b' && f.kind != 'a' && wordStart(b, i) && i != s.partEnd:
			s.comment = i
			if s.inBackquotes() {
				i = s.bquoteComment(i)
				continue
			}
			for i < len(b) && b[i] != '\n' {
				i++
			}
			if i < len(b) && b[i-1] == '\\' {
				// a comment ends at the newline, escaped or not: mvdan's
				// lexer would join the next line to the command
				b[i-1] = ' '
				s.changed = true
			}
			continue
		case c == '(' || c == '{':
			if c == '(' && f.kind != 'a' && f.kind != 'b' && i > 0 && (b[i-1] == '<' || b[i-1] == '>') {
				s.push('n') // a process substitution
				i++
				continue
			}
			if c == '(' && i+1 < len(b) && b[i+1] == '(' && f.kind != 'a' {
				s.push('a')
				s.top().depth = 2
				i += 2
				continue
			}
			// a ${ } ends at its first "}": bash's parse_matched_pair
			// (P_FIRSTCLOSE) nests only a "${" in it, not a "{"
			if c == '(' && f.kind != 'b' {
				f.depth++
			}
		case c == ')' || c == '}':
			if (c == ')') == (f.kind != 'b') && len(s.stack) > 1 && f.kind != '`' {
				f.depth--
				if f.depth == 0 {
					s.pop(i)
				}
			}
		case c == '<' && f.kind != 'a' && i+2 < len(b) && b[i+1] == '<' && b[i+2] == '<':
			i += 3 // a here-string, whose last two <s are no here-document
			continue
		case c == '<' && f.kind != 'a' && i+1 < len(b) && b[i+1] == '<':
			i = s.hdocOperator(i + 2)
			continue
		case c == '\n' && len(s.pending) > 0:
			if s.condEnds != nil && f.kind != 'b' && f.kind != 'a' {
				s.noteCondEnd(i)
			}
			i = s.skipBodies(i + 1)
			continue
		}
		i++
	}
}

// inBackquotes reports whether the scanner is in the text of a `…`.
func (s *joinScanner) inBackquotes() bool {
	for _, f := range s.stack {
		if f.kind == '`' {
			return true
		}
	}
	return false
}

// bquoteComment skips the comment at i in the text of a `…` and returns
// the offset of the newline or backquote that ends it. bash's reader
// removed the backslash-newlines of that text before the comment was
// one, so the comment goes on after them; they are moved before the #
// (which keeps the length and the lines), where mvdan's lexer skips them.
func (s *joinScanner) bquoteComment(i int) int {
	b := s.b
	for i < len(b) && b[i] != '\n' && b[i] != '`' {
		if b[i] == '\\' && i+1 < len(b) {
			if b[i+1] == '\n' {
				copy(b[s.comment+2:i+2], b[s.comment:i])
				b[s.comment], b[s.comment+1] = '\\', '\n'
				s.comment += 2
				s.changed = true
			}
			i += 2
			continue
		}
		i++
	}
	return i
}

// openDollar enters the $( or ${ at i and returns the offset after it.
func (s *joinScanner) openDollar(i int) int {
	switch {
	case s.b[i+1] == '{':
		s.push('b')
	case i+2 < len(s.b) && s.b[i+2] == '(':
		s.push('a')
		s.top().depth, s.top().part = 2, true
		return i + 3
	default:
		s.push('n')
	}
	return i + 2
}

// skipSingle returns the offset after the single quote closing a string
// whose text starts at i; in $'…' a backslash escapes the next byte.
func skipSingle(b []byte, i int, escapes bool) int {
	for i < len(b) {
		switch {
		case b[i] == '\'':
			return i + 1
		case escapes && b[i] == '\\':
			i++
		}
		i++
	}
	return i
}

// wordStart reports whether the byte at i starts a word (a # there
// starts a comment).
func wordStart(b []byte, i int) bool {
	return i == 0 || strings.IndexByte(" \t\n;&|()<>", b[i-1]) >= 0
}

// joinStarts are the characters that start an operator or an expansion
// a backslash-newline after them may split.
const joinStarts = "&|;<>$({#"

// moveJoin handles the backslash-newline at i: when it (and any that
// follow it in the same run) splits a token, the run of characters after
// it is moved before it. It reports whether it moved anything.
func (s *joinScanner) moveJoin(i int) bool {
	b := s.b
	// ")\<nl>)" in $(( )) or (( )) is the closing "))"
	closing := i > 0 && b[i-1] == ')' && s.top().kind == 'a'
	// in ${ } it may split the name from the operator or the operator
	// itself ("${x:\<nl>-y}"), which mvdan's lexer reads as two tokens
	brace := s.top().kind == 'b'
	if i == 0 || strings.IndexByte(joinStarts, b[i-1]) < 0 && !closing && !brace {
		return false
	}
	if b[i-1] == '#' && !brace && s.top().kind != 'a' {
		return false // "x#" ends no token: the join splits nothing
	}
	// after an operator's character only the rest of the operator moves
	// (not in arithmetic, nor after a "<", whose here-document word goes
	// with it)
	op := !brace && !closing && s.top().kind != 'a' && strings.IndexByte(";&|>(", b[i-1]) >= 0
	var run []byte
	joins := 0
	j := i
	for j < len(b) {
		if b[j] == '\\' && j+1 < len(b) && b[j+1] == '\n' {
			if len(run) > 0 && run[len(run)-1] == '$' && b[j-1] == '$' {
				// "$'a'$\<nl>'b'": the next $ stays with its own join
				run = run[:len(run)-1]
				j--
				break
			}
			joins++
			j += 2
			continue
		}
		c := b[j]
		if len(run) == 0 && b[i-1] == '$' && (c == '\'' || c == '"') && s.top().kind != 'q' {
			// "$\<nl>'…'" is $'…' and "$\<nl>\"…\"" is $"…": the
			// string goes with the $
			end := joinQuoteEnd(b, j)
			if end < 0 {
				break
			}
			run = append(run, b[j:end]...)
			j = end
			continue
		}
		if strings.IndexByte(" \t\n'\"`\\", c) >= 0 {
			break
		}
		last := b[i-1]
		if len(run) > 0 {
			last = run[len(run)-1]
		}
		if c == '#' && strings.IndexByte(";&|()<>", last) >= 0 {
			break // it would start a comment
		}
		if op && strings.IndexByte(";&|<>(", c) < 0 {
			break // the operator ends here: what follows stays on its line
		}
		run = append(run, c)
		j++
	}
	if len(run) == 0 {
		return false
	}
	k := i + copy(b[i:], run)
	for range joins {
		b[k], b[k+1] = '\\', '\n'
		k += 2
	}
	s.doneUntil = j
	s.changed = true
	return true
}

// joinQuoteEnd returns the offset after the string quoted by b[j] (a
// ' or "), which follows a $: -1 when it does not end on its line or
// holds an expansion that may hold quotes itself.
func joinQuoteEnd(b []byte, j int) int {
	q := b[j]
	for k := j + 1; k < len(b); k++ {
		switch c := b[k]; {
		case c == q:
			return k + 1
		case c == '\n' || q == '"' && (c == '`' || c == '$' && k+1 < len(b) && (b[k+1] == '(' || b[k+1] == '{')):
			return -1
		case c == '\\':
			k++ // in $'…' too, a backslash escapes the quote
		}
	}
	return -1
}

// hdocOperator reads the delimiter word of the here-document operator
// whose "<<" ends before i and returns the offset after it.
func (s *joinScanner) hdocOperator(i int) int {
	b := s.b
	if i+1 < len(b) && b[i] == '\\' && b[i+1] == '\n' && i >= s.doneUntil {
		s.moveJoin(i) // "<<\<nl>-": the operator is "<<-"
	}
	h := hdocPending{}
	if i < len(b) && b[i] == '-' {
		h.stripTabs = true
		i++
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	var delim []byte
	for i < len(b) && strings.IndexByte(" \t\n;&|()<>", b[i]) < 0 {
		switch c := b[i]; c {
		case '\'', '"':
			h.quoted = true
			end := i + 1
			for end < len(b) && b[end] != c {
				end++
			}
			delim = append(delim, b[i+1:min(end, len(b))]...)
			i = end + 1
			continue
		case '\\':
			if i+1 < len(b) && b[i+1] == '\n' {
				i += 2 // a join the scanner left for the lexer
				continue
			}
			h.quoted = true
			i++
		}
		if i < len(b) {
			delim = append(delim, b[i])
		}
		i++
	}
	if len(delim) > 0 {
		h.delim = string(delim)
		s.pending = append(s.pending, h)
	}
	return i
}

// skipBodies skips the bodies of the pending here-documents, which start
// at i, and returns the offset after the last one's delimiter line.
func (s *joinScanner) skipBodies(i int) int {
	b := s.b
	for k, h := range s.pending {
		found := false
		for i < len(b) {
			end := i
			for end < len(b) && b[end] != '\n' {
				end++
			}
			line := b[i:end]
			if !h.quoted && end == len(b)-1 && trailingJoin(line) {
				s.lastJoin = end - 1 // the body line goes on
			}
			for h.stripTabs && len(line) > 0 && line[0] == '\t' {
				line = line[1:]
			}
			if string(line) == h.delim { // no copy
				i, found = min(end+1, len(b)), true
				break
			}
			if !h.quoted && s.joinsInBody(i, end) {
				continue // the line is longer now
			}
			if !h.quoted && k == len(s.pending)-1 && s.joinedDelim(i, h) {
				continue // the line is the delimiter now
			}
			if !h.quoted && end < len(b)-1 && trailingJoin(line) {
				i = s.joinedBodyLine(i, h)
				continue
			}
			i = min(end+1, len(b))
		}
		s.bodyOpen = s.bodyOpen || !found
	}
	s.pending = s.pending[:0]
	return i
}

// trailingJoin reports whether line ends with an unescaped backslash.
func trailingJoin(line []byte) bool {
	n := 0
	for n < len(line) && line[len(line)-1-n] == '\\' {
		n++
	}
	return n%2 == 1
}

// joinedLine reads the line of b at i with the lines it goes on to after
// backslash-newlines: their text joined without those, how many were
// joined, and the offset of the newline (or end) after the last one.
// cont, if not nil, sees each piece after the first.
func joinedLine(b []byte, i int, cont func(piece []byte)) (joined []byte, joins, end int) {
	j := i
	for {
		end = j
		for end < len(b) && b[end] != '\n' {
			end++
		}
		line := b[j:end]
		if joins > 0 && cont != nil {
			cont(line)
		}
		if end == len(b) || !trailingJoin(line) {
			return append(joined, line...), joins, end
		}
		joined = append(joined, line[:len(line)-1]...)
		joins++
		j = end + 1
	}
}

// joinsInBody moves the backslash-newlines that split an expansion
// ("$\<nl>{x}") in the line of an unquoted here-document body from i to
// end, as moveJoin does in commands, and reports whether it moved one.
func (s *joinScanner) joinsInBody(i, end int) bool {
	b := s.b
	return end+1 < len(b) && b[end-1] == '\\' && end-1 > i && b[end-2] == '$' && end-1 >= s.doneUntil && s.moveJoin(end-1)
}

// joinedDelim handles a delimiter split by backslash-newlines in the body
// of an unquoted here-document at the line starting at i ("EO\<nl>F"):
// bash reads the body's lines joined, mvdan's lexer compares each line.
// The joined line takes the place of its pieces, and the newlines removed
// with the backslashes follow it as blank lines (after the body, as the
// last here-document on its line ends there). It reports whether it did.
func (s *joinScanner) joinedDelim(i int, h hdocPending) bool {
	b := s.b
	joined, joins, _ := joinedLine(b, i, nil)
	got := string(joined)
	if h.stripTabs {
		got = strings.TrimLeft(got, "\t")
	}
	if joins == 0 || got != h.delim {
		return false
	}
	k := i + copy(b[i:], joined)
	for range joins {
		b[k], b[k+1] = '\n', ' '
		k += 2
	}
	s.changed = true
	return true
}

// joinedBodyLine skips the body line of an unquoted here-document that
// starts at i and goes on past backslash-newlines, and returns the offset
// after it. Bash reads the pieces as one line, which only the whole can
// end the body, with the tabs of <<- stripped from its start alone;
// mvdan's lexer compares a piece that starts with tabs with the
// delimiter once they are stripped ("x \<nl><TAB>EOF" ends its body).
// When a piece would end it so, the joined line takes the place of the
// pieces, followed by the removed backslash-newlines (the lines after it
// are then empty continuations), so the text keeps its length and lines.
func (s *joinScanner) joinedBodyLine(i int, h hdocPending) int {
	b := s.b
	stops := false
	joined, joins, j := joinedLine(b, i, func(piece []byte) {
		if h.stripTabs && len(piece) > 0 && piece[0] == '\t' && string(bytes.TrimLeft(piece, "\t")) == h.delim {
			stops = true
		}
	})
	if stops {
		k := i + copy(b[i:], joined)
		for range joins {
			b[k], b[k+1] = '\\', '\n'
			k += 2
		}
		s.changed = true
	}
	return min(j+1, len(b))
}

// noteCondEnd records the end of a "]]" word that ends the line whose
// newline is at nl, before a comment and blanks.
func (s *joinScanner) noteCondEnd(nl int) {
	b := s.b
	start := bytes.LastIndexByte(b[:nl], '\n') + 1
	end := nl
	if s.comment >= start && s.comment < nl {
		end = s.comment
	}
	for end > start && (b[end-1] == ' ' || b[end-1] == '\t') {
		end--
	}
	if end-start >= 3 && b[end-1] == ']' && b[end-2] == ']' && (b[end-3] == ' ' || b[end-3] == '\t') {
		*s.condEnds = append(*s.condEnds, end)
	}
}
