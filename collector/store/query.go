package store

import (
	"context"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Session is one row of the sessions table with derived counts.
type Session struct {
	ID          string `json:"id"`
	Label       string `json:"label,omitempty"`
	CreatedMs   int64  `json:"createdMs"`
	ExpiresMs   int64  `json:"expiresMs,omitempty"`
	LastMs      int64  `json:"lastMs"`
	Events      int64  `json:"events"`
	Shells      int64  `json:"shells"`
	Failing     int64  `json:"failing"`
	HeadChain   int64  `json:"headChain"`
	AnchorChain int64  `json:"anchorChain"`
}

// CreateSession records a session issued by "nashd session new". Creating
// an existing session updates its label and expiry and nothing else.
func (s *Store) CreateSession(ctx context.Context, sess Session) error {
	if sess.CreatedMs == 0 {
		sess.CreatedMs = nowMs()
	}
	_, err := s.submit(ctx, &writeReq{newSession: &sess})
	return err
}

func (s *Store) txCreateSession(ctx context.Context, tx *sql.Tx, sess *Session) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO sessions(id, label, created_ms, expires_ms, last_ms) VALUES (?,?,?,?,?)
		ON CONFLICT(id) DO UPDATE SET label = excluded.label, expires_ms = excluded.expires_ms`,
		sess.ID, sess.Label, sess.CreatedMs, sess.ExpiresMs, sess.CreatedMs)
	if err != nil {
		return fmt.Errorf("create session %s: %w", sess.ID, err)
	}
	return nil
}

// Sessions lists sessions, most recently active first.
func (s *Store) Sessions(ctx context.Context) ([]Session, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT s.id, s.label, s.created_ms, s.expires_ms, s.last_ms, s.events, s.head_cseq, s.anchor_cseq,
		(SELECT COUNT(*) FROM shells h WHERE h.session_id = s.id), s.failing
		FROM sessions s ORDER BY s.last_ms DESC, s.id LIMIT 1000`)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	defer rows.Close()
	out := []Session{}
	for rows.Next() {
		var x Session
		if err := rows.Scan(&x.ID, &x.Label, &x.CreatedMs, &x.ExpiresMs, &x.LastMs, &x.Events, &x.HeadChain, &x.AnchorChain, &x.Shells, &x.Failing); err != nil {
			return nil, fmt.Errorf("list sessions: %w", err)
		}
		out = append(out, x)
	}
	return out, rows.Err()
}

// Shell is one shell process and, in a tree, the shells it started.
type Shell struct {
	ID        string   `json:"id"`
	SessionID string   `json:"sessionId"`
	ParentID  string   `json:"parentId,omitempty"`
	CallID    string   `json:"callId,omitempty"`
	Source    string   `json:"source,omitempty"`
	FirstMs   int64    `json:"firstMs"`
	LastMs    int64    `json:"lastMs"`
	MaxSeq    uint64   `json:"maxSeq"`
	Events    int64    `json:"events"`
	Children  []*Shell `json:"children,omitempty"`
}

// ShellTree returns the shells of session as a forest: roots are shells
// without a parent or whose parent is unknown to the session.
func (s *Store) ShellTree(ctx context.Context, session string) ([]*Shell, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, session_id, COALESCE(parent_id, ''), call_id, source, first_ms, last_ms, max_seq, events
		FROM shells WHERE session_id = ? ORDER BY first_ms, id LIMIT 100000`, session)
	if err != nil {
		return nil, fmt.Errorf("shells of %s: %w", session, err)
	}
	defer rows.Close()
	var all []*Shell
	byID := map[string]*Shell{}
	for rows.Next() {
		x := &Shell{}
		if err := rows.Scan(&x.ID, &x.SessionID, &x.ParentID, &x.CallID, &x.Source, &x.FirstMs, &x.LastMs, &x.MaxSeq, &x.Events); err != nil {
			return nil, fmt.Errorf("shells of %s: %w", session, err)
		}
		all = append(all, x)
		byID[x.ID] = x
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("shells of %s: %w", session, err)
	}
	roots := []*Shell{}
	for _, x := range all {
		if p, ok := byID[x.ParentID]; ok && p != x {
			p.Children = append(p.Children, x)
		} else {
			roots = append(roots, x)
		}
	}
	return roots, nil
}

// Filter selects events. Zero fields do not filter.
type Filter struct {
	Session  string
	Shell    string
	Kinds    []string
	Text     string // substring of argv, paths, names, messages or preview head
	Failing  bool   // exit code present and non-zero
	After    int64  // id greater than
	AfterSeq uint64 // seq greater than (meaningful with Shell)
	Before   int64  // id less than (paging backwards with Desc)
	Limit    int    // default 200, at most MaxLimit
	Desc     bool   // newest first
}

// MaxLimit is the most events one Events call returns: bodies carry
// previews of up to 64 KiB, so this bounds a query's memory.
const MaxLimit = 1000

const eventCols = `id, session_id, shell_id, seq, cseq, kind, ts, exit_code, hash, body`

// Events returns the events matching f in id order (or reverse with Desc).
func (s *Store) Events(ctx context.Context, f Filter) ([]Event, error) {
	var where []string
	var args []any
	if f.Session != "" {
		where, args = append(where, "session_id = ?"), append(args, f.Session)
	}
	if f.Shell != "" {
		where, args = append(where, "shell_id = ?"), append(args, f.Shell)
	}
	if len(f.Kinds) > 0 {
		where = append(where, "kind IN (?"+strings.Repeat(",?", len(f.Kinds)-1)+")")
		for _, k := range f.Kinds {
			args = append(args, k)
		}
	}
	if f.Text != "" {
		where, args = append(where, `text LIKE ? ESCAPE '\'`), append(args, "%"+likeEscape(f.Text)+"%")
	}
	if f.Failing {
		where = append(where, "exit_code IS NOT NULL AND exit_code != 0")
	}
	if f.After > 0 {
		where, args = append(where, "id > ?"), append(args, f.After)
	}
	if f.AfterSeq > 0 {
		where, args = append(where, "seq > ?"), append(args, f.AfterSeq)
	}
	if f.Before > 0 {
		where, args = append(where, "id < ?"), append(args, f.Before)
	}
	if f.Limit <= 0 {
		f.Limit = 200
	}
	f.Limit = min(f.Limit, MaxLimit)
	q := "SELECT " + eventCols + " FROM events"
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	// Within a session, chain order is id order; sorting by cseq lets a
	// session filter walk its (session_id, cseq) index instead of sorting.
	order := "id"
	if f.Session != "" && f.Shell == "" && len(f.Kinds) == 0 && !f.Failing {
		order = "cseq"
	}
	if f.Desc {
		order += " DESC"
	}
	q += " ORDER BY " + order
	q += fmt.Sprintf(" LIMIT %d", f.Limit)
	rows, err := s.r.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("query events: %w", err)
	}
	defer rows.Close()
	out := []Event{}
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

