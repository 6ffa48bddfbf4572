package interp

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"sync"
	"syscall"
	"time"

	"nash/internal/execstage"
)

// spawnMu serialises spawns that must set a process-wide attribute the
// child inherits at clone time: the umask, or close-on-exec cleared on
// descriptors the child inherits in place (see inPlaceTail). Other
// spawns hold it shared, so that no child inherits those by accident.
var spawnMu sync.RWMutex

// runExternal starts an external program with the runner's fd table as
// its descriptors and waits for it.
func (r *Runner) runExternal(path string, args, env []string, info *ExecInfo) ExecResult {
	return r.runExternalNamed(path, args[0], args, withUnderscore(env, path), info)
}

// withUnderscore returns env with _ set to the pathname of the command
// about to run, as bash exports it to every program it starts: in place
// of an exported _, else last (add_or_supercede_exported_var). env may be
// shared: it is copied.
func withUnderscore(env []string, path string) []string {
	out := make([]string, len(env), len(env)+1)
	copy(out, env)
	for i, kv := range out {
		if strings.HasPrefix(kv, "_=") {
			out[i] = "_=" + path
			return out
		}
	}
	return append(out, "_="+path)
}

// runExternalNamed is runExternal naming the program as name in its
// failure messages (exec names the full pathname, not argv[0]). Pid is 0
// in the result when the program could not be started.
func (r *Runner) runExternalNamed(path, name string, args, env []string, info *ExecInfo) ExecResult {
	r.syncScript() // bash forks for it, or runs it in its own place
	if r.mayExecInPlace() {
		// returns when the program cannot run in place: then as usual
		r.replaceProcess(path, args, noForkSHLVL(env), name, true)
	}
	p, err := r.startProgram(path, args, env)
	if err != nil && errors.Is(err, syscall.ENOEXEC) {
		p, err = r.runAsScript(path, args, env)
	}
	if err != nil {
		r.exit = r.execFailed(path, name, err)
		r.stageGo.fire()
		return ExecResult{Status: r.exit}
	}
	r.stageGo.fire()
	if r.onSpawn != nil {
		r.onSpawn(p.Pid)
	}
	res := r.waitProcess(p, args)
	return res
}

// runAsScript runs a file the kernel will not execute (no #! line) as a
// shell script in a new nash, as bash does; binary files are refused.
func (r *Runner) runAsScript(path string, args, env []string) (*os.Process, error) {
	head, err := fileHead(r.absPath(path), binarySample)
	if err != nil {
		return nil, err
	}
	if isBinaryFile(head) {
		return nil, errBinary
	}
	script := path
	if r.execBuiltin {
		// exec runs the full pathname: the script's $0 (full_pathname)
		script = fullPathname(r.dir, path)
	}
	self, argv := r.scriptCommand(script, args)
	r.intBack = true
	defer func() { r.intBack = false }()
	return r.startProcess(self, argv, r.withScriptLevel(env))
}

// scriptCommand returns the nash binary and the arguments that run the
// file at path as a shell script with args[1:] as its parameters.
func (r *Runner) scriptCommand(path string, args []string) (string, []string) {
	// the running binary, whatever $BASH says (BashName may have made it
	// an invocation name that is not nash)
	self := r.shellPath()
	if r.bashByName && r.bashPath == "" {
		if p, err := os.Executable(); err == nil {
			self = p
		}
	}
	argv := []string{r.sh.name}
	if !r.opts.sh(shGlobskipdots) {
		// bash's child for such a script resets the shopt options but
		// globskipdots, which it keeps
		argv = append(argv, "+O", "globskipdots")
	}
	if r.opts.sh(shExtdebug) {
		// nor debugging_mode, which extdebug is: the child's main
		// starts the debugger for the script (and fails, as nash has
		// none, as bash without bashdb does)
		argv = append(argv, "-O", "extdebug")
	}
	return self, append(append(argv, path), args[1:]...)
}

// isBinaryFile is bash's check: an ELF header, or a NUL byte in the first
// line (two lines after a #! line).
func isBinaryFile(b []byte) bool {
	if bytes.HasPrefix(b, []byte("\x7fELF")) {
		return true
	}
	lines := 1
	if bytes.HasPrefix(b, []byte("#!")) {
		lines = 2
	}
	for _, c := range b {
		if c == '\n' {
			if lines--; lines == 0 {
				return false
			}
		}
		if c == 0 {
			return true
		}
	}
	return false
}

