package interp

import (
	"strings"
)

// History expansion (!!, !n, ^old^new, word designators and modifiers),
// as readline's histexpand.c does it with bash's settings: single quotes
// and backslashes quote the expansion character, and bash's inhibiting
// function leaves [!...], ${!name}, $! and !(...) alone.

// histSubst is what :s and :& remember between expansions, and the last
// !?string? search, for % and an empty :s pattern.
type histSubst struct {
	lhs, rhs     string
	hasLHS       bool
	search       string
	searchMatch  string
	searchWasSet bool
}

// histChars is $histchars: the expansion, quick substitution and comment
// characters ("!^#" when unset).
func (r *Runner) histChars() (exp, sub, com byte) {
	exp, sub, com = '!', '^', '#'
	v := r.vars.get("histchars")
	if v == nil || !v.set {
		return
	}
	s := v.str
	exp, sub, com = 0, 0, 0
	if len(s) > 0 {
		exp = s[0]
	}
	if len(s) > 1 {
		sub = s[1]
	}
	if len(s) > 2 {
		com = s[2]
	}
	return
}

// histExpanding reports whether lines read are history-expanded: set -H
// with history on, and a history list to expand from.
func (r *Runner) histExpanding() bool {
	return r.hist != nil && r.opts.on(optHistexpand) && r.opts.on(optHistory)
}

const histWordDelims = " \t\n;&()|<>"

// histExpand is readline's history_expand: the result is 0 when s had
// nothing to expand, 1 when it was expanded, 2 when a :p asks only to
// print it, -1 on an error, whose message is then out.
func (r *Runner) histExpand(hstring string) (out string, res int, err error) {
	return r.histExpandIn(hstring, 0)
}

// histExpandIn is histExpand for a line that starts inside quotes (qs,
// history_quoting_state): the rest of a single-quoted string is not
// expanded, and a double-quoted one goes on.
func (r *Runner) histExpandIn(hstring string, qs byte) (out string, res int, err error) {
	exp, sub, com := r.histChars()
	if exp == 0 {
		return hstring, 0, nil
	}
	s := hstring
	if sub != 0 && len(s) > 0 && s[0] == sub {
		s = string([]byte{exp, exp, ':', 's'}) + s
	} else {
		found := false
		dquote := qs == '"'
		i := 0
		if qs == '\'' {
			i = histSkipSingle(s, 0, false)
		}
		for ; i < len(s); i++ {
			var cc byte
			if i+1 < len(s) {
				cc = s[i+1]
			}
			c := s[i]
			switch {
			case com != 0 && c == com && !dquote && (i == 0 || strings.IndexByte(histWordDelims, s[i-1]) >= 0):
				i = len(s)
			case c == exp:
				if cc == 0 || strings.IndexByte(" \t\n\r=", cc) >= 0 || (dquote && cc == '"') || r.histInhibit(s, i) {
					continue
				}
				found = true
			case dquote && c == '\\' && cc == '"':
				i++
			case c == '"':
				dquote = !dquote
			case !dquote && c == '\'':
				flag := i > 0 && s[i-1] == '$'
				i = histSkipSingle(s, i+1, flag)
			case c == '\\':
				if cc == '\'' || cc == exp {
					i++
				}
			}
			if found {
				break
			}
		}
		if !found {
			return hstring, 0, nil
		}
	}
	var result strings.Builder
	dquote := qs == '"'
	passc := false
	modified, printing := 0, 0
	i0 := 0
	if qs == '\'' {
		i0 = min(histSkipSingle(s, 0, false)+1, len(s))
		result.WriteString(s[:i0])
	}
	for i := i0; i < len(s); i++ {
		c := s[i]
		if passc {
			passc = false
			result.WriteByte(c)
			continue
		}
		switch {
		case c == exp:
			var cc byte
			if i+1 < len(s) {
				cc = s[i+1]
			}
			if cc == 0 || strings.IndexByte(" \t\n\r=", cc) >= 0 || (dquote && cc == '"') {
				result.WriteByte(c)
				continue
			}
			cur := result.String() + string([]byte{c, cc})
			if r.histInhibit(cur, len(cur)-2) {
				result.WriteByte(c)
				continue
			}
			var qc byte
			if dquote {
				qc = '"'
			}
			text, end, pr, msg := r.histExpandOne(s, i, qc, result.String())
			if msg != "" {
				return msg, -1, nil
			}
			modified++
			result.WriteString(text)
			if pr {
				printing++
			}
			i = end
		case c == com && com != 0:
			if !dquote && (i == 0 || strings.IndexByte(histWordDelims, s[i-1]) >= 0) {
				result.WriteString(s[i:])
				i = len(s)
			} else {
				result.WriteByte(c)
			}
		case c == '\\':
			passc = true
			result.WriteByte(c)
		case c == '"':
			dquote = !dquote
			result.WriteByte(c)
		case c == '\'' && !dquote:
			flag := i > 0 && s[i-1] == '$'
			j := histSkipSingle(s, i+1, flag)
			end := min(j+1, len(s))
			result.WriteString(s[i:end])
			i = j
		default:
			result.WriteByte(c)
		}
	}
	out = result.String()
	if printing > 0 {
		return out, 2, nil
	}
	if modified > 0 {
		return out, 1, nil
	}
	return out, 0, nil
}

