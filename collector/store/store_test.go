package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"nash/transport/wire"
)

func openTest(t *testing.T, opts Options) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), DBFile), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func intp(i int) *int { return &i }

// batch builds a batch of n exec events for shell starting at seq from.
func batch(session, shell string, parent *string, from uint64, n int) *wire.Batch {
	b := &wire.Batch{Type: wire.BatchType, Source: "nash", SessionID: session, ShellID: shell, ParentShell: parent}
	for i := range n {
		seq := from + uint64(i)
		b.Events = append(b.Events, wire.Event{Kind: wire.KindExec, Seq: seq, TS: 1_700_000_000_000 + int64(seq),
			Argv: []string{"echo", fmt.Sprint(seq)}, ExitCode: intp(int(seq % 3))})
	}
	return b
}

func TestAppendIdempotentAndVerifies(t *testing.T) {
	s := openTest(t, Options{})
	ctx := context.Background()
	r, err := s.Append(ctx, batch("s1", "sh1", nil, 1, 10))
	if err != nil || r.Stored != 10 || r.Duplicates != 0 {
		t.Fatalf("first append: %+v %v", r, err)
	}
	// Overlapping resend: 5 old, 5 new.
	r, err = s.Append(ctx, batch("s1", "sh1", nil, 6, 10))
	if err != nil || r.Stored != 5 || r.Duplicates != 5 {
		t.Fatalf("overlapping append: %+v %v", r, err)
	}
	counts, err := s.CountAndLastSeqByShell(ctx, "s1")
	if err != nil || counts["sh1"].Events != 15 {
		t.Fatalf("count = %v %v", counts, err)
	}
	v, err := s.Verify(ctx, "s1")
	if err != nil || !v.OK || v.Events != 15 {
		t.Fatalf("verify: %+v %v", v, err)
	}
	if _, err := s.Verify(ctx, "nope"); err == nil {
		t.Fatal("verify of unknown session succeeded")
	}
}

func TestShellInOtherSessionConflicts(t *testing.T) {
	s := openTest(t, Options{})
	ctx := context.Background()
	if _, err := s.Append(ctx, batch("s1", "sh1", nil, 1, 1)); err != nil {
		t.Fatal(err)
	}
	_, err := s.Append(ctx, batch("s2", "sh1", nil, 2, 1))
	if _, ok := err.(*ConflictError); !ok {
		t.Fatalf("err = %v, want ConflictError", err)
	}
}

