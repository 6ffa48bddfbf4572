package interp

import "strings"

// bash's parser reads name=(…) as one word not only where an assignment
// may stand but also in the arguments of eval and let (PST_ASSIGNOK in
// parse.y): `eval a=("$x" y)` is the word a=("$x" y), which expands like
// any other (quote removal, splitting of unquoted expansions) before eval
// reads it again; its text is the words between the parentheses joined
// by one blank, a=(x y). mvdan's parser rejects the "(".
// evalAssignRewrite makes it that word the way envCompoundRewrite does
// (compoundParenInserts); a list it cannot keep so (a nested list, a
// comment) has its parentheses and blanks escaped instead, a newline
// quoted (an escaped one would join the lines).

// assignOKWords are the commands whose arguments may be name=(…) words
// besides the declaration builtins.
var assignOKWords = []string{"eval", "let"}

// evalAssignRewrite applies to the "(" at offset at when it follows the
// name= (or name+=, name[sub]=) of an argument of eval or let.
func evalAssignRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		if at >= len(text) || text[at] != '(' || !assignOKArg(text, at) {
			return "", nil, false
		}
		if ins, ok := compoundParenInserts(text, at); ok {
			// the words joined by one blank, as bash's
			// parse_compound_assignment joins them
			return applyInserts(text, ins)
		}
		end := matchParen(text, at)
		if end < 0 {
			return "", nil, false
		}
		var b editBuilder
		b.WriteString(text[:at])
		add := b.insert
		depth := 0
		for k := at; k <= end; k++ {
			c := text[k]
			switch {
			case c == '\\' && k+1 <= end:
				b.WriteString(text[k : k+2])
				k++
				continue
			case c == '\'' || c == '"' || c == '`':
				q := skipQuoted(text, k)
				if q < 0 || q > end {
					return "", nil, false
				}
				b.WriteString(text[k : q+1])
				k = q
				continue
			case c == '$' && k+1 < end && text[k+1] == '{':
				q := matchBrace(text, k+1)
				if q < 0 || q > end {
					return "", nil, false
				}
				b.WriteString(text[k : q+1])
				k = q
				continue
			case c == '#' && depth == 1 && strings.IndexByte(" \t\n(", text[k-1]) >= 0:
				return "", nil, false // a comment: bash drops it, not worth it
			case c == '(':
				depth++
				if depth == 1 {
					add(`\`)
				}
			case c == ')':
				if depth == 1 {
					add(`\`)
				}
				depth--
			case (c == ' ' || c == '\t') && depth == 1:
				add(`\`)
			case c == '\n' && depth == 1:
				add(`'`)
				b.WriteByte(c)
				add(`'`)
				continue
			}
			b.WriteByte(c)
		}
		b.WriteString(text[end+1:])
		return b.String(), b.edits, true
	}
}

// assignOKOpen reports whether err, the error of parsing text, is at the
// "(" of an argument of eval or let that the text does not close: bash
// reads the list on to its ")" (eval a=(1<newline>2)), so a reader taking
// a line at a time must read on before the text can be parsed.
func assignOKOpen(err error, text string) bool {
	pos, incomplete, ok := parseErrorPos(err)
	if !ok || incomplete {
		return false
	}
	at := int(pos.Offset())
	return at < len(text) && text[at] == '(' && assignOKArg(text, at) && matchParen(text, at) < 0
}

// assignOKArg reports whether the "(" at offset at follows an assignment's
// name= in an argument of eval or let (the command's first word, after any
// reserved words that may precede a command).
func assignOKArg(text string, at int) bool {
	start := at - 1
	if start < 0 || text[start] != '=' {
		return false
	}
	for start > 0 && strings.IndexByte(" \t\n;&|(){}<>", text[start-1]) < 0 {
		start--
	}
	lhs := strings.TrimSuffix(strings.TrimSuffix(text[start:at], "="), "+")
	if pe, ok := parseIndirect(lhs); !ok || !validName(pe.Param.Value) {
		return false
	}
	name, ok := cmdNameBefore(text, start, false)
	if !ok {
		return false
	}
	for _, w := range assignOKWords {
		if name == w || w == "let" && name == insertedLet {
			return true
		}
	}
	return false
}

// cmdNameBefore returns the name of the command holding the word that
// starts at offset start (assignOKCmdStart), past the reserved words that
// may lead it, "{" too when brace, and past assignment words (the word
// after x=1 is still in bash's command_token_position); ok is false when
// there is none before the word.
func cmdNameBefore(text string, start int, brace bool) (string, bool) {
	cmd, ok := assignOKCmdStart(text, start)
	if !ok {
		return "", false
	}
	for _, w := range strings.Fields(text[cmd:start]) {
		switch w {
		case "if", "then", "else", "elif", "do", "while", "until", "!", "time":
			continue
		case "{":
			if brace {
				continue
			}
		}
		if isAssignWord(w) {
			continue
		}
		return w, true
	}
	return "", false
}

// maxAssignOKLines bounds the lines assignOKCmdStart looks back over.
const maxAssignOKLines = 64

// assignOKCmdStart returns the start of the command holding the word that
// starts at offset start: after the last separator outside quotes and
// expansions. It reads from the start of the word's line, or of an
// earlier line when a quoted string or expansion is open at that one's
// start (`let "c=1+<newline>2" d=(…)`) or the line before ends in a
// backslash-newline.
func assignOKCmdStart(text string, start int) (int, bool) {
	from := start
	for range maxAssignOKLines {
		if from <= 0 {
			return 0, false
		}
		from = strings.LastIndexByte(text[:from-1], '\n') + 1
		if from > 0 && strings.HasSuffix(text[:from-1], "${"+blanksName+"+") {
			// a newline an earlier rewrite kept in a list: the line
			// goes on from the one before
			continue
		}
		cmd, ok := cmdStartFrom(text, from, start)
		if ok && (cmd > from || !oddTrailingBackslashes(text[:max(from-1, 0)])) {
			return cmd, true
		}
		// (a line continued from the one before: read from that one)
	}
	return 0, false
}

// cmdStartFrom is assignOKCmdStart reading from offset from, which it
// takes for the start of a line outside quotes; false when a quoted
// string or expansion opened there is not closed before start.
func cmdStartFrom(text string, from, start int) (int, bool) {
	cmd := from
	for k := from; k < start; k++ {
		switch c := text[k]; {
		case c == '\\':
			k++
		case c == '\'' || c == '"' || c == '`':
			if k = skipQuoted(text, k); k < 0 || k >= start {
				return 0, false
			}
		case c == '$' && k+1 < start && (text[k+1] == '{' || text[k+1] == '('):
			// an expansion, the marks of an earlier rewrite too
			if k = matchPair(text, k+1, text[k+1], map[byte]byte{'{': '}', '(': ')'}[text[k+1]], false); k < 0 || k >= start {
				return 0, false
			}
		case c == '#' && (k == from || strings.IndexByte(" \t;&|(){}", text[k-1]) >= 0):
			// a comment, to the end of its line
			if e := strings.IndexByte(text[k:start], '\n'); e >= 0 {
				k += e - 1
			} else {
				k = start
			}
		case strings.IndexByte(";&|(){}\n", c) >= 0:
			cmd = k + 1
		}
	}
	return cmd, true
}
