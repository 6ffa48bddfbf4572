package interp

import (
	"slices"

	"mvdan.cc/sh/v3/syntax"
)

// hdocsEnd is the line of the last here-document delimiter in g, nested
// ones included (0 with none): bash's reader reads the bodies in the
// order of their operators, from the line after the operator's. The
// parser keeps no body for an empty one, whose delimiter is then the
// line after the operator's or after the body read before it.
func hdocsEnd(g []*syntax.Stmt) int {
	var hds []*syntax.Redirect
	for _, st := range g {
		walk(st, func(n syntax.Node) bool {
			if rd, ok := n.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) && rd.OpPos.IsValid() {
				hds = append(hds, rd)
			}
			return true
		})
	}
	slices.SortStableFunc(hds, func(a, b *syntax.Redirect) int { return int(a.OpPos.Offset()) - int(b.OpPos.Offset()) })
	last := 0
	for _, rd := range hds {
		if rd.Hdoc != nil && rd.Hdoc.End().IsValid() {
			last = max(last, int(rd.Hdoc.End().Line()))
			continue
		}
		last = max(last, int(rd.OpPos.Line())) + 1
	}
	return last
}
