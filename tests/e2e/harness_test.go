// Package e2e proves the observation contract (design sections 2-4)
// against the real nash binary: a reference receiver listens on a unix
// socket, bin/nash runs scripts with the NUCLEIC_* environment, and the
// tests compare what the receiver got, and what the commands did, with
// expectations and with the real bash.
//
// The binary is built once per test run into a temporary directory, or
// taken from $NASH_BIN. Heavy cases (a 1 GiB stream, 50 MB of random data)
// are skipped under -short.
package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"nash/transport/receiver"
	"nash/transport/wire"
)

// token is the bearer token every test collector accepts.
const token = "e2e-token"

var (
	nashBin string // absolute path of the nash under test
	bashBin = "/usr/bin/bash"
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	if p := os.Getenv("NASH_BIN"); p != "" {
		abs, err := filepath.Abs(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		nashBin = abs
	} else {
		dir, err := os.MkdirTemp("", "nash-e2e-bin")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		defer os.RemoveAll(dir)
		nashBin = filepath.Join(dir, "nash")
		if err := goBuild(nashBin); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
	}
	if p := os.Getenv("NUCLEIC_REAL_BASH"); p != "" {
		bashBin = p
	} else if _, err := os.Stat("/usr/bin/bash.real"); err == nil {
		bashBin = "/usr/bin/bash.real"
	}
	code := m.Run()
	// the fault tests' panicking build lives as long as the package run
	if panicPath != "" {
		os.RemoveAll(filepath.Dir(panicPath))
	}
	return code
}

// goBuild builds cmd/nash to out with extra build flags, with the
// Makefile's GOEXPERIMENTs and entry point so the tests run the nash that
// ships (the SIMD hasher behind pipe taps and the record of inherited
// signal dispositions included).
func goBuild(out string, flags ...string) error {
	args := append([]string{"build", "-ldflags=-E=nash/internal/entrysig.entry"}, flags...)
	args = append(args, "-o", out, "nash/cmd/nash")
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOEXPERIMENT=simd,nogreenteagc")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build nash: %v\n%s", err, b)
	}
	return nil
}

// collector is a reference receiver on a unix socket that also keeps
// every byte its connections carried towards it (request lines, headers
// and bodies), so a test can prove something never left the shell.
type collector struct {
	*receiver.Receiver
	Sock string

	srv *http.Server
	mu  sync.Mutex
	raw bytes.Buffer
}

// startCollector listens on a new socket in a temporary directory; it is
// closed by the test's cleanup.
func startCollector(t *testing.T) *collector {
	t.Helper()
	dir := shortTemp(t)
	c := &collector{Receiver: receiver.New(token), Sock: filepath.Join(dir, "c.sock")}
	ln, err := net.Listen("unix", c.Sock)
	if err != nil {
		t.Fatal(err)
	}
	c.srv = &http.Server{Handler: c.Receiver}
	go c.srv.Serve(tapListener{ln, c})
	t.Cleanup(func() {
		c.Receiver.Close()
		c.srv.Close()
	})
	return c
}

// Raw returns a copy of every byte received so far.
func (c *collector) Raw() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bytes.Clone(c.raw.Bytes())
}

type tapListener struct {
	net.Listener
	c *collector
}

func (l tapListener) Accept() (net.Conn, error) {
	conn, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return tapConn{conn, l.c}, nil
}

type tapConn struct {
	net.Conn
	c *collector
}

func (c tapConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		c.c.mu.Lock()
		c.c.raw.Write(p[:n])
		c.c.mu.Unlock()
	}
	return n, err
}

// shortTemp returns a temporary directory with a path short enough for a
// unix socket (t.TempDir's can exceed 108 bytes).
func shortTemp(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "e2e")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
			if err == nil && fi.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
		os.RemoveAll(dir)
	})
	return dir
}

// observedEnv is the environment that turns observation on.
func observedEnv(sock, spool string) []string {
	return []string{
		"NUCLEIC_SESSION_ID=sess-e2e",
		"NUCLEIC_HOOK_TOKEN=" + token,
		"NUCLEIC_SHELL_SOCKET=" + sock,
		"NUCLEIC_SHELL_SPOOL=" + spool,
	}
}

