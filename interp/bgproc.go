package interp

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// bgStateEnv names, in the environment of a nash started to run an
// asynchronous command, the descriptor its state arrives on (RunBgJob).
const bgStateEnv = "NUCLEIC_NASH_BGSTATE"

// BackgroundProcesses makes the Runner run an asynchronous compound
// command or function call as a process of its own, as bash's forked
// subshell is: exe, this nash, is started with argv and reads the
// subshell's state (RunBgJob). Such a job outlives the shell, its $! is
// its pid, and signals reach it. Without this option, or where the
// state cannot be handed over, the job runs in this process.
func BackgroundProcesses(exe string, argv []string) Option {
	return func(r *Runner) error {
		r.sh.bgExe, r.sh.bgArgv = exe, argv
		return nil
	}
}

// wantsBgProcess reports whether st, an asynchronous command, is one to
// run as a process: a compound command, a pipeline or list, or a call
// of a function. Simple commands that run a builtin or an assignment end
// quickly in-process; one external program is a process already.
func (r *Runner) wantsBgProcess(st *syntax.Stmt) bool {
	if r.sh.bgExe == "" || r.cop != nil || r.inDebug {
		return false
	}
	switch cmd := st.Cmd.(type) {
	case nil, *syntax.DeclClause, *syntax.LetClause, *syntax.TestClause, *syntax.ArithmCmd, *syntax.FuncDecl, *syntax.CoprocClause:
		return false
	case *syntax.CallExpr:
		if len(cmd.Args) == 0 {
			return false
		}
		name, ok := r.quietCmdName(cmd.Args[0])
		if !ok {
			return false
		}
		kind, _, _ := r.resolve(name)
		return kind == cmdFunction || kind == cmdExternal && r.fifoTarget(st)
	}
	return true
}

// fifoTarget reports whether a redirection of st names, as a plain word,
// an existing fifo: opening it can wait for its other end, so the
// program's job runs as a process of its own, which opens it and then
// starts the program, with a real pid for $! from the start as bash's
// forked child has.
func (r *Runner) fifoTarget(st *syntax.Stmt) bool {
	for _, rd := range st.Redirs {
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.DplIn, syntax.DplOut:
			continue
		}
		if path, ok := plainLit(rd.Word); ok {
			if fi, err := os.Stat(r.absPath(path)); err == nil && fi.Mode()&os.ModeNamedPipe != 0 {
				return true
			}
		}
	}
	return false
}

// startBgProcess starts the nash that runs st for c, the subshell
// forked for it.
func (c *Runner) startBgProcess(st *syntax.Stmt, job *job) (*os.Process, error) {
	// the state pipe's read end goes to fd n, a report pipe's to n+1
	n := len(c.fds.fds)
	reportW, reportFD := job.watchReport(), 0
	if reportW != nil {
		reportFD = n + 1
	}
	data, err := c.captureBgState(st, reportFD)
	if err != nil {
		if reportW != nil {
			reportW.Close()
		}
		return nil, err
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		if reportW != nil {
			reportW.Close()
		}
		return nil, fmt.Errorf("state pipe: %w", err)
	}
	c.fds.set(n, newShared(pr, true))
	if reportW != nil {
		c.fds.set(n+1, newShared(reportW, true))
	}
	env := c.vars.environ()
	env = append(env[:len(env):len(env)], bgStateEnv+"="+strconv.Itoa(n))
	p, err := c.startProcess(c.bgExecPath(), c.sh.bgArgv, env)
	c.fds.close(n)
	if reportW != nil {
		c.fds.close(n + 1)
	}
	if err != nil {
		pw.Close()
		return nil, fmt.Errorf("starting %s: %w", c.sh.bgExe, err)
	}
	// written now, before the shell may exit: a state larger than the
	// pipe waits for the job to read it, which it does first thing
	if len(data) > 64<<10 {
		syscall.Syscall(syscall.SYS_FCNTL, pw.Fd(), syscall.F_SETPIPE_SZ, uintptr(len(data)))
	}
	pw.Write(data)
	pw.Close()
	return p, nil
}

