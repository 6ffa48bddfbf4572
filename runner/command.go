package runner

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/creack/pty"
)

// stdinTimeout bounds one write to a command's stdin.
const stdinTimeout = 5 * time.Second

// command is one running or finished command. Fields set in start are
// read-only afterwards.
type command struct {
	s          *Service
	id         string
	req        Request
	timeout    time.Duration
	marker     []byte // NUCLEIC_CALL_ID=<id>, to attribute stragglers
	cmd        *exec.Cmd
	pid        int // also the process group (and in PTY mode session) id
	started    time.Time
	runtime    Runtime
	cmdDigest  Digest
	session    string
	parent     string
	before     *snapshot
	outR, errR *os.File // read ends owned by the pumps; outR is the PTY master in PTY mode
	stdout     *stream
	stderr     *stream

	stdinMu     sync.Mutex
	stdin       *os.File // pipe write end, or the PTY master; nil if none or closed
	stdinClosed bool     // the caller closed stdin
	ended       bool     // the command ended; stdin is gone

	endOnce sync.Once
	endCh   chan struct{} // closed by end
	reason  string        // StatusTimedOut or StatusCancelled; written before endCh is closed

	done       chan struct{} // closed once receipt is set
	receipt    *Receipt
	stragglers int // written only by the run goroutine
}

// start creates the command and its process. The returned command has not
// started its run goroutine. The error result is named for the deferred
// cleanup; c is local so that cleanup still sees it after `return nil, err`.
func (s *Service) start(req Request, timeout time.Duration) (_ *command, err error) {
	nash, err := s.nashPath()
	if err != nil {
		return nil, err
	}
	sum, err := s.digests.get(nash)
	if err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	id := newID()
	session := req.Env["NUCLEIC_SESSION_ID"]
	if session == "" {
		session = s.cfg.sessionID
	}
	c := &command{
		s: s, id: id, req: req, timeout: timeout,
		marker:    []byte("NUCLEIC_CALL_ID=" + id),
		runtime:   Runtime{Path: nash, BLAKE3: sum},
		cmdDigest: Digest{BLAKE3: hashHex([]byte(req.Cmd)), Size: int64(len(req.Cmd))},
		session:   session,
		parent:    req.Env["NUCLEIC_NASH_SHELL_ID"],
		endCh:     make(chan struct{}),
		done:      make(chan struct{}),
	}
	c.before = scan(req.Cwd, s.limits(), nil)

	// Every fd opened here has one owner: on failure the deferred cleanup
	// closes what was opened; on success the child's ends are closed
	// after Start and the rest belong to c.
	var toClose []*os.File
	defer func() {
		if err != nil {
			for _, f := range toClose {
				f.Close()
			}
			if c.stdout != nil {
				c.stdout.discard()
			}
			if c.stderr != nil {
				c.stderr.discard()
			}
		}
	}()
	if c.stdout, err = newStream("stdout", s.store, s.spoolDir, id); err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}
	if c.stderr, err = newStream("stderr", s.store, s.spoolDir, id); err != nil {
		return nil, fmt.Errorf("runner: %w", err)
	}

	cmd := exec.Command(nash, "-lc", req.Cmd)
	cmd.Dir = req.Cwd
	cmd.Env = s.env(req, id, session)

	if req.PTY {
		var ptmx *os.File
		perr := s.startShell(cmd, func() (e error) {
			ptmx, e = pty.StartWithAttrs(cmd, &pty.Winsize{Rows: 24, Cols: 80},
				&syscall.SysProcAttr{Setsid: true, Setctty: true})
			return e
		})
		if perr != nil {
			err = startError(nash, "on a pty ", perr)
			return nil, err
		}
		c.outR, c.stdin = ptmx, ptmx
	} else {
		var childEnds []*os.File
		pipe := func() (r, w *os.File) {
			if err != nil {
				return nil, nil
			}
			r, w, err = os.Pipe()
			if err == nil {
				toClose = append(toClose, r, w)
			}
			return r, w
		}
		outR, outW := pipe()
		errR, errW := pipe()
		var inR, inW *os.File
		if req.Stdin {
			inR, inW = pipe()
		}
		if err != nil {
			err = fmt.Errorf("runner: pipes: %w", err)
			return nil, err
		}
		cmd.Stdout, cmd.Stderr = outW, errW
		childEnds = append(childEnds, outW, errW)
		if inR != nil {
			cmd.Stdin = inR
			childEnds = append(childEnds, inR)
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if serr := s.startShell(cmd, cmd.Start); serr != nil {
			err = startError(nash, "", serr)
			return nil, err
		}
		for _, f := range childEnds {
			f.Close()
		}
		c.outR, c.errR, c.stdin = outR, errR, inW
	}
	c.cmd, c.pid, c.started = cmd, cmd.Process.Pid, time.Now()
	return c, nil
}

