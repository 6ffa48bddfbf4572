package interp

import (
	"strings"
	"syscall"
	"time"
)

// allTrapNames lists every trap bash knows, in its order: EXIT, the
// signals by number (unnamed ones as numbers), DEBUG, ERR and RETURN.
func allTrapNames() []string {
	out := []string{"EXIT"}
	for n := 1; n <= 64; n++ {
		name := signalName(n)
		if name == "" {
			name = itoa(int64(n))
		}
		out = append(out, name)
	}
	return append(out, "DEBUG", "ERR", "RETURN")
}

// biTrap implements trap.
func biTrap(r *Runner, args []string) int {
	set, a, ok, _ := r.simpleOpts("trap", "lp", args[1:])
	if !ok {
		return r.usageFail()
	}
	if set&optBit('l') != 0 {
		return r.write("trap", signalTable())
	}
	if len(a) == 0 || set&optBit('p') != 0 {
		r.initTermSigs()
		// trap -p in POSIX mode shows default dispositions as well
		showAll := set&optBit('p') != 0 && r.opts.on(optPosix)
		// bash's display_traps: each named signal shown as it comes, an
		// invalid one reported between them
		out := r.lineOut("trap")
		show := func(n string) {
			act, ok := r.traps.m[n]
			if !ok && !showAll {
				return
			}
			sig := n
			if !ok {
				// bash's showtrap with show_default
				out.put("trap -- - " + n + "\n")
				return
			}
			if _, num, _ := parseSignal(n, false); num > 0 && !r.opts.on(optPosix) {
				sig = "SIG" + n
			}
			out.put("trap -- " + singleQuote(act) + " " + sig + "\n")
		}
		st := 0
		switch {
		case len(a) > 0:
			for _, s := range a {
				n, _, ok := parseSignal(s, true)
				if !ok {
					r.bErr("trap", "%s: invalid signal specification", s)
					st = 1
					continue
				}
				show(n)
			}
		case showAll:
			for _, n := range allTrapNames() {
				show(n)
			}
		default:
			for _, n := range r.traps.names() {
				show(n)
			}
		}
		return out.finish(st)
	}
	// a valid signal number first means every argument is a signal to
	// reset, in POSIX mode too; other signal names only when alone
	_, _, firstOK := parseSignal(a[0], true)
	firstSignal := firstOK && allDigits(a[0])
	if len(a) == 1 && !firstSignal {
		// `trap SIG` with one argument resets it; anything else is a usage error
		if !firstOK || r.opts.on(optPosix) || a[0] == "-" || a[0] == "" {
			r.builtinUsage("trap")
			return r.usageFail()
		}
	}
	action := a[0]
	sigs := a[1:]
	reset := false
	if len(sigs) == 0 {
		// `trap SIG` with one argument resets it
		sigs = a
		reset = true
	} else if action == "-" {
		reset = true
	} else if firstSignal {
		sigs = a
		reset = true
	}
	status, exitSet := 0, false
	for _, s := range sigs {
		name, num, ok := parseSignal(s, true)
		if !ok {
			r.bErr("trap", "%s: invalid signal specification", s)
			status = 1
			continue
		}
		if num > 0 && hardIgnored[syscall.Signal(num)] && !r.isInteractive() {
			continue // ignored at startup: bash silently keeps it so
		}
		if num > 0 && r.asyncIntKeeps(syscall.Signal(num)) {
			continue
		}
		if name == "EXIT" && !reset && !r.isInteractive() {
			exitSet = true
		}
		r.traps.set(name, action, reset)
		r.watchSignal(name, num, action, reset)
		if reset && num == int(syscall.SIGQUIT) && r.isSub {
			// trap - gives SIGQUIT the shell's own disposition, ignored,
			// not the default a subshell started with
			r.quitShellIgn = true
		}
	}
	r.syncTermWatch()
	if exitSet {
		r.initTermSigs() // set_signal on the EXIT trap
	}
	return status
}