// histSkipSingle is hist_string_extract_single_quoted: the index of the
// quote closing the single-quoted text from i (backslash escapes count
// in $'...' when flag).
func histSkipSingle(s string, i int, flag bool) int {
	for ; i < len(s) && s[i] != '\''; i++ {
		if flag && s[i] == '\\' && i+1 < len(s) {
			i++
		}
	}
	return i
}

// histInhibit is bash_history_inhibit_expansion: the ! at s[i] of a
// [!...] bracket, ${!name}, $! or an extglob !(...) is no expansion, nor
// one quoted as skip_to_histexp sees it (in a $(...) inside double
// quotes, or in double quotes in POSIX mode).
func (r *Runner) histInhibit(s string, i int) bool {
	switch {
	case i > 0 && s[i-1] == '[' && strings.IndexByte(s[i+1:], ']') >= 0:
		return true
	case i > 1 && s[i-1] == '{' && s[i-2] == '$' && strings.IndexByte(s[i+1:], '}') >= 0:
		return true
	case i > 1 && s[i-1] == '$':
		return true
	case r.opts.sh(shExtglob) && i > 1 && i+1 < len(s) && s[i+1] == '(' && strings.IndexByte(s[i+2:], ')') >= 0:
		return true
	}
	posix := r.opts.on(optPosix)
	t := histSkipTo(s, 0, s[i], posix)
	if t <= 0 {
		return false
	}
	for t < i {
		t = histSkipTo(s, t+1, s[i], posix)
		if t <= 0 {
			return false
		}
	}
	return t > i
}

// histSkipTo is bash's skip_to_histexp: the index of the first c from
// start on that is not quoted, or len(s).
func histSkipTo(s string, start int, c byte, posix bool) int {
	i := start
	pass, backq, dquote, oldDquote := false, false, false, false
	comsub := 0
	for i < len(s) {
		ch := s[i]
		switch {
		case pass:
			pass = false
			i++
		case ch == '\\':
			pass = true
			i++
		case backq && ch == '`':
			backq, dquote = false, oldDquote
			i++
		case ch == '`':
			backq, oldDquote, dquote = true, dquote, false
			i++
		case dquote && ch == c && i+1 < len(s) && s[i+1] == '"':
			i += 2
		case ch == c:
			return i
		case dquote && ch == '\'':
			i++
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return len(s)
			}
			i += j + 2
		case !posix && ch == '"':
			dquote = !dquote
			i++
		case ch == '"':
			// skip_double_quoted: the $( ), ${ } and backquotes in
			// the string are skipped whole, quotes and all
			if e := skipQuoted(s, i); e >= 0 {
				i = e + 1
			} else {
				i = len(s)
			}
		case (ch == '$' || ch == '<' || ch == '>') && i+1 < len(s) && s[i+1] == '(' && (i+2 >= len(s) || s[i+2] != '('):
			if i+2 >= len(s) {
				return i + 2
			}
			i += 2
			comsub++
			oldDquote, dquote = dquote, false
		case comsub > 0 && ch == ')':
			comsub--
			dquote = oldDquote
			i++
		default:
			i++
		}
	}
	return min(i, len(s))
}

