package interp

import (
	"os"
	"os/signal"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unsafe"

	"nash/internal/entrysig"
)

// What os/signal cannot match (checked against bash 5.2 for every
// signal kill -l lists): a trap on SIGPROF never runs (the runtime keeps
// SIGPROF for its profiler and never forwards it) and one on SIGRTMIN
// does not stop it killing the shell (the runtime forwards SIGRTMIN to
// the default); trap '' on SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSTKFLT,
// SIGSYS, SIGSEGV or SIGCHLD, or an ignore inherited on SIGPROF too, does
// not reach the commands the shell runs (the runtime resets them in the
// child after fork, and the last three are not ignored in the shell
// itself: see kernelIgnorable; nash children learn it via sigIgnEnv);
// SIGSEGV, SIGBUS and SIGFPE sent by another process meet the runtime's
// handler (a traceback, status 2).

// Signals whose default action terminates a process but which the Go
// runtime would otherwise swallow (it installs a handler for every
// signal and ignores, or dumps a traceback on, these unless notified). A
// shell must die from them as bash does (kill -USR1 $$ ends bash with
// status 138), so the process keeps their kernel default until a trap
// asks for them. SIGPROF is added by DefaultSignals (unless a CPU profile
// is being written) and the real-time signals SIGRTMIN+1..SIGRTMAX too.
// SIGSEGV, SIGBUS and SIGFPE stay with the runtime, which turns genuine
// faults into panics; SIGQUIT is ignored by the shell (at the kernel,
// see DefaultSignals).
//
// SIGTERM and SIGHUP are here too, though the runtime would end the
// process for them: it does so from its handler, on whichever thread
// took the signal, while the others run on, so a shell that was about to
// finish (a background kill $$ as the script's last command waits, a
// child's kill $PPID as it ends) could exit 0 first. At the kernel
// default the process dies when the signal is sent.
var dflSignals = []syscall.Signal{
	syscall.SIGTERM, syscall.SIGHUP, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGALRM, syscall.SIGIO,
	syscall.SIGPWR, syscall.SIGSTKFLT, syscall.SIGVTALRM, syscall.SIGXCPU,
	syscall.SIGXFSZ, syscall.SIGILL, syscall.SIGTRAP, syscall.SIGABRT,
	syscall.SIGSYS,
}

// sigRTMIN is the first real-time signal as bash's kill -l numbers them
// (glibc reserves 32 and 33; Go uses 33 itself and leaves 34 untouched).
const (
	sigRTMIN = syscall.Signal(34)
	sigRTMAX = syscall.Signal(64)
)

// kernelSigaction is the kernel's struct sigaction on amd64 and arm64.
type kernelSigaction struct {
	handler  uintptr
	flags    uint64
	restorer uintptr
	mask     uint64
}

// hardIgnored holds the signals ignored when the shell started: a
// non-interactive bash lists them as ignored traps and refuses to trap
// or reset them. Written once, by DefaultSignals.
var hardIgnored = map[syscall.Signal]bool{}

// goHandlers keeps the runtime's own sigaction for each signal reset to
// default, to put back when a trap is set. It describes the process and
// is written once, by DefaultSignals. An array, not a map: filling a map
// of 44 entries at every shell start allocated a table four times.
var (
	dflOnce    sync.Once
	goHandlers [sigRTMAX + 1]savedHandler
	dflMu      sync.Mutex
)

// savedHandler is a goHandlers entry; ok marks the signals managed here.
type savedHandler struct {
	act kernelSigaction
	ok  bool
}

// goHandler returns the runtime's saved sigaction for sig; ok is false
// for a signal DefaultSignals left alone.
func goHandler(sig syscall.Signal) (kernelSigaction, bool) {
	if sig < 0 || int(sig) >= len(goHandlers) {
		return kernelSigaction{}, false
	}
	h := goHandlers[sig]
	return h.act, h.ok
}

func rtSigaction(sig syscall.Signal, act, old *kernelSigaction) error {
	_, _, e := syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig),
		uintptr(unsafe.Pointer(act)), uintptr(unsafe.Pointer(old)), 8, 0, 0)
	if e != 0 {
		return e
	}
	return nil
}

// sigIgnEnv carries, from a nash to the nash it starts, which of these
// signals were ignored at exec: the Go runtime replaces an inherited
// SIG_IGN with its own handler before main, so a child nash cannot see it.
const sigIgnEnv = "NUCLEIC_NASH_SIGIGN"

