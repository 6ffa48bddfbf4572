package interp

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// recGate records every hook call; it can deny commands by name and tap
// pipes.
type recGate struct {
	mu       sync.Mutex
	starts   []ExecInfo
	ends     []ExecResult
	redirs   []RedirectInfo
	bodies   []string
	pipes    []PipeInfo
	taps     []*recTap
	cmdsubs  []string
	subKinds []string
	states   []StateInfo
	deny     string
	tap      bool
}

type recTap struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	closed bool
}

func (t *recTap) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.Write(p)
}

func (t *recTap) Close(failed bool) {
	t.mu.Lock()
	t.closed = true
	t.mu.Unlock()
}

func (g *recGate) ExecStart(ctx context.Context, c *ExecInfo) Verdict {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.starts = append(g.starts, *c)
	if g.deny != "" && c.Argv[0] == g.deny {
		return Verdict{Deny: true, Message: c.Argv[0] + ": denied"}
	}
	return Verdict{}
}

func (g *recGate) ExecEnd(ctx context.Context, c *ExecInfo, res ExecResult) {
	g.mu.Lock()
	g.ends = append(g.ends, res)
	g.mu.Unlock()
}

func (g *recGate) Redirect(ctx context.Context, r *RedirectInfo) func() {
	g.mu.Lock()
	defer g.mu.Unlock()
	ri := *r
	ri.File = nil
	g.redirs = append(g.redirs, ri)
	g.bodies = append(g.bodies, string(r.Body))
	return nil
}

func (g *recGate) Pipe(ctx context.Context, p *PipeInfo) PipeTap {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.pipes = append(g.pipes, *p)
	if !g.tap {
		return nil
	}
	t := &recTap{}
	g.taps = append(g.taps, t)
	return t
}

func (g *recGate) CmdSubst(ctx context.Context, c *CmdSubstInfo, text []byte) {
	g.mu.Lock()
	g.cmdsubs = append(g.cmdsubs, string(text))
	g.subKinds = append(g.subKinds, c.Nesting.Kind)
	g.mu.Unlock()
}

func (g *recGate) State(ctx context.Context, s *StateInfo) {
	g.mu.Lock()
	g.states = append(g.states, *s)
	g.mu.Unlock()
}

// runGated runs src in a fresh Runner with g, in dir, and returns stdout,
// stderr and the status.
func runGated(t *testing.T, g Gate, dir, src string) (string, string, int) {
	t.Helper()
	return runCaptured(t, src, WithGate(g), Dir(dir), Env([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir}), Params("test"))
}

