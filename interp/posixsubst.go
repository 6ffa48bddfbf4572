package interp

// badSubstErr is the error of a ${…} that bash rejects at the
// bad_substitution label of parameter_brace_expand (an invalid name, a
// missing subscript, an operator # cannot take): fatal in a
// non-interactive POSIX shell above compatibility level 43, as bash
// returns expand_wdesc_fatal there.
func (r *Runner) badSubstErr(text string) error {
	fatal := r.opts.on(optPosix) && !r.isInteractive() && r.compatLevel() > 43
	return &expandError{msg: text + ": bad substitution", fatal: fatal, report: true}
}
