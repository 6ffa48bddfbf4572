package interp

import (
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

// ulimitRes describes one resource of ulimit, in ulimit -a's order.
type ulimitRes struct {
	flag   byte
	res    int // RLIMIT_*; -1 for the pipe size pseudo-limit
	factor uint64
	desc   string
	unit   string
}

var ulimitResources = []ulimitRes{
	{'R', 15, 1, "real-time non-blocking time", "microseconds"},
	{'c', 4, posixBlock, "core file size", "blocks"},
	{'d', 2, 1024, "data seg size", "kbytes"},
	{'e', 13, 1, "scheduling priority", ""},
	{'f', 1, posixBlock, "file size", "blocks"},
	{'i', 11, 1, "pending signals", ""},
	{'l', 8, 1024, "max locked memory", "kbytes"},
	{'m', 5, 1024, "max memory size", "kbytes"},
	{'n', 7, 1, "open files", ""},
	{'p', -1, 1, "pipe size", "512 bytes"},
	{'q', 12, 1, "POSIX message queues", "bytes"},
	{'r', 14, 1, "real-time priority", ""},
	{'s', 3, 1024, "stack size", "kbytes"},
	{'t', 0, 1, "cpu time", "seconds"},
	{'u', 6, 1, "max user processes", ""},
	{'v', 9, 1024, "virtual memory", "kbytes"},
	{'x', 10, 1, "file locks", ""},
}

const rlimInfinity = ^uint64(0)

// posixBlock is the factor of a limit counted in blocks, which are 1024
// bytes, or 512 in POSIX mode (bash's POSIXBLK): see factor.
const posixBlock = 0

// factor returns the number of bytes (or other units) in one of u's
// units for ulimit's operands and output.
func (r *Runner) factor(u ulimitRes) uint64 {
	if u.factor != posixBlock {
		return u.factor
	}
	if r.opts.on(optPosix) {
		return 512
	}
	return 1024
}

// getrlimit returns the runner's view of a limit: its own overlay (set
// in a subshell) or the process's.
func (r *Runner) getrlimit(res int) syscall.Rlimit {
	if l, ok := r.rlimits[res]; ok {
		return l
	}
	var l syscall.Rlimit
	if res < 0 {
		return syscall.Rlimit{Cur: 8, Max: 8}
	}
	syscall.Getrlimit(res, &l)
	if res == syscall.RLIMIT_NOFILE {
		l.Cur = r.nofileCur(l)
	}
	return l
}

// setrlimit applies a limit: to the process itself at the top level (as
// bash does), or as an overlay in an in-process subshell, applied to the
// children it spawns. The open-files limit is always an overlay: nash's
// own process needs descriptors bash does not (the runtime's, the
// observer's), and a child's fds are put in place by dup2 after the fork,
// which fails for an fd at or above the limit where bash's children just
// inherit theirs; the shell checks its fd numbers against the overlay
// (fdOverLimit) and exec applies it before the new program starts. A
// limit with room enough for nash (nofileRoomy) is set on the process as
// well, so that children inherit it as they start.
func (r *Runner) setrlimit(res int, l syscall.Rlimit) error {
	if res < 0 {
		return syscall.EINVAL
	}
	if !r.isSub && res != syscall.RLIMIT_NOFILE {
		return syscall.Setrlimit(res, &l)
	}
	cur := r.getrlimit(res)
	if l.Max > cur.Max && !capSysResource() {
		return syscall.EPERM
	}
	if l.Cur > l.Max {
		return syscall.EINVAL
	}
	if res == syscall.RLIMIT_NOFILE && l.Max > cur.Max && l.Max > nrOpen() {
		return syscall.EPERM // the kernel's ceiling, fs.nr_open
	}
	if res == syscall.RLIMIT_NOFILE && !r.isSub && r.nofileRoomy(l.Cur) {
		// children inherit a limit the process has before they start;
		// the prlimit after the start alone would race with them
		if err := syscall.Setrlimit(res, &l); err != nil {
			return err
		}
	}
	m := make(map[int]syscall.Rlimit, len(r.rlimits)+1)
	for k, v := range r.rlimits {
		m[k] = v
	}
	m[res] = l
	r.rlimits = m
	return nil
}

// nofileRoomy reports whether nash's own process can live under an
// open-files limit of cur, which bash would be given: room for the
// runtime's descriptors and the ones a spawn needs, above every fd open
// now and every fd of the table (children get theirs by dup2, below the
// limit they inherit). A smaller limit stays an overlay only.
func (r *Runner) nofileRoomy(cur uint64) bool {
	const room = 32
	if cur < 2*room || uint64(len(r.fds.fds))+room > cur {
		return false
	}
	for _, fd := range openDescriptors() {
		if uint64(fd)+room > cur {
			return false
		}
	}
	return true
}

// applyRlimits gives a process (a freshly started child, or 0 for this
// one just before exec) the overlay's limits.
func (r *Runner) applyRlimits(pid int) {
	applyRlimits(pid, r.rlimits)
}

func applyRlimits(pid int, limits map[int]syscall.Rlimit) {
	for res, l := range limits {
		lim := l
		syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), uintptr(res), uintptr(unsafe.Pointer(&lim)), 0, 0, 0)
	}
}

