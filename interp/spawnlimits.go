package interp

import (
	"os"
	"syscall"

	"nash/internal/execstage"
)

// startLimited starts path through a full exec stage that gives the
// program the subshell's ulimit overlay (r.rlimits) before it executes
// it, and ignores ign: bash's subshell is a process of its own that set
// the limits on itself, so its programs start under them. Applied to the
// new process after it started, a limit came too late for a program
// that read it or had already run (a stack limit set after the start of
// a Go stage even crashed it). files is the child's whole descriptor
// table; ok is false if the stage could not be set up, having done
// nothing.
func (r *Runner) startLimited(path string, argv []string, attr *os.ProcAttr, files []*os.File, ign []int) (*os.Process, bool, error) {
	n := len(files)
	src := make([]int, n+1)
	for i, f := range files {
		src[i] = i // os.StartProcess put it in place
		if f == nil {
			src[i] = -1
		}
	}
	src[n] = -1 // startSynced's pipe: it closes as the program starts
	plan := execstage.Plan{Path: path, Argv: argv, Env: withSigIgn(attr.Env, ign, nil), Src: src,
		Ignore: r.stagedIgnored(ign, nil), Limits: stageLimits(r.rlimits),
		ErrPrefix: r.errPrefix(), Name: argv[0]}
	stage, sargv, senv := execstage.StartArgs(plan)
	return r.startSynced(stage, sargv, senv, attr, files)
}

// stageLimits lists the limits of a ulimit overlay for an exec stage.
func stageLimits(limits map[int]syscall.Rlimit) []execstage.Limit {
	var out []execstage.Limit
	for res, l := range limits {
		out = append(out, execstage.Limit{Resource: res, Cur: l.Cur, Max: l.Max})
	}
	return out
}
