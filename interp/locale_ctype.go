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
	class        [256]uint16
	upper, lower [256]byte // toupper and tolower
}

// The class bits of glibc's table (ctype.h _ISbit), as a little-endian
// machine stores them; the table is in the byte order of the machine
// that compiled the locale, which is this one.
const (
	isUpperBit  = 1 << 8
	isLowerBit  = 1 << 9
	isAlphaBit  = 1 << 10
	isDigitBit  = 1 << 11
	isXdigitBit = 1 << 12
	isSpaceBit  = 1 << 13
	isPrintBit  = 1 << 14
	isGraphBit  = 1 << 15
	isBlankBit  = 1 << 0
	isCntrlBit  = 1 << 1
	isPunctBit  = 1 << 2
	isAlnumBit  = 1 << 3
)

// ctypeBits are the table bits of the pattern classes; [:word:] is
// alnum and the underscore, [:ascii:] is what is below 0x80.
var ctypeBits = [...]uint16{
	ctAlnum: isAlnumBit, ctAlpha: isAlphaBit, ctBlank: isBlankBit,
	ctCntrl: isCntrlBit, ctDigit: isDigitBit, ctGraph: isGraphBit,
	ctLower: isLowerBit, ctPrint: isPrintBit, ctPunct: isPunctBit,
	ctSpace: isSpaceBit, ctUpper: isUpperBit, ctWord: isAlnumBit,
	ctXdigit: isXdigitBit,
}

// printable reports whether isprint(c) holds in the locale.
func (t *byteCtype) printable(c byte) bool { return t.class[c]&isPrintBit != 0 }

// convert applies a case conversion to the byte c as bash's sh_modcase
// does in a single-byte locale: toupper and tolower of the byte. A toggle
// asks iswupper and towlower instead, of the byte as a signed char, so a
// byte above 0x7f, negative, is in no class and stays as it is. The byte
// 0xFF as a signed char is -1, EOF, which toupper and tolower return as
// it is: KOI8-R's upper-case hard sign at 0xFF keeps its case.
func (t *byteCtype) convert(c byte, op caseOp) byte {
	switch {
	case c == 0xff:
		return c
	case op == caseUpper:
		return t.upper[c]
	case op == caseLower:
		return t.lower[c]
	case c >= 0x80:
		return c
	case t.class[c]&isUpperBit != 0:
		return t.lower[c]
	}
	return t.upper[c]
}

// foldIn is foldRune for a pattern's character in the locale whose
// table is ct: in a single-byte one (ct not nil) bash's FOLD is tolower
// of an upper-case byte, ASCII or not (decodeCharIn's 0xDC00+byte).
func foldIn(r rune, ct *byteCtype) rune {
	var b byte
	switch {
	case ct == nil:
		return foldRune(r)
	case r < 0x80:
		b = byte(r)
	case r >= 0xDC80 && r <= 0xDCFF:
		b = byte(r - 0xDC00)
	default:
		return foldRune(r)
	}
	if ct.class[b]&isUpperBit != 0 {
		b = ct.lower[b]
	}
	if b < 0x80 {
		return rune(b)
	}
	return 0xDC00 + rune(b)
}

// charset is how text is read in the locale in effect: as UTF-8, or as
// bytes (bytes), classified by ct in a single-byte locale other than C.
type charset struct {
	bytes bool
	ct    *byteCtype
}

// charset is the runner's charset, from LC_ALL, LC_CTYPE and LANG.
func (r *Runner) charset() charset {
	if r.utf8Locale() {
		return charset{}
	}
	return charset{bytes: true, ct: r.vars.ctype.bytes}
}

// inClass is isCtype for a pattern's character, which in a single-byte
// locale (ct not nil) is a byte above 0x7f decoded as 0xDC00+byte
// (decodeCharIn): bash's single-byte matcher asks isalpha and the rest
// about the byte, which the locale's table answers.
func inClass(c rune, t ctype, ct *byteCtype) bool {
	if ct != nil && c >= 0xDC80 && c <= 0xDCFF {
		return int(t) < len(ctypeBits) && ct.class[c-0xDC00]&ctypeBits[t] != 0
	}
	return isCtype(c, t)
}

// glibc's compiled LC_CTYPE data (a file of a locale directory, or a
// record of the locale archive) starts with a magic number, the number of
// items and each item's offset; item 0 is the class table, 384 16-bit
// words for the values -128 to 255, and item 13 is MB_CUR_MAX.
const (
	ctypeMagic     = 0x20090720 // LIMAGIC(LC_CTYPE)
	ctypeClassItem = 0
	ctypeUpperItem = 1 // toupper, 384 32-bit values
	ctypeLowerItem = 3 // tolower
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
	upper, lower := item(ctypeUpperItem, 384*4), item(ctypeLowerItem, 384*4)
	if mb == nil || class == nil || upper == nil || lower == nil || order.Uint32(mb) != 1 {
		return nil
	}
	t := &byteCtype{}
	for c := range t.class {
		t.class[c] = order.Uint16(class[(c+128)*2:])
		t.upper[c], t.lower[c] = byte(c), byte(c)
		if u := order.Uint32(upper[(c+128)*4:]); u < 256 {
			t.upper[c] = byte(u)
		}
		if l := order.Uint32(lower[(c+128)*4:]); l < 256 {
			t.lower[c] = byte(l)
		}
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
	if data, found := localeDirFile(names, "LC_CTYPE"); found {
		return data
	}
	return archiveCategory(localeArchive, names, lcCtype)
}

// localeDirFile reads the file of a locale category (LC_CTYPE,
// LC_NUMERIC) from the first locale directory that has one for one of
// names; found is false when none has, and data nil when it could not be
// read.
func localeDirFile(names []string, category string) (data []byte, found bool) {
	for _, d := range localeDirs() {
		for _, n := range names {
			p := filepath.Join(d, n, category)
			if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
				if fi.Size() > ctypeMaxData {
					return nil, true
				}
				data, err := os.ReadFile(p)
				if err != nil {
					return nil, true
				}
				return data, true
			}
		}
	}
	return nil, false
}

// locrec entries of the archive hold, after a reference count, the file
// offset and length of each category's data, by glibc's category
// numbers.
const (
	lcCtype   = 0
	lcNumeric = 1
)

// archiveCategory reads the data of category cat of the archived locale
// named by one of names, nil when there is none.
func archiveCategory(path string, names []string, cat int) []byte {
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
	if _, err := f.ReadAt(ent[:], int64(rec)+4+8*int64(cat)); err != nil {
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
