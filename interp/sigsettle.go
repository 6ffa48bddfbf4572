package interp

import (
	"bytes"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"
	"unsafe"
)

// A signal reaches signalState in three steps: the runtime's handler
// queues it (synchronously, in the thread the kernel picked), the
// os/signal goroutine passes it to s.ch, and recordLoop records it in
// pending. The last two are goroutines that may not have run yet when a
// foreground child's wait returns, although the signal arrived before
// the child ended (a keyboard SIGINT reaches the shell and the child at
// once). bash's handler sets a flag before its waitpid returns, so the
// trap runs before the next command; settle gives nash the same order.

// settle returns once every signal the runtime had received when it was
// called is recorded in pending. It is cheap when nothing is in flight:
// two lock round trips in os/signal and one to recordLoop. killedBy is
// the signal the child died by, or 0.
func (s *signalState) settle(killedBy syscall.Signal) {
	probe := s.anyWatched()
	if probe == 0 {
		return
	}
	takePending()
	// A signal sent to the process group (a keyboard's) can kill the
	// child in the kernel before the shell's thread that is to run the
	// handler got the CPU: it is still pending for the process then. (A
	// child that handles it runs code first; reading /proc costs tens of
	// microseconds, not spent after every program.)
	for deadline := time.Now().Add(kernelPendingMax); killedBy != 0 && s.kernelPending() && time.Now().Before(deadline); {
		time.Sleep(20 * time.Microsecond)
	}
	s.drain(probe)
	// A thread that took the signal from the kernel but was descheduled
	// inside the runtime's handler, before it queued it, escapes both
	// checks above (seen on a loaded machine: a group SIGINT killed the
	// child and the INT trap never ran). A child killed by a keyboard
	// signal the shell traps was most likely sent it with the shell, by
	// the terminal: wait for it a little longer. (Not for any signal: a
	// child that kills itself with a TERM the shell traps would cost
	// each run 200 ms.)
	if (killedBy == syscall.SIGINT || killedBy == syscall.SIGQUIT) && s.isCaught(killedBy) {
		s.awaitSelf(killedBy)
	}
}

// takePending has the kernel deliver to the calling thread, now, a
// signal it holds for the process: one sent to the shell's group (a
// keyboard's SIGINT, also when the child handled it and exited) is
// queued for a thread the kernel woke, which on a loaded machine may not
// run before the shell has gone on, even out of the script. Changing
// the thread's mask makes the kernel look at the process's pending
// signals for this thread as the call returns; the bit changed is
// SIGRTMAX, which nothing uses, and it is put back at once.
func takePending() {
	var set [1]uint64
	set[0] = 1 << (sigRTMax - 1)
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 0 /* SIG_BLOCK */, uintptr(unsafe.Pointer(&set[0])), 0, 8, 0, 0)
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, 1 /* SIG_UNBLOCK */, uintptr(unsafe.Pointer(&set[0])), 0, 8, 0, 0)
}

// settleLate is settle's last look, as the shell is about to leave (set
// -e, exit, the end of the script). A thread that took the signal from
// the kernel and was then descheduled before the runtime's handler
// queued it (the kernel may switch tasks once it has set up the
// handler's frame) escapes settle: seen once in a hundred runs on a
// loaded machine, for a child that sent its shell a TERM and ended at
// once. That thread is runnable, where the shell's others mostly sleep,
// so while one is, yield to it, then take what it queued. Too costly
// after every command (each thread's state is a /proc read), a signal
// missed there runs its trap a command late; missed here, it would run
// never. It reports whether it looked.
func (r *Runner) settleLate() bool {
	s := r.sh.sigs
	if s == nil || r.isSub {
		return false
	}
	return s.yieldToHandlers()
}

