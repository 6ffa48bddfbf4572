package redact

import "bytes"

// scan appends to spans the secrets found in b and returns the result.
//
// It is one pass over b. Most bytes cost a class test and a switch: the
// detectors run only at trigger bytes (a known first letter at a word
// start, '=', ':', "-----") and at the end of runs of base64 characters
// long enough to be a key.
func scan(b []byte, spans []span) []span {
	n := len(b)
	runStart := -1
	noEntropyUntil := 0 // inside a public PEM block (certificates)
	// Whether a mysql client is named on the current line before i, for
	// "-pSECRET"; searched incrementally so long lines stay linear.
	lineStart, myLine, myChecked, myFound := 0, -1, 0, false
	for i := 0; i < n; {
		c := b[i]
		cl := class[c]
		if cl&cRun == 0 {
			if runStart >= 0 {
				if i-runStart >= minRun && runStart >= noEntropyUntil {
					spans = entropyRun(b, runStart, i, spans)
				}
				runStart = -1
			}
			switch c {
			case ':':
				if hasPrefix(b[i+1:], "//") {
					spans = urlPassword(b, i, spans)
				} else {
					spans = keyValue(b, i, spans)
				}
			case '=':
				spans = keyValue(b, i, spans)
			case '\n':
				lineStart = i + 1
			}
			i++
			continue
		}
		if runStart < 0 {
			runStart = i
		}
		if cl&cAlnum == 0 {
			if c == '-' {
				if hasPrefix(b[i:], "-----BEGIN ") {
					end, private := pemBlock(b, i)
					if private {
						spans = append(spans, span{i, end, kindPrivateKey, prioShape})
						i = end
						runStart = -1
						continue
					}
					noEntropyUntil = end
				} else if i+2 < n && (i == 0 || b[i-1] == ' ' || b[i-1] == '\t') {
					if b[i+1] == '-' && isAlpha(b[i+2]) {
						spans = flagValue(b, i, spans)
					} else if b[i+1] == 'p' && b[i+2] > ' ' {
						if myLine != lineStart {
							myLine, myChecked, myFound = lineStart, lineStart, false
						}
						if !myFound {
							from := max(myChecked-len("mariadb"), myLine)
							myFound = bytes.Contains(b[from:i], []byte("mysql")) ||
								bytes.Contains(b[from:i], []byte("mariadb"))
							myChecked = i
						}
						if myFound {
							spans = mysqlPassword(b, i, spans)
						}
					}
				}
			}
			i++
			continue
		}
		// An alphanumeric word: shapes start at its first letter; the rest
		// of it is skipped in a tight loop.
		if cl&cTrigger != 0 && (i == 0 || class[b[i-1]]&cAlnum == 0) {
			spans = prefixed(b, i, spans)
		}
		i++
		for i < n && class[b[i]]&cAlnum != 0 {
			i++
		}
	}
	if runStart >= 0 && n-runStart >= minRun && runStart >= noEntropyUntil {
		spans = entropyRun(b, runStart, n, spans)
	}
	return spans
}

// isRunChar reports whether c belongs to a base64 or base64url run.
func isRunChar(c byte) bool { return class[c]&cRun != 0 }

// tokenShape is a credential recognised by its prefix.
type tokenShape struct {
	prefix string
	kind   string
	min    int               // minimum body length after the prefix
	body   func(byte) bool   // body character class
	check  func([]byte) bool // optional extra test on the body
}

func alnumOrUnderscore(c byte) bool { return isAlnum(c) || c == '_' }
func alnumDashUnderscore(c byte) bool {
	return isAlnum(c) || c == '_' || c == '-'
}
func alnumDash(c byte) bool    { return isAlnum(c) || c == '-' }
func upperOrDigit(c byte) bool { return isUpper(c) || isDigit(c) }

// len16 holds AWS key ids to their exact length.
func len16(b []byte) bool { return len(b) == 16 }

// hasUpperAndDigit guards the short "sk-" prefix against words like
// "sk-learn-compat-layer-module".
func hasUpperAndDigit(b []byte) bool {
	u, d := false, false
	for _, c := range b {
		u = u || isUpper(c)
		d = d || isDigit(c)
	}
	return u && d
}

