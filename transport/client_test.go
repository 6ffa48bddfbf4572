package transport

import (
	"bufio"
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"nash/transport/receiver"
	"nash/transport/wire"
)

const token = "tok-123"

// sockDir returns a short directory for unix sockets (sun_path is 108 bytes).
func sockDir(t testing.TB) string {
	t.Helper()
	d, err := os.MkdirTemp("", "nt")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(d) })
	return d
}

func startReceiver(t testing.TB) (*receiver.Receiver, string) {
	t.Helper()
	r := receiver.New(token)
	path := filepath.Join(sockDir(t), "c.sock")
	s, err := receiver.ListenUnix(path, r)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); s.Close() })
	return r, path
}

func mkBatch(shell string, seqs ...uint64) *wire.Batch {
	b := &wire.Batch{Type: wire.BatchType, Source: wire.SourceNash, SessionID: "s-1", ShellID: shell}
	for _, s := range seqs {
		b.Events = append(b.Events, wire.Event{Kind: wire.KindCd, Seq: s, TS: 1700000000000 + int64(s), From: "/a", To: "/b"})
	}
	return b
}

// spooled reads every batch in dir's spool files, oldest file first.
func spooled(t *testing.T, dir string) []wire.Batch {
	t.Helper()
	s := spool{dir: dir}
	names, err := s.files()
	if err != nil && !os.IsNotExist(err) && !strings.Contains(err.Error(), "no such file") {
		t.Fatal(err)
	}
	var out []wire.Batch
	for _, n := range names {
		f, err := os.Open(filepath.Join(dir, n))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			b, err := receiver.Decode(sc.Bytes())
			if err != nil {
				t.Fatalf("spool file %s: %v", n, err)
			}
			out = append(out, *b)
		}
		f.Close()
	}
	return out
}

func TestDeliverOverUnixSocket(t *testing.T) {
	r, sock := startReceiver(t)
	c := New(Config{Socket: sock, Token: token, SpoolDir: t.TempDir()})
	for i := uint64(1); i <= 5; i++ {
		if !c.Send(mkBatch("sh1", 2*i-1, 2*i)) {
			t.Fatal("Send refused")
		}
	}
	if !c.Flush(3 * time.Second) {
		t.Fatal("Flush timed out")
	}
	c.Close(time.Second)
	evs := r.Events("sh1")
	if len(evs) != 10 {
		t.Fatalf("got %d events, want 10", len(evs))
	}
	for i, e := range evs {
		if e.Seq != uint64(i+1) {
			t.Fatalf("event %d has seq %d", i, e.Seq)
		}
	}
	if st := c.Stats(); st.Sent != 5 || st.Spooled != 0 {
		t.Fatalf("stats %+v", st)
	}
}

func TestURLFallbackWhenSocketAbsent(t *testing.T) {
	r := receiver.New(token)
	srv := httptest.NewServer(r) // loopback only
	defer srv.Close()
	c := New(Config{Socket: filepath.Join(t.TempDir(), "absent.sock"), URL: srv.URL, Token: token, SpoolDir: t.TempDir()})
	c.Send(mkBatch("sh2", 1))
	c.Close(2 * time.Second)
	if n := len(r.Events("sh2")); n != 1 {
		t.Fatalf("got %d events over the URL, want 1", n)
	}
}

func TestNewStartsNothing(t *testing.T) {
	c := New(Config{Socket: "/nonexistent/sock", Token: token})
	c.mu.Lock()
	started := c.started
	c.mu.Unlock()
	if started {
		t.Fatal("New started the sender")
	}
	c.Close(time.Second) // nothing to do, returns at once
}

// faultTest is a misbehaving or absent collector and what must follow.
type faultTest struct {
	name        string
	fault       receiver.Fault
	noSocket    bool
	badSpool    bool
	wantSpooled int
	wantUnauth  bool
}