// startError describes a failed start of the shell. E2BIG is the caller's
// doing (a command or environment beyond the kernel's exec limits), so it
// is ErrTooLarge, not a runner failure.
func startError(nash, how string, err error) error {
	if errors.Is(err, syscall.E2BIG) {
		return fmt.Errorf("%w: command and environment exceed the kernel's limits for exec: %v", ErrTooLarge, err)
	}
	return fmt.Errorf("runner: start %s %s%w", nash, how, err)
}

// startShell runs start (which starts cmd) under procMu and records the
// shell's pid, so stragglersOf never sees a started shell it does not know.
func (s *Service) startShell(cmd *exec.Cmd, start func() error) error {
	s.procMu.Lock()
	defer s.procMu.Unlock()
	err := start()
	if err == nil {
		s.shells[cmd.Process.Pid] = true
	}
	return err
}

func (s *Service) limits() scanLimits {
	return scanLimits{files: s.cfg.scanFiles, bytes: s.cfg.scanBytes, skip: filepath.Clean(s.cfg.stateDir)}
}

// end asks the run goroutine to end the process tree, recording why.
func (c *command) end(reason string) {
	c.endOnce.Do(func() {
		c.reason = reason
		close(c.endCh)
	})
}

func (c *command) finished() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

func (c *command) status() Status {
	st := Status{ID: c.id, Pid: c.pid, PTY: c.req.PTY, Stdin: c.req.Stdin || c.req.PTY, StartedAt: c.started, Status: StatusRunning}
	st.StdoutSize, _ = c.stdout.state()
	st.StderrSize, _ = c.stderr.state()
	if c.finished() {
		st.Status, st.Receipt = c.receipt.Status, c.receipt
	}
	return st
}

// run supervises the command from start to receipt.
func (c *command) run() {
	defer c.s.wg.Done()
	var pumps sync.WaitGroup
	pumps.Add(1)
	go func() { defer pumps.Done(); c.stdout.pump(c.outR) }()
	if c.errR != nil {
		pumps.Add(1)
		go func() { defer pumps.Done(); c.stderr.pump(c.errR) }()
	} else {
		c.stderr.pump(eofReader{})
	}
	pumpsDone := make(chan struct{})
	go func() { pumps.Wait(); close(pumpsDone) }()

	waitCh := make(chan error, 1)
	go func() { waitCh <- c.cmd.Wait() }()

	timer := time.NewTimer(c.timeout)
	var killed chan struct{}
	waited := false
	select {
	case <-waitCh:
		waited = true
	case <-timer.C:
		c.end(StatusTimedOut)
	case <-c.endCh:
	}
	timer.Stop()
	if !waited {
		killed = make(chan struct{})
		go func() { defer close(killed); c.killTree() }()
		<-waitCh
	}
	c.s.procMu.Lock()
	delete(c.s.shells, c.pid)
	c.s.procMu.Unlock()
	if killed != nil {
		<-killed
	}

	// The shell is gone. Give the pumps a moment to drain what background
	// jobs still write, then end whatever is left of the tree.
	var errs []string
	drain := time.NewTimer(c.s.cfg.drain)
	select {
	case <-pumpsDone:
	case <-drain.C:
	}
	drain.Stop()
	if c.treeAlive() {
		c.killTree()
	}
	// Nothing may write to stdin from here on; the PTY master (stdin and
	// output at once) is closed with the output below.
	c.stdinMu.Lock()
	if c.stdin != nil && c.stdin != c.outR {
		c.stdin.Close()
	}
	c.stdin, c.ended = nil, true
	c.stdinMu.Unlock()
	cut := time.NewTimer(2 * time.Second)
	select {
	case <-pumpsDone:
	case <-cut.C:
		// Closing the read ends unblocks the pumps.
		errs = append(errs, "output still held open by an unattributed process; streams cut")
	}
	cut.Stop()
	c.outR.Close()
	if c.errR != nil {
		c.errR.Close()
	}
	<-pumpsDone

	r := c.makeReceipt()
	for _, st := range []*stream{c.stdout, c.stderr} {
		if err := st.finalize(); err != nil {
			errs = append(errs, err.Error())
		}
	}
	r.Stdout = Digest{BLAKE3: c.stdout.sum, Size: c.stdout.size}
	r.Stderr = Digest{BLAKE3: c.stderr.sum, Size: c.stderr.size}
	r.Workspace = diff(c.before, scan(c.req.Cwd, c.s.limits(), c.before))
	c.before = nil
	r.Stragglers = c.stragglers
	r.Errors = append(r.Errors, errs...)
	if err := c.s.persist(r); err != nil {
		r.Errors = append(r.Errors, err.Error())
	}
	c.receipt = r
	c.s.finish(c)
	close(c.done)
}

