package execstage

import "syscall"

// A fast stage is a stage for a program whose descriptors are already in
// place (a new process that os.StartProcess set up): it only ignores some
// signals and gives others their default action, marks the descriptor
// the parent waits on close-on-exec, and executes the program. Its arguments and environment are laid out so
// that machine code can run it before the Go runtime starts, when the
// binary is linked with internal/entrysig's entry point (which reads
// this layout; keep the two in step):
//
//	argv: "nash-fast-stage", MASK, SYNCFD, ERRPREFIX, NAME, PATH, ARGV0, ARGS...
//	envp: the program's environment, then fastMarker last
//
// MASK is lower-case hexadecimal without leading zeros, bit sig-1 set for
// each signal to ignore, or DFL:IGN, two such masks, the first of the
// signals to reset to their default action (after the ignores: a
// signal this process ignores survives a plain spawn ignored, and a
// subshell that ran in this process may have reset it); SYNCFD is
// decimal. Started that way the stage
// costs an execve and a few system calls; otherwise, or when the program
// cannot be executed, this package's initialiser runs it (runFast),
// which costs a Go runtime start, as a full stage does.
const (
	fastName   = "nash-fast-stage"
	fastMarker = "NUCLEIC_NASH_EXEC_STAGE=2"
)

// StartFastArgs returns the path, arguments and environment with which a
// new process runs path with argv and env through a fast stage that
// ignores the signals ign, gives those of dfl their default action and
// marks syncFD close-on-exec. A program that
// cannot be executed is reported as errPrefix+name+": "+reason on fd 2,
// with status 126 (127 if not found).
func StartFastArgs(path string, argv, env []string, ign, dfl []int, syncFD int, errPrefix, name string) (string, []string, []string) {
	masks := appendHex(nil, sigMask(ign))
	if len(dfl) > 0 {
		masks = append(append(appendHex(nil, sigMask(dfl)), ':'), masks...)
	}
	args := make([]string, 0, 6+len(argv))
	args = append(args, fastName, string(masks), string(appendUint(nil, uint64(syncFD))), errPrefix, name, path)
	args = append(args, argv...)
	senv := make([]string, 0, len(env)+1)
	senv = append(senv, env...)
	return selfExe, args, append(senv, fastMarker)
}

// runFast runs a fast stage from its arguments and environment (the
// initialiser found the name and the marker) and returns an exit status
// only if the program cannot be executed.
func runFast(args, env []string) int {
	if len(args) < 7 {
		writeErr("nash: exec stage: bad arguments\n")
		return 126
	}
	var dfl uint64
	ok0 := true
	ign := args[1]
	for i := 0; i < len(ign); i++ {
		if ign[i] == ':' {
			dfl, ok0 = parseHex(ign[:i])
			ign = ign[i+1:]
			break
		}
	}
	mask, ok1 := parseHex(ign)
	fd, ok2 := parseUint(args[2])
	if !ok0 || !ok1 || !ok2 || fd > 1<<31 {
		writeErr("nash: exec stage: bad arguments\n")
		return 126
	}
	for sig := 1; sig <= 64; sig++ {
		if mask&(1<<(sig-1)) != 0 {
			ignore(sig)
		}
	}
	for sig := 1; sig <= 64; sig++ {
		if dfl&(1<<(sig-1)) != 0 {
			setDefault(sig)
		}
	}
	syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_SETFD, syscall.FD_CLOEXEC)
	p := Plan{ErrPrefix: args[3], Name: args[4], Path: args[5], Argv: args[6:], Env: env[:len(env)-1]}
	return fail(p, syscall.Exec(p.Path, p.Argv, p.Env))
}

// sigMask has bit sig-1 set for each signal of sigs in 1..64.
func sigMask(sigs []int) uint64 {
	var mask uint64
	for _, s := range sigs {
		if s >= 1 && s <= 64 {
			mask |= 1 << (s - 1)
		}
	}
	return mask
}

func appendHex(b []byte, n uint64) []byte {
	var d [16]byte
	i := len(d)
	for {
		i--
		d[i] = "0123456789abcdef"[n&15]
		n >>= 4
		if n == 0 {
			break
		}
	}
	return append(b, d[i:]...)
}

func parseHex(s string) (uint64, bool) {
	if s == "" || len(s) > 16 {
		return 0, false
	}
	var n uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		default:
			return 0, false
		}
		n = n<<4 | uint64(c)
	}
	return n, true
}