// histExpandOne is history_expand_internal: the expansion of the event,
// word designator and modifiers at s[start] (the expansion character),
// the index of its last byte, whether :p was given, or an error message.
func (r *Runner) histExpandOne(s string, start int, qc byte, current string) (string, int, bool, string) {
	h := r.histList()
	i := start
	var event string
	var ok bool
	next := byte(0)
	if i+1 < len(s) {
		next = s[i+1]
	}
	switch {
	case next != 0 && strings.IndexByte(":$*%^", next) >= 0:
		i++
		event, ok = r.histLast()
	case next == '#':
		i += 2
		event, ok = current, true
	default:
		event, i, ok = r.histEvent(s, i, qc)
	}
	if !ok {
		return "", i, false, histErr(s, start, i, "event not found")
	}
	wstart := i
	word, wok, isSpec := r.histWordSpec(s, &i, event)
	if isSpec && !wok {
		return "", i, false, histErr(s, wstart, i, "bad word specifier")
	}
	temp := event
	if isSpec {
		temp = word
	}
	mstart := i
	quote := byte(0)
	printOnly := false
	sub := &h.subst
	for i < len(s) && s[i] == ':' {
		var c byte
		if i+1 < len(s) {
			c = s[i+1]
		}
		global, byWords := false, false
		if c == 'g' || c == 'a' {
			global = true
			i++
			c = 0
			if i+1 < len(s) {
				c = s[i+1]
			}
		} else if c == 'G' {
			byWords = true
			i++
			c = 0
			if i+1 < len(s) {
				c = s[i+1]
			}
		}
		switch c {
		case 'q', 'x':
			quote = c
		case 'p':
			printOnly = true
		case 't':
			if k := strings.LastIndexByte(temp, '/'); k >= 0 {
				temp = temp[k+1:]
			}
		case 'h':
			if k := strings.LastIndexByte(temp, '/'); k >= 0 {
				temp = temp[:k]
			}
		case 'r':
			if k := strings.LastIndexByte(temp, '.'); k >= 0 {
				temp = temp[:k]
			}
		case 'e':
			if k := strings.LastIndexByte(temp, '.'); k >= 0 {
				temp = temp[k:]
			}
		case '&', 's':
			if c == 's' {
				if i+2 >= len(s) {
					break // no delimiter: nothing to do
				}
				delim := s[i+2]
				i += 3
				lhs, has := histSubstPart(s, &i, delim, false)
				if has {
					sub.lhs, sub.hasLHS = lhs, true
				} else if !sub.hasLHS {
					if sub.search != "" {
						sub.lhs, sub.hasLHS = sub.search, true
					}
				}
				rhs, _ := histSubstPart(s, &i, delim, true)
				if strings.Contains(rhs, "&") {
					rhs = histAmpRHS(rhs, sub.lhs)
				}
				sub.rhs = rhs
			} else {
				i += 2
			}
			if !sub.hasLHS || sub.lhs == "" {
				return "", i, false, histErr(s, mstart, i, "no previous substitution")
			}
			if len(sub.lhs) > len(temp) {
				return "", i, false, histErr(s, mstart, i, "substitution failed")
			}
			nt, done := histSubstitute(temp, sub.lhs, sub.rhs, global, byWords)
			if !done {
				return "", i, false, histErr(s, mstart, i, "substitution failed")
			}
			temp = nt
			continue // i is past the substitution already
		default:
			return "", i, false, histErr(s, i+1, i+2, "unrecognized history modifier")
		}
		i += 2
	}
	i--
	switch quote {
	case 'q':
		temp = histSingleQuote(temp)
	case 'x':
		temp = histQuoteBreaks(temp)
	}
	return temp, i, printOnly, ""
}

