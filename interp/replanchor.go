package interp

import "mvdan.cc/sh/v3/syntax"

// leadQuoted reports whether the first character a pattern word expands
// to is quoted (\#, '#', "%..."): bash decides ${x/#pat/rep} and
// ${x/%pat/rep} on the expanded pattern, where a quoted # or % is
// escaped and so anchors nothing (python-build tests "${url/\#}" for a
// checksum fragment); an unquoted one, even from an expansion, anchors.
func leadQuoted(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if p.Value == "" {
				continue
			}
			return len(p.Value) > 1 && p.Value[0] == '\\'
		case *syntax.SglQuoted:
			if p.Value == "" {
				continue
			}
			return true
		case *syntax.DblQuoted:
			if len(p.Parts) == 0 {
				continue
			}
			return true
		default:
			return false
		}
	}
	return false
}
