package interp

import (
	"encoding/binary"
	"strings"
	"sync"
)

// glibc's compiled LC_NUMERIC data starts, like LC_CTYPE's, with a magic
// number, the number of items and each item's offset; item 0 is the
// decimal point, a NUL-terminated string.
const numericMagic = 0x20031115 ^ 1 // LIMAGIC(LC_NUMERIC), category 1

// radixCache remembers the decimal point of each locale name asked for.
var radixCache sync.Map // string -> string

// numericRadix is the decimal point of the numeric locale in effect (the
// first of LC_ALL, LC_NUMERIC and LANG that is set and not empty), as
// bash's printf reads and writes floating-point numbers with strtold and
// printf: "," in fr_FR.UTF-8. A locale that is not installed, C and POSIX
// have ".".
func (r *Runner) numericRadix() string {
	name := r.localeFor("LC_NUMERIC")
	if name == "" || name == "C" || name == "POSIX" {
		return "."
	}
	if v, ok := radixCache.Load(name); ok {
		return v.(string)
	}
	radix := "."
	if localeAvailable(name) {
		if p := localeRadix(name); p != "" {
			radix = p
		}
	}
	radixCache.Store(name, radix)
	return radix
}

// localeRadix reads the decimal point of an installed locale from its
// compiled LC_NUMERIC data, in a locale directory or the locale archive
// (where localedef puts the locales of Debian's locales package); ""
// when it cannot.
func localeRadix(name string) string {
	names := localeNames(name)
	if names == nil {
		return ""
	}
	data, found := localeDirFile(names, "LC_NUMERIC")
	if !found {
		data = archiveCategory(localeArchive, names, lcNumeric)
	}
	return parseRadix(data)
}

// parseRadix returns the decimal point in compiled LC_NUMERIC data, ""
// when the data is not glibc's.
func parseRadix(data []byte) string {
	order := binary.NativeEndian
	if len(data) < 12 || order.Uint32(data) != numericMagic || order.Uint32(data[4:]) < 1 {
		return ""
	}
	off := int(order.Uint32(data[8:]))
	if off >= len(data) {
		return ""
	}
	s := string(data[off:])
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return s
}

// toCRadix rewrites a number written with the locale's decimal point
// radix for a parser that knows only ".": the radix becomes "." and a
// "." becomes a byte no number holds, so that strtold stops there as
// glibc's does in that locale.
func toCRadix(s, radix string) string {
	if radix == "." {
		return s
	}
	s = strings.ReplaceAll(s, ".", "\x01")
	return strings.ReplaceAll(s, radix, ".")
}
