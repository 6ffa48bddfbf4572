package observe

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"lukechampine.com/blake3"

	"nash/interp"
	"nash/transport/wire"
)

// fakeSender records batches; refuse makes Send fail (a full queue).
type fakeSender struct {
	mu      sync.Mutex
	refuse  bool
	sent    []*wire.Batch
	spooled []*wire.Batch
	flushes int
	closed  bool
}

func (f *fakeSender) Send(b *wire.Batch) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuse || f.closed { // as transport.Client: nothing is taken after Close
		return false
	}
	f.sent = append(f.sent, b)
	return true
}

func (f *fakeSender) Spool(bs ...*wire.Batch) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.spooled = append(f.spooled, bs...)
}

func (f *fakeSender) Flush(time.Duration) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.flushes++
	return true
}

func (f *fakeSender) Close(_ time.Duration, last ...*wire.Batch) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	f.sent = append(f.sent, last...)
}

func (f *fakeSender) batches() []*wire.Batch {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append(append([]*wire.Batch(nil), f.sent...), f.spooled...)
}

// events returns every event sent or spooled, sorted by seq.
func (f *fakeSender) events() []wire.Event {
	var evs []wire.Event
	for _, b := range f.batches() {
		evs = append(evs, b.Events...)
	}
	sort.Slice(evs, func(i, j int) bool { return evs[i].Seq < evs[j].Seq })
	return evs
}

func baseEnv() []string {
	return []string{"PATH=/bin", "NUCLEIC_SESSION_ID=s-1", "NUCLEIC_HOOK_TOKEN=tok"}
}

func newTest(t testing.TB, opts ...Option) (*Observer, *fakeSender) {
	t.Helper()
	fs := &fakeSender{}
	o := FromEnv(baseEnv(), append([]Option{WithSender(fs)}, opts...)...)
	if o == nil {
		t.Fatal("FromEnv returned nil")
	}
	return o, fs
}

var ctx = context.Background()

func runCmd(o *Observer, argv ...string) *interp.ExecInfo {
	c := &interp.ExecInfo{Argv: argv, Path: "/usr/bin/" + argv[0], Dir: "/work", Nesting: interp.Nesting{Kind: "top"}}
	o.ExecStart(ctx, c)
	o.ExecEnd(ctx, c, interp.ExecResult{Pid: 42, Status: 3, Duration: 5 * time.Millisecond})
	return c
}

// checkSeqs fails unless the seqs of evs, plus the counts of dropped
// events, cover 1..max exactly once.
func checkSeqs(t *testing.T, evs []wire.Event) {
	t.Helper()
	var max uint64
	explained := 0
	seen := map[uint64]bool{}
	for _, e := range evs {
		if seen[e.Seq] {
			t.Fatalf("seq %d twice", e.Seq)
		}
		seen[e.Seq] = true
		if e.Seq > max {
			max = e.Seq
		}
		if e.Kind == wire.KindDropped {
			explained += e.Count
		}
	}
	if gaps := int(max) - len(seen); gaps != explained {
		t.Fatalf("%d seqs missing of 1..%d, dropped events explain %d", gaps, max, explained)
	}
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		name  string
		env   []string
		nil   bool
		level Level
	}{
		{"no session", []string{"NUCLEIC_HOOK_TOKEN=t"}, true, 0},
		{"no token", []string{"NUCLEIC_SESSION_ID=s"}, true, 0},
		{"empty token", []string{"NUCLEIC_SESSION_ID=s", "NUCLEIC_HOOK_TOKEN="}, true, 0},
		{"capture off", append(baseEnv(), "NUCLEIC_SHELL_CAPTURE=off"), true, 0},
		{"meta", append(baseEnv(), "NUCLEIC_SHELL_CAPTURE=meta"), false, LevelMeta},
		{"tap", append(baseEnv(), "NUCLEIC_SHELL_CAPTURE=tap"), false, LevelTap},
		{"default", baseEnv(), false, LevelTap},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := FromEnv(tc.env, WithSender(&fakeSender{}))
			if (o == nil) != tc.nil {
				t.Fatalf("FromEnv nil = %v", o == nil)
			}
			if o.Level() != tc.level {
				t.Fatalf("level %v, want %v", o.Level(), tc.level)
			}
		})
	}
	var o *Observer // nil observer: every method is a no-op
	o.Fallback("parse-error", "x")
	o.Close()
	if o.ShellID() != "" || o.Stats() != (Stats{}) {
		t.Fatal("nil observer not inert")
	}
}