func TestConcurrentAppendsGroupCorrectly(t *testing.T) {
	s := openTest(t, Options{GroupEvents: 500})
	ctx := context.Background()
	var wg sync.WaitGroup
	for sh := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for b := range 20 {
				if _, err := s.Append(ctx, batch("s1", fmt.Sprint("sh", sh), nil, uint64(b*25+1), 25)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	counts, _ := s.CountAndLastSeqByShell(ctx, "s1")
	for sh := range 8 {
		if n := counts[fmt.Sprint("sh", sh)].Events; n != 500 {
			t.Errorf("shell %d: %d events, want 500", sh, n)
		}
	}
	if v, err := s.Verify(ctx, "s1"); err != nil || !v.OK {
		t.Fatalf("verify: %+v %v", v, err)
	}
}

func TestTamperDetected(t *testing.T) {
	tests := []struct {
		name    string
		sql     string
		wantSeq uint64
		reason  string
	}{
		{"body edited", `UPDATE events SET body = replace(body, '"echo","7"', '"echo","8"') WHERE seq = 7`, 7, "hash mismatch"},
		{"exit column edited", `UPDATE events SET exit_code = 0 WHERE seq = 5`, 5, "exit code column"},
		{"hash recomputed by hand", `UPDATE events SET hash = zeroblob(32) WHERE seq = 4`, 4, "hash mismatch"},
		{"row deleted", `DELETE FROM events WHERE seq = 9`, 10, "missing"},
		{"tail deleted", `DELETE FROM events WHERE seq = 12`, 0, "head"},
		{"anchor edited", `UPDATE sessions SET anchor_cseq = 1, anchor_hash = zeroblob(32)`, 2, "hash mismatch"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), DBFile)
			s, err := Open(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if _, err := s.Append(ctx, batch("s1", "sh1", nil, 1, 12)); err != nil {
				t.Fatal(err)
			}
			s.Close()
			if tc.name == "anchor edited" {
				// an anchor only makes sense with row 1 gone
				tc.sql = `DELETE FROM events WHERE seq = 1; ` + tc.sql
			}
			db, err := sql.Open("sqlite3", path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.Exec(tc.sql); err != nil {
				t.Fatal(err)
			}
			db.Close()
			ro, err := Open(path, Options{ReadOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			defer ro.Close()
			v, err := ro.Verify(ctx, "s1")
			if err != nil {
				t.Fatal(err)
			}
			if v.OK || v.Break == nil {
				t.Fatalf("tampering not detected: %+v", v)
			}
			if v.Break.Seq != tc.wantSeq || !strings.Contains(v.Break.Reason, tc.reason) {
				t.Fatalf("break = %v, want seq %d reason %q", v.Break, tc.wantSeq, tc.reason)
			}
		})
	}
}

func TestSessionCapKeepsAnchor(t *testing.T) {
	s := openTest(t, Options{SessionCap: 30})
	ctx := context.Background()
	for b := range 5 {
		if _, err := s.Append(ctx, batch("s1", "sh1", nil, uint64(b*20+1), 20)); err != nil {
			t.Fatal(err)
		}
	}
	counts, _ := s.CountAndLastSeqByShell(ctx, "s1")
	if counts["sh1"].Events != 30 {
		t.Fatalf("kept %d events, want 30", counts["sh1"].Events)
	}
	v, err := s.Verify(ctx, "s1")
	if err != nil || !v.OK || v.AnchorChain != 70 || v.Events != 30 {
		t.Fatalf("verify after eviction: %+v %v", v, err)
	}
	// Resending evicted events does not store them again.
	r, err := s.Append(ctx, batch("s1", "sh1", nil, 1, 20))
	if err != nil || r.Stored != 0 || r.Duplicates != 20 {
		t.Fatalf("resend of evicted: %+v %v", r, err)
	}
	if v, _ := s.Verify(ctx, "s1"); !v.OK {
		t.Fatalf("verify after resend: %+v", v)
	}
}

func TestBudgetEvictsOldestFirst(t *testing.T) {
	s := openTest(t, Options{BudgetBytes: 256 << 10})
	ctx := context.Background()
	for b := range 40 {
		bt := batch(fmt.Sprint("s", b%2), fmt.Sprint("sh", b%2), nil, uint64(b/2*100+1), 100)
		for i := range bt.Events {
			bt.Events[i].Argv = append(bt.Events[i].Argv, strings.Repeat("x", 200))
		}
		if _, err := s.Append(ctx, bt); err != nil {
			t.Fatal(err)
		}
	}
	// Run the check deterministically on the writer's behalf: no writes in flight.
	if err := s.enforceBudget(ctx); err != nil {
		t.Fatal(err)
	}
	used, _ := s.UsedBytes(ctx)
	if used > 256<<10 {
		t.Fatalf("used %d bytes, budget %d", used, 256<<10)
	}
	for _, sess := range []string{"s0", "s1"} {
		v, err := s.Verify(ctx, sess)
		if err != nil || !v.OK || v.AnchorChain == 0 {
			t.Fatalf("%s after budget eviction: %+v %v", sess, v, err)
		}
	}
	evs, _ := s.Events(ctx, Filter{Limit: 1})
	if len(evs) == 0 || evs[0].Seq == 1 {
		t.Fatalf("oldest events survived: %+v", evs)
	}
}

func TestQueries(t *testing.T) {
	s := openTest(t, Options{})
	ctx := context.Background()
	root := "root"
	s.Append(ctx, batch("s1", "root", nil, 1, 3))
	s.Append(ctx, batch("s1", "child", &root, 1, 3))
	child := "child"
	s.Append(ctx, batch("s1", "grandchild", &child, 1, 2))
	cd := &wire.Batch{Type: wire.BatchType, SessionID: "s1", ShellID: "root", Events: []wire.Event{{Kind: wire.KindCd, Seq: 4, TS: 1, From: "/", To: "/tmp/100%_done"}}}
	s.Append(ctx, cd)

	tree, err := s.ShellTree(ctx, "s1")
	if err != nil || len(tree) != 1 || tree[0].ID != "root" || len(tree[0].Children) != 1 || tree[0].Children[0].Children[0].ID != "grandchild" {
		t.Fatalf("tree = %+v %v", tree, err)
	}
	tests := []struct {
		name string
		f    Filter
		want int
	}{
		{"all", Filter{Session: "s1"}, 9},
		{"kind", Filter{Session: "s1", Kinds: []string{"cd"}}, 1},
		{"shell", Filter{Shell: "child"}, 3},
		{"failing", Filter{Session: "s1", Failing: true}, 6}, // exit = seq%3: two per shell
		{"text", Filter{Text: "100%_"}, 1},
		{"text no wildcard", Filter{Text: "100x"}, 0},
		{"after seq", Filter{Shell: "root", AfterSeq: 2}, 2},
		{"limit", Filter{Limit: 2}, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			evs, err := s.Events(ctx, tc.f)
			if err != nil {
				t.Fatal(err)
			}
			if len(evs) != tc.want {
				t.Fatalf("got %d events, want %d", len(evs), tc.want)
			}
		})
	}
	sessions, err := s.Sessions(ctx)
	if err != nil || len(sessions) != 1 || sessions[0].Events != 9 || sessions[0].Shells != 3 {
		t.Fatalf("sessions = %+v %v", sessions, err)
	}
	st, err := s.Stats(ctx)
	if err != nil || st.Events != 9 || st.ByKind["cd"] != 1 {
		t.Fatalf("stats = %+v %v", st, err)
	}
}

func TestMigrationVersion(t *testing.T) {
	s := openTest(t, Options{})
	var v int
	if err := s.r.QueryRow("PRAGMA user_version").Scan(&v); err != nil || v != SchemaVersion {
		t.Fatalf("user_version = %d %v, want %d", v, err, SchemaVersion)
	}
	var mode string
	if err := s.r.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q %v", mode, err)
	}
}

// TestVerifyWhileWriting verifies a session repeatedly while batches keep
// arriving: a live chain must never look broken.
func TestVerifyWhileWriting(t *testing.T) {
	s := openTest(t, Options{})
	ctx := context.Background()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for b := range 100 {
			if _, err := s.Append(ctx, batch("s1", fmt.Sprint("sh", b%4), nil, uint64(b/4*20+1), 20)); err != nil {
				t.Error(err)
				return
			}
		}
	}()
	checks := 0
	for {
		select {
		case <-done:
			if checks == 0 {
				t.Log("writer finished before any concurrent verify")
			}
			return
		default:
		}
		v, err := s.Verify(ctx, "s1")
		if err == nil && !v.OK {
			t.Fatalf("live chain reported broken: %v", v.Break)
		}
		checks++
	}
}

