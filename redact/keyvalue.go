package redact

// keyValue masks the value in key=value, key: value, "key": "value" and
// --key=value when the key looks secret. b[i] is the '=' or ':'.
func keyValue(b []byte, i int, spans []span) []span {
	sep := b[i]
	if sep == '=' {
		// Comparisons, not assignments: "==", "!=", "<=", ">=".
		if i+1 < len(b) && b[i+1] == '=' {
			return spans
		}
		if i > 0 && (b[i-1] == '=' || b[i-1] == '!' || b[i-1] == '<' || b[i-1] == '>') {
			return spans
		}
	}
	// The key ends before the separator, optional blanks and a quote.
	ke := i
	for ke > 0 && i-ke < 4 && (b[ke-1] == ' ' || b[ke-1] == '\t') {
		ke--
	}
	quotedKey := false
	if ke > 0 && (b[ke-1] == '"' || b[ke-1] == '\'') {
		ke--
		quotedKey = true
	}
	ks := ke
	for ks > 0 && ke-ks < 80 && isKeyChar(b[ks-1]) {
		ks--
	}
	if ks == ke || (ks > 0 && isKeyChar(b[ks-1])) {
		return spans // no key, or one too long to be a name
	}
	key := b[ks:ke]
	// Dotted keys ("spring.datasource.password", "token.go") are judged by
	// their last segment.
	for j := len(key) - 1; j >= 0; j-- {
		if key[j] == '.' {
			key = key[j+1:]
			break
		}
	}
	for len(key) > 0 && key[0] == '-' {
		key = key[1:]
	}
	auth := isAuthorizationKey(key)
	if !auth && !secretKey(key, false) {
		return spans
	}

	// The value.
	s := i + 1
	for s < len(b) && s-i <= 4 && (b[s] == ' ' || b[s] == '\t') {
		s++
	}
	if s >= len(b) {
		return spans
	}
	var e int
	quoted := false
	if q := b[s]; q == '"' || q == '\'' || q == '`' {
		quoted = true
		s++
		e = s
		for e < len(b) && b[e] != q && b[e] != '\n' {
			e++
		}
	} else if auth {
		// "Authorization: Bearer x": the scheme and its credentials.
		e = s
		for e < len(b) && b[e] != '\n' && b[e] != '\r' && b[e] != '"' && b[e] != '\'' {
			e++
		}
	} else {
		e = s
		for e < len(b) && !endsBareValue(b[e]) {
			e++
		}
	}
	if auth {
		return authValue(b, s, e, spans)
	}
	v := b[s:e]
	if len(v) == 0 || isMarker(v) || isPlaceholder(v) {
		return spans
	}
	// "Error: invalid token: expired" is prose. Unquoted values after ':'
	// (outside JSON) must look like data: a digit or a symbol.
	if sep == ':' && !quoted && !quotedKey && (len(v) < 4 || allLetters(v)) {
		return spans
	}
	kind := kindSecret
	if isAWSSecretKeyName(key) && len(v) == 40 {
		kind = kindAWSSecretKey
	} else if isPasswordName(key) {
		kind = kindPassword
	}
	return append(spans, span{s, e, kind, prioContext})
}

// authValue masks the credentials of an Authorization header value in
// b[s:e] ("Bearer x", "Basic x", "token x"), keeping the scheme word.
func authValue(b []byte, s, e int, spans []span) []span {
	w := s
	for w < e && isAlpha(b[w]) {
		w++
	}
	kind := kindAuthHeader
	cs := s
	if w < e && w > s && b[w] == ' ' {
		switch {
		case hasPrefixFold(b[s:w], "bearer") && w-s == 6:
			kind = kindBearer
		case hasPrefixFold(b[s:w], "basic") && w-s == 5:
			kind = kindBasic
		}
		cs = w
		for cs < e && b[cs] == ' ' {
			cs++
		}
	}
	// A bare value ends at a blank; a quoted one at its quote.
	ce := cs
	for ce < e && b[ce] > ' ' {
		ce++
	}
	if ce == cs || isMarker(b[cs:ce]) {
		return spans
	}
	return append(spans, span{cs, ce, kind, prioShape})
}

// isKeyChar is the alphabet of configuration keys and flag names.
func isKeyChar(c byte) bool {
	return isAlnum(c) || c == '_' || c == '-' || c == '.'
}

// endsBareValue reports whether c ends an unquoted value.
func endsBareValue(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', '&', ',', ';', ')', '}', ']', '<', '>', '|':
		return true
	}
	return c < ' '
}

// isPlaceholder reports values that are references or literals, not
// secrets: $VAR, ${VAR}, $(cmd), {{ tmpl }}, null, true, false.
func isPlaceholder(v []byte) bool {
	if v[0] == '$' || hasPrefix(v, "{{") || hasPrefix(v, "%(") {
		return true
	}
	switch string(v) {
	case "null", "nil", "None", "true", "false", "True", "False", "***", "<redacted>":
		return true
	}
	return false
}

func allLetters(v []byte) bool {
	for _, c := range v {
		if !isAlpha(c) {
			return false
		}
	}
	return true
}

func isAuthorizationKey(k []byte) bool {
	const a = "authorization"
	return len(k) >= len(a) && hasPrefixFold(k[len(k)-len(a):], a) &&
		(len(k) == len(a) || k[len(k)-len(a)-1] == '-' || k[len(k)-len(a)-1] == '_')
}

func isAWSSecretKeyName(k []byte) bool {
	var buf [80]byte
	n := normName(k, buf[:])
	return contains(n, "SECRET_ACCESS_KEY") || contains(n, "SECRETACCESSKEY") || hasSuffix(n, "AWS_SECRET_KEY")
}

func isPasswordName(k []byte) bool {
	var buf [80]byte
	n := normName(k, buf[:])
	return contains(n, "PASSW") || hasSuffix(n, "_PASS") || hasSuffix(n, "_PWD")
}