// TestFaults checks that with a collector that is absent or misbehaving,
// Send never blocks, Close stays within its bound, and the batches end up
// in the spool (or are counted as lost when the spool is unwritable). Each
// case runs twice: batches handed to Send (the sender goroutine delivers
// them) and handed to Close as the last batches (Close delivers them on
// the caller's goroutine).
func TestFaults(t *testing.T) {
	tests := []faultTest{
		{name: "absent socket", noSocket: true, wantSpooled: 3},
		{name: "never answers", fault: receiver.FaultHang, wantSpooled: 3},
		{name: "401", fault: receiver.FaultUnauthorized, wantSpooled: 3, wantUnauth: true},
		{name: "500", fault: receiver.FaultServerError, wantSpooled: 3},
		{name: "garbage", fault: receiver.FaultGarbage, wantSpooled: 3},
		{name: "unwritable spool", noSocket: true, badSpool: true},
	}
	for _, tc := range tests {
		for _, mode := range []string{"send", "close"} {
			t.Run(tc.name+"/"+mode, func(t *testing.T) { faultCase(t, tc, mode == "close") })
		}
	}
}

func faultCase(t *testing.T, tc faultTest, last bool) {
	r, sock := startReceiver(t)
	r.SetFault(tc.fault)
	if tc.noSocket {
		sock = filepath.Join(t.TempDir(), "absent.sock")
	}
	spoolDir := t.TempDir()
	if tc.badSpool {
		f := filepath.Join(spoolDir, "file")
		os.WriteFile(f, nil, 0o600)
		spoolDir = filepath.Join(f, "sub") // a path under a regular file
	}
	c := New(Config{Socket: sock, Token: token, SpoolDir: spoolDir})
	var final []*wire.Batch
	start := time.Now()
	for i := uint64(1); i <= 3; i++ {
		if last {
			final = append(final, mkBatch("shf", i))
		} else if !c.Send(mkBatch("shf", i)) {
			t.Fatal("Send refused")
		}
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Fatalf("Send blocked for %v", d)
	}
	start = time.Now()
	c.Close(2*time.Second, final...)
	if d := time.Since(start); d > 2600*time.Millisecond {
		t.Fatalf("Close took %v, bound is 2s plus spooling", d)
	}
	st := c.Stats()
	if st.Unauthorized != tc.wantUnauth {
		t.Errorf("Unauthorized = %v", st.Unauthorized)
	}
	if tc.badSpool {
		if st.SpoolDropped != 3 {
			t.Errorf("SpoolDropped = %d, want 3 (%+v)", st.SpoolDropped, st)
		}
		return
	}
	got := spooled(t, spoolDir)
	if len(got) != tc.wantSpooled {
		t.Fatalf("spooled %d batches, want %d (%+v)", len(got), tc.wantSpooled, st)
	}
	seen := map[uint64]bool{}
	for _, b := range got {
		for _, e := range b.Events {
			seen[e.Seq] = true
		}
	}
	if len(seen) != 3 {
		t.Fatalf("spool holds seqs %v, want 1..3", seen)
	}
}

