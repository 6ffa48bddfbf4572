package runner

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"
)

// Errors returned by Service methods; the HTTP layer maps them to status
// codes. Returned errors wrap these with context.
var (
	ErrBadRequest = errors.New("bad request")               // 400
	ErrNotFound   = errors.New("not found")                 // 404
	ErrConflict   = errors.New("conflict")                  // 409: wrong state (finished, stdin closed or not enabled, still running)
	ErrTooLarge   = errors.New("too large")                 // 413
	ErrRange      = errors.New("offset out of range")       // 416
	ErrBusy       = errors.New("too many running commands") // 429
	ErrBlocked    = errors.New("stdin would block")         // 503: the program does not read its input
	ErrClosed     = errors.New("runner is shutting down")   // 503
)

// Request describes a command to start. It is also the JSON body of
// POST /v1/commands.
type Request struct {
	// Cmd is the command text, run as `<nash> -lc Cmd`. Required; at most
	// WithMaxCommandBytes bytes; no NUL bytes.
	Cmd string `json:"cmd"`
	// Cwd is an absolute directory; empty means the service default.
	Cwd string `json:"cwd,omitempty"`
	// Env holds additions to (and overrides of) the base environment.
	// NUCLEIC_CALL_ID is always set by the runner and cannot be overridden.
	Env map[string]string `json:"env,omitempty"`
	// TimeoutS is the timeout in seconds; 0 means the service default.
	TimeoutS float64 `json:"timeout_s,omitempty"`
	// PTY runs the command on a pseudo-terminal (24x80): stdin, stdout and
	// stderr are the terminal, all output arrives on the stdout stream and
	// stdin can always be written.
	PTY bool `json:"pty,omitempty"`
	// Stdin gives the command a pipe as stdin that the caller writes to;
	// without it (and without PTY) stdin is /dev/null.
	Stdin bool `json:"stdin,omitempty"`
}

// Status is the state of a command. Receipt is set once it finished.
type Status struct {
	ID         string    `json:"id"`
	Pid        int       `json:"pid"`
	PTY        bool      `json:"pty"`
	Stdin      bool      `json:"stdin"`
	StartedAt  time.Time `json:"started_at"`
	Status     string    `json:"status"`
	StdoutSize int64     `json:"stdout_size"`
	StderrSize int64     `json:"stderr_size"`
	Receipt    *Receipt  `json:"receipt,omitempty"`
}

// Output is one bounded, redacted chunk of a stream.
type Output struct {
	Stream string `json:"stream"`
	// Offset is where the chunk starts and NextOffset where the next poll
	// should start, both in raw bytes of the stream.
	Offset     int64 `json:"offset"`
	NextOffset int64 `json:"next_offset"`
	// Size is the number of bytes the stream holds so far.
	Size int64 `json:"size"`
	// EOF is set when the stream ended and NextOffset == Size: nothing
	// more will come.
	EOF bool `json:"eof"`
	// Encoding is "utf-8" when Data is the text itself, "base64" when the
	// chunk is not valid UTF-8 (binary output).
	Encoding string `json:"encoding"`
	Data     string `json:"data"`
	// Redacted is set when masking changed the chunk.
	Redacted bool `json:"redacted"`
	// Artifact is the BLAKE3 of the whole stream once it is final.
	Artifact string `json:"artifact,omitempty"`
}

// Service runs commands and keeps their state. It is safe for concurrent
// use. Create it with New and release it with Close.
type Service struct {
	cfg        config
	store      *artifactStore
	spoolDir   string
	receiptDir string
	digests    digestCache
	ownPgrp    int
	subreaper  bool

	// procMu serialises process creation with the reaping of orphans, so
	// a shell that exits at once is never reaped by the orphan sweep.
	procMu sync.Mutex
	shells map[int]bool // pids of started shells not yet waited for

	reaperStop chan struct{} // closed by Close; nil without subreaper
	reaperDone chan struct{}

	mu       sync.Mutex
	cmds     map[string]*command
	finished []string // ids of finished commands still in cmds, oldest first
	running  int
	closed   bool
	wg       sync.WaitGroup
}

