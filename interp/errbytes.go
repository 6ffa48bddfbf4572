package interp

import "fmt"

// rawByte is an error message argument that %c shows as the byte itself:
// bash's messages print an option or format character as the byte read
// ("-\xe9: invalid option"), where Go's %c would encode a byte of 0x80 or
// more as a UTF-8 character.
type rawByte byte

// Format writes the byte as is for %c, and as a byte otherwise.
func (b rawByte) Format(f fmt.State, verb rune) {
	if verb == 'c' {
		f.Write([]byte{byte(b)})
		return
	}
	fmt.Fprintf(f, fmt.FormatString(f, verb), byte(b))
}

// rawByteArgs returns a with its non-ASCII byte arguments made rawBytes.
func rawByteArgs(a []any) []any {
	copied := false
	for i, x := range a {
		if b, ok := x.(byte); ok && b >= 0x80 {
			if !copied {
				a = append([]any(nil), a...)
				copied = true
			}
			a[i] = rawByte(b)
		}
	}
	return a
}
