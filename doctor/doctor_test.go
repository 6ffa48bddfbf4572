package doctor

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// machine is a fake root in a temp dir: a nash binary, a real bash, and
// shell links that the test points wherever it likes.
type machine struct {
	dir, nash, realBash, sh, bash string
}

func newMachine(t *testing.T) *machine {
	t.Helper()
	d := t.TempDir()
	m := &machine{
		dir:      d,
		nash:     filepath.Join(d, "usr/local/bin/nash"),
		realBash: filepath.Join(d, "usr/bin/bash.real"),
		sh:       filepath.Join(d, "bin/sh"),
		bash:     filepath.Join(d, "bin/bash"),
	}
	for _, p := range []string{m.nash, m.realBash} {
		writeExec(t, p, "#!fake "+filepath.Base(p)+"\n")
	}
	if err := os.MkdirAll(filepath.Join(d, "bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	return m
}

func writeExec(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	os.Remove(link)
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

func (m *machine) opts() Options {
	return Options{
		Version:  "0.0.1-test",
		Self:     m.nash,
		Shells:   []string{m.sh, m.bash},
		RealBash: m.realBash,
		Socket:   filepath.Join(m.dir, "run/nucleic/control.sock"),
		Timeout:  time.Second,
	}
}

// diverted points both shells at nash the way divert.sh does.
func (m *machine) diverted(t *testing.T) {
	symlink(t, m.nash, m.sh)
	// A relative, two-step chain, like /bin/bash -> /usr/bin/bash -> nash.
	mid := filepath.Join(m.dir, "usr/bin/bash")
	symlink(t, "../local/bin/nash", mid)
	symlink(t, "../usr/bin/bash", m.bash)
}

func runJSON(t *testing.T, env []string, o Options) (Report, int) {
	t.Helper()
	var buf bytes.Buffer
	code := RunWith(&buf, true, env, o)
	var r Report
	if err := json.Unmarshal(buf.Bytes(), &r); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, buf.String())
	}
	return r, code
}

func TestHealthyWhenShellsAreNash(t *testing.T) {
	m := newMachine(t)
	m.diverted(t)
	r, code := runJSON(t, nil, m.opts())
	if code != 0 || !r.Healthy {
		t.Fatalf("code %d, report %+v", code, r)
	}
	for _, s := range r.Shells {
		if !s.IsNash || s.Resolved != m.nash {
			t.Errorf("shell %+v: want resolved to %s", s, m.nash)
		}
	}
	if r.RealBash.Path != m.realBash || r.RealBash.Source != "default" {
		t.Errorf("real bash %+v", r.RealBash)
	}
	if r.Version != "0.0.1-test" || r.Nash != m.nash || r.Capture != "tap" {
		t.Errorf("version %q nash %q capture %q", r.Version, r.Nash, r.Capture)
	}
	if len(r.Problems) != 0 {
		t.Errorf("problems: %v", r.Problems)
	}
}

func TestUnhealthyWhenBashIsNotNash(t *testing.T) {
	m := newMachine(t)
	m.diverted(t)
	symlink(t, m.realBash, m.bash)
	var buf bytes.Buffer
	code := RunWith(&buf, false, nil, m.opts())
	if code != 1 {
		t.Fatalf("code %d, want 1\n%s", code, buf.String())
	}
	out := buf.String()
	if !strings.Contains(out, "FAIL "+m.bash+" -> "+m.realBash+" (not nash)") || !strings.Contains(out, "unhealthy:") {
		t.Errorf("text output:\n%s", out)
	}
}

func TestCopyOfNashIsNotNash(t *testing.T) {
	// Same bytes, different file: the check is identity, not content.
	m := newMachine(t)
	m.diverted(t)
	copyPath := filepath.Join(m.dir, "copy-of-nash")
	writeExec(t, copyPath, "#!fake nash\n")
	symlink(t, copyPath, m.sh)
	r, code := runJSON(t, nil, m.opts())
	if code != 1 || r.Shells[0].IsNash {
		t.Fatalf("code %d, shells %+v", code, r.Shells)
	}
}

func TestMissingShell(t *testing.T) {
	m := newMachine(t)
	symlink(t, m.nash, m.sh)
	r, code := runJSON(t, nil, m.opts())
	if code != 1 || r.Shells[1].Error == "" {
		t.Fatalf("code %d, shells %+v", code, r.Shells)
	}
}

func TestRealBashSources(t *testing.T) {
	m := newMachine(t)
	m.diverted(t)
	other := filepath.Join(m.dir, "opt/bash5/bash")
	writeExec(t, other, "#!fake bash\n")
	pathDir := filepath.Join(m.dir, "pathbin")
	// First bash on PATH is nash itself; it must be skipped.
	symlink(t, m.nash, filepath.Join(mkdir(t, pathDir), "bash"))
	path := "PATH=" + pathDir + ":" + filepath.Dir(other)

	t.Run("env", func(t *testing.T) {
		r, code := runJSON(t, []string{"NUCLEIC_REAL_BASH=" + other}, m.opts())
		if code != 0 || r.RealBash.Path != other || r.RealBash.Source != "NUCLEIC_REAL_BASH" {
			t.Fatalf("code %d, %+v", code, r.RealBash)
		}
	})
	t.Run("env pointing at nash falls back to PATH", func(t *testing.T) {
		r, code := runJSON(t, []string{"NUCLEIC_REAL_BASH=" + m.nash, path}, m.opts())
		if code != 0 || r.RealBash.Path != other || r.RealBash.Source != "PATH" || r.RealBash.Note == "" {
			t.Fatalf("code %d, %+v", code, r.RealBash)
		}
		if len(r.Problems) != 1 {
			t.Errorf("problems %v: want the NUCLEIC_REAL_BASH note", r.Problems)
		}
	})
	t.Run("PATH skips nash", func(t *testing.T) {
		o := m.opts()
		o.RealBash = filepath.Join(m.dir, "nonexistent")
		r, code := runJSON(t, []string{path}, o)
		if code != 0 || r.RealBash.Path != other || r.RealBash.Source != "PATH" {
			t.Fatalf("code %d, %+v", code, r.RealBash)
		}
	})
	t.Run("none", func(t *testing.T) {
		o := m.opts()
		o.RealBash = filepath.Join(m.dir, "nonexistent")
		r, code := runJSON(t, []string{"PATH=" + pathDir}, o)
		if code != 1 || r.RealBash.Found {
			t.Fatalf("code %d, %+v", code, r.RealBash)
		}
	})
	t.Run("not executable", func(t *testing.T) {
		o := m.opts()
		o.RealBash = filepath.Join(m.dir, "plain")
		if err := os.WriteFile(o.RealBash, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		r, code := runJSON(t, nil, o)
		if code != 1 || r.RealBash.Found {
			t.Fatalf("code %d, %+v", code, r.RealBash)
		}
	})
}

func mkdir(t *testing.T, d string) string {
	t.Helper()
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCollector(t *testing.T) {
	m := newMachine(t)
	m.diverted(t)
	sock := filepath.Join(mkdir(t, filepath.Join(m.dir, "sock")), "c.sock")

	t.Run("unreachable does not make it unhealthy", func(t *testing.T) {
		r, code := runJSON(t, []string{"NUCLEIC_SHELL_SOCKET=" + sock}, m.opts())
		if code != 0 || r.Collector.Reachable || r.Collector.Socket != sock || r.Collector.Error == "" {
			t.Fatalf("code %d, %+v", code, r.Collector)
		}
	})

	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if req.URL.Path == "/healthz" {
			w.WriteHeader(http.StatusOK)
			return
		}
		http.NotFound(w, req)
	})}
	go srv.Serve(l)
	defer srv.Close()

	t.Run("healthz", func(t *testing.T) {
		r, code := runJSON(t, []string{"NUCLEIC_SHELL_SOCKET=" + sock}, m.opts())
		if code != 0 || !r.Collector.Reachable || r.Collector.Healthz != 200 {
			t.Fatalf("code %d, %+v", code, r.Collector)
		}
	})
}

