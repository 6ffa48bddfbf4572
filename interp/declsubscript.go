package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declWordSubscript is the subscript of a declaration builtin's
// NAME[SUB]=VALUE argument as bash shows it in the xtrace line and in
// `not a valid identifier`: bash expands the whole argument as an
// ordinary word before the builtin sees it, so SUB appears expanded
// (g[$((1+1))] shows as g[2]). A subscript that could change state when
// expanded a second time (a command substitution, ++, -- or an
// assignment operator) is shown as written instead.
func (r *Runner) declWordSubscript(idx syntax.ArithmExpr) string {
	src := r.nodeText(idx)
	if !pureSubscriptText(src) {
		return src
	}
	s, err := r.subscriptText(src)
	if err != nil {
		return src
	}
	return s
}

// pureSubscriptText reports whether expanding s has no side effects.
func pureSubscriptText(s string) bool {
	if strings.Contains(s, "++") || strings.Contains(s, "--") {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++ // an escaped character: \` is no substitution
		case '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		case '`':
			return false // command substitution
		case '$':
			if i+1 < len(s) && s[i+1] == '(' && (i+2 >= len(s) || s[i+2] != '(') {
				return false // command substitution
			}
		case '=':
			prev := byte(0)
			if i > 0 {
				prev = s[i-1]
			}
			next := byte(0)
			if i+1 < len(s) {
				next = s[i+1]
			}
			if next == '=' {
				i++ // ==
				continue
			}
			if strings.IndexByte("!<>=", prev) < 0 {
				return false // an assignment operator
			}
		}
	}
	return true
}