// ignoredDflSignals lists (comma-separated numbers) the standard signals
// that this process ignores, for sigIgnEnv.
func ignoredDflSignals() string {
	var b []byte
	for sig := syscall.Signal(1); sig <= sigRTMAX; sig++ {
		if sig == 32 || sig == 33 {
			sig = sigRTMIN // reserved by libc and the runtime
		}
		if signal.Ignored(sig) || hardIgnored[sig] || sig == sigRTMIN && kernelIgnores(sig) {
			if len(b) > 0 {
				b = append(b, ',')
			}
			b = append(b, itoa(int64(sig))...)
		}
	}
	return string(b)
}

// DefaultSignals gives the process the kernel's default action for the
// terminating signals listed above, except those ignored when the shell
// started (per entrysig, or per sigIgnEnv where entrysig recorded nothing
// or the kernel cannot pass the ignore on), which stay ignored as in
// bash. cmd/nash calls it once at startup.
func DefaultSignals() {
	dflOnce.Do(func() {
		signalsOwned = true
		inherited := map[syscall.Signal]bool{}
		for _, f := range strings.Split(os.Getenv(sigIgnEnv), ",") {
			n, err := strconv.Atoi(f)
			// with the dispositions at entry known, the kernel's word
			// stands for every signal it can pass on ignored: the
			// variable may have come through a program that gave the
			// signal back its default (env --default-signal, or
			// timeout, which catches the signal it sends) before it
			// ran this nash
			if err == nil && (!entrysig.Known() || !kernelIgnorable(syscall.Signal(n))) {
				inherited[syscall.Signal(n)] = true
			}
		}
		// what the process really inherited, recorded before the
		// runtime took the signals over (when linked for it)
		for sig := syscall.Signal(1); sig <= sigRTMAX; sig++ {
			if entrysig.Ignored(int(sig)) && (sig < 32 || sig >= sigRTMIN) {
				inherited[sig] = true
			}
		}
		profiling := os.Getenv("NASH_CPUPROFILE") != ""
		for sig := range inherited {
			if sig <= 0 || sig > sigRTMAX || sig == syscall.SIGKILL || sig == syscall.SIGSTOP {
				continue
			}
			hardIgnored[sig] = true
			if !kernelIgnorable(sig) || sig == syscall.SIGPROF && profiling {
				continue
			}
			signal.Ignore(sig)
			if !kernelIgnores(sig) {
				// os/signal leaves the runtime's handler on the signals
				// it does not notify (SIGILL, SIGSYS…); children inherit
				// only a kernel SIG_IGN
				var old kernelSigaction
				ign := kernelSigaction{handler: 1} // SIG_IGN
				if rtSigaction(sig, &ign, &old) == nil {
					goHandlers[sig] = savedHandler{old, true}
				}
			}
		}
		for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT} {
			// the runtime keeps these two ignored when they were
			if signal.Ignored(sig) {
				hardIgnored[sig] = true
			}
		}
		sigs := dflSignals
		if !profiling {
			sigs = append(sigs[:len(sigs):len(sigs)], syscall.SIGPROF)
		}
		for sig := sigRTMIN + 1; sig <= sigRTMAX; sig++ {
			sigs = append(sigs, sig)
		}
		for _, sig := range sigs {
			if inherited[sig] || signal.Ignored(sig) {
				continue
			}
			var old kernelSigaction
			dfl := kernelSigaction{}
			if rtSigaction(sig, &dfl, &old) == nil {
				goHandlers[sig] = savedHandler{old, true}
			}
		}
		// a shell ignores SIGQUIT (bash's initialize_shell_signals);
		// the runtime's handler would dump its goroutines and exit 2.
		// The runtime still counts the signal as handled, so a child
		// starts with the default action, as bash's do.
		if !inherited[syscall.SIGQUIT] && !signal.Ignored(syscall.SIGQUIT) {
			var old kernelSigaction
			ign := kernelSigaction{handler: 1} // SIG_IGN
			if rtSigaction(syscall.SIGQUIT, &ign, &old) == nil {
				goHandlers[syscall.SIGQUIT] = savedHandler{old, true}
			}
		}
		// SIGRTMIN has no runtime handler and os/signal cannot give it
		// one (the runtime leaves it to libc and forwards it to the
		// default), so it cannot be trapped; ignoring and resetting it
		// are managed here like the others.
		goHandlers[sigRTMIN] = savedHandler{ok: true}
	})
}

// signalsOwned records that DefaultSignals ran: the process is a shell
// and its signal handling is the shell's (fgInt may subscribe SIGINT).
// Written once, at startup.
var signalsOwned bool

// ownsSignals reports whether DefaultSignals ran.
func ownsSignals() bool { return signalsOwned }

// restoreGoHandler puts the runtime's handler back before a trap is
// installed with os/signal (which would not reinstall it).
func restoreGoHandler(sig syscall.Signal) {
	dflMu.Lock()
	defer dflMu.Unlock()
	if old, ok := goHandler(sig); ok {
		rtSigaction(sig, &old, nil)
	}
}

