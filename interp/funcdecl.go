package interp

import "mvdan.cc/sh/v3/syntax"

// funcDeclList undoes a reading of mvdan's parser: in
// "f() { …; } && cmd" (or ||, |, |&) it takes the whole list for the
// function's body, where bash's body is only the compound command (and
// its redirections) and the definition is the list's first command. It
// returns that list, with the definition as its leftmost element, or nil
// when the body is a compound command alone.
func funcDeclList(fd *syntax.FuncDecl) *syntax.Stmt {
	b, ok := fd.Body.Cmd.(*syntax.BinaryCmd)
	if !ok || fd.Body.Negated || len(fd.Body.Redirs) > 0 {
		return nil
	}
	// copy the left spine, replacing its leaf (the real body) with the
	// definition
	var build func(b *syntax.BinaryCmd) *syntax.BinaryCmd
	build = func(b *syntax.BinaryCmd) *syntax.BinaryCmd {
		nb := *b
		if x, ok := b.X.Cmd.(*syntax.BinaryCmd); ok && !b.X.Negated && len(b.X.Redirs) == 0 {
			xs := *b.X
			xs.Cmd = build(x)
			nb.X = &xs
			return &nb
		}
		def := *fd
		def.Body = b.X
		nb.X = &syntax.Stmt{Position: fd.Pos(), Cmd: &def}
		return &nb
	}
	list := *fd.Body
	list.Position = fd.Pos()
	list.Cmd = build(b)
	return &list
}

// funcDefLine is the line bash reports a failed definition at: its
// line_number, which a definition does not set. Outside a function
// that is where the parser stopped, the end of the definition. In a
// function it is the line execute_function set: the body command's
// line, which make_function_def sets from the parser's function_bstart
// when the definition is reduced, after any definition nested in it, so
// the line of the last "{" opening a function's body in the function.
// A definition in a text the function evals is read by eval's parser:
// there, as outside functions, where that parser stopped.
func (r *Runner) funcDefLine(c *syntax.FuncDecl) int {
	if n := len(r.calls); n > 0 && r.calls[n-1].body != nil && n > r.textCalls {
		line := 0
		walk(r.calls[n-1].body, func(n syntax.Node) bool {
			if fd, ok := n.(*syntax.FuncDecl); ok && fd.Body != nil {
				if b, ok := fd.Body.Cmd.(*syntax.Block); ok {
					line = max(line, int(b.Lbrace.Line()))
				}
			}
			return true
		})
		if b, ok := r.calls[n-1].body.Cmd.(*syntax.Block); ok && line == 0 {
			line = int(b.Lbrace.Line())
		}
		if line > 0 {
			return r.lineAt(line)
		}
	}
	if r.noticeLine > 0 {
		// bash's line_number: where the reader is, or the line of the
		// for, select or case or ( ) around the definition
		return r.noticeLine
	}
	return r.lineAt(int(c.End().Line()))
}

// andOrFuncList fixes the grouping funcDeclList alone cannot: in
// "x || f() { …; } && y" mvdan's tree is x || (f() {…} && y), where
// bash's and-or list is left-associative, (x || f() {…}) && y. For an
// and-or c whose right side is such a definition it returns the list
// regrouped, x and its operator joined to the list's leftmost and-or
// operand; nil when there is nothing to regroup.
func andOrFuncList(c *syntax.BinaryCmd) *syntax.Stmt {
	if c.Op != syntax.AndStmt && c.Op != syntax.OrStmt || c.Y.Negated || len(c.Y.Redirs) > 0 || c.Y.Background {
		return nil
	}
	fd, ok := c.Y.Cmd.(*syntax.FuncDecl)
	if !ok {
		return nil
	}
	list := funcDeclList(fd)
	if list == nil {
		return nil
	}
	var join func(s *syntax.Stmt) *syntax.Stmt
	join = func(s *syntax.Stmt) *syntax.Stmt {
		if b, ok := s.Cmd.(*syntax.BinaryCmd); ok && (b.Op == syntax.AndStmt || b.Op == syntax.OrStmt) && !s.Negated && len(s.Redirs) == 0 {
			nb := *b
			nb.X = join(b.X)
			ns := *s
			ns.Cmd = &nb
			return &ns
		}
		nb := *c
		nb.Y = s
		return &syntax.Stmt{Position: c.X.Pos(), Cmd: &nb}
	}
	return join(list)
}
