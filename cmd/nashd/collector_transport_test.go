package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"nash/collector/store"
	"nash/transport"
	"nash/transport/wire"
)

// TestTransportClientContract sends through the shell's real transport
// client: shapes the observer emits are accepted (none rejected), batches
// spooled while the collector is down are drained after it returns, and a
// batch delivered twice is stored once.
func TestTransportClientContract(t *testing.T) {
	state := t.TempDir()
	sock := filepath.Join(t.TempDir(), "c.sock")
	spool := t.TempDir()
	srv := startCollector(t, state, sock)
	out, _ := runNashd(t, "session", "new", "--state", state)
	env := parseEvalLines(t, out)
	sid, tok := env["NUCLEIC_SESSION_ID"], env["NUCLEIC_HOOK_TOKEN"]
	client := func() *transport.Client {
		return transport.New(transport.Config{Socket: sock, Token: tok, SpoolDir: spool, SpoolName: "shell-x", Timeout: 2 * time.Second, Backoff: 10 * time.Millisecond})
	}
	now := time.Now().UnixMilli()
	fd := 1
	one := int64(1)
	a := &wire.Batch{Type: wire.BatchType, Source: wire.SourceNash, SessionID: sid, ShellID: "shell-x", Events: []wire.Event{
		{Kind: wire.KindRedirect, Seq: 1, TS: now, CmdSeq: 3, Op: ">&-"},                                           // fd close: no target
		{Kind: wire.KindRedirect, Seq: 2, TS: now, CmdSeq: 3, Op: "2>&1", Target: &wire.Target{FD: &fd}},           // dup
		{Kind: wire.KindExec, Seq: 3, TS: now, Argv: []string{"true"}, Nesting: &wire.Nesting{Kind: "top"}},        // no result yet
		{Kind: wire.KindExport, Seq: 4, TS: now, Op: "export"},                                                     // export -p
		{Kind: wire.KindDropped, Seq: 5, TS: now, Count: 1, Reason: wire.ReasonInternalError},                      // hook failure
		{Kind: wire.KindCmdSub, Seq: 6, TS: now, CmdSeq: 3, Bytes: &one, PreviewB64: "eA==", Truncated: new(bool)}, // $(...)
	}}
	c1 := client()
	c1.Send(a)
	c1.Close(5 * time.Second)
	if st := c1.Stats(); st.Sent != 1 || st.Rejected != 0 || st.Spooled != 0 {
		t.Fatalf("first client stats %+v", st)
	}

	srv.stop() // collector down: the next batches go to the spool
	b := execBatch(sid, "shell-x", 7, 3)
	c2 := client()
	c2.Send(b)
	c2.Spool(a) // the same batch again, to be drained as a duplicate
	c2.Close(5 * time.Second)
	if st := c2.Stats(); st.Spooled == 0 {
		t.Fatalf("nothing spooled while the collector was down: %+v", st)
	}

	startCollector(t, state, sock)
	c3 := client()
	c3.Send(execBatch(sid, "shell-x", 10, 3))
	defer c3.Close(5 * time.Second)
	st, err := store.Open(filepath.Join(state, store.DBFile), store.Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	deadline := time.Now().Add(15 * time.Second)
	for {
		counts, err := st.CountAndLastSeqByShell(context.Background(), sid)
		if err != nil {
			t.Fatal(err)
		}
		n := counts["shell-x"].Events
		if n == 12 {
			break
		}
		if n > 12 || time.Now().After(deadline) {
			t.Fatalf("stored %d events, want 12 (client stats %+v)", n, c3.Stats())
		}
		c3.Flush(time.Second)
		time.Sleep(100 * time.Millisecond)
	}
	if st := c3.Stats(); st.Rejected != 0 {
		t.Fatalf("collector rejected batches: %+v", st)
	}
	if v, code := runNashd(t, "verify", "--state", state, "--session", sid); code != 0 {
		t.Fatalf("verify: %s", v)
	}
}
