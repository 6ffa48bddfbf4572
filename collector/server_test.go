package collector

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"nash/collector/store"
	"nash/transport/wire"
)

func TestIngestStatusCodes(t *testing.T) {
	e := newEnv(t, Config{}, store.Options{})
	valid := mustJSON(execBatch(e.session, "sh1", 1, 3))
	other := e.keys.Issue("s-2", time.Now().Add(time.Hour))
	expired := e.keys.Issue(e.session, time.Now().Add(-time.Minute))
	conflict := mustJSON(execBatch("s-2", "sh1", 10, 1)) // sh1 belongs to s-1
	big := execBatch(e.session, "sh-big", 1, 1)
	big.Events[0].Argv = []string{strings.Repeat("x", MaxBatchBytes)}
	tests := []struct {
		name string
		body []byte
		tok  string
		code int
		want string
	}{
		{"valid", valid, e.tok, 202, `"stored":3`},
		{"resend is idempotent", valid, e.tok, 202, `"duplicates":3`},
		{"no token", valid, "", 401, "missing bearer"},
		{"garbage token", valid, "abc", 401, "malformed"},
		{"token of other session", valid, other, 401, "does not match"},
		{"expired token", valid, expired, 401, "expired"},
		{"truncated JSON", valid[:len(valid)/2], e.tok, 400, "truncated"},
		{"not JSON", []byte("hello"), e.tok, 400, "malformed JSON"},
		{"trailing data", append(append([]byte{}, valid...), "{}"...), e.tok, 400, "trailing"},
		{"unknown fields ignored", []byte(`{"type":"shell-batch","source":"nash","sessionId":"s-1","shellId":"a","future":1,"events":[{"kind":"cd","seq":1,"ts":1,"to":"/","newField":"x"}]}`), e.tok, 202, `"stored":1`},
		{"wrong type", []byte(`{"type":"shell-batch","source":"nash","sessionId":"s-1","shellId":"a","events":[{"kind":"exec","seq":"1","ts":1}]}`), e.tok, 400, "seq"},
		{"schema", []byte(`{"type":"batch","source":"nash","sessionId":"s-1","shellId":"a","events":[]}`), e.tok, 400, "shell-batch"},
		{"oversized", mustJSON(big), e.tok, 413, "larger than"},
		{"shell in another session", conflict, other, 400, "another session"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, body := e.post(nil, tc.body, tc.tok)
			if code != tc.code || !strings.Contains(body, tc.want) {
				t.Fatalf("got %d %s, want %d containing %q", code, body, tc.code, tc.want)
			}
		})
	}
	// Rejections were counted by reason.
	resp, err := e.srv.Client().Get(e.srv.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	for _, want := range []string{`nashd_rejects_total{reason="unauthorized"} 4`, `nashd_rejects_total{reason="too_large"} 1`, "nashd_events_total 4", "nashd_batches_total 3", "nashd_ingest_seconds_count 3", "nashd_store_bytes "} {
		if !strings.Contains(string(m), want) {
			t.Errorf("metrics lack %q:\n%s", want, m)
		}
	}
}

