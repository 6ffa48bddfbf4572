package interp

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// forwardedSignals are the signals a nash running a background pipeline
// passes on to the pipeline's last program: those whose default action
// ends a process and that a script sends with kill. SIGINT and SIGQUIT
// are not among them (bash's asynchronous children ignore them), nor
// SIGPIPE (the runtime's own write errors depend on it).
var forwardedSignals = []os.Signal{
	syscall.SIGHUP, syscall.SIGTERM, syscall.SIGUSR1, syscall.SIGUSR2,
	syscall.SIGALRM, syscall.SIGVTALRM, syscall.SIGPWR, syscall.SIGSTKFLT,
}

// forwardToProgram makes signals sent to this process, a nash started to
// run a background pipeline (bgproc.go), go to the program last, the
// pipeline's last stage, runs: bash's $! for `a | b &` is b's pid, so
// `kill $!` ends b alone, where it ended this nash and left b running.
// A signal that arrives before the program starts, or when the stage
// runs none itself (a function, a compound command: bash's element is a
// subshell then), ends this process as before. The returned func, called
// once the stage is done, stops forwarding; the process goes on to wait
// for the other stages, as bash's wait for b waits for b's whole job,
// and ends as the pipeline did.
func (last *Runner) forwardToProgram() (done func()) {
	var sigs []os.Signal
	for _, s := range forwardedSignals {
		if !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	var pid atomic.Int64
	spawned := last.onSpawn
	last.onSpawn = func(p int) {
		if last.ownsStageProcess() {
			pid.CompareAndSwap(0, int64(p))
		}
		if spawned != nil {
			spawned(p)
		}
	}
	ch := make(chan os.Signal, len(sigs))
	stop := make(chan struct{})
	signal.Notify(ch, sigs...)
	go func() {
		for {
			select {
			case s := <-ch:
				sig := s.(syscall.Signal)
				if p := pid.Load(); p > 0 && syscall.Kill(int(p), sig) == nil {
					continue
				}
				dieBySignal(sig)
			case <-stop:
				return
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(stop)
	}
}
