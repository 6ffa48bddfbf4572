package execstage

import (
	"syscall"

	"nash/internal/rawread"
)

// init runs the stage when this binary was started as one; otherwise it
// costs one environment lookup.
func init() {
	key := envMarker[:len(envMarker)-2]
	v, ok := syscall.Getenv(key)
	if !ok || v != "1" && v != "2" {
		return
	}
	args, err := readNul("/proc/self/cmdline")
	if v == "2" {
		if env := syscall.Environ(); err == nil && len(args) > 0 && args[0] == fastName && len(env) > 0 && env[len(env)-1] == fastMarker {
			syscall.Exit(runFast(args, env))
		}
		syscall.Unsetenv(key) // leaked into an ordinary start
		return
	}
	if err != nil || len(args) == 0 || args[0] != stageName || len(syscall.Environ()) != 1 {
		// a stage is named so and has the marker alone for environment:
		// this marker leaked into an ordinary start, which goes on
		// without it
		syscall.Unsetenv(key)
		return
	}
	syscall.Exit(runStage(args))
}

// runStage executes the plan in the stage's arguments and returns an
// exit status only if that fails.
func runStage(args []string) int {
	p, ok := decode(args)
	if !ok {
		writeErr("nash: exec stage: bad arguments\n")
		return 126
	}
	// the parent made every source inheritable; only placed copies may
	// reach the program
	for _, s := range p.Src {
		if s >= 0 {
			syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(s), syscall.F_SETFD, syscall.FD_CLOEXEC)
		}
	}
	if Clobbers(p.Src) {
		// something before this initialiser opened a descriptor in the
		// way (the poller of os's start): the program still runs, but
		// the runtime may abort while the descriptors move
		writeErr("nash: exec stage: a runtime descriptor is in the way\n")
	}
	if err := Place(p.Src); err != nil {
		return fail(p, err)
	}
	for _, sig := range p.Ignore {
		ignore(sig)
	}
	for _, l := range p.Limits {
		lim := syscall.Rlimit{Cur: l.Cur, Max: l.Max}
		// Setrlimit, not a raw prlimit: the runtime restores the soft
		// open-files limit it found at start before exec unless told
		syscall.Setrlimit(l.Resource, &lim)
	}
	return fail(p, syscall.Exec(p.Path, p.Argv, p.Env))
}

// fail reports a program the stage could not execute, as the shell
// reports a failed exec, and returns the status.
func fail(p Plan, err error) int {
	st := 126
	if err == syscall.ENOENT {
		st = 127
	}
	msg := err.Error()
	if msg != "" {
		if c := msg[0]; c >= 'a' && c <= 'z' {
			msg = string(c-'a'+'A') + msg[1:]
		}
	}
	writeErr(p.ErrPrefix + p.Name + ": " + msg + "\n")
	return st
}

func writeErr(s string) {
	b := []byte(s)
	for len(b) > 0 {
		n, err := syscall.Write(2, b)
		if err != nil || n <= 0 {
			return
		}
		b = b[n:]
	}
}

// readNul reads a /proc file of NUL-terminated strings.
func readNul(path string) ([]string, error) {
	fd, err := syscall.Open(path, syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	data, err := rawread.All(fd)
	if err != nil {
		return nil, err
	}
	var out []string
	for len(data) > 0 {
		i := 0
		for i < len(data) && data[i] != 0 {
			i++
		}
		out = append(out, string(data[:i]))
		if i < len(data) {
			i++
		}
		data = data[i:]
	}
	return out, nil
}