func TestValidate(t *testing.T) {
	ok := func() *wire.Batch { return execBatch("s-1", "sh", 1, 2) }
	tests := []struct {
		name   string
		mutate func(b *wire.Batch)
		want   string // "" means valid
	}{
		{"valid", func(b *wire.Batch) {}, ""},
		{"empty batch", func(b *wire.Batch) { b.Events = nil }, "events is empty"},
		{"parent", func(b *wire.Batch) { b.ParentShell = strp("p") }, ""},
		{"bad type", func(b *wire.Batch) { b.Type = "x" }, "shell-batch"},
		{"no source", func(b *wire.Batch) { b.Source = "" }, "source"},
		{"no session", func(b *wire.Batch) { b.SessionID = "" }, "sessionId"},
		{"session with slash", func(b *wire.Batch) { b.SessionID = "a/b" }, "sessionId contains"},
		{"long shell id", func(b *wire.Batch) { b.ShellID = strings.Repeat("a", 129) }, "shellId"},
		{"parent is self", func(b *wire.Batch) { b.ParentShell = strp("sh") }, "parentShell equals"},
		{"seq zero", func(b *wire.Batch) { b.Events[0].Seq = 0 }, "seqs start at 1"},
		{"seq not increasing", func(b *wire.Batch) { b.Events[1].Seq = 1 }, "not greater"},
		{"no ts", func(b *wire.Batch) { b.Events[0].TS = 0 }, "ts is missing"},
		{"unknown kind", func(b *wire.Batch) { b.Events[0].Kind = "rm" }, "unknown"},
		{"no kind", func(b *wire.Batch) { b.Events[0].Kind = "" }, "unknown kind"},
		{"bad pipeline", func(b *wire.Batch) { b.Events[0].Pipeline = &wire.Pipeline{ID: 1, Index: 2, Len: 2} }, "pipeline index"},
		{"fd close has no target", func(b *wire.Batch) { b.Events[0] = wire.Event{Kind: "redirect", Seq: 1, TS: 1, Op: ">&-"} }, ""},
		{"redirect without op", func(b *wire.Batch) { b.Events[0] = wire.Event{Kind: "redirect", Seq: 1, TS: 1} }, "without op"},
		{"dropped by internal error", func(b *wire.Batch) {
			b.Events[0] = wire.Event{Kind: "dropped", Seq: 1, TS: 1, Count: 2, Reason: wire.ReasonInternalError}
		}, ""},
		{"export -p has no names", func(b *wire.Batch) { b.Events[0] = wire.Event{Kind: "export", Seq: 1, TS: 1, Op: "export"} }, ""},
		{"start without cmdSeq", func(b *wire.Batch) { b.Events[0].Kind = "start" }, "cmdSeq"},
		{"redirect ok", func(b *wire.Batch) {
			b.Events[0] = wire.Event{Kind: "redirect", Seq: 1, TS: 1, Op: "2>&1", Target: &wire.Target{FD: intp(1)}}
		}, ""},
		{"pipe missing index", func(b *wire.Batch) { b.Events[0] = wire.Event{Kind: "pipe", Seq: 1, TS: 1, PipelineID: intp(1)} }, "pipe needs"},
		{"pipe backwards", func(b *wire.Batch) {
			b.Events[0] = wire.Event{Kind: "pipe", Seq: 1, TS: 1, PipelineID: intp(1), FromIndex: intp(1), ToIndex: intp(0)}
		}, "not forward"},
		{"export with value", func(b *wire.Batch) {
			b.Events[0] = wire.Event{Kind: "export", Seq: 1, TS: 1, Op: "export", Names: []string{"TOKEN=abc"}}
		}, "never values"},
		{"export bad op", func(b *wire.Batch) {
			b.Events[0] = wire.Event{Kind: "export", Seq: 1, TS: 1, Op: "set", Names: []string{"A"}}
		}, "op"},
		{"fallback reason", func(b *wire.Batch) { b.Events[0] = wire.Event{Kind: "fallback", Seq: 1, TS: 1, Reason: "because"} }, "fallback reason"},
		{"dropped count", func(b *wire.Batch) { b.Events[0] = wire.Event{Kind: "dropped", Seq: 1, TS: 1, Reason: "cap"} }, "count 0"},
		{"dropped reason", func(b *wire.Batch) { b.Events[0] = wire.Event{Kind: "dropped", Seq: 1, TS: 1, Count: 1, Reason: "why"} }, "dropped reason"},
		{"negative bytes", func(b *wire.Batch) { b.Events[0].Bytes = i64p(-1) }, "bytes"},
		{"bad blake3", func(b *wire.Batch) { b.Events[0].Blake3 = strings.Repeat("A", 64) }, "blake3"},
		{"good blake3", func(b *wire.Batch) { b.Events[0].Blake3 = strings.Repeat("a", 64) }, ""},
		{"bad base64", func(b *wire.Batch) { b.Events[0].PreviewB64 = "!!!" }, "base64"},
		{"preview too big", func(b *wire.Batch) {
			b.Events[0].PreviewB64 = strings.Repeat("AAAA", MaxPreviewBytes/3+10)
		}, "preview larger"},
		{"too many events", func(b *wire.Batch) {
			b.Events = execBatch("s-1", "sh", 1, MaxEvents+1).Events
		}, "more than"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := ok()
			tc.mutate(b)
			err := Validate(b)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error %v", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want containing %q", err, tc.want)
			}
			if _, ok := err.(*ValidationError); !ok {
				t.Fatalf("error is %T, want *ValidationError", err)
			}
		})
	}
}

