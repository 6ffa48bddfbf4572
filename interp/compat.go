package interp

import "strconv"

// bash's shell compatibility level (BASH_COMPAT, shopt compat31 …
// compat44) selects older behaviours. nash follows the level in the
// places that concern arrays: at 51 and below, unset a[@] removes an
// array (indexed or associative) rather than emptying it or unsetting the
// key @, and an associative array's [@] and [*] in test -v and in
// arithmetic mean its elements rather than keys. The level is read from
// BASH_COMPAT when it matters, so a local BASH_COMPAT ends with its
// function as in bash (which sets the level again when the variable is
// restored).

// Compatibility levels (version.c, variables.c).
const (
	defaultCompat = 52 // DEFAULT_COMPAT_LEVEL of bash 5.2
	minCompat     = 31 // MIN_COMPAT_LEVEL
)

// compatShopts are the shopt options that name a level, with it.
var compatShopts = [...]struct {
	opt   shoptOpt
	level int
}{
	{shCompat31, 31}, {shCompat32, 32}, {shCompat40, 40}, {shCompat41, 41},
	{shCompat42, 42}, {shCompat43, 43}, {shCompat44, 44},
}

// compatValue reads a BASH_COMPAT value as sv_shcompat does: "4.2" or
// "42", within minCompat and defaultCompat. The empty value is the
// default level; ok is false for anything else.
func compatValue(s string) (level int, ok bool) {
	digit := func(c byte) bool { return c >= '0' && c <= '9' }
	switch {
	case s == "":
		return defaultCompat, true
	case len(s) == 3 && digit(s[0]) && s[1] == '.' && digit(s[2]):
		level = int(s[0]-'0')*10 + int(s[2]-'0')
	case len(s) == 2 && digit(s[0]) && digit(s[1]):
		level = int(s[0]-'0')*10 + int(s[1]-'0')
	default:
		return defaultCompat, false
	}
	if level < minCompat || level > defaultCompat {
		return defaultCompat, false
	}
	return level, true
}

// compatLevel is the compatibility level in force.
func (r *Runner) compatLevel() int {
	v := r.vars.get("BASH_COMPAT")
	if v == nil || !v.set || v.kind != kString {
		return defaultCompat
	}
	n, _ := compatValue(v.str)
	return n
}

// setCompat follows an assignment of val to BASH_COMPAT (sv_shcompat):
// a value out of range is reported and means the default level; the
// compatNN options then say the level.
func (r *Runner) setCompat(val string) {
	level, ok := compatValue(val)
	if !ok {
		r.errorf("BASH_COMPAT: %s: compatibility value out of range", val)
	}
	r.setCompatOpts(level)
}

// setCompatOpts turns on the compatNN option of level, if there is one,
// and the others off (set_compatibility_opts).
func (r *Runner) setCompatOpts(level int) {
	for _, c := range compatShopts {
		r.opts.shopt[c.opt] = c.level == level
	}
}

// shoptCompat follows shopt -s or -u of a compatNN option as bash's
// set_compatibility_level does: setting one turns the others off and sets
// its level; unsetting it goes back to the default level unless the
// level was one without an option (45 to 51). BASH_COMPAT is set to the
// level.
func (r *Runner) shoptCompat(opt shoptOpt, on bool) {
	old := r.compatLevel()
	if on {
		r.setCompatOpts(0)
	}
	r.opts.shopt[opt] = on
	level := defaultCompat
	for _, c := range compatShopts {
		if r.opts.shopt[c.opt] {
			level = c.level
			break
		}
	}
	if level == defaultCompat && old > 44 && old < defaultCompat {
		level = old
	}
	if err := r.setScalar("BASH_COMPAT", strconv.Itoa(level), false); err != nil {
		r.errorf("%v", err)
	}
}

// isCompatShopt reports whether opt is one of the compatNN options.
func isCompatShopt(opt shoptOpt) bool { return opt >= shCompat31 && opt <= shCompat44 }

// allSubscript reports whether name[@] or name[*] in an arithmetic
// expression, v being name's variable (nil when unset), is the
// subscript bash refuses there ("bad array subscript", and the value 0):
// always, except for an associative array above level 51, whose @ and *
// are keys (AV_ATSTARKEYS). An assignment to an associative array's
// element @ or * is one to that key at any level.
func (r *Runner) allSubscript(v *variable) bool {
	return v == nil || v.kind != kAssoc || r.compatLevel() <= 51
}
