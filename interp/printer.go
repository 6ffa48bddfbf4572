package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bashPrinter prints function bodies in the layout bash uses for
// declare -f and type.
type bashPrinter struct{}

func (p bashPrinter) funcBody(sb *strings.Builder, body *syntax.Stmt) {
	var b strings.Builder
	pr := syntax.NewPrinter(syntax.Indent(4), syntax.FunctionNextLine(true), syntax.SpaceRedirects(true))
	pr.Print(&b, body)
	text := b.String()
	// bash writes "{ " on its own line and ends statements with ";" only
	// where needed; the printer's layout is close enough for lists
	sb.WriteString(strings.TrimRight(text, "\n"))
}
