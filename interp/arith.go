package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// arithError is an arithmetic evaluation error; expr is filled in by the
// outermost evaluation so the message reads like bash's.
type arithError struct {
	msg   string
	token string
}

const arithMaxDepth = 1024

// arith evaluates an arithmetic expression with bash's 64-bit wrapping
// semantics.
func (r *Runner) arith(x syntax.ArithmExpr) (int64, error) {
	ev := arithEval{r: r}
	n, err := ev.eval(x)
	if err != nil {
		if ae, ok := err.(*arithError); ok {
			expr := strings.TrimLeft(r.nodeText(x), " \t\n")
			msg := expr + ": " + ae.msg
			if ae.token != "" || ae.msg != "expression recursion level exceeded" {
				msg += " (error token is \"" + ae.token + "\")"
			}
			return 0, &expandError{msg: msg}
		}
		return 0, err
	}
	return n, nil
}

type arithEval struct {
	r     *Runner
	depth int
}

func (ev *arithEval) eval(x syntax.ArithmExpr) (int64, error) {
	switch x := x.(type) {
	case *syntax.Word:
		return ev.word(x)
	case *syntax.ParenArithm:
		return ev.eval(x.X)
	case *syntax.UnaryArithm:
		return ev.unary(x)
	case *syntax.BinaryArithm:
		return ev.binary(x)
	}
	return 0, &arithError{msg: "syntax error: operand expected"}
}

// word evaluates a number, a variable name or an expansion.
func (ev *arithEval) word(w *syntax.Word) (int64, error) {
	if len(w.Parts) == 1 {
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			return ev.atom(p.Value)
		case *syntax.ParamExp:
			if !p.Dollar.IsValid() && p.Param != nil {
				// a bare a[i] inside arithmetic
				return ev.varValue(p)
			}
		}
	}
	s, err := ev.r.literal(w)
	if err != nil {
		return 0, err
	}
	return ev.str(s)
}

// str evaluates the text of an expansion or variable as an expression.
func (ev *arithEval) str(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	if n, ok := parseDecimal(s); ok {
		return n, nil
	}
	ev.depth++
	defer func() { ev.depth-- }()
	if ev.depth > arithMaxDepth {
		return 0, &arithError{msg: "expression recursion level exceeded", token: s}
	}
	x, err := ev.r.parseArith(s)
	if err != nil {
		return 0, err
	}
	return ev.eval(x)
}

func (ev *arithEval) atom(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	c := s[0]
	if c >= '0' && c <= '9' {
		return parseArithNumber(s)
	}
	if validName(s) {
		v := ev.r.lookup(ev.r.resolveRef(s))
		if v == nil || !v.isSetScalar() {
			if ev.r.opts.on(optNounset) {
				return 0, &expandError{msg: s + ": unbound variable", fatal: true}
			}
			return 0, nil
		}
		return ev.str(v.value())
	}
	return ev.str(s)
}

func (ev *arithEval) varValue(p *syntax.ParamExp) (int64, error) {
	pv, err := ev.r.paramExp(p)
	if err != nil {
		return 0, err
	}
	if !pv.set && ev.r.opts.on(optNounset) {
		return 0, ev.r.unbound(p, pv)
	}
	return ev.str(pv.str)
}

func parseDecimal(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	if s[0] == '0' && len(s) > 1 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// parseArithNumber parses bash integer constants: decimal, 0x hex, 0
// octal and base#digits.
func parseArithNumber(s string) (int64, error) {
	base := int64(10)
	digits := s
	switch {
	case strings.IndexByte(s, '#') > 0:
		i := strings.IndexByte(s, '#')
		b, ok := parseDecimal(s[:i])
		if !ok || b < 2 || b > 64 {
			return 0, &arithError{msg: "invalid arithmetic base", token: s}
		}
		base, digits = b, s[i+1:]
		if digits == "" {
			return 0, &arithError{msg: "invalid integer constant", token: s}
		}
	case len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, digits = 16, s[2:]
		if digits == "" {
			return 0, &arithError{msg: "invalid integer constant", token: s}
		}
	case len(s) > 1 && s[0] == '0':
		base, digits = 8, s[1:]
	}
	var n int64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		var d int64
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case c >= 'a' && c <= 'z':
			d = int64(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int64(c - 'A')
			if base <= 36 {
				d += 10
			} else {
				d += 36
			}
		case c == '@':
			d = 62
		case c == '_':
			d = 63
		default:
			return 0, &arithError{msg: "syntax error: invalid arithmetic operator", token: s[i+len(s)-len(digits):]}
		}
		if d >= base {
			return 0, &arithError{msg: "value too great for base", token: s}
		}
		n = n*base + d
	}
	return n, nil
}