var errBinary = errors.New("cannot execute binary file: Exec format error")

// startProcess spawns path with the runner's cwd, umask and fds.
func (r *Runner) startProcess(path string, args, env []string) (*os.Process, error) {
	return r.spawn(path, args, env, false)
}

// startProgram is startProcess for a program the shell runs as a command:
// it starts under the subshell's ulimit overlay, where startProcess
// starts a process (a job's or a script's nash) before the overlay is
// applied to it.
func (r *Runner) startProgram(path string, args, env []string) (*os.Process, error) {
	return r.spawn(path, args, env, true)
}

// spawn starts path; a program (program true) gets the ulimit overlay
// before it starts.
func (r *Runner) spawn(path string, args, env []string, program bool) (*os.Process, error) {
	// the program may rename the directory: what liveDir found until
	// it started, during this spawn too, is to be checked again
	defer r.sh.spawnGen.Add(1)
	// the path is executed as given, a relative one from the runner's
	// directory (the child's cwd), as bash's execve does: a script's
	// interpreter gets it as the script name ($0 of ./x.sh is ./x.sh)
	abs := path
	switch {
	case r.execBuiltin:
		// the exec builtin's full pathname (see replaceProcess)
		abs = r.absPath(strings.TrimPrefix(path, "./"))
	case strings.HasPrefix(path, "/"):
		abs = r.absPath(path) // /dev/fd/N is the runner's fd N
		if rest, ok := strings.CutPrefix(abs, "/proc/self/fd/"); ok {
			// execve runs in the child, whose /proc/self is its own
			// and has not that fd: the shell's own table names it
			abs = selfProcFd + rest
		}
	}
	if r.asyncExternal && r.jobSig != nil {
		env = r.jobSig.ignoredEnv(env, r.asyncIgnores())
	}
	if (r.execTailNow() != nil && (r.pipePos == nil || r.pipeParen) || r.asyncExternal) && !r.execBuiltin {
		// bash runs these in the process it forked, without a fork of
		// their own
		env = noForkSHLVL(env)
	}
	// a nil slot (a closed fd, standard ones included) is closed in the
	// child: os.StartProcess, unlike os/exec, opens no /dev/null for it
	files := r.fds.files()
	if program {
		files = r.fds.programFiles()
	}
	k, keep := inPlaceTail(files)
	sys, fgJob := r.sysProcAttr()
	attr := &os.ProcAttr{
		Env:   env,
		Files: files[:k],
		Sys:   sys,
	}
	if !r.inCwd {
		attr.Dir = r.spawnDir()
		r.readyDirThread(attr.Dir)
	}
	ign := r.spawnIgnores()
	dfl := r.subshellDefaults(ign)
	start := func(attr *os.ProcAttr) (*os.Process, error) {
		if program && r.rlimits != nil && dfl == nil && execstage.Available() && predictExec(r.absPath(abs)) == execRuns {
			if p, ok, err := r.startLimited(abs, args, attr, files, ign); ok {
				return p, err
			}
		}
		p, err := r.startPlain(abs, args, attr, files, keep, ign, dfl)
		fg := attr.Sys.Foreground
		if err != nil && fg {
			// the child took the terminal and then its exec failed (a
			// file without x, or without #! for runAsScript): the shell
			// takes it back from the dead group
			if t := r.sh.term; t != nil {
				tcsetpgrp(t.fd, t.shellPgrp)
			}
			// or the terminal could not be given (it changed hands
			// since fgTerm looked): bash's child goes on without it
			a := *attr
			a.Sys, fg = &syscall.SysProcAttr{Setpgid: true}, false
			p, err = r.startPlain(abs, args, &a, files, keep, ign, dfl)
		}
		if err == nil && fgJob {
			r.fgGroup, r.fgTermGiven = p.Pid, fg
		}
		return p, err
	}
	p, err := start(attr)
	if err != nil {
		if tp, ok, terr := r.startInDirThread(err, attr, start); ok {
			p, err = tp, terr
		}
	}
	if err == nil && r.rlimits != nil {
		r.applyRlimits(p.Pid)
	}
	return p, err
}

