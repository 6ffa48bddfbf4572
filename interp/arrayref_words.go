package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// arrayRefBuiltin reports whether name is one of the builtins whose
// arguments bash's fix_arrayref_words marks (W_ARRAYREF) when they are
// valid array references as written.
func arrayRefBuiltin(name string) bool {
	switch name {
	case "declare", "let", "local", "printf", "read", "test", "[", "typeset", "unset", "wait":
		return true
	}
	return false
}

// arrayRefCommand reports whether words, unexpanded, run one of the
// arrayRefBuiltin (possibly through `command`), as bash decides it on
// the words as written.
func arrayRefCommand(words []*syntax.Word) bool {
	for _, w := range words {
		s, ok := plainLit(w)
		if !ok {
			return false
		}
		if s != "command" {
			return arrayRefBuiltin(s)
		}
	}
	return false
}

// arrayRefFields expands the words of a command run by one of the
// arrayRefBuiltin. It also returns the fields that are, alone, the
// expansion of a word that was a valid array reference as written (a
// name, a subscript with balanced brackets and quotes): bash keeps
// W_ARRAYREF on them, and unset then takes an associative array's
// subscript as it is, without expanding or parsing it again (unset
// a["$k"] removes the key held in k, whatever its characters).
func (r *Runner) arrayRefFields(words []*syntax.Word) ([]string, map[string]bool, error) {
	var written []bool
	for i, w := range words {
		if writtenArrayRef(w) {
			if written == nil {
				written = make([]bool, len(words))
			}
			written[i] = true
		}
	}
	if written == nil {
		out, err := r.fields(words)
		return out, nil, err
	}
	out := make([]string, 0, len(words))
	var refs map[string]bool
	for i, w := range words {
		fs, err := r.fields([]*syntax.Word{w})
		if err != nil {
			return nil, nil, err
		}
		if len(fs) == 1 && written[i] {
			if refs == nil {
				refs = map[string]bool{}
			}
			refs[fs[0]] = true
		}
		out = append(out, fs...)
	}
	return out, refs, nil
}

// writtenArrayRef reports whether w as written is a valid array
// reference, as bash's valid_array_reference(word, 0) decides it.
func writtenArrayRef(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	// the word starts with name[, unquoted (the parser may split the
	// literal text before the [)
	var lead []byte
	for _, p := range w.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			break
		}
		lead = append(lead, lit.Value...)
	}
	i := strings.IndexByte(string(lead), '[')
	if i <= 0 || !validName(string(lead[:i])) {
		return false
	}
	var sb strings.Builder
	if err := syntax.NewPrinter().Print(&sb, w); err != nil {
		return false
	}
	return validArrayRef(sb.String())
}

// rawAssocElem reports whether name, an argument of unset, read,
// printf -v or wait -p, names an element of an associative array whose
// key is to be taken as it is, without parsing or expanding it again, and
// returns the array's name and the key. bash does so for an argument it
// marked W_ARRAYREF (see arrayRefFields), the key being everything
// between the first [ and the final ] — always for unset (oneWord), under
// assoc_expand_once for the others — and, under assoc_expand_once, for
// any argument whose brackets balance (VA_NOEXPAND).
func (r *Runner) rawAssocElem(name string, oneWord bool) (string, string, bool) {
	i := strings.IndexByte(name, '[')
	if i <= 0 || !validName(name[:i]) || len(name) < i+3 || !strings.HasSuffix(name, "]") {
		return "", "", false
	}
	once := r.opts.sh(shAssocExpandOnce)
	whole := r.arrayRefArgs[name] && (oneWord || once)
	if !whole && (!once || bracketEnd(name, i) != len(name)-1) {
		return "", "", false
	}
	base := r.resolveRef(name[:i])
	if v := r.vars.get(base); v == nil || v.kind != kAssoc {
		return "", "", false
	}
	return base, name[i+1 : len(name)-1], true
}