func TestBatchHeader(t *testing.T) {
	fs := &fakeSender{}
	env := append(baseEnv(), "NUCLEIC_NASH_SHELL_ID=parent-1", "NUCLEIC_CALL_ID=call-9")
	o := FromEnv(env, WithSender(fs))
	o2 := FromEnv(env, WithSender(fs))
	if len(o.ShellID()) != 32 || o.ShellID() == o2.ShellID() {
		t.Fatalf("shell ids %q %q", o.ShellID(), o2.ShellID())
	}
	runCmd(o, "true")
	o.Close()
	bs := fs.batches()
	if len(bs) != 1 {
		t.Fatalf("%d batches", len(bs))
	}
	b := bs[0]
	if b.ParentShell == nil || *b.ParentShell != "parent-1" || b.CallID != "call-9" || b.ShellID != o.ShellID() ||
		b.SessionID != "s-1" || b.Type != wire.BatchType || b.Source != "nash" {
		t.Fatalf("header %+v", b)
	}
	if err := b.Validate(); err != nil {
		t.Fatal(err)
	}
	if !fs.closed {
		t.Fatal("Close did not close the sender")
	}
}

func TestExecEvent(t *testing.T) {
	o, fs := newTest(t)
	c := &interp.ExecInfo{Argv: []string{"ls", "-l"}, Path: "/usr/bin/ls", Dir: "/w",
		Pipeline: &interp.PipelinePos{ID: 7, Index: 1, Len: 3}, Nesting: interp.Nesting{Depth: 2, Kind: "function:f"},
		Start: time.UnixMilli(1700000000123)}
	if v := o.ExecStart(ctx, c); v.Deny {
		t.Fatal("denied")
	}
	o.ExecEnd(ctx, c, interp.ExecResult{Pid: 99, Status: 1, Duration: 1500 * time.Millisecond})
	b := &interp.ExecInfo{Argv: []string{"echo"}, Builtin: true, Dir: "/w"}
	o.ExecStart(ctx, b)
	o.ExecEnd(ctx, b, interp.ExecResult{})
	o.Close()
	evs := fs.events()
	if len(evs) != 2 {
		t.Fatalf("%d events", len(evs))
	}
	e := evs[0]
	if e.Kind != "exec" || e.Seq != 1 || e.TS != 1700000000123 || strings.Join(e.Argv, " ") != "ls -l" ||
		e.ResolvedPath != "/usr/bin/ls" || *e.Builtin || e.Cwd != "/w" || e.Pid != 99 || *e.ExitCode != 1 ||
		*e.DurationMs != 1500 || *e.Pipeline != (wire.Pipeline{ID: 7, Index: 1, Len: 3}) ||
		*e.Nesting != (wire.Nesting{Depth: 2, Kind: "function:f"}) {
		t.Fatalf("exec event %+v", e)
	}
	if e := evs[1]; !*e.Builtin || e.Pid != 0 || *e.ExitCode != 0 || e.Pipeline != nil {
		t.Fatalf("builtin event %+v", e)
	}
}

func TestFlushThresholds(t *testing.T) {
	t.Run("count", func(t *testing.T) {
		o, fs := newTest(t, WithFlushInterval(time.Hour))
		for i := 0; i < 199; i++ {
			o.State(ctx, &interp.StateInfo{Op: "cd", From: "/a", To: "/b"})
		}
		if n := len(fs.batches()); n != 0 {
			t.Fatalf("%d batches before 200 events", n)
		}
		o.State(ctx, &interp.StateInfo{Op: "cd", From: "/a", To: "/b"})
		bs := fs.batches()
		if len(bs) != 1 || len(bs[0].Events) != 200 {
			t.Fatalf("after 200 events: %d batches", len(bs))
		}
		o.Close()
	})
	t.Run("timer", func(t *testing.T) {
		o, fs := newTest(t, WithFlushInterval(50*time.Millisecond))
		if o.timer != nil {
			t.Fatal("timer created before the first event")
		}
		o.State(ctx, &interp.StateInfo{Op: "export", Names: []string{"A", "B"}})
		deadline := time.Now().Add(2 * time.Second)
		for len(fs.batches()) == 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		bs := fs.batches()
		if len(bs) != 1 {
			t.Fatalf("timer flush: %d batches", len(bs))
		}
		if e := bs[0].Events[0]; e.Kind != "export" || e.Op != "export" || strings.Join(e.Names, ",") != "A,B" {
			t.Fatalf("event %+v", e)
		}
		o.mu.Lock()
		armed := o.armed
		o.mu.Unlock()
		if armed {
			t.Fatal("timer re-armed with nothing to send")
		}
		o.Close()
	})
	t.Run("close", func(t *testing.T) {
		o, fs := newTest(t, WithFlushInterval(time.Hour))
		runCmd(o, "x")
		o.Close()
		if len(fs.events()) != 1 {
			t.Fatal("Close did not flush")
		}
		runCmd(o, "after-close") // recorded nowhere, no panic
	})
}