// startPlain starts abs with attr, through a fast stage if it must
// start with signals ign ignored or dfl at their default.
func (r *Runner) startPlain(abs string, args []string, attr *os.ProcAttr, files []*os.File, keep, ign, dfl []int) (*os.Process, error) {
	if (ign != nil || dfl != nil) && execstage.Available() && predictExec(r.absPath(abs)) == execRuns {
		if p, ok, err := r.startStaged(abs, args, attr, files, ign, dfl); ok {
			return p, err
		}
	}
	umask := r.umask != processUmaskCached()
	if !umask && len(keep) == 0 {
		return startShared(abs, args, attr)
	}
	spawnMu.Lock()
	defer spawnMu.Unlock()
	for _, fd := range keep {
		syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_SETFD, 0)
	}
	if umask {
		old := syscall.Umask(r.umask)
		defer syscall.Umask(old)
	}
	p, err := os.StartProcess(abs, args, attr)
	for _, fd := range keep {
		syscall.RawSyscall(syscall.SYS_FCNTL, uintptr(fd), syscall.F_SETFD, syscall.FD_CLOEXEC)
	}
	return p, err
}

// startShared starts a process holding spawnMu shared: it must not
// inherit the descriptors a concurrent spawn passes in place.
func startShared(path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
	spawnMu.RLock()
	defer spawnMu.RUnlock()
	return os.StartProcess(path, argv, attr)
}

// inPlaceTail shortens a child's descriptor list when its end holds only
// descriptors already at their own number (an inherited fd 251, say) and
// closed slots: the child closes every closed slot below the list's end
// itself (some 240 system calls a spawn under a harness holding fd 251),
// while any descriptor beyond the list is gone at exec anyway, being
// close-on-exec, as all of this process's are. It returns the length to
// pass and the descriptors beyond it that the child must inherit in
// place (their close-on-exec flag cleared while it starts).
func inPlaceTail(files []*os.File) (int, []int) {
	k := len(files)
	nils := 0
	for k > 3 {
		f := files[k-1]
		if f == nil {
			nils++
		} else if int(f.Fd()) != k-1 {
			break
		}
		k--
	}
	if nils < 16 {
		return len(files), nil // not worth the exclusive lock
	}
	var keep []int
	lo, hi := childScratch(files, k)
	for i := k; i < len(files); i++ {
		if files[i] == nil {
			continue
		}
		if i >= lo && i < hi {
			// the child would dup over it before exec: pass it in the
			// list instead, which moves the scratch range past it
			k, keep = i+1, keep[:0]
			lo, hi = childScratch(files, k)
			continue
		}
		keep = append(keep, i)
	}
	return k, keep
}

// childScratch returns the descriptor numbers [lo, hi) that the forked
// child of os.StartProcess(…, Files: files[:k]) may dup over before exec:
// syscall's forkAndExecInChild moves its error pipe and every file whose
// number is below its slot to numbers counting up from one past both k
// and the highest number passed. A descriptor kept in place there would
// be replaced (found as an inherited fd 10 missing in a lastpipe
// element once `exec 0<&-` let the error pipe take a low number).
func childScratch(files []*os.File, k int) (lo, hi int) {
	lo = k
	moves := 2 // the error pipe, and the number skipped for it
	for i, f := range files[:k] {
		if f == nil {
			continue
		}
		fd := int(f.Fd())
		if fd > lo {
			lo = fd
		}
		if fd < i {
			moves++
		}
	}
	lo++
	return lo, lo + moves
}

// sysProcAttr returns the process attributes of a program about to
// start: under job control an asynchronous job's program leads a group
// of its own, and so does a foreground program the shell itself runs,
// which also gets the terminal before it executes when the shell owns
// one (bash's make_child, in the child, so that it cannot read the
// terminal first). fgJob reports the foreground case, whose wait is
// to know it (fgGroup).
func (r *Runner) sysProcAttr() (sys *syscall.SysProcAttr, fgJob bool) {
	if !r.execBuiltin && r.fgStoppable() {
		if t := r.fgTerm(); t != nil {
			return &syscall.SysProcAttr{Setpgid: true, Foreground: true, Ctty: t.fd}, true
		}
		return &syscall.SysProcAttr{Setpgid: true}, true
	}
	return &syscall.SysProcAttr{Setpgid: r.ownPgrp}, false
}

var (
	umaskOnce  sync.Once
	umaskValue int
)

