// Package execstage replaces the process with a program after moving its
// file descriptors into place, also when a target number is one the Go
// runtime itself uses.
//
// The exec builtin hands a program the shell's fd table: fd i of the
// program is whatever the redirections left at i. Moving descriptors in
// a running Go process is unsafe when a target is the runtime's epoll or
// eventfd descriptor: a thread that polls between the move and the
// execve finds a regular file there and aborts the process ("epollwait
// on fd 4 failed"). Exec instead makes the sources inheritable where they
// are and re-executes the running binary as a stage. The stage is this
// package's initialiser, which runs before package os (whose start may
// create the runtime's poller) and owns no descriptors of its own: it
// moves the descriptors, restores ignored signals and resource limits,
// and executes the program in the same process.
//
// The package imports only packages that os imports too (syscall,
// unsafe): Go initialises a package once its imports are, in import path
// order, and "nash/..." sorts before "os", so this initialiser runs
// first only while every one of its imports is ready before os is.
package execstage

import (
	"syscall"
	"unsafe"
)

// envMarker in the environment of the running binary means it was started
// as a stage; the stage removes it from the program's environment.
const envMarker = "NUCLEIC_NASH_EXEC_STAGE=1"

// selfExe names the running binary (the stage needs /proc anyway for its
// arguments).
const selfExe = "/proc/self/exe"

// Limit is one resource limit to set right before the program starts.
type Limit struct {
	Resource int
	Cur, Max uint64
}

// Plan is what the stage does before it executes the program.
type Plan struct {
	Path string   // the program (a relative path is from the stage's directory)
	Argv []string // its arguments, argv[0] included
	Env  []string // its environment

	// Src[i] is the descriptor of this process that becomes fd i of the
	// program; -1 leaves fd i closed. Descriptors not listed are closed.
	Src []int

	Ignore []int   // signals the program starts with ignored
	Limits []Limit // resource limits, applied last

	// If the program cannot be executed after all, the stage writes
	// ErrPrefix+Name+": "+reason to fd 2 and exits 126 (127 if not found).
	ErrPrefix, Name string
}

// Exec replaces the process with p through a stage. It returns only if
// the stage itself cannot start; the caller may then place the
// descriptors in process (see Place) as a last resort.
func Exec(p Plan) error {
	var cleared []int
	for _, s := range p.Src {
		if s < 0 {
			continue
		}
		fl, _, e := syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(s), syscall.F_GETFD, 0)
		if e != 0 {
			return e
		}
		if fl&syscall.FD_CLOEXEC != 0 {
			syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(s), syscall.F_SETFD, fl&^syscall.FD_CLOEXEC)
			cleared = append(cleared, s)
		}
	}
	// the program's environment travels as arguments: the stage's own
	// environment holds only the marker, so that no GODEBUG or GOGC of
	// the program's changes how the stage's runtime starts
	err := syscall.Exec(selfExe, encode(p), []string{envMarker})
	for _, s := range cleared {
		syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(s), syscall.F_SETFD, syscall.FD_CLOEXEC)
	}
	return err
}

// StartArgs returns the path, arguments and environment with which a new
// process (os.StartProcess) runs p through a stage: it inherits the
// descriptors of p.Src, which the stage places.
func StartArgs(p Plan) (path string, argv, env []string) {
	return selfExe, encode(p), []string{envMarker}
}

// stageName is argv[0] of the stage, as ps shows it for its moment.
const stageName = "nash-exec-stage"

// encode lays out the stage's arguments: its name, sources, ignored
// signals, limits, error prefix, name, path, the number of the program's
// arguments, its arguments and its environment.
func encode(p Plan) []string {
	var lim []string
	for _, l := range p.Limits {
		lim = append(lim, string(appendUint(nil, uint64(l.Resource)))+":"+string(appendUint(nil, l.Cur))+":"+string(appendUint(nil, l.Max)))
	}
	args := []string{stageName, joinInts(p.Src), joinInts(p.Ignore), join(lim, ','), p.ErrPrefix, p.Name, p.Path,
		string(appendUint(nil, uint64(len(p.Argv))))}
	args = append(args, p.Argv...)
	return append(args, p.Env...)
}

// decode is encode's inverse.
func decode(args []string) (Plan, bool) {
	if len(args) < 8 || args[0] != stageName {
		return Plan{}, false
	}
	nargs, ok := parseUint(args[7])
	if !ok || nargs == 0 || nargs > uint64(len(args)-8) {
		return Plan{}, false
	}
	var p Plan
	var ok1, ok2, ok3 bool
	p.Src, ok1 = splitInts(args[1])
	p.Ignore, ok2 = splitInts(args[2])
	ok3 = true
	if args[3] != "" {
		for _, f := range split(args[3], ',') {
			parts := split(f, ':')
			if len(parts) != 3 {
				ok3 = false
				break
			}
			res, ok1 := parseUint(parts[0])
			cur, ok2 := parseUint(parts[1])
			max, ok3b := parseUint(parts[2])
			if !ok1 || !ok2 || !ok3b {
				ok3 = false
				break
			}
			p.Limits = append(p.Limits, Limit{int(res), cur, max})
		}
	}
	p.ErrPrefix, p.Name, p.Path = args[4], args[5], args[6]
	p.Argv = args[8 : 8+nargs]
	p.Env = args[8+nargs:]
	return p, ok1 && ok2 && ok3
}

