// Package entrysig records the signal dispositions the process was started
// with, before the Go runtime replaces them.
//
// The runtime installs its own handler for nearly every signal before any
// Go code runs, keeping an inherited SIG_IGN only for SIGHUP and SIGINT. A
// shell must know them all: bash lists the signals ignored at entry in
// trap -p, refuses to trap them, and its children inherit them ignored
// (a parent ignoring SIGPIPE makes `yes | head -1` end with "Broken pipe"
// and status 1 instead of dying of SIGPIPE). When the binary is linked
// with `-ldflags=-E=nash/internal/entrysig.entry` (the Makefile does), the
// process starts in this package's entry, which queries every signal's
// disposition with raw system calls and then jumps to the runtime's own
// entry point. Without that flag nothing is recorded and Known reports
// false.
//
// On amd64 the entry also runs internal/execstage's fast stages (a
// background program started with some signals ignored) before the
// runtime starts, which saves each such start the runtime's few
// milliseconds; elsewhere the stage's Go initialiser runs them.
//
// Before the runtime starts, entry also prepares the process for a fast
// start (measured on the 2-core VM nash is benchmarked on, where a page
// fault costs 10 to 17 µs and a start of `nash -c true` took some 250):
//   - it maps the whole text and read-only data in with one
//     madvise(MADV_POPULATE_READ) each. Start-up code is spread over
//     the 3 MB of text and the kernel maps a file 64 KiB per fault, so a
//     start faulted some 45 times there to map most of it anyway; one
//     call maps it all for about 0.1 ms. An old kernel refuses the
//     advice and the pages fault in as before.
//   - it sets runtime.MemProfileRate to 0, which the runtime does
//     itself once it has initialised (nothing in nash reads a memory
//     profile, so the linker marks profiling disabled) but only after
//     its first allocation, which it samples: a stack walk over the
//     pclntab and a 1.4 MB profile table, six faults more.
package entrysig

// sigaction is the kernel's struct sigaction on amd64 and arm64, as
// rt_sigaction(2) writes it.
type sigaction struct {
	handler  uintptr
	flags    uint64
	restorer uintptr
	mask     uint64
}

// nsig is one more than the highest signal number, 64 on Linux.
const nsig = 65

// acts and captured are written by entry, before the runtime starts and
// so before any goroutine exists; after that they are only read.
var (
	acts     [nsig]sigaction
	captured uintptr
	// closedFds has bit n set when fd n (0 to 2) was closed at entry
	closedFds uintptr
)

// sigIgn is SIG_IGN.
const sigIgn = 1

// Known reports whether the dispositions at entry were recorded, that is
// whether the binary was linked with this package's entry point.
func Known() bool { return captured != 0 }

// ClosedAtEntry reports whether standard descriptor fd (0, 1 or 2) was
// closed when the process started. The Go runtime opens /dev/null on such
// a descriptor before any Go code runs (so that a file the program opens
// does not land there), which would hide from a shell started with
// `>&-` that its output is closed: bash's echo then fails with "Bad file
// descriptor" and its programs start without the descriptor. It reports
// false when nothing was recorded (see Known).
func ClosedAtEntry(fd int) bool {
	return captured != 0 && fd >= 0 && fd <= 2 && closedFds&(1<<fd) != 0
}

// Ignored reports whether sig was ignored (SIG_IGN) when the process
// started. It reports false when nothing was recorded (see Known).
func Ignored(sig int) bool {
	if sig <= 0 || sig >= nsig || captured == 0 {
		return false
	}
	return acts[sig].handler == sigIgn
}
