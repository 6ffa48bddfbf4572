package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"

	"lukechampine.com/blake3"
	"nash/transport/wire"
)

// HashSize is the size of a chain hash in bytes.
const HashSize = 32

// canonicalEvent is what the chain hashes and what the events table stores
// as body: the wire.Event re-marshalled by encoding/json, with the shell id
// first. Re-marshalling (rather than keeping the bytes the client sent)
// drops unknown fields and whitespace, so the same event always has the same
// bytes and hash.
type canonicalEvent struct {
	ShellID string `json:"shellId"`
	wire.Event
}

// Canonical returns the canonical JSON of ev as sent by shell.
func Canonical(shell string, ev *wire.Event) ([]byte, error) {
	b, err := json.Marshal(canonicalEvent{ShellID: shell, Event: *ev})
	if err != nil {
		return nil, fmt.Errorf("canonical event: %w", err)
	}
	return b, nil
}

// ChainHash returns BLAKE3-256(prev || body). prev is nil (read as 32 zero
// bytes) for the first event of a session.
func ChainHash(prev []byte, body []byte) [HashSize]byte {
	h := blake3.New(HashSize, nil)
	if prev == nil {
		var zero [HashSize]byte
		h.Write(zero[:])
	} else {
		h.Write(prev)
	}
	h.Write(body)
	var out [HashSize]byte
	h.Sum(out[:0])
	return out
}

// Break describes the first link of a chain that does not verify.
type Break struct {
	Chain   int64  `json:"chain"`   // position in the session chain
	ShellID string `json:"shellId"` // shell of the offending row, if any
	Seq     uint64 `json:"seq"`     // its per-shell seq, if any
	Reason  string `json:"reason"`
}

func (b *Break) String() string {
	return fmt.Sprintf("seq %d (shell %s, chain %d): %s", b.Seq, b.ShellID, b.Chain, b.Reason)
}

// VerifyResult is the outcome of recomputing one session's chain.
type VerifyResult struct {
	Session     string `json:"session"`
	Events      int64  `json:"events"`      // rows checked
	AnchorChain int64  `json:"anchorChain"` // chain position of the last evicted event, 0 if none
	AnchorHash  string `json:"anchorHash,omitempty"`
	HeadChain   int64  `json:"headChain"`
	HeadHash    string `json:"headHash,omitempty"`
	OK          bool   `json:"ok"`
	Break       *Break `json:"break,omitempty"`
}

// ErrNoSession is returned for a session the store does not know.
var ErrNoSession = errors.New("no such session")

// Verify recomputes the hash chain of session from its anchor (or the
// start) to its head. Every row must sit at the next chain position, its
// indexed columns must agree with its body, and its stored hash must equal
// BLAKE3(previous hash || body); the head recorded for the session must be
// the last row. The first violation is reported in Break; an error is
// returned only when the store cannot be read.
func (s *Store) Verify(ctx context.Context, session string) (*VerifyResult, error) {
	res := &VerifyResult{Session: session}
	// One read transaction: the session head and the rows come from the
	// same WAL snapshot even while the server keeps writing.
	tx, err := s.r.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, fmt.Errorf("verify %s: %w", session, err)
	}
	defer tx.Rollback()
	var anchor, head []byte
	err = tx.QueryRowContext(ctx,
		`SELECT anchor_cseq, anchor_hash, head_cseq, head_hash FROM sessions WHERE id = ?`, session).
		Scan(&res.AnchorChain, &anchor, &res.HeadChain, &head)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("verify %s: %w", session, ErrNoSession)
	}
	if err != nil {
		return nil, fmt.Errorf("verify %s: %w", session, err)
	}
	res.AnchorHash = hexOrEmpty(anchor)
	res.HeadHash = hexOrEmpty(head)
	fail := func(b Break) (*VerifyResult, error) {
		res.Break = &b
		return res, nil
	}
	if res.AnchorChain > 0 && len(anchor) != HashSize {
		return fail(Break{Chain: res.AnchorChain, Reason: "anchor hash missing or malformed"})
	}
	rows, err := tx.QueryContext(ctx,
		`SELECT shell_id, seq, cseq, kind, ts, exit_code, body, hash FROM events WHERE session_id = ? ORDER BY cseq`, session)
	if err != nil {
		return nil, fmt.Errorf("verify %s: %w", session, err)
	}
	defer rows.Close()
	prev := anchor
	if res.AnchorChain == 0 {
		prev = nil
	}
	want := res.AnchorChain + 1
	for rows.Next() {
		var (
			shell, kind  string
			seq          uint64
			cseq, ts     int64
			exit         sql.NullInt64
			body, stored []byte
		)
		if err := rows.Scan(&shell, &seq, &cseq, &kind, &ts, &exit, &body, &stored); err != nil {
			return nil, fmt.Errorf("verify %s: %w", session, err)
		}
		res.Events++
		b := Break{Chain: cseq, ShellID: shell, Seq: seq}
		if cseq != want {
			b.Reason = fmt.Sprintf("chain position %d missing (next row is %d)", want, cseq)
			return fail(b)
		}
		var ev canonicalEvent
		if err := json.Unmarshal(body, &ev); err != nil {
			b.Reason = "body is not valid event JSON"
			return fail(b)
		}
		if reason := columnsDisagree(&ev, shell, seq, kind, ts, exit); reason != "" {
			b.Reason = reason
			return fail(b)
		}
		h := ChainHash(prev, body)
		if !bytes.Equal(h[:], stored) {
			b.Reason = "hash mismatch: row or its predecessor was altered"
			return fail(b)
		}
		prev = h[:]
		want++
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("verify %s: %w", session, err)
	}
	last := want - 1
	if last != res.HeadChain || (res.HeadChain > res.AnchorChain && !bytes.Equal(prev, head)) {
		return fail(Break{Chain: last + 1, Reason: fmt.Sprintf("session head is chain %d but the last stored row is %d or its hash differs (rows removed from the end?)", res.HeadChain, last)})
	}
	res.OK = true
	return res, nil
}

func columnsDisagree(ev *canonicalEvent, shell string, seq uint64, kind string, ts int64, exit sql.NullInt64) string {
	switch {
	case ev.ShellID != shell:
		return "shell column differs from body"
	case ev.Seq != seq:
		return "seq column differs from body"
	case ev.Kind != kind:
		return "kind column differs from body"
	case ev.TS != ts:
		return "ts column differs from body"
	case (ev.ExitCode == nil) != !exit.Valid, ev.ExitCode != nil && int64(*ev.ExitCode) != exit.Int64:
		return "exit code column differs from body"
	}
	return ""
}

func hexOrEmpty(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return hex.EncodeToString(b)
}
