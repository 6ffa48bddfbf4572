package interp

import "strings"

// The word break characters readline completes with, which
// COMP_WORDBREAKS shows: bash_completer_word_break_characters with
// shopt hostcomplete on, bash_nohostname_word_break_characters with it off.
const (
	compWordBreaks       = " \t\n\"'@><=;|&(:"
	compWordBreaksNoHost = " \t\n\"'><=;|&(:"
)

// initialWordBreaks is the value COMP_WORDBREAKS gets when it is first
// referenced: what shopt hostcomplete made of readline's characters
// before then, else the default for the option as it is now.
func (r *Runner) initialWordBreaks() string {
	if r.wordBreaks != nil {
		return *r.wordBreaks
	}
	return defaultWordBreaks(r.opts.sh(shHostcomplete))
}

// defaultWordBreaks are readline's word break characters as bash sets
// them with shopt hostcomplete on or off.
func defaultWordBreaks(host bool) string {
	if host {
		return compWordBreaks
	}
	return compWordBreaksNoHost
}

// hostCompleteBreaks does what bash's enable_hostname_completion does to
// the word break characters when shopt hostcomplete is set or unset:
// the first time, before COMP_WORDBREAKS is referenced, they become the
// default for the option; after that turning it off removes every @ and
// turning it on puts one in front when there is none. The global
// COMP_WORDBREAKS shows them, readonly or not (a local one is an ordinary
// variable, and one that unset removed is no longer theirs).
func (r *Runner) hostCompleteBreaks(on bool) {
	toggle := func(s string) string {
		switch has := strings.IndexByte(s, '@') >= 0; {
		case on && !has:
			return "@" + s
		case !on:
			return strings.ReplaceAll(s, "@", "")
		}
		return s
	}
	v := r.vars.globalGet("COMP_WORDBREAKS")
	switch {
	case v == nil:
		s := defaultWordBreaks(on)
		if r.wordBreaks != nil {
			s = toggle(*r.wordBreaks)
		}
		r.wordBreaks = &s
	case v.dynamic == 0 && v.kind == kString && v.set:
		g := r.vars.global("COMP_WORDBREAKS")
		g.str = toggle(g.str)
	}
}