func TestQueryAPI(t *testing.T) {
	e := newEnv(t, Config{}, store.Options{})
	b := execBatch(e.session, "root", 1, 4)
	b.Events[2].ExitCode = intp(2)
	b.Events = append(b.Events, wire.Event{Kind: "redirect", Seq: 5, TS: 1, Op: ">", Target: &wire.Target{Path: "/tmp/out"},
		Bytes: i64p(70000), Truncated: boolp(true), PreviewB64: strings.Repeat("QUJD", 2000)})
	if code, body := e.post(nil, mustJSON(b), e.tok); code != 202 {
		t.Fatalf("ingest: %d %s", code, body)
	}
	child := execBatch(e.session, "child", 1, 1)
	child.ParentShell = strp("root")
	e.post(nil, mustJSON(child), e.tok)

	var evs []EventView
	tests := []struct {
		path string
		code int
		n    int
	}{
		{"/api/events?session=s-1", 200, 6},
		{"/api/events?session=s-1&failing=1", 200, 1},
		{"/api/events?kind=redirect", 200, 1},
		{"/api/events?shell=root&afterSeq=3", 200, 2},
		{"/api/events?q=line%203", 200, 1},
		{"/api/events?limit=2&order=desc", 200, 2},
		{"/api/events?after=5", 200, 1},
		{"/api/events?limit=x", 400, 0},
		{"/api/events?failing=maybe", 400, 0},
	}
	for _, tc := range tests {
		evs = nil
		if code := e.getJSON(tc.path, &evs); code != tc.code || len(evs) != tc.n {
			t.Errorf("%s: %d with %d events, want %d with %d", tc.path, code, len(evs), tc.code, tc.n)
		}
	}
	e.getJSON("/api/events?kind=redirect", &evs)
	if !evs[0].PreviewCut || strings.Contains(string(evs[0].Data), strings.Repeat("QUJD", 200)) {
		t.Errorf("list preview not shortened: %s", evs[0].Data[:100])
	}
	var one EventView
	if code := e.getJSON(fmt.Sprintf("/api/events/%d", evs[0].ID), &one); code != 200 || one.PreviewCut || !strings.Contains(string(one.Data), strings.Repeat("QUJD", 2000)) || one.PrevHash == "" {
		t.Errorf("detail: %d cut=%v prev=%q", code, one.PreviewCut, one.PrevHash)
	}
	if code := e.getJSON("/api/events/999", nil); code != 404 {
		t.Errorf("missing event: %d", code)
	}
	var tree []store.Shell
	if e.getJSON("/api/sessions/s-1/shells", &tree); len(tree) != 1 || len(tree[0].Children) != 1 {
		t.Errorf("tree = %+v", tree)
	}
	var v store.VerifyResult
	if e.getJSON("/api/sessions/s-1/verify", &v); !v.OK || v.Events != 6 {
		t.Errorf("verify = %+v", v)
	}
	var ss []store.Session
	if e.getJSON("/api/sessions", &ss); len(ss) != 1 || ss[0].Failing != 1 {
		t.Errorf("sessions = %+v", ss)
	}
	resp, _ := e.srv.Client().Get(e.srv.URL + "/")
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(page), "nash feed") || !strings.Contains(resp.Header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Errorf("UI page: %q csp=%q", page[:min(80, len(page))], resp.Header.Get("Content-Security-Policy"))
	}
}

// TestStreamDeliversLive checks that an SSE client sees an event within a
// second of its ingest, filtered by kind.
func TestStreamDeliversLive(t *testing.T) {
	e := newEnv(t, Config{}, store.Options{})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/stream?kind=cd", nil)
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	got := make(chan string, 4)
	go func() {
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "data: ") {
				got <- sc.Text()
			}
		}
	}()
	time.Sleep(100 * time.Millisecond) // let the subscription register
	b := execBatch(e.session, "sh", 1, 2)
	b.Events = append(b.Events, wire.Event{Kind: "cd", Seq: 3, TS: 1, From: "/", To: "/tmp"})
	start := time.Now()
	if code, body := e.post(nil, mustJSON(b), e.tok); code != 202 {
		t.Fatalf("ingest %d %s", code, body)
	}
	select {
	case d := <-got:
		if !strings.Contains(d, `"kind":"cd"`) {
			t.Fatalf("unexpected message %s", d)
		}
		if el := time.Since(start); el > time.Second {
			t.Fatalf("event arrived after %v", el)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("no live event")
	}
}