// processUmaskCached reads the process umask once from /proc.
func processUmaskCached() int {
	umaskOnce.Do(func() { umaskValue = readUmask() })
	return umaskValue
}

func readUmask() int {
	b, err := readFileRaw("/proc/self/status")
	if err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "Umask:") {
				var m int
				for _, c := range strings.TrimSpace(line[6:]) {
					m = m*8 + int(c-'0')
				}
				return m
			}
		}
	}
	return 0o022
}

// waitProcess waits for a foreground child, forwarding signal traps, and
// returns its status as bash reports it.
func (r *Runner) waitProcess(p *os.Process, args []string) ExecResult {
	start := time.Now()
	if j := r.bgJob; j != nil {
		j.inChild.Add(1)
		defer j.inChild.Add(-1)
		if r.execTailNow() != nil || r.asyncExternal {
			// (an asynchronous external command is the job's last)
			j.inTail.Store(true)
		}
	}
	mark, catching := r.beginFgWait()
	if t := r.execTailNow(); t != nil && t.top && !r.isSub && ownsSignals() && !r.forwarding {
		defer r.forwardToTail(p.Pid)()
	}
	st, err, ok, stop := r.waitForeground(p, catching)
	ownGroup := r.fgGroup == p.Pid
	if ownGroup {
		r.fgGroup = 0
	}
	if ownGroup && r.fgTermGiven {
		r.fgTermGiven = false
		signaled := stop != 0
		if st != nil {
			ws, _ := st.Sys().(syscall.WaitStatus)
			signaled = signaled || ws.Signaled()
		}
		r.sh.term.takeBack(signaled)
		r.jobWinSize()
	} else if r.sh.noTTY != nil && (stop != 0 || st != nil && st.Sys().(syscall.WaitStatus).Signaled()) {
		r.tailReporter().ttyStateAfterJob()
	}
	if r.sh.intCh != nil && st != nil && r.job == nil {
		// (a background job's program is not the shell's foreground:
		// its death by SIGINT interrupts nothing)
		r.childInterrupted(st)
	}
	if ok {
		r.sh.fgWaits.Add(1)
		defer r.reapCoprocs(true) // bash's wait_for cleans up dead jobs
	}
	if s := r.sh.sigs; s != nil && ok && r.bgJob == nil && !r.async {
		// a trapped signal that arrived while the child ran is pending
		// before the next command (bash's handler has run by then)
		var killedBy syscall.Signal
		if err == nil && st != nil {
			if ws, _ := st.Sys().(syscall.WaitStatus); ws.Signaled() {
				killedBy = ws.Signal()
			}
		}
		s.settle(killedBy)
		if r.isSub {
			// the subshell's parent takes it (termBeforeStatus)
		} else if sig := s.takeTerm(catching); sig != 0 && r.termNow(sig) {
			ok = false // as if it came during the wait
		}
	}
	interrupted := false
	if catching {
		byInt := false
		if ok && err == nil && st != nil {
			ws, _ := st.Sys().(syscall.WaitStatus)
			byInt = ws.Signaled() && ws.Signal() == syscall.SIGINT
		}
		interrupted = r.endFgWait(mark, byInt)
	}
	res := ExecResult{Pid: p.Pid, Duration: time.Since(start)}
	if stop != 0 {
		res.Status = r.stoppedForeground(p, stop, args, ownGroup)
		return res
	}
	if !ok {
		// the shell is dying of a signal (termsigExit)
		res.Status = r.exitCode
		return res
	}
	if err != nil {
		r.exit = 127
		res.Status = 127
		return res
	}
	ws := st.Sys().(syscall.WaitStatus)
	switch {
	case ws.Exited():
		r.exit = ws.ExitStatus()
	case ws.Signaled():
		sig := ws.Signal()
		if interrupted && sig == syscall.SIGINT && r.pipePos == nil && r.interruptedWait() {
			// with $? still the previous command's for the EXIT trap,
			// as bash's handler runs inside wait_for (in a pipeline's
			// stage the pipeline decides, see endPipelineWait)
			res.Status = r.exitCode
			return res
		}
		r.exit = 128 + int(sig)
		if j := r.job; j != nil && r.asyncExternal {
			// the program is the job: it died by the signal
			j.setKilledBy(sig, ws.CoreDump())
		}
		r.reportSignal(p.Pid, sig, ws.CoreDump(), args)
		if sig == syscall.SIGINT && r.execTailNow() != nil {
			r.tailInt = true
		}
		r.monitorJobInterrupted(sig)
	default:
		r.exit = 1
	}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok && ru != nil {
		res.Rusage = &RUsage{UserTime: time.Duration(ru.Utime.Nano()), SysTime: time.Duration(ru.Stime.Nano()), MaxRSSKiB: ru.Maxrss}
	}
	res.Status = r.exit
	r.forkedChildEnded()
	r.notifyAfterChild()
	return res
}

