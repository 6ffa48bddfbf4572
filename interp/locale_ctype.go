package interp

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"sync"
	"syscall"
)

// byteCtype is the character classification of a single-byte locale
// (KOI8-R, ISO-8859-7, ...): there, as in the C locale, a character is a
// byte, but bytes from 0x80 up may be letters and printable, as isprint
// says. bash quotes by isprint (ansic_shouldquote and ansic_quote), so a
// Cyrillic letter of a KOI8-R locale is written as itself in set -x,
// printf %q and ${x@Q} output where the C locale writes an octal escape.
type byteCtype struct {
	class [256]uint16
}

// The class bits of glibc's table (ctype.h _ISbit), as a little-endian
// machine stores them; the table is in the byte order of the machine
// that compiled the locale, which is this one.
const ctypePrintBit = 1 << 14 // _ISprint, bit 6 of the high byte

// printable reports whether isprint(c) holds in the locale.
func (t *byteCtype) printable(c byte) bool { return t.class[c]&ctypePrintBit != 0 }

// glibc's compiled LC_CTYPE data (a file of a locale directory, or a
// record of the locale archive) starts with a magic number, the number of
// items and each item's offset; item 0 is the class table, 384 16-bit
// words for the values -128 to 255, and item 13 is MB_CUR_MAX.
const (
	ctypeMagic     = 0x20090720 // LIMAGIC(LC_CTYPE)
	ctypeClassItem = 0
	ctypeMbMaxItem = 13
	ctypeMaxData   = 4 << 20 // sanity bound on the data read
)

// ctypeCache remembers the table of each locale name asked for (nil for
// one that is not single-byte or cannot be read).
var ctypeCache sync.Map // string -> *byteCtype

// loadByteCtype returns the classification of the locale name when it is
// an installed single-byte locale other than C and POSIX, else nil: the C
// locale's bytes above 0x7f are not printable, and the multibyte ones
// (UTF-8, EUC-JP, GB18030) are not handled by this table.
func loadByteCtype(name string) *byteCtype {
	if name == "C" || name == "POSIX" || utf8LocaleName(name) {
		return nil
	}
	if v, ok := ctypeCache.Load(name); ok {
		return v.(*byteCtype)
	}
	t := parseByteCtype(localeCtypeData(name))
	ctypeCache.Store(name, t)
	return t
}

// parseByteCtype reads the class table out of LC_CTYPE data, nil when
// the data is not glibc's or the locale is multibyte.
func parseByteCtype(data []byte) *byteCtype {
	order := binary.NativeEndian
	if len(data) < 8 || order.Uint32(data) != ctypeMagic {
		return nil
	}
	n := int(order.Uint32(data[4:]))
	if n <= ctypeMbMaxItem || len(data) < 8+4*n {
		return nil
	}
	item := func(i, size int) []byte {
		off := int(order.Uint32(data[8+4*i:]))
		if off < 0 || off+size > len(data) {
			return nil
		}
		return data[off : off+size]
	}
	mb := item(ctypeMbMaxItem, 4)
	class := item(ctypeClassItem, 384*2)
	if mb == nil || class == nil || order.Uint32(mb) != 1 {
		return nil
	}
	t := &byteCtype{}
	for c := range t.class {
		t.class[c] = order.Uint16(class[(c+128)*2:])
	}
	return t
}

// localeCtypeData reads the compiled LC_CTYPE data of an installed
// locale where glibc's setlocale finds it (findLocale): a locale
// directory under LOCPATH or /usr/lib/locale, else the locale archive.
func localeCtypeData(name string) []byte {
	names := localeNames(name)
	if names == nil {
		return nil
	}
	for _, d := range localeDirs() {
		for _, n := range names {
			p := filepath.Join(d, n, "LC_CTYPE")
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Size() <= ctypeMaxData {
				data, err := os.ReadFile(p)
				if err != nil {
					return nil
				}
				return data
			}
		}
	}
	return archiveCtype(localeArchive, names)
}

// locrec entries of the archive hold, after a reference count, the file
// offset and length of each category's data; LC_CTYPE is category 0.
const locrecCtype = 4

// archiveCtype reads the LC_CTYPE data of the archived locale named by one
// of names, nil when there is none.
func archiveCtype(path string, names []string) []byte {
	f, err := openRaw(path, syscall.O_RDONLY, 0)
	if err != nil {
		return nil
	}
	defer f.Close()
	rec, ok := archiveLookup(f, names)
	if !ok {
		return nil
	}
	var ent [8]byte
	if _, err := f.ReadAt(ent[:], int64(rec)+locrecCtype); err != nil {
		return nil
	}
	order := binary.NativeEndian
	off, n := order.Uint32(ent[0:]), order.Uint32(ent[4:])
	if n > ctypeMaxData {
		return nil
	}
	data := make([]byte, n)
	if _, err := f.ReadAt(data, int64(off)); err != nil {
		return nil
	}
	return data
}
