package interp

import (
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// walk visits a syntax tree in depth-first preorder with the contract of
// syntax.Walk: fn(node) first; when it returns true, each non-nil child
// in source order, then fn(nil). It exists because syntax.Walk defers a
// call inside a loop (for trailing comments), which makes the Go
// compiler run every return of every call through the runtime's defer
// machinery, a stack unwind per node: the post-parse passes over a
// sourced file spent more time there than in parsing it. walk has no
// defer: a node's trailing comments (which nash's parsers never keep)
// are visited after its children, before fn(nil), where syntax.Walk
// visits the first of them after fn(nil).
func walk(node syntax.Node, fn func(syntax.Node) bool) {
	if !fn(node) {
		return
	}
	switch n := node.(type) {
	case *syntax.File:
		walkStmts(n.Stmts, fn)
		walkComments(n.Last, fn)
	case *syntax.Comment, *syntax.Lit, *syntax.SglQuoted:
	case *syntax.Stmt:
		var rest []syntax.Comment
		if len(n.Comments) > 0 { // (the closure would be allocated)
			rest = leadingComments(n.Comments, func(c *syntax.Comment) bool { return n.End().After(c.Pos()) }, fn)
		}
		if n.Cmd != nil {
			walk(n.Cmd, fn)
		}
		for _, rd := range n.Redirs {
			walk(rd, fn)
		}
		walkComments(rest, fn)
	case *syntax.Assign:
		walkMaybe(n.Name, fn)
		walkMaybe(n.Value, fn)
		walkMaybe(n.Index, fn)
		walkMaybe(n.Array, fn)
	case *syntax.Redirect:
		walkMaybe(n.N, fn)
		walk(n.Word, fn)
		walkMaybe(n.Hdoc, fn)
	case *syntax.CallExpr:
		for _, as := range n.Assigns {
			walk(as, fn)
		}
		walkWords(n.Args, fn)
	case *syntax.Subshell:
		walkStmts(n.Stmts, fn)
		walkComments(n.Last, fn)
	case *syntax.Block:
		walkStmts(n.Stmts, fn)
		walkComments(n.Last, fn)
	case *syntax.IfClause:
		walkStmts(n.Cond, fn)
		walkComments(n.CondLast, fn)
		walkStmts(n.Then, fn)
		walkComments(n.ThenLast, fn)
		walkComments(n.Last, fn)
		walkMaybe(n.Else, fn)
	case *syntax.WhileClause:
		walkStmts(n.Cond, fn)
		walkComments(n.CondLast, fn)
		walkStmts(n.Do, fn)
		walkComments(n.DoLast, fn)
	case *syntax.ForClause:
		walk(n.Loop, fn)
		walkStmts(n.Do, fn)
		walkComments(n.DoLast, fn)
	case *syntax.WordIter:
		walk(n.Name, fn)
		walkWords(n.Items, fn)
	case *syntax.CStyleLoop:
		walkMaybe(n.Init, fn)
		walkMaybe(n.Cond, fn)
		walkMaybe(n.Post, fn)
	case *syntax.BinaryCmd:
		walk(n.X, fn)
		walk(n.Y, fn)
	case *syntax.FuncDecl:
		walkMaybe(n.Name, fn)
		for _, l := range n.Names {
			walk(l, fn)
		}
		walk(n.Body, fn)
	case *syntax.Word:
		walkParts(n.Parts, fn)
	case *syntax.DblQuoted:
		walkParts(n.Parts, fn)
	case *syntax.CmdSubst:
		walkStmts(n.Stmts, fn)
		walkComments(n.Last, fn)
	case *syntax.ParamExp:
		walkParamExp(n, fn)
	case *syntax.ArithmExp:
		walk(n.X, fn)
	case *syntax.ArithmCmd:
		walk(n.X, fn)
	case *syntax.BinaryArithm:
		walk(n.X, fn)
		walk(n.Y, fn)
	case *syntax.BinaryTest:
		walk(n.X, fn)
		walk(n.Y, fn)
	case *syntax.UnaryArithm:
		walk(n.X, fn)
	case *syntax.UnaryTest:
		walk(n.X, fn)
	case *syntax.ParenArithm:
		walk(n.X, fn)
	case *syntax.FlagsArithm:
		walk(n.Flags, fn)
		walkMaybe(n.X, fn)
	case *syntax.ParenTest:
		walk(n.X, fn)
	case *syntax.CaseClause:
		walk(n.Word, fn)
		for _, ci := range n.Items {
			walk(ci, fn)
		}
		walkComments(n.Last, fn)
	case *syntax.CaseItem:
		rest := leadingComments(n.Comments, func(c *syntax.Comment) bool { return !c.Pos().After(n.Pos()) }, fn)
		walkWords(n.Patterns, fn)
		walkStmts(n.Stmts, fn)
		walkComments(n.Last, fn)
		walkComments(rest, fn)
	case *syntax.TestClause:
		walk(n.X, fn)
	case *syntax.DeclClause:
		for _, as := range n.Args {
			walk(as, fn)
		}
	case *syntax.ArrayExpr:
		for _, el := range n.Elems {
			walk(el, fn)
		}
		walkComments(n.Last, fn)
	case *syntax.ArrayElem:
		rest := leadingComments(n.Comments, func(c *syntax.Comment) bool { return !c.Pos().After(n.Pos()) }, fn)
		walkMaybe(n.Index, fn)
		walkMaybe(n.Value, fn)
		walkComments(rest, fn)
	case *syntax.ExtGlob:
		walk(n.Pattern, fn)
	case *syntax.ProcSubst:
		walkStmts(n.Stmts, fn)
		walkComments(n.Last, fn)
	case *syntax.TimeClause:
		walkMaybe(n.Stmt, fn)
	case *syntax.CoprocClause:
		walkMaybe(n.Name, fn)
		walk(n.Stmt, fn)
	case *syntax.LetClause:
		for _, x := range n.Exprs {
			walk(x, fn)
		}
	case *syntax.TestDecl:
		walk(n.Description, fn)
		walk(n.Body, fn)
	default:
		panic(fmt.Sprintf("interp: walk: unexpected node type %T", node))
	}
	fn(nil)
}

// walkParamExp visits the parts of ${…} in the order they are written.
func walkParamExp(n *syntax.ParamExp, fn func(syntax.Node) bool) {
	walkMaybe(n.Flags, fn)
	walkMaybe(n.Param, fn)
	walkMaybe(n.NestedParam, fn)
	walkMaybe(n.Index, fn)
	if s := n.Slice; s != nil {
		walkMaybe(s.Offset, fn)
		walkMaybe(s.Length, fn)
	}
	if r := n.Repl; r != nil {
		walkMaybe(r.Orig, fn)
		walkMaybe(r.With, fn)
	}
	if e := n.Exp; e != nil {
		walkMaybe(e.Word, fn)
	}
}

// walkMaybe visits node unless it is a nil pointer (of any node type,
// also one held in an interface such as syntax.ArithmExpr).
func walkMaybe[N interface {
	syntax.Node
	comparable
}](node N, fn func(syntax.Node) bool) {
	var none N
	if node != none {
		walk(node, fn)
	}
}

func walkStmts(list []*syntax.Stmt, fn func(syntax.Node) bool) {
	for _, st := range list {
		walk(st, fn)
	}
}

func walkWords(list []*syntax.Word, fn func(syntax.Node) bool) {
	for _, w := range list {
		walk(w, fn)
	}
}

func walkParts(list []syntax.WordPart, fn func(syntax.Node) bool) {
	for _, p := range list {
		walk(p, fn)
	}
}

func walkComments(list []syntax.Comment, fn func(syntax.Node) bool) {
	for i := range list {
		walk(&list[i], fn)
	}
}

// leadingComments visits the comments for which before holds, up to the
// first that does not, and returns that one and the rest: the comments
// written after the node, which the caller visits after its children.
func leadingComments(list []syntax.Comment, before func(*syntax.Comment) bool, fn func(syntax.Node) bool) []syntax.Comment {
	for i := range list {
		if !before(&list[i]) {
			return list[i:]
		}
		walk(&list[i], fn)
	}
	return nil
}

// walkWhere walks node as walk does, skipping what cannot concern the
// caller: when node is a whole program, it walks only the top-level
// statements whose text in src satisfies has (stmtTextEnds: with the
// here-document bodies read after it); fn is not called for the File
// itself. Any other node is walked whole when has(src). Big sourced
// files are mostly functions each a statement of its own: a pass that
// looks for backquotes need not visit the thousands without one.
func walkWhere(node syntax.Node, src string, has func(string) bool, fn func(syntax.Node) bool) {
	f, ok := node.(*syntax.File)
	if !ok {
		if has(src) {
			walk(node, fn)
		}
		return
	}
	// the few statements of an eval's or a trap's text need no heap
	var small [3][8]int
	ends := stmtTextEnds(f.Stmts, len(src), small[0][:0], small[1][:0], small[2][:0])
	// Texts overlap where statements share lines, and all do past the
	// last line a position holds (2^18-1): has reads at most a few
	// times src in all, and past that the rest is walked whole.
	budget := 4*len(src) + 4096
	for i, st := range f.Stmts {
		from, to := int(st.Pos().Offset()), ends[i]
		if !st.Pos().IsValid() || from > to || to > len(src) || to-from > budget {
			walk(st, fn)
			continue
		}
		budget -= to - from
		if has(src[from:to]) {
			walk(st, fn)
		}
	}
}

// stmtTextEnds returns where the text in a source of n bytes of each of
// stmts, top-level statements, ends: where the first statement after it
// starts that starts on a later line than all from it on end, past the
// bodies of its here-documents, which bash reads after the newline that
// ends the last of those (`cat <<E; echo "a<newline>b"; echo c` has its
// body after the second line); n for the last. One pass from the end:
// a statement that takes in the next takes in all that one took in, so
// each jumps over those runs, as a stack of runs would, and thousands
// of statements on one line (or past the last line a position holds)
// cost no more than thousands of lines.
// next, last and ends are buffers to reuse.
func stmtTextEnds(stmts []*syntax.Stmt, n int, next, last, ends []int) []int {
	next = slices.Grow(next, len(stmts))[:len(stmts)] // first statement past i's text
	last = slices.Grow(last, len(stmts))[:len(stmts)] // the last line from i to it
	ends = slices.Grow(ends, len(stmts))[:len(stmts)]
	for i := len(stmts) - 1; i >= 0; i-- {
		cur, j := int(stmts[i].End().Line()), i+1
		for j < len(stmts) && int(stmts[j].Pos().Line()) <= cur {
			cur = max(cur, last[j])
			j = next[j]
		}
		next[i], last[i], ends[i] = j, cur, n
		if j < len(stmts) {
			ends[i] = int(stmts[j].Pos().Offset())
		}
	}
	return ends
}

// containing returns a test of whether a text holds s.
func containing(s string) func(string) bool {
	return func(text string) bool { return strings.Contains(text, s) }
}
