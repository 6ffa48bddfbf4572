package store

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"lukechampine.com/blake3"
	"nash/transport/wire"
)

// Event is one stored event: its place in the store and in its session's
// chain, the indexed columns, and the canonical body.
type Event struct {
	ID        int64  `json:"id"`
	SessionID string `json:"sessionId"`
	ShellID   string `json:"shellId"`
	Seq       uint64 `json:"seq"`
	Chain     int64  `json:"chain"`
	Kind      string `json:"kind"`
	TS        int64  `json:"ts"`
	ExitCode  *int   `json:"exitCode,omitempty"`
	Hash      string `json:"hash"`
	// Body is the canonical event JSON (see Canonical).
	Body []byte `json:"-"`
}

// AppendResult says what happened to one batch.
type AppendResult struct {
	Stored     int // events newly stored
	Duplicates int // events already stored (same shell and seq) or evicted
}

// ConflictError reports a batch that is well-formed but contradicts what the
// store already holds, such as a shell id reused in another session.
type ConflictError struct{ Reason string }

func (e *ConflictError) Error() string { return e.Reason }

type writeReq struct {
	b *wire.Batch
	// bodies and texts are the canonical JSON and search text of b.Events,
	// computed by the caller so that the single writer only hashes and
	// inserts.
	bodies [][]byte
	texts  []string
	res    chan writeRes
	// session creation requests (from "nashd session new") carry these
	// instead of a batch.
	newSession *Session
}

type writeRes struct {
	r   AppendResult
	err error
}

type sessState struct {
	cseq    int64
	head    []byte
	events  int64
	failing int64
	lastMs  int64
}

type shellState struct {
	session string
	maxSeq  uint64
	floor   uint64
	events  int64
	lastMs  int64
}

type writerState struct {
	sessions map[string]*sessState
	shells   map[string]*shellState

	insEvent, insSession, selSession, updSession, insShell, selShell, updShell *sql.Stmt

	lastBudgetCheck time.Time
	hashBuf         []byte
}

// hash is ChainHash with a reusable input buffer; it returns a new slice.
func (ws *writerState) hash(prev, body []byte) []byte {
	if prev == nil {
		var zero [HashSize]byte
		prev = zero[:]
	}
	ws.hashBuf = append(append(ws.hashBuf[:0], prev...), body...)
	h := blake3.Sum256(ws.hashBuf)
	if cap(ws.hashBuf) > 1<<20 {
		ws.hashBuf = nil
	}
	return h[:]
}

// maxCached bounds the writer's session and shell caches; they are
// dropped and reloaded from the database when they grow past it.
const maxCached = 100_000

func newWriterState(ctx context.Context, s *Store) (*writerState, error) {
	ws := &writerState{sessions: map[string]*sessState{}, shells: map[string]*shellState{}}
	prep := []struct {
		dst **sql.Stmt
		sql string
	}{
		{&ws.insEvent, `INSERT OR IGNORE INTO events(session_id, shell_id, seq, cseq, kind, ts, exit_code, text, body, hash) VALUES (?,?,?,?,?,?,?,?,?,?)`},
		{&ws.insSession, `INSERT INTO sessions(id, created_ms, last_ms) VALUES (?,?,?) ON CONFLICT(id) DO NOTHING`},
		{&ws.selSession, `SELECT head_cseq, head_hash, events, failing, last_ms FROM sessions WHERE id = ?`},
		{&ws.updSession, `UPDATE sessions SET head_cseq = ?, head_hash = ?, events = ?, failing = ?, last_ms = ? WHERE id = ?`},
		{&ws.insShell, `INSERT INTO shells(id, session_id, parent_id, call_id, source, first_ms, last_ms) VALUES (?,?,?,?,?,?,?) ON CONFLICT(id) DO NOTHING`},
		{&ws.selShell, `SELECT session_id, max_seq, floor_seq, events, last_ms FROM shells WHERE id = ?`},
		{&ws.updShell, `UPDATE shells SET max_seq = ?, events = ?, last_ms = ? WHERE id = ?`},
	}
	for _, p := range prep {
		st, err := s.w.PrepareContext(ctx, p.sql)
		if err != nil {
			ws.closeStmts()
			return nil, fmt.Errorf("prepare %q: %w", p.sql, err)
		}
		*p.dst = st
	}
	return ws, nil
}

func (ws *writerState) closeStmts() {
	for _, st := range []*sql.Stmt{ws.insEvent, ws.insSession, ws.selSession, ws.updSession, ws.insShell, ws.selShell, ws.updShell} {
		if st != nil {
			st.Close()
		}
	}
}

// Append stores a validated batch and returns once it is committed. Events
// whose (shell, seq) is already stored are counted as duplicates and left
// alone, so resending a batch is harmless.
func (s *Store) Append(ctx context.Context, b *wire.Batch) (AppendResult, error) {
	req := &writeReq{b: b, bodies: make([][]byte, len(b.Events)), texts: make([]string, len(b.Events))}
	for i := range b.Events {
		body, err := Canonical(b.ShellID, &b.Events[i])
		if err != nil {
			return AppendResult{}, err
		}
		req.bodies[i], req.texts[i] = body, searchText(&b.Events[i])
	}
	r, err := s.submit(ctx, req)
	return r.r, err
}