// New creates a Service. It creates the state directory (mode 0700) with
// its spool, artifacts and receipts subdirectories, and, unless
// WithSubreaper(false), marks the process a child subreaper.
func New(opts ...Option) (*Service, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		o(&cfg)
	}
	if cfg.stateDir == "" || !filepath.IsAbs(cfg.stateDir) {
		return nil, fmt.Errorf("runner: state dir %q is not absolute", cfg.stateDir)
	}
	if cfg.redact == nil {
		cfg.redact = redactBytes
	}
	s := &Service{
		cfg:        cfg,
		store:      &artifactStore{dir: filepath.Join(cfg.stateDir, "artifacts")},
		spoolDir:   filepath.Join(cfg.stateDir, "spool"),
		receiptDir: filepath.Join(cfg.stateDir, "receipts"),
		ownPgrp:    syscall.Getpgrp(),
		shells:     map[int]bool{},
		cmds:       map[string]*command{},
	}
	for _, d := range []string{cfg.stateDir, s.store.dir, s.spoolDir, s.receiptDir} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, fmt.Errorf("runner: state dir: %w", err)
		}
	}
	if cfg.subreaper {
		if err := setSubreaper(); err == nil {
			s.subreaper = true
			s.reaperStop = make(chan struct{})
			s.reaperDone = make(chan struct{})
			go s.reapLoop(s.reaperStop)
		}
	}
	return s, nil
}

// reapLoop reaps orphans that exit while no command is being swept: on
// every SIGCHLD, untracked zombie children outside this process's group
// are collected (see stragglersOf).
func (s *Service) reapLoop(stop <-chan struct{}) {
	defer close(s.reaperDone)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGCHLD)
	defer signal.Stop(ch)
	for {
		select {
		case <-ch:
			s.reapOrphans()
		case <-stop:
			return
		}
	}
}

// reapOrphans collects the exit status of zombie children that are not
// the runner's shells and not in this process's own process group.
func (s *Service) reapOrphans() {
	s.procMu.Lock()
	defer s.procMu.Unlock()
	for _, pid := range ownChildren() {
		if s.shells[pid] {
			continue
		}
		if p, err := readStat(pid); err == nil && p.state == 'Z' && p.pgrp != s.ownPgrp {
			reapPid(pid)
		}
	}
}

// nashPath resolves the shell binary to an absolute path.
func (s *Service) nashPath() (string, error) {
	p := s.cfg.nashPath
	if p == "" {
		if exe, err := os.Executable(); err == nil {
			cand := filepath.Join(filepath.Dir(exe), "nash")
			if fi, err := os.Stat(cand); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
				return cand, nil
			}
		}
		p = "nash"
	}
	if !strings.Contains(p, "/") {
		lp, err := exec.LookPath(p)
		if err != nil {
			return "", fmt.Errorf("runner: shell: %w", err)
		}
		p = lp
	}
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("runner: shell: %w", err)
	}
	return abs, nil
}

func newID() string {
	var b [12]byte
	rand.Read(b[:])
	return "c-" + hex.EncodeToString(b[:])
}

func validID(id string) bool {
	return len(id) == 26 && strings.HasPrefix(id, "c-") && validHexLen(id[2:])
}