// ignoreForExec makes the kernel ignore sigs for an execve in the
// shell's place, and returns the function that puts their actions back,
// for when it fails.
func ignoreForExec(sigs []int) (undo func()) {
	dflMu.Lock()
	defer dflMu.Unlock()
	old := make([]kernelSigaction, len(sigs))
	done := make([]bool, len(sigs))
	ign := kernelSigaction{handler: 1} // SIG_IGN
	for i, sig := range sigs {
		done[i] = rtSigaction(syscall.Signal(sig), &ign, &old[i]) == nil
	}
	return func() {
		dflMu.Lock()
		defer dflMu.Unlock()
		for i, sig := range sigs {
			if done[i] {
				rtSigaction(syscall.Signal(sig), &old[i], nil)
			}
		}
	}
}

// defaultRaw gives sig the kernel's default action.
func defaultRaw(sig syscall.Signal) {
	dflMu.Lock()
	defer dflMu.Unlock()
	rtSigaction(sig, &kernelSigaction{}, nil)
}

// ignoreRaw makes the kernel ignore sig, for the signals managed here:
// signal.Ignore leaves those the runtime does not notify (SIGILL,
// SIGSTKFLT, SIGRTMIN…) at their default or the runtime's handler, so
// the shell would die or its children would not inherit the ignore.
func ignoreRaw(sig syscall.Signal) {
	dflMu.Lock()
	defer dflMu.Unlock()
	if _, ok := goHandler(sig); ok {
		ign := kernelSigaction{handler: 1} // SIG_IGN
		rtSigaction(sig, &ign, nil)
	}
}

// userFaults are the signals the runtime keeps for itself (genuine
// faults become panics, SIGQUIT dumps goroutines) and that a kill from
// the shell to itself must not reach it with: untrapped, the shell dies
// by the first three (dieBySignal) and ignores SIGQUIT, as bash does.
// Subscribing to them at startup costs a signal thread (~0.4 ms a run),
// so a SIGSEGV, SIGBUS or SIGFPE sent by another process still meets the
// runtime's handler (SIGQUIT is ignored at the kernel: DefaultSignals).
var userFaults = []syscall.Signal{syscall.SIGQUIT, syscall.SIGSEGV, syscall.SIGBUS, syscall.SIGFPE}

// isUserFault reports whether sig is one of userFaults.
func isUserFault(sig syscall.Signal) bool {
	for _, sg := range userFaults {
		if sg == sig {
			return true
		}
	}
	return false
}

// kernelIgnorable reports whether the shell may ignore sig at the kernel
// for an empty trap or an inherited SIG_IGN. Not SIGCHLD: with it ignored the
// kernel reaps children itself and every wait for a command fails (bash
// keeps its own handler too), so the ignore is only recorded, as it is
// for the faults the runtime turns into panics (os/signal does not
// ignore those).
func kernelIgnorable(sig syscall.Signal) bool {
	switch sig {
	case syscall.SIGCHLD, syscall.SIGSEGV, syscall.SIGBUS, syscall.SIGFPE:
		return false
	}
	return true
}

// kernelIgnores reports whether the kernel disposition of sig is SIG_IGN
// (SIGRTMIN is not known to os/signal).
func kernelIgnores(sig syscall.Signal) bool {
	var h kernelSigaction
	return rtSigaction(sig, nil, &h) == nil && h.handler == 1
}

// backToDefault returns a signal to the kernel default after its trap is
// removed (trap - SIG).
func backToDefault(sig syscall.Signal) bool {
	dflMu.Lock()
	defer dflMu.Unlock()
	if _, ok := goHandler(sig); !ok {
		return false
	}
	dfl := kernelSigaction{}
	if sig == syscall.SIGQUIT || sig == syscall.SIGTERM && interactiveSigs.Load() {
		dfl.handler = 1 // the shell's own disposition: ignored
	}
	rtSigaction(sig, &dfl, nil)
	return true
}

// DieBySignal ends the process by sig at the kernel's default action (see
// Runner.KilledBy); it returns when sig was ignored at startup.
func DieBySignal(sig syscall.Signal) { dieBySignal(sig) }

// dieBySignal ends the process by sig at the kernel's default action,
// unless sig was ignored at startup.
func dieBySignal(sig syscall.Signal) {
	if hardIgnored[sig] {
		return
	}
	dflMu.Lock()
	dfl := kernelSigaction{}
	rtSigaction(sig, &dfl, nil)
	dflMu.Unlock()
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(100 * time.Millisecond)
}

var _ = os.Getpid
