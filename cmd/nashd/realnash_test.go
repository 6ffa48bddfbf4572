package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"nash/collector/store"
	"nash/internal/webdriver"
)

// nashBinary returns $NASH_BIN, else cmd/nash built into a temporary
// directory with the Makefile's GOEXPERIMENTs.
func nashBinary(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("NASH_BIN"); p != "" {
		abs, err := filepath.Abs(p)
		if err != nil {
			t.Fatal(err)
		}
		return abs
	}
	out := filepath.Join(t.TempDir(), "nash")
	cmd := exec.Command("go", "build", "-ldflags=-E=nash/internal/entrysig.entry", "-o", out, "nash/cmd/nash")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOEXPERIMENT=simd,nogreenteagc")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build nash: %v\n%s", err, b)
	}
	return out
}

// syncBuffer is a bytes.Buffer safe for a writing process and a polling test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls cond every 50 ms until it holds or timeout passes.
func waitFor(timeout time.Duration, cond func() bool) bool {
	for deadline := time.Now().Add(timeout); ; time.Sleep(50 * time.Millisecond) {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
	}
}

// e2eScript is what the real nash runs: a pipeline into a redirect, a
// failing command and a cd, each with a marker the checks look for.
const e2eScript = `printf 'e2e-marker %s\n' one two | tr a-z A-Z > out.txt
grep -q absent-e2e out.txt
cd /
echo done-e2e`

