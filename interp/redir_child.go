package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// redirSideEffects reports whether expanding the redirections may change
// the shell's state (${a=x}, arithmetic, a draw from $RANDOM): bash
// performs the redirections of an external command in the child it forked
// for it, so there such changes do not reach the shell.
func redirSideEffects(redirs []*syntax.Redirect) bool {
	found := false
	for _, rd := range redirs {
		walk(rd, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.ParamExp:
				if n.Exp != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) {
					found = true
				}
				if n.Excl {
					found = true // ${!name} may name RANDOM
				}
			case *syntax.Lit:
				// $RANDOM, or RANDOM in a subscript's arithmetic
				if strings.Contains(n.Value, "RANDOM") {
					found = true
				}
			case *syntax.ArithmExp:
				found = true
			case *syntax.UnaryArithm:
				// ${a[i++]}, ${x:n--}
				if n.Op == syntax.Inc || n.Op == syntax.Dec {
					found = true
				}
			case *syntax.BinaryArithm:
				switch n.Op {
				case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn,
					syntax.QuoAssgn, syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn,
					syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
					found = true
				}
			case *syntax.CmdSubst:
				return false // a subshell already
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