// shapes is grouped by first letter (see shapesAt); within a group,
// longer prefixes sharing a start come first.
var shapes = [...]tokenShape{
	{"AKIA", kindAWSAccessKey, 16, upperOrDigit, len16}, // 0
	{"ASIA", kindAWSAccessKey, 16, upperOrDigit, len16},
	{"AGPA", kindAWSAccessKey, 16, upperOrDigit, len16},
	{"AIDA", kindAWSAccessKey, 16, upperOrDigit, len16},
	{"AROA", kindAWSAccessKey, 16, upperOrDigit, len16},
	{"ANPA", kindAWSAccessKey, 16, upperOrDigit, len16},
	{"AIza", kindGoogle, 30, alnumDashUnderscore, nil},
	{"github_pat_", kindGitHub, 22, alnumOrUnderscore, nil}, // 7
	{"ghp_", kindGitHub, 30, isAlnum, nil},
	{"gho_", kindGitHub, 30, isAlnum, nil},
	{"ghs_", kindGitHub, 30, isAlnum, nil},
	{"ghu_", kindGitHub, 30, isAlnum, nil},
	{"ghr_", kindGitHub, 30, isAlnum, nil},
	{"glpat-", kindGitLab, 20, alnumDashUnderscore, nil},
	{"gldt-", kindGitLab, 20, alnumDashUnderscore, nil},
	{"glrt-", kindGitLab, 20, alnumDashUnderscore, nil},
	{"glptt-", kindGitLab, 20, alnumDashUnderscore, nil},
	{"xoxa-", kindSlack, 10, alnumDash, nil}, // 17
	{"xoxb-", kindSlack, 10, alnumDash, nil},
	{"xoxp-", kindSlack, 10, alnumDash, nil},
	{"xoxo-", kindSlack, 10, alnumDash, nil},
	{"xoxr-", kindSlack, 10, alnumDash, nil},
	{"xoxs-", kindSlack, 10, alnumDash, nil},
	{"xapp-", kindSlack, 10, alnumDash, nil},
	{"sk-ant-", kindAnthropic, 20, alnumDashUnderscore, nil}, // 24
	{"sk_live_", kindStripe, 16, isAlnum, nil},
	{"sk_test_", kindStripe, 16, isAlnum, nil},
	{"sk-", kindOpenAI, 20, alnumDashUnderscore, hasUpperAndDigit},
	{"rk_live_", kindStripe, 16, isAlnum, nil}, // 28
	{"rk_test_", kindStripe, 16, isAlnum, nil},
	{"whsec_", kindStripe, 24, isAlnum, nil},             // 30
	{"npm_", kindNPM, 36, isAlnum, nil},                  // 31
	{"pypi-AgE", kindPyPI, 40, alnumDashUnderscore, nil}, // 32
}

// shapesAt returns the shapes whose prefix starts with c.
func shapesAt(c byte) []tokenShape {
	switch c {
	case 'A':
		return shapes[0:7]
	case 'g':
		return shapes[7:17]
	case 'x':
		return shapes[17:24]
	case 's':
		return shapes[24:28]
	case 'r':
		return shapes[28:30]
	case 'w':
		return shapes[30:31]
	case 'n':
		return shapes[31:32]
	case 'p':
		return shapes[32:33]
	}
	return nil
}

// prefixed matches the prefix shapes, JWTs and bare "Bearer x" at the word
// start b[i].
func prefixed(b []byte, i int, spans []span) []span {
	rest := b[i:]
	switch rest[0] {
	case 'e':
		if hasPrefix(rest, "eyJ") {
			if end := jwtEnd(b, i); end > 0 {
				return append(spans, span{i, end, kindJWT, prioShape})
			}
		}
		return spans
	case 'B', 'b':
		if hasPrefixFold(rest, "bearer") {
			return bearer(b, i+len("bearer"), spans)
		}
		return spans
	}
	if len(rest) < 4 {
		return spans
	}
	group := shapesAt(rest[0])
	for k := range group {
		sh := &group[k]
		if sh.prefix[1] != rest[1] || !hasPrefix(rest, sh.prefix) {
			continue
		}
		s := i + len(sh.prefix)
		e := s
		for e < len(b) && sh.body(b[e]) {
			e++
		}
		if e-s < sh.min || (e < len(b) && isAlnum(b[e])) {
			continue
		}
		if sh.check != nil && !sh.check(b[s:e]) {
			continue
		}
		return append(spans, span{i, e, sh.kind, prioShape})
	}
	return spans
}

// jwtEnd returns the end of a JWT starting at b[i] ("eyJ" header, payload,
// optional signature) or 0.
func jwtEnd(b []byte, i int) int {
	e := i
	for seg := 0; seg < 3; seg++ {
		s := e
		for e < len(b) && (isAlnum(b[e]) || b[e] == '-' || b[e] == '_') {
			e++
		}
		if seg < 2 {
			if e-s < 8 || e >= len(b) || b[e] != '.' {
				return 0
			}
			e++ // the dot
		}
	}
	if e < len(b) && b[e] == '=' { // rare padding
		e++
	}
	return e
}

