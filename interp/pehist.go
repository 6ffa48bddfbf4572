package interp

import "mvdan.cc/sh/v3/syntax"

// bash runs an eval'd string and a sourced file with parse_and_execute's
// SEVAL_NOHIST, which turns remember_on_history off while the text runs:
// its lines are not recorded in the history list, even with set -o
// history on. A set -o history run in the text turns it back on
// (bash_history_enable), and the text's lines read after that are
// recorded as a script's are; set +o history turns it off again. As the
// text ends, remember_on_history is what it was before.

// peHistState is what a text's run changes of the history bookkeeping,
// kept to be put back as it ends (leavePEText).
type peHistState struct {
	remember bool
	src      string
	line     int
	live     bool
	linesOf  string
	lines    []string
}

// enterPEText counts an eval'd or sourced text starting to run (bash's
// parse_and_execute), keeping $BASH_COMMAND from before the outermost
// (peOuterCmd), and turns the recording of its lines off. It returns what
// leavePEText puts back.
func (r *Runner) enterPEText() peHistState {
	if r.peTexts == 0 {
		r.peOuterCmd = r.bashCmd
	}
	r.peTexts++
	r.peCalls = append(r.peCalls, r.peMark())
	s := peHistState{remember: r.peRemember}
	if h := r.hist; h != nil {
		s.src, s.line, s.live, s.linesOf, s.lines = h.src, h.line, h.live, h.linesOf, h.lines
	}
	r.peRemember = false
	return s
}

// leavePEText ends what enterPEText began.
func (r *Runner) leavePEText(s peHistState) {
	r.peTexts--
	r.peCalls = r.peCalls[:len(r.peCalls)-1]
	r.peRemember = s.remember
	if h := r.hist; h != nil {
		h.src, h.line, h.live, h.linesOf, h.lines = s.src, s.line, s.live, s.linesOf, s.lines
	}
}

// peHistRecord records the lines of g, the next group of the eval'd or
// sourced text being run (r.curSrc), when a set -o history in the text
// turned recording back on: from the line after prev, the group read
// before, on.
func (r *Runner) peHistRecord(g, prev []*syntax.Stmt) {
	if !r.peRemember || !r.histOn() || r.peTexts == 0 {
		return
	}
	h := r.histList()
	if !sameString(h.src, r.curSrc) {
		h.src, h.line, h.live = r.curSrc, readEnd(prev), true
	}
	r.histRecordGroup(g)
}