func validHexLen(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// validate checks req and fills in defaults. It returns the timeout.
func (s *Service) validate(req *Request) (time.Duration, error) {
	if len(req.Cmd) > s.cfg.maxCommand {
		return 0, fmt.Errorf("%w: command is %d bytes, limit %d", ErrTooLarge, len(req.Cmd), s.cfg.maxCommand)
	}
	if strings.TrimSpace(req.Cmd) == "" {
		return 0, fmt.Errorf("%w: cmd is empty", ErrBadRequest)
	}
	if strings.IndexByte(req.Cmd, 0) >= 0 {
		return 0, fmt.Errorf("%w: cmd contains a NUL byte", ErrBadRequest)
	}
	if req.Cwd == "" {
		req.Cwd = s.cfg.defaultCwd
	}
	if !filepath.IsAbs(req.Cwd) {
		return 0, fmt.Errorf("%w: cwd %q is not absolute", ErrBadRequest, req.Cwd)
	}
	req.Cwd = filepath.Clean(req.Cwd)
	if fi, err := os.Stat(req.Cwd); err != nil || !fi.IsDir() {
		return 0, fmt.Errorf("%w: cwd %q is not a directory", ErrBadRequest, req.Cwd)
	}
	for k, v := range req.Env {
		if k == "" || strings.ContainsAny(k, "=\x00") {
			return 0, fmt.Errorf("%w: bad env name %q", ErrBadRequest, k)
		}
		if strings.IndexByte(v, 0) >= 0 {
			return 0, fmt.Errorf("%w: env %s contains a NUL byte", ErrBadRequest, k)
		}
	}
	switch {
	case req.TimeoutS < 0 || req.TimeoutS != req.TimeoutS:
		return 0, fmt.Errorf("%w: timeout_s must be >= 0", ErrBadRequest)
	case req.TimeoutS == 0:
		return s.cfg.defaultTimeout, nil
	case req.TimeoutS > s.cfg.maxTimeout.Seconds():
		return 0, fmt.Errorf("%w: timeout_s %g exceeds the limit %g", ErrBadRequest, req.TimeoutS, s.cfg.maxTimeout.Seconds())
	}
	return time.Duration(req.TimeoutS * float64(time.Second)), nil
}

// env builds the command's environment: the base environment, then the
// request's additions, then the runner's own variables.
func (s *Service) env(req Request, id, session string) []string {
	base := s.cfg.baseEnv
	if base == nil {
		base = os.Environ()
	}
	over := map[string]string{}
	for k, v := range req.Env {
		over[k] = v
	}
	over["NUCLEIC_CALL_ID"] = id
	if session != "" {
		over["NUCLEIC_SESSION_ID"] = session
	}
	if req.PTY {
		if _, ok := over["TERM"]; !ok && os.Getenv("TERM") == "" {
			over["TERM"] = "xterm-256color"
		}
	}
	out := make([]string, 0, len(base)+len(over))
	at := map[string]int{} // a later duplicate in base wins, as in os/exec
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		if _, ok := over[k]; ok {
			continue
		}
		if i, ok := at[k]; ok {
			out[i] = kv
			continue
		}
		at[k] = len(out)
		out = append(out, kv)
	}
	for k, v := range over {
		out = append(out, k+"="+v)
	}
	return out
}

// Start validates req and starts the command. It returns once the shell
// process exists; the command then runs on its own until it ends, times
// out or is terminated.
func (s *Service) Start(req Request) (Status, error) {
	timeout, err := s.validate(&req)
	if err != nil {
		return Status{}, err
	}
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		return Status{}, ErrClosed
	case s.running >= s.cfg.maxRunning:
		s.mu.Unlock()
		return Status{}, fmt.Errorf("%w: %d running", ErrBusy, s.running)
	}
	s.running++
	s.mu.Unlock()

	c, err := s.start(req, timeout)
	if err != nil {
		s.mu.Lock()
		s.running--
		s.mu.Unlock()
		return Status{}, err
	}
	s.mu.Lock()
	s.cmds[c.id] = c
	s.mu.Unlock()
	s.wg.Add(1)
	go c.run()
	return c.status(), nil
}

// lookup returns the in-memory command id, or nil if it is not (or no
// longer) in memory.
func (s *Service) lookup(id string) *command {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cmds[id]
}

func (s *Service) mustLookup(id string) (*command, error) {
	if c := s.lookup(id); c != nil {
		return c, nil
	}
	return nil, fmt.Errorf("%w: command %q (or evicted from memory)", ErrNotFound, id)
}

// Get returns the state of command id.
func (s *Service) Get(id string) (Status, error) {
	if c := s.lookup(id); c != nil {
		return c.status(), nil
	}
	r, err := s.Receipt(id)
	if err != nil {
		return Status{}, err
	}
	return Status{ID: id, Pid: r.Pid, PTY: r.PTY, StartedAt: r.StartedAt, Status: r.Status,
		StdoutSize: r.Stdout.Size, StderrSize: r.Stderr.Size, Receipt: r}, nil
}

// Receipt returns the receipt of a finished command. It fails with
// ErrConflict while the command runs.
func (s *Service) Receipt(id string) (*Receipt, error) {
	if c := s.lookup(id); c != nil {
		select {
		case <-c.done:
			return c.receipt, nil
		default:
			return nil, fmt.Errorf("%w: command %s is still running", ErrConflict, id)
		}
	}
	if !validID(id) {
		return nil, fmt.Errorf("%w: command %q", ErrNotFound, id)
	}
	b, err := os.ReadFile(filepath.Join(s.receiptDir, id+".json"))
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w: command %q", ErrNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("runner: receipt %s: %w", id, err)
	}
	r := new(Receipt)
	if err := json.Unmarshal(b, r); err != nil {
		return nil, fmt.Errorf("runner: receipt %s: %w", id, err)
	}
	return r, nil
}

