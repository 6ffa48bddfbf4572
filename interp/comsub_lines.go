package interp

import "mvdan.cc/sh/v3/syntax"

// bash parses a command substitution's text again when it runs it (the
// text of `…` as written, that of $(…) as it prints it back), and that
// text has no line continuations: in backquotes bash removes every
// "\\\n" (inside single quotes too) as it reads the text, and printing
// $(…) back leaves out those the lexer removed (not those in single
// quotes). The lines it counts in the substitution are therefore fewer
// than the lines of the script. lineConts records, for the runner of a
// substitution, the lines of the script that end in such a continuation,
// so that each line after one counts one less (lineAt).

// comsubConts returns the lines of src ending in a line continuation
// bash removes from the text of cs, from line base on. It returns nil
// when src is not the text cs's positions refer to.
func comsubConts(src string, cs *syntax.CmdSubst, base int) []int {
	from, to := int(cs.Pos().Offset()), int(cs.End().Offset())
	line, last := int(cs.Pos().Line()), int(cs.End().Line())
	if line == last || to > len(src) || from >= to || src[from] != '`' && src[from] != '$' {
		return nil
	}
	var conts []int
	inDq := false
	for k := from + 1; k < to; k++ {
		switch c := src[k]; {
		case c == '\n':
			line++
		case c == '\\' && k+1 < to:
			if src[k+1] == '\n' && line >= base {
				conts = append(conts, line)
			}
			if src[k+1] == '\n' {
				line++
			}
			k++
		case c == '"':
			inDq = !inDq
		case c == '\'' && !inDq && !cs.Backquotes:
			// $(…): a continuation in single quotes is text
			for k++; k < to && src[k] != '\''; k++ {
				if src[k] == '\n' {
					line++
				}
			}
		}
	}
	if line != last {
		return nil // not the text the positions refer to
	}
	return conts
}

// lineAt is the line bash counts for line l of the text the runner runs.
func (r *Runner) lineAt(l int) int {
	n := 0
	for _, c := range r.lineConts {
		if c < l && l <= r.contsEnd {
			n++
		}
	}
	return l - n + r.lineOff
}
