package observe

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
	"time"

	"nash/interp"
	"nash/transport/receiver"
	"nash/transport/wire"
)

// e2eEnv starts a reference receiver on a unix socket and returns the
// environment a nash would see.
func e2eEnv(t *testing.T, token string) (*receiver.Receiver, []string, string) {
	t.Helper()
	dir, err := os.MkdirTemp("", "ob")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	r := receiver.New("tok")
	s, err := receiver.ListenUnix(filepath.Join(dir, "c.sock"), r)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); s.Close() })
	spool := filepath.Join(dir, "spool")
	env := []string{
		"NUCLEIC_SESSION_ID=s-1", "NUCLEIC_HOOK_TOKEN=" + token, "NUCLEIC_CALL_ID=call-1",
		"NUCLEIC_SHELL_SOCKET=" + s.Path, "NUCLEIC_SHELL_SPOOL=" + spool,
	}
	return r, env, spool
}

func TestEndToEnd(t *testing.T) {
	r, env, _ := e2eEnv(t, "tok")
	o := FromEnv(env)
	for i := 0; i < 450; i++ {
		runCmd(o, "make", "all")
	}
	start := time.Now()
	o.Close()
	if d := time.Since(start); d > CloseTimeout+time.Second {
		t.Fatalf("Close took %v", d)
	}
	evs := r.Events(o.ShellID())
	if len(evs) != 450 {
		t.Fatalf("collector got %d events, want 450", len(evs))
	}
	checkSeqs(t, evs)
	for _, b := range r.Batches() {
		if b.CallID != "call-1" || b.ParentShell != nil {
			t.Fatalf("batch header %+v", b)
		}
	}
}

func TestFallbackDeliveredBeforeExec(t *testing.T) {
	r, env, _ := e2eEnv(t, "tok")
	o := FromEnv(env)
	o.Fallback(wire.ReasonParseError, "if then fi")
	// No Close: the process would exec bash now.
	evs := r.Events(o.ShellID())
	if len(evs) != 1 || evs[0].Kind != "fallback" || evs[0].Input != "if then fi" {
		t.Fatalf("events %+v", evs)
	}
}

func TestUnauthorizedEndsInSpool(t *testing.T) {
	r, env, spool := e2eEnv(t, "wrong-token")
	o := FromEnv(env, WithFlushEvents(10))
	for i := 0; i < 35; i++ {
		o.State(ctx, &interp.StateInfo{Op: "cd", From: "/", To: "/x"})
	}
	o.Close()
	if n := len(r.Events(o.ShellID())); n != 0 {
		t.Fatalf("collector stored %d events with a bad token", n)
	}
	var evs []wire.Event
	files, _ := filepath.Glob(filepath.Join(spool, "spool-*.jsonl"))
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 2<<20)
		for sc.Scan() {
			b, err := receiver.Decode(sc.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			evs = append(evs, b.Events...)
		}
		fh.Close()
	}
	if len(evs) != 35 {
		t.Fatalf("spool holds %d events, want 35", len(evs))
	}
}

// TestHangingCollectorNeverBlocksCommands: with a collector that never
// answers, hooks stay fast, Close stays within its bound and every event
// ends up in the spool.
func TestHangingCollectorNeverBlocksCommands(t *testing.T) {
	r, env, spool := e2eEnv(t, "tok")
	r.SetFault(receiver.FaultHang)
	o := FromEnv(env)
	var worst time.Duration
	for i := 0; i < 1000; i++ {
		s := time.Now()
		runCmd(o, "cc", "-c", "x.c")
		worst = max(worst, time.Since(s))
	}
	if worst > 100*time.Millisecond {
		t.Fatalf("a command waited %v for observation", worst)
	}
	s := time.Now()
	o.Close()
	if d := time.Since(s); d > CloseTimeout+700*time.Millisecond {
		t.Fatalf("Close took %v", d)
	}
	n := 0
	files, _ := filepath.Glob(filepath.Join(spool, "spool-*.jsonl"))
	for _, f := range files {
		fh, _ := os.Open(f)
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 2<<20)
		for sc.Scan() {
			b, err := receiver.Decode(sc.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			n += len(b.Events)
		}
		fh.Close()
	}
	if n != 1000 {
		t.Fatalf("spooled %d events, want 1000", n)
	}
}
