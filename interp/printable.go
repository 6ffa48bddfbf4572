package interp

// filename is how bash names a command or file with characters
// that are not printable in its messages (printable_filename): as $'…',
// so that "command not found" for "\003" shows $'\003' and not the byte.
func (q quoter) filename(name string) string {
	if q.needsANSI(name) {
		return q.ansi(name)
	}
	return name
}
