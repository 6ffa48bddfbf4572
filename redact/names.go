package redact

// SecretName reports whether a variable, key or flag name looks like it
// holds a secret: case-insensitively it contains TOKEN, SECRET, PASSWORD,
// PASSWD, APIKEY, API_KEY, CREDENTIAL or PRIVATE_KEY, ends in _KEY, _PASS
// or _PWD, or starts with AWS_. '-' and '.' count as '_', so flag names
// like "api-key" qualify too.
//
// Known non-secrets are excluded: names ending in TOKENS or containing
// TOKENIZER (counts and tools, as in MAX_TOKENS), *PUBLIC_KEY, the AWS_
// settings AWS_REGION, AWS_DEFAULT_REGION, AWS_PROFILE,
// AWS_DEFAULT_OUTPUT and AWS_PAGER, and (outside AWS_) names whose value
// is about the secret rather than the secret itself: *_FILE, *_PATH,
// *_DIR, *_ID, *_LENGTH, *_STDIN, NO_* and the like (TOKEN_FILE,
// PASSWORD_MIN_LENGTH, --password-stdin). KEYBOARD, MONKEY, PATH, HOME and
// SSH_AUTH_SOCK are not secret names.
func SecretName(name string) bool {
	return secretKey(strBytes(name), true)
}

// secretKey is SecretName on bytes; awsPrefix enables the AWS_ rule, which
// suits environment variables but is too broad for keys in free text.
func secretKey(name []byte, awsPrefix bool) bool {
	if len(name) < 3 {
		return false
	}
	var buf [80]byte
	if len(name) > len(buf) {
		name = name[len(name)-len(buf):] // the suffix decides
	}
	n := normName(name, buf[:])
	if awsPrefix && hasPrefix(n, "AWS_") {
		switch string(n) {
		case "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_PROFILE", "AWS_DEFAULT_OUTPUT", "AWS_PAGER":
			return false
		}
		return true
	}
	secret := contains(n, "TOKEN") || contains(n, "SECRET") || contains(n, "PASSWORD") ||
		contains(n, "PASSWD") || contains(n, "APIKEY") || contains(n, "API_KEY") ||
		contains(n, "CREDENTIAL") || contains(n, "PRIVATE_KEY") || contains(n, "PRIVATEKEY") ||
		hasSuffix(n, "_KEY") || hasSuffix(n, "_PASS") || hasSuffix(n, "_PWD")
	return secret && !namesNonSecret(n) &&
		!hasSuffix(n, "PUBLIC_KEY") && !hasSuffix(n, "TOKENS") && !contains(n, "TOKENIZER")
}

// normName writes name upper-cased, with '-' and '.' as '_', into buf and
// returns the written prefix. buf must be at least len(name) long.
func normName(name []byte, buf []byte) []byte {
	if len(name) > len(buf) {
		name = name[len(name)-len(buf):]
	}
	for i, c := range name {
		if c == '-' || c == '.' {
			c = '_'
		}
		buf[i] = upper(c)
	}
	return buf[:len(name)]
}

func contains(b []byte, sub string) bool {
	if len(sub) > len(b) {
		return false
	}
	c0 := sub[0]
	for i := 0; i+len(sub) <= len(b); i++ {
		if b[i] == c0 && string(b[i:i+len(sub)]) == sub {
			return true
		}
	}
	return false
}

func hasSuffix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[len(b)-len(s):]) == s
}

// namesNonSecret reports secret-looking names whose value is not the
// secret itself but a file, path, id, length or switch about it:
// TOKEN_FILE, SECRET_ID, PASSWORD_MIN_LENGTH, password-stdin, no-password.
// n must be normalised by normName.
func namesNonSecret(n []byte) bool {
	for _, suf := range [...]string{"_FILE", "_PATH", "_DIR", "_ENV", "_NAME", "_ID", "_ARN",
		"_STDIN", "_TYPE", "_URL", "_URI", "_TTL", "_LENGTH", "_COMMAND", "_CMD", "_EXPIRY", "_EXPIRES_IN"} {
		if hasSuffix(n, suf) {
			return true
		}
	}
	return hasPrefix(n, "NO_")
}
