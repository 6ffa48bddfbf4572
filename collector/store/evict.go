package store

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"time"
)

// txSessionCap evicts the oldest events of every session touched by ts
// that holds more than SessionCap events.
func (s *Store) txSessionCap(ctx context.Context, tx *sql.Tx, ts *txState) error {
	if s.opts.SessionCap < 0 {
		return nil
	}
	for id, st := range ts.sessions {
		over := st.events - s.opts.SessionCap
		if over <= 0 {
			continue
		}
		var upto int64
		err := tx.QueryRowContext(ctx,
			`SELECT cseq FROM events WHERE session_id = ? ORDER BY cseq LIMIT 1 OFFSET ?`, id, over-1).Scan(&upto)
		if err != nil {
			return fmt.Errorf("evict session %s: %w", id, err)
		}
		n, failing, err := evictPrefix(ctx, tx, id, upto, func(shell string) *shellState { return ts.shells[shell] })
		if err != nil {
			return err
		}
		st.events -= n
		st.failing = max(st.failing-failing, 0)
	}
	return nil
}

// evictPrefix deletes the events of session at chain positions up to and
// including upto, records the hash of the last one as the session's anchor,
// and raises the floor of every shell that lost events so that a resend of
// them is not stored again. live, if it returns non-nil, is the in-memory
// state of a shell to keep in step. It returns the number of rows deleted
// and how many of them were failing commands.
func evictPrefix(ctx context.Context, tx *sql.Tx, session string, upto int64, live func(string) *shellState) (n, failing int64, err error) {
	var anchor []byte
	if err := tx.QueryRowContext(ctx, `SELECT hash FROM events WHERE session_id = ? AND cseq = ?`, session, upto).Scan(&anchor); err != nil {
		return 0, 0, fmt.Errorf("evict session %s: anchor: %w", session, err)
	}
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM events WHERE session_id = ? AND cseq <= ? AND exit_code IS NOT NULL AND exit_code != 0`,
		session, upto).Scan(&failing); err != nil {
		return 0, 0, fmt.Errorf("evict session %s: %w", session, err)
	}
	rows, err := tx.QueryContext(ctx,
		`SELECT shell_id, MAX(seq), COUNT(*) FROM events WHERE session_id = ? AND cseq <= ? GROUP BY shell_id`, session, upto)
	if err != nil {
		return 0, 0, fmt.Errorf("evict session %s: %w", session, err)
	}
	type shellLoss struct {
		id    string
		max   uint64
		count int64
	}
	var losses []shellLoss
	for rows.Next() {
		var l shellLoss
		if err := rows.Scan(&l.id, &l.max, &l.count); err != nil {
			rows.Close()
			return 0, 0, fmt.Errorf("evict session %s: %w", session, err)
		}
		losses = append(losses, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, 0, fmt.Errorf("evict session %s: %w", session, err)
	}
	r, err := tx.ExecContext(ctx, `DELETE FROM events WHERE session_id = ? AND cseq <= ?`, session, upto)
	if err != nil {
		return 0, 0, fmt.Errorf("evict session %s: %w", session, err)
	}
	n, _ = r.RowsAffected()
	if _, err := tx.ExecContext(ctx,
		`UPDATE sessions SET anchor_cseq = ?, anchor_hash = ?, events = MAX(events - ?, 0), failing = MAX(failing - ?, 0) WHERE id = ?`,
		upto, anchor, n, failing, session); err != nil {
		return 0, 0, fmt.Errorf("evict session %s: anchor: %w", session, err)
	}
	for _, l := range losses {
		if _, err := tx.ExecContext(ctx,
			`UPDATE shells SET floor_seq = MAX(floor_seq, ?), events = MAX(events - ?, 0) WHERE id = ?`, l.max, l.count, l.id); err != nil {
			return 0, 0, fmt.Errorf("evict shell %s: %w", l.id, err)
		}
		if st := live(l.id); st != nil {
			st.floor = max(st.floor, l.max)
			st.events = max(st.events-l.count, 0)
		}
	}
	return n, failing, nil
}

// budgetCheckEvery is how often the writer measures the database size.
const budgetCheckEvery = time.Second

// UsedBytes returns the bytes of the database file in use (pages minus the
// free list).
func (s *Store) UsedBytes(ctx context.Context) (int64, error) {
	db := s.r
	var pages, free, size int64
	if err := db.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		return 0, fmt.Errorf("store size: %w", err)
	}
	if err := db.QueryRowContext(ctx, "PRAGMA freelist_count").Scan(&free); err != nil {
		return 0, fmt.Errorf("store size: %w", err)
	}
	if err := db.QueryRowContext(ctx, "PRAGMA page_size").Scan(&size); err != nil {
		return 0, fmt.Errorf("store size: %w", err)
	}
	return (pages - free) * size, nil
}

func (s *Store) maybeEnforceBudget() {
	if s.opts.BudgetBytes < 0 || time.Since(s.wst.lastBudgetCheck) < budgetCheckEvery {
		return
	}
	s.wst.lastBudgetCheck = time.Now()
	if err := s.enforceBudget(context.Background()); err != nil {
		log.Printf("nashd store: %v", err)
	}
}

// enforceBudget evicts the globally oldest events until the database uses
// at most 90% of BudgetBytes. It must run on the writer goroutine or while
// no writes are in flight.
func (s *Store) enforceBudget(ctx context.Context) error {
	for range 20 { // each round removes a slice of the oldest rows
		used, err := s.usedBytesW(ctx)
		if err != nil {
			return err
		}
		if used <= s.opts.BudgetBytes {
			return nil
		}
		var lo, hi sql.NullInt64
		if err := s.w.QueryRowContext(ctx, `SELECT MIN(id), MAX(id) FROM events`).Scan(&lo, &hi); err != nil {
			return fmt.Errorf("budget: %w", err)
		}
		if !lo.Valid {
			return nil
		}
		// Remove the fraction of rows by which we are over 90% of budget.
		frac := 1 - 0.9*float64(s.opts.BudgetBytes)/float64(used)
		cut := lo.Int64 + int64(frac*float64(hi.Int64-lo.Int64+1)) + 1
		if err := s.evictBefore(ctx, cut); err != nil {
			return err
		}
	}
	return nil
}

func (s *Store) usedBytesW(ctx context.Context) (int64, error) {
	var pages, free, size int64
	if err := s.w.QueryRowContext(ctx, "PRAGMA page_count").Scan(&pages); err != nil {
		return 0, fmt.Errorf("store size: %w", err)
	}
	if err := s.w.QueryRowContext(ctx, "PRAGMA freelist_count").Scan(&free); err != nil {
		return 0, fmt.Errorf("store size: %w", err)
	}
	if err := s.w.QueryRowContext(ctx, "PRAGMA page_size").Scan(&size); err != nil {
		return 0, fmt.Errorf("store size: %w", err)
	}
	return (pages - free) * size, nil
}

// evictBefore deletes every event with id < cut, session by session, keeping
// each session's anchor.
func (s *Store) evictBefore(ctx context.Context, cut int64) error {
	tx, err := s.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("budget: %w", err)
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT session_id, MAX(cseq) FROM events WHERE id < ? GROUP BY session_id`, cut)
	if err != nil {
		return fmt.Errorf("budget: %w", err)
	}
	type prefix struct {
		session string
		upto    int64
	}
	var ps []prefix
	for rows.Next() {
		var p prefix
		if err := rows.Scan(&p.session, &p.upto); err != nil {
			rows.Close()
			return fmt.Errorf("budget: %w", err)
		}
		ps = append(ps, p)
	}
	rows.Close()
	for _, p := range ps {
		if _, _, err := evictPrefix(ctx, tx, p.session, p.upto, func(string) *shellState { return nil }); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("budget: %w", err)
	}
	// Cached counts and floors are stale now; reload on demand.
	s.wst.sessions, s.wst.shells = map[string]*sessState{}, map[string]*shellState{}
	return nil
}
