package interp

import "mvdan.cc/sh/v3/syntax"

// letClause prints let and its words joined by one blank, as bash's
// print_simple_command prints any command's words: the blanks and line
// joins between them as written are gone.
func (p *cmdPrinter) letClause(c *syntax.LetClause) {
	from, to := int(c.Let.Offset())+len("let"), int(c.End().Offset())
	if !c.Let.IsValid() || to > len(p.src) || from > to {
		p.put(p.raw(c, c.Pos(), c.End()))
		return
	}
	p.put("let")
	for k := from; k < to; {
		switch {
		case p.src[k] == ' ' || p.src[k] == '\t':
			k++
			continue
		case p.src[k] == '\\' && k+1 < to && p.src[k+1] == '\n':
			k += 2
			continue
		}
		e := shellWordEnd(p.src, k)
		if e <= k || e > to {
			e = to
		}
		p.put(" ")
		base := int(c.Let.Offset())
		p.put(p.raw(c, posAt(c.Let, uint(k-base)), posAt(c.Let, uint(e-base))))
		k = e
	}
}
