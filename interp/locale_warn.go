package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash passes the locale variables to setlocale as they are assigned and
// warns when the locale is not installed. glibc remembers a failed lookup
// per category, and only the first one sets errno, which bash appends:
// "cannot change locale (xx): No such file or directory" the first time,
// without the suffix after that.

// localeVar reports the variables whose assignment calls setlocale.
func localeVar(name string) bool {
	switch name {
	case "LC_ALL", "LANG", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME":
		return true
	}
	return false
}

// localeAssigned does what bash's sv_locale does after name was set to
// val: warn when setlocale would fail.
func (r *Runner) localeAssigned(name, val string) {
	lcAll := r.localeVal("LC_ALL")
	switch name {
	case "LC_ALL":
		if val == "" {
			r.resetLocale()
			return
		}
		r.trySetlocale(name, "LC_ALL", val, true)
	case "LANG":
		if lcAll == "" {
			r.resetLocale()
		}
	default:
		if lcAll != "" {
			return // LC_ALL overrides the category
		}
		if eff := r.localeVarValue(name); eff != "" {
			r.trySetlocale(name, name, eff, true)
		}
	}
}

// localeVarValue is bash's get_locale_var: LC_ALL, else the variable,
// else LANG.
func (r *Runner) localeVarValue(name string) string {
	for _, n := range [...]string{"LC_ALL", name, "LANG"} {
		if s := r.localeVal(n); s != "" {
			return s
		}
	}
	return ""
}

// resetLocale is bash's reset_locale_vars: LANG for every category, then
// each category from its own variable, all silently.
func (r *Runner) resetLocale() {
	lang := r.localeVal("LANG")
	if lang == "" {
		return // the environment's locale: nothing new is looked up
	}
	if !r.trySetlocale("LANG", "LC_ALL", lang, false) {
		return
	}
	// every category is LANG's now: an LC_CTYPE that fails next keeps
	// this character locale, not the one before
	r.vars.ctype.request(lang)
	r.vars.ctype.resolve()
	for _, c := range [...]string{"LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME"} {
		if eff := r.localeVarValue(c); eff != "" {
			r.trySetlocale(c, c, eff, false)
		}
	}
}

// trySetlocale reports whether setlocale(category, loc) would succeed,
// recording a failure and, with warn, printing bash's warning for name.
func (r *Runner) trySetlocale(name, category, loc string, warn bool) bool {
	st := &r.vars.ctype
	if st.startup != nil {
		r.startupLookups()
	}
	if localeAvailable(loc) {
		if category == "LC_ALL" || category == "LC_MESSAGES" {
			st.messages = loc
		}
		return true
	}
	if !validLocaleName(loc) {
		// glibc refuses the name before any lookup, every time
		if warn {
			r.errorf("%s", setlocaleWarning(name, loc)+": Invalid argument")
		}
		return false
	}
	first := !st.triedLocale(category, loc)
	if first {
		// glibc's lookup of de_DE.UTF-8 made its list entries for
		// de_DE.utf8, de_DE, de.UTF-8, de.utf8 and de too, so a later
		// de_DE or de finds the entry and sets no errno
		variants := localeVariants(loc)
		if variants == nil {
			variants = []string{loc}
		}
		// copy: subshells share the slice
		failed := st.failed[:len(st.failed):len(st.failed)]
		for _, v := range variants {
			if !st.triedLocale(category, v) {
				failed = append(failed, category+"\x00"+v)
			}
		}
		st.failed = failed
	}
	if warn {
		msg := setlocaleWarning(name, loc)
		if first {
			msg += ": No such file or directory"
		}
		r.errorf("%s", msg)
	}
	return false
}

// setlocaleWarning is bash's warning for a locale it could not set,
// without the error text that may follow it.
func setlocaleWarning(name, loc string) string {
	return "warning: setlocale: " + name + ": cannot change locale (" + loc + ")"
}

