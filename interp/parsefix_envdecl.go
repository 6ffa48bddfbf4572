package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's parser skips the assignments before a command name when it
// decides whether the command is a declaration (fix_assignment_words), so
// "a=1 declare w=(1 2)" takes the compound argument, the a=1 being the
// builtin's temporary environment. mvdan's parser reads such a command as
// a plain one and rejects the "(". envDeclRewrite puts the declaration
// builtin's name first and marks the assignments, keeping them and the
// name where they were written:
//
//	a=1 b=2 declare w=(1 2)
//	declare ${__nash_envdecl-} a=1 b=2 ${__nash_envdecl-}declare w=(1 2)
//
// splitEnvDecl takes such a declaration apart again.

// envDeclName is the parameter, never set, that marks the rewrite.
const envDeclName = "__nash_envdecl"

// envDeclMark is its expansion, which is empty.
const envDeclMark = "${" + envDeclName + "-}"

// envDeclRewrite is that rewrite for the compound argument whose "(" is
// at offset at.
func envDeclRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		lineStart := strings.LastIndexByte(text[:at], '\n') + 1
		kw, word := -1, ""
		for i := at - 1; i > lineStart; i-- {
			if (text[i-1] != ' ' && text[i-1] != '\t') || !isNameChar(text[i]) {
				continue
			}
			j := i
			for j < at && isNameChar(text[j]) {
				j++
			}
			if j < at && (text[j] == ' ' || text[j] == '\t') {
				switch text[i:j] {
				case "declare", "typeset", "local", "export", "readonly":
					kw, word = i, text[i:j]
				}
			}
			if kw >= 0 {
				break
			}
		}
		if kw < 0 {
			return "", nil, false
		}
		for start := lineStart; start < kw; start++ {
			if !isCmdStart(text, start) || !isNameChar(text[start]) {
				continue
			}
			assigns, ok := prefixAssigns(text[start:kw])
			if !ok {
				continue
			}
			head := word + " " + envDeclMark + " "
			ins := []textInsert{{start, head}}
			for _, a := range assigns {
				// made plain words as before any command name (see
				// envcompound.go and envelem.go)
				at := start + int(a.Pos().Offset())
				switch {
				case a.Index != nil:
					ins = append(ins, textInsert{at, envElemMarker})
				case a.Array != nil:
					more, ok := envCompoundInserts(text, at)
					if !ok {
						return "", nil, false
					}
					ins = append(ins, more...)
				}
			}
			ins = append(ins, textInsert{kw, envDeclMark})
			return applyInserts(text, ins)
		}
		return "", nil, false
	}
}

// prefixAssigns returns the assignment words text is made of, with
// nothing else (the assignments before a command name), positioned in
// text; ok is false for any other text.
func prefixAssigns(text string) ([]*syntax.Assign, bool) {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
	f, err := p.Parse(strings.NewReader(text), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	st := f.Stmts[0]
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) > 0 || len(c.Assigns) == 0 || len(st.Redirs) > 0 || st.Negated || st.Background || st.Coprocess {
		return nil, false
	}
	for _, a := range c.Assigns {
		if a.Name == nil {
			return nil, false
		}
	}
	if strings.TrimRight(text[st.End().Offset():], " \t") != "" {
		return nil, false
	}
	return c.Assigns, true
}

// splitEnvDecl returns the assignments before a declaration envDeclRewrite
// rewrote, and the declaration without them; ok is false for any other.
func splitEnvDecl(c *syntax.DeclClause) (pre []*syntax.Assign, decl *syntax.DeclClause, ok bool) {
	if len(c.Args) < 2 || !envDeclWord(c.Args[0], "") {
		return nil, c, false
	}
	for i, a := range c.Args[1:] {
		if envDeclWord(a, c.Variant.Value) {
			cp := *c
			cp.Args = c.Args[i+2:]
			return pre, &cp, true
		}
		if (a.Naked || a.Name == nil) && !isEnvElemAssign(a) {
			return nil, c, false
		}
		pre = append(pre, a)
	}
	return nil, c, false
}

// isEnvElemAssign reports whether a, a word of a declaration, is an
// element assignment envDeclRewrite marked (see envelem.go).
func isEnvElemAssign(a *syntax.Assign) bool {
	return a.Naked && a.Value != nil && isEnvElemWord(a.Value)
}

// envDeclWord reports whether a is the mark followed by text.
func envDeclWord(a *syntax.Assign, text string) bool {
	if !a.Naked || a.Name != nil || a.Value == nil || len(a.Value.Parts) == 0 {
		return false
	}
	pe, ok := a.Value.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Param.Value != envDeclName {
		return false
	}
	rest := a.Value.Parts[1:]
	if text == "" {
		return len(rest) == 0
	}
	l, ok := rest[0].(*syntax.Lit)
	return len(rest) == 1 && ok && l.Value == text
}

// withDeclEnv runs fn, a declaration builtin, with the assignments
// written before it: its temporary environment, or, for a special
// builtin (export, readonly) in POSIX mode, assignments that stay and
// are exported, as runArgs makes them for any command. expanded, when not
// nil, holds the values expandPrefix gave already (traced under set -x).
func (r *Runner) withDeclEnv(variant string, env []*syntax.Assign, expanded *[]preAssign, fn func()) {
	ce := &syntax.CallExpr{Assigns: env}
	if isSpecialBuiltin(variant) && r.opts.on(optPosix) {
		if !r.assignList(env, false) {
			return
		}
		for _, a := range env {
			if v := r.vars.get(a.Name.Value); v != nil {
				r.vars.own(a.Name.Value).attrs |= aExport
				r.vars.envDirty = true
			}
		}
		r.markPosixPropagate(env)
		fn()
		return
	}
	var pre []preAssign
	if expanded != nil {
		pre = *expanded // expanded (and traced) already
	} else {
		var ok bool
		if pre, _, ok = r.expandPrefix(ce, false); !ok {
			return
		}
	}
	old := r.prefixVals
	r.prefixVals = pre
	defer func() { r.prefixVals = old }()
	r.withTempAssigns(ce, false, fn)
}

// dropEnvElems reports and drops the element assignments of env, written
// before the declaration builtin variant, as envElemCall does for any
// command; bash finds them as it binds the temporary environment, after
// it expanded the words.
func (r *Runner) dropEnvElems(variant string, env []*syntax.Assign) []*syntax.Assign {
	kept := env[:0:0]
	for _, a := range env {
		if isEnvElemAssign(a) {
			r.badEnvElem(r.nodeText(a.Value))
			continue
		}
		kept = append(kept, a)
	}
	r.envElemFailedFor(variant)
	return kept
}