func TestStartEventForLongRunner(t *testing.T) {
	o, fs := newTest(t, WithFlushInterval(30*time.Millisecond))
	c := &interp.ExecInfo{Argv: []string{"sleep", "10"}, Dir: "/"}
	o.ExecStart(ctx, c)
	deadline := time.Now().Add(2 * time.Second)
	for len(fs.events()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	evs := fs.events()
	if len(evs) != 1 || evs[0].Kind != "start" || evs[0].CmdSeq != 1 || evs[0].Seq != 2 || evs[0].Argv[0] != "sleep" {
		t.Fatalf("start events %+v", evs)
	}
	time.Sleep(100 * time.Millisecond) // further ticks announce nothing again
	o.ExecEnd(ctx, c, interp.ExecResult{Status: 0})
	bg := &interp.ExecInfo{Argv: []string{"bg-job"}, Dir: "/"}
	o.ExecStart(ctx, bg) // still running at Close
	o.Close()
	evs = fs.events()
	kinds := ""
	for _, e := range evs {
		kinds += fmt.Sprintf("%s:%d ", e.Kind, e.Seq)
	}
	if kinds != "exec:1 start:2 exec:3 " {
		t.Fatalf("events %s", kinds)
	}
	if evs[2].ExitCode != nil {
		t.Fatal("a command still running at Close has no exit code")
	}
	checkSeqs(t, evs)
}

func TestSeqNoGapsUnderConcurrency(t *testing.T) {
	o, fs := newTest(t, WithFlushEvents(37))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				c := runCmd(o, "cmd")
				o.CmdSubst(ctx, &interp.CmdSubstInfo{Cmd: c}, []byte("out"))
				o.State(ctx, &interp.StateInfo{Op: "cd", From: "/", To: "/tmp"})
			}
		}()
	}
	wg.Wait()
	o.Close()
	evs := fs.events()
	n := 0
	for _, e := range evs {
		if e.Kind != wire.KindStart {
			n++
		}
	}
	if n != 8*300*3 {
		t.Fatalf("%d events", n)
	}
	checkSeqs(t, evs)
	for _, b := range fs.batches() {
		if err := b.Validate(); err != nil { // includes seq strictly increasing within the batch
			t.Fatal(err)
		}
		if len(b.Events) > 37 {
			t.Fatalf("batch of %d events", len(b.Events))
		}
	}
}

// TestCloseRacingFlushes: flushes from hooks and the timer run while the
// shell closes; every event queued before Close reaches the sender once,
// and batches reach it in seq order.
func TestCloseRacingFlushes(t *testing.T) {
	for round := 0; round < 20; round++ {
		o, fs := newTest(t, WithFlushEvents(3), WithFlushInterval(time.Millisecond))
		var wg sync.WaitGroup
		for g := 0; g < 4; g++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < 200; i++ {
					o.State(ctx, &interp.StateInfo{Op: "cd", From: "/", To: "/tmp"})
				}
			}()
		}
		time.Sleep(time.Duration(round%5) * time.Millisecond)
		o.Close()
		wg.Wait()
		checkSeqs(t, fs.events())
		var last uint64
		for _, b := range fs.batches() {
			if b.Events[0].Seq <= last {
				t.Fatalf("batch starting at seq %d after one ending at %d", b.Events[0].Seq, last)
			}
			last = b.Events[len(b.Events)-1].Seq
		}
	}
}