// histErr is hist_error's message: the text of the failed expansion and
// what failed.
func histErr(s string, start, cur int, msg string) string {
	if start >= len(s) {
		return ": " + msg
	}
	cur = min(cur, len(s))
	if cur < start {
		cur = start
	}
	return s[start:cur] + ": " + msg
}

// histLast is the last entry, !!'s event.
func (r *Runner) histLast() (string, bool) {
	h := r.hist
	if h == nil || len(h.list) == 0 {
		return "", false
	}
	return h.list[len(h.list)-1].line, true
}

// histEvent is get_history_event for the expansion character at s[i]:
// the line it names and the index after the event.
func (r *Runner) histEvent(s string, i int, qc byte) (string, int, bool) {
	h := r.histList()
	i++
	if i < len(s) && s[i] == s[i-1] {
		l, ok := r.histLast()
		return l, i + 1, ok
	}
	sign := 1
	if i+1 < len(s) && s[i] == '-' && isDigit(s[i+1]) {
		sign = -1
		i++
	}
	if i < len(s) && isDigit(s[i]) {
		which := 0
		for ; i < len(s) && isDigit(s[i]); i++ {
			which = which*10 + int(s[i]-'0')
			which = min(which, 1<<30)
		}
		if sign < 0 {
			which = len(h.list) + h.base - which
		}
		k := which - h.base
		if k < 0 || k >= len(h.list) {
			return "", i, false
		}
		return h.list[k].line, i, true
	}
	substr := false
	if i < len(s) && s[i] == '?' {
		substr = true
		i++
	}
	from := i
	for ; i < len(s); i++ {
		c := s[i]
		if c == '\n' || (substr && c == '?') {
			break
		}
		if !substr && (c == ' ' || c == '\t' || c == ':' || (i > from && c == '-') ||
			(c != '-' && strings.IndexByte("^$*%-", c) >= 0) ||
			strings.IndexByte(";&()|<>", c) >= 0 || (qc != 0 && c == qc)) {
			break
		}
	}
	pat := s[from:i]
	if substr && i < len(s) && s[i] == '?' {
		i++
	}
	sub := &h.subst
	if pat == "" && substr {
		if !sub.searchWasSet {
			return "", i, false
		}
		pat = sub.search
	}
	if pat == "" {
		// an empty prefix (a ! before ; & ( ) | < or >) matches no
		// line: readline's history_search_internal fails on it
		return "", i, false
	}
	for k := len(h.list) - 1; k >= 0; k-- {
		line := h.list[k].line
		if substr {
			if at := strings.LastIndex(line, pat); at >= 0 { // readline searches a line backwards
				sub.search, sub.searchWasSet = pat, true
				_, _, com := r.histChars()
				sub.searchMatch = histFindWord(line, at, com)
				return line, i, true
			}
		} else if strings.HasPrefix(line, pat) {
			return line, i, true
		}
	}
	return "", i, false
}