// jobIntNewline prints the newline bash's wait_for prints after the ^C
// the terminal echoed when a foreground job dies of SIGINT, only for a
// job started with job control by an interactive shell (monitorint.go),
// and not when the shell's own handling of the interrupt, which abandons
// the command line, prints it (INT untrapped).
func (r *Runner) jobIntNewline() {
	if r.opts.on(optMonitor) && r.sh.interactive && !r.isSub && (r.sh.intCh == nil || r.hasTrapEntry("INT")) {
		r.fds.writer(2).Write([]byte("\n"))
	}
}

// reportSignal prints bash's message for a foreground child killed by a
// signal (jobs.c notify_of_job_status, built with DONT_REPORT_SIGTERM and
// DONT_REPORT_SIGPIPE): "NAME: line N:  PID Desc<pad to 24>command" for
// signals other than INT, TERM and PIPE that the shell does not trap;
// just the description for TERM or a trapped signal; nothing for PIPE,
// nor for INT without job control.
// In a background job the message waits for `wait` in the parent.
func (r *Runner) reportSignal(pid int, sig syscall.Signal, core bool, args []string) {
	if t := r.execTailNow(); t != nil && t.top {
		r.sh.tailSignal = sig
		return
	}
	if r.quietNotices() {
		return
	}
	if r.ownsStageProcess() {
		*r.stageDeath = stageDeath{pid: pid, sig: sig, core: core}
		return // the pipeline reports its job as a whole
	}
	if sig == syscall.SIGINT {
		if r.job == nil {
			r.jobIntNewline()
		}
		return
	}
	if sig == syscall.SIGPIPE {
		return
	}
	if rep := r.tailReporter(); rep.interactiveShell() {
		rep.interactiveDeathNotice(sig, core)
		return
	}
	trapped := r.traps != nil && !r.traps.inherited && r.traps.m[signalName(int(sig))] != ""
	if sig == syscall.SIGTERM || trapped {
		if r.job != nil {
			return // not a foreground job: nothing is printed
		}
		r.signalNotice(r.noticeWriter(), sig, core)
		return
	}
	desc := signalDescription(sig)
	cmd := r.bashCommandText()
	if j := r.job; j != nil && r.asyncExternal {
		// the program is the job: bash's notice names the job (a
		// coprocess's is "coproc NAME cmd")
		cmd = j.cmd
	}
	if cmd == "" {
		cmd = join(args, " ")
	}
	out := r
	if t := r.execTailNow(); t != nil && (t.whole != nil || t.text != "") {
		// bash ran this command in place of the ( ) subshell: the
		// shell that made the subshell reports it, with the subshell's
		// text, on its own stderr
		cmd = t.noticeText()
		if t.parent != nil {
			out = t.parent
		}
	}
	r.deathNotice(out, pid, desc, core, cmd)
}

// tailReporter is the shell whose job a program r waits for is: the
// shell that made the ( ) subshell when bash would have run the program
// in that subshell's place, else r.
func (r *Runner) tailReporter() *Runner {
	if t := r.execTailNow(); t != nil && t.parent != nil && (t.whole != nil || t.text != "") {
		return t.parent
	}
	return r
}

// interactiveShell is bash's interactive_shell: on in an interactive
// shell and the subshells it makes, process substitutions included, but
// not in an asynchronous one (execute_in_subshell turns it off there).
func (r *Runner) interactiveShell() bool {
	return r.sh.interactive && !r.asyncShell
}

