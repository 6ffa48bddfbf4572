package interp

import (
	"encoding/binary"
	"os"
	"strings"
)

// moCatalog is the messages of a GNU gettext .mo file: each original
// string (its singular form) to its translation (the first form).
type moCatalog map[string]string

// readMO reads the .mo file at path; nil when it cannot be read or is
// not a message catalog (glibc then tries the next file).
func readMO(path string) moCatalog {
	data, err := os.ReadFile(path)
	if err != nil || len(data) < 28 {
		return nil
	}
	var bo binary.ByteOrder
	switch binary.LittleEndian.Uint32(data) {
	case 0x950412de:
		bo = binary.LittleEndian
	case 0xde120495:
		bo = binary.BigEndian
	default:
		return nil
	}
	n := int(bo.Uint32(data[8:]))
	origs, trans := int(bo.Uint32(data[12:])), int(bo.Uint32(data[16:]))
	// str is the i-th string of the table at off: its length and offset.
	str := func(off, i int) (string, bool) {
		at := off + 8*i
		if at < 0 || at+8 > len(data) {
			return "", false
		}
		l, o := int(bo.Uint32(data[at:])), int(bo.Uint32(data[at+4:]))
		if o < 0 || l < 0 || o+l > len(data) {
			return "", false
		}
		return string(data[o : o+l]), true
	}
	cat := make(moCatalog, n)
	for i := 0; i < n; i++ {
		k, ok1 := str(origs, i)
		v, ok2 := str(trans, i)
		if !ok1 || !ok2 {
			return nil
		}
		// a plural entry is "singular\x00plural": gettext of the
		// singular finds it and gives the first form
		k, _, _ = strings.Cut(k, "\x00")
		v, _, _ = strings.Cut(v, "\x00")
		if k != "" {
			cat[k] = v
		}
	}
	return cat
}