// histWordSpec is get_history_word_specifier: isSpec says s[*i] starts
// one (a word designator), ok that the words it names exist.
func (r *Runner) histWordSpec(s string, i *int, from string) (word string, ok, isSpec bool) {
	j := *i
	_, _, com := r.histChars()
	at := func(k int) byte {
		if k < len(s) {
			return s[k]
		}
		return 0
	}
	expecting := false
	if at(j) == ':' {
		j++
		expecting = true
	}
	switch at(j) {
	case '%':
		*i = j + 1
		return r.histList().subst.searchMatch, true, true
	case '*':
		*i = j + 1
		w, _ := histArgExtract(1, '$', from, com)
		return w, true, true
	case '$':
		*i = j + 1
		if w, ok := histArgExtract('$', '$', from, com); ok {
			return w, true, true
		}
		// an event without words (a comment line) is used whole
		return "", true, false
	}
	first, last := 0, 0
	switch {
	case at(j) == '-':
		first = 0
	case at(j) == '^':
		first = 1
		j++
	case isDigit(at(j)) && expecting:
		for first = 0; isDigit(at(j)); j++ {
			first = first*10 + int(at(j)-'0')
		}
	default:
		return "", false, false
	}
	switch {
	case at(j) == '^' || at(j) == '*':
		last = 1
		if at(j) == '*' {
			last = '$'
		}
		j++
	case at(j) != '-':
		last = first
	default:
		j++
		switch {
		case isDigit(at(j)):
			for last = 0; isDigit(at(j)); j++ {
				last = last*10 + int(at(j)-'0')
			}
		case at(j) == '$':
			j++
			last = '$'
		case at(j) == '^':
			j++
			last = 1
		default:
			last = -1
		}
	}
	*i = j
	if last >= first || last == '$' || last < 0 {
		w, ok := histArgExtract(first, last, from, com)
		return w, ok, true
	}
	return "", false, true
}

// histArgExtract is history_arg_extract: words first through last of
// line ('$' for the last word, a negative last counting from the end).
func histArgExtract(first, last int, line string, com byte) (string, bool) {
	words := histTokenize(line, com)
	n := len(words)
	if last < 0 {
		last = n + last - 1
	}
	if first < 0 {
		first = n + first - 1
	}
	if last == '$' {
		last = n - 1
	}
	if first == '$' {
		first = n - 1
	}
	last++
	if first >= n || last > n || first < 0 || last < 0 || first > last {
		return "", false
	}
	return strings.Join(words[first:last], " "), true
}

// histTokenize is history_tokenize: the words of line as history
// expansion counts them, up to a word starting with the comment
// character com (history_comment_char, the third of $histchars).
func histTokenize(line string, com byte) []string {
	words, _ := histTokenizeAt(line, -1, com)
	return words
}

// histTokenizeAt also returns the index of the word holding byte at.
func histTokenizeAt(line string, at int, com byte) ([]string, int) {
	var words []string
	wind := -1
	i := 0
	for {
		for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\n') {
			i++
		}
		if i >= len(line) || com != 0 && line[i] == com {
			break
		}
		start := i
		i = histTokenizeWord(line, start)
		if i == start {
			i++
		}
		if at >= start && at < i {
			wind = len(words)
		}
		words = append(words, line[start:i])
	}
	return words, wind
}

// histFindWord is the word of line holding byte at (the % of !?str?).
func histFindWord(line string, at int, com byte) string {
	words, w := histTokenizeAt(line, at, com)
	if w < 0 {
		return ""
	}
	return words[w]
}

// histTokenizeWord is history_tokenize_word: the end of the word of s
// starting at i.
func histTokenizeWord(s string, i int) int {
	at := func(k int) byte {
		if k < len(s) {
			return s[k]
		}
		return 0
	}
	var delim, open byte
	nest := 0
	if strings.IndexByte("()\n", at(i)) >= 0 {
		return i + 1
	}
	word := false
	if isDigit(at(i)) {
		j := i
		for isDigit(at(j)) {
			j++
		}
		if j >= len(s) {
			return j
		}
		i = j
		if at(j) != '<' && at(j) != '>' {
			word = true
		}
	}
	if !word && at(i) != 0 && strings.IndexByte("<>;&|", at(i)) >= 0 {
		c, peek := at(i), at(i+1)
		switch {
		case peek == c:
			if peek == '<' && (at(i+2) == '-' || at(i+2) == '<') {
				i++
			}
			return i + 2
		case peek == '&' && (c == '>' || c == '<'):
			j := i + 2
			for isDigit(at(j)) {
				j++
			}
			if at(j) == '-' {
				j++
			}
			return j
		case (peek == '>' && c == '&') || (peek == '|' && c == '>'):
			return i + 2
		case peek == '(' && (c == '>' || c == '<'):
			i += 2
			open, delim, nest = '(', ')', 1
		default:
			return i + 1
		}
	}
	if delim == 0 && at(i) != 0 && strings.IndexByte("\"'`", at(i)) >= 0 {
		delim = s[i]
		i++
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c == '\\' && at(i+1) == '\n' {
			i++
			continue
		}
		if c == '\\' && delim != '\'' && (delim != '"' || strings.IndexByte("\\`\"$", c) >= 0) {
			i++
			continue
		}
		if nest > 0 && c == open {
			nest++
			continue
		}
		if nest > 0 && c == delim {
			nest--
			if nest == 0 {
				delim = 0
			}
			continue
		}
		if delim != 0 && c == delim {
			delim = 0
			continue
		}
		if nest == 0 && delim == 0 && strings.IndexByte("<>$!@?+*", c) >= 0 && at(i+1) == '(' {
			// readline's i += 2 before the loop's own step skips the
			// byte after the parenthesis too: the second ( of $((…))
			// is not counted, so its last ) ends the word early
			i += 2
			open, delim, nest = '(', ')', 1
			continue
		}
		if delim == 0 && strings.IndexByte(histWordDelims, c) >= 0 {
			break
		}
		if delim == 0 && strings.IndexByte("\"'`", c) >= 0 {
			delim = c
		}
	}
	return min(i, len(s))
}

