package interp

import (
	"os/signal"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
)

// subshellIgnored lists the signals that a subshell's empty trap action
// (its own or inherited) ignores and this process does not: a subshell runs
// in this process, so its programs must be started ignoring them. The
// shell's own ignore of SIGQUIT does not count: its programs get SIGQUIT
// back at its default (see signalsForExec).
func (r *Runner) subshellIgnored() []int {
	if !r.isSub || r.traps == nil {
		return nil
	}
	var out []int
	for name, action := range r.traps.m {
		if action != "" {
			continue
		}
		_, num, ok := parseSignal(name, false)
		sig := syscall.Signal(num)
		if !ok || num <= 0 || sig == syscall.SIGKILL || sig == syscall.SIGSTOP || kernelIgnores(sig) && !r.shellOwnQuit(sig) {
			continue
		}
		out = append(out, num)
	}
	sort.Ints(out)
	return out
}

// subshellDefaults lists the signals this process ignores (by an empty
// trap of the shell the subshell r runs in) that r does not: its own
// trap - or a trap with a command took them back, and bash's forked
// subshell would start its programs with them at their default, where
// a plain spawn passes this process's SIG_IGN on. Signals ignored when
// the shell started stay ignored, as in bash, and so do those of ign and
// those an asynchronous command ignores.
func (r *Runner) subshellDefaults(ign []int) []int {
	if !r.isSub {
		return nil
	}
	var out []int
	for sig := syscall.Signal(1); sig < 32; sig++ {
		if signal.Ignored(sig) && !hardIgnored[sig] && !r.trapIgnores(sig) && !slices.Contains(ign, int(sig)) {
			out = append(out, int(sig))
		}
	}
	if len(out) > 0 {
		async := r.asyncIgnored()
		out = slices.DeleteFunc(out, func(s int) bool { return slices.Contains(async, syscall.Signal(s)) })
	}
	return out
}

// withSigIgn is env with add added to sigIgnEnv and drop removed from it,
// for a nash that the program may be: its runtime hides an inherited
// SIG_IGN from it.
func withSigIgn(env []string, add, drop []int) []string {
	prefix := sigIgnEnv + "="
	var list []string
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if strings.HasPrefix(kv, prefix) {
			for _, f := range strings.Split(kv[len(prefix):], ",") {
				if n, err := strconv.Atoi(f); err != nil || !slices.Contains(drop, n) {
					list = append(list, f)
				}
			}
			continue
		}
		out = append(out, kv)
	}
	for _, s := range add {
		list = append(list, itoa(int64(s)))
	}
	return append(out, prefix+strings.Join(list, ","))
}

// stagedIgnored is what the stage for a program ignores: ign and what
// this process ignores, but SIGQUIT, which the shell ignores only for
// itself unless an empty trap ignores it or it was ignored at entry (see
// signalsForExec).
func (r *Runner) stagedIgnored(ign, dfl []int) []int {
	out := append([]int(nil), ign...)
	ownQuit := r.shellOwnQuit(syscall.SIGQUIT) && !r.trapIgnores(syscall.SIGQUIT)
	for _, s := range ignoredSignals() {
		if (s != int(syscall.SIGQUIT) || !ownQuit) && !slices.Contains(out, s) && !slices.Contains(dfl, s) {
			out = append(out, s)
		}
	}
	return out
}

// shellOwnQuit reports whether sig is SIGQUIT as the shell ignores it for
// itself alone (not ignored at entry): its programs start with it at
// its default unless they are to ignore it.
func (r *Runner) shellOwnQuit(sig syscall.Signal) bool {
	if sig != syscall.SIGQUIT || hardIgnored[syscall.SIGQUIT] {
		return false
	}
	_, own := goHandler(syscall.SIGQUIT)
	return own
}