// runCaptured runs src in a fresh Runner built with opts (stdin is
// /dev/null, stdout and stderr are captured) and returns both outputs and
// the exit status; it fails the test if the script runs over 20 s.
func runCaptured(t *testing.T, src string, opts ...Option) (string, string, int) {
	t.Helper()
	outR, outW, _ := os.Pipe()
	errR, errW, _ := os.Pipe()
	null, _ := os.Open(os.DevNull)
	defer null.Close()
	r, err := New(append([]Option{StdIO(null, outW, errW)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); stdout.ReadFrom(outR) }()
	go func() { defer wg.Done(); stderr.ReadFrom(errR) }()
	f, perr := Parse(src, "", false)
	if perr != nil {
		t.Fatalf("parse: %v", perr)
	}
	done := make(chan int, 1)
	go func() { done <- r.Run(f, src) }()
	var st int
	select {
	case st = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("script hung")
	}
	r.fds.releaseAll()
	outW.Close()
	errW.Close()
	wg.Wait()
	return stdout.String(), stderr.String(), st
}

func TestGateExecHooks(t *testing.T) {
	dir := t.TempDir()
	g := &recGate{}
	out, _, st := runGated(t, g, dir, "f() { echo in-f; }\nf\nls >/dev/null\ncd /\necho $(echo sub)\n( echo sh )\n")
	if st != 0 || out != "in-f\nsub\nsh\n" {
		t.Fatalf("status %d output %q", st, out)
	}
	type want struct {
		argv0    string
		builtin  bool
		function bool
		path     bool
		kind     string
	}
	wants := []want{
		{"f", false, true, false, "top"},
		{"echo", true, false, false, "function:f"},
		{"ls", false, false, true, "top"},
		{"cd", true, false, false, "top"},
		{"echo", true, false, false, "cmdsub"},
		{"echo", true, false, false, "top"},
		{"echo", true, false, false, "subshell"},
	}
	if len(g.starts) != len(wants) {
		var names []string
		for _, s := range g.starts {
			names = append(names, s.Argv[0]+"@"+s.Nesting.Kind)
		}
		t.Fatalf("got %d exec starts %v, want %d", len(g.starts), names, len(wants))
	}
	for i, w := range wants {
		s := g.starts[i]
		if s.Argv[0] != w.argv0 || s.Builtin != w.builtin || s.Function != w.function || (s.Path != "") != w.path || s.Nesting.Kind != w.kind {
			t.Errorf("start %d = %+v, want %+v", i, s, w)
		}
		if w.path && filepath.Base(s.Path) != "ls" {
			t.Errorf("resolved path %q", s.Path)
		}
	}
	if len(g.ends) != len(g.starts) {
		t.Errorf("%d ends for %d starts", len(g.ends), len(g.starts))
	}
	if len(g.cmdsubs) != 1 || g.cmdsubs[0] != "sub\n" {
		t.Errorf("cmdsubst texts %q", g.cmdsubs)
	}
	var cd *StateInfo
	for i := range g.states {
		if g.states[i].Op == "cd" {
			cd = &g.states[i]
		}
	}
	if cd == nil || cd.From != dir || cd.To != "/" {
		t.Errorf("cd state %+v", cd)
	}
}

func TestGateDeny(t *testing.T) {
	dir := t.TempDir()
	g := &recGate{deny: "rm"}
	os.WriteFile(filepath.Join(dir, "keep"), []byte("x"), 0o644)
	out, errOut, st := runGated(t, g, dir, "rm keep > created\necho status=$?\n")
	if out != "status=126\n" || st != 0 {
		t.Fatalf("out %q status %d", out, st)
	}
	if !strings.Contains(errOut, "rm: denied") {
		t.Errorf("stderr %q", errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "keep")); err != nil {
		t.Error("denied rm removed the file")
	}
	if _, err := os.Stat(filepath.Join(dir, "created")); err == nil {
		t.Error("a denied command's redirection was opened")
	}
}

func TestGateRedirectAndPipeTap(t *testing.T) {
	dir := t.TempDir()
	g := &recGate{tap: true}
	out, _, st := runGated(t, g, dir, "printf 'a\\nb\\n' | tr a-z A-Z | sort -r\ncat <<EOF > f.txt\nhello $HOME\nEOF\necho done >> f.txt\n")
	if st != 0 || out != "B\nA\n" {
		t.Fatalf("status %d out %q", st, out)
	}
	if len(g.pipes) != 2 {
		t.Fatalf("pipe hooks %d, want 2", len(g.pipes))
	}
	for i, p := range g.pipes {
		if p.Pipeline.Index != i || p.Pipeline.Len != 3 {
			t.Errorf("pipe %d position %+v", i, p.Pipeline)
		}
	}
	if got := g.taps[0].buf.String(); got != "a\nb\n" {
		t.Errorf("tap 0 saw %q", got)
	}
	if got := g.taps[1].buf.String(); got != "A\nB\n" {
		t.Errorf("tap 1 saw %q", got)
	}
	var ops []string
	for i, r := range g.redirs {
		ops = append(ops, r.Op)
		if r.Heredoc && g.bodies[i] != "hello "+dir+"\n" {
			t.Errorf("heredoc body %q", g.bodies[i])
		}
	}
	if strings.Join(ops, " ") != "<< > >>" {
		t.Errorf("redirect ops %v", ops)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "f.txt"))
	if string(data) != "hello "+dir+"\ndone\n" {
		t.Errorf("file %q", data)
	}
	// pipeline stages carry their position
	var stages []int
	for _, s := range g.starts {
		if s.Pipeline != nil {
			stages = append(stages, s.Pipeline.Index)
		}
	}
	if len(stages) != 3 {
		t.Errorf("pipeline stages seen: %v", stages)
	}
}

// A Gate that panics must not take the command down.
type panicGate struct{ recGate }

func (p *panicGate) ExecStart(ctx context.Context, c *ExecInfo) Verdict { panic("boom") }

func TestGatePanicContained(t *testing.T) {
	out, _, st := runGated(t, &panicGate{}, t.TempDir(), "echo still-runs\n")
	if out != "still-runs\n" || st != 0 {
		t.Fatalf("out %q status %d", out, st)
	}
}