// Wait blocks until command id finished or ctx is done, and returns its
// receipt.
func (s *Service) Wait(ctx context.Context, id string) (*Receipt, error) {
	c := s.lookup(id)
	if c == nil {
		return s.Receipt(id)
	}
	select {
	case <-c.done:
		return c.receipt, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("runner: wait %s: %w", id, ctx.Err())
	}
}

// ReadOutput returns up to limit raw, unredacted bytes of stream
// ("stdout" or "stderr") of command id starting at off, after waiting up
// to wait for bytes beyond off to arrive. It also returns the stream's
// size so far and whether it ended.
func (s *Service) ReadOutput(ctx context.Context, id, stream string, off, limit int64, wait time.Duration) ([]byte, int64, bool, error) {
	if stream != "stdout" && stream != "stderr" {
		return nil, 0, false, fmt.Errorf("%w: stream must be stdout or stderr, not %q", ErrBadRequest, stream)
	}
	if off < 0 {
		return nil, 0, false, fmt.Errorf("%w: negative offset %d", ErrRange, off)
	}
	if limit <= 0 {
		limit = s.cfg.outputLimit
	}
	limit = min(limit, s.cfg.maxOutputLimit)
	if c := s.lookup(id); c != nil {
		st := c.stdout
		if stream == "stderr" {
			st = c.stderr
		}
		st.wait(ctx, off, wait)
		return st.readAt(off, limit)
	}
	r, err := s.Receipt(id)
	if err != nil {
		return nil, 0, false, err
	}
	d := r.Stdout
	if stream == "stderr" {
		d = r.Stderr
	}
	b, size, err := s.store.read(d.BLAKE3, off, limit)
	return b, size, true, err
}

// Output is ReadOutput for callers that must not see credentials: the
// chunk is cut back to a UTF-8 boundary when the stream goes on, then
// redacted, and encoded for JSON.
func (s *Service) Output(ctx context.Context, id, stream string, off, limit int64, wait time.Duration) (Output, error) {
	raw, size, eof, err := s.ReadOutput(ctx, id, stream, off, limit, wait)
	if err != nil {
		return Output{}, err
	}
	if end := off + int64(len(raw)); !(eof && end == size) {
		raw = trimPartialRune(raw)
	}
	next := off + int64(len(raw))
	red := s.cfg.redact(raw)
	o := Output{Stream: stream, Offset: off, NextOffset: next, Size: size, EOF: eof && next == size,
		Redacted: string(red) != string(raw)}
	if utf8.Valid(red) {
		o.Encoding, o.Data = "utf-8", string(red)
	} else {
		o.Encoding = "base64"
		o.Data = base64Std(red)
	}
	if o.EOF {
		if st, err := s.Get(id); err == nil && st.Receipt != nil {
			o.Artifact = st.Receipt.Stdout.BLAKE3
			if stream == "stderr" {
				o.Artifact = st.Receipt.Stderr.BLAKE3
			}
		}
	}
	return o, nil
}

// trimPartialRune drops an incomplete UTF-8 sequence at the end of text b,
// so the next chunk starts on a character boundary. Binary chunks (invalid
// UTF-8 before the cut) are returned whole. It never empties b.
func trimPartialRune(b []byte) []byte {
	t := trimTail(b)
	if len(t) < len(b) && !utf8.Valid(t) {
		return b
	}
	return t
}

func trimTail(b []byte) []byte {
	for i := 1; i <= 3 && i < len(b); i++ {
		c := b[len(b)-i]
		if c < 0x80 {
			return b
		}
		if c >= 0xC0 { // start byte: is the sequence complete?
			need := 2
			switch {
			case c >= 0xF0:
				need = 4
			case c >= 0xE0:
				need = 3
			}
			if i < need {
				return b[:len(b)-i]
			}
			return b
		}
	}
	return b
}

// ReadArtifact returns up to n raw bytes of artifact sum at off, and its
// size.
func (s *Service) ReadArtifact(sum string, off, n int64) ([]byte, int64, error) {
	return s.store.read(sum, off, n)
}

// ArtifactPath returns the file holding artifact sum. The file is
// read-only and must not be modified.
func (s *Service) ArtifactPath(sum string) string { return s.store.pathOf(sum) }

// WriteStdin writes p to the command's stdin. It fails with ErrConflict
// when the command finished, has no writable stdin or stdin was closed,
// and with ErrBlocked (after the bytes that fit were written) when the
// program does not drain its input within 5 s.
func (s *Service) WriteStdin(id string, p []byte) (int, error) {
	c, err := s.mustLookup(id)
	if err != nil {
		return 0, err
	}
	return c.writeStdin(p)
}

