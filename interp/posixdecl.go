package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// In POSIX mode `command` does not take away a declaration builtin's
// assignment arguments (bash's fix_assignment_words skips the command
// words): in `command export a=~/x b=$v` the words a=… and b=… expand as
// assignments, with no splitting or filename expansion and with tilde
// expansion after the = and each :. mvdan's parser only reads a
// declaration builtin as such when it comes first, so the rest is done
// here, on the words of the simple command.

// assignmentBuiltin reports bash's builtins with the ASSIGNMENT_BUILTIN
// flag.
func assignmentBuiltin(name string) bool {
	switch name {
	case "alias", "declare", "export", "local", "readonly", "typeset":
		return true
	}
	return false
}

// posixCommandDecl is commandDeclIndex in POSIX mode, -1 otherwise (no
// word is looked at).
func (r *Runner) posixCommandDecl(args []*syntax.Word) int {
	if !r.opts.on(optPosix) {
		return -1
	}
	return r.commandDeclIndex(args)
}

// commandDeclIndex returns the index in args of a declaration builtin
// that follows one or more literal `command` words, or -1.
func (r *Runner) commandDeclIndex(args []*syntax.Word) int {
	i := 0
	for i < len(args) {
		if s, ok := plainLit(args[i]); !ok || s != "command" {
			break
		}
		i++
	}
	if i == 0 || i >= len(args) {
		return -1
	}
	if s, ok := plainLit(args[i]); ok && assignmentBuiltin(s) && r.enabledBuiltin(s) != nil {
		return i
	}
	return -1
}

// literalDeclCall reports whether args, a simple command the parser did
// not make a declaration (one with prefix assignments, a=1 declare …, or
// alias), start with the unquoted name of an assignment builtin: bash's
// parser marks its name=value words as assignments all the same
// (W_ASSNBLTIN, fix_assignment_words), so they are not split or
// globbed, and a tilde after = or : expands.
func (r *Runner) literalDeclCall(args []*syntax.Word) bool {
	if len(args) < 2 {
		return false
	}
	s, ok := plainLit(args[0])
	return ok && assignmentBuiltin(s) && r.enabledBuiltin(s) != nil
}

// commandDeclFields expands the words of `command … declbuiltin args`
// (decl is the builtin's index): the words that look like assignments,
// name=value with the name and = in the first literal, expand to one
// field each, as an assignment's value does. The other words expand as
// arrayRefFields does.
func (r *Runner) commandDeclFields(args []*syntax.Word, decl int) ([]string, map[string]bool, error) {
	var out []string
	var refs map[string]bool
	for i, w := range args {
		prefix, rest, ok := assignArgPrefix(w)
		if i <= decl || !ok {
			fs, err := r.fields([]*syntax.Word{w})
			if err != nil {
				return nil, nil, err
			}
			if len(fs) == 1 && arrayRefBuiltin(args[decl].Lit()) && writtenArrayRef(w) {
				if refs == nil {
					refs = map[string]bool{}
				}
				refs[fs[0]] = true
			}
			out = append(out, fs...)
			continue
		}
		val, err := r.declValue(rest)
		if err != nil {
			return nil, nil, err
		}
		if r.pendingErr != nil {
			return nil, nil, r.takeErr()
		}
		out = append(out, prefix+val)
	}
	return out, refs, nil
}

// assignArgPrefix splits a word whose leading literals hold name= (or
// name+=, name[sub]=) into that prefix and the rest of the word (nil
// when the prefix is all of it).
func assignArgPrefix(w *syntax.Word) (prefix string, rest *syntax.Word, ok bool) {
	var lead strings.Builder
	for k, p := range w.Parts {
		l, isLit := p.(*syntax.Lit)
		if !isLit {
			return "", nil, false
		}
		i := strings.IndexByte(l.Value, '=')
		if i < 0 {
			lead.WriteString(l.Value)
			continue
		}
		lead.WriteString(l.Value[:i+1])
		prefix = lead.String()
		if !isAssignWord(prefix) || strings.ContainsAny(prefix, "\\'\"$`") {
			return "", nil, false
		}
		parts := w.Parts[k+1:]
		if tail := l.Value[i+1:]; tail != "" {
			lit := &syntax.Lit{ValuePos: l.Pos(), ValueEnd: l.End(), Value: tail}
			parts = append([]syntax.WordPart{lit}, parts...)
		}
		if len(parts) == 0 {
			return prefix, nil, true
		}
		return prefix, &syntax.Word{Parts: parts}, true
	}
	return "", nil, false
}
