package interp

import "mvdan.cc/sh/v3/syntax"

// memoSize is how many entries a runner's memos keep: enough for the
// patterns or the arithmetic of a loop body.
const memoSize = 8

// patMemo holds the compiled patterns a runner used last, in front of
// the shell's shared cache: a loop matching the same few patterns finds
// them by comparing keys (the same strings, usually), without hashing
// the pattern or taking the shared cache's lock.
type patMemo struct {
	keys [memoSize]patKey
	pats [memoSize]*compiledPattern
	next int
}

func (m *patMemo) get(k patKey) *compiledPattern {
	for i := range m.pats {
		if m.pats[i] != nil && m.keys[i] == k {
			return m.pats[i]
		}
	}
	return nil
}

func (m *patMemo) put(k patKey, p *compiledPattern) {
	m.keys[m.next], m.pats[m.next] = k, p
	m.next = (m.next + 1) % memoSize
}

// arithMemo is patMemo for staticArithText: the texts of the arithmetic
// nodes a runner evaluated last, found by the node itself.
type arithMemo struct {
	nodes [memoSize]syntax.ArithmExpr
	texts [memoSize]arithStaticText
	next  int
}

func (m *arithMemo) get(x syntax.ArithmExpr) (arithStaticText, bool) {
	for i := range m.nodes {
		if m.nodes[i] == x && x != nil {
			return m.texts[i], true
		}
	}
	return arithStaticText{}, false
}

func (m *arithMemo) put(x syntax.ArithmExpr, t arithStaticText) {
	m.nodes[m.next], m.texts[m.next] = x, t
	m.next = (m.next + 1) % memoSize
}