// signalTable is the list of trap -l and kill -l: five entries a line,
// counting the signals listed (32 and 33 have no name); a short last line
// keeps its tab.
func signalTable() string {
	var sb strings.Builder
	col := 0
	for n := 1; n <= 64; n++ {
		name := signalName(n)
		if name == "" {
			continue
		}
		sb.WriteString(padLeft(itoa(int64(n)), 2) + ") SIG" + name)
		if col++; col < 5 {
			sb.WriteByte('\t')
		} else {
			sb.WriteByte('\n')
			col = 0
		}
	}
	if col != 0 {
		sb.WriteByte('\n')
	}
	return sb.String()
}

// biKill implements kill [-s SIG | -SIG | -n N] pid… and kill -l.
func biKill(r *Runner, args []string) int {
	a := args[1:]
	sig, spec := syscall.SIGTERM, "TERM"
	if len(a) == 0 {
		r.errw().Write([]byte("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n"))
		return 2
	}
	if a[0] == "-l" || a[0] == "-L" {
		rest, ok, st := r.killListOpts(a[1:])
		if !ok {
			return st
		}
		a = append(a[:1:1], rest...)
		// bash's display_signal_list prints each name as it goes and
		// carries on past a bad one, failing at the end; it does not
		// check its writes (kill -l >&- succeeds silently)
		if len(a) == 1 {
			if r.opts.on(optPosix) {
				return r.writeUnchecked("kill", posixSignalList())
			}
			return r.writeUnchecked("kill", signalTable())
		}
		var sb strings.Builder
		status := 0
		bad := func(s string) {
			if st := r.writeUnchecked("kill", sb.String()); st != 0 {
				status = st
			}
			sb.Reset()
			r.bErr("kill", "%s: invalid signal specification", s)
			status = 1
		}
		for _, s := range a[1:] {
			if n64, ok := legalNumber(s); ok && n64 == int64(int(n64)) {
				n := int(n64)
				if n > 128 {
					n -= 128
				}
				name := signalName(n)
				if n == 0 {
					name = "EXIT" // bash's signal_name(0)
				}
				if name == "" {
					bad(s)
					continue
				}
				sb.WriteString(name + "\n")
				continue
			}
			_, n, ok := r.killSignal(s)
			if p, special := pseudoSignal(strings.ToUpper(s)); special {
				// decode_signal knows the trap pseudo-signals, numbered
				// from NSIG (65 on Linux) on
				n, ok = p, true
			}
			if !ok {
				bad(s)
				continue
			}
			sb.WriteString(itoa(int64(n)) + "\n")
		}
		if st := r.writeUnchecked("kill", sb.String()); st != 0 {
			return st
		}
		return status
	}
	if w := a[0]; len(w) > 2 && w[0] == '-' &&
		(w[1] == 's' && isAlnum(w[2]) && !isDigit(w[2]) || w[1] == 'n' && isDigit(w[2])) {
		// bash's kill takes -s with a letter after it, or -n with a
		// digit, as the option with its argument attached (so -segv
		// is -s egv, not SEGV)
		a = append([]string{w[:2], w[2:]}, a[1:]...)
	}
	switch {
	case a[0] == "-s" || a[0] == "-n":
		if len(a) < 2 {
			r.bErr("kill", "%s: option requires an argument", a[0])
			return 1
		}
		n, ok := r.killSpec(a[1])
		if !ok {
			r.bErr("kill", "%s: invalid signal specification", a[1])
			return 1
		}
		sig, spec = syscall.Signal(n), a[1]
		a = a[2:]
	case strings.HasPrefix(a[0], "-") && a[0] != "--":
		// a lone "-" is the empty signal spec, which bash refuses
		n, ok := r.killSpec(a[0][1:])
		if !ok {
			r.bErr("kill", "%s: invalid signal specification", a[0][1:])
			return 1
		}
		sig, spec = syscall.Signal(n), a[0][1:]
		a = a[1:]
	}
	if len(a) > 0 && a[0] == "--" {
		a = a[1:]
	}
	if len(a) == 0 {
		r.errw().Write([]byte("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n"))
		return 2
	}
	// as bash: an error on one argument does not stop the others, and
	// kill succeeds when any signal was sent
	sent := false
	for _, s := range a {
		var pid int
		var stopped *job // a stopped job signalled by its spec
		group := false   // pid leads the job's process group (killpg)
		if s == "" {
			r.bErr("kill", "`%s': not a pid or valid job spec", s)
			continue
		}
		if n, ok := legalNumber(s); ok && n == int64(int32(n)) {
			pid = int(n)
		} else if strings.HasPrefix(s, "%") {
			// $(kill %1) signals its shell's job, as bash's command
			// substitution still has the jobs table
			t := r.visibleJobs(false)
			j := r.jobSpecIn(t, "kill", s)
			if j == nil {
				continue
			}
			// bash signals the live processes of a job started without
			// job control only (none is left: success), and the job's
			// end is to be reported again (by the shell that has it,
			// not by a substitution)
			if t == r.jobs {
				j.notified.Store(false)
			}
			if j.finished() && j.jobControl {
				// one started with job control has a process group of
				// its own, which bash signals (killpg): it is gone
				r.bErr("kill", "(%d) - %s", j.pid(), errnoMessage(syscall.ESRCH))
				continue
			}
			if j.finished() {
				sent = true
				continue
			}
			if j.stoppedBy() != 0 && j.pid() < fakePIDBase {
				stopped = j
			}
			pid = j.pid()
			group = j.ownGroup && pid < fakePIDBase
		} else {
			r.bErr("kill", "%s: arguments must be process or job IDs", s)
			continue
		}
		if sig >= pseudoSigBase {
			// a trap pseudo-signal: kill(2) refuses it (EINVAL) for a
			// process that exists, which an in-process job is
			if pid >= fakePIDBase {
				r.bErr("kill", "%s: invalid signal specification", spec)
			} else if err := syscall.Kill(pid, sig); err == syscall.EINVAL {
				r.bErr("kill", "%s: invalid signal specification", spec)
			} else if err != nil {
				r.bErr("kill", "(%d) - %s", pid, errnoMessage(err.(syscall.Errno)))
			}
			continue
		}
		if pid >= fakePIDBase && pid == r.bashpid && r.isSub && sig != 0 && r.killSelf(sig) {
			// this subshell itself, though it is also a job of its
			// parent's (a process substitution, a coproc)
			if r.flow != flowNone {
				// its trap's action abandoned the subshell (or returned
				// from the function it runs in), which ends with the
				// action's status
				return r.exit
			}
			sent = true
			continue
		}
		if pid >= fakePIDBase {
			// an in-process job: deliver to its foreground child if any
			if r.signalInProcess(pid, sig) {
				sent = true
				continue
			}
		}
		if pid >= fakePIDBase && sig == 0 && r.inSubshellPid(pid) {
			// kill -0 on this subshell or one it runs in: a process
			// that exists, for bash's forked subshells
			sent = true
			continue
		}
		if pid == r.sh.pid && r.isSub && sig != 0 && r.deferSelfKill(sig) {
			sent = true
			continue
		}
		if pid == r.sh.pid && !r.isSub && sig != 0 && r.selfSignal(sig) {
			sent = true
			continue
		}
		var stopSig syscall.Signal
		if stopped != nil && sig == syscall.SIGCONT {
			// one continued by kill is running again as after bg,
			// marked before it can end (see job.resume)
			stopSig = stopped.stoppedBy()
			stopped.markRunning()
		}
		target := pid
		if group {
			target = -pid
		}
		if sig == syscall.SIGINT && r.isSub && pid == r.sh.pid && r.intSelfNow() {
			// (kill -INT 0 goes on to the rest of the process group)
			dieBySignal(sig)
		}
		if err := syscall.Kill(target, sig); err != nil {
			if stopSig != 0 {
				stopped.setStopped(stopSig)
			}
			if err == syscall.ESRCH {
				r.settleGone(pid)
			}
			r.bErr("kill", "(%d) - %s", pid, errnoMessage(err.(syscall.Errno)))
			continue
		}
		sent = true
		if sig != 0 && holdsSelf(target) {
			takeOwnSignal()
		}
		if stopped != nil {
			// bash's kill_pid: a stopped job is continued so that TERM
			// or HUP can end it
			if sig == syscall.SIGTERM || sig == syscall.SIGHUP {
				syscall.Kill(target, syscall.SIGCONT)
			}
			continue
		}
		if (pid == r.sh.pid || pid == 0) && sig != 0 && r.catches(sig) {
			// also from a subshell run in-process: bash's forked child
			// would have signalled the shell before it exits, so the
			// shell's wait sees the signal before the child's end
			r.sh.sigs.awaitSelf(sig)
		} else if (pid == r.sh.pid || pid == 0) && (sig == syscall.SIGPIPE || !r.isSub && terminatesByDefault(sig)) && !r.hasTrapEntry(signalName(int(sig))) && !r.interactiveCatches(sig) &&
			(sig != syscall.SIGINT || r.asyncInt == asyncIntNone) {
			// (an asynchronous subshell ignores SIGINT: setup_async_signals)
			// the runtime drops a SIGPIPE that no write caused; and
			// under load a signal sent to the process can stay pending
			// while the shell goes on (seen with SIGSYS): one neither
			// trapped nor ignored must end the shell here, as in bash
			dieBySignal(sig)
		}
	}
	if !sent {
		return 1
	}
	return 0
}

