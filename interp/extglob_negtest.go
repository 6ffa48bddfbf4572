package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Inside [[ ]] bash's parser reads extended patterns only in the pattern
// operand of = == != =~ (cond_term sets PST_EXTPAT for it); elsewhere,
// with extglob off, "!(" is the negation operator "!" and a group, and
// any other "X(" stops the parser at the "(". mvdan's parser reads them
// as patterns everywhere: negatedTests reads the "!(…)" operands as bash
// does, and patternOperands tells extglobStop which words may hold one.

// patternOperands adds to set the pattern operands of the matching
// operators in x.
func patternOperands(x syntax.TestExpr, set map[*syntax.Word]bool) {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.TsMatch, syntax.TsMatchShort, syntax.TsNoMatch, syntax.TsReMatch:
			if w, ok := x.Y.(*syntax.Word); ok {
				set[w] = true
			}
		default:
			patternOperands(x.Y, set)
		}
		patternOperands(x.X, set)
	case *syntax.UnaryTest:
		patternOperands(x.X, set)
	case *syntax.ParenTest:
		patternOperands(x.X, set)
	}
}

// negatedTests rewrites in place the operands of the [[ ]] commands in
// stmts that are a whole "!(expr)" standing for an expression (not the
// operand of an operator) into the negation of the group, when expr
// parses as one.
func negatedTests(stmts []*syntax.Stmt) {
	for _, st := range stmts {
		walk(st, func(n syntax.Node) bool {
			if tc, ok := n.(*syntax.TestClause); ok {
				tc.X = negatedTestExpr(tc.X)
			}
			return true
		})
	}
}

// negatedTestExpr is x with its "!(expr)" expressions read as negations.
func negatedTestExpr(x syntax.TestExpr) syntax.TestExpr {
	switch t := x.(type) {
	case *syntax.Word:
		if neg := negatedGroup(t); neg != nil {
			return neg
		}
	case *syntax.BinaryTest:
		if t.Op == syntax.AndTest || t.Op == syntax.OrTest {
			t.X, t.Y = negatedTestExpr(t.X), negatedTestExpr(t.Y)
		}
	case *syntax.UnaryTest:
		if t.Op == syntax.TsNot {
			t.X = negatedTestExpr(t.X)
		}
	case *syntax.ParenTest:
		t.X = negatedTestExpr(t.X)
	}
	return x
}

// negatedGroup returns "! ( expr )" for a word that is "!(expr)" alone
// whose expr parses as a conditional expression, or nil.
func negatedGroup(w *syntax.Word) syntax.TestExpr {
	eg := soleNegation(w)
	if eg == nil || eg.Pattern == nil {
		return nil
	}
	inner, ok := parseTestInPlace(eg.Pattern.Value, eg.Pattern.ValuePos)
	if !ok {
		return nil
	}
	lp := posShift(eg.OpPos, 1)
	return &syntax.UnaryTest{
		OpPos: eg.OpPos,
		Op:    syntax.TsNot,
		X:     &syntax.ParenTest{Lparen: lp, Rparen: eg.Pattern.ValueEnd, X: inner},
	}
}

// parseTestInPlace parses text, which starts at pos in a program inside
// a [[ ]], as a conditional expression positioned as it is there.
func parseTestInPlace(text string, pos syntax.Pos) (syntax.TestExpr, bool) {
	const open = "[[ "
	col := int(pos.Col())
	if !pos.IsValid() || col <= len(open) {
		return nil, false
	}
	at := posShift(pos, -len(open))
	stmts, ok := parseInPlace(open+text+" ]]", at)
	if !ok || len(stmts) != 1 {
		return nil, false
	}
	tc, ok := stmts[0].Cmd.(*syntax.TestClause)
	if !ok || strings.ContainsRune(text, '\n') {
		return nil, false
	}
	return tc.X, true
}
