package interp

import "mvdan.cc/sh/v3/syntax"

// mvdan's parser reads the && and || of [[ ]] as one right-nested chain
// of equal precedence, "a && b || c" as a && (b || c), and gives a
// leading ! the whole chain after it. In bash && binds tighter than ||,
// both associate to the left, and ! negates the next term only:
// ((! a) && b) || c. condPrecedence rebuilds the tree that way.

// condPrecedence returns x with bash's precedence, x itself when the
// parser's reading already means the same.
func condPrecedence(x syntax.TestExpr) syntax.TestExpr {
	if !condNeedsFix(x) {
		return x
	}
	terms, ops := condChain(x)
	// && first: each run of terms joined by && becomes one term
	var orTerms []syntax.TestExpr
	var orOps []*syntax.BinaryTest
	cur := terms[0]
	for i, op := range ops {
		if op.Op == syntax.AndTest {
			cur = &syntax.BinaryTest{OpPos: op.OpPos, Op: op.Op, X: cur, Y: terms[i+1]}
			continue
		}
		orTerms = append(orTerms, cur)
		orOps = append(orOps, op)
		cur = terms[i+1]
	}
	orTerms = append(orTerms, cur)
	out := orTerms[0]
	for i, op := range orOps {
		out = &syntax.BinaryTest{OpPos: op.OpPos, Op: op.Op, X: out, Y: orTerms[i+1]}
	}
	return out
}

// condChain flattens the chain of terms joined by && and || that x is,
// a ! applying to the first term after it; terms in parentheses get
// bash's precedence too.
func condChain(x syntax.TestExpr) (terms []syntax.TestExpr, ops []*syntax.BinaryTest) {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		if x.Op == syntax.AndTest || x.Op == syntax.OrTest {
			lt, lo := condChain(x.X)
			rt, ro := condChain(x.Y)
			ops = append(append(lo, x), ro...)
			return append(lt, rt...), ops
		}
	case *syntax.UnaryTest:
		if x.Op == syntax.TsNot {
			t, o := condChain(x.X)
			t[0] = &syntax.UnaryTest{OpPos: x.OpPos, Op: x.Op, X: t[0]}
			return t, o
		}
	case *syntax.ParenTest:
		return []syntax.TestExpr{&syntax.ParenTest{Lparen: x.Lparen, Rparen: x.Rparen, X: condPrecedence(x.X)}}, nil
	}
	return []syntax.TestExpr{x}, nil
}

// condNeedsFix reports whether the parser's tree for x differs in meaning
// from bash's: an && whose right side is an || chain, or a ! over a
// chain, anywhere (parentheses included).
func condNeedsFix(x syntax.TestExpr) bool {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		if x.Op != syntax.AndTest && x.Op != syntax.OrTest {
			return false
		}
		if y, ok := x.Y.(*syntax.BinaryTest); ok && x.Op == syntax.AndTest && y.Op == syntax.OrTest {
			return true
		}
		if y, ok := x.Y.(*syntax.UnaryTest); ok && y.Op == syntax.TsNot && isChain(y.X) {
			return true
		}
		return condNeedsFix(x.X) || condNeedsFix(x.Y)
	case *syntax.UnaryTest:
		return x.Op == syntax.TsNot && (isChain(x.X) || condNeedsFix(x.X))
	case *syntax.ParenTest:
		return condNeedsFix(x.X)
	}
	return false
}

// isChain reports whether x is an && or || expression, or ! of one.
func isChain(x syntax.TestExpr) bool {
	switch x := x.(type) {
	case *syntax.BinaryTest:
		return x.Op == syntax.AndTest || x.Op == syntax.OrTest
	case *syntax.UnaryTest:
		return x.Op == syntax.TsNot && isChain(x.X)
	}
	return false
}
