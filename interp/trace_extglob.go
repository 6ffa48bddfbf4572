package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// extglobQuoted reports whether an extended pattern's text holds a quoted
// string, a backslash or a space, which [[ ]]'s trace shows escaped.
func extglobQuoted(p *syntax.ExtGlob) bool {
	return strings.ContainsAny(p.Pattern.Value, `'"\ `)
}

// quoteLitSpaces backslash-escapes the bare spaces of lit, text of an
// extended pattern outside quotes and expansions: bash's
// expand_word_internal quotes a literal space in a word it will not
// split, so [[ x == @(a b) ]] traces as @(a\ b) (a tab stays bare).
func quoteLitSpaces(lit string) string {
	if strings.IndexByte(lit, ' ') < 0 {
		return lit
	}
	var sb strings.Builder
	for i := 0; i < len(lit); i++ {
		switch lit[i] {
		case '\\':
			sb.WriteByte('\\')
			if i+1 < len(lit) {
				i++
				sb.WriteByte(lit[i])
			}
		case ' ':
			sb.WriteString(`\ `)
		default:
			sb.WriteByte(lit[i])
		}
	}
	return sb.String()
}

// traceExtglob is an extended pattern of [[ x == pattern ]] as bash
// traces it (see tracePattern): its text as written, but each quoted
// string or expansion in it as tracePattern shows that word, so every
// quoted character is backslash-escaped. ok is false when a piece does
// not read as a word.
func (r *Runner) traceExtglob(p *syntax.ExtGlob) (string, bool) {
	var sb strings.Builder
	sb.WriteString(p.Op.String())
	err := extglobPieces(extglobText(p), func(lit string) { sb.WriteString(quoteLitSpaces(lit)) }, func(chunk string) error {
		s, ok := r.traceChunk(chunk)
		if !ok {
			return errNoTrace
		}
		sb.WriteString(s)
		return nil
	})
	if err != nil {
		return "", false
	}
	sb.WriteByte(')')
	return sb.String(), true
}

// errNoTrace stops traceExtglob at a piece that does not read as a word.
var errNoTrace = errors.New("no trace")

// traceChunk traces one quoted string or expansion of an extended
// pattern, read as a word of its own (as expandPatternChunk reads it).
func (r *Runner) traceChunk(chunk string) (string, bool) {
	w, src, ok := chunkWord(chunk)
	if !ok {
		return "", false
	}
	oldSrc := r.curSrc
	r.curSrc = src // the new nodes' offsets are into src
	defer func() { r.curSrc = oldSrc }()
	pat, err := r.pattern(w)
	if err != nil {
		return "", false
	}
	return r.tracePattern(w, pat), true
}