func TestDropOldest(t *testing.T) {
	o, fs := newTest(t, WithBufferEvents(100), WithFlushEvents(10), WithFlushInterval(time.Hour))
	fs.refuse = true // the transport's queue is full
	for i := 0; i < 1000; i++ {
		o.State(ctx, &interp.StateInfo{Op: "cd", From: "/a", To: fmt.Sprint(i)})
	}
	if o.Stats().Dropped == 0 {
		t.Fatal("nothing dropped")
	}
	o.Close() // Send still refuses; Close takes everything left
	evs := fs.events()
	checkSeqs(t, evs)
	var dropped int
	for _, e := range evs {
		if e.Kind == wire.KindDropped {
			if e.Reason != wire.ReasonBufferFull {
				t.Fatalf("dropped reason %q", e.Reason)
			}
			dropped += e.Count
		}
	}
	if dropped == 0 {
		t.Fatalf("dropped events say %d, stats %d", dropped, o.Stats().Dropped)
	}
	// The newest events survive.
	newest := false
	for _, e := range evs {
		newest = newest || e.To == "999"
	}
	if !newest {
		t.Fatal("newest event lost")
	}
}

func decode(t *testing.T, b64 string) []byte {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func hash(b []byte) string {
	s := blake3.Sum256(b)
	return hex.EncodeToString(s[:])
}

func TestCaps(t *testing.T) {
	o, fs := newTest(t)
	big := bytes.Repeat([]byte("abcdefgh"), 100<<10/8) // 100 KiB of text
	c := &interp.ExecInfo{Argv: []string{"cat"}, Dir: "/"}
	o.ExecStart(ctx, c)
	for i := 0; i < 5; i++ {
		o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: "<<", Heredoc: true, Body: big, DupFd: -1})
	}
	o.ExecEnd(ctx, c, interp.ExecResult{})
	o.CmdSubst(ctx, &interp.CmdSubstInfo{}, big)
	tap := o.Pipe(ctx, &interp.PipeInfo{Pipeline: interp.PipelinePos{ID: 1, Index: 0, Len: 2}})
	for i := 0; i < 10; i++ {
		tap.Write(big)
	}
	tap.Close(false)
	o.Close()
	total := 0
	for _, e := range fs.events() {
		switch e.Kind {
		case "redirect":
			p := decode(t, e.PreviewB64)
			total += len(p)
			if len(p) > PreviewCap || !*e.Truncated || *e.Bytes != int64(len(big)) || e.Blake3 != hash(big) {
				t.Fatalf("heredoc event: preview %d truncated %v bytes %d", len(p), *e.Truncated, *e.Bytes)
			}
		case "cmdsub":
			if p := decode(t, e.PreviewB64); len(p) != PreviewCap || !*e.Truncated || *e.Bytes != int64(len(big)) {
				t.Fatalf("cmdsub preview %d", len(p))
			}
		case "pipe":
			if p := decode(t, e.PreviewB64); len(p) != PreviewCap || !*e.Truncated || *e.Bytes != int64(10*len(big)) ||
				e.Blake3 != hash(bytes.Repeat(big, 10)) {
				t.Fatalf("pipe event bytes %d", *e.Bytes)
			}
		}
	}
	if total != CommandPreviewCap {
		t.Fatalf("previews of one command total %d, want the %d cap", total, CommandPreviewCap)
	}
}

func TestBatchSizeCap(t *testing.T) {
	o, fs := newTest(t, WithFlushInterval(time.Hour))
	big := bytes.Repeat([]byte("0123456789abcdef"), 4<<10) // 64 KiB
	for i := 0; i < 40; i++ {
		o.CmdSubst(ctx, &interp.CmdSubstInfo{}, big)
	}
	o.Close()
	bs := fs.batches()
	if len(bs) < 3 {
		t.Fatalf("40 previews of 64 KiB in %d batches", len(bs))
	}
	for _, b := range bs {
		if n := len(mustJSON(t, b)); n > wire.MaxBatchBytes {
			t.Fatalf("batch of %d bytes", n)
		}
	}
}

