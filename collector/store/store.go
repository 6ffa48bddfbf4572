// Package store keeps nash event batches in SQLite (WAL mode): sessions,
// shells with their parent links, and events chained per session by BLAKE3
// hashes so that any later edit is detectable. All writes go through one
// writer goroutine that groups concurrent batches into one transaction;
// reads use a separate pool of read-only connections.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"time"

	_ "github.com/mattn/go-sqlite3" // registers the "sqlite3" driver
)

// DBFile is the name of the database inside a state directory.
const DBFile = "events.db"

// Defaults for Options fields left zero.
const (
	DefaultSessionCap  = 1_000_000
	DefaultBudgetBytes = 2 << 30
	DefaultGroupEvents = 8192
)

// Options tune a Store. The zero value gives the defaults above.
type Options struct {
	// SessionCap is the most events kept per session; older ones are
	// evicted first. Negative means no cap.
	SessionCap int64
	// BudgetBytes bounds the database size; when exceeded the globally
	// oldest events are evicted. Negative means no budget.
	BudgetBytes int64
	// GroupEvents is how many events the writer gathers from concurrent
	// batches into one transaction.
	GroupEvents int
	// OnCommit, if set, is called by the writer goroutine after each
	// committed transaction with the events it stored, in id order. It must
	// not block for long and must not keep the slice.
	OnCommit func([]Event)
	// ReadOnly opens the database for queries and verification only; the
	// database must already exist.
	ReadOnly bool
}

// ErrClosed is returned by writes after Close.
var ErrClosed = errors.New("store closed")

// Store is an open event store. Its methods are safe for concurrent use.
type Store struct {
	path string
	opts Options
	w    *sql.DB // single connection, used only by the writer goroutine
	r    *sql.DB // read-only pool

	reqs    chan *writeReq
	quit    chan struct{}
	done    chan struct{}
	closeMu sync.Once
	wst     *writerState
}

// Open opens (creating and migrating if needed) the database at path.
func Open(path string, opts Options) (*Store, error) {
	if opts.SessionCap == 0 {
		opts.SessionCap = DefaultSessionCap
	}
	if opts.BudgetBytes == 0 {
		opts.BudgetBytes = DefaultBudgetBytes
	}
	if opts.GroupEvents <= 0 {
		opts.GroupEvents = DefaultGroupEvents
	}
	if opts.ReadOnly {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
	} else {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
		// Create the file 0600 before SQLite does: its -wal and -shm files
		// inherit the database's mode.
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
		if err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
		f.Close()
	}
	s := &Store{path: path, opts: opts, quit: make(chan struct{}), done: make(chan struct{})}
	ctx := context.Background()
	var err error
	if !opts.ReadOnly {
		s.w, err = sql.Open("sqlite3", dsn(path, false))
		if err != nil {
			return nil, fmt.Errorf("open store: %w", err)
		}
		s.w.SetMaxOpenConns(1)
		s.w.SetConnMaxLifetime(0)
		if err := migrate(ctx, s.w); err != nil {
			s.w.Close()
			return nil, fmt.Errorf("open store %s: %w", path, err)
		}
	}
	s.r, err = sql.Open("sqlite3", dsn(path, true))
	if err != nil {
		if s.w != nil {
			s.w.Close()
		}
		return nil, fmt.Errorf("open store: %w", err)
	}
	s.r.SetMaxOpenConns(4)
	if opts.ReadOnly {
		var v int
		if err := s.r.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
			s.r.Close()
			return nil, fmt.Errorf("open store %s: %w", path, err)
		}
		if v != SchemaVersion {
			s.r.Close()
			return nil, fmt.Errorf("open store %s: schema version %d, want %d", path, v, SchemaVersion)
		}
		close(s.done)
		return s, nil
	}
	s.wst, err = newWriterState(ctx, s)
	if err != nil {
		s.w.Close()
		s.r.Close()
		return nil, err
	}
	s.reqs = make(chan *writeReq, 256)
	go s.writer()
	return s, nil
}

func dsn(path string, readOnly bool) string {
	q := url.Values{}
	q.Set("_busy_timeout", "10000")
	q.Set("_journal_mode", "WAL")
	q.Set("_synchronous", "NORMAL")
	if readOnly {
		q.Set("_query_only", "1")
	} else {
		q.Set("_txlock", "immediate")
		// A 64 MiB page cache keeps the hot ends of the indexes in memory;
		// the writer is the throughput bottleneck.
		q.Set("_cache_size", "-65536")
	}
	return "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
}

// Path returns the database file path.
func (s *Store) Path() string { return s.path }

// Close stops the writer after it has finished queued writes and closes the
// database. It is safe to call more than once.
func (s *Store) Close() error {
	var err error
	s.closeMu.Do(func() {
		if s.w != nil {
			close(s.quit)
			<-s.done
			s.wst.closeStmts()
			if _, e := s.w.Exec("PRAGMA wal_checkpoint(PASSIVE)"); e != nil {
				err = e
			}
			if e := s.w.Close(); e != nil && err == nil {
				err = e
			}
		}
		if e := s.r.Close(); e != nil && err == nil {
			err = e
		}
	})
	return err
}

func nowMs() int64 { return time.Now().UnixMilli() }