// TestSlowClientsAreBounded opens slow-loris connections that send headers
// and then dribble the body; they must be cut off by the body deadline and
// must not stop a normal client from being served.
func TestSlowClientsAreBounded(t *testing.T) {
	e := newEnv(t, Config{MaxInflight: 4, BodyTimeout: 300 * time.Millisecond, QueueWait: 2 * time.Second}, store.Options{})
	addr := strings.TrimPrefix(e.srv.URL, "http://")
	before := runtime.NumGoroutine()
	var conns []net.Conn
	for range 8 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "POST /shell-event HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\nContent-Length: 100000\r\n\r\n{\"type\":", e.tok)
	}
	// Header-only slow loris: never finishes the headers.
	hc, _ := net.Dial("tcp", addr)
	fmt.Fprint(hc, "POST /shell-event HTTP/1.1\r\nHost: x\r\n")
	conns = append(conns, hc)

	code, body := e.post(nil, mustJSON(execBatch(e.session, "sh", 1, 1)), e.tok)
	if code != 202 {
		t.Fatalf("normal client during slow loris: %d %s", code, body)
	}
	// Every slow body connection gets an answer or is closed within the deadline.
	for i, c := range conns[:8] {
		c.SetReadDeadline(time.Now().Add(3 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err == nil {
			if resp.StatusCode != 400 {
				t.Errorf("slow conn %d: status %d", i, resp.StatusCode)
			}
			resp.Body.Close()
		} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
			t.Errorf("slow conn %d still open after deadline", i)
		}
	}
	hc.SetReadDeadline(time.Now().Add(4 * time.Second))
	if _, err := hc.Read(make([]byte, 1)); err == nil {
		// a 408 answer is fine too
	} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Errorf("header slow loris not closed by ReadHeaderTimeout")
	}
	for _, c := range conns {
		c.Close()
	}
	// the server's goroutines end once they see the closes: wait for
	// that (a loaded machine can take longer than any fixed pause)
	after := runtime.NumGoroutine()
	for deadline := time.Now().Add(5 * time.Second); after > before+10 && time.Now().Before(deadline); after = runtime.NumGoroutine() {
		time.Sleep(20 * time.Millisecond)
	}
	if after > before+10 {
		t.Errorf("goroutines grew from %d to %d", before, after)
	}
}

// TestHostileInputNeverCrashes throws malformed and oversized bodies at the
// server concurrently and checks it keeps answering.
func TestHostileInputNeverCrashes(t *testing.T) {
	e := newEnv(t, Config{}, store.Options{})
	valid := mustJSON(execBatch(e.session, "sh", 1, 50))
	bodies := [][]byte{
		nil, []byte("{"), []byte("[]"), []byte("null"), []byte(`"x"`), []byte("{}"),
		bytes.Repeat([]byte("["), 100000),
		[]byte(`{"type":"shell-batch","events":[` + strings.Repeat(`{"kind":"exec"},`, 1000) + `{}]}`),
		bytes.Repeat([]byte(" "), MaxBatchBytes+1),
		[]byte(strings.Replace(string(valid), `"seq":2`, `"seq":-2`, 1)),
		[]byte(strings.Replace(string(valid), `"seq":2`, `"seq":1e400`, 1)),
		[]byte(strings.Replace(string(valid), `"argv":[`, `"argv":[{"a":1},`, 1)),
		valid[:len(valid)-1],
		[]byte("\xff\xfe\x00garbage"),
	}
	var wg sync.WaitGroup
	for i, b := range bodies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			code, resp := e.post(nil, b, e.tok)
			if code != 400 && code != 413 {
				t.Errorf("body %d: %d %s", i, code, resp)
			}
		}()
	}
	wg.Wait()
	if code, _ := e.post(nil, valid, e.tok); code != 202 {
		t.Fatalf("server unhealthy after hostile input: %d", code)
	}
}

