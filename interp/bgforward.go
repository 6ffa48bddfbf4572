package interp

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"
)

// forwardToProgram makes signals sent to this process, a nash started to
// run a background pipeline (bgproc.go), go to the program last, the
// pipeline's last stage, runs: bash's $! for `a | b &` is b's pid, so
// `kill $!` ends b alone, where it ended this nash and left b running.
// A signal that arrives before the program starts, or when the stage
// runs none itself (a function, a compound command: bash's element is a
// subshell then), ends this process as before. The returned func, called
// once the stage is done, stops forwarding; the process goes on to wait
// for the other stages, as bash's wait for b waits for b's whole job,
// and ends as the pipeline did. The job of a background program whose
// redirection opens a fifo runs so too (forwardToCommand).
func (last *Runner) forwardToProgram() (done func()) {
	return last.forwardTo(last.ownsStageProcess)
}

// forwardToCommand is forwardToProgram for a nash started to run a
// background simple command (wantsBgProcess): the program it starts is
// the one signals go to.
func (r *Runner) forwardToCommand() (done func()) {
	return r.forwardTo(func() bool { return true })
}

// forwardTo passes the signals to the program last starts while mine
// reports true.
func (last *Runner) forwardTo(mine func() bool) (done func()) {
	// bash's terminating signals, but SIGINT: its asynchronous
	// children ignore it (dropSignal)
	var sigs []os.Signal
	for _, s := range termSignals {
		if s != syscall.SIGINT && !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	var pid atomic.Int64
	spawned := last.onSpawn
	last.onSpawn = func(p int) {
		if mine() {
			pid.CompareAndSwap(0, int64(p))
		}
		if spawned != nil {
			spawned(p)
		}
	}
	ch := make(chan os.Signal, len(sigs))
	stop := make(chan struct{})
	var inPlace atomic.Bool
	last.beforeInPlace = func() func() {
		// a signal from now on ends the process before the exec, as
		// it would end bash's child, or reaches the program after it;
		// one the runtime took just before is the forwarder's to act
		// on (at once, with inPlace set) before the execve discards it
		inPlace.Store(true)
		for _, s := range sigs {
			backToDefault(s.(syscall.Signal))
		}
		time.Sleep(2 * time.Millisecond)
		return func() {
			for _, s := range sigs {
				restoreGoHandler(s.(syscall.Signal))
			}
			inPlace.Store(false)
		}
	}
	for _, s := range sigs {
		// the runtime's handler, which Notify needs, in place of the
		// kernel default DefaultSignals gave the signal
		restoreGoHandler(s.(syscall.Signal))
	}
	signal.Notify(ch, sigs...)
	go func() {
		for {
			select {
			case s := <-ch:
				sig := s.(syscall.Signal)
				// a program being started has no pid yet: give it a
				// moment (bash's child is the program already); one
				// about to take this process's place will not have one
				for i := 0; i < 100 && pid.Load() == 0 && !inPlace.Load(); i++ {
					time.Sleep(time.Millisecond)
				}
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
		last.beforeInPlace = nil
		signal.Stop(ch)
		close(stop)
		for _, s := range sigs {
			if sig := s.(syscall.Signal); !last.catches(sig) {
				backToDefault(sig)
			}
		}
	}
}
