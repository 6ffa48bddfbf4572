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
)

// Signals whose default action terminates a process but which the Go
// runtime would otherwise swallow (it installs a handler for every
// signal and ignores these unless notified). A shell must die from them
// as bash does (kill -USR1 $$ ends bash with status 138), so the process
// keeps their kernel default until a trap asks for them.
var dflSignals = []syscall.Signal{
	syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGALRM, syscall.SIGIO,
	syscall.SIGPWR, syscall.SIGSTKFLT, syscall.SIGVTALRM, syscall.SIGXCPU,
	syscall.SIGXFSZ,
}

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
// is written once, by DefaultSignals.
var (
	dflOnce    sync.Once
	goHandlers = map[syscall.Signal]kernelSigaction{}
	dflMu      sync.Mutex
)

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
	for sig := syscall.Signal(1); sig < 32; sig++ {
		if signal.Ignored(sig) {
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
// started (per sigIgnEnv), which stay ignored as in bash. cmd/nash calls
// it once at startup.
func DefaultSignals() {
	dflOnce.Do(func() {
		inherited := map[syscall.Signal]bool{}
		for _, f := range strings.Split(os.Getenv(sigIgnEnv), ",") {
			if n, err := strconv.Atoi(f); err == nil {
				inherited[syscall.Signal(n)] = true
			}
		}
		for sig := range inherited {
			if sig > 0 && sig < 32 && sig != syscall.SIGKILL && sig != syscall.SIGSTOP {
				signal.Ignore(sig)
				hardIgnored[sig] = true
			}
		}
		for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT} {
			// the runtime keeps these two ignored when they were
			if signal.Ignored(sig) {
				hardIgnored[sig] = true
			}
		}
		for _, sig := range dflSignals {
			if inherited[sig] {
				continue
			}
			if signal.Ignored(sig) {
				continue
			}
			var old kernelSigaction
			dfl := kernelSigaction{}
			if rtSigaction(sig, &dfl, &old) == nil {
				goHandlers[sig] = old
			}
		}
	})
}

// restoreGoHandler puts the runtime's handler back before a trap is
// installed with os/signal (which would not reinstall it).
func restoreGoHandler(sig syscall.Signal) {
	dflMu.Lock()
	defer dflMu.Unlock()
	if old, ok := goHandlers[sig]; ok {
		rtSigaction(sig, &old, nil)
	}
}

// backToDefault returns a signal to the kernel default after its trap is
// removed (trap - SIG).
func backToDefault(sig syscall.Signal) bool {
	dflMu.Lock()
	defer dflMu.Unlock()
	if _, ok := goHandlers[sig]; !ok {
		return false
	}
	dfl := kernelSigaction{}
	rtSigaction(sig, &dfl, nil)
	return true
}

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