// TestCloseDeliversLastInline: a client that never started its sender
// delivers the batches given to Close, in order, without starting it; a
// batch given to a closed client is spooled, not lost.
func TestCloseDeliversLastInline(t *testing.T) {
	r, sock := startReceiver(t)
	spoolDir := t.TempDir()
	c := New(Config{Socket: sock, Token: token, SpoolDir: spoolDir})
	c.Close(2*time.Second, mkBatch("shc", 1, 2), nil, mkBatch("shc", 3))
	c.mu.Lock()
	started := c.started
	c.mu.Unlock()
	if started {
		t.Fatal("Close started the sender goroutine")
	}
	evs := r.Events("shc")
	if len(evs) != 3 || evs[0].Seq != 1 || evs[2].Seq != 3 {
		t.Fatalf("received %+v", evs)
	}
	if bs := r.Batches(); len(bs) != 2 || bs[0].Events[0].Seq != 1 {
		t.Fatalf("batches out of order: %+v", bs)
	}
	if c.Send(mkBatch("shc", 4)) {
		t.Fatal("Send accepted after Close")
	}
	c.Close(time.Second, mkBatch("shc", 5))
	if got := spooled(t, spoolDir); len(got) != 1 || got[0].Events[0].Seq != 5 {
		t.Fatalf("after a second Close the spool holds %+v, want seq 5", got)
	}
	if st := c.Stats(); st.Sent != 2 || st.Spooled != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// TestCloseAfterSendKeepsOrder: with the sender started (and idle), the
// batches given to Close are delivered, after those queued by Send.
func TestCloseAfterSendKeepsOrder(t *testing.T) {
	r, sock := startReceiver(t)
	c := New(Config{Socket: sock, Token: token, SpoolDir: t.TempDir()})
	for i := uint64(1); i <= 4; i++ {
		c.Send(mkBatch("sho", i))
	}
	c.Flush(2 * time.Second) // the sender now waits for work
	c.Close(2*time.Second, mkBatch("sho", 5), mkBatch("sho", 6))
	var seqs []uint64
	for _, b := range r.Batches() {
		seqs = append(seqs, b.Events[0].Seq)
	}
	if len(seqs) != 6 {
		t.Fatalf("received %v, want 6 batches", seqs)
	}
	for i, s := range seqs {
		if s != uint64(i+1) {
			t.Fatalf("received in order %v", seqs)
		}
	}
}

func TestUnauthorizedStopsSending(t *testing.T) {
	r, sock := startReceiver(t)
	spoolDir := t.TempDir()
	c := New(Config{Socket: sock, Token: "wrong", SpoolDir: spoolDir})
	c.Send(mkBatch("shu", 1))
	c.Flush(2 * time.Second)
	n := r.Requests()
	if n != 1 {
		t.Fatalf("%d requests before the 401, want 1", n)
	}
	for i := uint64(2); i <= 6; i++ {
		c.Send(mkBatch("shu", i))
	}
	c.Close(2 * time.Second)
	if r.Requests() != n {
		t.Fatalf("client kept sending after a 401: %d requests", r.Requests())
	}
	if got := spooled(t, spoolDir); len(got) != 6 {
		t.Fatalf("spooled %d batches, want 6", len(got))
	}
}

func TestRejectedNotSpooled(t *testing.T) {
	_, sock := startReceiver(t)
	spoolDir := t.TempDir()
	c := New(Config{Socket: sock, Token: token, SpoolDir: spoolDir})
	bad := mkBatch("shr", 2, 1) // seq not increasing: 400
	c.Send(bad)
	c.Close(2 * time.Second)
	if st := c.Stats(); st.Rejected != 1 || st.Spooled != 0 {
		t.Fatalf("stats %+v, want one rejected, none spooled", st)
	}
}

// TestDrainOnceUnderConcurrency fills the spool with many files while the
// collector is away, then lets two clients reach it at the same time: each
// spooled batch must arrive exactly once, files in order.
func TestDrainOnceUnderConcurrency(t *testing.T) {
	spoolDir := t.TempDir()
	off := New(Config{Socket: filepath.Join(t.TempDir(), "absent.sock"), Token: token, SpoolDir: spoolDir, SpoolName: "old"})
	const files = 60
	for i := uint64(1); i <= files; i++ {
		off.Spool(mkBatch("old", 2*i-1, 2*i))
	}
	if st := off.Stats(); st.Spooled != files {
		t.Fatalf("spooled %d, want %d", st.Spooled, files)
	}

	r, sock := startReceiver(t)
	var wg sync.WaitGroup
	clients := []*Client{
		New(Config{Socket: sock, Token: token, SpoolDir: spoolDir, SpoolName: "a"}),
		New(Config{Socket: sock, Token: token, SpoolDir: spoolDir, SpoolName: "b"}),
	}
	for i, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Send(mkBatch([]string{"a", "b"}[i], 1))
			c.Flush(5 * time.Second)
		}()
	}
	wg.Wait()
	for _, c := range clients {
		c.Close(time.Second)
	}
	if d := r.Duplicates(); d != 0 {
		t.Fatalf("%d duplicate events: a spool file was sent twice", d)
	}
	var last uint64
	n := 0
	for _, b := range r.Batches() {
		if b.ShellID != "old" {
			continue
		}
		for _, e := range b.Events {
			if e.Seq <= last {
				t.Fatalf("drained out of order: seq %d after %d", e.Seq, last)
			}
			last = e.Seq
			n++
		}
	}
	if n != 2*files {
		t.Fatalf("drained %d events, want %d", n, 2*files)
	}
	if left := spooled(t, spoolDir); len(left) != 0 {
		t.Fatalf("%d batches left in the spool", len(left))
	}
	if got := clients[0].Stats().Drained + clients[1].Stats().Drained; got != files {
		t.Fatalf("Drained = %d, want %d", got, files)
	}
}

