package interp

import "io"

// bash writes xtrace lines to stderr, unbuffered, or, with BASH_XTRACEFD
// set, to a stdio stream fdopen'd on that fd: fully buffered unless the fd
// is a terminal. Every xtrace printer fflushes that stream but one:
// xtrace_print_case_command_head (print_cmd.c) leaves "+ case WORD in"
// in the buffer. The next traced line flushes it along; a child forked
// meanwhile (a pipeline stage, ( ), $( )) inherits a copy of the buffer,
// which it flushes with its first traced line or at exit, so the head
// appears once more for each such child. git's test suite traces to
// BASH_XTRACEFD=4 and shows this in every -x log.

// traceBuffered reports whether xtrace output goes to bash's buffered
// BASH_XTRACEFD stream rather than to stderr.
func (r *Runner) traceBuffered() bool {
	if r.xtracePin > 0 {
		return false
	}
	if r.xtraceFD == 0 {
		return false
	}
	f := r.fds.get(r.traceFD())
	return f != nil && !isTerminal(f)
}

// traceFlush writes what the xtrace stream holds unflushed, as exit()
// does for bash and its forked children.
func (r *Runner) traceFlush() {
	if r.tracePending == "" {
		return
	}
	line := r.tracePending
	r.tracePending = ""
	if r.xtracePin > 0 {
		io.WriteString(r.fds.writer(r.xtracePin-1), line)
		return
	}
	io.WriteString(r.fds.writer(r.traceFD()), line)
}