// result is what one shell run did.
type result struct {
	Stdout, Stderr []byte
	Exit           int
	Wall           time.Duration
	MaxRSSKiB      int64
}

// runSpec says how to run a script.
type runSpec struct {
	Shell  string   // binary; the shim dir's sh and bash point at it too
	Script string   // run as SHELL -c SCRIPT
	Dir    string   // working directory (created if missing)
	Env    []string // added to the fixed base environment
	Stdin  io.Reader
	// Timeout kills the run's process group (default 2 minutes).
	Timeout time.Duration
}

// runShell runs spec with a fixed environment whose PATH starts with a
// directory where sh and bash are the shell under test, so nested shells
// are the same shell.
func runShell(t *testing.T, spec runSpec) result {
	t.Helper()
	if err := os.MkdirAll(spec.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	shim, err := os.MkdirTemp("", "shim")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(shim)
	for _, n := range []string{"sh", "bash"} {
		if err := os.Symlink(spec.Shell, filepath.Join(shim, n)); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(spec.Shell, "-c", spec.Script)
	cmd.Dir = spec.Dir
	cmd.Env = append([]string{
		"PATH=" + shim + ":/usr/local/bin:/usr/bin:/bin",
		"HOME=" + spec.Dir,
		"LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TZ=UTC", "TERM=dumb",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null",
	}, spec.Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr, cmd.Stdin = &stdout, &stderr, spec.Stdin
	// A process left behind holding stdout must not hang the test: the
	// run is its own process group, killed after the timeout, and output
	// copying stops shortly after the shell exits.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 5 * time.Second
	timeout := spec.Timeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("run %s: %v", spec.Shell, err)
	}
	pgid := cmd.Process.Pid
	timer := time.AfterFunc(timeout, func() { syscall.Kill(-pgid, syscall.SIGKILL) })
	err = cmd.Wait()
	timer.Stop()
	syscall.Kill(-pgid, syscall.SIGKILL) // stragglers of this run only
	r := result{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Wall: time.Since(start)}
	if cmd.ProcessState == nil {
		t.Fatalf("run %s: %v", spec.Shell, err)
	}
	r.Exit = cmd.ProcessState.ExitCode()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		r.Exit = 128 + int(ws.Signal())
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.MaxRSSKiB = ru.Maxrss
	}
	return r
}

// spooled reads every batch in the spool directory's files, file by file
// in name order.
func spooled(t *testing.T, dir string) []*wire.Batch {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	var out []*wire.Batch
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			b, err := receiver.Decode(sc.Bytes())
			if err != nil {
				t.Fatalf("spool %s: %v", f, err)
			}
			out = append(out, b)
		}
		fh.Close()
	}
	return out
}

// spoolBytes returns the concatenated contents of every file below dir.
func spoolBytes(dir string) []byte {
	var all []byte
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			b, _ := os.ReadFile(p)
			all = append(all, b...)
		}
		return nil
	})
	return all
}

// shellsOf groups the distinct events of the receiver's batches by shell
// and returns the parent of each shell.
func shellsOf(bs []wire.Batch) (parents map[string]*string, order []string) {
	parents = map[string]*string{}
	for _, b := range bs {
		if _, ok := parents[b.ShellID]; !ok {
			order = append(order, b.ShellID)
		}
		parents[b.ShellID] = b.ParentShell
	}
	return parents, order
}

// checkSeqs fails unless the events' seqs are 1, 2, 3... with gaps only
// where a buffer-full dropped event accounts for them.
func checkSeqs(t *testing.T, shell string, evs []wire.Event) {
	t.Helper()
	want := uint64(1)
	for _, e := range evs {
		if e.Seq != want {
			t.Errorf("shell %s: seq %d where %d was expected", shell, e.Seq, want)
			return
		}
		want++
		if e.Kind == wire.KindDropped && e.Reason == wire.ReasonBufferFull {
			want += uint64(e.Count)
		}
	}
}

// joinLines joins for a readable diff.
func joinLines(l []string) string { return strings.Join(l, "\n") }
