package interp

import (
	"os"
	"path/filepath"
)

// bgExecPath is the path the nash of an asynchronous command is started
// by. The kernel names a process (/proc/PID/comm, what ps, pgrep and
// killall match) after the base name of the path it was executed by, so
// bgExe, /proc/self/exe, would make every job "exe" where bash's forked
// subshell keeps the shell's name. The path the shell was found by ($BASH
// at its start) is used instead when it still names the running binary
// and gives the shell's name; else bgExe, and the job renames itself to
// bgRename (restoreBgState), which leaves a moment when it is "exe".
func (r *Runner) bgExecPath() string {
	r.sh.bgNamedOnce.Do(func() {
		r.sh.bgNamed = r.sh.bgExe
		comm := processName()
		cand := r.startBash()
		if comm == "" || !filepath.IsAbs(cand) || !sameComm(filepath.Base(cand), comm) {
			r.sh.bgRename = comm
			return
		}
		a, err1 := os.Stat(cand)
		b, err2 := os.Stat(r.sh.bgExe)
		if err1 == nil && err2 == nil && os.SameFile(a, b) {
			r.sh.bgNamed = cand
		} else {
			r.sh.bgRename = comm
		}
	})
	return r.sh.bgNamed
}

// sameComm reports whether a file base name gives the process name comm:
// the kernel keeps its first 15 bytes.
func sameComm(base, comm string) bool {
	if len(base) > 15 {
		base = base[:15]
	}
	return base == comm
}
