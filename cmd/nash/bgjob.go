package main

import (
	"fmt"
	"os"

	"nash/interp"
)

// selfExe starts this nash again for asynchronous commands: the link
// names the running binary even when its file was replaced.
const selfExe = "/proc/self/exe"

// runBgJob is the whole of a nash started to run one asynchronous
// command of another (interp.BackgroundProcesses): it returns the exit
// status.
func runBgJob(argv []string, data []byte, err error) int {
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", shellName(argv[0]), err)
		return 2
	}
	extra := interp.InheritedFiles()
	interp.DefaultSignals()
	sess := startObservation(argv)
	defer sess.close()
	opts := []interp.Option{
		interp.ExtraFiles(extra),
		interp.Version(version),
		interp.OnExec(sess.flush),
		interp.RealBash(realBash),
		interp.BackgroundProcesses(selfExe, argv),
	}
	if g := sess.gate(); g != nil {
		opts = append(opts, interp.WithGate(g))
	}
	if o := stdClosedOption(); o != nil {
		opts = append(opts, o)
	}
	// the job is a shell of its own to the observer: the shells it
	// starts name it as their parent
	setup := func(r *interp.Runner) {
		if id := sess.shellID(); id != "" {
			r.SetVar("NUCLEIC_NASH_SHELL_ID", id, true)
		}
	}
	st, sig, err := interp.RunBgJob(data, setup, opts...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", shellName(argv[0]), err)
		return 2
	}
	killedBy = sig
	return st
}
