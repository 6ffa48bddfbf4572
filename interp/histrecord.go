package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Recording the lines read while set -o history is on. bash adds each
// line as its reader reads it (bashhist.c: maybe_add_history): the first
// line of a command as a new entry, under HISTCONTROL and HISTIGNORE, and
// the next lines of a multi-line command to that entry (cmdhist), joined
// by what parse.y's history_delimiting_chars chooses from the tokens
// before the newline. nash parses ahead, so it records a top-level group's
// lines just before the group runs, when bash has read them.

// histRecordGroup records the lines read for group g of r.curSrc (and
// the comment lines before it, each a command of its own).
func (r *Runner) histRecordGroup(g []*syntax.Stmt) {
	if !r.histOn() {
		if r.hist != nil {
			r.hist.live = false
		}
		return
	}
	if len(g) == 0 || (r.sh.cmdString && (r.hist == nil || !r.hist.enabled)) {
		return
	}
	h := r.histList()
	h.lastPushed = false // a new command line is read
	if !sameString(h.src, r.curSrc) {
		h.src, h.line = r.curSrc, 0
		if !h.live {
			h.line = r.verboseLine
		}
	} else if !h.live {
		h.line = r.verboseLine
	}
	h.live = true
	text := r.asWritten(r.curSrc)
	if !sameString(h.linesOf, text) {
		// split once per text read, not once per command
		h.linesOf, h.lines = text, strings.SplitAfter(text, "\n")
	}
	lines := h.lines
	first := int(g[0].Pos().Line())
	last, hdocs := histGroupEnd(g, lines)
	for n := h.line + 1; n < first && n <= len(lines); n++ {
		if l := strings.TrimSuffix(lines[n-1], "\n"); l != "" {
			h.firstSaved = r.histCheckAdd(l)
		}
	}
	if last < first {
		last = first
	}
	if last > len(lines) {
		last = len(lines)
	}
	h.line = last
	if first > len(lines) {
		return
	}
	r.histAddCommand(lines[first-1:last], groupLineStart(r.curSrc, g), g, hdocs, first)
}

// histAddCommand records the lines of one command, which starts at byte
// offset off of r.curSrc on line first; hdocs are the here-document body
// lines (delimiters included).
func (r *Runner) histAddCommand(lines []string, off int, g []*syntax.Stmt, hdocs map[int]bool, first int) {
	h := r.hist
	quoted, compound, delimited := histSpans(g)
	inSpan := func(spans [][2]int, o int) bool {
		for _, s := range spans {
			if o > s[0] && o < s[1] {
				return true
			}
		}
		return false
	}
	l0 := strings.TrimSuffix(lines[0], "\n")
	h.firstSaved = r.histCheckAdd(l0)
	comment := -2
	if shellComment(l0) != 0 {
		comment = 0
	}
	var read strings.Builder // the lines before, for their tokens
	read.WriteString(lines[0])
	hdocFirst := true
	for i := 1; i < len(lines); i++ {
		off += len(lines[i-1])
		raw := lines[i]
		l := strings.TrimSuffix(raw, "\n")
		hdoc := hdocs[first+i]
		quote := inSpan(quoted, off)
		isC := 0
		if !hdoc && !quote {
			isC = shellComment(l)
		}
		if hdoc {
			l += "\n"
		}
		if l == "" {
			continue // bash adds no empty line
		}
		if !r.opts.sh(shCmdhist) {
			// each line is an entry of its own (bash_add_history)
			if h.firstSaved && (hdoc || quote || isC != 1) {
				r.histReallyAdd(l)
			}
			continue
		}
		lit := r.opts.sh(shLithist)
		if h.firstSaved && (hdoc || quote || lit || isC != 1) {
			sep := "; "
			switch {
			case lit && !hdoc:
				sep = "\n"
			case hdoc:
				sep = ""
				if hdocFirst {
					sep = "\n"
				}
				hdocFirst = false
			case i == comment+1:
				sep = "\n"
			case quote, inSpan(delimited, off):
				sep = "\n"
			case inSpan(compound, off):
				sep = " "
			default:
				sep = histDelimiter(read.String(), l, r.sh.cmdNumber.Load() == 0)
			}
			r.histAppend(sep, l)
		}
		if isC != 0 {
			comment = i
		} else {
			comment = -2
		}
		if !hdoc {
			read.WriteString(raw)
		}
	}
}

