package wire

import (
	"encoding/base64"
	"fmt"
)

// MaxBatchBytes is the largest JSON body of one batch (design section 3).
// A sender splits or shrinks batches to stay at or below it; a receiver
// answers 413 above it.
const MaxBatchBytes = 1 << 20

// SourceNash is the value of Batch.Source for batches sent by nash.
const SourceNash = "nash"

// Reasons carried by fallback and dropped events.
const (
	// ReasonParseError: fallback because nash could not parse the input.
	ReasonParseError = "parse-error"
	// ReasonDisabled: fallback because NUCLEIC_NASH_DISABLE=1.
	ReasonDisabled = "disabled"
	// ReasonInternalError: fallback, or dropped, because of an internal
	// error or a panic inside an observer hook. A dropped event with this
	// reason says a hook failed and its record is missing or incomplete.
	ReasonInternalError = "internal-error"
	// ReasonBufferFull: dropped because the in-memory buffer was full; the
	// oldest events were discarded.
	ReasonBufferFull = "buffer-full"
	// ReasonCap: dropped because an event did not fit a cap.
	ReasonCap = "cap"
)

var knownKinds = map[string]bool{
	KindExec: true, KindStart: true, KindRedirect: true, KindPipe: true,
	KindCmdSub: true, KindCd: true, KindExport: true, KindFallback: true,
	KindDropped: true, KindDeny: true,
}

// Validate checks the parts of the schema a receiver relies on: the batch
// header, known event kinds, seq strictly increasing from 1 within the batch,
// a timestamp on every event, and well-formed hashes and previews. It does
// not reject unknown JSON fields (they are dropped by decoding), so that
// newer shells can talk to older collectors. The error says what is wrong.
func (b *Batch) Validate() error {
	if b.Type != BatchType {
		return fmt.Errorf("type is %q, want %q", b.Type, BatchType)
	}
	if b.Source == "" {
		return fmt.Errorf("source is empty")
	}
	if b.SessionID == "" {
		return fmt.Errorf("sessionId is empty")
	}
	if b.ShellID == "" {
		return fmt.Errorf("shellId is empty")
	}
	if b.ParentShell != nil && *b.ParentShell == "" {
		return fmt.Errorf("parentShell is an empty string; use null")
	}
	if len(b.Events) == 0 {
		return fmt.Errorf("events is empty")
	}
	var last uint64
	for i := range b.Events {
		e := &b.Events[i]
		if err := e.Validate(); err != nil {
			return fmt.Errorf("event %d (seq %d): %w", i, e.Seq, err)
		}
		if e.Seq <= last {
			return fmt.Errorf("event %d: seq %d not greater than previous seq %d", i, e.Seq, last)
		}
		last = e.Seq
	}
	return nil
}

// Validate checks one event on its own: known kind, seq at least 1, a
// timestamp, a 64-digit lowercase hex hash and valid base64 when present,
// and the fields its kind cannot do without.
func (e *Event) Validate() error {
	if !knownKinds[e.Kind] {
		return fmt.Errorf("unknown kind %q", e.Kind)
	}
	if e.Seq == 0 {
		return fmt.Errorf("seq is 0; seqs start at 1")
	}
	if e.TS <= 0 {
		return fmt.Errorf("ts is missing")
	}
	if e.Blake3 != "" && !isHex64(e.Blake3) {
		return fmt.Errorf("blake3 is not 64 lowercase hex digits")
	}
	if e.PreviewB64 != "" {
		if _, err := base64.StdEncoding.DecodeString(e.PreviewB64); err != nil {
			return fmt.Errorf("previewB64: %w", err)
		}
	}
	if e.Bytes != nil && *e.Bytes < 0 {
		return fmt.Errorf("bytes is negative")
	}
	switch e.Kind {
	case KindStart, KindDeny:
		if e.CmdSeq == 0 {
			return fmt.Errorf("%s without cmdSeq", e.Kind)
		}
	case KindDropped:
		if e.Count <= 0 {
			return fmt.Errorf("dropped with count %d", e.Count)
		}
		if e.Reason == "" {
			return fmt.Errorf("dropped without reason")
		}
	case KindFallback:
		if e.Reason == "" {
			return fmt.Errorf("fallback without reason")
		}
	case KindExport:
		if e.Op == "" {
			return fmt.Errorf("export without op")
		}
	case KindRedirect:
		if e.Op == "" {
			return fmt.Errorf("redirect without op")
		}
	}
	return nil
}

func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
