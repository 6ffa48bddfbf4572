package interp

import (
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// tracePrefix is PS4 expanded, its first character repeated once per
// level of indirection (command substitution, eval), as bash does.
func (r *Runner) tracePrefix() string {
	ps4 := "+ "
	if v := r.vars.get("PS4"); v != nil {
		if !v.set {
			ps4 = ""
		} else {
			ps4 = v.str
		}
	}
	if strings.ContainsAny(ps4, "$`\\") {
		old := r.opts.set[optXtrace]
		r.opts.set[optXtrace] = false
		ps4 = r.promptExpand(ps4)
		ps4 = r.expandString(ps4)
		r.opts.set[optXtrace] = old
	}
	if ps4 == "" {
		return ""
	}
	level := r.traceLevel + 1
	if level <= 1 {
		return ps4
	}
	first := ps4[:1]
	return strings.Repeat(first, level-1) + ps4
}

// expandString expands $… in s as in double quotes.
func (r *Runner) expandString(s string) string {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	w, err := p.Document(strings.NewReader(s))
	if err != nil {
		return s
	}
	out, err := r.document(w)
	if err != nil {
		return s
	}
	return out
}

func (r *Runner) traceWrite(line string) {
	io.WriteString(r.fds.writer(2), line)
}

// traceCall prints a simple command's assignments and words.
func (r *Runner) traceCall(c *syntax.CallExpr, args []string) {
	prefix := r.tracePrefix()
	if len(c.Assigns) > 0 {
		r.traceAssigns(c.Assigns)
	}
	var sb strings.Builder
	sb.WriteString(prefix)
	for i, a := range args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(traceQuote(a))
	}
	sb.WriteByte('\n')
	r.traceWrite(sb.String())
}

func (r *Runner) traceAssigns(as []*syntax.Assign) {
	for _, a := range as {
		if a.Name == nil {
			continue
		}
		var sb strings.Builder
		sb.WriteString(r.tracePrefix())
		sb.WriteString(a.Name.Value)
		if a.Index != nil {
			sb.WriteString("[" + r.nodeText(a.Index) + "]")
		}
		if a.Append {
			sb.WriteString("+=")
		} else {
			sb.WriteByte('=')
		}
		if a.Array != nil {
			sb.WriteByte('(')
			var parts []string
			for _, el := range a.Array.Elems {
				if el.Value == nil {
					continue
				}
				vals, _ := r.fieldsQuiet(el.Value)
				for _, v := range vals {
					parts = append(parts, traceQuote(v))
				}
			}
			sb.WriteString(strings.Join(parts, " "))
			sb.WriteString(")\n")
		} else {
			v, _ := r.assignValueQuiet(a.Value)
			sb.WriteString(traceQuote(v))
			sb.WriteByte('\n')
		}
		r.traceWrite(sb.String())
	}
}

// fieldsQuiet and assignValueQuiet re-expand for tracing only when the
// word has no side effects; otherwise they show the source text.
func (r *Runner) fieldsQuiet(w *syntax.Word) ([]string, error) {
	if s, ok := plainLit(w); ok {
		return []string{s}, nil
	}
	if hasSideEffects(w) {
		return []string{r.nodeText(w)}, nil
	}
	return r.fields([]*syntax.Word{w})
}

func (r *Runner) assignValueQuiet(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	if hasSideEffects(w) {
		if v := r.lastAssigned; v != "" {
			return v, nil
		}
	}
	return r.assignValue(w)
}

func hasSideEffects(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			found = true
		case *syntax.ParamExp:
			if n.Exp != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (r *Runner) traceArith(c *syntax.ArithmCmd) {
	if !r.opts.on(optXtrace) {
		return
	}
	r.traceWrite(r.tracePrefix() + "(( " + r.nodeText(c.X) + " ))\n")
}

func (r *Runner) traceTest(c *syntax.TestClause) {
	if !r.opts.on(optXtrace) {
		return
	}
	r.traceWrite(r.tracePrefix() + "[[ " + r.traceTestExpr(c.X) + " ]]\n")
}

func (r *Runner) traceTestExpr(x syntax.TestExpr) string {
	switch x := x.(type) {
	case *syntax.Word:
		s, _ := r.literal(x)
		return s
	case *syntax.ParenTest:
		return "( " + r.traceTestExpr(x.X) + " )"
	case *syntax.UnaryTest:
		return x.Op.String() + " " + r.traceTestExpr(x.X)
	case *syntax.BinaryTest:
		if x.Op == syntax.AndTest || x.Op == syntax.OrTest {
			return r.traceTestExpr(x.X) + " " + x.Op.String() + " " + r.traceTestExpr(x.Y)
		}
		right := ""
		if w, ok := x.Y.(*syntax.Word); ok {
			if x.Op == syntax.TsMatch || x.Op == syntax.TsNoMatch || x.Op == syntax.TsMatchShort {
				p, _ := r.pattern(w)
				right = p
			} else {
				right, _ = r.literal(w)
			}
		}
		return r.traceTestExpr(x.X) + " " + x.Op.String() + " " + right
	}
	return ""
}

func (r *Runner) traceCase(subject string) {
	if !r.opts.on(optXtrace) {
		return
	}
	r.traceWrite(r.tracePrefix() + "case " + subject + " in\n")
}