func (s *Store) submit(ctx context.Context, req *writeReq) (writeRes, error) {
	if s.w == nil {
		return writeRes{}, fmt.Errorf("store opened read-only")
	}
	req.res = make(chan writeRes, 1)
	select {
	case s.reqs <- req:
	case <-s.quit:
		return writeRes{}, ErrClosed
	case <-ctx.Done():
		return writeRes{}, ctx.Err()
	}
	// Once queued the write happens; wait for it even if ctx ends, so the
	// caller never reports failure for a batch that was stored. If Close
	// raced with the send and the writer is gone, the request was either
	// answered (the answer is buffered) or never seen.
	select {
	case res := <-req.res:
		return res, res.err
	case <-s.done:
		select {
		case res := <-req.res:
			return res, res.err
		default:
			return writeRes{}, ErrClosed
		}
	}
}

func (s *Store) writer() {
	defer close(s.done)
	var group []*writeReq
	for {
		var first *writeReq
		select {
		case first = <-s.reqs:
		case <-s.quit:
			// Drain what is already queued, then stop.
			for {
				select {
				case r := <-s.reqs:
					s.commitGroup([]*writeReq{r})
				default:
					return
				}
			}
		}
		group = append(group[:0], first)
		n := first.size()
	gather:
		for n < s.opts.GroupEvents {
			select {
			case r := <-s.reqs:
				group = append(group, r)
				n += r.size()
			default:
				break gather
			}
		}
		s.commitGroup(group)
		s.maybeEnforceBudget()
	}
}

func (r *writeReq) size() int {
	if r.b == nil {
		return 1
	}
	return len(r.b.Events) + 1
}

// txState holds the working copies of cached state touched by one
// transaction; they replace the cache entries only after commit.
type txState struct {
	sessions map[string]*sessState
	shells   map[string]*shellState
	stored   []Event
}

func (s *Store) commitGroup(group []*writeReq) {
	results, stored, err := s.tryGroup(group)
	if err != nil && len(group) > 1 {
		// Isolate the failing batch: commit each on its own.
		for _, r := range group {
			s.commitGroup([]*writeReq{r})
		}
		return
	}
	if err != nil {
		group[0].res <- writeRes{err: err}
		return
	}
	if s.opts.OnCommit != nil && len(stored) > 0 {
		s.opts.OnCommit(stored)
	}
	for i, r := range group {
		r.res <- results[i]
	}
}