func TestBinaryFlag(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		cut  bool
		want bool
	}{
		{"text", []byte("hello\n"), false, false},
		{"utf8", []byte("héllo ✓"), false, false},
		{"nul", []byte("a\x00b"), false, true},
		{"invalid utf8", []byte("a\xffb"), false, true},
		{"rune cut at the end of a head", []byte("ab\xe2\x9c"), true, false},
		{"truncated rune in complete data", []byte("ab\xe2\x9c"), false, true},
		{"nul past the head", append(bytes.Repeat([]byte("a"), binaryHead), 0), false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := isBinary(tc.data, tc.cut); got != tc.want {
				t.Fatalf("isBinary = %v", got)
			}
		})
	}
	o, fs := newTest(t)
	tap := o.Pipe(ctx, &interp.PipeInfo{Pipeline: interp.PipelinePos{ID: 1, Len: 2}})
	tap.Write([]byte{0x7f, 'E', 'L', 'F', 0, 0})
	tap.Close(true)
	o.Close()
	e := fs.events()[0]
	if !*e.Binary || !*e.TapFailed || *e.FromIndex != 0 || *e.ToIndex != 1 || *e.PipelineID != 1 {
		t.Fatalf("pipe event %+v", e)
	}
	if !bytes.Equal(decode(t, e.PreviewB64), []byte{0x7f, 'E', 'L', 'F', 0, 0}) {
		t.Fatal("binary preview not kept as base64")
	}
}

func TestBlake3(t *testing.T) {
	// Known answer for the empty input (BLAKE3 reference test vectors).
	const empty = "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"
	o, fs := newTest(t)
	tap := o.Pipe(ctx, &interp.PipeInfo{})
	tap.Close(false)
	// Chunked writes hash like one write.
	data := make([]byte, 3<<20+17)
	for i := range data {
		data[i] = byte(i * 7)
	}
	tap = o.Pipe(ctx, &interp.PipeInfo{})
	for rest := data; len(rest) > 0; {
		n := min(len(rest), 1+len(rest)%65521)
		tap.Write(rest[:n])
		rest = rest[n:]
	}
	tap.Close(false)
	o.Close()
	evs := fs.events()
	if evs[0].Blake3 != empty || *evs[0].Bytes != 0 {
		t.Fatalf("empty pipe hash %s", evs[0].Blake3)
	}
	if evs[1].Blake3 != hash(data) || *evs[1].Bytes != int64(len(data)) {
		t.Fatalf("chunked hash %s, want %s", evs[1].Blake3, hash(data))
	}
}