// hasTrapEntry reports whether the shell has a trap or an ignore for the
// signal name (a subshell keeps its parent's ignores).
// selfSignal handles the shell sending itself a signal it ignores, or
// one of userFaults untrapped, without kill(2), and reports whether it
// did. An ignored one has no effect in bash; sent, it may stay pending
// (the kernel queues it when the main thread blocks it at that moment,
// as the runtime's threads do in turns) and land after a later trap -,
// killing the shell. An untrapped SIGSEGV, SIGBUS or SIGFPE must not
// reach the runtime's handler (a traceback): the shell dies by it here;
// bash ignores an untrapped SIGQUIT.
func (r *Runner) selfSignal(sig syscall.Signal) bool {
	if hardIgnored[sig] {
		return true
	}
	if r.interactiveCatches(sig) {
		// as bash's handler has run before kill returns
		if sig == syscall.SIGINT {
			r.sh.interrupted.Store(true)
		}
		return true
	}
	name := signalName(int(sig))
	if r.traps != nil {
		if a, ok := r.traps.m[name]; ok && (a == "" || !r.traps.inherited) {
			return a == ""
		}
	}
	switch sig {
	case syscall.SIGCHLD, syscall.SIGCONT, syscall.SIGURG, syscall.SIGWINCH:
		// ignored by default, untrapped: sent, it could still be on its
		// way when a trap set next subscribes, and run that trap
		return true
	}
	if !isUserFault(sig) {
		return false
	}
	if sig != syscall.SIGQUIT || r.bgProcess && r.opts.on(optMonitor) {
		// (an asynchronous subshell under job control has SIGQUIT at
		// its default: no setup_async_signals)
		dieBySignal(sig)
	}
	return true
}

