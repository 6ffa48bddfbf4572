package store

import (
	"context"
	"database/sql"
	"fmt"
)

// migrations are applied in order; PRAGMA user_version records how many have
// run. Append new steps, never edit old ones.
var migrations = []string{
	// 1: initial schema.
	`
CREATE TABLE sessions (
	id          TEXT PRIMARY KEY,
	label       TEXT NOT NULL DEFAULT '',
	created_ms  INTEGER NOT NULL,
	expires_ms  INTEGER NOT NULL DEFAULT 0,
	last_ms     INTEGER NOT NULL DEFAULT 0,
	events      INTEGER NOT NULL DEFAULT 0,  -- rows currently stored
	head_cseq   INTEGER NOT NULL DEFAULT 0,  -- chain position of the newest event
	head_hash   BLOB,                        -- its hash
	anchor_cseq INTEGER NOT NULL DEFAULT 0,  -- chain position of the last evicted event
	anchor_hash BLOB                         -- its hash: where verification starts
);
CREATE TABLE shells (
	id         TEXT PRIMARY KEY,
	session_id TEXT NOT NULL,
	parent_id  TEXT,
	call_id    TEXT NOT NULL DEFAULT '',
	source     TEXT NOT NULL DEFAULT '',
	first_ms   INTEGER NOT NULL,
	last_ms    INTEGER NOT NULL,
	max_seq    INTEGER NOT NULL DEFAULT 0,
	floor_seq  INTEGER NOT NULL DEFAULT 0,   -- events at or below were evicted
	events     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX shells_session ON shells(session_id);
CREATE TABLE events (
	id         INTEGER PRIMARY KEY,
	session_id TEXT NOT NULL,
	shell_id   TEXT NOT NULL,
	seq        INTEGER NOT NULL,
	cseq       INTEGER NOT NULL,             -- position in the session chain
	kind       TEXT NOT NULL,
	ts         INTEGER NOT NULL,
	exit_code  INTEGER,
	text       TEXT NOT NULL DEFAULT '',     -- searchable words: argv, paths, preview head
	body       BLOB NOT NULL,                -- canonical event JSON
	hash       BLOB NOT NULL                 -- BLAKE3(prev hash || body)
);
CREATE UNIQUE INDEX events_shell_seq ON events(shell_id, seq);
CREATE UNIQUE INDEX events_session_cseq ON events(session_id, cseq);
CREATE INDEX events_kind ON events(kind, id);
CREATE INDEX events_ts ON events(ts);
CREATE INDEX events_failing ON events(exit_code) WHERE exit_code IS NOT NULL AND exit_code != 0;
`,
	// 2: a per-session count of failing commands, so listing sessions does
	// not scan their events.
	`
ALTER TABLE sessions ADD COLUMN failing INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET failing = (SELECT COUNT(*) FROM events e
	WHERE e.session_id = sessions.id AND e.exit_code IS NOT NULL AND e.exit_code != 0);
`,
	// 3: failing commands indexed by session, newest last, so "failing in
	// this session, newest first" reads the index instead of sorting.
	`
DROP INDEX events_failing;
CREATE INDEX events_failing ON events(session_id, id) WHERE exit_code IS NOT NULL AND exit_code != 0;
`,
}

// SchemaVersion is the user_version a fully migrated store has.
var SchemaVersion = len(migrations)

func migrate(ctx context.Context, db *sql.DB) error {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	if v > len(migrations) {
		return fmt.Errorf("store schema version %d is newer than this nashd (%d)", v, len(migrations))
	}
	for i := v; i < len(migrations); i++ {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", i+1)); err != nil {
			tx.Rollback()
			return fmt.Errorf("migration %d: set version: %w", i+1, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("migration %d: commit: %w", i+1, err)
		}
	}
	return nil
}