// interactiveDeathNotice is notify_of_job_status, in an interactive
// shell, for a foreground job that died of sig (not SIGINT or SIGPIPE):
// the description alone, and only where job control is on, so neither
// in a subshell nor after set +m. A background job's death is reported
// by the job notices.
func (r *Runner) interactiveDeathNotice(sig syscall.Signal, core bool) {
	if r.isSub || !r.opts.on(optMonitor) || r.job != nil {
		return
	}
	r.signalNotice(r.noticeWriter(), sig, core)
}

// signalNotice is notify_of_job_status's notice for a foreground job
// that died of sig when it names no command: the signal's description
// alone, "(core dumped)" after it, to w, or held with the other notices
// while they are (holdNotice).
func (r *Runner) signalNotice(w io.Writer, sig syscall.Signal, core bool) {
	desc := signalDescription(sig)
	if core {
		desc += " (core dumped)"
	}
	if !r.holdNotice(desc, true) {
		w.Write([]byte(desc + "\n"))
	}
}

// deathNotice is bash's notice for a foreground process pid killed by
// the signal described by desc: "  PID Desc<pad>(core dumped) cmd". A
// background job keeps it for its end; otherwise out prints it.
func (r *Runner) deathNotice(out *Runner, pid int, desc string, core bool, cmd string) {
	msg := padLeft(itoa(int64(pid)), 5) + " " + desc
	if pad := 24 - len(desc); pad > 0 {
		msg += strings.Repeat(" ", pad)
	}
	if core {
		msg += "(core dumped) "
	}
	msg += cmd
	if j := r.job; j != nil {
		j.mu.Lock()
		j.deathMsg = msg
		j.mu.Unlock()
		return
	}
	if out.holdNotice(msg, false) {
		return
	}
	out.noticeWriter().Write([]byte(out.noticePrefix() + msg + "\n"))
}

// noticeWriter is where a notice of a foreground program's death goes:
// the shell's stderr from before the program's own redirections.
func (r *Runner) noticeWriter() io.Writer {
	if r.noticeFds != nil {
		return r.noticeFds.writer(2)
	}
	return r.fds.writer(2)
}

// execFailed reports why a program could not start and returns bash's
// status for it.
func (r *Runner) execFailed(path, name string, err error) (st int) {
	r.childMsg, r.childPiped = true, false
	defer func() {
		if r.childPiped {
			st = 128 + int(syscall.SIGPIPE) // the child bash forked died
		}
		r.childMsg, r.childPiped = false, false
	}()
	// bash names the pathname it gave execve (shell_execve), the PATH
	// element joined to the name for a command found by a search
	found := name
	if strings.IndexByte(name, '/') < 0 && path != "" {
		name = path
	}
	if err == errBinary {
		r.errorf("%s: %s", name, err.Error())
		return 126
	}
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		r.errorf("%s: %v", name, err)
		return 126
	}
	switch errno {
	case syscall.ENOENT:
		if executableFile(r.absPath(path)) {
			// the file is there: its #! interpreter is not
			r.errorf("%s: cannot execute: required file not found", name)
		} else if strings.IndexByte(name, '/') < 0 && strings.IndexByte(path, '/') >= 0 {
			r.errorf("%s: command not found", r.q().filename(found))
		} else {
			r.errorf("%s: No such file or directory", name)
		}
		return 127
	case syscall.EACCES:
		if fi, err := os.Stat(r.absPath(path)); err == nil && fi.IsDir() {
			r.errorf("%s: Is a directory", name)
			return 126
		}
		if interp := r.shebangOf(path); interp != "" {
			// bash's sys_error: no line number
			io.WriteString(r.fds.writer(2), r.errName()+": "+name+": "+interp+": bad interpreter: Permission denied\n")
			return 126
		}
		r.errorf("%s: Permission denied", name)
		return 126
	case syscall.ENOEXEC:
		return -1
	case syscall.EISDIR:
		r.errorf("%s: Is a directory", name)
		return 126
	}
	r.errorf("%s: %s", name, errnoMessage(errno))
	return 126
}

// shebangOf returns the interpreter named by the #! line of an executable
// file at path, or "".
func (r *Runner) shebangOf(path string) string {
	abs := r.absPath(path)
	if !executableFile(abs) {
		return ""
	}
	head, err := fileHead(abs, kernelHead)
	if err != nil || !bytes.HasPrefix(head, []byte("#!")) {
		return ""
	}
	return shebangInterp(head)
}

func errnoMessage(e syscall.Errno) string {
	s := e.Error()
	if len(s) > 0 {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}
