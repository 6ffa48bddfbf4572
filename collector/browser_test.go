package collector

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nash/collector/store"
	"nash/transport/wire"
)

// webDriver is a minimal W3C WebDriver client over plain net/http.
type webDriver struct {
	t       *testing.T
	base    string
	session string
}

func (d *webDriver) call(method, path string, body any) json.RawMessage {
	d.t.Helper()
	var rd *bytes.Reader
	if body != nil {
		rd = bytes.NewReader(mustJSON(body))
	} else {
		rd = bytes.NewReader(nil)
	}
	url := d.base + path
	if d.session != "" && path != "/session" {
		url = d.base + "/session/" + d.session + path
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		d.t.Fatalf("webdriver %s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	var out struct {
		Value json.RawMessage `json:"value"`
	}
	json.NewDecoder(resp.Body).Decode(&out)
	if resp.StatusCode != 200 {
		d.t.Fatalf("webdriver %s %s: %s %s", method, path, resp.Status, out.Value)
	}
	return out.Value
}

// js runs script in the page and decodes its return value into v.
func (d *webDriver) js(v any, script string, args ...any) {
	d.t.Helper()
	if args == nil {
		args = []any{}
	}
	raw := d.call("POST", "/execute/sync", map[string]any{"script": script, "args": args})
	if v != nil {
		if err := json.Unmarshal(raw, v); err != nil {
			d.t.Fatalf("decode %s: %v", raw, err)
		}
	}
}

// waitJS polls script until it returns true or the timeout passes; it
// returns how long that took.
func (d *webDriver) waitJS(timeout time.Duration, what, script string) time.Duration {
	d.t.Helper()
	start := time.Now()
	for time.Since(start) < timeout {
		var ok bool
		d.js(&ok, script)
		if ok {
			return time.Since(start)
		}
		time.Sleep(20 * time.Millisecond)
	}
	d.t.Fatalf("timed out after %v waiting for %s", timeout, what)
	return 0
}

func (d *webDriver) keys(keys ...string) {
	var acts []map[string]string
	for _, k := range keys {
		acts = append(acts, map[string]string{"type": "keyDown", "value": k}, map[string]string{"type": "keyUp", "value": k})
	}
	d.call("POST", "/actions", map[string]any{"actions": []any{map[string]any{"type": "key", "id": "kb", "actions": acts}}})
}

func (d *webDriver) screenshot(path string) {
	d.t.Helper()
	var b64 string
	if err := json.Unmarshal(d.call("GET", "/screenshot", nil), &b64); err != nil {
		d.t.Fatal(err)
	}
	png, err := base64.StdEncoding.DecodeString(b64)
	if err != nil {
		d.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		d.t.Fatal(err)
	}
	d.t.Logf("screenshot: %s", path)
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func artifactsDir(t *testing.T) string {
	if d := os.Getenv("NASH_ARTIFACTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err == nil {
			return d
		}
	}
	return t.TempDir()
}

// startBrowser starts chromedriver and a headless Chromium session, or
// skips the test when they are not installed.
func startBrowser(t *testing.T) *webDriver {
	driver, err := exec.LookPath("chromedriver")
	if err != nil {
		t.Skip("chromedriver not installed (apt-get install -y chromium chromium-driver): skipping browser test")
	}
	var browser string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skip("chromium not installed (apt-get install -y chromium chromium-driver): skipping browser test")
	}
	port := freePort(t)
	cmd := exec.Command(driver, fmt.Sprintf("--port=%d", port), "--allowed-ips=127.0.0.1")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if testing.Verbose() == false {
		cmd.Stdout, cmd.Stderr = nil, nil
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start chromedriver: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	d := &webDriver{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", port)}
	deadline := time.Now().Add(15 * time.Second)
	for {
		resp, err := http.Get(d.base + "/status")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("chromedriver did not become ready: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	args := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
		"--disable-extensions", "--window-size=1500,900", "--user-data-dir=" + t.TempDir()}
	raw := d.call("POST", "/session", map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"browserName": "chrome", "goog:chromeOptions": map[string]any{"binary": browser, "args": args},
	}}})
	var s struct {
		SessionID string `json:"sessionId"`
	}
	json.Unmarshal(raw, &s)
	if s.SessionID == "" {
		t.Fatalf("no webdriver session: %s", raw)
	}
	d.session = s.SessionID
	t.Cleanup(func() { d.call("DELETE", "", nil) })
	return d
}