// TestDrainKeepsRestOnFailure: a drain interrupted by a failing collector
// leaves the unsent batches, and only them, in the spool.
func TestDrainKeepsRestOnFailure(t *testing.T) {
	spoolDir := t.TempDir()
	off := New(Config{Token: token, SpoolDir: spoolDir})
	var bs []*wire.Batch
	for i := uint64(1); i <= 4; i++ {
		bs = append(bs, mkBatch("old", i))
	}
	off.Spool(bs...) // one file, four lines

	var mu sync.Mutex
	n := 0
	h := receiver.New(token)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		mu.Lock()
		n++
		k := n
		mu.Unlock()
		if k == 3 { // the live batch, then two drained, then fail
			http.Error(w, "boom", http.StatusInternalServerError)
			return
		}
		h.ServeHTTP(w, req)
	}))
	defer srv.Close()
	c := New(Config{URL: srv.URL, Token: token, SpoolDir: spoolDir})
	c.Send(mkBatch("live", 1))
	c.Close(2 * time.Second)
	left := spooled(t, spoolDir)
	var seqs []uint64
	for _, b := range left {
		seqs = append(seqs, b.Events[0].Seq)
	}
	if len(seqs) != 3 || seqs[0] != 2 || seqs[1] != 3 || seqs[2] != 4 {
		t.Fatalf("left in spool: %v, want [2 3 4]", seqs)
	}
}

