package redact

import "strings"

// Argv masks a command's arguments. Each argument is first masked for the
// tainted values (see Tainted), then by shape (see String), and besides:
//
//   - NAME=value where SecretName(NAME) becomes NAME=[REDACTED:secret-var];
//   - a flag whose name is secret (--token, --password, --api-key,
//     --client-secret, -password …) has its value masked, whether attached
//     (--password=x) or in the next argument (--token x); flags naming a
//     file, path or id (--token-file, --secret-id) and --password-stdin are
//     left alone;
//   - for the mysql family, -pSECRET; for sshpass, -p SECRET and -pSECRET;
//     for curl, the password in -u/--user user:password.
//
// It returns argv itself when nothing changed, otherwise a new slice; argv
// is never modified.
func Argv(argv []string, tainted []string) []string {
	var out []string
	set := func(i int, v string) {
		if v == argv[i] {
			return
		}
		if out == nil {
			out = make([]string, len(argv))
			copy(out, argv)
		}
		out[i] = v
	}
	cmd := ""
	if len(argv) > 0 {
		cmd = argv[0]
		if k := strings.LastIndexByte(cmd, '/'); k >= 0 {
			cmd = cmd[k+1:]
		}
	}
	next := "" // kind to mask the next argument with
	for i, a := range argv {
		v := taintedString(a, tainted)
		if next != "" {
			kind := next
			next = ""
			if v != "" && !strings.HasPrefix(v, "-") && !strings.HasPrefix(v, markerPrefix) {
				if kind == "curl-user" {
					v = maskUserPassword(v)
				} else {
					v = markerPrefix + kind + "]"
				}
				set(i, v)
				continue
			}
		}
		if i > 0 {
			var kind string
			v, kind = argFlag(cmd, v)
			next = kind
		}
		if name, _, ok := strings.Cut(v, "="); ok && isIdentifier(name) && SecretName(name) &&
			!strings.HasPrefix(v[len(name)+1:], markerPrefix) {
			v = name + "=" + markerPrefix + kindSecretVar + "]"
		}
		set(i, String(v))
	}
	if out == nil {
		return argv
	}
	return out
}

// argFlag masks the value attached to a secret flag in a and returns it,
// with the kind to mask the next argument with when the value is separate.
func argFlag(cmd, a string) (string, string) {
	if len(a) < 2 || a[0] != '-' {
		return a, ""
	}
	switch cmd {
	case "mysql", "mysqldump", "mysqladmin", "mysqlimport", "mysqlcheck", "mysqlshow",
		"mysqlpump", "mysqlsh", "mariadb", "mariadb-dump", "mariadb-admin":
		if len(a) > 2 && a[1] == 'p' {
			return maskFrom(a, 2, kindPassword), ""
		}
	case "sshpass":
		if a == "-p" {
			return a, kindPassword
		}
		if len(a) > 2 && a[1] == 'p' {
			return maskFrom(a, 2, kindPassword), ""
		}
	case "curl":
		if a == "-u" || a == "--user" || a == "--proxy-user" || a == "-U" {
			return a, "curl-user"
		}
		if strings.HasPrefix(a, "--user=") {
			return "--user=" + maskUserPassword(a[len("--user="):]), ""
		}
		if len(a) > 2 && a[1] == 'u' {
			return "-u" + maskUserPassword(a[2:]), ""
		}
	}
	name := strings.TrimLeft(a, "-")
	val := ""
	eq := strings.IndexByte(name, '=')
	if eq >= 0 {
		name, val = name[:eq], name[eq+1:]
	}
	if !secretFlag(name) {
		return a, ""
	}
	kind := kindSecret
	if isPasswordName(strBytes(name)) {
		kind = kindPassword
	}
	if eq < 0 {
		return a, kind
	}
	if val == "" {
		return a, ""
	}
	return maskFrom(a, len(a)-len(val), kind), ""
}

// secretFlag reports whether a flag name (without dashes) takes a secret
// value.
func secretFlag(name string) bool {
	return isIdentifierish(name) && SecretName(name)
}

// maskFrom masks a[i:] with kind unless it already is a marker.
func maskFrom(a string, i int, kind string) string {
	if strings.HasPrefix(a[i:], markerPrefix) {
		return a
	}
	return a[:i] + markerPrefix + kind + "]"
}

// maskUserPassword masks the password in curl's user:password.
func maskUserPassword(v string) string {
	k := strings.IndexByte(v, ':')
	if k < 0 || k == len(v)-1 {
		return v
	}
	return maskFrom(v, k+1, kindPassword)
}

// isIdentifier reports whether s is a shell variable name.
func isIdentifier(s string) bool {
	if s == "" || isDigit(s[0]) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isAlnum(c) && c != '_' {
			return false
		}
	}
	return true
}

// isIdentifierish reports whether s is a flag name: letters, digits, '-',
// '_' and '.'.
func isIdentifierish(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isKeyChar(s[i]) {
			return false
		}
	}
	return s != ""
}
