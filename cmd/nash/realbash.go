package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"nash/internal/entrysig"
	"nash/interp"
)

// realBash finds the real bash to hand control to: NUCLEIC_REAL_BASH (or
// /usr/bin/bash.real), else the first bash on PATH that is not this
// program. It returns "" when there is none, so nash never execs itself.
func realBash() string {
	self, _ := os.Executable()
	selfInfo, _ := os.Stat("/proc/self/exe")
	isSelf := func(p string) bool {
		fi, err := os.Stat(p)
		if err != nil {
			return true
		}
		if selfInfo != nil && os.SameFile(fi, selfInfo) {
			return true
		}
		if self != "" {
			if si, err := os.Stat(self); err == nil && os.SameFile(fi, si) {
				return true
			}
		}
		return fi.IsDir() || fi.Mode()&0o111 == 0
	}
	cand := os.Getenv("NUCLEIC_REAL_BASH")
	if cand == "" {
		cand = "/usr/bin/bash.real"
	}
	if !isSelf(cand) {
		return cand
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, "bash")
		if !isSelf(p) {
			return p
		}
	}
	for _, p := range []string{"/usr/bin/bash", "/bin/bash"} {
		if !isSelf(p) {
			return p
		}
	}
	return ""
}

// execRealBash replaces this process with the real bash rb (as found by
// realBash), same argv (argv[0] kept so bash names itself as we were
// invoked). r is the shell made so far, nil before there is one. It
// returns only on failure.
func execRealBash(r *interp.Runner, rb string, argv []string, env []string) error {
	if rb == "" {
		return os.ErrNotExist
	}
	env = setEnv(env, "NUCLEIC_NASH_FELLBACK", "1")
	// bash must inherit what this process did: the ignores the runtime
	// replaced with its handlers would reach it at the default, and the
	// shell's own ignores (SIGQUIT) would reach it ignored
	undo := entrysig.Reinstate()
	dfl := func() {}
	if r != nil {
		dfl = r.SignalsForExec()
	}
	reopen := entrysig.CloseStdForExec()
	err := syscall.Exec(rb, argv, env)
	reopen()
	dfl()
	undo()
	return err
}

func setEnv(env []string, k, v string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if strings.HasPrefix(kv, k+"=") {
			continue
		}
		out = append(out, kv)
	}
	return append(out, k+"="+v)
}
