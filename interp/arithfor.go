package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// arithFor runs a for ((init; test; step)) loop. It reports the body's
// last status, and aborted when an arithmetic error ended the loop (the
// error set the status already).
//
// Each part goes as bash's eval_arith_for_expr takes it: its text is
// expanded (command substitutions run, their traces first), traced as
// "(( text ))", shown to the DEBUG trap as $BASH_COMMAND "((text))",
// then evaluated unless the trap skips it (extdebug), its value 0 then.
func (r *Runner) arithFor(c *syntax.ForClause, l *syntax.CStyleLoop) (status int, aborted bool) {
	parts, split := r.arithForParts(l)
	// each part is evaluated at the line of the "((" (bash's
	// arith_for_command->line), for $LINENO, the DEBUG trap and
	// error messages; the body goes back to its own lines
	headLine, saveLine := r.lineAt(int(l.Lparen.Line())), r.line
	defer func() { r.line = saveLine }()
	// part runs part k; ok is false when the loop must end: an error
	// (aborted set), a trap's flow change, or a test the trap skipped
	part := func(k int, x syntax.ArithmExpr) (n int64, ok bool) {
		r.line = headLine
		text := ""
		if x != nil {
			s, static := r.staticArithText(x)
			if !static {
				var err error
				if s, err = r.arithText(x, false); err != nil {
					r.arithCmdError(textError(err))
					aborted = true
					return 0, false
				}
			}
			text = s
		}
		if split {
			shown := strings.TrimLeft(text, " \t")
			if x == nil {
				shown = strings.TrimLeft(parts[k], " \t")
			}
			if shown == "" {
				shown = "1"
			}
			if r.opts.on(optXtrace) {
				r.traceWrite(r.tracePrefix() + "(( " + shown + " ))\n")
			}
			skip := r.debugArithFor(shown)
			if r.flow != flowNone {
				return 0, false
			}
			if skip {
				return 0, k != 1
			}
		}
		r.thisCmd = "(("
		if x == nil {
			return 1, true
		}
		n, err := r.arithStringCmd(text, "((")
		if err != nil {
			r.arithCmdError(err)
			aborted = true
			return 0, false
		}
		return n, true
	}
	if _, ok := part(0, l.Init); !ok {
		return status, true
	}
	// bash puts its line_number back after each test and when the loop
	// ends, undoing what a ( ) pipeline element in the body left there
	// (leaveParenLine)
	restore := r.keepNoticeLine()
	defer func() {
		if !aborted {
			restore()
		}
	}()
	for {
		n, ok := part(1, l.Cond)
		if aborted {
			return status, true
		}
		restore()
		if !ok || n == 0 {
			break
		}
		r.stmts(c.Do)
		status = r.exit
		if r.flow != flowNone {
			if !r.loopFlow() {
				break
			}
		}
		if _, ok := part(2, l.Post); !ok {
			if aborted {
				return status, true
			}
			break
		}
	}
	return status, false
}
