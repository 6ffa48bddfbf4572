package interp

import "strings"

// In POSIX mode bash expands aliases as it first reads a command
// substitution, so an alias's value may open a group that another one
// closes ($(DO … ; DONE) with DO='{ ' and DONE='}'), or end the
// substitution itself (short='echo ok )'). When a group does not parse,
// substAliasWord finds the next word to substitute in the command
// substitutions after it.

// maxAliasScan bounds the text searched for a $( ) after a syntax error.
const maxAliasScan = 64 << 10

// substAliasWord finds, after off, the first word in command position in
// a $( ) that names an alias.
func (r *Runner) substAliasWord(at *aliasText, off int) (int, int, bool) {
	at.ensure(off + maxAliasScan)
	text := at.text[:min(len(at.text), off+maxAliasScan)]
	for i := off; ; {
		k := strings.Index(text[i:], "$(")
		if k < 0 {
			return 0, 0, false
		}
		i += k + 2
		if i < len(text) && text[i] == '(' {
			continue
		}
		end := matchParen(text, i-1)
		if end < 0 {
			end = len(text) // an alias may close it
		}
		from, to, found := 0, 0, false
		cmdWords(text, i, end, func(f, t int) bool {
			if r.isAliasWord(at, f, t) {
				from, to, found = f, t, true
			}
			return !found
		})
		if found {
			return from, to, true
		}
	}
}

// cmdWords calls fn with the span of each word in command position in
// text[from:to], a list of commands, until it returns false: the first
// word of a command, also after a reserved word that a command follows
// or an assignment.
func cmdWords(text string, from, to int, fn func(from, to int) bool) {
	cmd := true
	for k := from; k < to; {
		switch c := text[k]; {
		case c == ' ' || c == '\t':
			k++
		case strings.IndexByte("\n;&|(", c) >= 0:
			cmd = true
			k++
		case c == ')' || c == '<' || c == '>':
			k++
		case c == '#' && (k == from || strings.IndexByte(" \t\n;&|(", text[k-1]) >= 0):
			e := strings.IndexByte(text[k:to], '\n')
			if e < 0 {
				return
			}
			k += e
		default:
			e := shellWordEnd(text[:to], k)
			if e <= k {
				e = to // not closed: the rest
			}
			if cmd && !fn(k, e) {
				return
			}
			switch w := text[k:e]; w {
			case "{", "!", "then", "do", "else", "elif", "if", "while", "until", "time":
				cmd = true
			default:
				cmd = cmd && isAssignWord(w)
			}
			k = e
		}
	}
}

// isAssignWord reports whether w is an assignment, name=value (or
// name+=value), after which a command's name may still come.
func isAssignWord(w string) bool {
	i := strings.IndexByte(w, '=')
	if i <= 0 {
		return false
	}
	name := strings.TrimSuffix(w[:i], "+")
	if j := strings.IndexByte(name, '['); j > 0 && strings.HasSuffix(name, "]") {
		name = name[:j]
	}
	return name != "" && validName(name)
}
