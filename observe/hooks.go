package observe

import (
	"context"
	"sync/atomic"
	"time"

	"nash/interp"
	"nash/redact"
	"nash/transport/wire"
)

var _ interp.Gate = (*Observer)(nil)

// Shared targets for *bool fields; never written through.
var vTrue, vFalse = true, false

func boolp(b bool) *bool {
	if b {
		return &vTrue
	}
	return &vFalse
}

// cmdState is an Observer's per-command record, kept in ExecInfo.GateData.
// The fields an exec or start event points to (builtin, exit, dur, pipe,
// nest) live here so that building the event allocates nothing more.
type cmdState struct {
	info   *interp.ExecInfo
	seq    atomic.Uint64 // 0 until ExecStart
	start  time.Time
	budget atomic.Int64 // preview bytes left for this command

	// o.mu
	prev, next *cmdState
	linked     bool
	announced  bool // start event sent
	ended      bool // exec event emitted (by ExecEnd or Close)

	builtin bool
	exit    int
	dur     int64
	pipe    wire.Pipeline
	nest    wire.Nesting
}

func newCmdState(c *interp.ExecInfo) *cmdState {
	st := &cmdState{info: c}
	st.budget.Store(CommandPreviewCap)
	return st
}

// take grants up to n preview bytes from the command's budget.
func (st *cmdState) take(n int) int {
	for {
		left := st.budget.Load()
		g := min(int64(n), left)
		if g <= 0 {
			return 0
		}
		if st.budget.CompareAndSwap(left, left-g) {
			return int(g)
		}
	}
}

// cmdList is an intrusive list of running commands, guarded by o.mu.
type cmdList struct{ head *cmdState }

func (l *cmdList) push(st *cmdState) {
	st.next = l.head
	st.prev = nil
	if l.head != nil {
		l.head.prev = st
	}
	l.head = st
	st.linked = true
}

func (l *cmdList) remove(st *cmdState) {
	if !st.linked {
		return
	}
	if st.prev != nil {
		st.prev.next = st.next
	} else {
		l.head = st.next
	}
	if st.next != nil {
		st.next.prev = st.prev
	}
	st.prev, st.next, st.linked = nil, nil, false
}

// ExecStart allocates the command's seq (its exec event is emitted at
// ExecEnd, so that redirect and cmdsub events can point at it), records
// tainted values, and consults the policy, if any. It allows the command
// unless the policy denies it; a panic inside allows it too.
func (o *Observer) ExecStart(ctx context.Context, c *interp.ExecInfo) (v interp.Verdict) {
	if o == nil || c == nil {
		return v
	}
	defer o.recoverHook()
	if o.testHook != nil {
		o.testHook("ExecStart")
	}
	st, _ := c.GateData.(*cmdState)
	if st == nil || st.seq.Load() != 0 {
		st = newCmdState(c)
		c.GateData = st
	}
	st.start = c.Start
	if st.start.IsZero() {
		st.start = time.Now()
	}
	st.builtin = c.Builtin
	st.nest = wire.Nesting{Depth: c.Nesting.Depth, Kind: c.Nesting.Kind}
	if c.Pipeline != nil {
		st.pipe = wire.Pipeline{ID: c.Pipeline.ID, Index: c.Pipeline.Index, Len: c.Pipeline.Len}
	}
	if len(c.Tainted) > 0 {
		o.addTainted(c.Tainted)
	}
	seq := o.seq.Add(1)
	st.seq.Store(seq)
	if o.policy != nil {
		if v = o.policy(c); v.Deny {
			o.add(wire.Event{Kind: wire.KindDeny, CmdSeq: seq, Rule: v.Rule, Message: o.maskString(v.Message)}, nil)
		}
	}
	o.link(st)
	return v
}

func (o *Observer) link(st *cmdState) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return
	}
	o.running.push(st)
	o.armLocked() // a long runner gets its start event at the next tick
}

// end unlinks st and reports whether its exec event is still to be
// emitted (Close may have emitted it already).
func (o *Observer) end(st *cmdState) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.running.remove(st)
	if st.ended || o.closed {
		return false
	}
	st.ended = true
	return true
}

