package interp

import "syscall"

// maxRecursion bounds how deeply eval, source, trap actions and
// in-process subshells nest (Runner.recDepth). bash keeps no such count:
// runaway recursion through them overflows its C stack, and it dies of
// SIGSEGV at a depth of about 5,000 to 8,000 with an 8 MiB stack. nash's
// levels are Go frames, about 10 KiB each, which would grow to the
// runtime's 1 GiB limit and end in a fatal error with a Go trace; at
// this depth (about 100 MiB of stack) nash dies as bash does instead.
// Function calls have their own cap (callFunc).
const maxRecursion = 10000

// enterNested counts one more level of eval, source or trap action. It
// reports false, having ended the shell as a stack overflow does
// (stackOverflow), when that is one too many; otherwise the caller runs
// its level and calls leaveNested.
func (r *Runner) enterNested() bool {
	if r.recDepth >= maxRecursion {
		r.stackOverflow()
		return false
	}
	r.recDepth++
	return true
}

// leaveNested ends a level counted by enterNested.
func (r *Runner) leaveNested() { r.recDepth-- }

// forkOverflows reports whether c, a subshell just forked, is nested one
// level too deep, and if so ends it as a stack overflow would.
func (c *Runner) forkOverflows() bool {
	if c.recDepth <= maxRecursion {
		return false
	}
	c.stackOverflow()
	return true
}

// stackOverflow ends the shell as bash's process ends when its stack
// overflows: killed by SIGSEGV at once, its EXIT trap unrun (the kernel
// kills it; no handler can run on the exhausted stack). An in-process
// subshell ends with status 139 as a killed child would, reported by its
// parent (selfKilled); the shell itself ends by the signal once the run
// unwinds (KilledBy).
func (r *Runner) stackOverflow() {
	r.exitTrapRan = true
	r.flow, r.exitCode = flowExit, 128+int(syscall.SIGSEGV)
	if r.bashpid >= fakePIDBase {
		r.selfKilled, r.selfKillPrev = syscall.SIGSEGV, r.exit
		return
	}
	r.sh.tailSignal = syscall.SIGSEGV
}