const hostilePreview = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> & "quotes"`

// TestFeedInBrowser loads the feed UI in headless Chromium: the page goes
// live, an ingested event shows up within 1 s, keyboard navigation opens
// the detail panel, and a hostile <script> preview is shown as text.
func TestFeedInBrowser(t *testing.T) {
	d := startBrowser(t)
	e := newEnv(t, Config{}, store.Options{})
	// Some history first: a pipeline, a failing command, a fallback.
	hist := execBatch(e.session, "a1b2c3d4-root", 1, 3)
	hist.Events[0].Argv, hist.Events[0].Pipeline = []string{"grep", "-r", "TODO", "."}, &wire.Pipeline{ID: 1, Index: 0, Len: 3}
	hist.Events[1].Argv, hist.Events[1].Pipeline = []string{"sort"}, &wire.Pipeline{ID: 1, Index: 1, Len: 3}
	hist.Events[2].Argv, hist.Events[2].Pipeline, hist.Events[2].ExitCode = []string{"head", "-5"}, &wire.Pipeline{ID: 1, Index: 2, Len: 3}, intp(1)
	hist.Events = append(hist.Events,
		wire.Event{Kind: "pipe", Seq: 4, TS: time.Now().UnixMilli(), PipelineID: intp(1), FromIndex: intp(0), ToIndex: intp(1), Bytes: i64p(18234), PreviewB64: base64.StdEncoding.EncodeToString([]byte("./a.go: // TODO\n"))},
		wire.Event{Kind: "pipe", Seq: 5, TS: time.Now().UnixMilli(), PipelineID: intp(1), FromIndex: intp(1), ToIndex: intp(2), Bytes: i64p(18234), Truncated: boolp(true)},
		wire.Event{Kind: "fallback", Seq: 6, TS: time.Now().UnixMilli(), Reason: "parse-error", Input: "cat <<<(weird"},
		wire.Event{Kind: "cd", Seq: 7, TS: time.Now().UnixMilli(), From: "/work", To: "/tmp"},
	)
	if code, body := e.post(nil, mustJSON(hist), e.tok); code != 202 {
		t.Fatalf("ingest history: %d %s", code, body)
	}

	d.call("POST", "/url", map[string]string{"url": e.srv.URL + "/"})
	d.waitJS(10*time.Second, "page to go live", `return document.getElementById("status").textContent === "live" && document.querySelectorAll("#rows tr").length === 7`)

	// A live event: the hostile redirect preview.
	child := "a1b2c3d4-root"
	live := &wire.Batch{Type: wire.BatchType, Source: "nash", SessionID: e.session, ShellID: "e5f6-child", ParentShell: &child,
		Events: []wire.Event{{Kind: "redirect", Seq: 1, TS: time.Now().UnixMilli(), CmdSeq: 1, Op: ">", Target: &wire.Target{Path: "/tmp/page.html"},
			Bytes: i64p(int64(len(hostilePreview))), Blake3: strings.Repeat("ab", 32), PreviewB64: base64.StdEncoding.EncodeToString([]byte(hostilePreview))}}}
	// The page stamps the moment the row appears, so WebDriver's own
	// polling latency does not count against the 1 s budget.
	d.js(nil, `window.__seen = 0; new MutationObserver(() => {
		if (!window.__seen && document.getElementById("rows").textContent.includes("/tmp/page.html")) window.__seen = Date.now();
	}).observe(document.getElementById("rows"), {childList: true, subtree: true})`)
	start := time.Now()
	if code, body := e.post(nil, mustJSON(live), e.tok); code != 202 {
		t.Fatalf("ingest live: %d %s", code, body)
	}
	d.waitJS(5*time.Second, "live row", `return window.__seen > 0`)
	var seen int64
	d.js(&seen, `return window.__seen`)
	lag := time.UnixMilli(seen).Sub(start)
	t.Logf("live event shown %v after ingest began", lag.Round(time.Millisecond))
	if lag > time.Second {
		t.Errorf("live event shown %v after ingest, want within 1 s", lag)
	}

	// Keyboard: j selects the newest row (the live one), Enter opens it.
	d.keys("j", "\uE007")
	d.waitJS(5*time.Second, "detail panel with preview", `const p = document.getElementById("preview"); return !document.getElementById("detail").hidden && p !== null && p.textContent.length > 0`)
	var res struct {
		Text    string `json:"text"`
		Pwned   any    `json:"pwned"`
		Scripts int    `json:"scripts"`
		Parent  bool   `json:"parent"`
	}
	d.js(&res, `return {text: document.getElementById("preview").textContent, pwned: window.__pwned === undefined ? null : window.__pwned,
		scripts: document.querySelectorAll("#detail script, #detail img, #rows script, #rows img").length,
		parent: document.getElementById("detail-body").textContent.includes("a1b2c3d4-root")}`)
	if res.Text != hostilePreview {
		t.Errorf("preview text = %q, want %q", res.Text, hostilePreview)
	}
	if res.Pwned != nil || res.Scripts != 0 {
		t.Errorf("hostile preview was interpreted as HTML: pwned=%v elements=%d", res.Pwned, res.Scripts)
	}
	if !res.Parent {
		t.Errorf("detail panel does not name the parent shell")
	}
	dir := artifactsDir(t)
	d.screenshot(filepath.Join(dir, "feed-detail.png"))

	// Esc closes; then open the pipeline's last stage and see three stages.
	d.keys("\uE00C")
	d.waitJS(2*time.Second, "detail to close", `return document.getElementById("detail").hidden`)
	d.js(nil, `Array.from(document.querySelectorAll("#rows tr")).find(r => r.textContent.includes("head -5")).click()`)
	d.waitJS(5*time.Second, "pipeline drawing", `return document.querySelectorAll("#detail .pipeline .stage").length === 3`)
	var links []string
	d.js(&links, `return Array.from(document.querySelectorAll("#detail .pipeline .link b")).map(b => b.textContent)`)
	if len(links) != 2 || links[0] != "17.8 K" || links[1] != "17.8 K+" {
		t.Errorf("pipeline links = %q", links)
	}
	// Failing filter leaves only the failing command.
	d.js(nil, `document.getElementById("failing").click()`)
	d.waitJS(5*time.Second, "failing filter", `const r = document.querySelectorAll("#rows tr"); return r.length === 1 && r[0].textContent.includes("head -5")`)
	d.js(nil, `document.getElementById("failing").click()`)
	d.waitJS(5*time.Second, "filter off", `return document.querySelectorAll("#rows tr").length === 8`)
	d.screenshot(filepath.Join(dir, "feed-pipeline.png"))
}
