package interp

import "sort"

// options holds `set -o` and `shopt` state. It is a value type: copying it
// is how subshells get their own.
type options struct {
	set   [numSetOpts]bool
	shopt [numShopts]bool
	// the shopts set -o posix turns on (expand_aliases, shift_verbose,
	// inherit_errexit) as they were before, restored by set +o posix as
	// bash does
	beforePosix [3]bool
	// bashoptsShown, when not nil, is what $BASHOPTS lists: bash sets
	// it at startup and from the shopt builtin only, so set -o posix
	// (or startup as sh) leaves it listing the shopts as they were
	bashoptsShown []bool
	// restricted is bash's restricted mode (set -r, restricted.go); it
	// cannot be turned off
	restricted bool
	// jobCtlOff: a forked subshell's job control is off though $- keeps
	// its m (bash's without_job_control); set -m or +m sets it anew
	jobCtlOff bool
}

// posixShopts are the shopts set -o posix turns on, in beforePosix's
// order.
var posixShopts = [...]shoptOpt{shExpandAliases, shShiftVerbose, shInheritErrexit}

type setOpt int

const (
	optAllexport setOpt = iota
	optBraceexpand
	optEmacs
	optErrexit
	optErrtrace
	optFunctrace
	optHashall
	optHistexpand
	optHistory
	optIgnoreeof
	optInteractiveComments
	optKeyword
	optMonitor
	optNoclobber
	optNoexec
	optNoglob
	optNolog
	optNotify
	optNounset
	optOnecmd
	optPhysical
	optPipefail
	optPosix
	optPrivileged
	optVerbose
	optVi
	optXtrace
	numSetOpts
)

// setOptNames is in the order `set -o` lists them.
var setOptNames = [numSetOpts]string{
	"allexport", "braceexpand", "emacs", "errexit", "errtrace", "functrace",
	"hashall", "histexpand", "history", "ignoreeof", "interactive-comments",
	"keyword", "monitor", "noclobber", "noexec", "noglob", "nolog", "notify",
	"nounset", "onecmd", "physical", "pipefail", "posix", "privileged",
	"verbose", "vi", "xtrace",
}

// setOptLetter returns the option `set -X` sets for the letter X.
func setOptLetter(c byte) (setOpt, bool) {
	switch c {
	case 'a':
		return optAllexport, true
	case 'B':
		return optBraceexpand, true
	case 'e':
		return optErrexit, true
	case 'E':
		return optErrtrace, true
	case 'T':
		return optFunctrace, true
	case 'h':
		return optHashall, true
	case 'H':
		return optHistexpand, true
	case 'k':
		return optKeyword, true
	case 'm':
		return optMonitor, true
	case 'C':
		return optNoclobber, true
	case 'n':
		return optNoexec, true
	case 'f':
		return optNoglob, true
	case 'b':
		return optNotify, true
	case 'u':
		return optNounset, true
	case 't':
		return optOnecmd, true
	case 'P':
		return optPhysical, true
	case 'p':
		return optPrivileged, true
	case 'v':
		return optVerbose, true
	case 'x':
		return optXtrace, true
	}
	return 0, false
}

// dashOrder is the order bash prints $- letters in.
const dashOrder = "abefhkmnprtuvxBCEHPT"

type shoptOpt int

const (
	shAssocExpandOnce shoptOpt = iota
	shAutocd
	shCdableVars
	shCdspell
	shCheckhash
	shCheckjobs
	shCheckwinsize
	shCmdhist
	shCompat31
	shCompat32
	shCompat40
	shCompat41
	shCompat42
	shCompat43
	shCompat44
	shCompleteFullquote
	shDirexpand
	shDirspell
	shDotglob
	shExecfail
	shExpandAliases
	shExtdebug
	shExtglob
	shExtquote
	shFailglob
	shForceFignore
	shGlobasciiranges
	shGlobskipdots
	shGlobstar
	shGnuErrfmt
	shHistappend
	shHistreedit
	shHistverify
	shHostcomplete
	shHuponexit
	shInheritErrexit
	shInteractiveComments
	shLastpipe
	shLithist
	shLocalvarInherit
	shLocalvarUnset
	shLoginShell
	shMailwarn
	shNoEmptyCmdCompletion
	shNocaseglob
	shNocasematch
	shNoexpandTranslation
	shNullglob
	shPatsubReplacement
	shProgcomp
	shProgcompAlias
	shPromptvars
	shRestrictedShell
	shShiftVerbose
	shSourcepath
	shVarredirClose
	shXpgEcho
	numShopts
)

var shoptNames = [numShopts]string{
	"assoc_expand_once", "autocd", "cdable_vars", "cdspell", "checkhash",
	"checkjobs", "checkwinsize", "cmdhist", "compat31", "compat32", "compat40",
	"compat41", "compat42", "compat43", "compat44", "complete_fullquote",
	"direxpand", "dirspell", "dotglob", "execfail", "expand_aliases",
	"extdebug", "extglob", "extquote", "failglob", "force_fignore",
	"globasciiranges", "globskipdots", "globstar", "gnu_errfmt", "histappend",
	"histreedit", "histverify", "hostcomplete", "huponexit", "inherit_errexit",
	"interactive_comments", "lastpipe", "lithist", "localvar_inherit",
	"localvar_unset", "login_shell", "mailwarn", "no_empty_cmd_completion",
	"nocaseglob", "nocasematch", "noexpand_translation", "nullglob",
	"patsub_replacement", "progcomp", "progcomp_alias", "promptvars",
	"restricted_shell", "shift_verbose", "sourcepath", "varredir_close",
	"xpg_echo",
}