// watchBgProcess finishes job when its process ends, with bash's status
// for it and, for a signal bash reports, the notice wait prints. With
// untraced (a job under job control) its stops are followed too.
func watchBgProcess(sh *shell, job *job, p *os.Process, untraced bool) {
	var ps *os.ProcessState
	var err error
	if untraced {
		ps, err = watchStops(job, p)
	} else {
		ps, err = parkedWait(p)
	}
	if s := sh.sigs; s != nil && s.catching() {
		// a signal the job sent the shell before it ended (kill $$)
		// reaches the trap table through the runtime's signal
		// goroutines, which the wait may overtake: bash's handler has
		// run by then, and its wait returns for the signal
		time.Sleep(2 * time.Millisecond)
	}
	status := 1
	if err == nil {
		ws := ps.Sys().(syscall.WaitStatus)
		switch {
		case ws.Exited():
			status = ws.ExitStatus()
		case ws.Signaled():
			status = 128 + int(ws.Signal())
			job.diedBy(p.Pid, ws.Signal(), ws.CoreDump())
		}
	}
	job.awaitReport()
	if sig, core := job.lastStageKilled(status); sig != 0 {
		// (the process reported the death itself, as bash would)
		if k, _ := job.killedBy(); k == 0 {
			job.setKilledBy(sig, core)
		}
	}
	job.finish(status)
}

// diedBy records that the process pid running job was killed by sig,
// with the notice wait prints for a signal bash reports.
func (job *job) diedBy(pid int, sig syscall.Signal, core bool) {
	job.setKilledBy(sig, core)
	if sig == syscall.SIGINT || sig == syscall.SIGTERM || sig == syscall.SIGPIPE {
		return
	}
	desc := signalDescription(sig)
	msg := padLeft(itoa(int64(pid)), 5) + " " + desc
	if pad := 24 - len(desc); pad > 0 {
		msg += strings.Repeat(" ", pad)
	}
	if core {
		msg += "(core dumped) "
	}
	job.mu.Lock()
	job.deathMsg = msg + job.cmd
	job.mu.Unlock()
}

// BgJobState reads the state of the asynchronous command this nash was
// started to run (by BackgroundProcesses), from the descriptor
// NUCLEIC_NASH_BGSTATE names, and closes it; ok is false when the
// process was not started for that. It must run before anything else
// looks at the descriptors the process inherited.
func BgJobState() (data []byte, ok bool, err error) {
	v, set := os.LookupEnv(bgStateEnv)
	if !set {
		return nil, false, nil
	}
	os.Unsetenv(bgStateEnv)
	fd, err := strconv.Atoi(v)
	if err != nil || fd < 3 {
		return nil, true, fmt.Errorf("%s: bad descriptor %q", bgStateEnv, v)
	}
	f := os.NewFile(uintptr(fd), "bgstate")
	data, err = io.ReadAll(f)
	f.Close()
	if err != nil {
		return nil, true, fmt.Errorf("reading the job's state: %w", err)
	}
	return data, true, nil
}

// RunBgJob runs the asynchronous command data (from BgJobState)
// describes in a new Runner made with opts, and returns its exit status
// and the signal the process should end by (see KilledBy). setup, if
// not nil, adjusts the Runner once it has the job's state.
func RunBgJob(data []byte, setup func(*Runner), opts ...Option) (int, syscall.Signal, error) {
	r, err := New(opts...)
	if err != nil {
		return 2, 0, err
	}
	st, err := r.restoreBgState(data)
	if err != nil {
		return 2, 0, err
	}
	if setup != nil {
		setup(r)
	}
	fg := asyncBody(st)
	r.asyncInverted = st.Negated
	if r.runsExternal(&fg) {
		// a program with a fifo to open (fifoTarget): kill $! is for
		// it from the start, and it runs as bash's child execs it, in
		// the process's place (no notice of its own when a signal ends
		// it: the process then dies of it for the shell to report)
		defer r.forwardToCommand()()
		r.tail = &execTail{stmt: &fg, top: true}
		r.forwarding = true
	}
	r.stmt(&fg)
	if r.flow == flowNone {
		r.runPendingTraps()
	}
	status := r.finish()
	return status, r.KilledBy(), nil
}

// dollar is $$: the shell's pid, which a nash started for one of its
// asynchronous commands keeps.
func (s *shell) dollar() int {
	if s.dollarPid != 0 {
		return s.dollarPid
	}
	return s.pid
}

// dropSignal makes the process ignore sig by catching it, so that the
// programs it starts get the default action, unlike with SIG_IGN, and do
// not see it as ignored either (sigIgnEnv): bash's asynchronous
// subshell ignores SIGINT that way (its exec restores the original
// disposition). A trap set later for sig is delivered as usual.
func dropSignal(sig syscall.Signal) {
	restoreGoHandler(sig)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sig)
	go func() {
		for range ch {
		}
	}()
}

// catching reports whether some signal is trapped.
func (s *signalState) catching() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.caught) > 0
}