func TestRedirects(t *testing.T) {
	dir := t.TempDir()
	o, fs := newTest(t)
	c := &interp.ExecInfo{Argv: []string{"cmd"}, Dir: dir}
	o.ExecStart(ctx, c)

	// ">": the command writes through its own fd; read back from 0.
	outPath := filepath.Join(dir, "out")
	out, err := os.OpenFile(outPath, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	done := o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: ">", Fd: 1, Path: "out", DupFd: -1, File: out, Flags: os.O_WRONLY | os.O_CREATE | os.O_TRUNC})
	out.WriteString("hello\n")
	pos, _ := out.Seek(0, 1)
	done()
	if p2, _ := out.Seek(0, 1); p2 != pos {
		t.Fatal("read-back moved the command's offset")
	}
	out.Close()

	// ">>" from the size before.
	os.WriteFile(filepath.Join(dir, "log"), []byte("old\n"), 0o644)
	lf, _ := os.OpenFile(filepath.Join(dir, "log"), os.O_WRONLY|os.O_APPEND, 0)
	done = o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: ">>", Fd: 2, Path: filepath.Join(dir, "log"), DupFd: -1, File: lf, Flags: os.O_WRONLY | os.O_APPEND, Offset: 4})
	lf.WriteString("new\n")
	lf.Close() // the interpreter may close before calling done: the reopened fd is ours
	done()

	// "<" the head.
	in, _ := os.Open(outPath)
	if d := o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: "<", Fd: 0, Path: "out", DupFd: -1, File: in}); d != nil {
		t.Fatal("< should need no read-back")
	}
	if p, _ := in.Seek(0, 1); p != 0 {
		t.Fatal("< read moved the offset")
	}
	in.Close()

	// Special file: metadata only; dup; here-string.
	o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: ">", Fd: 1, Path: "/dev/null", DupFd: -1, Special: true, Flags: os.O_WRONLY})
	o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: ">&", Fd: 2, DupFd: 1})
	o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: "<<<", Fd: 0, DupFd: -1, Heredoc: true, Body: []byte("hi\n")})

	// exec >file: no command, done never called before Close.
	ef, _ := os.OpenFile(filepath.Join(dir, "exec"), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	o.Redirect(ctx, &interp.RedirectInfo{Op: ">", Fd: 3, Path: filepath.Join(dir, "exec"), DupFd: -1, File: ef, Flags: os.O_WRONLY})
	ef.WriteString("late")
	o.ExecEnd(ctx, c, interp.ExecResult{})
	o.Close()
	ef.Close()

	want := []struct {
		op, target, mode, preview string
		bytes                     int64
		special                   bool
		cmd                       bool
	}{
		{">", "out", "w", "hello\n", 6, false, true},
		{"2>>", "log", "a", "new\n", 4, false, true},
		{"<", "out", "r", "hello\n", 6, false, true},
		{">", "/dev/null", "w", "", -1, true, true},
		{"2>&1", "fd:1", "", "", -1, false, true},
		{"<<<", "heredoc", "", "hi\n", 3, false, true},
		{"3>", "exec", "w", "late", 4, false, false},
	}
	var got []wire.Event
	for _, e := range fs.events() {
		if e.Kind == "redirect" {
			got = append(got, e)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d redirect events, want %d", len(got), len(want))
	}
	for i, w := range want {
		e := got[i]
		target := ""
		switch {
		case e.Target.Heredoc:
			target = "heredoc"
		case e.Target.FD != nil:
			target = fmt.Sprintf("fd:%d", *e.Target.FD)
		default:
			target = filepath.Base(e.Target.Path)
			if e.Target.Path == "/dev/null" {
				target = e.Target.Path
			}
		}
		if e.Op != w.op || target != w.target || e.Mode != w.mode || *e.Special != w.special || (e.CmdSeq == 1) != w.cmd {
			t.Errorf("redirect %d: op %q target %q mode %q special %v cmdSeq %d", i, e.Op, target, e.Mode, *e.Special, e.CmdSeq)
			continue
		}
		if w.bytes < 0 {
			if e.Bytes != nil || e.PreviewB64 != "" || e.Blake3 != "" {
				t.Errorf("redirect %d: %s should carry no content", i, w.op)
			}
			continue
		}
		if *e.Bytes != w.bytes || string(decode(t, e.PreviewB64)) != w.preview || e.Blake3 != hash([]byte(w.preview)) || *e.Truncated {
			t.Errorf("redirect %d: bytes %d preview %q", i, *e.Bytes, decode(t, e.PreviewB64))
		}
	}
}

func TestRedaction(t *testing.T) {
	o, fs := newTest(t)
	const key = "AKIAIOSFODNN7EXAMPLE"
	const secret = "hunter2-very-private"
	c := &interp.ExecInfo{Argv: []string{"aws", "--key", key, "TOKEN=" + secret}, Dir: "/", Tainted: []string{secret}}
	o.ExecStart(ctx, c)
	o.ExecEnd(ctx, c, interp.ExecResult{})
	out := []byte("value is " + secret + " and " + key)
	o.CmdSubst(ctx, &interp.CmdSubstInfo{}, out)
	o.State(ctx, &interp.StateInfo{Op: "cd", From: "/", To: "/tmp/" + secret})
	o.Fallback(wire.ReasonParseError, "echo "+secret+" (")
	o.Close()
	for _, e := range fs.events() {
		blob := strings.Join(e.Argv, " ") + e.To + e.Input + string(decode(t, e.PreviewB64))
		if strings.Contains(blob, secret) || strings.Contains(blob, key) {
			t.Fatalf("%s event leaks a secret: %q", e.Kind, blob)
		}
		if e.Kind == "cmdsub" && !strings.Contains(blob, "[REDACTED:") {
			t.Fatalf("cmdsub not masked: %q", blob)
		}
	}
	if fs.flushes == 0 {
		t.Fatal("Fallback did not flush synchronously")
	}
	var fb *wire.Event
	for _, e := range fs.events() {
		if e.Kind == "fallback" {
			fb = &e
		}
	}
	if fb == nil || fb.Reason != wire.ReasonParseError {
		t.Fatal("no fallback event")
	}
}

func TestRedactionKeepsOriginalHash(t *testing.T) {
	o, fs := newTest(t)
	body := []byte("export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n")
	o.Redirect(ctx, &interp.RedirectInfo{Op: "<<", Heredoc: true, Body: body, DupFd: -1})
	o.Close()
	e := fs.events()[0]
	if e.Blake3 != hash(body) {
		t.Fatal("hash not over the original bytes")
	}
	if bytes.Contains(decode(t, e.PreviewB64), []byte("AKIA")) {
		t.Fatal("preview not masked")
	}
}

func TestCmdSubstBeforeExecStart(t *testing.T) {
	o, fs := newTest(t, WithFlushInterval(time.Hour))
	c := &interp.ExecInfo{Argv: []string{"echo", "x"}, Dir: "/"}
	o.CmdSubst(ctx, &interp.CmdSubstInfo{Cmd: c}, []byte("x\n"))
	o.ExecStart(ctx, c)
	o.ExecEnd(ctx, c, interp.ExecResult{})
	// An assignment-only command never starts: its cmdsub has no cmdSeq.
	a := &interp.ExecInfo{}
	o.CmdSubst(ctx, &interp.CmdSubstInfo{Cmd: a}, []byte("y"))
	o.Close()
	evs := fs.events()
	if len(evs) != 3 || evs[0].Kind != "cmdsub" || evs[0].CmdSeq != evs[1].Seq || evs[1].Kind != "exec" || evs[2].CmdSeq != 0 {
		t.Fatalf("events %+v", evs)
	}
	checkSeqs(t, evs)
}

func TestMetaLevel(t *testing.T) {
	o, fs := newTest(t, WithLevel(LevelMeta))
	c := runCmd(o, "echo")
	o.CmdSubst(ctx, &interp.CmdSubstInfo{Cmd: c}, []byte("text"))
	o.Redirect(ctx, &interp.RedirectInfo{Op: "<<", Heredoc: true, Body: []byte("body"), DupFd: -1})
	tap := o.Pipe(ctx, &interp.PipeInfo{})
	tap.Write([]byte("data"))
	tap.Close(false)
	o.Close()
	kinds := ""
	for _, e := range fs.events() {
		kinds += e.Kind + " "
		if e.PreviewB64 != "" {
			t.Fatalf("%s event has a preview at meta level", e.Kind)
		}
	}
	if kinds != "exec redirect pipe " {
		t.Fatalf("kinds %q", kinds)
	}
}

func TestPolicyDeny(t *testing.T) {
	o, fs := newTest(t, WithPolicy(func(c *interp.ExecInfo) interp.Verdict {
		if c.Argv[0] == "rm" {
			return interp.Verdict{Deny: true, Status: 126, Rule: "no-rm", Message: "rm is not allowed"}
		}
		return interp.Verdict{}
	}))
	c := &interp.ExecInfo{Argv: []string{"rm", "-rf", "/"}, Dir: "/"}
	if v := o.ExecStart(ctx, c); !v.Deny || v.Rule != "no-rm" {
		t.Fatalf("verdict %+v", v)
	}
	o.ExecEnd(ctx, c, interp.ExecResult{Status: 126, Denied: true})
	o.Close()
	evs := fs.events()
	if len(evs) != 2 || evs[1].Kind != "deny" || evs[1].CmdSeq != 1 || evs[1].Rule != "no-rm" || *evs[0].ExitCode != 126 {
		t.Fatalf("events %+v", evs)
	}
}

func TestPanicInHookRecovered(t *testing.T) {
	for _, hook := range []string{"ExecStart", "ExecEnd", "Redirect", "Pipe", "CmdSubst", "State"} {
		t.Run(hook, func(t *testing.T) {
			o, fs := newTest(t)
			o.testHook = func(h string) {
				if h == hook {
					panic("boom in " + h)
				}
			}
			c := &interp.ExecInfo{Argv: []string{"x"}, Dir: "/"}
			if v := o.ExecStart(ctx, c); v.Deny {
				t.Fatal("a panicking hook denied the command")
			}
			o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: "<<<", Heredoc: true, Body: []byte("b"), DupFd: -1})
			o.CmdSubst(ctx, &interp.CmdSubstInfo{Cmd: c}, []byte("t"))
			o.State(ctx, &interp.StateInfo{Op: "cd"})
			if tap := o.Pipe(ctx, &interp.PipeInfo{}); tap != nil {
				tap.Write([]byte("x"))
				tap.Close(false)
			}
			o.ExecEnd(ctx, c, interp.ExecResult{})
			o.Close()
			if o.Stats().InternalErrors != 1 {
				t.Fatalf("InternalErrors = %d", o.Stats().InternalErrors)
			}
			found := false
			for _, e := range fs.events() {
				if e.Kind == wire.KindDropped && e.Reason == wire.ReasonInternalError && e.Count == 1 {
					found = true
				}
			}
			if !found {
				t.Fatal("no dropped/internal-error event")
			}
		})
	}
}

