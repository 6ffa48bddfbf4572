package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"nash/collector/store"
	"nash/collector/token"
	"nash/transport/wire"
)

// TestMain lets the test binary stand in for nashd: with NASHD_TEST_MAIN=1
// it runs main, so tests exercise the real command without a separate build.
func TestMain(m *testing.M) {
	if os.Getenv("NASHD_TEST_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

func nashdCmd(args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "NASHD_TEST_MAIN=1")
	return cmd
}

func runNashd(t *testing.T, args ...string) (string, int) {
	t.Helper()
	var out bytes.Buffer
	cmd := nashdCmd(args...)
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), code
}

// collServer is a nashd serve subprocess.
type collServer struct {
	t      *testing.T
	cmd    *exec.Cmd
	state  string
	socket string
	listen string
	client *http.Client
}

func startCollector(t *testing.T, state, socket string) *collServer {
	t.Helper()
	return startServe(t, state, socket, nil, "--no-runner")
}

// startServe starts nashd serve with env added to the test's environment
// and the extra args.
func startServe(t *testing.T, state, socket string, env []string, args ...string) *collServer {
	t.Helper()
	os.Remove(filepath.Join(state, serveInfoFile))
	s := &collServer{t: t, state: state, socket: socket}
	s.cmd = nashdCmd(append([]string{"serve", "--state", state, "--socket", socket, "--listen", "127.0.0.1:0"}, args...)...)
	s.cmd.Env = append(s.cmd.Env, env...)
	s.cmd.Stderr = os.Stderr
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	killAtEnd(t, s.cmd)
	if !waitFor(30*time.Second, func() bool {
		si, ok := readServeInfo(state)
		s.listen = si.Listen
		return ok && si.Pid == s.cmd.Process.Pid
	}) {
		t.Fatal("nashd serve did not start")
	}
	s.client = unixClient(socket)
	return s
}

// waitStreamClients waits until n live-stream clients are subscribed, as
// the server's metrics count them: a client started just before may take
// long to connect on a loaded machine, and it would miss what is posted
// before it has.
func (s *collServer) waitStreamClients(n int) {
	s.t.Helper()
	want := fmt.Sprintf("nashd_sse_clients %d\n", n)
	if !waitFor(20*time.Second, func() bool {
		resp, err := http.Get("http://" + s.listen + "/metrics")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		m, _ := io.ReadAll(resp.Body)
		return strings.Contains(string(m), want)
	}) {
		s.t.Fatalf("live-stream clients never reached %q", want)
	}
}

// killAtEnd kills cmd, started, when the test ends if it has not been
// waited for by then.
func killAtEnd(t *testing.T, cmd *exec.Cmd) {
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
}

// unixClient is an HTTP client that reaches nashd serve through its unix
// socket, whatever the URL's host.
func unixClient(socket string) *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", socket)
		},
		MaxIdleConnsPerHost: 64,
	}}
}

