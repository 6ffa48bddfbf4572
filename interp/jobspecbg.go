package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// jobSpecCommand reports whether c is a simple command whose first word,
// as written, starts with %: bash does not fork for such a command run
// with & (execute_simple_command), so "%1 &" is bg %1 in the shell
// itself, with its job table and job control, not in a subshell.
func jobSpecCommand(c syntax.Command) bool {
	call, ok := c.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || len(call.Args[0].Parts) == 0 {
		return false
	}
	lit, ok := call.Args[0].Parts[0].(*syntax.Lit)
	return ok && strings.HasPrefix(lit.Value, "%")
}

// jobSpecBg runs st, a job spec command with &, as bg in the shell: $!
// is left alone and $? is bg's status.
func (r *Runner) jobSpecBg(st *syntax.Stmt) {
	fg := *st
	fg.Background = false
	r.specBg = true
	defer func() { r.specBg = false }()
	r.stmt(&fg)
}