func (ev *arithEval) unary(x *syntax.UnaryArithm) (int64, error) {
	switch x.Op {
	case syntax.Inc, syntax.Dec:
		old, err := ev.eval(x.X)
		if err != nil {
			return 0, err
		}
		n := old + 1
		if x.Op == syntax.Dec {
			n = old - 1
		}
		if err := ev.assign(x.X, n); err != nil {
			return 0, err
		}
		if x.Post {
			return old, nil
		}
		return n, nil
	}
	n, err := ev.eval(x.X)
	if err != nil {
		return 0, err
	}
	switch x.Op {
	case syntax.Not:
		return b2i(n == 0), nil
	case syntax.BitNegation:
		return ^n, nil
	case syntax.Plus:
		return n, nil
	case syntax.Minus:
		return -n, nil
	}
	return 0, &arithError{msg: "syntax error: operand expected"}
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (ev *arithEval) binary(x *syntax.BinaryArithm) (int64, error) {
	switch x.Op {
	case syntax.AndArit:
		a, err := ev.eval(x.X)
		if err != nil || a == 0 {
			return 0, err
		}
		b, err := ev.eval(x.Y)
		return b2i(b != 0), err
	case syntax.OrArit:
		a, err := ev.eval(x.X)
		if err != nil {
			return 0, err
		}
		if a != 0 {
			return 1, nil
		}
		b, err := ev.eval(x.Y)
		return b2i(b != 0), err
	case syntax.TernQuest:
		cond, err := ev.eval(x.X)
		if err != nil {
			return 0, err
		}
		colon, ok := x.Y.(*syntax.BinaryArithm)
		if !ok || colon.Op != syntax.TernColon {
			return 0, &arithError{msg: "`:' expected for conditional expression"}
		}
		if cond != 0 {
			return ev.eval(colon.X)
		}
		return ev.eval(colon.Y)
	case syntax.Comma:
		if _, err := ev.eval(x.X); err != nil {
			return 0, err
		}
		return ev.eval(x.Y)
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn,
		syntax.QuoAssgn, syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn,
		syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		return ev.assignOp(x)
	}
	a, err := ev.eval(x.X)
	if err != nil {
		return 0, err
	}
	b, err := ev.eval(x.Y)
	if err != nil {
		return 0, err
	}
	return ev.r.binop(x.Op, a, b, x.Y)
}

func (r *Runner) binop(op syntax.BinAritOperator, a, b int64, y syntax.ArithmExpr) (int64, error) {
	switch op {
	case syntax.Add:
		return a + b, nil
	case syntax.Sub:
		return a - b, nil
	case syntax.Mul:
		return a * b, nil
	case syntax.Quo, syntax.Rem:
		if b == 0 {
			return 0, &arithError{msg: "division by 0", token: strings.TrimSpace(r.nodeText(y))}
		}
		if op == syntax.Quo {
			return a / b, nil
		}
		return a % b, nil
	case syntax.Pow:
		if b < 0 {
			return 0, &arithError{msg: "exponent less than 0", token: strings.TrimSpace(r.nodeText(y))}
		}
		n := int64(1)
		for b > 0 {
			if b&1 == 1 {
				n *= a
			}
			a *= a
			b >>= 1
		}
		return n, nil
	case syntax.Eql:
		return b2i(a == b), nil
	case syntax.Neq:
		return b2i(a != b), nil
	case syntax.Lss:
		return b2i(a < b), nil
	case syntax.Gtr:
		return b2i(a > b), nil
	case syntax.Leq:
		return b2i(a <= b), nil
	case syntax.Geq:
		return b2i(a >= b), nil
	case syntax.And:
		return a & b, nil
	case syntax.Or:
		return a | b, nil
	case syntax.Xor:
		return a ^ b, nil
	case syntax.Shl:
		return a << uint64(b&63), nil
	case syntax.Shr:
		return a >> uint64(b&63), nil
	}
	return 0, &arithError{msg: "syntax error: invalid arithmetic operator"}
}

func (ev *arithEval) assignOp(x *syntax.BinaryArithm) (int64, error) {
	var n int64
	if x.Op != syntax.Assgn {
		old, err := ev.eval(x.X)
		if err != nil {
			return 0, err
		}
		b, err := ev.eval(x.Y)
		if err != nil {
			return 0, err
		}
		var op syntax.BinAritOperator
		switch x.Op {
		case syntax.AddAssgn:
			op = syntax.Add
		case syntax.SubAssgn:
			op = syntax.Sub
		case syntax.MulAssgn:
			op = syntax.Mul
		case syntax.QuoAssgn:
			op = syntax.Quo
		case syntax.RemAssgn:
			op = syntax.Rem
		case syntax.AndAssgn:
			op = syntax.And
		case syntax.OrAssgn:
			op = syntax.Or
		case syntax.XorAssgn:
			op = syntax.Xor
		case syntax.ShlAssgn:
			op = syntax.Shl
		case syntax.ShrAssgn:
			op = syntax.Shr
		}
		if n, err = ev.r.binop(op, old, b, x.Y); err != nil {
			return 0, err
		}
	} else {
		var err error
		if n, err = ev.eval(x.Y); err != nil {
			return 0, err
		}
	}
	return n, ev.assign(x.X, n)
}

// assign stores n into the variable (or array element) x names.
func (ev *arithEval) assign(x syntax.ArithmExpr, n int64) error {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return &arithError{msg: "attempted assignment to non-variable", token: ev.r.nodeText(x)}
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		if !validName(p.Value) {
			return &arithError{msg: "attempted assignment to non-variable", token: p.Value}
		}
		return ev.r.setScalar(ev.r.resolveRef(p.Value), itoa(n), false)
	case *syntax.ParamExp:
		if p.Index != nil && p.Param != nil {
			return ev.r.assignIndexed(ev.r.resolveRef(p.Param.Value), p.Index, itoa(n), false)
		}
		if p.Param != nil && !p.Dollar.IsValid() {
			return ev.r.setScalar(ev.r.resolveRef(p.Param.Value), itoa(n), false)
		}
	}
	return &arithError{msg: "attempted assignment to non-variable", token: ev.r.nodeText(x)}
}