// TestRealNashSession is the end-to-end check: a real nash,
// observed through the session nashd session new issued, runs against
// nashd serve; its commands show up in nashd tail as they happen, in the
// feed UI (headless Chromium, when installed), through the query API the
// UI reads and in nashd export; nashd verify passes, and after one row of
// the database is edited it fails at that row's seq.
func TestRealNashSession(t *testing.T) {
	nash := nashBinary(t)
	state := t.TempDir()
	sock := filepath.Join(t.TempDir(), "c.sock")
	srv := startCollector(t, state, sock)
	out, code := runNashd(t, "session", "new", "--state", state, "--label", "e2e-real")
	if code != 0 {
		t.Fatalf("session new: %d %s", code, out)
	}
	env := parseEvalLines(t, out)
	sid := env["NUCLEIC_SESSION_ID"]

	// The terminal feed and the browser feed are both open before nash runs,
	// so what they show arrived live.
	var tailOut syncBuffer
	tail := nashdCmd("tail", "--state", state, "--session", sid, "--color", "never", "--for", "60s")
	tail.Stdout, tail.Stderr = &tailOut, &tailOut
	if err := tail.Start(); err != nil {
		t.Fatal(err)
	}
	killAtEnd(t, tail)
	var d *webdriver.Driver
	if ok, missing := webdriver.Installed(); ok {
		d = webdriver.Start(t)
		d.Open("http://" + srv.listen + "/")
		d.WaitJS(10*time.Second, "page to go live", `return document.getElementById("status").textContent === "live"`)
	} else {
		t.Log(missing + ": the UI is checked through its API only")
	}
	// Wait until tail (and the page) are subscribed to the live stream.
	clients := 1
	if d != nil {
		clients = 2
	}
	srv.waitStreamClients(clients)

	work := t.TempDir()
	sh := exec.Command(nash, "-c", e2eScript)
	sh.Dir = work
	sh.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "HOME=" + work, "LANG=C.UTF-8",
		"NUCLEIC_SESSION_ID=" + sid, "NUCLEIC_HOOK_TOKEN=" + env["NUCLEIC_HOOK_TOKEN"],
		"NUCLEIC_SHELL_SOCKET=" + env["NUCLEIC_SHELL_SOCKET"], "NUCLEIC_SHELL_SPOOL=" + t.TempDir()}
	if b, err := sh.CombinedOutput(); err != nil || string(b) != "done-e2e\n" {
		t.Fatalf("nash: %v: %q", err, b)
	}
	if b, _ := os.ReadFile(filepath.Join(work, "out.txt")); string(b) != "E2E-MARKER ONE\nE2E-MARKER TWO\n" {
		t.Fatalf("out.txt = %q", b)
	}

	// tail: each command as it happened, the failing grep with its status.
	tailWants := []string{"printf e2e-marker %s\\n one two", "tr a-z A-Z", "out.txt 30B", "→ /\n", "grep -q absent-e2e out.txt → 1", "echo done-e2e → 0"}
	if !waitFor(10*time.Second, func() bool {
		for _, w := range tailWants {
			if !strings.Contains(tailOut.String(), w) {
				return false
			}
		}
		return true
	}) {
		t.Errorf("nashd tail did not show the session's commands %q; it printed:\n%s", tailWants, tailOut.String())
	}
	tail.Process.Signal(syscall.SIGTERM)
	tail.Wait()

	// The query API the UI reads: every event of the session, newest first.
	var evs []struct {
		ID    int64           `json:"id"`
		Seq   uint64          `json:"seq"`
		Kind  string          `json:"kind"`
		Event json.RawMessage `json:"event"`
	}
	resp, err := http.Get("http://" + srv.listen + "/api/events?session=" + sid + "&limit=1000")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&evs)
	resp.Body.Close()
	api := ""
	for _, e := range evs {
		api += string(e.Event) + "\n"
	}
	for _, w := range []string{`"absent-e2e"`, `"path":"out.txt"`, `"to":"/"`} {
		if !strings.Contains(api, w) {
			t.Errorf("/api/events lacks %s:\n%s", w, api)
		}
	}

	if d != nil {
		// The rows arrived over the live stream; the failing grep is marked.
		d.WaitJS(10*time.Second, "the session's rows in the feed", `const rows = Array.from(document.querySelectorAll("#rows tr"));
			const grep = rows.find(r => r.textContent.includes("grep -q absent-e2e out.txt"));
			return rows.some(r => r.textContent.includes("tr a-z A-Z")) && rows.some(r => r.textContent.includes(" → /")) &&
				grep !== undefined && grep.querySelector(".exit-bad") !== null && grep.querySelector(".exit-bad").textContent === "1"`)
		var rows int
		d.JS(&rows, `return document.querySelectorAll("#rows tr").length`)
		if rows != len(evs) {
			t.Errorf("feed shows %d rows, the API has %d events", rows, len(evs))
		}
		d.WaitJS(5*time.Second, "the session in the list", `return document.getElementById("session-list").textContent.includes("e2e-real")`)
		d.Screenshot(filepath.Join(webdriver.ArtifactsDir(t), "feed-real-nash.png"))
	}

	// export: the same events, as JSON Lines.
	exp, code := runNashd(t, "export", "--state", state, "--session", sid)
	lines := strings.Split(strings.TrimSpace(exp), "\n")
	if code != 0 || len(lines) != len(evs) || !strings.Contains(exp, "absent-e2e") || !strings.Contains(exp, "e2e-marker") {
		t.Fatalf("export: exit %d, %d lines for %d events:\n%s", code, len(lines), len(evs), exp)
	}
	if v, code := runNashd(t, "verify", "--state", state, "--session", sid); code != 0 || !strings.HasPrefix(v, "ok:") {
		t.Fatalf("verify of the real session: %d %s", code, v)
	}
	srv.stop()

	// Tamper with the grep's row in the database file: verify names its seq.
	db, err := sql.Open("sqlite3", filepath.Join(state, store.DBFile))
	if err != nil {
		t.Fatal(err)
	}
	var id int64
	var seq uint64
	if err := db.QueryRow(`SELECT id, seq FROM events WHERE session_id = ? AND kind = 'exec' AND body LIKE '%absent-e2e%'`, sid).Scan(&id, &seq); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`UPDATE events SET body = replace(body, 'absent-e2e', 'harmless-e2') WHERE id = ?`, id); err != nil {
		t.Fatal(err)
	}
	db.Close()
	v, code := runNashd(t, "verify", "--state", state, "--session", sid)
	if want := fmt.Sprintf("first broken seq %d ", seq); code != 1 || !strings.Contains(v, want) {
		t.Fatalf("verify after tampering with seq %d: exit %d: %s", seq, code, v)
	}
}