// makeReceipt fills the receipt fields known once the shell was waited for.
func (c *command) makeReceipt() *Receipt {
	end := time.Now()
	r := &Receipt{
		CallID: c.id, SessionID: c.session, ParentShellID: c.parent,
		Command: c.cmdDigest, Cwd: c.req.Cwd, Runtime: c.runtime, PTY: c.req.PTY, Pid: c.pid,
		StartedAt: c.started, EndedAt: end, DurationMs: end.Sub(c.started).Milliseconds(),
		Timeout: c.timeout.Seconds(),
	}
	ws, _ := c.cmd.ProcessState.Sys().(syscall.WaitStatus)
	switch {
	case ws.Signaled():
		r.ExitCode = 128 + int(ws.Signal())
		r.Signal = signalName(ws.Signal())
		r.Status = StatusSignaled
	default:
		r.ExitCode = ws.ExitStatus()
		r.Status = StatusExited
	}
	select {
	case <-c.endCh:
		r.Status = c.reason
	default:
	}
	return r
}

// persist writes r under receipts/<id>.json, read-only.
func (s *Service) persist(r *Receipt) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("runner: receipt %s: %w", r.CallID, err)
	}
	path := filepath.Join(s.receiptDir, r.CallID+".json")
	if err := os.WriteFile(path, append(b, '\n'), 0o444); err != nil {
		return fmt.Errorf("runner: receipt %s: %w", r.CallID, err)
	}
	return nil
}

// treeAlive reports whether anything of the command's tree still runs.
func (c *command) treeAlive() bool {
	return groupAlive(c.pid) || len(c.s.stragglersOf(c)) > 0
}