// bearer masks the token after the word "Bearer" ending at b[i].
func bearer(b []byte, i int, spans []span) []span {
	s := i
	for s < len(b) && (b[s] == ' ' || b[s] == '\t') {
		s++
	}
	if s == i || s >= len(b) || isMarker(b[s:]) {
		return spans
	}
	e := s
	sym := false
	for e < len(b) && isTokenChar(b[e]) {
		sym = sym || !isAlpha(b[e])
		e++
	}
	// "Bearer authentication" is prose; tokens carry digits or symbols.
	if e-s < 8 || !sym {
		return spans
	}
	return append(spans, span{s, e, kindBearer, prioShape})
}

// isTokenChar is the RFC 6750 b64token alphabet.
func isTokenChar(c byte) bool {
	switch c {
	case '-', '.', '_', '~', '+', '/', '=':
		return true
	}
	return isAlnum(c)
}

// pemBlock returns the end of the PEM block whose "-----BEGIN " starts at
// b[i] and whether it holds a private key. A block without END runs to the
// end of b (a truncated preview).
func pemBlock(b []byte, i int) (end int, private bool) {
	hdr := i + len("-----BEGIN ")
	nl := bytes.IndexByte(b[hdr:], '\n')
	line := b[hdr:]
	if nl >= 0 {
		line = b[hdr : hdr+nl]
	}
	private = bytes.Contains(line, []byte("PRIVATE KEY"))
	j := bytes.Index(b[hdr:], []byte("-----END "))
	if j < 0 {
		return len(b), private
	}
	end = hdr + j + len("-----END ")
	k := bytes.Index(b[end:], []byte("-----"))
	if k < 0 || bytes.IndexByte(b[end:end+k], '\n') >= 0 {
		return end, private
	}
	return end + k + len("-----"), private
}

// urlPassword masks the password in scheme://user:password@host, where
// b[i] is the ':' before "//".
func urlPassword(b []byte, i int, spans []span) []span {
	// The scheme: a letter then letters, digits, '+', '-', '.'.
	s := i
	for s > 0 && (isAlnum(b[s-1]) || b[s-1] == '+' || b[s-1] == '-' || b[s-1] == '.') {
		s--
	}
	if i-s < 2 || !isAlpha(b[s]) {
		return spans
	}
	auth := i + 3
	at, colon := -1, -1
	for j := auth; j < len(b); j++ {
		c := b[j]
		if c == '/' || c == '?' || c == '#' || c <= ' ' || c == '"' || c == '\'' || c == '<' || c == '>' || c == '`' || c == 0x7f {
			break
		}
		if c == '@' {
			at = j
		} else if c == ':' && colon < 0 {
			colon = j
		}
	}
	if at < 0 || colon < 0 || colon > at || colon+1 == at {
		return spans
	}
	pw := b[colon+1 : at]
	if isMarker(pw) || hasPrefix(pw, "${") || hasPrefix(pw, "$(") {
		return spans
	}
	return append(spans, span{colon + 1, at, kindURLPassword, prioShape})
}

// flagValue masks the value after a secret long flag in a command line,
// "--token VALUE", where b[i] starts the flag. "--flag=VALUE" is left to
// keyValue.
func flagValue(b []byte, i int, spans []span) []span {
	ns := i + 2
	ne := ns
	for ne < len(b) && isKeyChar(b[ne]) {
		ne++
	}
	if ne-ns > 64 || ne+1 >= len(b) || b[ne] != ' ' {
		return spans
	}
	if !secretKey(b[ns:ne], false) {
		return spans
	}
	vs := ne + 1
	if q := b[vs]; q == '"' || q == '\'' {
		vs++
		ve := vs
		for ve < len(b) && b[ve] != q && b[ve] != '\n' {
			ve++
		}
		return valueSpan(b, vs, ve, b[ns:ne], spans)
	}
	ve := vs
	for ve < len(b) && !endsBareValue(b[ve]) {
		ve++
	}
	if b[vs] == '-' {
		return spans // another flag: the secret is prompted for
	}
	return valueSpan(b, vs, ve, b[ns:ne], spans)
}

func valueSpan(b []byte, s, e int, name []byte, spans []span) []span {
	v := b[s:e]
	if len(v) == 0 || isMarker(v) || isPlaceholder(v) {
		return spans
	}
	kind := kindSecret
	if isPasswordName(name) {
		kind = kindPassword
	}
	return append(spans, span{s, e, kind, prioContext})
}

// mysqlPassword masks SECRET in "-pSECRET"; b[i] is the '-' and the
// caller has seen a mysql client named earlier on the line.
func mysqlPassword(b []byte, i int, spans []span) []span {
	s := i + 2
	e := s
	for e < len(b) && !endsBareValue(b[e]) {
		e++
	}
	if s == e || isMarker(b[s:e]) {
		return spans
	}
	return append(spans, span{s, e, kindPassword, prioContext})
}
