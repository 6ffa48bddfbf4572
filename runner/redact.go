package runner

// redactBytes masks credential shapes in b. It is the one seam to package
// nash/redact (redact.Bytes), which is being written concurrently: until it
// lands this returns a copy of b unchanged. Switch the body to
// `return redact.Bytes(b)` once nash/redact exists.
func redactBytes(b []byte) []byte {
	return append([]byte(nil), b...)
}