// capSysResource reports whether this process may raise a hard limit
// (CAP_SYS_RESOURCE in its effective set: root in a container may lack
// it, and bash's ulimit then fails with EPERM).
func capSysResource() bool {
	b, err := readFileRaw("/proc/self/status")
	if err != nil {
		return syscall.Geteuid() == 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if hex, ok := strings.CutPrefix(line, "CapEff:"); ok {
			caps, err := strconv.ParseUint(strings.TrimSpace(hex), 16, 64)
			return err == nil && caps&(1<<24) != 0
		}
	}
	return syscall.Geteuid() == 0
}

// nrOpen is the kernel's ceiling on RLIMIT_NOFILE (fs.nr_open).
func nrOpen() uint64 {
	b, err := readFileRaw("/proc/sys/fs/nr_open")
	if err != nil {
		return rlimInfinity
	}
	n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64)
	if err != nil {
		return rlimInfinity
	}
	return n
}

// biUlimit implements ulimit [-HS] [-a] [-Rcdefilmnpqrstuvx] [limit].
// As bash's ulimit_builtin, each resource option may take an argument
// (the rest of its word, or the next word when that is no option) and
// names a limit to show, or to set when it has one; a trailing operand is
// the last option's argument.
func biUlimit(r *Runner, args []string) int {
	a := args[1:]
	hard, soft, all := false, false, false
	type ulimitCmd struct {
		u   ulimitRes
		arg string
		set bool
	}
	var cmds []ulimitCmd
	find := func(c byte) (ulimitRes, bool) {
		for _, u := range ulimitResources {
			if u.flag == c {
				return u, true
			}
		}
		return ulimitRes{}, false
	}
	for len(a) > 0 && len(a[0]) > 1 && a[0][0] == '-' {
		opt := a[0]
		if opt == "--" {
			a = a[1:]
			break
		}
		a = a[1:] // bash's getopt: even -5 is an option cluster
		for i := 1; i < len(opt); i++ {
			c := opt[i]
			switch c {
			case 'H':
				hard = true
				continue
			case 'S':
				soft = true
				continue
			case 'a':
				all = true
				continue
			}
			u, ok := find(c)
			if !ok {
				r.bErr("ulimit", "-%c: invalid option", c)
				r.errw().Write([]byte("ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n"))
				return 2
			}
			cmd := ulimitCmd{u: u}
			if i+1 < len(opt) {
				cmd.arg, cmd.set = opt[i+1:], true
				i = len(opt)
			} else if len(a) > 0 && (a[0] == "" || a[0][0] != '-' || a[0] == "-") {
				cmd.arg, cmd.set = a[0], true
				a = a[1:]
			}
			cmds = append(cmds, cmd)
		}
	}
	show := func(u ulimitRes, label bool) string {
		l := r.getrlimit(u.res)
		v := l.Cur
		if hard && !soft {
			v = l.Max
		}
		val := "unlimited"
		if v != rlimInfinity {
			val = strconv.FormatUint(v/r.factor(u), 10)
		}
		if !label {
			return val + "\n"
		}
		unit := "(-" + string(u.flag) + ")"
		if u.unit != "" {
			unit = "(" + u.unit + ", -" + string(u.flag) + ")"
		}
		return fmt.Sprintf("%-20s%20s %s\n", u.desc, unit, val)
	}
	if all {
		var sb strings.Builder
		for _, u := range ulimitResources {
			sb.WriteString(show(u, true))
		}
		return r.write("ulimit", sb.String())
	}
	if len(cmds) == 0 {
		u, _ := find('f')
		cmds = []ulimitCmd{{u: u}}
	}
	if last := &cmds[len(cmds)-1]; !last.set && len(a) > 0 {
		last.arg, last.set = a[0], true
	}
	for _, c := range cmds {
		if !c.set {
			// unchecked: bash's printone, unlike ulimit -a
			if st := r.writeUnchecked("ulimit", show(c.u, len(cmds) > 1)); st != 0 {
				return st
			}
			continue
		}
		if r.setUlimit(c.u, c.arg, hard, soft) != 0 {
			return 1
		}
	}
	return 0
}

// setUlimit sets u's limit to arg (a number, unlimited, hard or soft):
// both limits unless -H or -S chose one.
func (r *Runner) setUlimit(u ulimitRes, arg string, hard, soft bool) int {
	cur := r.getrlimit(u.res)
	var v uint64
	switch arg {
	case "unlimited":
		v = rlimInfinity
	case "hard":
		v = cur.Max
	case "soft":
		v = cur.Cur
	case "":
		v = 0 // bash's all_digits takes the empty word, as 0
	default:
		if !allDigits(arg) {
			r.bErr("ulimit", "%s", invalidNumMsg(arg))
			return 1
		}
		// string_to_rlimtype: an unsigned value that wraps around
		var n uint64
		for i := 0; i < len(arg); i++ {
			n = n*10 + uint64(arg[i]-'0')
		}
		f := r.factor(u)
		v = n * f
		if v/f != n {
			r.bErr("ulimit", "%s: limit out of range", arg)
			return 1
		}
	}
	nl := cur
	if !hard && !soft {
		hard, soft = true, true
	}
	if hard {
		nl.Max = v
	}
	if soft {
		nl.Cur = v
	}
	if err := r.setrlimit(u.res, nl); err != nil {
		msg := "Invalid argument"
		if errno, ok := err.(syscall.Errno); ok {
			msg = errnoMessage(errno)
		}
		r.bErr("ulimit", "%s: cannot modify limit: %s", u.desc, msg)
		return 1
	}
	return 0
}