type scanner interface{ Scan(...any) error }

func scanEvent(r scanner) (Event, error) {
	var e Event
	var exit sql.NullInt64
	var hash []byte
	if err := r.Scan(&e.ID, &e.SessionID, &e.ShellID, &e.Seq, &e.Chain, &e.Kind, &e.TS, &exit, &hash, &e.Body); err != nil {
		return e, fmt.Errorf("scan event: %w", err)
	}
	if exit.Valid {
		c := int(exit.Int64)
		e.ExitCode = &c
	}
	e.Hash = hex.EncodeToString(hash)
	return e, nil
}

// ErrNotFound is returned by Event for an unknown id.
var ErrNotFound = errors.New("not found")

// Event returns one event by id.
func (s *Store) Event(ctx context.Context, id int64) (Event, error) {
	e, err := scanEvent(s.r.QueryRowContext(ctx, "SELECT "+eventCols+" FROM events WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return e, fmt.Errorf("event %d: %w", id, ErrNotFound)
	}
	return e, err
}

// Export calls fn for every stored event of session in chain order.
func (s *Store) Export(ctx context.Context, session string, fn func(Event) error) error {
	rows, err := s.r.QueryContext(ctx, "SELECT "+eventCols+" FROM events WHERE session_id = ? ORDER BY cseq", session)
	if err != nil {
		return fmt.Errorf("export %s: %w", session, err)
	}
	defer rows.Close()
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return err
		}
		if err := fn(e); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Stats summarises the store.
type Stats struct {
	Sessions  int64            `json:"sessions"`
	Shells    int64            `json:"shells"`
	Events    int64            `json:"events"`
	Failing   int64            `json:"failing"`
	ByKind    map[string]int64 `json:"byKind"`
	UsedBytes int64            `json:"usedBytes"`
	FirstTS   int64            `json:"firstTs,omitempty"`
	LastTS    int64            `json:"lastTs,omitempty"`
	TakenAt   time.Time        `json:"takenAt"`
}

// Stats counts what the store holds.
func (s *Store) Stats(ctx context.Context) (*Stats, error) {
	st := &Stats{ByKind: map[string]int64{}, TakenAt: time.Now()}
	var first, last sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM sessions), (SELECT COUNT(*) FROM shells),
		(SELECT COUNT(*) FROM events WHERE exit_code IS NOT NULL AND exit_code != 0),
		(SELECT MIN(ts) FROM events), (SELECT MAX(ts) FROM events)`).Scan(&st.Sessions, &st.Shells, &st.Failing, &first, &last)
	if err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	st.FirstTS, st.LastTS = first.Int64, last.Int64
	rows, err := s.r.QueryContext(ctx, `SELECT kind, COUNT(*) FROM events GROUP BY kind`)
	if err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var n int64
		if err := rows.Scan(&k, &n); err != nil {
			return nil, fmt.Errorf("stats: %w", err)
		}
		st.ByKind[k] = n
		st.Events += n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	st.UsedBytes, err = s.UsedBytes(ctx)
	return st, err
}

// ShellCount is what one shell of a session has stored: how many events
// and the highest seq among them. A shell that lost nothing and stored
// nothing twice has Events == LastSeq.
type ShellCount struct {
	Events  int64
	LastSeq uint64
}

// CountAndLastSeqByShell returns each shell's ShellCount for session,
// computed from the events themselves (not the shells table's bookkeeping).
func (s *Store) CountAndLastSeqByShell(ctx context.Context, session string) (map[string]ShellCount, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT shell_id, COUNT(*), MAX(seq) FROM events WHERE session_id = ? GROUP BY shell_id`, session)
	if err != nil {
		return nil, fmt.Errorf("count by shell: %w", err)
	}
	defer rows.Close()
	out := map[string]ShellCount{}
	for rows.Next() {
		var id string
		var c ShellCount
		if err := rows.Scan(&id, &c.Events, &c.LastSeq); err != nil {
			return nil, fmt.Errorf("count by shell: %w", err)
		}
		out[id] = c
	}
	return out, rows.Err()
}
