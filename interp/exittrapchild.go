package interp

import "mvdan.cc/sh/v3/syntax"

// forkedRunsExitTrap reports whether the child bash forks for cmd, a
// pipeline element or an asynchronous command (nil: not such a child),
// runs the EXIT trap set in it. bash runs it for a simple command (a
// function call), for a ( ) (execute_in_subshell) and for a { }
// (execute_command_internal ends that child with subshell_exit); the
// child for any other compound command (if, while, for, case) ends with
// sh_exit, which runs no trap, and an exit inside it jumps back to
// execute_in_subshell and ends the same way.
func forkedRunsExitTrap(cmd syntax.Command) bool {
	switch cmd.(type) {
	case nil, *syntax.CallExpr, *syntax.DeclClause, *syntax.LetClause, *syntax.Block, *syntax.Subshell:
		return true
	}
	return false
}

// forkedForSimple readies c, the child bash forks for a simple command
// of r (a pipeline element, an & command): it expands the words before
// it resets the traps it inherited (stageExpansionExit), and a fatal
// error there jumps where r's own would (fatalToTop).
func (c *Runner) forkedForSimple(r *Runner) {
	c.stageExpanding = true
	c.fatalToTop = !r.isSub || r.fatalToTop
	// the parent's EXIT trap, were it to run: at the top level for the
	// shell, one more than its fork level for a subshell (runTrap)
	c.stageExit.live = r.traps.has("EXIT")
	c.stageExit.level = 0
	if r.isSub || r.bgProcess {
		c.stageExit.level = r.forkLevel + 1
	}
	// the jump to the top level unwinds the eval'd or sourced texts
	// the child inherited, the outermost putting back its
	// $BASH_COMMAND (parse_and_execute's restore_lastcom)
	c.stageExit.hasCmd, c.stageExit.bashCmd = r.peTexts > 0, r.peOuterCmd
}

// stageExpansionExit readies the EXIT trap of a pipeline stage's simple
// command whose word expansion failed fatally (${u?}, an arithmetic
// error, set -u): bash's child expands the words before it resets the
// traps it inherited, so the jump to its top level exits the shell there
// and runs the parent's EXIT trap, with $? 1 and $BASH_COMMAND the
// command, or what the outermost eval'd or sourced text around it puts
// back. A failure after the expansion (a redirection, the command
// itself) finds the traps reset.
func (c *Runner) stageExpansionExit() {
	if c.stageExpanding && (c.flow == flowAbort || c.flow == flowExit) && c.traps.inherited && c.stageExit.live {
		c.traps.live = append(c.traps.live, "EXIT")
		c.stageExit.armed = true
		if c.stageExit.hasCmd {
			c.bashCmd = c.stageExit.bashCmd
		}
	}
	c.stageExpanding = false
}