// histGroupEnd is the last line of group g, here-document bodies
// included, and the set of lines that are here-document bodies.
func histGroupEnd(g []*syntax.Stmt, lines []string) (int, map[int]bool) {
	last := 0
	var delims []*syntax.Redirect
	for _, st := range g {
		if l := int(st.End().Line()); l > last {
			last = l
		}
		walk(st, func(n syntax.Node) bool {
			if rd, ok := n.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) {
				delims = append(delims, rd)
			}
			return true
		})
	}
	if len(delims) == 0 {
		return last, nil
	}
	hdocs := map[int]bool{}
	n := 0
	for _, rd := range delims {
		n = max(n, int(rd.Pos().Line())+1)
		delim := hdocDelimText(rd.Word)
		for ; n <= len(lines); n++ {
			hdocs[n] = true
			l := strings.TrimSuffix(lines[n-1], "\n")
			if rd.Op == syntax.DashHdoc {
				l = strings.TrimLeft(l, "\t")
			}
			if l == delim {
				n++
				break
			}
		}
	}
	return max(last, n-1), hdocs
}

// histRecordComments records the comment lines and lines of blanks of a
// text read with no command in it, each an entry of its own.
func (r *Runner) histRecordComments(src string) {
	if !r.histOn() {
		return
	}
	for _, l := range strings.Split(src, "\n") {
		if l != "" {
			r.histList().firstSaved = r.histCheckAdd(l)
		}
	}
}

// hdocDelimText is a here-document's delimiter with its quotes removed.
func hdocDelimText(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	var sb strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			sb.WriteString(strings.ReplaceAll(p.Value, `\`, ""))
		case *syntax.SglQuoted:
			sb.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok {
					sb.WriteString(l.Value)
				}
			}
		}
	}
	return sb.String()
}

// histSpans are the byte spans of g's quoted strings (a newline in them
// joins with a newline), of its compound assignments (with a space) and
// of the constructs bash's lexer reads with a delimiter pushed, whose
// newlines history keeps as they are too: $(…) and $((…)) (parse_comsub),
// `…`, <(…) and >(…), and extended glob patterns (not $[…], read by
// parse_matched_pair without one).
func histSpans(g []*syntax.Stmt) (quoted, compound, delimited [][2]int) {
	span := func(n syntax.Node) [2]int { return [2]int{int(n.Pos().Offset()), int(n.End().Offset())} }
	for _, st := range g {
		walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.SglQuoted, *syntax.DblQuoted:
				quoted = append(quoted, span(n))
			case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ExtGlob:
				delimited = append(delimited, span(n))
			case *syntax.ArithmExp:
				if !n.Bracket {
					delimited = append(delimited, span(n))
				}
			case *syntax.Assign:
				if n.Array != nil {
					compound = append(compound, [2]int{int(n.Pos().Offset()), int(n.End().Offset())})
				}
			}
			return true
		})
	}
	return quoted, compound, delimited
}

// shellComment is bash's shell_comment: 1 for a comment line, 2 for a
// line ending in a comment, else 0.
func shellComment(line string) int {
	t := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(t, "#") {
		return 1
	}
	toks := histTokens(line)
	if len(toks) > 0 && toks[len(toks)-1] == "#" {
		return 2
	}
	return 0
}

// histDelimiter is history_delimiting_chars: what joins line to the
// command read so far (read, the lines before it), from the last two
// tokens read before the newline. Before the command's first token lies
// the newline that ended the command before, or nothing when it is the
// first the shell reads (first).
func histDelimiter(read, line string, first bool) string {
	toks := histTokens(read)
	// tokens are words and operators; "\n" ends each line, "#" a comment
	var clean []string
	for _, t := range toks {
		if t != "#" {
			clean = append(clean, t)
		}
	}
	kw := histKeywords(clean)
	n := len(clean) // clean[n-1] is the newline just read
	if n >= 2 && openDolbrace(read) {
		// the newline is inside a ${…} the lexer is still reading as
		// part of a word (parse_matched_pair): neither that word nor
		// the newline is a token yet, the last token read is the one
		// before the word
		n -= 2
	}
	tok := func(back int) (string, bool) {
		if i := n - 1 - back; i >= 0 {
			return clean[i], kw[i]
		} else if i == -1 && first {
			return "\x00", false // bash's token 0: no token yet
		}
		return "", false
	}
	before, beforeKw := tok(1)
	two, twoKw := tok(2)
	inCase := false
	for i, t := range clean {
		if kw[i] && t == "case" {
			inCase = true
		} else if kw[i] && t == "esac" {
			inCase = false
		}
	}
	isWord := before != "" && !beforeKw && !histIsOp(before)
	switch {
	case before == ")" && two == "(":
		return " "
	case before == ")" && inCase:
		return " "
	case before == ")":
		return "; "
	case isWord && twoKw && two == "function":
		return " "
	case strings.Contains(line, "<<"):
		return "\n"
	case isWord && twoKw && two == "for":
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "in") {
			return " "
		}
		return ";"
	case isWord && twoKw && two == "case" && inCase:
		return " "
	}
	switch before {
	case "\n", "{", "(", ";", "&", "|", ";;", ";&", ";;&", "&&", "||", "":
		return " "
	case "case", "do", "else", "if", "then", "until", "while", "in":
		if beforeKw {
			return " "
		}
	}
	return "; "
}

// openDolbrace reports whether text ends inside a ${ that no } closes,
// or a $[ no ] closes, outside quotes.
func openDolbrace(text string) bool {
	for i := 0; i+1 < len(text); i++ {
		switch c := text[i]; {
		case c == '\\':
			i++
		case c == '\'' || c == '"' || c == '`':
			if i = skipQuoted(text, i); i < 0 {
				return false
			}
		case c == '$' && (text[i+1] == '{' || text[i+1] == '['):
			closing := byte('}')
			if text[i+1] == '[' {
				closing = ']'
			}
			j := matchPair(text, i+1, text[i+1], closing, false)
			if j < 0 {
				return true
			}
			i = j
		}
	}
	return false
}