// validLocaleName is glibc's valid_locale_name: at most 255 bytes, no
// directory traversal, and a slash only in a name that starts with one.
func validLocaleName(name string) bool {
	switch {
	case len(name) > 255, strings.Contains(name, "/../"), name == "..",
		strings.HasPrefix(name, "../"), strings.HasSuffix(name, "/.."):
		return false
	}
	return !strings.Contains(name, "/") || name[0] == '/'
}

// triedLocale reports whether setlocale already looked for loc in
// category and did not find it.
func (st *ctypeState) triedLocale(category, loc string) bool {
	key := category + "\x00" + loc
	for _, k := range st.failed {
		if k == key {
			return true
		}
	}
	return false
}

// localeStartup records what bash's startup setlocale(LC_ALL, "") looked
// up from the environment, so that assigning the same locale later warns
// as a repeated failure; an LC_ALL that fails is then reported by
// StartupWarnings, as bash does when it imports the variable. Without
// LC_ALL nothing is reported, so LANG and LC_* are looked up only when a
// locale variable is first assigned (most scripts never do): each lookup
// stats the locale directories and may read the locale archive.
func (r *Runner) localeStartup() {
	r.startupWarn = nil
	st := &r.vars.ctype
	st.startup = nil
	loc := r.localeVal("LC_ALL")
	if loc == "" {
		pairs := []string{}
		if lang := r.localeVal("LANG"); lang != "" {
			pairs = append(pairs, "LC_ALL", lang)
		}
		for _, c := range [...]string{"LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME"} {
			if v := r.localeVal(c); v != "" {
				pairs = append(pairs, c, v)
			}
		}
		if len(pairs) > 0 {
			st.startup = pairs
		}
		return
	}
	if !r.trySetlocale("LC_ALL", "LC_ALL", loc, false) {
		msg := setlocaleWarning("LC_ALL", loc)
		if !validLocaleName(loc) {
			msg += ": Invalid argument" // refused anew, errno and all
		}
		r.startupWarn = append(r.startupWarn, msg)
		// bash's setlocale(LC_ALL, "") before it has looked the name up
		// for every category: a later failure of that name, whatever
		// the category, finds no file missing (no errno text)
		for _, c := range [...]string{"LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME"} {
			st.failed = append(st.failed[:len(st.failed):len(st.failed)], c+"\x00"+loc)
		}
	}
}

// startupLookups does the lookups localeStartup put off: LANG for every
// category (glibc gives up when it fails), then each LC_* category.
func (r *Runner) startupLookups() {
	st := &r.vars.ctype
	pairs := st.startup
	st.startup = nil
	for i := 0; i < len(pairs); i += 2 {
		if !r.trySetlocale(pairs[i], pairs[i], pairs[i+1], false) && i == 0 && pairs[0] == "LC_ALL" {
			return // glibc gave up at the first category
		}
	}
}

// StartupWarnings returns the warnings bash prints as it starts, before
// running anything, each to be prefixed with the shell's name: an LC_ALL
// in the environment naming a locale that is not installed.
func (r *Runner) StartupWarnings() []string { return r.startupWarn }

// StartupErrors returns the complete lines bash prints to stderr as it
// starts, after StartupWarnings': its working directory having no path
// ("shell-init: error retrieving current directory: …").
func (r *Runner) StartupErrors() []string { return r.startupErr }

// localeVal is the value of a set string variable, else "".
func (r *Runner) localeVal(name string) string {
	if v := r.vars.get(name); v != nil && v.set && v.kind == kString {
		return v.str
	}
	return ""
}

// localeAfterTemp is bash's sv_locale run again for the shell's own
// values when the temporary environment of command c (its prefix
// assignments) is disposed of: a locale that fails warns once more.
func (r *Runner) localeAfterTemp(c *syntax.CallExpr) {
	for _, a := range c.Assigns {
		if a.Name != nil && localeVar(a.Name.Value) {
			r.localeAssigned(a.Name.Value, r.localeVal(a.Name.Value))
		}
	}
}
