package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// shell is a binary commands run under in tests.
type shell struct{ name, path string }

// realNash is bin/nash of this repository, used when it has been built.
func realNash() string {
	p, _ := filepath.Abs("../bin/nash")
	if fi, err := os.Stat(p); err == nil && fi.Mode()&0o111 != 0 {
		return p
	}
	return ""
}

// shells lists bash, and nash when bin/nash exists. nash is not yet
// capable enough for every test, so tests opt in to it.
func shells(withNash bool) []shell {
	l := []shell{{"bash", "/usr/bin/bash"}}
	if p := realNash(); withNash && p != "" {
		l = append(l, shell{"nash", p})
	}
	return l
}

func newService(t testing.TB, opts ...Option) *Service {
	t.Helper()
	base := []Option{
		// A fresh HOME keeps login shells away from the user's dotfiles:
		// they are slow (pyenv init) and a shell killed mid-startup can
		// leave their locks behind.
		WithBaseEnv(append(os.Environ(), "HOME="+t.TempDir())),
		WithStateDir(t.TempDir()),
		WithNashPath("/usr/bin/bash"),
		WithGrace(300 * time.Millisecond),
		WithDefaultCwd(t.TempDir()),
	}
	s, err := New(append(base, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func run(t testing.TB, s *Service, req Request) *Receipt {
	t.Helper()
	st, err := s.Start(req)
	if err != nil {
		t.Fatalf("start %q: %v", req.Cmd, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	r, err := s.Wait(ctx, st.ID)
	if err != nil {
		t.Fatalf("wait %q: %v", req.Cmd, err)
	}
	return r
}

// readAll reads a whole stream through ReadOutput in bounded chunks.
func readAll(t testing.TB, s *Service, id, stream string) []byte {
	t.Helper()
	var out []byte
	for {
		b, size, eof, err := s.ReadOutput(context.Background(), id, stream, int64(len(out)), 0, time.Second)
		if err != nil {
			t.Fatalf("read %s: %v", stream, err)
		}
		out = append(out, b...)
		if eof && int64(len(out)) == size {
			return out
		}
	}
}

// waitOutput polls stream until it contains want.
func waitOutput(t testing.TB, s *Service, id, stream, want string) string {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	var got []byte
	for time.Now().Before(deadline) {
		b, _, eof, err := s.ReadOutput(context.Background(), id, stream, int64(len(got)), 0, 200*time.Millisecond)
		if err != nil {
			t.Fatalf("read %s: %v", stream, err)
		}
		got = append(got, b...)
		if bytes.Contains(got, []byte(want)) {
			return string(got)
		}
		if eof && len(b) == 0 {
			break
		}
	}
	t.Fatalf("%s never contained %q; got %q", stream, want, got)
	return ""
}

// markedProcs lists live processes whose environment holds
// NUCLEIC_CALL_ID=id.
func markedProcs(id string) []int {
	var out []int
	m := []byte("NUCLEIC_CALL_ID=" + id)
	for _, pid := range allPids() {
		if p, err := readStat(pid); err == nil && p.state != 'Z' && hasMarker(pid, m) {
			out = append(out, pid)
		}
	}
	return out
}

// zombieChildren lists zombie children of the test process.
func zombieChildren() []int {
	var out []int
	for _, pid := range ownChildren() {
		if p, err := readStat(pid); err == nil && p.state == 'Z' {
			out = append(out, pid)
		}
	}
	return out
}

func fdCount(t testing.TB) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(ents)
}

func fdList() string {
	ents, _ := os.ReadDir("/proc/self/fd")
	var l []string
	for _, e := range ents {
		t, _ := os.Readlink("/proc/self/fd/" + e.Name())
		l = append(l, e.Name()+"->"+t)
	}
	return strings.Join(l, " ")
}

// settle waits until f returns true or 5 s passed.
func settle(f func() bool) bool {
	for i := 0; i < 100; i++ {
		if f() {
			return true
		}
		runtime.GC()
		time.Sleep(50 * time.Millisecond)
	}
	return f()
}

func itoa(n int) string { return strconv.Itoa(n) }
