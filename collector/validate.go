package collector

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"nash/transport/wire"
)

// Limits enforced on every batch (design section 3, caps and volume).
const (
	MaxBatchBytes   = wire.MaxBatchBytes // request body
	MaxEvents       = 10_000             // events per batch
	MaxPreviewBytes = 64 << 10           // decoded preview per event
	MaxArgv         = 4096               // argv entries
	MaxString       = 256 << 10          // any single string field
	MaxIDLen        = 128                // session, shell and call ids
)

// ValidationError is a batch that is malformed or violates the schema. Its
// Reason is safe to send back to the client.
type ValidationError struct {
	Reason string
}

func (e *ValidationError) Error() string { return "invalid batch: " + e.Reason }

func invalid(format string, a ...any) error {
	return &ValidationError{Reason: fmt.Sprintf(format, a...)}
}

// DecodeBatch parses one JSON batch: wrong types, truncation and trailing
// data are errors. Unknown fields are ignored (and so never stored), as the
// wire package promises, so that a newer shell can talk to an older
// collector. It does not call Validate.
func DecodeBatch(body []byte) (*wire.Batch, error) {
	dec := json.NewDecoder(bytes.NewReader(body))
	var b wire.Batch
	if err := dec.Decode(&b); err != nil {
		return nil, invalid("malformed JSON: %s", jsonReason(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, invalid("malformed JSON: trailing data after the batch")
	}
	return &b, nil
}

func jsonReason(err error) string {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("syntax error at byte %d", se.Offset)
	case errors.As(err, &te):
		return fmt.Sprintf("field %q: want %s, got JSON %s", te.Field, te.Type, te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "truncated input"
	}
	s := err.Error()
	s = strings.TrimPrefix(s, "json: ")
	if len(s) > 200 {
		s = s[:200]
	}
	return s
}

// Validate checks a decoded batch against the schema of design section 3.
// It applies wire's own checks (Batch.Validate: header, known kinds, seqs
// strictly increasing from 1, timestamps, hash and base64 encodings, the
// fields each kind cannot do without) and then what the collector needs on
// top: identifiers it can index and show safely, non-negative numbers,
// pipe links that point forward, export names that are not assignments,
// and size caps. It returns a *ValidationError describing the first
// violation. It never rejects what the shell's observer legitimately emits
// (a "redirect" closing an fd has no target, "export -p" has no names).
func Validate(b *wire.Batch) error {
	if err := b.Validate(); err != nil {
		return invalid("%s", err.Error())
	}
	if b.Source == "" || len(b.Source) > 64 {
		return invalid("source must be 1-64 bytes")
	}
	if err := checkID("sessionId", b.SessionID); err != nil {
		return err
	}
	if err := checkID("shellId", b.ShellID); err != nil {
		return err
	}
	if b.ParentShell != nil {
		if err := checkID("parentShell", *b.ParentShell); err != nil {
			return err
		}
		if *b.ParentShell == b.ShellID {
			return invalid("parentShell equals shellId")
		}
	}
	if len(b.CallID) > MaxIDLen*2 {
		return invalid("callId longer than %d bytes", MaxIDLen*2)
	}
	if len(b.Events) > MaxEvents {
		return invalid("more than %d events", MaxEvents)
	}
	var prev uint64
	for i := range b.Events {
		ev := &b.Events[i]
		if ev.Seq == 0 {
			return invalid("event %d: seq must start at 1", i)
		}
		if ev.Seq <= prev {
			return invalid("event %d: seq %d not greater than %d", i, ev.Seq, prev)
		}
		prev = ev.Seq
		if err := validateEvent(ev); err != nil {
			var ve *ValidationError
			errors.As(err, &ve)
			return invalid("event %d (seq %d): %s", i, ev.Seq, ve.Reason)
		}
	}
	return nil
}

// ValidateID checks a session, shell or call id: 1 to MaxIDLen bytes of
// letters, digits, '-', '_', '.' and ':'. field names it in the error.
func ValidateID(field, id string) error { return checkID(field, id) }

func checkID(field, id string) error {
	if id == "" || len(id) > MaxIDLen {
		return invalid("%s must be 1-%d bytes", field, MaxIDLen)
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == ':'
		if !ok {
			return invalid("%s contains byte %q; allowed: letters, digits, - _ . :", field, c)
		}
	}
	return nil
}

var (
	exportOps       = set("export", "declare", "typeset", "unset", "readonly", "local")
	fallbackReasons = set(wire.ReasonParseError, wire.ReasonDisabled, wire.ReasonInternalError)
	droppedReasons  = set(wire.ReasonBufferFull, wire.ReasonCap, wire.ReasonInternalError)
)

func set(xs ...string) map[string]bool {
	m := make(map[string]bool, len(xs))
	for _, x := range xs {
		m[x] = true
	}
	return m
}

func validateEvent(ev *wire.Event) error {
	if ev.TS <= 0 {
		return invalid("ts must be positive Unix milliseconds")
	}
	if err := checkCommon(ev); err != nil {
		return err
	}
	switch ev.Kind {
	case wire.KindExec, wire.KindStart:
		if len(ev.Argv) > MaxArgv {
			return invalid("argv has more than %d entries", MaxArgv)
		}
		if p := ev.Pipeline; p != nil && (p.Len < 0 || p.Index < 0 || (p.Len > 0 && p.Index >= p.Len)) {
			return invalid("pipeline index %d outside length %d", p.Index, p.Len)
		}
		if ev.Nesting != nil && ev.Nesting.Depth < 0 {
			return invalid("nesting depth is negative")
		}
	case wire.KindRedirect:
		if len(ev.Op) > 32 || strings.ContainsAny(ev.Op, "\n\x00") {
			return invalid("redirect op is not an operator")
		}
		if ev.Target != nil && ev.Target.FD != nil && *ev.Target.FD < 0 {
			return invalid("target fd is negative")
		}
	case wire.KindPipe:
		if ev.PipelineID == nil || ev.FromIndex == nil || ev.ToIndex == nil {
			return invalid("pipe needs pipelineId, fromIndex and toIndex")
		}
		if *ev.FromIndex < 0 || *ev.ToIndex <= *ev.FromIndex {
			return invalid("pipe link %d->%d is not forward", *ev.FromIndex, *ev.ToIndex)
		}
	case wire.KindCmdSub:
	case wire.KindCd:
	case wire.KindExport:
		if !exportOps[ev.Op] {
			return invalid("export op %q unknown", ev.Op)
		}
		if len(ev.Names) > MaxArgv {
			return invalid("more than %d names", MaxArgv)
		}
		for _, n := range ev.Names {
			if n == "" || strings.ContainsAny(n, "=\n") {
				return invalid("export names must be names, never values")
			}
		}
	case wire.KindFallback:
		if !fallbackReasons[ev.Reason] {
			return invalid("fallback reason %q unknown", ev.Reason)
		}
	case wire.KindDropped:
		if !droppedReasons[ev.Reason] {
			return invalid("dropped reason %q unknown", ev.Reason)
		}
	case wire.KindDeny:
	case "":
		return invalid("kind missing")
	default:
		return invalid("kind %q unknown", ev.Kind)
	}
	return nil
}

// checkCommon validates the fields whose rules do not depend on the kind.
func checkCommon(ev *wire.Event) error {
	if ev.Bytes != nil && *ev.Bytes < 0 {
		return invalid("bytes is negative")
	}
	if ev.DurationMs != nil && *ev.DurationMs < 0 {
		return invalid("durationMs is negative")
	}
	if ev.Pid < 0 || ev.Count < 0 {
		return invalid("pid and count must not be negative")
	}
	if ev.Blake3 != "" && !isLowerHex(ev.Blake3, 64) {
		return invalid("blake3 must be 64 lowercase hex digits")
	}
	if ev.PreviewB64 != "" {
		if base64.StdEncoding.DecodedLen(len(ev.PreviewB64)) > MaxPreviewBytes+2 {
			return invalid("preview larger than %d bytes", MaxPreviewBytes)
		}
		n, err := base64.StdEncoding.Decode(make([]byte, base64.StdEncoding.DecodedLen(len(ev.PreviewB64))), []byte(ev.PreviewB64))
		if err != nil {
			return invalid("previewB64 is not standard base64")
		}
		if n > MaxPreviewBytes {
			return invalid("preview larger than %d bytes", MaxPreviewBytes)
		}
	}
	for _, s := range [...]string{ev.ResolvedPath, ev.Cwd, ev.Mode, ev.From, ev.To, ev.Input, ev.Rule, ev.Message, ev.Reason} {
		if len(s) > MaxString {
			return invalid("string field longer than %d bytes", MaxString)
		}
	}
	if ev.Target != nil && len(ev.Target.Path) > MaxString {
		return invalid("target path longer than %d bytes", MaxString)
	}
	return nil
}

func isLowerHex(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}