// terminatesByDefault reports whether sig's default action ends the
// process (SIGQUIT excepted: a shell ignores it).
func terminatesByDefault(sig syscall.Signal) bool {
	switch sig {
	case syscall.SIGCHLD, syscall.SIGCONT, syscall.SIGSTOP, syscall.SIGTSTP,
		syscall.SIGTTIN, syscall.SIGTTOU, syscall.SIGURG, syscall.SIGWINCH,
		syscall.SIGQUIT:
		return false
	}
	return sig > 0 && sig <= sigRTMAX
}

func (r *Runner) hasTrapEntry(name string) bool {
	if r.traps == nil {
		return false
	}
	a, ok := r.traps.m[name]
	return ok && (a == "" || !r.traps.inherited)
}

// killListOpts goes on with kill's option loop after -l as bash does: a
// further -l or -L, one signal option ("-s SIG", "-SIG", which listing
// ignores) and "--" are skipped; the first other word starts the list.
func (r *Runner) killListOpts(a []string) ([]string, bool, int) {
	saw := false
	for len(a) > 0 {
		w := a[0]
		switch {
		case w == "-l" || w == "-L":
			a = a[1:]
		case w == "-s" || w == "-n":
			if len(a) < 2 {
				r.bErr("kill", "%s: option requires an argument", w)
				return nil, false, 1
			}
			a, saw = a[2:], true
		case w == "--":
			return a[1:], true, 0
		case w == "-?":
			r.builtinUsage("kill")
			return nil, false, 2
		case strings.HasPrefix(w, "-") && !saw:
			a, saw = a[1:], true
		default:
			return a, true, 0
		}
	}
	return a, true, 0
}