func TestCollectorThatDoesNotSpeakHTTP(t *testing.T) {
	m := newMachine(t)
	m.diverted(t)
	sock := filepath.Join(m.dir, "mute.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			defer c.Close() // accept, never answer
		}
	}()
	o := m.opts()
	o.Timeout = 200 * time.Millisecond
	start := time.Now()
	r, _ := runJSON(t, []string{"NUCLEIC_SHELL_SOCKET=" + sock}, o)
	if !r.Collector.Reachable || r.Collector.Healthz != 0 || r.Collector.Error == "" {
		t.Fatalf("%+v", r.Collector)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v; the timeout is %v", d, o.Timeout)
	}
}

func TestCaptureAndSession(t *testing.T) {
	m := newMachine(t)
	m.diverted(t)
	env := []string{"NUCLEIC_SHELL_CAPTURE=meta", "NUCLEIC_SESSION_ID=s-1", "NUCLEIC_HOOK_TOKEN=secret-token"}
	var buf bytes.Buffer
	if code := RunWith(&buf, true, env, m.opts()); code != 0 {
		t.Fatalf("code %d", code)
	}
	if strings.Contains(buf.String(), "secret-token") {
		t.Fatalf("the token leaked into the report:\n%s", buf.String())
	}
	var r Report
	if err := json.Unmarshal(buf.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Capture != "meta" || r.Session.ID != "s-1" || !r.Session.HasToken {
		t.Fatalf("%+v", r)
	}

	r, code := runJSON(t, []string{"NUCLEIC_SHELL_CAPTURE=everything"}, m.opts())
	if code != 0 || len(r.Problems) != 1 {
		t.Fatalf("code %d, problems %v: a bad capture level is reported but not fatal", code, r.Problems)
	}
}

func TestRunChecksThisProcess(t *testing.T) {
	// With default options the running test binary is "nash": /bin/sh is
	// not it, so the machine is unhealthy, and the report still parses.
	var buf bytes.Buffer
	if code := Run(&buf, true, os.Environ()); code != 1 {
		t.Fatalf("code %d, want 1\n%s", code, buf.String())
	}
	var r Report
	if err := json.Unmarshal(buf.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Version != Version || len(r.Shells) != len(DefaultShells) {
		t.Fatalf("%+v", r)
	}
}

// The hand-written JSON must be what encoding/json writes for the Report.
func TestJSONMatchesEncodingJSON(t *testing.T) {
	odd := "q\"b\\s/<a>&\n\r\t\b\f\x01\x1f é \u2028\u2029 \xff end"
	for _, r := range []Report{
		{},
		{Problems: []string{}},
		{Version: "1", Nash: odd, Shells: []Shell{}, Problems: []string{odd, "b"}},
		{
			Version: "v", Nash: "/usr/local/bin/nash", Capture: "tap", Healthy: true,
			Shells:    []Shell{{Path: "/bin/sh", Resolved: "/x", IsNash: true}, {Path: "/bin/bash", Error: odd}},
			RealBash:  RealBash{Path: "/usr/bin/bash.real", Source: "default", Found: true, Note: "n"},
			Collector: Collector{Socket: "/run/s", Reachable: true, Healthz: 200, HookURL: "http://h/?a=1&b=<2>", Error: "e"},
			Session:   SessionInfo{ID: "s-1", HasToken: true},
			Problems:  []string{},
		},
	} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
		if got := string(marshalIndent(r.object())); got != want.String() {
			t.Errorf("report %+v:\ngot:\n%s\nencoding/json:\n%s", r, got, want.String())
		}
	}
}