// histIsOp reports whether t is an operator token.
func histIsOp(t string) bool {
	switch t {
	case "\n", ";", "&", "|", "&&", "||", ";;", ";&", ";;&", "(", ")", "|&":
		return true
	}
	return false
}

// histKeywords marks the tokens that are reserved words: those in a
// command's first position, and in after for NAME or case WORD.
func histKeywords(toks []string) []bool {
	kw := make([]bool, len(toks))
	cmdPos := true
	for i, t := range toks {
		if histIsOp(t) {
			cmdPos = true
			continue
		}
		switch {
		case cmdPos && isReservedWord(t):
			kw[i] = true
			cmdPos = t != "function" && t != "for" && t != "case" && t != "fi" && t != "done" && t != "esac" && t != "}"
		case t == "in" && i >= 2 && kw[i-2] && (toks[i-2] == "for" || toks[i-2] == "case"):
			kw[i] = true
			cmdPos = false
		case t == "do" && i >= 2 && kw[i-2] && toks[i-2] == "for":
			kw[i] = true
			cmdPos = true
		default:
			cmdPos = false
		}
	}
	return kw
}

// histTokens splits text roughly as bash's lexer does, for the tokens
// history_delimiting_chars looks at: quoted strings and $(...) stay in
// their word, each newline is a "\n" token, and a comment is "#".
func histTokens(text string) []string {
	var toks []string
	i := 0
	for i < len(text) {
		c := text[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '\n':
			toks = append(toks, "\n")
			i++
		case c == '#':
			toks = append(toks, "#")
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case c == '\\' && i+1 < len(text) && text[i+1] == '\n':
			i += 2
		case strings.IndexByte(";&|()", c) >= 0:
			op := string(c)
			for _, o := range []string{";;&", ";;", ";&", "&&", "||", "|&"} {
				if strings.HasPrefix(text[i:], o) {
					op = o
					break
				}
			}
			toks = append(toks, op)
			i += len(op)
		default:
			start := i
			depth := 0
			for i < len(text) {
				c := text[i]
				if depth == 0 && (c == ' ' || c == '\t' || c == '\n' || strings.IndexByte(";&|()", c) >= 0) {
					if c == '(' && i > start && (text[i-1] == '$' || text[i-1] == '=' || strings.IndexByte("@?*+!<>", text[i-1]) >= 0) {
						depth++
						i++
						continue
					}
					break
				}
				switch c {
				case '\\':
					i++
				case '\'':
					if j := strings.IndexByte(text[i+1:], '\''); j >= 0 {
						i += j + 1
					} else {
						i = len(text) - 1
					}
				case '"':
					for i++; i < len(text) && text[i] != '"'; i++ {
						if text[i] == '\\' {
							i++
						}
					}
				case '(':
					depth++
				case ')':
					depth--
				}
				i++
			}
			if i > len(text) {
				i = len(text)
			}
			toks = append(toks, text[start:i])
		}
	}
	return toks
}

// histUnrun records text, lines read that will not run (the parser
// refused them, or TMOUT ran out before the command was whole), as bash's
// reader added them before its parser saw them. Only a single line is
// recorded: a multi-line one would need the parse that history_delimiting_chars
// makes of the lines before each newline.
func (r *Runner) histUnrun(text string) {
	if l := strings.TrimSuffix(text, "\n"); r.histOn() && l != "" && !strings.Contains(l, "\n") {
		r.histCheckAdd(l)
	}
}
