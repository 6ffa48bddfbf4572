// Package observe turns the interpreter's Gate calls into the events of
// design section 3 (exec, start, redirect, pipe, cmdsub, cd, export,
// fallback, dropped, deny), masks secrets in them before they are queued,
// and batches them for the transport.
//
// Content hashes (blake3 fields) are computed over the original bytes,
// before redaction, so identical content can be matched across events even
// though previews are masked; a hash of a short secret can therefore be
// confirmed by someone who guesses the secret, which is why previews, not
// hashes, are what the feed shows.
//
// An Observer costs nothing until the shell does something: FromEnv reads
// the environment and draws a random id; the flush timer is armed by the
// first event, and the transport's goroutine starts with the first batch
// flushed before Close (a shell that exits within the flush interval
// delivers its only batch from Close, on the exiting goroutine).
package observe

import (
	"encoding/binary"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"nash/interp"
	"nash/transport"
	"nash/transport/wire"
)

// Environment variables read by FromEnv (design section 4).
const (
	EnvSessionID = "NUCLEIC_SESSION_ID"
	EnvToken     = "NUCLEIC_HOOK_TOKEN"
	EnvCapture   = "NUCLEIC_SHELL_CAPTURE"
	EnvShellID   = "NUCLEIC_NASH_SHELL_ID"
	EnvCallID    = "NUCLEIC_CALL_ID"
)

// Caps and thresholds (design section 3).
const (
	// PreviewCap bounds the preview of one event.
	PreviewCap = 64 << 10
	// CommandPreviewCap bounds the previews of one command (its
	// redirections and command substitutions together).
	CommandPreviewCap = 256 << 10
	// DefaultFlushEvents: a batch is sent once this many events wait.
	DefaultFlushEvents = 200
	// DefaultFlushInterval: events wait at most this long.
	DefaultFlushInterval = 500 * time.Millisecond
	// DefaultBufferEvents bounds the events held in memory when the
	// transport cannot take them; beyond it the oldest are dropped.
	DefaultBufferEvents = 4096
	// CloseTimeout bounds the final flush of Close and Fallback.
	CloseTimeout = 2 * time.Second
	// ReadBackHashCap: a regular file range larger than this is not hashed
	// after a command (bytes only, truncated:true), so that a command
	// writing gigabytes does not pay for reading them back.
	ReadBackHashCap = 16 << 20

	batchSoftCap  = 768 << 10 // estimated JSON bytes that trigger a flush
	bufferBytes   = 8 << 20   // estimated JSON bytes held at most
	redactMargin  = 8 << 10   // raw bytes read past a preview cut so a secret straddling it is still recognised
	binaryHead    = 8 << 10   // bytes examined for the binary flag
	argCap        = 64 << 10  // one argument in an exec event
	argvCap       = 256 << 10 // all arguments of an exec event
	maxTainted    = 64        // tainted values remembered per shell
	minTaintedLen = 4         // shorter values are not masked (see redact.Tainted)
)

// Level is a capture level (NUCLEIC_SHELL_CAPTURE).
type Level int

// Capture levels. LevelOff never reaches an Observer: FromEnv returns nil.
const (
	LevelOff  Level = iota // no events
	LevelMeta              // events without previews
	LevelTap               // everything (default)
)

// Sender is what an Observer hands its batches to; *transport.Client
// implements it. Send must not block and reports whether it took the
// batch; Spool stores batches synchronously; Flush and Close are bounded by
// their timeout. Close takes the final batches, which it must deliver after
// those already sent, or spool; it never refuses them.
type Sender interface {
	Send(b *wire.Batch) bool
	Spool(bs ...*wire.Batch)
	Flush(timeout time.Duration) bool
	Close(timeout time.Duration, last ...*wire.Batch)
}

// Option configures an Observer.
type Option func(*Observer)

// WithSender replaces the transport built from the environment.
func WithSender(s Sender) Option { return func(o *Observer) { o.sender = s } }

// WithFlushEvents sets the number of waiting events that triggers a flush.
func WithFlushEvents(n int) Option {
	return func(o *Observer) {
		if n > 0 {
			o.flushEvents = n
		}
	}
}

// WithFlushInterval sets how long an event may wait before a flush.
func WithFlushInterval(d time.Duration) Option {
	return func(o *Observer) {
		if d > 0 {
			o.flushInterval = d
		}
	}
}