func TestEncodeSplitsLargeBatches(t *testing.T) {
	b := mkBatch("big")
	preview := strings.Repeat("QUFB", 60<<10/4*4/4) // ~60 KiB of base64
	for i := uint64(1); i <= 40; i++ {
		b.Events = append(b.Events, wire.Event{Kind: wire.KindPipe, Seq: i, TS: 1, PreviewB64: preview})
	}
	// One event alone above the cap.
	b.Events = append(b.Events, wire.Event{Kind: wire.KindExec, Seq: 41, TS: 1, Argv: []string{strings.Repeat("x", 2<<20)}})
	lines, err := encode(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 3 {
		t.Fatalf("got %d parts", len(lines))
	}
	var seqs []uint64
	for _, l := range lines {
		if len(l) > wire.MaxBatchBytes {
			t.Fatalf("part of %d bytes", len(l))
		}
		got, err := receiver.Decode(l)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range got.Events {
			seqs = append(seqs, e.Seq)
		}
		if last := got.Events[len(got.Events)-1]; last.Seq == 41 && (last.Truncated == nil || !*last.Truncated) {
			t.Fatalf("oversized event not marked truncated")
		}
	}
	if len(seqs) != 41 {
		t.Fatalf("got %d events back, want 41", len(seqs))
	}
}

func TestConfigFromEnv(t *testing.T) {
	cfg := ConfigFromEnv([]string{"PATH=/bin", "NUCLEIC_HOOK_TOKEN=t", "NUCLEIC_SHELL_HOOK_URL=http://127.0.0.1:9/"})
	if cfg.Socket != DefaultSocket || cfg.SpoolDir != DefaultSpoolDir || cfg.Token != "t" {
		t.Fatalf("cfg %+v", cfg)
	}
	cfg.fill()
	if cfg.URL != "http://127.0.0.1:9/shell-event" {
		t.Fatalf("URL %q", cfg.URL)
	}
}

// TestBatchExampleRoundTrip decodes the batch example of design section 3
// (filled in) and encodes it back unchanged.
func TestBatchExampleRoundTrip(t *testing.T) {
	example := `{"type":"shell-batch","source":"nash","sessionId":"s-1","shellId":"8f3c","parentShell":null,"callId":"call-7","events":[` +
		`{"kind":"exec","seq":1,"ts":1700000000000,"argv":["ls","-l"],"resolvedPath":"/usr/bin/ls","builtin":false,"cwd":"/work","pid":42,"exitCode":0,"durationMs":3,"pipeline":{"id":1,"index":0,"len":2},"nesting":{"depth":0,"kind":"top"}},` +
		`{"kind":"redirect","seq":2,"ts":1700000000001,"cmdSeq":1,"op":">","target":{"path":"out.txt"},"mode":"w","special":false,"bytes":5,"truncated":false,"blake3":"` + strings.Repeat("ab", 32) + `","previewB64":"aGVsbG8=","binary":false},` +
		`{"kind":"pipe","seq":3,"ts":1700000000002,"bytes":0,"truncated":false,"pipelineId":1,"fromIndex":0,"toIndex":1,"tapFailed":false},` +
		`{"kind":"dropped","seq":5,"ts":1700000000003,"reason":"buffer-full","count":1}]}`
	b, err := receiver.Decode([]byte(example))
	if err != nil {
		t.Fatal(err)
	}
	if b.ParentShell != nil || b.CallID != "call-7" || *b.Events[0].ExitCode != 0 || *b.Events[1].Bytes != 5 {
		t.Fatalf("decoded %+v", b)
	}
	out, err := marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	var x, y any
	json.Unmarshal([]byte(example), &x)
	json.Unmarshal(out, &y)
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	if !bytes.Equal(xb, yb) {
		t.Fatalf("round trip changed the batch:\n%s\n%s", xb, yb)
	}
}

// TestDrainSkipsEmptySpool: after a delivery, an empty spool costs one
// listing: the drain lock file is not even created. Spooled files are still
// drained by Close's inline delivery.
func TestDrainSkipsEmptySpool(t *testing.T) {
	r, sock := startReceiver(t)
	spoolDir := t.TempDir()
	c := New(Config{Socket: sock, Token: token, SpoolDir: spoolDir})
	c.Close(2*time.Second, mkBatch("she", 1))
	if len(r.Events("she")) != 1 {
		t.Fatal("batch not delivered")
	}
	if _, err := os.Stat(filepath.Join(spoolDir, lockName)); !os.IsNotExist(err) {
		t.Fatalf("lock file created for an empty spool (%v)", err)
	}

	off := New(Config{Socket: filepath.Join(t.TempDir(), "absent.sock"), Token: token, SpoolDir: spoolDir, SpoolName: "old"})
	off.Spool(mkBatch("old", 1), mkBatch("old", 2))
	c = New(Config{Socket: sock, Token: token, SpoolDir: spoolDir})
	c.Close(2*time.Second, mkBatch("she2", 1))
	if n := len(r.Events("old")); n != 2 {
		t.Fatalf("drained %d spooled events, want 2", n)
	}
	if left := spooled(t, spoolDir); len(left) != 0 {
		t.Fatalf("%d batches left in the spool", len(left))
	}
}
