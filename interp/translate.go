package interp

import (
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash translates each $"…" string as it reads it (locale.c, localetrans):
// when the message locale (LC_ALL, LC_MESSAGES or LANG) is neither C nor
// POSIX and TEXTDOMAIN names a domain, it asks gettext for the text between
// the quotes as written, and the translation, if any, is read again as the
// contents of a double-quoted string (of a single-quoted one under shopt
// noexpand_translation). gettext looks in TEXTDOMAINDIR (bash binds it as
// it is assigned; /usr/share/locale by default) for
// LANG/LC_MESSAGES/DOMAIN.mo, LANG being each name in LANGUAGE (as the
// environment had it: bash hands assignments to the C library only for
// the locale variables) or else the locale's own name, each from the most
// specific of its variants to the language alone. A locale that is not
// installed leaves the one before in effect (C at startup, where gettext
// translates nothing).

// translateDollarDQ replaces the parts of a $"…" string with those of its
// translation, if the locale and text domain in effect have one.
func (r *Runner) translateDollarDQ(dq *syntax.DblQuoted) {
	if r.varString("TEXTDOMAIN") == "" {
		return // the common case: no domain, nothing to look up
	}
	if _, done := r.sh.translations.Load(dq); done {
		return // read already: its parts are the translation
	}
	msgid := dqSource(dq)
	if msgid == "" {
		return
	}
	msg, ok := r.gettext(msgid)
	if !ok || msg == msgid {
		return
	}
	if r.opts.shopt[shNoexpandTranslation] {
		text := unbackslashQuote(msg)
		r.sh.translations.Store(dq, text)
		dq.Parts = []syntax.WordPart{&syntax.Lit{ValuePos: dq.Left, ValueEnd: dq.Right, Value: text}}
		return
	}
	w, text, err := parseDocument(dqBodyEscapes(msg))
	if err != nil || w == nil {
		return
	}
	// the parts' positions are into text: expanding them reads their
	// subscripts back from it (translatedSrc). One entry per translated
	// string read, kept as long as the shell runs.
	r.sh.translations.Store(dq, text)
	dq.Parts = w.Parts
}

// translatedSrc makes the text of a translated $"…" string's parts the
// source their offsets refer to, for its expansion; it returns the
// function restoring the previous one.
func (r *Runner) translatedSrc(dq *syntax.DblQuoted) func() {
	if t, ok := r.sh.translations.Load(dq); ok {
		return r.withSrc(t.(string))
	}
	return func() {}
}

// translateIn translates the $"…" strings under node.
func (r *Runner) translateIn(node syntax.Node) {
	walkOutsideHeredocs(node, func(n syntax.Node) bool {
		if dq, ok := n.(*syntax.DblQuoted); ok && dq.Dollar {
			r.translateDollarDQ(dq)
		}
		return true
	})
}

// dqSource is the text of a double-quoted string's contents as written.
func dqSource(dq *syntax.DblQuoted) string {
	var sb strings.Builder
	if err := syntax.NewPrinter().Print(&sb, &syntax.Word{Parts: dq.Parts}); err != nil {
		return ""
	}
	return sb.String()
}

// dqBodyEscapes rewrites the \" escapes of double-quoted text, which a
// here-document body (what parseDocument reads) would keep, into the
// quote they stand for.
func dqBodyEscapes(s string) string {
	if !strings.Contains(s, `\"`) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] != '"' {
				sb.WriteByte('\\')
			}
			sb.WriteByte(s[i+1])
			i++
			continue
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// gettext is the translation of msgid in the text domain and message
// locale in effect, as bash's localetrans gets it from dgettext.
func (r *Runner) gettext(msgid string) (string, bool) {
	domain := r.varString("TEXTDOMAIN")
	switch r.localeVarValue("LC_MESSAGES") {
	case "", "C", "POSIX":
		return "", false
	}
	locale := r.messagesLocale()
	if domain == "" || locale == "" || locale == "C" || locale == "POSIX" {
		return "", false
	}
	dir := r.varString("TEXTDOMAINDIR")
	if dir == "" {
		dir = "/usr/share/locale"
	} else if !filepath.IsAbs(dir) {
		dir = filepath.Join(r.dir, dir)
	}
	langs := []string{locale}
	if l := os.Getenv("LANGUAGE"); l != "" {
		langs = strings.Split(l, ":")
	}
	for _, lang := range langs {
		for _, v := range localeVariants(lang) {
			cat := r.moCatalog(filepath.Join(dir, v, "LC_MESSAGES", domain+".mo"))
			if msg, ok := cat[msgid]; ok && msg != "" {
				return msg, true
			}
		}
	}
	return "", false
}

// messagesLocale is the message locale in effect: the one the last
// setlocale that succeeded for it set (a locale that is not installed
// leaves the one before), after the lookups bash made as it started.
func (r *Runner) messagesLocale() string {
	if r.vars.ctype.startup != nil {
		r.startupLookups()
	}
	return r.vars.ctype.messages
}

// moCatalog reads the catalog at path once per shell.
func (r *Runner) moCatalog(path string) moCatalog {
	if cat, ok := r.sh.moCatalogs.Load(path); ok {
		return cat.(moCatalog)
	}
	cat := readMO(path)
	r.sh.moCatalogs.Store(path, cat)
	return cat
}

// localeVariants are the names glibc's _nl_make_l10nflist tries for a
// locale name language[_territory][.codeset][@modifier]: every name made
// of the language and a subset of the other parts, the codeset as written
// or normalized, the modifier, territory and codeset dropped last.
func localeVariants(name string) []string {
	if name == "" || strings.ContainsRune(name, '/') {
		return nil
	}
	lang, mod, _ := strings.Cut(name, "@")
	lang, cs, hasCS := strings.Cut(lang, ".")
	lang, terr, hasTerr := strings.Cut(lang, "_")
	var mods, terrs, codesets []string
	if mod != "" {
		mods = append(mods, "@"+mod)
	}
	mods = append(mods, "")
	if hasTerr {
		terrs = append(terrs, "_"+terr)
	}
	terrs = append(terrs, "")
	if hasCS {
		codesets = append(codesets, "."+cs)
		if n := normalizeLocaleName("x." + cs); n != "x."+cs {
			codesets = append(codesets, n[1:])
		}
	}
	codesets = append(codesets, "")
	var out []string
	for _, m := range mods {
		for _, t := range terrs {
			for _, c := range codesets {
				out = append(out, lang+t+c+m)
			}
		}
	}
	return out
}