// WithBufferEvents bounds the events held in memory.
func WithBufferEvents(n int) Option {
	return func(o *Observer) {
		if n > 0 {
			o.bufferEvents = n
		}
	}
}

// WithLevel overrides the capture level read from the environment.
func WithLevel(l Level) Option { return func(o *Observer) { o.level = l } }

// WithPolicy makes ExecStart consult p: a Verdict with Deny set is
// returned to the interpreter and recorded as a deny event. Without a
// policy every command is allowed.
func WithPolicy(p func(*interp.ExecInfo) interp.Verdict) Option {
	return func(o *Observer) { o.policy = p }
}

// Observer is the interp.Gate that records events. Its methods are safe
// for concurrent use. A nil *Observer means observation is off: its
// ShellID, Fallback, Close and Stats are no-ops, but it must not be stored
// in an interp.Gate interface (a typed nil is not a nil Gate):
//
//	if obs := observe.FromEnv(os.Environ()); obs != nil {
//		gate = obs
//	}
type Observer struct {
	sessionID string
	shellID   string
	callID    string
	parent    *string
	level     Level
	sender    Sender
	policy    func(*interp.ExecInfo) interp.Verdict

	flushEvents   int
	flushInterval time.Duration
	bufferEvents  int

	seq          atomic.Uint64
	tainted      atomic.Pointer[[]string]
	taintMu      sync.Mutex
	internalErrs atomic.Int64

	// flushMu makes taking events from the buffer and handing them to
	// the sender one step, so that batches reach the sender in seq order
	// and none is handed over after the final ones given to Close.
	flushMu sync.Mutex

	mu       sync.Mutex
	buf      []pending
	bufBytes int
	dropped  int // events dropped since the last dropped event
	running  cmdList
	redirs   map[*readBack]struct{}
	timer    *time.Timer
	armed    bool
	refused  bool // the sender refused a batch: flush again at the next tick only
	closed   bool

	stats struct {
		events, dropped, batches, refused, internal atomic.Uint64
	}

	testHook func(hook string) // tests inject panics here
}

// envTestHook, set only in binaries built with -tags nashtest (see
// testpanic_nashtest.go), turns the environment into a testHook.
var envTestHook func(environ []string) func(hook string)

// pending is an event waiting in the buffer.
type pending struct {
	ev   wire.Event
	cmd  *cmdState // a cmdsub whose command had not started: cmdSeq is resolved at flush
	held bool      // already kept back once for cmd
	size int       // estimated JSON bytes
}

// FromEnv returns an Observer configured from environ (os.Environ form), or
// nil when observation is off: NUCLEIC_SESSION_ID or NUCLEIC_HOOK_TOKEN
// unset or empty, or NUCLEIC_SHELL_CAPTURE=off. An unknown capture level
// means tap. The transport is built from the same environment (see
// transport.ConfigFromEnv) unless WithSender is given; it starts nothing
// until the first batch.
func FromEnv(environ []string, opts ...Option) *Observer {
	var session, token, capture, parent, call string
	for _, kv := range environ {
		if !strings.HasPrefix(kv, "NUCLEIC_") {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case EnvSessionID:
			session = v
		case EnvToken:
			token = v
		case EnvCapture:
			capture = v
		case EnvShellID:
			parent = v
		case EnvCallID:
			call = v
		}
	}
	if session == "" || token == "" {
		return nil
	}
	o := &Observer{
		sessionID:     session,
		callID:        call,
		level:         LevelTap,
		flushEvents:   DefaultFlushEvents,
		flushInterval: DefaultFlushInterval,
		bufferEvents:  DefaultBufferEvents,
		shellID:       newID(),
	}
	switch capture {
	case "off":
		return nil
	case "meta":
		o.level = LevelMeta
	}
	if parent != "" {
		o.parent = &parent
	}
	for _, opt := range opts {
		opt(o)
	}
	if o.level == LevelOff {
		return nil
	}
	if envTestHook != nil {
		o.testHook = envTestHook(environ)
	}
	if o.sender == nil {
		cfg := transport.ConfigFromEnv(environ)
		cfg.SpoolName = o.shellID
		o.sender = transport.New(cfg)
	}
	return o
}

