package interp

import "mvdan.cc/sh/v3/syntax"

// bash prints the notice for a foreground program killed by a signal
// ("line N:  PID Hangup  cmd") once the simple command is done and its
// line_number restored: N is not the command's $LINENO but the line of
// what encloses it. That is the line where the command the reader read
// ends at top level (a multi-line command: its last line), the line of a
// for, select or case command around it (an arithmetic for: its last
// line), the line where the body of the function running it starts, or
// where the ( ) subshell it runs in ends; in a sourced file, the line of
// the command itself.

// setNoticeLine makes line (a line of r.curSrc) the notice line and
// returns the function that puts the previous one back.
func (r *Runner) setNoticeLine(line int) func() {
	restore := r.keepNoticeLine()
	r.noticeLine, r.parenLeft = r.lineAt(line), false
	return restore
}

// noticePrefix is errPrefix with the notice line.
func (r *Runner) noticePrefix() string {
	if r.noticeLine <= 0 {
		return r.errPrefix()
	}
	line := r.line
	r.line = r.noticeLine
	p := r.errPrefix()
	r.line = line
	return p
}

// forLine is the line bash records for a for or select command, that of
// the keyword, or for an arithmetic for command, where it ends.
func forLine(c *syntax.ForClause) int {
	if _, ok := c.Loop.(*syntax.CStyleLoop); ok {
		return int(c.End().Line())
	}
	return int(c.Pos().Line())
}