// yieldToHandlers is settleLate's look at the shell's other threads: while
// one is runnable, yield, then take what the runtime queued. It reports
// whether it looked (a signal is caught and another thread was runnable).
func (s *signalState) yieldToHandlers() bool {
	probe := s.anyWatched()
	if probe == 0 || !othersRunnable() {
		return false
	}
	for deadline := time.Now().Add(inHandlerMax); othersRunnable() && time.Now().Before(deadline); {
		syscall.RawSyscall(syscall.SYS_SCHED_YIELD, 0, 0, 0)
	}
	s.drain(probe)
	return true
}

// drain returns once every signal the runtime has queued is recorded in
// pending. Stop waits until the os/signal goroutine has delivered all
// the signals the runtime queued (signalWaitUntilIdle); the probe
// channel is subscribed to probe, a signal s.ch already has, so neither
// call changes the signal's disposition, and being unbuffered it never
// holds one. Then recordLoop moves what s.ch holds to pending.
func (s *signalState) drain(probe syscall.Signal) {
	signal.Notify(s.probe, probe)
	signal.Stop(s.probe)
	done := make(chan struct{})
	s.flush <- done
	<-done
}

// inHandlerMax bounds settleLate's wait for the shell's other threads.
const inHandlerMax = 5 * time.Millisecond

// othersRunnable reports whether a thread of the process other than the
// caller's is runnable (state R in /proc/self/task/TID/stat).
func othersRunnable() bool {
	names, _ := rawDirNames("/proc/self/task")
	self := strconv.Itoa(syscall.Gettid())
	for _, tid := range names {
		if tid == self || tid[0] == '.' {
			continue // (.. would be the process's stat)
		}
		b, err := readFileRaw("/proc/self/task/" + tid + "/stat")
		if err != nil {
			continue
		}
		// the state follows the command name, which may hold ") "
		if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) && b[i+2] == 'R' {
			return true
		}
	}
	return false
}

// sigRTMax is Linux's SIGRTMAX.
const sigRTMax = 64

// kernelPendingMax bounds the wait for a signal the kernel holds for the shell.
const kernelPendingMax = 200 * time.Millisecond

// kernelPending reports whether a signal s.ch watches is pending for the
// process as a whole (ShdPnd in /proc/self/status): sent, but no thread
// has taken it yet.
func (s *signalState) kernelPending() bool {
	b, err := readFileRaw("/proc/self/status")
	if err != nil {
		return false
	}
	i := bytes.Index(b, []byte("\nShdPnd:"))
	if i < 0 {
		return false
	}
	f := bytes.Fields(b[i+len("\nShdPnd:"):])
	if len(f) == 0 {
		return false
	}
	mask, err := strconv.ParseUint(string(f[0]), 16, 64)
	if err != nil || mask == 0 {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for sig := range s.caught {
		if mask&(1<<(uint(sig)-1)) != 0 {
			return true
		}
	}
	for sig := range s.term {
		if mask&(1<<(uint(sig)-1)) != 0 {
			return true
		}
	}
	return false
}

// anyWatched returns one of the signals s.ch is subscribed to, or 0.
func (s *signalState) anyWatched() syscall.Signal {
	s.mu.Lock()
	defer s.mu.Unlock()
	for sig := range s.caught {
		return sig
	}
	for sig := range s.term {
		return sig
	}
	return 0
}

// recordLoop records the signals s.ch receives as pending, and on a
// flush request everything s.ch holds before answering it.
func (s *signalState) recordLoop() {
	for {
		select {
		case sg := <-s.ch:
			s.record(sg)
		case done := <-s.flush:
			for drained := false; !drained; {
				select {
				case sg := <-s.ch:
					s.record(sg)
				default:
					drained = true
				}
			}
			close(done)
		}
	}
}

// record marks sg pending and wakes whoever waits for a signal.
func (s *signalState) record(sg os.Signal) {
	n := signalName(int(sg.(syscall.Signal)))
	s.mu.Lock()
	s.pending[n] = true
	s.mu.Unlock()
	select {
	case s.arrived <- struct{}{}:
	default:
	}
}
