package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"nash/collector/store"
	"nash/runner"
)

// nashOnPath returns nashBinary and a PATH on which it is found as nash,
// the name the runner of nashd serve looks for.
func nashOnPath(t *testing.T) (nash, path string) {
	t.Helper()
	nash = nashBinary(t)
	if filepath.Base(nash) != "nash" {
		t.Fatalf("NASH_BIN=%s: the runner finds nash by name on PATH, so the binary must be named nash", nash)
	}
	return nash, filepath.Dir(nash) + ":" + os.Getenv("PATH")
}

// TestServeRunnerThroughNash drives the runner API of `nashd serve` over
// its loopback port: requests without the key are refused, a command runs
// under nash (found on PATH, as in an image), and every shell it
// starts, nested ones included, reaches the collector with the runner's
// call id and its parent link. The unix socket serves the runner API
// behind the same key.
func TestServeRunnerThroughNash(t *testing.T) {
	nash, path := nashOnPath(t)
	state, home := t.TempDir(), t.TempDir()
	sock := filepath.Join(t.TempDir(), "c.sock")
	srv := startServe(t, state, sock, []string{
		"HOME=" + home, "XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"PATH=" + path,
	})
	defer srv.stop()
	out, _ := runNashd(t, "session", "new", "--state", state)
	env := parseEvalLines(t, out)
	sid := env["NUCLEIC_SESSION_ID"]
	key, err := os.ReadFile(filepath.Join(state, runnerKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	hc := &http.Client{Timeout: 60 * time.Second}
	do := func(method, url, auth, body string) (int, []byte) {
		t.Helper()
		return doRequest(t, hc, method, url, auth, body)
	}
	api := "http://" + srv.listen

	req := runner.Request{
		// Three shells: the runner's nash -lc, and two nested ones.
		Cmd: `"$NASH" -c '"$NASH" -c ": nested-call-marker"'; echo done`,
		Cwd: t.TempDir(),
		Env: map[string]string{
			"NASH":                 nash,
			"NUCLEIC_SESSION_ID":   sid,
			"NUCLEIC_HOOK_TOKEN":   env["NUCLEIC_HOOK_TOKEN"],
			"NUCLEIC_SHELL_SOCKET": sock,
		},
	}
	body, _ := json.Marshal(req)
	if code, b := do("POST", api+"/v1/commands", "", string(body)); code != 401 {
		t.Fatalf("start without the key: %d %s, want 401", code, b)
	}
	if code, b := do("POST", api+"/v1/commands", "not-the-key", string(body)); code != 401 {
		t.Fatalf("start with a wrong key: %d %s, want 401", code, b)
	}
	code, b := do("POST", api+"/v1/commands?wait_ms=30000", strings.TrimSpace(string(key)), string(body))
	var st runner.Status
	if err := json.Unmarshal(b, &st); code != 201 || err != nil || st.Receipt == nil {
		t.Fatalf("start: %d %s %v", code, b, err)
	}
	r := st.Receipt
	if r.Status != runner.StatusExited || r.ExitCode != 0 || r.Stdout.Size != int64(len("done\n")) || r.SessionID != sid {
		t.Fatalf("receipt %+v", r)
	}
	if r.Runtime.Path != nash {
		t.Fatalf("ran under %s, want %s", r.Runtime.Path, nash)
	}

	// Shells flush at exit; wait for the third to be stored.
	var flat []*store.Shell
	var walk func([]*store.Shell)
	walk = func(l []*store.Shell) {
		for _, x := range l {
			flat = append(flat, x)
			walk(x.Children)
		}
	}
	if !waitFor(15*time.Second, func() bool {
		var roots []*store.Shell
		code, b = do("GET", api+"/api/sessions/"+sid+"/shells", "", "")
		flat = flat[:0]
		if code == 200 && json.Unmarshal(b, &roots) == nil {
			walk(roots)
		}
		return len(flat) >= 3
	}) {
		t.Fatalf("shells of the session: %d %s", code, b)
	}
	if len(flat) != 3 {
		t.Fatalf("%d shells, want 3", len(flat))
	}
	for _, x := range flat {
		if x.CallID != r.CallID {
			t.Errorf("shell %s has call id %q, want %q", x.ID, x.CallID, r.CallID)
		}
	}
	// One chain: the runner's shell, its child, its grandchild.
	if flat[0].ParentID != "" || flat[1].ParentID != flat[0].ID || flat[2].ParentID != flat[1].ID {
		t.Errorf("parent links: %s<-%s, %s<-%s, %s<-%s", flat[0].ParentID, flat[0].ID,
			flat[1].ParentID, flat[1].ID, flat[2].ParentID, flat[2].ID)
	}

	// The unix socket serves the runner API too, behind the same key:
	// sandboxes share the socket but not the state directory.
	sockDo := func(auth string) (int, []byte) {
		t.Helper()
		return doRequest(t, srv.client, "POST", "http://nashd/v1/commands?wait_ms=30000", auth, string(body))
	}
	if code, b := sockDo(""); code != 401 {
		t.Errorf("runner API on the unix socket without the key: %d %s, want 401", code, b)
	}
	if code, b := sockDo("not-the-key"); code != 401 {
		t.Errorf("runner API on the unix socket with a wrong key: %d %s, want 401", code, b)
	}
	code, b = sockDo(strings.TrimSpace(string(key)))
	var st2 runner.Status
	if err := json.Unmarshal(b, &st2); code != 201 || err != nil || st2.Receipt == nil || st2.Receipt.Status != runner.StatusExited || st2.Receipt.ExitCode != 0 {
		t.Errorf("runner API on the unix socket with the key: %d %s %v", code, b, err)
	}
}

// TestServeShutdownEndsCommands stops nashd serve while a command whose
// tree ignores SIGTERM runs: serve must end the tree and write the
// command's receipt (cancelled) before it exits, not leave it running.
func TestServeShutdownEndsCommands(t *testing.T) {
	_, path := nashOnPath(t)
	state, home := t.TempDir(), t.TempDir()
	data := filepath.Join(home, "data")
	srv := startServe(t, state, filepath.Join(t.TempDir(), "c.sock"), []string{
		"HOME=" + home, "XDG_DATA_HOME=" + data,
		"PATH=" + path,
	})
	key, err := os.ReadFile(filepath.Join(state, runnerKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	code, b := doRequest(t, http.DefaultClient, "POST", "http://"+srv.listen+"/v1/commands", strings.TrimSpace(string(key)),
		`{"cmd":"trap '' TERM; sleep 100 & echo ready; sleep 100"}`)
	var st runner.Status
	if err := json.Unmarshal(b, &st); code != 201 || err != nil {
		t.Fatalf("start: %d %s %v", code, b, err)
	}
	// Both sleeps are up: the second is the shell's last command, which
	// runs in the shell's place (exec'd, as under bash).
	if !waitFor(15*time.Second, func() bool { return countComm(markedPids(st.ID), "sleep") >= 2 }) {
		t.Fatalf("command did not start: %v", markedPids(st.ID))
	}
	start := time.Now()
	srv.stop()
	if el := time.Since(start); el > 15*time.Second {
		t.Errorf("serve took %v to stop", el)
	}
	if left := markedPids(st.ID); len(left) > 0 {
		for _, pid := range left {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		t.Fatalf("processes of %s outlived serve: %v", st.ID, left)
	}
	b, err = os.ReadFile(filepath.Join(data, "nashd", "runner", "receipts", st.ID+".json"))
	var r runner.Receipt
	if err != nil || json.Unmarshal(b, &r) != nil || r.Status != runner.StatusCancelled {
		t.Fatalf("receipt after shutdown: %v %s", err, b)
	}
}

// countComm counts the processes among pids whose command name is comm.
func countComm(pids []int, comm string) int {
	n := 0
	for _, pid := range pids {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/comm")
		if err == nil && strings.TrimSpace(string(b)) == comm {
			n++
		}
	}
	return n
}

// markedPids lists live processes whose environment holds
// NUCLEIC_CALL_ID=id, as the runner marks a command's processes.
func markedPids(id string) []int {
	want := []byte("NUCLEIC_CALL_ID=" + id)
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if i := bytes.LastIndexByte(stat, ')'); err != nil || i < 0 || i+2 >= len(stat) || stat[i+2] == 'Z' {
			continue
		}
		env, err := os.ReadFile("/proc/" + e.Name() + "/environ")
		if err == nil && slices.ContainsFunc(bytes.Split(env, []byte{0}), func(e []byte) bool { return bytes.Equal(e, want) }) {
			out = append(out, pid)
		}
	}
	return out
}

// TestServeRunnerUnavailable starts nashd serve where the runner cannot
// keep its state: the collector still serves, and every runner route
// answers 503 with the reason (behind the key, like the working API).
func TestServeRunnerUnavailable(t *testing.T) {
	state := t.TempDir()
	srv := startServe(t, state, filepath.Join(t.TempDir(), "c.sock"), []string{"XDG_DATA_HOME=/dev/null/nashd"})
	defer srv.stop()
	key, err := os.ReadFile(filepath.Join(state, runnerKeyFile))
	if err != nil {
		t.Fatal(err)
	}
	api := "http://" + srv.listen
	if code, b := doRequest(t, http.DefaultClient, "POST", api+"/v1/commands", "", `{"cmd":"true"}`); code != 401 {
		t.Errorf("runner API without the key: %d %s, want 401", code, b)
	}
	for _, path := range []string{"/v1/commands", "/v1/commands/c-1", "/v1/artifacts/ab"} {
		code, b := doRequest(t, http.DefaultClient, "GET", api+path, strings.TrimSpace(string(key)), "")
		if code != 503 || !strings.Contains(string(b), `"error":"runner: state dir`) {
			t.Errorf("GET %s: %d %s, want 503 with the reason", path, code, b)
		}
	}
	if code, b := doRequest(t, http.DefaultClient, "GET", api+"/api/sessions", "", ""); code != 200 {
		t.Errorf("collector API: %d %s", code, b)
	}
}