// histSubstPart is get_subst_pattern: the text up to delim (a backslash
// quotes delim), and whether there was any (always for the right side).
func histSubstPart(s string, i *int, delim byte, rhs bool) (string, bool) {
	start := *i
	si := start
	for si < len(s) && s[si] != delim {
		if s[si] == '\\' && si+1 < len(s) && s[si+1] == delim {
			si++
		}
		si++
	}
	si = min(si, len(s))
	var out string
	has := si > start || rhs
	if has {
		var sb strings.Builder
		for k := start; k < si; k++ {
			if s[k] == '\\' && k+1 < len(s) && s[k+1] == delim {
				k++
			}
			sb.WriteByte(s[k])
		}
		out = sb.String()
	}
	if si < len(s) {
		si++
	}
	*i = si
	return out, has
}

// histAmpRHS replaces & in a substitution's right side with the left
// side (\& is a literal &).
func histAmpRHS(rhs, lhs string) string {
	var sb strings.Builder
	for i := 0; i < len(rhs); i++ {
		switch {
		case rhs[i] == '&':
			sb.WriteString(lhs)
		case rhs[i] == '\\' && i+1 < len(rhs) && rhs[i+1] == '&':
			i++
			sb.WriteByte('&')
		default:
			sb.WriteByte(rhs[i])
		}
	}
	return sb.String()
}

// histSubstitute replaces lhs with rhs in temp: the first occurrence,
// every one (global) or the first in each word (byWords).
func histSubstitute(temp, lhs, rhs string, global, byWords bool) (string, bool) {
	failed := true
	we := 0
scan:
	for si := 0; si+len(lhs) <= len(temp); si++ {
		if byWords && si > we {
			for si < len(temp) && (temp[si] == ' ' || temp[si] == '\t' || temp[si] == '\n') {
				si++
			}
			we = histTokenizeWord(temp, si)
		}
		if si+len(lhs) <= len(temp) && temp[si:si+len(lhs)] == lhs {
			temp = temp[:si] + rhs + temp[si+len(lhs):]
			failed = false
			switch {
			case global:
				si += len(rhs) - 1
				continue
			case byWords:
				si = we
				continue
			}
			break scan
		}
	}
	return temp, !failed
}

// histSingleQuote is sh_single_quote, for :q.
func histSingleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// histQuoteBreaks is quote_breaks, for :x: quoted, with the quotes
// broken at blanks and newlines so that they still split words.
func histQuoteBreaks(s string) string {
	var sb strings.Builder
	sb.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\'':
			sb.WriteString(`'\''`)
		case ' ', '\t', '\n':
			sb.WriteByte('\'')
			sb.WriteByte(c)
			sb.WriteByte('\'')
		default:
			sb.WriteByte(c)
		}
	}
	sb.WriteByte('\'')
	return sb.String()
}
