package interp

import (
	"io"

	"mvdan.cc/sh/v3/syntax"
)

// PrettyPrint makes the runner print the commands of its script back
// instead of running them, as bash --pretty-print does (pretty_print_loop):
// each command it reads, as make_command_string prints it in POSIX mode,
// on a line; a run of lines holding no command (blank or comment lines)
// and the end of the input as one empty line each, never two in a row.
// The status is 0.
func (r *Runner) PrettyPrint() {
	r.sh.pretty = &prettyState{}
}

// prettyState is the state of PrettyPrint.
type prettyState struct {
	end    int  // the last line of the command printed last
	lastNL bool // an empty line was printed last
}

// prettyGroup prints g, the commands of one line (a top-level group),
// after the empty line for the lines without commands before it.
func (r *Runner) prettyGroup(g []*syntax.Stmt) {
	ps := r.sh.pretty
	w := r.fds.writer(1)
	if start := r.lineAt(int(g[0].Pos().Line())); start > ps.end+1 {
		ps.blank(w)
	}
	p := newCmdPrinter(r.curSrc)
	p.posix = true
	p.escBytes = r.escBytes()
	p.list(g)
	p.flushDeferred("")
	io.WriteString(w, p.sb.String()+"\n")
	ps.lastNL = false
	ps.end = r.lineAt(readEnd(g))
}

// blank prints the empty line bash prints when it reads no command.
func (ps *prettyState) blank(w io.Writer) {
	if !ps.lastNL {
		io.WriteString(w, "\n")
		ps.lastNL = true
	}
}
