package interp

import "mvdan.cc/sh/v3/syntax"

// bash's shell forks a ( ) element of a pipeline that is not the last
// with its line_number set to the subshell's line (that of its ")"), and
// returns to fork the next element without putting the line back
// (execute_command_internal's early return for pipe_out). The parser
// counts the lines it reads on from that same variable, so every command
// read after such a pipeline has its line ($LINENO, error messages)
// lowered by the lines between the ")" and where the command read ends.
// Only a compound command that restores line_number hides it: a function
// call (any simple command), an if's test, a for, select or case
// command, and the text of eval, source or a trap. nash keeps bash's
// line_number between commands in noticeLine (jobnotice.go).

// leaveParenLine sets the notice line as the forked ( ) elements of a
// pipeline (not its last) leave bash's line_number.
func (r *Runner) leaveParenLine(stages []*syntax.Stmt) {
	for _, st := range stages[:len(stages)-1] {
		if c, ok := st.Cmd.(*syntax.Subshell); ok {
			r.noticeLine, r.parenLeft = r.parenLine(c), true
		}
	}
}

// parenLine is the line of the ")" of c, a line of the text running:
// bash's Subshell->line, which it sets line_number to as it forks c.
func (r *Runner) parenLine(c *syntax.Subshell) int { return r.lineAt(int(c.Rparen.Line())) }

// parenLineShift is the shift of the lines read after a command that
// ended at line end (of the text running) when a ( ) pipeline element
// left bash's line_number at an earlier line (leaveParenLine): 0 when
// none did.
func (r *Runner) parenLineShift(end int) int {
	if r.parenLeft && r.noticeLine > 0 && r.noticeLine < end {
		return r.noticeLine - end
	}
	return 0
}

// hasParenStage reports whether stmts hold a pipeline with a ( )
// element, which may lower the lines read after it (leaveParenLine).
func hasParenStage(stmts []*syntax.Stmt) bool {
	found := false
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			if b, ok := n.(*syntax.BinaryCmd); ok && (b.Op == syntax.Pipe || b.Op == syntax.PipeAll) {
				_, x := b.X.Cmd.(*syntax.Subshell)
				_, y := b.Y.Cmd.(*syntax.Subshell)
				found = x || y
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// shiftAfterParen counts the lines of the rest of an eval'd string, a
// sourced file or a trap action from where a ( ) in a pipeline of g, the
// command line just run, left bash's line_number; notice is the line
// that held before the text ran, put back for the next command line.
func (r *Runner) shiftAfterParen(notice int, g []*syntax.Stmt) {
	if len(g) > 0 && r.flow == flowNone {
		r.lineOff += r.parenLineShift(r.lineAt(int(g[len(g)-1].End().Line())))
	}
	r.noticeLine, r.parenLeft = notice, false
}

// keepNoticeLine returns the function that puts back the notice line as
// it is now, and whether a ( ) left it (leaveParenLine), for what
// restores bash's line_number when it ends.
func (r *Runner) keepNoticeLine() func() {
	line, left := r.noticeLine, r.parenLeft
	return func() { r.noticeLine, r.parenLeft = line, left }
}

// forkedParenRuns reports whether c is the ( ) this child was forked for
// (forkedParen) or one that runs in its process without a fork of its
// own: bash's execute_in_subshell runs the sole command of a ( ) that is
// itself a ( ) with CMD_NO_FORK, so no ERR trap follows it there either.
func (r *Runner) forkedParenRuns(c syntax.Command) bool {
	if !r.atForkedParen() {
		return false
	}
	for p := r.forkedParen; p != nil; {
		if p == c {
			return true
		}
		sub, ok := p.(*syntax.Subshell)
		if !ok || len(sub.Stmts) != 1 {
			return false
		}
		st := sub.Stmts[0]
		if _, ok := st.Cmd.(*syntax.Subshell); !ok || st.Negated || st.Background {
			return false
		}
		p = st.Cmd
	}
	return false
}

// atForkedParen reports whether r runs at the call depth of its
// forkedParen: a function that the ( ) calls may run the very same ( )
// again (f() { ( f ); }), in a child of its own, which is no longer the
// child this one was forked as (its failure runs the ERR trap here).
func (r *Runner) atForkedParen() bool { return len(r.calls) == r.forkedParenCalls }

// soleNegatedStmt is the statement of a ( ) whose only command is negated
// with !, or nil. bash's execute_in_subshell takes the ! off that command
// and inverts the subshell's status instead, so the child runs the ERR
// trap when the command itself fails: '( ! false )' runs it (with $? 1),
// '( ! true )' does not.
func soleNegatedStmt(c *syntax.Subshell) *syntax.Stmt {
	if len(c.Stmts) != 1 || !c.Stmts[0].Negated || c.Stmts[0].Background {
		return nil
	}
	return c.Stmts[0]
}
