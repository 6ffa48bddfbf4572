package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's grammar keeps "time", "time -p" (or "time --", which it reads
// the same) and "!" before a pipeline as flags of the pipeline's command:
// CMD_TIME_PIPELINE, CMD_TIME_POSIX and CMD_INVERT_RETURN, which each "!"
// toggles. print_cmd.c prints them in one order whatever was written,
// "time -p ! cmd", and a command that is only a timespec or a "!" as
// that prefix alone. nash's tree nests them (a TimeClause, a negated
// Stmt, the groups parseProgram makes of "time ! cmd" and of a lone "!",
// whose "{" a negationBlank follows); timeFlags flattens them.

// pipelineFlags are bash's flags of a pipeline's command.
type pipelineFlags struct{ time, posix, invert bool }

// prefix is the text print_cmd.c puts before the command.
func (f pipelineFlags) prefix() string {
	var sb strings.Builder
	if f.time {
		sb.WriteString("time ")
		if f.posix {
			sb.WriteString("-p ")
		}
	}
	if f.invert {
		sb.WriteString("! ")
	}
	return sb.String()
}

// timeFlags returns the flags of s and the statement they apply to, s's
// own negation taken out; a nil statement when there is no command.
func (p *cmdPrinter) timeFlags(s *syntax.Stmt) (pipelineFlags, *syntax.Stmt) {
	var f pipelineFlags
	for {
		f.invert = f.invert != s.Negated
		if len(s.Redirs) == 0 && !s.Background {
			switch c := s.Cmd.(type) {
			case *syntax.TimeClause:
				// (the "--" that follows a timespec and time time)
				c = timeSpec(c, nil)
				f.time = true
				f.posix = f.posix || c.PosixFormat
				if c.Stmt == nil {
					return f, nil
				}
				s = c.Stmt
				continue
			case *syntax.Block:
				if len(c.Stmts) == 1 && p.negationGroup(c) {
					inner := c.Stmts[0]
					if p.nullCommand(inner) {
						f.invert = f.invert != inner.Negated
						return f, nil
					}
					s = inner
					continue
				}
			}
		}
		if !s.Negated {
			return f, s
		}
		plain := *s
		plain.Negated = false
		return f, &plain
	}
}

// negationGroup reports whether b is a group parseProgram made of a
// negation (negationBlank after its "{").
func (p *cmdPrinter) negationGroup(b *syntax.Block) bool {
	i := int(b.Lbrace.Offset()) + 1
	return b.Lbrace.IsValid() && i < len(p.src) && p.src[i] == negationBlank[0]
}

// nullCommand reports whether s is the command of a lone "!"'s group.
func (p *cmdPrinter) nullCommand(s *syntax.Stmt) bool {
	c, ok := s.Cmd.(*syntax.CallExpr)
	return ok && len(c.Args) == 1 && len(c.Assigns) == 0 && len(s.Redirs) == 0 && p.word(c.Args[0]) == nullWord
}