// parseArith parses an expression string, memoising the result.
func (r *Runner) parseArith(s string) (syntax.ArithmExpr, error) {
	r.sh.arithMu.Lock()
	x, ok := r.sh.arithMemo[s]
	r.sh.arithMu.Unlock()
	if ok {
		return x, nil
	}
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	x, err := p.Arithmetic(strings.NewReader(s))
	if err != nil || x == nil {
		tok := s
		if pe, ok := err.(syntax.ParseError); ok {
			off := int(pe.Pos.Offset())
			if off < len(s) {
				tok = s[off:]
			}
		}
		msg := "syntax error: operand expected"
		if err != nil && strings.Contains(err.Error(), "must be followed") {
			msg = "syntax error: operand expected"
		}
		if x == nil && err == nil {
			return nil, &arithError{msg: msg, token: s}
		}
		if strings.TrimSpace(tok) == "" {
			tok = s
		}
		return nil, &arithError{msg: arithSyntaxMsg(s), token: strings.TrimLeft(tok, " ")}
	}
	r.sh.arithMu.Lock()
	if len(r.sh.arithMemo) > 4096 {
		r.sh.arithMemo = map[string]syntax.ArithmExpr{}
	}
	r.sh.arithMemo[s] = x
	r.sh.arithMu.Unlock()
	return x, nil
}

func arithSyntaxMsg(s string) string {
	t := strings.TrimSpace(s)
	if t == "" {
		return "syntax error: operand expected"
	}
	last := t[len(t)-1]
	if strings.IndexByte("+-*/%<>=&|^!~,?:", last) >= 0 {
		return "syntax error: operand expected"
	}
	return "syntax error in expression"
}

// nodeText returns the source text of a node when known.
func (r *Runner) nodeText(n syntax.Node) string {
	if n == nil {
		return ""
	}
	src := r.curSrc
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if src != "" && start >= 0 && end <= len(src) && start <= end && n.Pos().IsValid() {
		return src[start:end]
	}
	var sb strings.Builder
	syntax.NewPrinter().Print(&sb, n)
	return sb.String()
}

func (e *arithError) Error() string { return e.msg }
