package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash prints the notice for a foreground program killed by a signal
// ("line N:  PID Hangup  cmd") once the simple command is done and its
// line_number restored: N is not the command's $LINENO but the line of
// what encloses it. That is the line where the command the reader read
// ends at top level (a multi-line command: its last line), the line of a
// for, select or case command around it (not an arithmetic for, whose
// body runs at the line around it), the line where the body of the
// function running it starts, or where the ( ) subshell it runs in
// ends; in an eval'd string, a sourced file or a trap, where the line of
// commands that holds it ends (stmtsByLine). The same line_number names
// the redirections of a compound command (compoundRedirs).

// setNoticeLine makes line (a line of r.curSrc) the notice line and
// returns the function that puts the previous one back.
func (r *Runner) setNoticeLine(line int) func() {
	restore := r.keepNoticeLine()
	r.noticeLine, r.parenLeft = r.lineAt(line), false
	return restore
}

// noticePrefix is plainPrefix with the notice line.
func (r *Runner) noticePrefix() string {
	if r.noticeLine <= 0 {
		return r.plainPrefix()
	}
	line := r.line
	r.line = r.noticeLine
	p := r.plainPrefix()
	r.line = line
	return p
}

// stmtsByLine runs stmts, the commands of an eval'd string, a sourced
// file or a trap action, each with the notice line where bash's
// parse_and_execute has read to: the end of the line of commands that
// holds it.
func (r *Runner) stmtsByLine(stmts []*syntax.Stmt) {
	prev := 0
	for i := 0; i < len(stmts); {
		j := lineGroupEnd(stmts, i, r.curSrc)
		r.groupRead(stmts[i:j], stmts[prev:i])
		prev = i
		r.noticeLine, r.parenLeft = r.lineAt(readEndIn(stmts[i:j], r.curSrc)), false
		r.stmts(stmts[i:j])
		if r.flow != flowNone {
			return
		}
		i = j
	}
}

// groupRead does what bash's reader does as it reads the lines of g, the
// group after prev in an eval'd, sourced or trap text: it reports on the
// jobs (lineReadNotify) and records the lines (peHistRecord).
func (r *Runner) groupRead(g, prev []*syntax.Stmt) {
	r.lineReadNotify(prev)
	r.peHistRecord(g, prev)
}

// lineReadNotify reports on the jobs as bash's shell_getc does when it
// reads a line of an eval'd, sourced or trap text (notify_and_cleanup),
// as the reader of a script's own lines does (runTop): at the line
// after prev, the commands read last. Jobs that ended are gone from the
// list before the next line's commands run, and the notices a lastpipe
// pipeline held (frozenNotices) come out then, not once the text has
// ended.
func (r *Runner) lineReadNotify(prev []*syntax.Stmt) {
	if len(prev) > 0 && r.mayNotify() {
		r.notifyJobs(r.lineAt(readEnd(prev)) + 1)
	}
}

// readEnd is the line where bash's reader is once it has read g, a line
// of commands: the end of the last, or of a here-document body read
// after it.
func readEnd(g []*syntax.Stmt) int { return readEndIn(g, "") }

// readEndIn is readEnd for commands whose positions refer to src (with
// "", none are taken to): one whose text holds no "<<" has no
// here-document to walk for.
func readEndIn(g []*syntax.Stmt, src string) int {
	end := 0
	for _, st := range g {
		from, to := int(st.Pos().Offset()), int(st.End().Offset())
		if st.End().IsValid() && from <= to && to <= len(src) && !strings.Contains(src[from:to], "<<") {
			end = max(end, int(st.End().Line()))
			continue
		}
		end = max(end, stmtLastLine(st))
	}
	return end
}

// lineGroupEnd is the index past the commands that bash reads as one
// line with stmts[i] (topLevelGroups): each starts on the line where the
// one before it ends, or after it past backslash-newlines only (bash's
// reader removes them: "a; \<nl>b" is one line). src is the text the
// statements' positions refer to.
func lineGroupEnd(stmts []*syntax.Stmt, i int, src string) int {
	last := stmts[i].End().Line()
	for i++; i < len(stmts); i++ {
		if stmts[i].Pos().Line() > last && !joinedGap(src, int(stmts[i-1].End().Offset()), int(stmts[i].Pos().Offset())) {
			break
		}
		last = stmts[i].End().Line()
	}
	return i
}

// joinedGap reports whether src[from:to], the text between two
// statements, is separators and at least one backslash-newline.
func joinedGap(src string, from, to int) bool {
	if from < 0 || to > len(src) || from >= to {
		return false
	}
	joined := false
	for k := from; k < to; k++ {
		switch src[k] {
		case ' ', '\t', ';', '&':
		case '\\':
			if k+1 >= to || src[k+1] != '\n' {
				return false
			}
			joined = true
			k++
		default:
			return false
		}
	}
	return joined
}
