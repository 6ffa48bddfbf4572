// Package webdriver is a minimal W3C WebDriver client over plain net/http
// for tests that load the feed UI in Debian's headless Chromium through
// chromedriver. Start skips the test when either is not installed.
package webdriver

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
	"testing"
	"time"
)

// Driver is one browser session; it fails its test on any WebDriver error.
type Driver struct {
	t       testing.TB
	base    string
	session string
}

// Call sends one WebDriver command; paths other than "/session" are
// relative to the session. It returns the answer's value.
func (d *Driver) Call(method, path string, body any) json.RawMessage {
	d.t.Helper()
	var in []byte
	if body != nil {
		var err error
		if in, err = json.Marshal(body); err != nil {
			d.t.Fatal(err)
		}
	}
	url := d.base + path
	if d.session != "" && path != "/session" {
		url = d.base + "/session/" + d.session + path
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(in))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
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

// Open navigates to url.
func (d *Driver) Open(url string) {
	d.t.Helper()
	d.Call("POST", "/url", map[string]string{"url": url})
}

// JS runs script in the page and decodes its return value into v (nil:
// ignore it).
func (d *Driver) JS(v any, script string, args ...any) {
	d.t.Helper()
	if args == nil {
		args = []any{}
	}
	raw := d.Call("POST", "/execute/sync", map[string]any{"script": script, "args": args})
	if v != nil {
		if err := json.Unmarshal(raw, v); err != nil {
			d.t.Fatalf("decode %s: %v", raw, err)
		}
	}
}

// WaitJS polls script until it returns true, failing the test after
// timeout; it returns how long that took.
func (d *Driver) WaitJS(timeout time.Duration, what, script string) time.Duration {
	d.t.Helper()
	start := time.Now()
	for time.Since(start) < timeout {
		var ok bool
		d.JS(&ok, script)
		if ok {
			return time.Since(start)
		}
		time.Sleep(20 * time.Millisecond)
	}
	d.t.Fatalf("timed out after %v waiting for %s", timeout, what)
	return 0
}

// Keys presses and releases each key in turn (WebDriver key codes, e.g.
// "\uE007" for Enter).
func (d *Driver) Keys(keys ...string) {
	d.t.Helper()
	var acts []map[string]string
	for _, k := range keys {
		acts = append(acts, map[string]string{"type": "keyDown", "value": k}, map[string]string{"type": "keyUp", "value": k})
	}
	d.Call("POST", "/actions", map[string]any{"actions": []any{map[string]any{"type": "key", "id": "kb", "actions": acts}}})
}

// Screenshot saves the window as a PNG at path.
func (d *Driver) Screenshot(path string) {
	d.t.Helper()
	var b64 string
	if err := json.Unmarshal(d.Call("GET", "/screenshot", nil), &b64); err != nil {
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

// ArtifactsDir is $NASH_ARTIFACTS (created if needed), where CI keeps
// screenshots, else a temporary directory of the test.
func ArtifactsDir(t testing.TB) string {
	if d := os.Getenv("NASH_ARTIFACTS"); d != "" {
		if err := os.MkdirAll(d, 0o755); err == nil {
			return d
		}
	}
	return t.TempDir()
}

func freePort(t testing.TB) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// find returns the paths of chromedriver and of a Chromium, or why they
// cannot be used.
func find() (driver, browser, missing string) {
	driver, err := exec.LookPath("chromedriver")
	if err != nil {
		return "", "", "chromedriver not installed (apt-get install -y chromium chromium-driver)"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return driver, p, ""
		}
	}
	return "", "", "chromium not installed (apt-get install -y chromium chromium-driver)"
}

// Installed reports whether Start can run a browser, for tests that check
// less without one rather than skip; the string says what is missing.
func Installed() (bool, string) {
	_, _, missing := find()
	return missing == "", missing
}

// Start starts chromedriver and a headless Chromium session, both ended
// by the test's cleanup, or skips the test when they are not installed.
func Start(t testing.TB) *Driver {
	t.Helper()
	driver, browser, missing := find()
	if missing != "" {
		t.Skip(missing + ": skipping browser test")
	}
	port := freePort(t)
	cmd := exec.Command(driver, fmt.Sprintf("--port=%d", port), "--allowed-ips=127.0.0.1")
	if testing.Verbose() {
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start chromedriver: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	d := &Driver{t: t, base: fmt.Sprintf("http://127.0.0.1:%d", port)}
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
	raw := d.Call("POST", "/session", map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
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
	t.Cleanup(func() { d.Call("DELETE", "", nil) })
	return d
}
