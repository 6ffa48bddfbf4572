package interp

import "mvdan.cc/sh/v3/syntax"

// emptyHdocsEnd moves end, where the group g read from head+tail ends,
// past the delimiter lines of its here-documents with an empty body,
// which mvdan leaves without a body word (Redirect.Hdoc nil), so that
// nothing marks where they end: the bodies follow one another from the
// line after the operator, and an empty one is its delimiter line alone.
// (Reading alias by alias, 'cat <<END' then 'END' ran END as a command.)
func emptyHdocsEnd(head, tail string, g []*syntax.Stmt, end int) int {
	size := len(head) + len(tail)
	lineAfter := func(off int) int {
		if off >= size {
			return size
		}
		if i := indexByteFrom(head, tail, off, '\n'); i >= 0 {
			return i + 1
		}
		return size
	}
	pos := 0 // where the next body starts, at the earliest
	for _, st := range g {
		walk(st, func(n syntax.Node) bool {
			rd, ok := n.(*syntax.Redirect)
			if !ok || rd.Op != syntax.Hdoc && rd.Op != syntax.DashHdoc || rd.Word == nil {
				return true
			}
			pos = max(pos, lineAfter(int(rd.Word.End().Offset())))
			if rd.Hdoc != nil {
				// the body's end lies on its delimiter line
				pos = lineAfter(int(rd.Hdoc.End().Offset()))
				return true
			}
			pos = lineAfter(pos)
			end = max(end, pos-1)
			return true
		})
	}
	return end
}
