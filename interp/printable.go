package interp

// printableFilename is how bash names a command or file with characters
// that are not printable in its messages (printable_filename): as $'…',
// so that "command not found" for "\003" shows $'\003' and not the byte.
func printableFilename(name string) string {
	if needsANSIQuote(name) {
		return ansiQuote(name)
	}
	return name
}
