package runner

import "nash/redact"

// redactBytes masks credential shapes in b; it is the one seam to package
// nash/redact. It returns b itself when nothing matched, else a new slice;
// b is not modified.
func redactBytes(b []byte) []byte {
	return redact.Bytes(b)
}