// newID returns 128 random bits in hex.
func newID() string {
	// math/rand/v2's generator is seeded from the OS per process; it
	// keeps crypto's package initialisation off nash's startup path
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], rand.Uint64())
	binary.LittleEndian.PutUint64(b[8:], rand.Uint64())
	return hex.EncodeToString(b[:])
}

// ShellID returns this shell's random id; cmd/nash exports it to children
// as NUCLEIC_NASH_SHELL_ID. It is "" for a nil Observer.
func (o *Observer) ShellID() string {
	if o == nil {
		return ""
	}
	return o.shellID
}

// Level returns the capture level (LevelOff for a nil Observer).
func (o *Observer) Level() Level {
	if o == nil {
		return LevelOff
	}
	return o.level
}

// Fallback records a fallback event (reason is wire.ReasonParseError,
// wire.ReasonDisabled or wire.ReasonInternalError; input is redacted and
// capped) and flushes synchronously, at most CloseTimeout, spooling what
// could not be sent. It is meant to be called right before exec'ing the
// real bash. The Observer stays usable.
func (o *Observer) Fallback(reason, input string) {
	if o == nil {
		return
	}
	defer o.recoverHook()
	if len(input) > PreviewCap+redactMargin {
		input = input[:PreviewCap+redactMargin]
	}
	in := string(o.maskBytes([]byte(input)))
	if len(in) > PreviewCap {
		in = in[:PreviewCap]
	}
	o.add(wire.Event{Kind: wire.KindFallback, Reason: reason, Input: in}, nil)
	leftover := o.flush(true)
	if len(leftover) > 0 {
		o.sender.Spool(leftover...)
	}
	o.sender.Flush(CloseTimeout)
}

// Close records commands still running (as exec events without exit
// code) and pending read-backs, flushes everything and closes the
// transport, waiting at most CloseTimeout; what could not be delivered by
// then is spooled. Hooks called after Close record nothing. Safe to call
// more than once.
func (o *Observer) Close() {
	if o == nil {
		return
	}
	defer o.recoverHook()
	running, rbs, ok := o.beginClose()
	if !ok {
		return
	}
	for _, st := range running {
		o.add(o.execEvent(st, false), nil)
	}
	for _, rb := range rbs {
		rb.finish()
	}

	o.markClosed()
	// The last batches go with Close rather than through Send: a shell
	// that sends only at exit then delivers them on this goroutine.
	o.flushMu.Lock()
	defer o.flushMu.Unlock()
	last := o.takeBatches(true)
	o.stats.batches.Add(uint64(len(last)))
	o.sender.Close(CloseTimeout, last...)
}

// beginClose takes the running commands (marking their exec events as
// emitted) and the pending read-backs; ok is false if already closed.
func (o *Observer) beginClose() (running []*cmdState, rbs []*readBack, ok bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return nil, nil, false
	}
	for st := o.running.head; st != nil; st = o.running.head {
		o.running.remove(st)
		running = append(running, st)
		st.ended = true
	}
	for rb := range o.redirs {
		rbs = append(rbs, rb)
	}
	return running, rbs, true
}

func (o *Observer) markClosed() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
	if o.timer != nil {
		o.timer.Stop()
	}
}

// Stats counts what an Observer did.
type Stats struct {
	Events         uint64 // events queued
	Dropped        uint64 // events dropped because the buffer was full
	Batches        uint64 // batches handed to the transport
	Refused        uint64 // times the transport refused a batch (queue full)
	InternalErrors uint64 // panics recovered in hooks
}

// Stats returns the counters so far (zero for a nil Observer).
func (o *Observer) Stats() Stats {
	if o == nil {
		return Stats{}
	}
	return Stats{
		Events:         o.stats.events.Load(),
		Dropped:        o.stats.dropped.Load(),
		Batches:        o.stats.batches.Load(),
		Refused:        o.stats.refused.Load(),
		InternalErrors: o.stats.internal.Load(),
	}
}

// recoverHook is deferred at every hook boundary: a panic is counted, later
// reported as a dropped event with reason internal-error, and the command
// proceeds. Every locked section releases its lock with defer, so no lock
// is held here.
func (o *Observer) recoverHook() {
	if r := recover(); r != nil {
		o.internalErrs.Add(1)
		o.stats.internal.Add(1)
		o.mu.Lock()
		o.armLocked()
		o.mu.Unlock()
	}
}
