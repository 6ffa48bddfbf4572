package runner

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

type client struct {
	t    *testing.T
	base string
	c    *http.Client
}

func (c *client) do(method, path, ctype, body string) (int, []byte) {
	c.t.Helper()
	req, err := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	resp, err := c.c.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

func (c *client) json(method, path, body string, want int, v any) {
	c.t.Helper()
	code, b := c.do(method, path, "application/json", body)
	if code != want {
		c.t.Fatalf("%s %s: %d %s, want %d", method, path, code, b, want)
	}
	if v != nil {
		if err := json.Unmarshal(b, v); err != nil {
			c.t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
}

func newHTTP(t *testing.T, s *Service) (*client, func()) {
	mux := http.NewServeMux()
	s.Register(mux)
	srv := httptest.NewServer(mux)
	tr := &http.Transport{}
	return &client{t: t, base: srv.URL, c: &http.Client{Transport: tr, Timeout: 60 * time.Second}}, func() {
		tr.CloseIdleConnections()
		srv.Close()
	}
}

func TestHTTPFlow(t *testing.T) {
	s := newService(t)
	c, stop := newHTTP(t, s)
	defer stop()
	var st Status
	c.json("POST", "/v1/commands", `{"cmd":"cat; echo token=ghp_0123456789abcdefghijABCDEFGHIJ012345 >&2; exit 2","stdin":true,"timeout_s":30}`, 201, &st)
	c.json("POST", "/v1/commands/"+st.ID+"/stdin", `{"data":"hello "}`, 200, nil)
	c.json("POST", "/v1/commands/"+st.ID+"/stdin", `{"data_b64":"`+base64.StdEncoding.EncodeToString([]byte("world\n"))+`"}`, 200, nil)
	var o Output
	got := ""
	for !strings.Contains(got, "world") {
		c.json("GET", "/v1/commands/"+st.ID+"/output?stream=stdout&offset="+itoa(len(got))+"&wait_ms=2000", "", 200, &o)
		got += o.Data
	}
	c.json("POST", "/v1/commands/"+st.ID+"/stdin/close", "", 200, nil)
	var r Receipt
	c.json("GET", "/v1/commands/"+st.ID+"/receipt?wait_ms=20000", "", 200, &r)
	if r.Status != StatusExited || r.ExitCode != 2 || r.Stdout.Size != 12 {
		t.Fatalf("receipt %+v", r)
	}
	c.json("GET", "/v1/commands/"+st.ID+"/output?stream=stderr", "", 200, &o)
	if strings.Contains(o.Data, "ghp_") || !o.Redacted || !o.EOF || o.Artifact != r.Stderr.BLAKE3 {
		t.Errorf("stderr chunk not redacted or incomplete: %+v", o)
	}
	code, b := c.do("GET", "/v1/artifacts/"+r.Stdout.BLAKE3+"?offset=6&length=5", "", "")
	if code != 200 || string(b) != "world" {
		t.Errorf("artifact range: %d %q", code, b)
	}
	// The artifact itself is the raw evidence, unredacted.
	code, b = c.do("GET", "/v1/artifacts/"+r.Stderr.BLAKE3, "", "")
	if code != 200 || !bytes.Contains(b, []byte("ghp_")) {
		t.Errorf("raw artifact: %d %q", code, b)
	}
	c.json("GET", "/v1/commands/"+st.ID, "", 200, &st)
	if st.Receipt == nil || st.Status != StatusExited {
		t.Errorf("status %+v", st)
	}

	// Start can wait for a quick command and return its receipt at once.
	c.json("POST", "/v1/commands?wait_ms=20000", `{"cmd":"echo quick"}`, 201, &st)
	if st.Receipt == nil || st.Receipt.Stdout.Size != 6 {
		t.Errorf("start with wait: %+v", st)
	}
	// Terminate over HTTP returns the final state.
	c.json("POST", "/v1/commands", `{"cmd":"trap '' TERM; sleep 100"}`, 201, &st)
	c.json("POST", "/v1/commands/"+st.ID+"/terminate", "", 200, &st)
	if st.Status != StatusCancelled {
		t.Errorf("terminate: %+v", st)
	}
	// Signal over HTTP.
	c.json("POST", "/v1/commands", `{"cmd":"sleep 100"}`, 201, &st)
	c.json("POST", "/v1/commands/"+st.ID+"/signal", `{"name":"KILL"}`, 200, nil)
	c.json("GET", "/v1/commands/"+st.ID+"/receipt?wait_ms=20000", "", 200, &r)
	if r.Status != StatusSignaled || r.Signal != "SIGKILL" || r.ExitCode != 137 {
		t.Errorf("signal: %+v", r)
	}
}

// TestHTTPBadInput checks that bad requests get the right 4xx and that
// nothing leaks: no fds, no goroutines, no processes.
func TestHTTPBadInput(t *testing.T) {
	s := newService(t, WithMaxCommandBytes(1<<20))
	// A first command starts what the Service starts lazily (the reaper's
	// signal loop, /dev/null), so the baselines hold however the tests
	// are ordered.
	run(t, s, Request{Cmd: "true"})
	fds := fdCount(t)
	goroutines := runtime.NumGoroutine()
	c, stop := newHTTP(t, s)

	var done, running Status
	c.json("POST", "/v1/commands", `{"cmd":"echo hi"}`, 201, &done)
	c.json("GET", "/v1/commands/"+done.ID+"/receipt?wait_ms=20000", "", 200, nil)
	c.json("POST", "/v1/commands", `{"cmd":"sleep 100","stdin":true}`, 201, &running)
	d, r := "/v1/commands/"+done.ID, "/v1/commands/"+running.ID
	huge := `{"cmd":"` + strings.Repeat("x", 1<<20+1) + `"}`
	hugeBody := `{"cmd":"true","env":{"A":"` + strings.Repeat("x", 3<<20) + `"}}`
	zeros := strings.Repeat("0", 64)
	var rc Receipt
	c.json("GET", d+"/receipt", "", 200, &rc)
	art := "/v1/artifacts/" + rc.Stdout.BLAKE3

	tests := []struct {
		name, method, path, ctype, body string
		want                            int
	}{
		{"unknown field", "POST", "/v1/commands", "application/json", `{"cmd":"true","bogus":1}`, 400},
		{"bad start wait", "POST", "/v1/commands?wait_ms=x", "application/json", `{"cmd":"true"}`, 400},
		{"huge command", "POST", "/v1/commands", "application/json", huge, 413},
		{"huge body", "POST", "/v1/commands", "application/json", hugeBody, 413},
		{"empty command", "POST", "/v1/commands", "application/json", `{"cmd":"  "}`, 400},
		{"NUL in command", "POST", "/v1/commands", "application/json", `{"cmd":"a\u0000b"}`, 400},
		{"broken json", "POST", "/v1/commands", "application/json", `{"cmd":`, 400},
		{"trailing data", "POST", "/v1/commands", "application/json", `{"cmd":"true"} {}`, 400},
		{"wrong type", "POST", "/v1/commands", "application/json", `{"cmd":1}`, 400},
		{"relative cwd", "POST", "/v1/commands", "application/json", `{"cmd":"true","cwd":"tmp"}`, 400},
		{"missing cwd", "POST", "/v1/commands", "application/json", `{"cmd":"true","cwd":"/nonexistent/x"}`, 400},
		{"negative timeout", "POST", "/v1/commands", "application/json", `{"cmd":"true","timeout_s":-1}`, 400},
		{"huge timeout", "POST", "/v1/commands", "application/json", `{"cmd":"true","timeout_s":1e12}`, 400},
		{"bad env name", "POST", "/v1/commands", "application/json", `{"cmd":"true","env":{"A=B":"x"}}`, 400},
		{"text body", "POST", "/v1/commands", "text/plain", `{"cmd":"true"}`, 400},
		{"wrong method", "DELETE", "/v1/commands", "", "", 405},
		{"unknown id", "GET", "/v1/commands/c-000000000000000000000000", "", "", 404},
		{"garbage id", "GET", "/v1/commands/..%2f..%2fetc/receipt", "", "", 404},
		{"unknown id output", "GET", "/v1/commands/nope/output", "", "", 404},
		{"negative offset", "GET", d + "/output?offset=-1", "", "", 400},
		{"text offset", "GET", d + "/output?offset=abc", "", "", 400},
		{"offset past end", "GET", d + "/output?offset=999999", "", "", 416},
		{"offset past end, running", "GET", r + "/output?offset=999999&wait_ms=100", "", "", 416},
		{"stderr offset past end", "GET", d + "/output?stream=stderr&offset=1", "", "", 416},
		{"bad stream", "GET", d + "/output?stream=stdin", "", "", 400},
		{"unknown query", "GET", d + "/output?bogus=1", "", "", 400},
		{"repeated query", "GET", d + "/output?offset=1&offset=2", "", "", 400},
		{"huge limit", "GET", d + "/output?limit=99999999", "", "", 400},
		{"stdin to finished", "POST", d + "/stdin", "application/json", `{"data":"x"}`, 409},
		{"stdin both fields", "POST", r + "/stdin", "application/json", `{"data":"x","data_b64":"eA=="}`, 400},
		{"stdin no field", "POST", r + "/stdin", "application/json", `{}`, 400},
		{"stdin bad base64", "POST", r + "/stdin", "application/json", `{"data_b64":"!!"}`, 400},
		{"stdin unknown id", "POST", "/v1/commands/nope/stdin", "application/json", `{"data":"x"}`, 404},
		{"stdin too big", "POST", r + "/stdin", "application/json", `{"data":"` + strings.Repeat("x", 3<<20) + `"}`, 413},
		{"close stdin finished", "POST", d + "/stdin/close", "", "", 409},
		{"close body junk", "POST", r + "/stdin/close", "application/json", `{"x":1}`, 400},
		{"unknown signal", "POST", r + "/signal", "application/json", `{"name":"FOO"}`, 400},
		{"signal finished", "POST", d + "/signal", "application/json", `{"name":"INT"}`, 409},
		{"signal unknown id", "POST", "/v1/commands/nope/signal", "application/json", `{"name":"INT"}`, 404},
		{"terminate finished", "POST", d + "/terminate", "", "", 409},
		{"receipt running", "GET", r + "/receipt", "", "", 409},
		{"receipt unknown", "GET", "/v1/commands/nope/receipt", "", "", 404},
		{"artifact bad hash", "GET", "/v1/artifacts/xyz", "", "", 400},
		{"artifact uppercase", "GET", "/v1/artifacts/" + strings.Repeat("A", 64), "", "", 400},
		{"artifact unknown", "GET", "/v1/artifacts/" + zeros, "", "", 404},
		{"artifact offset past end", "GET", art + "?offset=100", "", "", 416},
		{"artifact bad length", "GET", art + "?length=-5", "", "", 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, b := c.do(tt.method, tt.path, tt.ctype, tt.body)
			if code != tt.want {
				t.Errorf("%d %s, want %d", code, b, tt.want)
			}
			if code != 405 && !json.Valid(b) {
				t.Errorf("error body is not JSON: %q", b)
			}
		})
	}
	// The running command is unharmed by the bad requests.
	c.json("POST", r+"/stdin", `{"data":"x"}`, 200, nil)
	c.json("POST", r+"/terminate", "", 200, nil)
	stop()
	if !settle(func() bool { return fdCount(t) <= fds }) {
		t.Errorf("fds: %d before, %d after: %s", fds, fdCount(t), fdList())
	}
	if !settle(func() bool { return runtime.NumGoroutine() <= goroutines }) {
		buf := make([]byte, 1<<16)
		t.Errorf("goroutines: %d before, %d after\n%s", goroutines, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
	}
	if z := zombieChildren(); len(z) > 0 {
		t.Errorf("zombies: %v", z)
	}
	if left := markedProcs(running.ID); len(left) > 0 {
		t.Errorf("processes left: %v", left)
	}
}

// TestHTTPExecLimits checks commands and environments too big for exec
// (`nash -lc CMD` passes CMD as one argument, which Linux bounds at 32
// pages): the default limit is that bound, a command at it runs, and
// anything exec refuses is a 413 that leaves no fd, spool file, process
// or running slot behind.
func TestHTTPExecLimits(t *testing.T) {
	s := newService(t, WithMaxRunning(2))
	max := maxArgStrlen()
	c, stop := newHTTP(t, s)
	defer stop()

	// ": xxx…" of exactly the limit is a valid command that exec takes.
	atLimit := ": " + strings.Repeat("x", max-2)
	body, _ := json.Marshal(Request{Cmd: atLimit})
	var st Status
	c.json("POST", "/v1/commands?wait_ms=20000", string(body), 201, &st)
	if st.Receipt == nil || st.Receipt.Status != StatusExited || st.Receipt.ExitCode != 0 || st.Receipt.Command.Size != int64(max) {
		t.Fatalf("command of %d bytes: %+v", max, st)
	}
	fds := fdCount(t) // after a first command: lazily opened fds are in

	tests := []struct{ name, cmd, env string }{
		{"command over the limit", ": " + strings.Repeat("x", max-1), ""},
		{"1 MiB command", strings.Repeat("x", 1<<20), ""},
		{"one env value too long for exec", "true", strings.Repeat("v", max+1)},
	}
	// More bad requests than running slots: a leaked slot would turn the
	// later ones (and the final start) into 429s.
	for i := 0; i < 2; i++ {
		for _, tt := range tests {
			req := Request{Cmd: tt.cmd}
			if tt.env != "" {
				req.Env = map[string]string{"BIG": tt.env}
			}
			body, _ := json.Marshal(req)
			code, b := c.do("POST", "/v1/commands", "application/json", string(body))
			if code != 413 || !json.Valid(b) {
				t.Errorf("%s: %d %.200s, want 413", tt.name, code, b)
			}
		}
	}
	c.json("POST", "/v1/commands?wait_ms=20000", `{"cmd":"echo still fine"}`, 201, &st)
	if st.Receipt == nil || st.Receipt.Status != StatusExited {
		t.Errorf("start after the refused ones: %+v", st)
	}
	s.mu.Lock()
	running := s.running
	s.mu.Unlock()
	if running != 0 {
		t.Errorf("%d running slots taken", running)
	}
	if ents, _ := os.ReadDir(s.spoolDir); len(ents) != 0 {
		t.Errorf("%d spool files left", len(ents))
	}
	if !settle(func() bool { return fdCount(t) <= fds }) {
		t.Errorf("fds: %d before, %d after: %s", fds, fdCount(t), fdList())
	}
}