func TestTaintedSetBounded(t *testing.T) {
	o, _ := newTest(t)
	for i := 0; i < 200; i++ {
		o.addTainted([]string{fmt.Sprintf("secret-value-%03d", i), "ab"})
	}
	l := o.taintedList()
	if len(l) != maxTainted || l[len(l)-1] != "secret-value-199" {
		t.Fatalf("tainted set %d values, last %q", len(l), l[len(l)-1])
	}
	o.Close()
}

func mustJSON(t *testing.T, b *wire.Batch) []byte {
	t.Helper()
	data, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestWireOp(t *testing.T) {
	tests := []struct {
		r    interp.RedirectInfo
		want string
	}{
		{interp.RedirectInfo{Op: ">", Fd: 1, DupFd: -1}, ">"},
		{interp.RedirectInfo{Op: ">", Fd: 2, DupFd: -1}, "2>"},
		{interp.RedirectInfo{Op: ">>", Fd: 1, DupFd: -1}, ">>"},
		{interp.RedirectInfo{Op: "<", Fd: 0, DupFd: -1}, "<"},
		{interp.RedirectInfo{Op: "<", Fd: 3, DupFd: -1}, "3<"},
		{interp.RedirectInfo{Op: "&>", Fd: 1, DupFd: -1}, "&>"},
		{interp.RedirectInfo{Op: ">&", Fd: 2, DupFd: 1}, "2>&1"},
		{interp.RedirectInfo{Op: ">&", Fd: 1, DupFd: 3}, ">&3"},
		{interp.RedirectInfo{Op: "<&", Fd: 0, DupFd: 4}, "<&4"},
		{interp.RedirectInfo{Op: ">&-", Fd: 3, DupFd: -1}, "3>&-"},
		{interp.RedirectInfo{Op: "<&-", Fd: 0, DupFd: -1}, "<&-"},
		{interp.RedirectInfo{Op: "<<<", Fd: 0, DupFd: -1, Heredoc: true}, "<<<"},
		{interp.RedirectInfo{Op: ">|", Fd: 1, DupFd: -1}, ">|"},
	}
	for _, tc := range tests {
		if got := wireOp(&tc.r); got != tc.want {
			t.Errorf("wireOp(%+v) = %q, want %q", tc.r, got, tc.want)
		}
	}
	o, fs := newTest(t)
	if d := o.Redirect(ctx, &interp.RedirectInfo{Op: ">&-", Fd: 3, DupFd: -1}); d != nil {
		t.Fatal("a close needs no read-back")
	}
	o.Close()
	if e := fs.events()[0]; e.Op != "3>&-" || e.Target != nil {
		t.Fatalf("close event %+v", e)
	}
}

// TestMaskLongerThanSecretNotTruncated: a masked preview that grows
// (the marker is longer than the secret) still shows everything and is
// not flagged truncated when every byte fit the cap.
func TestMaskLongerThanSecretNotTruncated(t *testing.T) {
	for _, tc := range []struct {
		name string
		body string
	}{
		{"short", "auth=s3cr3t\n"},
		{"secret at the end", "x=1\nauth=s3cr3t"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, fs := newTest(t)
			c := &interp.ExecInfo{Argv: []string{"echo", "s3cr3t"}, Dir: "/", Tainted: []string{"s3cr3t"}}
			o.ExecStart(ctx, c)
			o.Redirect(ctx, &interp.RedirectInfo{Cmd: c, Op: "<<<", Heredoc: true, Body: []byte(tc.body), DupFd: -1})
			o.ExecEnd(ctx, c, interp.ExecResult{})
			o.Close()
			for _, e := range fs.events() {
				if e.Kind != "redirect" {
					continue
				}
				want := strings.ReplaceAll(tc.body, "s3cr3t", "[REDACTED:secret-var]")
				if got := string(decode(t, e.PreviewB64)); got != want || *e.Truncated {
					t.Fatalf("preview %q truncated=%v, want %q untruncated", got, *e.Truncated, want)
				}
			}
		})
	}
}
