package interp

// usageLine is bash's builtin_usage line for a builtin, "NAME: usage:
// SYNOPSIS\n", taken from the help synopses.
func usageLine(name string) string {
	syn := name
	for _, t := range helpTopics {
		if t.name == name {
			syn = t.synopsis
			break
		}
	}
	return name + ": usage: " + syn + "\n"
}

// builtinUsage prints usageLine(name) on stderr, without the script and
// line prefix, as bash's builtin_usage does.
func (r *Runner) builtinUsage(name string) {
	r.errw().Write([]byte(usageLine(name)))
}

// simpleOpts parses the flag-only options of a builtin (spec has no ':'
// letters) with builtinOpts and returns a bitmask indexed by letter
// ('a'..'z' then 'A'..'Z'), the remaining words, and the status to return
// when ok is false.
func (r *Runner) simpleOpts(name, spec string, args []string) (set uint64, rest []string, ok bool, st int) {
	rest, ok, st = r.builtinOpts(name, spec, usageLine(name), args, func(c byte, _ string) (bool, int) {
		set |= optBit(c)
		return true, 0
	})
	return set, rest, ok, st
}

// optBit is the bit simpleOpts sets for the option letter c.
func optBit(c byte) uint64 {
	switch {
	case c >= 'a' && c <= 'z':
		return 1 << (c - 'a')
	case c >= 'A' && c <= 'Z':
		return 1 << (26 + c - 'A')
	}
	return 1 << 63
}
