package interp

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// ctypeState is the character locale in effect: the name it was last
// asked for and whether the locale actually set is a UTF-8 one. Looking
// at the installed locales waits until the answer is needed (pending), so
// that startup and every command that leaves the locale variables alone
// read no locale files.
type ctypeState struct {
	init    bool   // a name has been asked for
	name    string // the name last asked for
	pending bool   // name is not looked up yet: utf8 is the locale before it
	utf8    bool
	// bytes is the classification of the single-byte locale set, nil
	// for C and for multibyte ones (locale_ctype.go)
	bytes  *byteCtype
	failed []string // category+"\x00"+name of the failed setlocale calls (locale_warn.go)
	// startup holds the category and name pairs of the environment's
	// LANG and LC_* that bash's startup setlocale looked up, until a
	// locale variable is assigned and failed must be complete
	// (locale_warn.go); nil once looked up.
	startup []string
	// messages is the message locale set last ("" for C), which
	// gettext translates $"…" strings for (translate.go)
	messages string
}

// request records that the character locale name was asked for.
func (st *ctypeState) request(name string) {
	if name == "" {
		name = "C"
	}
	if st.init && st.name == name {
		return
	}
	st.resolve()
	st.init, st.name, st.pending = true, name, true
}

// resolve looks up the pending name: when the locale is not installed
// setlocale fails and bash keeps the locale it had (the C one at startup).
func (st *ctypeState) resolve() {
	if st.pending && localeAvailable(st.name) {
		st.utf8 = utf8LocaleName(st.name)
		st.bytes = loadByteCtype(st.name)
	}
	st.pending = false
}

// ctypeUTF8 reports whether asking for the character locale name (the
// value of LC_ALL, LC_CTYPE or LANG) leaves bash in a UTF-8 one. When the
// locale is not installed setlocale fails and bash keeps the locale it
// had: the last one set successfully (importEnv records the startup one).
func (r *Runner) ctypeUTF8(name string) bool {
	st := &r.vars.ctype
	st.request(name)
	st.resolve()
	return st.utf8
}

// noteLocale records a change of the character locale variables as it
// happens, so that a failed change later keeps the right locale.
func (r *Runner) noteLocale() { r.vars.ctype.request(r.ctypeName()) }

// ctypeName is the character locale asked for (localeFor).
func (r *Runner) ctypeName() string { return r.localeFor("LC_CTYPE") }

// localeFor is the locale asked for the category named by its variable
// cat: the first of LC_ALL, cat and LANG that is set and not empty.
func (r *Runner) localeFor(cat string) string {
	for _, n := range [...]string{"LC_ALL", cat, "LANG"} {
		if v := r.vars.get(n); v != nil && v.set && v.str != "" {
			return v.str
		}
	}
	return ""
}

// collNoRules reports whether the collation locale has no collation
// rules, as glibc's C, POSIX and C.UTF-8 (whose LC_COLLATE is code point
// order) have none: regcomp then finds no collation sequence value for a
// multibyte character. A locale that is not installed is taken as the C
// one, which setlocale leaves at startup.
func (r *Runner) collNoRules() bool {
	name := r.localeFor("LC_COLLATE")
	base, _, _ := strings.Cut(name, ".")
	return base == "" || base == "C" || base == "POSIX" || !localeAvailable(name)
}

// escBytes reports whether \u and \U escapes (in $'…', echo -e, printf
// and ${x@E}) are left as escapes beyond ASCII rather than written as
// UTF-8. bash (u32cconv) first asks the locale actually in effect, which
// is the previous one when setlocale failed, and then the codeset the
// locale's name asks for, loaded or not: with LANG=en_US.UTF-8 and no such
// locale installed, common in containers, $'\u00e9' is still é while the
// shell's characters are bytes; and LC_ALL=zh_HK.big5hkscs, not installed,
// leaves a UTF-8 shell writing UTF-8.
func (r *Runner) escBytes() bool {
	name := r.ctypeName()
	return !utf8LocaleName(name) && !r.ctypeUTF8(name)
}

// utf8LocaleName reports whether a locale name has a UTF-8 codeset.
func utf8LocaleName(name string) bool {
	i := strings.IndexByte(name, '.')
	if i < 0 {
		return false
	}
	cs := strings.ToLower(name[i+1:])
	if j := strings.IndexByte(cs, '@'); j >= 0 {
		cs = cs[:j]
	}
	return cs == "utf-8" || cs == "utf8"
}

// localeCache remembers which locale names the C library could load, so
// that each name costs at most one look at the locale files.
var localeCache sync.Map // string -> bool

// localeAvailable reports whether setlocale would accept name, as bash's
// does when LC_ALL, LC_CTYPE or LANG is assigned: a locale that is not
// installed leaves the shell in the C locale, where characters are bytes.
// Like glibc it normalizes the codeset ("UTF-8" -> "utf8") and looks for
// the locale as a directory under LOCPATH and /usr/lib/locale, or as an
// entry of /usr/lib/locale/locale-archive.
func localeAvailable(name string) bool {
	if name == "C" || name == "POSIX" {
		return true
	}
	if v, ok := localeCache.Load(name); ok {
		return v.(bool)
	}
	ok := findLocale(name)
	localeCache.Store(name, ok)
	return ok
}

func findLocale(name string) bool {
	names := localeNames(name)
	if names == nil {
		return false
	}
	for _, d := range localeDirs() {
		for _, n := range names {
			if fi, err := os.Stat(filepath.Join(d, n, "LC_CTYPE")); err == nil && !fi.IsDir() {
				return true
			}
		}
	}
	return archiveHasLocale(localeArchive, names)
}

// localeNames is the names glibc tries for a locale name: itself and
// with its codeset normalized; nil for a name it would not look up.
func localeNames(name string) []string {
	if strings.ContainsRune(name, '/') || name == "" {
		return nil
	}
	names := []string{name}
	if n := normalizeLocaleName(name); n != name {
		names = append(names, n)
	}
	return names
}

// localeDirs is where glibc looks for locale directories: LOCPATH (as the
// shell's environment had it at startup: bash does not hand assignments
// to the C library's environment) and then /usr/lib/locale.
func localeDirs() []string {
	var dirs []string
	if lp := os.Getenv("LOCPATH"); lp != "" {
		dirs = append(dirs, filepath.SplitList(lp)...)
	}
	return append(dirs, "/usr/lib/locale")
}

// normalizeLocaleName rewrites the codeset of lang[.codeset][@modifier]
// the way glibc's _nl_normalize_codeset does: only letters (lowered) and
// digits are kept, and an all-digit codeset gets an "iso" prefix.
func normalizeLocaleName(name string) string {
	dot := strings.IndexByte(name, '.')
	if dot < 0 {
		return name
	}
	lang, rest := name[:dot], name[dot+1:]
	mod := ""
	if at := strings.IndexByte(rest, '@'); at >= 0 {
		rest, mod = rest[:at], rest[at:]
	}
	var sb strings.Builder
	digits := true
	for _, c := range rest {
		switch {
		case c >= 'A' && c <= 'Z':
			sb.WriteRune(c + 'a' - 'A')
			digits = false
		case c >= 'a' && c <= 'z':
			sb.WriteRune(c)
			digits = false
		case c >= '0' && c <= '9':
			sb.WriteRune(c)
		}
	}
	cs := sb.String()
	if digits {
		cs = "iso" + cs
	}
	return lang + "." + cs + mod
}