func (s *Store) tryGroup(group []*writeReq) ([]writeRes, []Event, error) {
	ws := s.wst
	ctx := context.Background()
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("begin: %w", err)
	}
	ts := &txState{sessions: map[string]*sessState{}, shells: map[string]*shellState{}}
	results := make([]writeRes, len(group))
	for i, r := range group {
		var err error
		if r.newSession != nil {
			err = s.txCreateSession(ctx, tx, r.newSession)
		} else {
			results[i].r, err = s.txBatch(ctx, tx, ts, r)
		}
		var ce *ConflictError
		if errors.As(err, &ce) {
			results[i].err = err
			continue
		}
		if err != nil {
			tx.Rollback()
			return nil, nil, err
		}
	}
	if err := s.txSessionCap(ctx, tx, ts); err != nil {
		tx.Rollback()
		return nil, nil, err
	}
	upSess, upShell := tx.Stmt(ws.updSession), tx.Stmt(ws.updShell)
	for id, st := range ts.sessions {
		if _, err := upSess.ExecContext(ctx, st.cseq, st.head, st.events, st.failing, st.lastMs, id); err != nil {
			tx.Rollback()
			return nil, nil, fmt.Errorf("update session %s: %w", id, err)
		}
	}
	for id, st := range ts.shells {
		if _, err := upShell.ExecContext(ctx, st.maxSeq, st.events, st.lastMs, id); err != nil {
			tx.Rollback()
			return nil, nil, fmt.Errorf("update shell %s: %w", id, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return nil, nil, fmt.Errorf("commit: %w", err)
	}
	if len(ws.sessions) > maxCached || len(ws.shells) > maxCached {
		ws.sessions, ws.shells = map[string]*sessState{}, map[string]*shellState{}
	}
	for id, st := range ts.sessions {
		ws.sessions[id] = st
	}
	for id, st := range ts.shells {
		ws.shells[id] = st
	}
	return results, ts.stored, nil
}

func (s *Store) txSession(ctx context.Context, tx *sql.Tx, ts *txState, id string) (*sessState, error) {
	if st, ok := ts.sessions[id]; ok {
		return st, nil
	}
	if st, ok := s.wst.sessions[id]; ok {
		cp := *st
		ts.sessions[id] = &cp
		return &cp, nil
	}
	now := nowMs()
	if _, err := tx.Stmt(s.wst.insSession).ExecContext(ctx, id, now, now); err != nil {
		return nil, fmt.Errorf("insert session %s: %w", id, err)
	}
	st := &sessState{}
	if err := tx.Stmt(s.wst.selSession).QueryRowContext(ctx, id).Scan(&st.cseq, &st.head, &st.events, &st.failing, &st.lastMs); err != nil {
		return nil, fmt.Errorf("load session %s: %w", id, err)
	}
	ts.sessions[id] = st
	return st, nil
}

func (s *Store) txShell(ctx context.Context, tx *sql.Tx, ts *txState, b *wire.Batch) (*shellState, error) {
	id := b.ShellID
	st, ok := ts.shells[id]
	if !ok {
		if c, ok := s.wst.shells[id]; ok {
			cp := *c
			st = &cp
		} else {
			now := nowMs()
			var parent any
			if b.ParentShell != nil {
				parent = *b.ParentShell
			}
			if _, err := tx.Stmt(s.wst.insShell).ExecContext(ctx, id, b.SessionID, parent, b.CallID, b.Source, now, now); err != nil {
				return nil, fmt.Errorf("insert shell %s: %w", id, err)
			}
			st = &shellState{}
			if err := tx.Stmt(s.wst.selShell).QueryRowContext(ctx, id).Scan(&st.session, &st.maxSeq, &st.floor, &st.events, &st.lastMs); err != nil {
				return nil, fmt.Errorf("load shell %s: %w", id, err)
			}
		}
		ts.shells[id] = st
	}
	if st.session != b.SessionID {
		return nil, &ConflictError{Reason: fmt.Sprintf("shell %s belongs to another session", id)}
	}
	return st, nil
}

func (s *Store) txBatch(ctx context.Context, tx *sql.Tx, ts *txState, req *writeReq) (AppendResult, error) {
	var res AppendResult
	b := req.b
	sh, err := s.txShell(ctx, tx, ts, b)
	if err != nil {
		return res, err
	}
	se, err := s.txSession(ctx, tx, ts, b.SessionID)
	if err != nil {
		return res, err
	}
	ins := tx.Stmt(s.wst.insEvent)
	now := nowMs()
	for i := range b.Events {
		ev := &b.Events[i]
		if ev.Seq <= sh.floor {
			res.Duplicates++
			continue
		}
		body := req.bodies[i]
		h := s.wst.hash(se.head, body)
		var exit any
		if ev.ExitCode != nil {
			exit = *ev.ExitCode
		}
		cseq := se.cseq + 1
		r, err := ins.ExecContext(ctx, b.SessionID, b.ShellID, ev.Seq, cseq, ev.Kind, ev.TS, exit, req.texts[i], body, h)
		if err != nil {
			return res, fmt.Errorf("insert event %s/%d: %w", b.ShellID, ev.Seq, err)
		}
		if n, _ := r.RowsAffected(); n == 0 {
			res.Duplicates++
			continue
		}
		id, _ := r.LastInsertId()
		se.cseq, se.head = cseq, h
		se.events++
		if ev.ExitCode != nil && *ev.ExitCode != 0 {
			se.failing++
		}
		sh.events++
		if ev.Seq > sh.maxSeq {
			sh.maxSeq = ev.Seq
		}
		res.Stored++
		if s.opts.OnCommit != nil {
			ts.stored = append(ts.stored, Event{
				ID: id, SessionID: b.SessionID, ShellID: b.ShellID, Seq: ev.Seq, Chain: cseq,
				Kind: ev.Kind, TS: ev.TS, ExitCode: ev.ExitCode, Body: body,
			})
		}
	}
	se.lastMs, sh.lastMs = now, now
	return res, nil
}

// searchText gathers the words of an event that the text filter matches:
// argv, paths, names, messages and the head of a textual preview.
func searchText(ev *wire.Event) string {
	const maxText = 4096
	var sb strings.Builder
	add := func(s string) {
		if s == "" || sb.Len() >= maxText {
			return
		}
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(s)
	}
	for _, a := range ev.Argv {
		add(a)
	}
	add(ev.ResolvedPath)
	if ev.Target != nil {
		add(ev.Target.Path)
	}
	add(ev.From)
	add(ev.To)
	for _, n := range ev.Names {
		add(n)
	}
	add(ev.Reason)
	add(ev.Input)
	add(ev.Rule)
	add(ev.Message)
	if ev.PreviewB64 != "" && (ev.Binary == nil || !*ev.Binary) {
		head := ev.PreviewB64
		if len(head) > 2048 {
			head = head[:2048]
		}
		if p, err := base64.StdEncoding.DecodeString(head); err == nil && utf8.Valid(p) {
			add(string(p))
		}
	}
	t := sb.String()
	if len(t) > maxText {
		t = t[:maxText]
		for !utf8.ValidString(t) {
			t = t[:len(t)-1]
		}
	}
	return t
}