func defaultOptions() options {
	var o options
	o.set[optBraceexpand] = true
	o.set[optHashall] = true
	o.set[optInteractiveComments] = true
	for _, s := range []shoptOpt{shCheckwinsize, shCmdhist, shCompleteFullquote,
		shExtquote, shForceFignore, shGlobasciiranges, shGlobskipdots,
		shHostcomplete, shInteractiveComments, shPatsubReplacement, shProgcomp,
		shPromptvars, shSourcepath} {
		o.shopt[s] = true
	}
	return o
}

func (o *options) on(s setOpt) bool   { return o.set[s] }
func (o *options) sh(s shoptOpt) bool { return o.shopt[s] }

// jobControl is bash's job_control: set -m outside a forked subshell, or
// set again inside one.
func (o *options) jobControl() bool { return o.set[optMonitor] && !o.jobCtlOff }
func (o *options) setShort(c byte, on bool) bool {
	s, ok := setOptLetter(c)
	if !ok {
		return false
	}
	o.set[s] = on
	if s == optMonitor {
		o.jobCtlOff = false
	}
	return true
}

func (o *options) setLong(name string, on bool) bool {
	for i, n := range setOptNames {
		if n == name {
			if setOpt(i) == optPosix && on != o.set[i] {
				if o.bashoptsShown == nil {
					o.bashoptsShown = append([]bool(nil), o.shopt[:]...)
				}
				for j, sh := range posixShopts {
					if on {
						o.beforePosix[j] = o.shopt[sh]
						o.shopt[sh] = true
					} else if sh != shInheritErrexit {
						// bash leaves inherit_errexit on
						o.shopt[sh] = o.beforePosix[j]
					}
				}
			}
			o.set[i] = on
			if setOpt(i) == optMonitor {
				o.jobCtlOff = false
			}
			if setOpt(i) == optVi && on {
				o.set[optEmacs] = false
			} else if setOpt(i) == optEmacs && on {
				o.set[optVi] = false
			}
			return true
		}
	}
	return false
}

func (o *options) setShopt(name string, on bool) bool {
	for i, n := range shoptNames {
		if n == name {
			o.shopt[i] = on
			if shoptOpt(i) == shExtdebug {
				// bash's shopt_set_debug_mode: extdebug turns set -E and
				// set -T on and off with it
				o.set[optErrtrace], o.set[optFunctrace] = on, on
			}
			return true
		}
	}
	return false
}

func shoptIndex(name string) (shoptOpt, bool) {
	for i, n := range shoptNames {
		if n == name {
			return shoptOpt(i), true
		}
	}
	return 0, false
}

func setOptIndex(name string) (setOpt, bool) {
	for i, n := range setOptNames {
		if n == name {
			return setOpt(i), true
		}
	}
	return 0, false
}

// dashFlags returns $-.
func (r *Runner) dashFlags() string {
	var b []byte
	for i := 0; i < len(dashOrder); i++ {
		c := dashOrder[i]
		if c == 'h' && r.opts.on(optHashall) || c == 'B' && r.opts.on(optBraceexpand) {
			b = append(b, c)
		}
		if c == 'h' && r.sh.interactive {
			b = append(b, 'i') // bash's flag order has i after h
		}
		if c == 'r' && r.opts.restricted {
			b = append(b, c)
		}
		if c == 'h' || c == 'B' || c == 'r' {
			continue
		}
		if s, ok := setOptLetter(c); ok && s != optHashall && s != optBraceexpand && r.opts.on(s) {
			b = append(b, c)
		}
	}
	if r.sh.cmdString {
		b = append(b, 'c')
	}
	if r.sh.stdinCmds || r.sh.dashS {
		b = append(b, 's')
	}
	return string(b)
}

// shellopts returns $SHELLOPTS.
func (r *Runner) shellopts() string {
	var names []string
	for i, n := range setOptNames {
		if r.opts.set[i] {
			names = append(names, n)
		}
	}
	return join(names, ":")
}

func (r *Runner) bashopts() string {
	shown := r.opts.shopt[:]
	if r.opts.bashoptsShown != nil {
		shown = r.opts.bashoptsShown
	}
	var names []string
	for i, n := range shoptNames {
		if shown[i] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return join(names, ":")
}

func join(a []string, sep string) string {
	switch len(a) {
	case 0:
		return ""
	case 1:
		return a[0]
	}
	n := len(sep) * (len(a) - 1)
	for _, s := range a {
		n += len(s)
	}
	b := make([]byte, 0, n)
	b = append(b, a[0]...)
	for _, s := range a[1:] {
		b = append(b, sep...)
		b = append(b, s...)
	}
	return string(b)
}