// TestMigrateFromVersion1 opens a database left at schema version 1 with
// data in it and checks that migration 2 fills the failing counters.
func TestMigrateFromVersion1(t *testing.T) {
	path := filepath.Join(t.TempDir(), DBFile)
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{migrations[0], "PRAGMA user_version = 1",
		`INSERT INTO sessions(id, created_ms) VALUES ('old', 1)`,
		`INSERT INTO events(session_id, shell_id, seq, cseq, kind, ts, exit_code, body, hash) VALUES
			('old','sh',1,1,'exec',1,0,'{}',x''),('old','sh',2,2,'exec',1,3,'{}',x''),('old','sh',3,3,'exec',1,NULL,'{}',x'')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	s, err := Open(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var v int
	s.r.QueryRow("PRAGMA user_version").Scan(&v)
	ss, err := s.Sessions(context.Background())
	if err != nil || v != SchemaVersion || len(ss) != 1 || ss[0].Failing != 1 {
		t.Fatalf("after migration: version %d, sessions %+v, %v", v, ss, err)
	}
}

func TestFailingCountFollowsEviction(t *testing.T) {
	s := openTest(t, Options{SessionCap: 10})
	ctx := context.Background()
	for b := range 4 {
		s.Append(ctx, batch("s1", "sh", nil, uint64(b*6+1), 6)) // exit = seq % 3
	}
	ss, _ := s.Sessions(ctx)
	evs, _ := s.Events(ctx, Filter{Session: "s1", Failing: true})
	if len(ss) != 1 || ss[0].Failing != int64(len(evs)) || ss[0].Events != 10 {
		t.Fatalf("session %+v, %d failing rows stored", ss, len(evs))
	}
}
