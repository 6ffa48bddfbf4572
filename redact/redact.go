// Package redact masks credentials in text, bytes and argv before the
// observer lets them leave the shell.
//
// A masked span is replaced by a marker that keeps the kind of secret,
// for example "[REDACTED:aws-access-key]". Bytes outside a masked span are
// never changed, so binary or invalid UTF-8 input passes through unharmed,
// and masking is idempotent: markers are never masked again.
//
// Detection is a single hand-written pass over the input (no regular
// expressions, nothing computed at package init): known token prefixes at
// word starts, context keys before '=' or ':', URLs with passwords, PEM
// private key blocks and long high-entropy base64 runs. See README.md for
// the shapes, the heuristics and their measured recall and false positives.
//
// Content hashes elsewhere in nash are computed over the original bytes,
// not over the masked output, so identical content can still be matched.
package redact

import (
	"bytes"
	"unsafe"
)

// Kinds of secret, as they appear in markers.
const (
	kindAWSAccessKey = "aws-access-key"
	kindAWSSecretKey = "aws-secret-key"
	kindGitHub       = "github-token"
	kindGitLab       = "gitlab-token"
	kindSlack        = "slack-token"
	kindOpenAI       = "openai-key"
	kindAnthropic    = "anthropic-key"
	kindStripe       = "stripe-key"
	kindGoogle       = "google-api-key"
	kindNPM          = "npm-token"
	kindPyPI         = "pypi-token"
	kindJWT          = "jwt"
	kindBearer       = "bearer-token"
	kindBasic        = "basic-auth"
	kindAuthHeader   = "auth-header"
	kindPrivateKey   = "private-key"
	kindURLPassword  = "url-password"
	kindPassword     = "password"
	kindSecret       = "secret"
	kindEntropy      = "high-entropy"
	kindSecretVar    = "secret-var"
)

// markerPrefix starts every mask; text that starts with it is never masked.
const markerPrefix = "[REDACTED:"

// span is a half-open byte range [start, end) to replace by a marker.
// Among overlapping spans the one with the highest prio names the kind.
type span struct {
	start, end int
	kind       string
	prio       int8
}

// Priorities: specific shapes beat context keys, which beat entropy.
const (
	prioEntropy int8 = iota
	prioContext
	prioShape
)

// String returns s with every credential shape replaced by a marker that
// keeps its kind, e.g. "[REDACTED:github-token]". It returns s itself (no
// allocation) when nothing matched.
func String(s string) string {
	if len(s) == 0 {
		return s
	}
	var buf [8]span
	spans := scan(strBytes(s), buf[:0])
	if len(spans) == 0 {
		return s
	}
	return string(apply(strBytes(s), spans))
}

// Bytes is String on bytes. b may hold binary data or invalid UTF-8; bytes
// outside a masked span are copied unchanged. It returns b itself (no
// allocation) when nothing matched; otherwise a new slice, b is not
// modified.
func Bytes(b []byte) []byte {
	var buf [8]span
	spans := scan(b, buf[:0])
	if len(spans) == 0 {
		return b
	}
	return apply(b, spans)
}

// Tainted masks every occurrence of each tainted value in b as
// "[REDACTED:secret-var]", whatever its shape. Values shorter than 4 bytes
// are ignored, so that masking does not destroy ordinary text. Occurrences
// inside an existing marker are left alone. It returns b itself when
// nothing matched; otherwise a new slice, b is not modified.
//
// Callers that mask both by provenance and by shape should call Tainted
// first and Bytes on its result, so a tainted value is masked whole.
func Tainted(b []byte, tainted []string) []byte {
	var buf [8]span
	spans := taintedSpans(b, tainted, buf[:0])
	if len(spans) == 0 {
		return b
	}
	return apply(b, spans)
}

// taintedString is Tainted on a string; it returns s itself when nothing
// matched.
func taintedString(s string, tainted []string) string {
	if len(tainted) == 0 {
		return s
	}
	var buf [4]span
	spans := taintedSpans(strBytes(s), tainted, buf[:0])
	if len(spans) == 0 {
		return s
	}
	return string(apply(strBytes(s), spans))
}

func taintedSpans(b []byte, tainted []string, spans []span) []span {
	hasMarker := false
	checked := false
	for _, v := range tainted {
		if len(v) < 4 {
			continue
		}
		for off := 0; off+len(v) <= len(b); {
			j := bytes.Index(b[off:], strBytes(v))
			if j < 0 {
				break
			}
			s := off + j
			e := s + len(v)
			if !checked {
				hasMarker = bytes.Contains(b, []byte(markerPrefix))
				checked = true
			}
			if !hasMarker || !insideMarker(b, s, e) {
				spans = append(spans, span{s, e, kindSecretVar, prioShape})
			}
			off = e
		}
	}
	return spans
}

// insideMarker reports whether [s, e) overlaps a "[REDACTED:...]" marker.
func insideMarker(b []byte, s, e int) bool {
	// Look back for the nearest '[' and check it opens a marker that ends at
	// or after s.
	lo := s - 40
	if lo < 0 {
		lo = 0
	}
	for i := e - 1; i >= lo; i-- {
		if b[i] == ']' && i < s {
			return false
		}
		if b[i] == '[' && hasPrefix(b[i:], markerPrefix) {
			end := bytes.IndexByte(b[i:], ']')
			return end >= 0 && i+end >= s
		}
	}
	return false
}

// apply returns a copy of b with spans replaced by markers. Overlapping or
// touching spans merge into one marker named by the highest priority.
func apply(b []byte, spans []span) []byte {
	sortSpans(spans)
	var out []byte
	last := 0
	for i := 0; i < len(spans); {
		cur := spans[i]
		i++
		for i < len(spans) && spans[i].start < cur.end {
			if spans[i].end > cur.end {
				cur.end = spans[i].end
			}
			if spans[i].prio > cur.prio {
				cur.prio = spans[i].prio
				cur.kind = spans[i].kind
			}
			i++
		}
		if out == nil {
			out = make([]byte, 0, len(b)+32*len(spans))
		}
		out = append(out, b[last:cur.start]...)
		out = append(out, markerPrefix...)
		out = append(out, cur.kind...)
		out = append(out, ']')
		last = cur.end
	}
	return append(out, b[last:]...)
}

// sortSpans orders spans by start, then by end descending. Span lists are
// short, so insertion sort avoids the sort package's interface overhead.
func sortSpans(s []span) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && less(s[j], s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

func less(a, b span) bool {
	if a.start != b.start {
		return a.start < b.start
	}
	return a.end > b.end
}

// strBytes views s as bytes without copying; the result must not be
// modified.
func strBytes(s string) []byte {
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// isMarker reports whether b starts with a marker.
func isMarker(b []byte) bool { return hasPrefix(b, markerPrefix) }

func hasPrefix(b []byte, p string) bool {
	return len(b) >= len(p) && string(b[:len(p)]) == p
}

// hasPrefixFold is hasPrefix ignoring ASCII case; p must be lower case.
func hasPrefixFold(b []byte, p string) bool {
	if len(b) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if lower(b[i]) != p[i] {
			return false
		}
	}
	return true
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isAlpha(c byte) bool { return isUpper(c) || isLower(c) }
func isAlnum(c byte) bool { return class[c]&cAlnum != 0 }
