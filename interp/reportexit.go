package interp

// reportExits reports whether an error bash prints with report_error
// ends the shell now: set -e is on (exit_immediately_on_error), the
// shell is not interactive, and no eval, source or command run where
// set -e is ignored has turned it off for what it runs (bash's
// builtin_ignoring_errexit).
func (r *Runner) reportExits() bool {
	return r.opts.on(optErrexit) && !r.sh.interactive && r.ignoringErrexit == 0
}

// reportExit applies the end of bash's report_error after an error
// printed that way (a readonly variable, a bad array subscript, a bad
// substitution): under set -e the shell exits at once, whatever the
// context (an if condition, a || list, a function called in one), with
// the last status or 1. It reports whether it did.
func (r *Runner) reportExit() bool {
	if !r.reportExits() {
		return false
	}
	st := r.reportStatus()
	r.exit, r.exitCode, r.flow = st, st, flowExit
	r.exitReported()
	return true
}

// exitReported marks the exit now beginning as report_error's under
// set -e, which calls exit_shell where the error is: the EXIT trap's
// text then runs one PS4 level deeper than the failing command traced,
// not from the top level the other exits unwind to first.
func (r *Runner) exitReported() {
	r.exitHow = exitByReport
	r.reportLevel = r.traceLevel
}

// reportStatus is the status report_error exits with: the last
// command's, or 1.
func (r *Runner) reportStatus() int {
	if r.exit != 0 {
		return r.exit
	}
	return 1
}

// ignoresErrexit reports whether builtin name, run where set -e is
// ignored, turns off for what it runs the exit of report_error too, as
// bash's execute_builtin does for eval, source and what command runs.
func (r *Runner) ignoresErrexit(name string) bool {
	switch name {
	case "eval", "source", ".", "command":
		return r.statusIgnored()
	}
	return false
}

// viaReportError reports whether bash prints err with report_error, and
// whether it set the status to 1 first (failed) rather than keep the
// last command's.
func viaReportError(err error) (via, failed bool) {
	switch e := err.(type) {
	case *expandError:
		return e.report, !e.lastStatus
	case *varError:
		return e.readonly, false
	case *discardError:
		return e.report, false
	}
	return false, false
}