func (s *collServer) post(b *wire.Batch, tok string) (int, error) {
	body, _ := json.Marshal(b)
	req, _ := http.NewRequest("POST", "http://nashd/shell-event", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := s.client.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// doRequest sends a request through c, with body as JSON and auth as a
// bearer token when they are not empty, and returns the status and body.
func doRequest(t *testing.T, c *http.Client, method, url, auth, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if auth != "" {
		req.Header.Set("Authorization", "Bearer "+auth)
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	return resp.StatusCode, b
}

func (s *collServer) stop() {
	s.cmd.Process.Signal(syscall.SIGTERM)
	s.cmd.Wait()
}

func parseEvalLines(t *testing.T, out string) map[string]string {
	t.Helper()
	env := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			t.Fatalf("line %q is not KEY=value", line)
		}
		env[k] = v
	}
	return env
}

func execBatch(session, shell string, from uint64, n int) *wire.Batch {
	b := &wire.Batch{Type: wire.BatchType, Source: "nash", SessionID: session, ShellID: shell}
	for i := range n {
		code := 0
		b.Events = append(b.Events, wire.Event{Kind: wire.KindExec, Seq: from + uint64(i), TS: time.Now().UnixMilli(),
			Argv: []string{"echo", fmt.Sprint(from + uint64(i))}, ExitCode: &code})
	}
	return b
}

func TestSessionNewWithoutServer(t *testing.T) {
	state := t.TempDir()
	out, code := runNashd(t, "session", "new", "--state", state, "--ttl", "1h", "--label", "ci")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	env := parseEvalLines(t, out)
	for _, k := range []string{"NUCLEIC_SESSION_ID", "NUCLEIC_HOOK_TOKEN", "NUCLEIC_SHELL_SOCKET"} {
		if env[k] == "" {
			t.Fatalf("missing %s in %q", k, out)
		}
	}
	keys, err := token.LoadOrCreate(state)
	if err != nil {
		t.Fatal(err)
	}
	if err := keys.Verify(env["NUCLEIC_SESSION_ID"], env["NUCLEIC_HOOK_TOKEN"], time.Now()); err != nil {
		t.Fatalf("issued token does not verify: %v", err)
	}
	if env["NUCLEIC_SHELL_SOCKET"] != defaultSocket() {
		t.Fatalf("socket %q, want default %q", env["NUCLEIC_SHELL_SOCKET"], defaultSocket())
	}
	// The output is ready for eval by a POSIX shell.
	sh := exec.Command("sh", "-c", "set -a; eval \"$1\"; env | grep ^NUCLEIC_ | sort", "sh", out)
	if got, err := sh.Output(); err != nil || !strings.Contains(string(got), "NUCLEIC_SESSION_ID="+env["NUCLEIC_SESSION_ID"]) {
		t.Fatalf("eval: %v %s", err, got)
	}
	list, code := runNashd(t, "session", "list", "--state", state)
	if code != 0 || !strings.Contains(list, env["NUCLEIC_SESSION_ID"]) || !strings.Contains(list, "ci") {
		t.Fatalf("session list: %d %s", code, list)
	}
}

// TestServeExportVerifyTamper runs the whole path: serve, session new (with
// the server up, so it prints the server's socket), ingest over the unix
// socket, export, verify, then an edit to the database file that verify
// must catch.
func TestServeExportVerifyTamper(t *testing.T) {
	state := t.TempDir()
	sock := filepath.Join(t.TempDir(), "c.sock")
	srv := startCollector(t, state, sock)
	fi, err := os.Stat(sock)
	if err != nil || fi.Mode().Perm() != 0o660 {
		t.Fatalf("socket mode: %v %v", fi.Mode(), err)
	}
	out, _ := runNashd(t, "session", "new", "--state", state)
	env := parseEvalLines(t, out)
	if env["NUCLEIC_SHELL_SOCKET"] != sock {
		t.Fatalf("session new printed socket %q, server has %q", env["NUCLEIC_SHELL_SOCKET"], sock)
	}
	sid, tok := env["NUCLEIC_SESSION_ID"], env["NUCLEIC_HOOK_TOKEN"]
	for i := range 3 {
		if code, err := srv.post(execBatch(sid, "sh1", uint64(i*10+1), 10), tok); code != 202 {
			t.Fatalf("post: %d %v", code, err)
		}
	}
	// The query API is not on the socket.
	if resp, err := srv.client.Get("http://nashd/api/sessions"); err != nil || resp.StatusCode != 404 {
		t.Fatalf("query API reachable on the socket: %v %v", resp.StatusCode, err)
	}
	exp, code := runNashd(t, "export", "--state", state, "--session", sid)
	lines := strings.Split(strings.TrimSpace(exp), "\n")
	if code != 0 || len(lines) != 30 {
		t.Fatalf("export: exit %d, %d lines", code, len(lines))
	}
	var first struct {
		Seq   uint64          `json:"seq"`
		Hash  string          `json:"hash"`
		Event json.RawMessage `json:"event"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &first); err != nil || first.Seq != 1 || len(first.Hash) != 64 {
		t.Fatalf("export line: %v %s", err, lines[0])
	}
	if v, code := runNashd(t, "verify", "--state", state, "--session", sid); code != 0 || !strings.HasPrefix(v, "ok:") {
		t.Fatalf("verify intact: %d %s", code, v)
	}
	// The export verifies on its own, and an edited line is caught.
	expFile := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(expFile, []byte(exp), 0o600)
	if v, code := runNashd(t, "verify", "--file", expFile); code != 0 || !strings.HasPrefix(v, "ok:") {
		t.Fatalf("verify --file: %d %s", code, v)
	}
	os.WriteFile(expFile, []byte(strings.Replace(exp, `"echo","12"`, `"echo","13"`, 1)), 0o600)
	if v, code := runNashd(t, "verify", "--file", expFile); code != 1 || !strings.Contains(v, "first broken seq 12") {
		t.Fatalf("verify --file of an edited export: %d %s", code, v)
	}
	if st, code := runNashd(t, "stats", "--state", state); code != 0 || !strings.Contains(st, "events    30") {
		t.Fatalf("stats: %d %s", code, st)
	}
	srv.stop()

	db, err := sql.Open("sqlite3", filepath.Join(state, store.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE events SET body = replace(body, '"echo","17"', '"echo","rm -rf /"') WHERE seq = 17`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	v, code := runNashd(t, "verify", "--state", state, "--session", sid)
	if code != 1 || !strings.Contains(v, "first broken seq 17") {
		t.Fatalf("verify after tamper: exit %d: %s", code, v)
	}
	if _, code := runNashd(t, "verify", "--state", state, "--session", "nope"); code != 1 {
		t.Fatalf("verify of unknown session: exit %d", code)
	}
}

// crashSize is the load TestCrashRecovery kills the collector in: small by
// default, the 200 shells x 50 batches x 200 events with
// NASH_LOAD=full, spread over sessions as TestLoad in package collector
// does (one session of 2,000,000 events would pass the default
// per-session cap, and eviction is not what this test is about).
func crashSize() (shells, batches, per, sessions int) {
	if os.Getenv("NASH_LOAD") == "full" {
		return 200, 50, 200, 10
	}
	return 16, 30, 100, 2
}

// TestCrashRecovery kills a collector with SIGKILL while shells are sending,
// restarts it, has every shell resend the batches that were not
// acknowledged (plus some that were), and checks that each event is stored
// exactly once (count per shell = its last seq = what it sent) and the
// chain verifies.
func TestCrashRecovery(t *testing.T) {
	shells, batches, per, sessions := crashSize()
	state := t.TempDir()
	sock := filepath.Join(t.TempDir(), "c.sock")
	srv := startCollector(t, state, sock)
	sids, toks := make([]string, sessions), make([]string, sessions)
	for i := range sessions {
		out, _ := runNashd(t, "session", "new", "--state", state)
		env := parseEvalLines(t, out)
		sids[i], toks[i] = env["NUCLEIC_SESSION_ID"], env["NUCLEIC_HOOK_TOKEN"]
	}
	// send posts batch b of shell sh, in the session of the shell's share.
	send := func(srv *collServer, sh, b int) (int, error) {
		return srv.post(execBatch(sids[sh%sessions], fmt.Sprint("shell-", sh), uint64(b*per+1), per), toks[sh%sessions])
	}

	acked := make([][]bool, shells)
	var total sync.WaitGroup
	var mu sync.Mutex
	ackCount := 0
	killed := make(chan struct{})
	var killOnce sync.Once
	start := time.Now()
	for sh := range shells {
		acked[sh] = make([]bool, batches)
		total.Add(1)
		go func() {
			defer total.Done()
			for b := range batches {
				code, _ := send(srv, sh, b)
				if code == 202 {
					acked[sh][b] = true
					mu.Lock()
					ackCount++
					if ackCount == shells*batches/3 {
						killOnce.Do(func() {
							srv.cmd.Process.Kill() // SIGKILL mid-load
							close(killed)
						})
					}
					mu.Unlock()
				}
				select {
				case <-killed:
					return
				default:
				}
			}
		}()
	}
	total.Wait()
	srv.cmd.Wait()
	killedAfter := time.Since(start)
	if _, err := os.Stat(sock); err != nil {
		t.Logf("socket gone after kill: %v", err)
	}
	srv2 := startCollector(t, state, sock) // must replace the stale socket
	// Every shell resends, concurrently as shells do, what was not
	// acknowledged, plus every fifth acked batch to prove duplicates are
	// ignored; a busy collector (503) is retried.
	var resent sync.WaitGroup
	var nResent, nRetries atomic.Int64
	for sh := range shells {
		resent.Add(1)
		go func() {
			defer resent.Done()
			for b := range batches {
				if acked[sh][b] && b%5 != 0 {
					continue
				}
				for attempt := 0; ; attempt++ {
					code, err := send(srv2, sh, b)
					if code == 202 {
						break
					}
					if attempt == 10 || (code != 503 && err == nil) {
						t.Errorf("resend shell-%d batch %d: %d %v", sh, b, code, err)
						return
					}
					nRetries.Add(1)
					time.Sleep(200 * time.Millisecond)
				}
				nResent.Add(1)
			}
		}()
	}
	resent.Wait()
	srv2.stop()
	t.Logf("%d shells x %d batches x %d events: killed after %d acked batches (%v); resent %d batches (%d retries) in %v",
		shells, batches, per, shells*batches/3, killedAfter.Round(time.Millisecond), nResent.Load(), nRetries.Load(), (time.Since(start) - killedAfter).Round(time.Millisecond))
	st, err := store.Open(filepath.Join(state, store.DBFile), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	stored := 0
	for i, sid := range sids {
		counts, err := st.CountAndLastSeqByShell(context.Background(), sid)
		if err != nil {
			t.Fatal(err)
		}
		stored += len(counts)
		for sh := i; sh < shells; sh += sessions {
			c := counts[fmt.Sprint("shell-", sh)]
			if c.Events != int64(batches*per) || c.LastSeq != uint64(batches*per) {
				t.Errorf("shell-%d: %d events, last seq %d; want %d of each", sh, c.Events, c.LastSeq, batches*per)
			}
		}
		if v, code := runNashd(t, "verify", "--state", state, "--session", sid); code != 0 || !strings.Contains(v, "verified from start") {
			t.Errorf("verify after crash: %s", v)
		} else {
			t.Log(strings.TrimSpace(v))
		}
	}
	if stored != shells {
		t.Errorf("%d shells stored, want %d", stored, shells)
	}
}

// TestTailFollowsFiltered runs nashd tail against a live server and checks
// that it prints matching events as they arrive and leaves the rest out.
func TestTailFollowsFiltered(t *testing.T) {
	state := t.TempDir()
	srv := startCollector(t, state, filepath.Join(t.TempDir(), "c.sock"))
	out, _ := runNashd(t, "session", "new", "--state", state)
	env := parseEvalLines(t, out)
	sid, tok := env["NUCLEIC_SESSION_ID"], env["NUCLEIC_HOOK_TOKEN"]
	var buf bytes.Buffer
	tail := nashdCmd("tail", "--state", state, "--failing", "--for", "3s", "--color", "never")
	tail.Stdout, tail.Stderr = &buf, &buf
	if err := tail.Start(); err != nil {
		t.Fatal(err)
	}
	srv.waitStreamClients(1)
	b := execBatch(sid, "sh1", 1, 3)
	two := 2
	b.Events[1].Argv, b.Events[1].ExitCode = []string{"grep", "needle"}, &two
	if code, err := srv.post(b, tok); code != 202 {
		t.Fatalf("post: %d %v", code, err)
	}
	tail.Wait()
	got := buf.String()
	if !strings.Contains(got, "grep needle → 2") || strings.Contains(got, "echo 1") || strings.Contains(got, "echo 3") {
		t.Fatalf("tail --failing printed:\n%s", got)
	}
}