func FuzzDecodeValidate(f *testing.F) {
	f.Add(mustJSON(execBatch("s-1", "sh", 1, 2)))
	f.Add([]byte(`{"type":"shell-batch","source":"nash","sessionId":"s","shellId":"a","parentShell":"b","events":[{"kind":"redirect","seq":1,"ts":1,"op":">","target":{"path":"/x"},"previewB64":"PHNjcmlwdD4=","bytes":8}]}`))
	f.Add([]byte(`{"type":"shell-batch","source":"nash","sessionId":"s","shellId":"a","events":[{"kind":"pipe","seq":1,"ts":1,"pipelineId":1,"fromIndex":0,"toIndex":1}]}`))
	f.Add([]byte(`{"type":"shell-batch","source":"nash","sessionId":"s","shellId":"a","events":[{"kind":"export","seq":1,"ts":1,"op":"export","names":["A"]}]}`))
	f.Add([]byte(`{"type":"shell-batch"`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`nul`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := DecodeBatch(data)
		if err != nil {
			if _, ok := err.(*ValidationError); !ok {
				t.Fatalf("DecodeBatch error %T", err)
			}
			return
		}
		err = Validate(b)
		if err != nil {
			if _, ok := err.(*ValidationError); !ok {
				t.Fatalf("Validate error %T", err)
			}
			return
		}
		// A valid batch survives a round trip and canonicalises.
		again, err := DecodeBatch(mustJSON(b))
		if err != nil || Validate(again) != nil {
			t.Fatalf("valid batch does not round-trip: %v", err)
		}
		for i := range b.Events {
			if _, err := store.Canonical(b.ShellID, &b.Events[i]); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// zeros is an endless reader of '0' bytes with no known length, so the
// client sends it chunked and the server cannot reject it by Content-Length.
type zeros struct{ left int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.left <= 0 {
		return 0, io.EOF
	}
	n := int64(len(p))
	n = min(n, z.left)
	for i := range p[:n] {
		p[i] = '0'
	}
	z.left -= n
	return int(n), nil
}

// TestOversizedChunkedBodiesBounded streams many 32 MiB chunked bodies at
// once; each is cut off at the batch cap and the heap stays bounded.
func TestOversizedChunkedBodiesBounded(t *testing.T) {
	e := newEnv(t, Config{}, store.Options{})
	runtime.GC()
	var before, peak runtime.MemStats
	runtime.ReadMemStats(&before)
	stop := make(chan struct{})
	var peakHeap atomicMax
	go func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
				runtime.ReadMemStats(&peak)
				peakHeap.store(peak.HeapInuse)
			}
		}
	}()
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest("POST", e.srv.URL+"/shell-event", &zeros{left: 32 << 20})
			req.Header.Set("Authorization", "Bearer "+e.tok)
			resp, err := e.srv.Client().Do(req)
			if err != nil {
				return // the server may close while we are still writing
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusRequestEntityTooLarge {
				t.Errorf("status %d, want 413", resp.StatusCode)
			}
		}()
	}
	wg.Wait()
	close(stop)
	growth := int64(peakHeap.load()) - int64(before.HeapInuse)
	t.Logf("heap growth at peak: %d MiB for 16 x 32 MiB bodies", growth>>20)
	if growth > 128<<20 {
		t.Errorf("heap grew by %d MiB", growth>>20)
	}
}

type atomicMax struct {
	mu sync.Mutex
	v  uint64
}

func (a *atomicMax) store(v uint64) {
	a.mu.Lock()
	a.v = max(a.v, v)
	a.mu.Unlock()
}

func (a *atomicMax) load() uint64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.v
}

// TestBodyLimitBoundary checks the 1 MiB cap at its edge, with and without
// a Content-Length: a batch of exactly MaxBatchBytes is stored, one byte
// more is 413 (the cap is "above 1 MiB", not "at").
func TestBodyLimitBoundary(t *testing.T) {
	e := newEnv(t, Config{}, store.Options{})
	pad := func(shell string, size int) []byte {
		b := mustJSON(execBatch(e.session, shell, 1, 5))
		return append(b, bytes.Repeat([]byte(" "), size-len(b))...) // trailing blanks are valid JSON
	}
	send := func(body []byte, chunked bool) (int, string) {
		var r io.Reader = bytes.NewReader(body)
		if chunked {
			r = io.MultiReader(r) // hides the length: sent chunked
		}
		req, _ := http.NewRequest("POST", e.srv.URL+"/shell-event", r)
		req.Header.Set("Authorization", "Bearer "+e.tok)
		resp, err := e.srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if chunked != (req.ContentLength <= 0) {
			t.Fatalf("chunked=%v but ContentLength=%d", chunked, req.ContentLength)
		}
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, chunked := range []bool{false, true} {
		shell := fmt.Sprint("sh-chunked-", chunked)
		if code, body := send(pad(shell, MaxBatchBytes), chunked); code != 202 || !strings.Contains(body, `"stored":5`) {
			t.Errorf("chunked=%v: %d-byte batch: %d %s, want 202 stored 5", chunked, MaxBatchBytes, code, body)
		}
		if code, body := send(pad(shell+"-big", MaxBatchBytes+1), chunked); code != 413 {
			t.Errorf("chunked=%v: %d-byte batch: %d %s, want 413", chunked, MaxBatchBytes+1, code, body)
		}
	}
	if MaxBatchBytes != 1<<20 {
		t.Errorf("MaxBatchBytes = %d, the issue says 1 MiB", MaxBatchBytes)
	}
}