// posixSignalList is kill -l's listing in POSIX mode: the names without
// SIG on one line, separated by spaces.
func posixSignalList() string {
	var names []string
	for n := 1; n <= 64; n++ {
		if name := signalName(n); name != "" {
			names = append(names, name)
		}
	}
	return strings.Join(names, " ") + "\n"
}

// killSignal decodes kill's signal argument. In POSIX mode bash's kill
// does not take the SIG prefix (SIGRTMIN+N keeps working: decode_signal
// checks it before the prefix rule).
func (r *Runner) killSignal(s string) (string, int, bool) {
	u := strings.ToUpper(s)
	if r.opts.on(optPosix) && strings.HasPrefix(u, "SIG") && !strings.HasPrefix(u, "SIGRTMIN+") {
		return "", 0, false
	}
	if u == "EXIT" {
		// decode_signal finds it as signal 0's name
		return "EXIT", 0, true
	}
	return parseSignal(s, false)
}

// pseudoSigBase is the number of the first trap pseudo-signal after
// EXIT (DEBUG): NSIG on Linux.
const pseudoSigBase = 65

// killSpec decodes kill's signal spec as bash's decode_signal does: a
// signal name or number, "0", or a trap pseudo-signal's name (EXIT is 0;
// DEBUG, ERR and RETURN are numbers kill(2) refuses).
func (r *Runner) killSpec(spec string) (int, bool) {
	if n, ok := legalNumber(spec); ok && n == 0 {
		return 0, true
	}
	if _, n, ok := r.killSignal(spec); ok {
		return n, true
	}
	return pseudoSignal(strings.ToUpper(spec))
}

// pseudoSignal returns the number kill -l gives a trap pseudo-signal.
func pseudoSignal(name string) (int, bool) {
	switch name {
	case "EXIT":
		return 0, true
	case "DEBUG":
		return 65, true
	case "ERR":
		return 66, true
	case "RETURN":
		return 67, true
	}
	return 0, false
}

// subshellPids lists the synthetic $BASHPID of r (when it is a subshell)
// and of the subshells it runs in, for a subshell r starts.
func (r *Runner) subshellPids() *pidChain {
	if r.bashpid < fakePIDBase {
		return nil
	}
	return &pidChain{pid: r.bashpid, outer: r.outerPids}
}

// pidChain is a subshell's synthetic $BASHPID and those of the subshells
// it runs in: shared, not copied, so a deep nest of subshells costs one
// link each, not a list each as long as the nest.
type pidChain struct {
	pid   int
	outer *pidChain
}

// inSubshellPid reports whether pid is the $BASHPID of r or of a
// subshell r runs in.
func (r *Runner) inSubshellPid(pid int) bool {
	if pid == r.bashpid {
		return true
	}
	for c := r.outerPids; c != nil; c = c.outer {
		if c.pid == pid {
			return true
		}
	}
	return false
}

// settleGone waits a moment for the job whose process pid was found gone
// to be marked finished: bash reaps a child and records its status in
// one step (its SIGCHLD handler), while here the goroutine that reaped
// it records the status just after, so a `while kill -0 $!` loop could
// end before jobs or wait see the job end.
func (r *Runner) settleGone(pid int) {
	if j := r.jobs.byPid(pid); j != nil && !j.finished() {
		select {
		case <-j.done:
		case <-time.After(time.Second):
		}
	}
}
