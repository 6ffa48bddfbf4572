package interp

import (
	"io"
	"slices"
)

// bash 5.2 complains as set -e unwinds an eval (or a sourced file, or a
// trap action) that ran in a function: that text's parse_and_execute
// drops every local scope (reset_local_contexts) and discards the
// unwind-protects of its own commands, then jumps to the text around it,
// whose parse_and_execute runs its unwind-protects: those of each
// function called between the two texts pop a variable context that is
// no longer there, and print
//
//	NAME: line N: pop_var_context: head of shell_variables not a function context
//
// one for each such call, innermost first, before the EXIT trap runs,
// which finds the redirections of those calls undone too.
// Each pop_context also takes one from variable_context, which reset to 0
// goes below it: the next text out then finds it non-zero, discards its
// own frames and resets it again, printing nothing, and so on outward.
// N is the line the call was made from (restored just before); NAME is
// BASH_SOURCE[0] as the unwinding has left it: each frame unwound so far
// popped one entry from its top, while the frames inside the innermost
// text, discarded, popped none (so NAME can be the file of a function
// still running there). A script's own text and a ( ) child catch the
// jump with no unwinding; a -c string and a substitution's text unwind
// what they called, as any eval does.

const popContextMsg = "pop_var_context: head of shell_variables not a function context"

// peMark is where an eval, trap or sourced text began: how many call
// frames and redirected calls there were.
type peMark struct{ calls, redirs int }

// redirCalls is how many redirected builtin and function calls are
// running (bash's saved-redirects unwind frames).
func (r *Runner) redirCalls() int { return len(r.redirMarks) }

func (r *Runner) peMark() peMark { return peMark{len(r.calls), r.redirCalls()} }

// redirMark is where a redirection began: how many call frames and texts
// (peCalls) there were, and how many fd 2 redirections (fd2Redirs)
// before it. For one of fd 2, before is what fd 2 was until it.
type redirMark struct {
	calls, pes, fd2 int
	before          io.Writer
}

// popContextErrors prints bash's complaints (see above) for the set -e
// exit beginning here.
func (r *Runner) popContextErrors() {
	top, bases, popped := len(r.calls), r.peCalls, 0
	fd2, cur := r.fd2Redirs, r.fds.writer(2)
	inExitTrap := r.exitTrapRan && r.exitTrapPE < len(bases)
	if inExitTrap {
		// the jump ends at run_exit_trap, and the EXIT trap is no
		// longer set (no saved-redirects unwinding either)
		bases = bases[r.exitTrapPE:]
	} else if n := len(r.redirMarks); n > 0 && r.traps.has("EXIT") {
		// with an EXIT trap, set -e first unwinds to the innermost
		// redirected call around the failure (run_unwind_frame
		// "saved-redirects"): the calls, texts and redirections
		// inside it end as they would, popping their entries, and the
		// jump goes to the text around that call
		m := r.redirMarks[n-1]
		top, bases, popped = m.calls, bases[:m.pes], len(r.calls)-m.calls
		if m.fd2 < len(fd2) {
			cur = fd2[m.fd2].before
		}
		fd2 = fd2[:m.fd2]
	}
	if !r.framesFunction(top) {
		return // variable_context is 0: nothing was reset
	}
	off := -1 // the region a redirection made with pes texts running is in
	if inExitTrap {
		off -= r.exitTrapPE // (those made outside the trap stay)
	}
	if r.peTop() && !inExitTrap {
		bases = append([]peMark{{calls: r.forkCalls}}, bases...)
		off = 0
	}
	// context stands for bash's variable_context, which each
	// pop_context takes one from: once below 0, the next text out
	// discards its frames and resets it as the innermost did. The
	// redirections of fd 2 made in a text whose frames are discarded
	// stay; those of one unwound are undone as it goes, each putting
	// back what fd 2 was before it (cur).
	context, undone, k := 0, -1, len(fd2)
	for j := len(bases) - 2; j >= 0; j-- {
		for k > 0 && fd2[k-1].pes+off > j {
			k-- // an inner text's: undone or kept already
		}
		if context != 0 {
			context = 0
			continue
		}
		undone = bases[j].redirs
		for i := bases[j+1].calls - 1; i >= bases[j].calls && i < top; i-- {
			for k > 0 && fd2[k-1].pes+off == j && fd2[k-1].calls > i {
				k--
				cur = fd2[k].before // made inside the call
			}
			popped++ // restore_funcarray_state, before pop_context
			// its unwind-protects put back the traps it hid
			// before the EXIT trap runs
			r.leaveFuncTraps(r.calls[i].hidden)
			if f := r.calls[i]; !f.sourced {
				context--
				r.writeErrTo(cur, r.unwoundPrefix(popped, f.line)+popContextMsg+"\n")
			}
		}
		for k > 0 && fd2[k-1].pes+off == j {
			k--
			cur = fd2[k].before
		}
	}
	if popped > 0 {
		r.unwoundCalls, r.unwoundPopped = len(r.calls), popped
		r.unwoundLeft = slices.Clone(r.calls[:len(r.calls)-popped])
	}
	if undone >= 0 && r.exitRedirCalls > undone+1 {
		// the redirections of the calls it unwound are undone before
		// the EXIT trap runs (exitTrapAt)
		r.exitRedirCalls = undone + 1
	}
}

// framesFunction reports whether the call frames below top hold a
// function's (inFunction for a stack cut there).
func (r *Runner) framesFunction(top int) bool {
	for i := r.localsReset; i < top; i++ {
		if !r.calls[i].sourced {
			return true
		}
	}
	return false
}

// shownCalls is r.calls as FUNCNAME, BASH_SOURCE, BASH_LINENO, caller
// and, with extdebug, BASH_ARGV and BASH_ARGC (pop_args) see them: without
// the entries the unwinding popContextErrors stands for took off the tops
// of those arrays (as many as it unwound, from the top of the stack set -e
// found, whichever frames they were), which the EXIT trap and what it
// calls no longer see. The frames nash has left by the time it runs the
// trap do not matter: what is shown is what bash left (unwoundLeft), and
// above it the frames of what the trap calls.
func (r *Runner) shownCalls() []callFrame {
	if r.unwoundPopped == 0 {
		return r.calls
	}
	if r.exitTrapRan && r.exitTrapCalls <= len(r.calls) {
		return append(slices.Clip(r.unwoundLeft), r.calls[r.exitTrapCalls:]...)
	}
	lo, hi := r.unwoundCalls-r.unwoundPopped, min(r.unwoundCalls, len(r.calls))
	if lo >= hi {
		return r.calls
	}
	return append(slices.Clip(r.calls[:lo]), r.calls[hi:]...)
}

// unwoundPrefix is error_prolog's "NAME: line N: " with NAME taken from
// BASH_SOURCE once its popped most recent entries are gone
// (get_name_for_error: $0 when that leaves none or an empty one).
func (r *Runner) unwoundPrefix(popped, line int) string {
	name := ""
	if r.sh.interactive && r.sh.name != "" {
		name = r.sh.name
	} else if n := len(r.calls) - popped; n > 0 {
		name = r.calls[n-1].source
	} else if n == 0 && (r.sourceName != "" || r.scriptFrame()) {
		name = r.topSource()
	}
	if name == "" {
		name = r.arg0
	}
	return r.namedPrefix(name, r.lineSep(), line)
}
