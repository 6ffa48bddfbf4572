package redact

import (
	"math"
	"unicode/utf8"
)

// minRun is the shortest base64 run judged by entropy.
const minRun = 20

// entropyRun judges the run of base64 characters b[s:e] and appends a
// high-entropy span when it looks like a random key.
//
// The heuristic, measured on testdata/ (see README.md):
//   - at least minRun characters, with an upper-case letter, a lower-case
//     letter and a digit: this leaves out hex (commit hashes, sha256 sums,
//     UUIDs, docker digests), k8s pod names, Go pseudo-versions and most
//     identifiers;
//   - Shannon entropy per character at least 0.84*log2(n), capped at 4.8
//     bits: about the 1st percentile of uniformly random base64 of length n;
//   - not "wordy": random strings rarely hold long lower-case runs, while
//     CamelCase identifiers and paths are mostly made of them;
//   - does not decode to text, so base64 of ordinary text passes;
//   - not a known public digest or key: SRI "sha512-…", go.sum "h1:…",
//     ssh public key blobs.
//
// Paths are split at '/' when the run starts with one or has more slashes
// than random base64 would (one in 16); each segment is judged alone.
func entropyRun(b []byte, s, e int, spans []span) []span {
	slashes := 0
	for j := s; j < e; j++ {
		if b[j] == '/' {
			slashes++
		}
	}
	if slashes > 0 && (b[s] == '/' || slashes*16 > e-s) {
		seg := s
		for j := s; j <= e; j++ {
			if j == e || b[j] == '/' {
				if j-seg >= minRun {
					spans = judgeRun(b, seg, j, spans)
				}
				seg = j + 1
			}
		}
		return spans
	}
	return judgeRun(b, s, e, spans)
}

func judgeRun(b []byte, s, e int, spans []span) []span {
	for s < e && (b[s] == '-' || b[s] == '_' || b[s] == '/' || b[s] == '+') {
		s++
	}
	for e > s && (b[e-1] == '-' || b[e-1] == '_' || b[e-1] == '/') {
		e--
	}
	n := e - s
	if n < minRun {
		return spans
	}
	r := b[s:e]
	if hasPrefix(r, "sha1-") || hasPrefix(r, "sha256-") || hasPrefix(r, "sha384-") ||
		hasPrefix(r, "sha512-") || hasPrefix(r, "AAAAB3NzaC1") || hasPrefix(r, "AAAAC3NzaC1") ||
		hasPrefix(r, "AAAAE2VjZHNh") || (s >= 3 && string(b[s-3:s]) == "h1:") {
		return spans
	}
	var up, lo, dg int
	for _, c := range r {
		switch {
		case isUpper(c):
			up++
		case isLower(c):
			lo++
		case isDigit(c):
			dg++
		}
	}
	if up == 0 || lo == 0 || dg == 0 {
		return spans
	}
	if entropy(r) < entropyThreshold(n) || wordy(r) || decodesToText(r) {
		return spans
	}
	for e < len(b) && e-s-n < 2 && b[e] == '=' { // base64 padding
		e++
	}
	return append(spans, span{s, e, kindEntropy, prioEntropy})
}

// entropy returns the Shannon entropy of r in bits per byte.
func entropy(r []byte) float64 {
	var counts [128]uint16
	for _, c := range r {
		counts[c&0x7f]++
	}
	n := float64(len(r))
	h := 0.0
	for _, k := range counts {
		if k > 0 {
			p := float64(k) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// entropyThreshold is about the 1st percentile of the entropy of n
// uniformly random base64 characters.
func entropyThreshold(n int) float64 {
	return math.Min(0.84*math.Log2(float64(n)), 4.8)
}

// wordy reports whether at least half of r is made of word-like runs: four
// or more lower-case letters, with the capital before them.
func wordy(r []byte) bool {
	inWords := 0
	for i := 0; i < len(r); {
		if !isLower(r[i]) {
			i++
			continue
		}
		j := i
		for j < len(r) && isLower(r[j]) {
			j++
		}
		if j-i >= 4 {
			inWords += j - i
			if i > 0 && isUpper(r[i-1]) {
				inWords++
			}
		}
		i = j
	}
	return 2*inWords >= len(r)
}

// decodesToText reports whether r, read as base64 or base64url, decodes to
// mostly printable text (its first 48 bytes are checked).
func decodesToText(r []byte) bool {
	var out [48]byte
	n := 0
	var acc uint32
	bits := 0
	for _, c := range r {
		v, ok := b64val(c)
		if !ok {
			break
		}
		acc = acc<<6 | uint32(v)
		bits += 6
		if bits >= 8 {
			bits -= 8
			out[n] = byte(acc >> bits)
			n++
			if n == len(out) {
				break
			}
		}
	}
	if n < 8 {
		return false
	}
	d := out[:n]
	printable := 0
	for _, c := range d {
		if (c >= 0x20 && c < 0x7f) || c == '\n' || c == '\r' || c == '\t' {
			printable++
		}
	}
	if printable*100 >= n*85 {
		return true
	}
	// Non-ASCII text: valid UTF-8 (allowing a rune cut at the end) with no
	// control bytes.
	for k := 0; k < utf8.UTFMax && len(d) > 0; k++ {
		if utf8.Valid(d) {
			for _, c := range d {
				if c < 0x20 && c != '\n' && c != '\r' && c != '\t' {
					return false
				}
			}
			return printable < n // some multi-byte runes present
		}
		d = d[:len(d)-1]
	}
	return false
}

func b64val(c byte) (byte, bool) {
	switch {
	case isUpper(c):
		return c - 'A', true
	case isLower(c):
		return c - 'a' + 26, true
	case isDigit(c):
		return c - '0' + 52, true
	case c == '+' || c == '-':
		return 62, true
	case c == '/' || c == '_':
		return 63, true
	}
	return 0, false
}
