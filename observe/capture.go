package observe

import (
	"bytes"
	"encoding/base64"
	"slices"
	"unicode/utf8"

	"nash/redact"
)

// preview returns the base64 preview of data, whose full length is total
// (data may be only the head of a longer stream; it should then extend
// redactMargin bytes past limit when available). At most limit bytes are
// shown, after masking: the masking sees up to redactMargin bytes past the
// cut, so a secret straddling it is still recognised and then cut away.
// truncated is set when less than total is shown; binary per isBinary.
// At LevelMeta there is no preview.
func (o *Observer) preview(data []byte, total, limit int) (b64 string, truncated, binary bool) {
	binary = isBinary(data, total > len(data))
	if o.level < LevelTap {
		return "", false, binary
	}
	n := min(len(data), limit)
	window := data
	if len(window) > n+redactMargin {
		window = window[:n+redactMargin]
	}
	m := o.maskBytes(window)
	truncated = total > n
	cut := n
	if !truncated {
		// Every byte is shown: a mask longer than what it hides ("s3cr3t"
		// becoming "[REDACTED:secret-var]") may exceed n, up to the cap.
		cut = max(n, PreviewCap)
	}
	if len(m) > cut {
		m = m[:cut]
		truncated = true
	}
	if len(m) == 0 {
		return "", truncated, binary
	}
	return base64.StdEncoding.EncodeToString(m), truncated, binary
}

// isBinary reports NUL bytes or invalid UTF-8 in the first binaryHead bytes
// of data. cut says data is a prefix of something longer, so an incomplete
// rune at its end is not held against it.
func isBinary(data []byte, cut bool) bool {
	head := data
	if len(head) > binaryHead {
		head, cut = head[:binaryHead], true
	}
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	if cut {
		// Drop a rune cut in the middle: back up to its first byte.
		j := len(head) - 1
		for j >= 0 && j > len(head)-utf8.UTFMax && !utf8.RuneStart(head[j]) {
			j--
		}
		if j >= 0 && !utf8.FullRune(head[j:]) {
			head = head[:j]
		}
	}
	return !utf8.Valid(head)
}

// maskBytes masks tainted values, then credential shapes (the order
// redact.Tainted asks for). It may return b itself.
func (o *Observer) maskBytes(b []byte) []byte {
	if t := o.taintedList(); len(t) > 0 {
		b = redact.Tainted(b, t)
	}
	return redact.Bytes(b)
}

// maskString masks the tainted values seen so far in s (paths, messages):
// these are not free text, so shape masking is not applied.
func (o *Observer) maskString(s string) string {
	t := o.taintedList()
	if len(t) == 0 || len(s) < minTaintedLen {
		return s
	}
	m := redact.Tainted([]byte(s), t)
	return string(m)
}

// taintedList returns the tainted values seen by this shell (read-only).
func (o *Observer) taintedList() []string {
	if p := o.tainted.Load(); p != nil {
		return *p
	}
	return nil
}

// addTainted remembers values (at least minTaintedLen bytes) so they are
// masked in every later event of this shell, whatever their provenance. The
// set keeps the newest maxTainted values.
func (o *Observer) addTainted(vals []string) {
	cur := o.taintedList()
	fresh := false
	for _, v := range vals {
		if len(v) >= minTaintedLen && !slices.Contains(cur, v) {
			fresh = true
			break
		}
	}
	if !fresh {
		return
	}
	o.taintMu.Lock()
	defer o.taintMu.Unlock()
	next := slices.Clone(o.taintedList())
	for _, v := range vals {
		if len(v) >= minTaintedLen && !slices.Contains(next, v) {
			next = append(next, v)
		}
	}
	if len(next) > maxTainted {
		next = next[len(next)-maxTainted:]
	}
	o.tainted.Store(&next)
}
