package main

import (
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"nash/collector/store"
	"nash/collector/token"
)

// TestServeWithNoFlags runs nashd serve with no flags at all, as on a
// laptop: state goes under $XDG_DATA_HOME/nashd (key created 0600, store),
// the socket under $XDG_RUNTIME_DIR/nucleic (mode 0660), the UI and ingest
// on 127.0.0.1:7077; session new with no flags points at that socket, and
// a batch is accepted both on the socket and on loopback TCP.
func TestServeWithNoFlags(t *testing.T) {
	if c, err := net.DialTimeout("tcp", defaultListen, time.Second); err == nil {
		c.Close()
		t.Skipf("%s is in use by another program: cannot test the default listen address", defaultListen)
	}
	home := t.TempDir()
	data, runtime := filepath.Join(home, "data"), filepath.Join(home, "run")
	env := append(os.Environ(), "NASHD_TEST_MAIN=1", "HOME="+home, "XDG_DATA_HOME="+data, "XDG_RUNTIME_DIR="+runtime)
	state, sock := filepath.Join(data, "nashd"), filepath.Join(runtime, "nucleic", "control.sock")

	serve := nashdCmd("serve")
	serve.Env = env
	serve.Stderr = os.Stderr
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	killAtEnd(t, serve)
	if !waitFor(30*time.Second, func() bool { si, ok := readServeInfo(state); return ok && si.Pid == serve.Process.Pid }) {
		t.Fatalf("nashd serve with no flags did not come up with its state in %s", state)
	}
	si, _ := readServeInfo(state)
	if si.Socket != sock || si.Listen != defaultListen {
		t.Fatalf("serve listens on socket %q and %q, want %q and %q", si.Socket, si.Listen, sock, defaultListen)
	}
	for path, mode := range map[string]os.FileMode{filepath.Join(state, token.KeyFile): 0o600, sock: 0o660} {
		if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != mode {
			t.Errorf("%s: %v (%v), want mode %v", path, fi.Mode().Perm(), err, mode)
		}
	}
	if _, err := os.Stat(filepath.Join(state, store.DBFile)); err != nil {
		t.Errorf("no store in the default state dir: %v", err)
	}

	sn := nashdCmd("session", "new")
	sn.Env = env
	out, err := sn.Output()
	if err != nil {
		t.Fatalf("session new: %v", err)
	}
	ev := parseEvalLines(t, string(out))
	if ev["NUCLEIC_SHELL_SOCKET"] != sock {
		t.Fatalf("session new printed socket %q, want %q", ev["NUCLEIC_SHELL_SOCKET"], sock)
	}
	sid, tok := ev["NUCLEIC_SESSION_ID"], ev["NUCLEIC_HOOK_TOKEN"]

	for i, c := range []struct {
		client *http.Client
		url    string
	}{{unixClient(sock), "http://nashd/shell-event"}, {http.DefaultClient, "http://" + defaultListen + "/shell-event"}} {
		body, _ := json.Marshal(execBatch(sid, "sh1", uint64(i*10+1), 10))
		code, b := doRequest(t, c.client, "POST", c.url, tok, string(body))
		if code != 202 || !strings.Contains(string(b), `"stored":10`) {
			t.Errorf("POST %s: %d %s", c.url, code, b)
		}
	}
	code, page := doRequest(t, http.DefaultClient, "GET", "http://"+defaultListen+"/", "", "")
	if code != 200 || !strings.Contains(string(page), "nash feed") {
		t.Errorf("UI at the default address: %d %.80s", code, page)
	}
	serve.Process.Signal(syscall.SIGTERM)
	serve.Wait()
	vf := nashdCmd("verify", "--session", sid)
	vf.Env = env
	if out, err := vf.CombinedOutput(); err != nil || !strings.Contains(string(out), "20 events verified") {
		t.Errorf("verify with the default state: %v %s", err, out)
	}
}