// ExecEnd emits the command's exec event.
func (o *Observer) ExecEnd(ctx context.Context, c *interp.ExecInfo, res interp.ExecResult) {
	if o == nil || c == nil {
		return
	}
	defer o.recoverHook()
	if o.testHook != nil {
		o.testHook("ExecEnd")
	}
	st, _ := c.GateData.(*cmdState)
	if st == nil || st.seq.Load() == 0 || !o.end(st) {
		return
	}
	st.exit = res.Status
	st.dur = res.Duration.Milliseconds()
	ev := o.execEvent(st, true)
	ev.Pid = res.Pid
	o.add(ev, nil)
}

// execEvent builds the exec event of st; withResult adds exit code and
// duration (already stored in st).
func (o *Observer) execEvent(st *cmdState, withResult bool) wire.Event {
	c := st.info
	argv, trunc := capArgv(redact.Argv(c.Argv, o.taintedList()))
	ev := wire.Event{
		Kind:         wire.KindExec,
		Seq:          st.seq.Load(),
		TS:           st.start.UnixMilli(),
		Argv:         argv,
		ResolvedPath: o.maskString(c.Path),
		Builtin:      &st.builtin,
		Cwd:          o.maskString(c.Dir),
		Nesting:      &st.nest,
	}
	if c.Pipeline != nil {
		ev.Pipeline = &st.pipe
	}
	if trunc {
		ev.Truncated = &vTrue
	}
	if withResult {
		ev.ExitCode = &st.exit
		ev.DurationMs = &st.dur
	}
	return ev
}

// startEvent announces a command still running; its seq is assigned when
// queued and cmdSeq points at the exec event to come.
func (o *Observer) startEvent(st *cmdState) wire.Event {
	ev := o.execEvent(st, false)
	ev.Kind = wire.KindStart
	ev.CmdSeq = ev.Seq
	ev.Seq = 0
	return ev
}

// CmdSubst records a cmdsub event with the (redacted, capped) text. It
// runs while the enclosing command's words are expanded, before that
// command's ExecStart; its cmdSeq is filled in at flush time if the command
// started by then.
func (o *Observer) CmdSubst(ctx context.Context, c *interp.CmdSubstInfo, text []byte) {
	if o == nil || c == nil || o.level < LevelTap {
		return
	}
	defer o.recoverHook()
	if o.testHook != nil {
		o.testHook("CmdSubst")
	}
	var st *cmdState
	if c.Cmd != nil {
		st, _ = c.Cmd.GateData.(*cmdState)
		if st == nil {
			st = newCmdState(c.Cmd)
			c.Cmd.GateData = st
		}
	}
	limit := PreviewCap
	if st != nil {
		limit = st.take(min(len(text), PreviewCap))
	}
	b64, truncated, _ := o.preview(text, len(text), limit)
	n := int64(len(text))
	ev := wire.Event{Kind: wire.KindCmdSub, Bytes: &n, Truncated: boolp(truncated), PreviewB64: b64}
	var waiting *cmdState
	if st != nil {
		if seq := st.seq.Load(); seq != 0 {
			ev.CmdSeq = seq
		} else {
			waiting = st
		}
	}
	o.add(ev, waiting)
}

// State records cd and export/declare/unset/readonly/local events (names
// only). source and function definitions are not events: the nesting of
// the commands they run says where they come from.
func (o *Observer) State(ctx context.Context, s *interp.StateInfo) {
	if o == nil || s == nil {
		return
	}
	defer o.recoverHook()
	if o.testHook != nil {
		o.testHook("State")
	}
	switch s.Op {
	case "cd":
		o.add(wire.Event{Kind: wire.KindCd, From: o.maskString(s.From), To: o.maskString(s.To)}, nil)
	case "export", "declare", "unset", "readonly", "local":
		names := append([]string(nil), s.Names...)
		o.add(wire.Event{Kind: wire.KindExport, Op: s.Op, Names: names}, nil)
	}
}

// capArgv copies argv, cutting arguments beyond argCap and the whole beyond
// argvCap; it reports whether anything was cut.
func capArgv(argv []string) ([]string, bool) {
	out := make([]string, len(argv))
	total, trunc := 0, false
	for i, a := range argv {
		if len(a) > argCap {
			a, trunc = a[:argCap], true
		}
		if total+len(a) > argvCap {
			a, trunc = a[:argvCap-total], true
		}
		total += len(a)
		out[i] = a
	}
	return out, trunc
}