// killTree ends the command's process group and its stragglers: SIGTERM,
// then SIGKILL to whatever is left after the grace period, until nothing
// is left (or 5 s after SIGKILL, for processes stuck in the kernel).
func (c *command) killTree() {
	deadline := time.Now().Add(c.s.cfg.grace)
	hard := deadline.Add(5 * time.Second)
	sent := map[int]syscall.Signal{} // pid (-pgid for the group) -> last signal
	seen := map[int]bool{}
	for {
		members := c.s.stragglersOf(c)
		alive := groupAlive(c.pid)
		if !alive && len(members) == 0 {
			return
		}
		now := time.Now()
		if now.After(hard) {
			return
		}
		sig := syscall.SIGTERM
		if now.After(deadline) {
			sig = syscall.SIGKILL
		}
		if alive && (sent[-c.pid] != sig || sig == syscall.SIGKILL) {
			syscall.Kill(-c.pid, sig)
			sent[-c.pid] = sig
		}
		for _, pid := range members {
			if !seen[pid] {
				seen[pid] = true
				c.stragglers++
			}
			if sent[pid] != sig || sig == syscall.SIGKILL {
				syscall.Kill(pid, sig)
				sent[pid] = sig
			}
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// stragglersOf returns the live processes outside the runner's shells that
// belong to c's tree: with the subreaper, children of this process in c's
// group or session or carrying c's marker; without it, any process with
// c's marker. Zombie orphans met on the way are reaped.
func (s *Service) stragglersOf(c *command) []int {
	s.procMu.Lock()
	defer s.procMu.Unlock()
	var out []int
	for _, pid := range ownChildren() {
		if s.shells[pid] {
			continue
		}
		p, err := readStat(pid)
		if err != nil {
			continue
		}
		if p.state == 'Z' {
			// Not a shell of ours and not in our own group: an orphan
			// reparented to us by the subreaper (reapOrphans does the same
			// on SIGCHLD).
			if p.pgrp != s.ownPgrp {
				reapPid(pid)
			}
			continue
		}
		if p.pgrp == c.pid || p.sid == c.pid || hasMarker(pid, c.marker) {
			out = append(out, pid)
		}
	}
	if !s.subreaper {
		self := os.Getpid()
		for _, pid := range allPids() {
			if pid != self && !s.shells[pid] && hasMarker(pid, c.marker) {
				if p, err := readStat(pid); err == nil && p.state != 'Z' {
					out = append(out, pid)
				}
			}
		}
	}
	return out
}

func (c *command) writeStdin(p []byte) (int, error) {
	c.stdinMu.Lock()
	defer c.stdinMu.Unlock()
	if err := c.stdinUsable(); err != nil {
		return 0, err
	}
	c.stdin.SetWriteDeadline(time.Now().Add(stdinTimeout))
	n, err := c.stdin.Write(p)
	switch {
	case err == nil:
		return n, nil
	case errors.Is(err, os.ErrDeadlineExceeded):
		return n, fmt.Errorf("%w: wrote %d of %d bytes; the program is not reading", ErrBlocked, n, len(p))
	case errors.Is(err, syscall.EPIPE), errors.Is(err, syscall.EIO):
		return n, fmt.Errorf("%w: the program closed its input", ErrConflict)
	default:
		return n, fmt.Errorf("runner: write stdin: %w", err)
	}
}

func (c *command) stdinUsable() error {
	switch {
	case c.ended:
		return fmt.Errorf("%w: command %s finished", ErrConflict, c.id)
	case !c.req.Stdin && !c.req.PTY:
		return fmt.Errorf("%w: command %s was started without stdin", ErrConflict, c.id)
	case c.stdinClosed:
		return fmt.Errorf("%w: stdin of %s is closed", ErrConflict, c.id)
	}
	return nil
}

func (c *command) closeStdin() error {
	c.stdinMu.Lock()
	defer c.stdinMu.Unlock()
	if err := c.stdinUsable(); err != nil {
		return err
	}
	c.stdinClosed = true
	if c.req.PTY {
		c.stdin.SetWriteDeadline(time.Now().Add(stdinTimeout))
		if _, err := c.stdin.Write([]byte{4}); err != nil {
			return fmt.Errorf("runner: send EOF: %w", err)
		}
		return nil
	}
	if err := c.stdin.Close(); err != nil {
		return fmt.Errorf("runner: close stdin: %w", err)
	}
	c.stdin = nil
	return nil
}

func (c *command) signal(sig syscall.Signal) error {
	if c.finished() {
		return fmt.Errorf("%w: command %s finished", ErrConflict, c.id)
	}
	if err := syscall.Kill(-c.pid, sig); err != nil {
		if errors.Is(err, syscall.ESRCH) {
			return fmt.Errorf("%w: command %s has no processes left", ErrConflict, c.id)
		}
		return fmt.Errorf("runner: signal %s: %w", c.id, err)
	}
	return nil
}

// eofReader is an empty source: the stderr stream of a PTY command.
type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

func base64Std(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