// CloseStdin closes the command's stdin (PTY mode: sends ^D, which is
// end-of-file at the start of a line).
func (s *Service) CloseStdin(id string) error {
	c, err := s.mustLookup(id)
	if err != nil {
		return err
	}
	return c.closeStdin()
}

// Signal sends the named signal ("INT", "SIGINT" or "2") to the command's
// process group.
func (s *Service) Signal(id, name string) error {
	sig, err := parseSignal(name)
	if err != nil {
		return err
	}
	c, err := s.mustLookup(id)
	if err != nil {
		return err
	}
	return c.signal(sig)
}

// Terminate ends the command's process tree (SIGTERM, then SIGKILL after
// the grace period). The command's status becomes cancelled unless it
// already finished or timed out. It returns without waiting; use Wait.
func (s *Service) Terminate(id string) error {
	c, err := s.mustLookup(id)
	if err != nil {
		return err
	}
	select {
	case <-c.done:
		return fmt.Errorf("%w: command %s already finished", ErrConflict, id)
	default:
	}
	c.end(StatusCancelled)
	return nil
}

// Close terminates every running command, waits for them to finish and
// their receipts to be written, and refuses new commands.
func (s *Service) Close() error {
	s.mu.Lock()
	s.closed = true
	var run []*command
	for _, c := range s.cmds {
		run = append(run, c)
	}
	s.mu.Unlock()
	for _, c := range run {
		c.end(StatusCancelled)
	}
	s.wg.Wait()
	s.mu.Lock()
	stop := s.reaperStop
	s.reaperStop = nil
	s.mu.Unlock()
	if stop != nil {
		close(stop)
		<-s.reaperDone
	}
	return nil
}

// finish records that c ended and evicts the oldest finished commands
// from memory beyond the keep limit.
func (s *Service) finish(c *command) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.running--
	s.finished = append(s.finished, c.id)
	for len(s.finished) > s.cfg.keepFinished {
		delete(s.cmds, s.finished[0])
		s.finished = s.finished[1:]
	}
}

var signals = map[string]syscall.Signal{
	"HUP": syscall.SIGHUP, "INT": syscall.SIGINT, "QUIT": syscall.SIGQUIT, "KILL": syscall.SIGKILL,
	"USR1": syscall.SIGUSR1, "USR2": syscall.SIGUSR2, "PIPE": syscall.SIGPIPE, "ALRM": syscall.SIGALRM,
	"TERM": syscall.SIGTERM, "CONT": syscall.SIGCONT, "STOP": syscall.SIGSTOP, "TSTP": syscall.SIGTSTP,
	"WINCH": syscall.SIGWINCH,
}

// parseSignal accepts "INT", "SIGINT", "int" or a number from 1 to 64.
func parseSignal(name string) (syscall.Signal, error) {
	n := strings.TrimPrefix(strings.ToUpper(strings.TrimSpace(name)), "SIG")
	if sig, ok := signals[n]; ok {
		return sig, nil
	}
	var num int
	if _, err := fmt.Sscanf(name, "%d", &num); err == nil && fmt.Sprint(num) == strings.TrimSpace(name) && num >= 1 && num <= 64 {
		return syscall.Signal(num), nil
	}
	return 0, fmt.Errorf("%w: unknown signal %q", ErrBadRequest, name)
}

// signalName names sig as in kill -l (SIGTERM), or SIGnn.
func signalName(sig syscall.Signal) string {
	for n, s := range signals {
		if s == sig {
			return "SIG" + n
		}
	}
	return fmt.Sprintf("SIG%d", int(sig))
}

// ReceiptPath returns the file the receipt of command id is written to
// when it finishes.
func (s *Service) ReceiptPath(id string) string {
	return filepath.Join(s.receiptDir, id+".json")
}

// Run starts req and waits for its receipt. If ctx is done first, the
// command's tree is ended as by Terminate (status cancelled) and Run still
// returns the receipt, together with ctx's error.
func (s *Service) Run(ctx context.Context, req Request) (*Receipt, error) {
	st, err := s.Start(req)
	if err != nil {
		return nil, err
	}
	r, err := s.Wait(ctx, st.ID)
	if err == nil {
		return r, nil
	}
	s.Terminate(st.ID)
	r, werr := s.Wait(context.Background(), st.ID)
	if werr != nil {
		return nil, werr
	}
	return r, fmt.Errorf("runner: run %s: %w", st.ID, ctx.Err())
}
