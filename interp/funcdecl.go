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