func joinInts(v []int) string {
	b := make([]byte, 0, 4*len(v))
	for i, n := range v {
		if i > 0 {
			b = append(b, ',')
		}
		if n < 0 {
			b = append(b, '-')
			n = -n
		}
		b = appendUint(b, uint64(n))
	}
	return string(b)
}

func splitInts(s string) ([]int, bool) {
	if s == "" {
		return nil, true
	}
	var out []int
	for _, f := range split(s, ',') {
		neg := len(f) > 0 && f[0] == '-'
		if neg {
			f = f[1:]
		}
		n, ok := parseUint(f)
		if !ok || n > 1<<31 {
			return nil, false
		}
		if neg {
			out = append(out, -int(n))
		} else {
			out = append(out, int(n))
		}
	}
	return out, true
}

// The helpers below stand in for strconv and strings, which os does not
// import (see the package comment).

func appendUint(b []byte, n uint64) []byte {
	var d [20]byte
	i := len(d)
	for {
		i--
		d[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

func parseUint(s string) (uint64, bool) {
	if s == "" || len(s) > 20 {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		d := uint64(c - '0')
		if n > (1<<64-1-d)/10 {
			return 0, false
		}
		n = n*10 + d
	}
	return n, true
}

func split(s string, sep byte) []string {
	var out []string
	for {
		i := 0
		for i < len(s) && s[i] != sep {
			i++
		}
		out = append(out, s[:i])
		if i == len(s) {
			return out
		}
		s = s[i+1:]
	}
}

func join(v []string, sep byte) string {
	var b []byte
	for i, s := range v {
		if i > 0 {
			b = append(b, sep)
		}
		b = append(b, s...)
	}
	return string(b)
}

// Place arranges the descriptor table of this process for an execve:
// fd i becomes a copy of src[i] (without close-on-exec), or is marked
// close-on-exec when src[i] < 0. Only a source that another assignment
// would overwrite is first moved above the table: copying every source
// grew the kernel's fd table when a high descriptor was inherited, and
// growing a table other threads share waits for an RCU grace period
// (exec took 12 ms instead of 3 with an inherited fd 251). Raw system
// calls keep the scheduler from handing this thread's P to another
// thread while descriptors are half moved.
func Place(src []int) error {
	n := len(src)
	src = append([]int(nil), src...)
	isTarget := func(fd int) bool { return fd >= 0 && fd < n && src[fd] >= 0 }
	for i, s := range src {
		if s < 0 || s == i || !isTarget(s) {
			continue
		}
		fd, _, errno := syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(s), syscall.F_DUPFD_CLOEXEC, uintptr(n))
		if errno != 0 {
			return errno
		}
		src[i] = int(fd)
	}
	for i, s := range src {
		switch {
		case s < 0:
			// not closed now: in a running shell fd i may be the
			// runtime's; close-on-exec drops it from the program
			syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(i), syscall.F_SETFD, syscall.FD_CLOEXEC)
		case s == i:
			if _, _, errno := syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(i), syscall.F_SETFD, 0); errno != 0 {
				return errno
			}
		default:
			if _, _, errno := syscall.RawSyscall(syscall.SYS_DUP3, uintptr(s), uintptr(i), 0); errno != 0 {
				return errno
			}
		}
	}
	return nil
}

// Clobbers reports whether placing src in this process would overwrite a
// descriptor that may belong to the Go runtime: a target that is open,
// is none of the sources, and is an anonymous inode (epoll, eventfd,
// pidfd) or cannot be told apart from one.
func Clobbers(src []int) bool {
	isSrc := make(map[int]bool, len(src))
	for _, s := range src {
		isSrc[s] = true
	}
	var buf [64]byte
	for i, s := range src {
		if s < 0 || s == i || isSrc[i] {
			continue
		}
		if _, _, e := syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(i), syscall.F_GETFD, 0); e != 0 {
			continue // closed: nothing to overwrite
		}
		n, err := syscall.Readlink("/proc/self/fd/"+string(appendUint(nil, uint64(i))), buf[:])
		if err != nil || n >= 11 && string(buf[:11]) == "anon_inode:" {
			return true
		}
	}
	return false
}

// Available reports whether a stage can be started: the running binary
// must be reachable through /proc.
func Available() bool {
	return syscall.Access(selfExe, 1) == nil
}

// kernelSigaction is the kernel's struct sigaction on amd64 and arm64
// (interp has its own; this package may import nothing of nash's).
type kernelSigaction struct {
	handler  uintptr
	flags    uint64
	restorer uintptr
	mask     uint64
}

// setDefault gives sig its default action.
func setDefault(sig int) {
	var act kernelSigaction
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
}

// ignore sets sig's disposition to SIG_IGN, which execve keeps.
func ignore(sig int) {
	act := kernelSigaction{handler: 1}
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
}
