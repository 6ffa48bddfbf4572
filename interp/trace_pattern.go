package interp

import (
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// patTrace builds, beside a pattern, the pattern as bash's xtrace shows
// the right side of [[ x == pattern ]]: bash prints the expanded word
// with every quoted character backslash-escaped, whatever quoted it
// (quotes, a backslash, a tilde prefix's expansion, "$(cmd)").
type patTrace struct {
	buf []byte
	mb  bool // the locale is UTF-8: a multibyte character is escaped whole
	// extLit: the text is outside quotes and expansions in an extended
	// pattern, where bash's expand_word_internal quotes a bare space (it
	// will not split the word), so @(a b) shows as @(a\ b); a tab stays
	// bare
	extLit bool
}

// quoted adds quoted text: each character escaped.
func (t *patTrace) quoted(s string) {
	for i := 0; i < len(s); i++ {
		// bash quotes whole characters (one CTLESC before a multibyte
		// one), and its QGLOB_CTLESC turns a quoted CTLESC or CTLNUL
		// back into the bare byte
		if c := s[i]; c == 0x01 || c == 0x7f {
			t.buf = append(t.buf, c)
			continue
		}
		n := 1
		if t.mb && s[i] >= utf8.RuneSelf {
			if _, size := utf8.DecodeRuneInString(s[i:]); size > 1 {
				n = size
			}
		}
		t.buf = append(t.buf, '\\')
		t.buf = append(t.buf, s[i:i+n]...)
		i += n - 1
	}
}

// plain adds unquoted text, shown as it is.
func (t *patTrace) plain(s string) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' && t.extLit {
			t.buf = append(t.buf, '\\')
		}
		t.buf = append(t.buf, s[i])
	}
}

// tracedPattern expands the right side of [[ x == pattern ]] under
// xtrace: the pattern to match and the word as bash traces it (see
// patTrace). The word is expanded once for both, so a command
// substitution in it runs once and "$(cmd)" shows escaped as "$x" does.
func (r *Runner) tracedPattern(w *syntax.Word) (pat, trace string, err error) {
	t := &patTrace{mb: r.utf8Locale()}
	pat, err = r.patternBuild(w, &fieldBuilder{patMode: true, trace: t})
	if err != nil {
		return "", "", err
	}
	return pat, string(t.buf), nil
}
