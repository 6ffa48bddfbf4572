package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash reads an array element assignment before a command name
// (a[0]=x cmd) as an assignment word, and rejects it only when it runs
// the command: "`a[0]': not a valid identifier", the value unexpanded,
// the command still run. mvdan's parser refuses such a command ("inline
// variables cannot be arrays"), so parseProgram prefixes the element with
// envElemMarker, which makes it an ordinary word, and the runner takes the
// marked word and the assignments after it back apart (envElemCall).

// envElemName is the parameter marking an element assignment written
// before a command name.
const envElemName = "__nash_env_elem"

// envElemMarker is the text inserted before such an element.
const envElemMarker = "${" + envElemName + "+}"

// envElemAt reports whether a word starting at offset at of text is an
// element assignment, name[subscript]= or name[subscript]+=.
func envElemAt(text string, at int) bool {
	if at > 0 && strings.IndexByte(" \t\n;&|(", text[at-1]) < 0 {
		return false
	}
	i := at
	for i < len(text) && isNameChar(text[i]) {
		i++
	}
	if i == at || !validName(text[at:i]) || i >= len(text) || text[i] != '[' {
		return false
	}
	j := subscriptEnd(text, i)
	if j < 0 {
		return false
	}
	rest := text[j+1:]
	return strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "+=")
}

// envElemError reports whether err is the parser's refusal of an element
// assignment before a command name.
func envElemError(err error) bool {
	return err != nil && strings.Contains(err.Error(), "inline variables cannot be arrays")
}

// isEnvElemWord reports whether w starts with envElemMarker.
func isEnvElemWord(w *syntax.Word) bool {
	if len(w.Parts) == 0 {
		return false
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	return ok && pe.Param != nil && pe.Param.Value == envElemName
}

// envElemCall rebuilds a command whose first word is a marked element:
// the leading words that are assignments as written become assignments
// again, and each element assignment among them is reported and dropped,
// as bash does. It returns c itself when its first word is not marked.
func (r *Runner) envElemCall(c *syntax.CallExpr) *syntax.CallExpr {
	if len(c.Args) == 0 || !isEnvElemWord(c.Args[0]) {
		return c
	}
	cp := &syntax.CallExpr{Assigns: append([]*syntax.Assign(nil), c.Assigns...)}
	i := 0
	defer func() { r.envElemFailed(cp) }()
	bad := func(text string) {
		if r.opts.on(optPosix) {
			// the POSIX shell gives up the command at once
			r.badEnvElem(text)
			return
		}
		r.envElemLate = append(r.envElemLate, lateEnvElem{at: len(cp.Assigns), text: text})
	}
	for ; i < len(c.Args); i++ {
		w := c.Args[i]
		if isEnvElemWord(w) {
			bad(r.nodeText(w))
			continue
		}
		lit, ok := w.Parts[0].(*syntax.Lit)
		if !ok {
			break
		}
		if text := r.nodeText(w); isNameStart(text[0]) && envElemAt(text, 0) {
			bad(text)
			continue
		}
		eq := strings.IndexByte(lit.Value, '=')
		if eq <= 0 {
			break
		}
		name, appendVal := lit.Value[:eq], false
		if strings.HasSuffix(name, "+") {
			name, appendVal = name[:len(name)-1], true
		}
		if !validName(name) {
			break
		}
		val := &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[eq+1:]}}, w.Parts[1:]...)}
		cp.Assigns = append(cp.Assigns, &syntax.Assign{Append: appendVal, Name: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValuePos, Value: name}, Value: val})
	}
	cp.Args = c.Args[i:]
	return cp
}

// reportEnvElem reports the element assignment written as text.
func (r *Runner) reportEnvElem(text string) {
	text = strings.TrimPrefix(text, envElemMarker)
	if i := strings.IndexByte(text, '['); i > 0 {
		if j := subscriptEnd(text, i); j > 0 {
			text = text[:j+1]
		}
	}
	r.bErr("", "`%s': not a valid identifier", text) // sh_invalidid
}

// badEnvElem reports the element assignment written as text, only the
// first in a non-interactive POSIX shell, which gives up the command
// there (envElemFailed).
func (r *Runner) badEnvElem(text string) {
	if !r.envElemBad || !r.opts.on(optPosix) || r.isInteractive() {
		r.reportEnvElem(text)
	}
	r.envElemBad = true
}

// envElemFailed applies, after envElemCall reported an element written
// before the command name of cp, what a failed temporary assignment does
// in a non-interactive POSIX shell (bash's assign_in_env callers): the
// command line is abandoned with status 1, and the shell ends before a
// special builtin.
func (r *Runner) envElemFailed(cp *syntax.CallExpr) {
	if len(cp.Args) == 0 {
		r.envElemBad = false
		return
	}
	name, _ := plainLit(cp.Args[0])
	r.envElemFailedFor(name)
}

// envElemFailedFor is envElemFailed for the command named name ("" when
// its name is not plain text).
func (r *Runner) envElemFailedFor(name string) {
	bad := r.envElemBad
	r.envElemBad = false
	if !bad || !r.opts.on(optPosix) || r.isInteractive() {
		return
	}
	r.exit = 1
	if name != "" && isSpecialBuiltin(name) {
		r.forceEOF(1)
		return
	}
	r.flow = flowAbort
}

// lateEnvElem is an element assignment written before a command name,
// to report once the assignments before it (at of them) are done: bash
// finds it as it binds the temporary environment (assign_in_env), after
// it expanded the words, in order with the tracing of the others.
type lateEnvElem struct {
	at   int
	text string
}

// flushEnvElems reports the pending element assignments that come before
// assignment upto (all of them for a negative upto).
func (r *Runner) flushEnvElems(upto int) {
	if len(r.envElemLate) == 0 {
		return
	}
	// the list is in the order of the assignments: those due are first
	l := r.envElemLate
	n := 0
	for n < len(l) && (upto < 0 || l[n].at <= upto) {
		r.reportEnvElem(l[n].text)
		n++
	}
	r.envElemLate = l[n:]
}
