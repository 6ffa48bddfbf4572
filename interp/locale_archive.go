package interp

import (
	"bytes"
	"encoding/binary"
	"os"
	"syscall"
)

// localeArchive is glibc's archive of compiled locales (localedef adds to
// it; distributions' locales packages fill it).
const localeArchive = "/usr/lib/locale/locale-archive"

// The archive starts with glibc's struct locarhead (locarchive.h), in the
// byte order of the machine that wrote it: a magic number, then offsets
// and sizes of its tables as 32-bit words. Its name hash table has
// namehash_size entries of three words: the name's hash, the file offset
// of the name (NUL-terminated, in the string table) and that of the
// locale's record, 0 for a free or deleted entry.
const (
	locarMagic      = 0xde020109
	locarHeadSize   = 14 * 4
	locarNamehashOf = 2 * 4 // namehash_offset
	locarNamehashN  = 4 * 4 // namehash_size
	locarStringOf   = 5 * 4 // string_offset
	locarStringUsed = 6 * 4 // string_used
	namehashEntSize = 3 * 4
	locarMaxTable   = 16 << 20 // sanity bound on a table read
)

// archiveHasLocale reports whether the locale archive at path holds a
// locale named by one of names.
func archiveHasLocale(path string, names []string) bool {
	f, err := openRaw(path, syscall.O_RDONLY, 0)
	if err != nil {
		return false
	}
	defer f.Close()
	_, ok := archiveLookup(f, names)
	return ok
}

// archiveLookup finds a locale named by one of names in the open archive
// f: the file offset of its record. It reads the header and the name hash
// table and then each used entry's name, not the whole archive (megabytes
// of locale data); an archive glibc would not accept holds nothing.
func archiveLookup(f *os.File, names []string) (uint32, bool) {
	var head [locarHeadSize]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return 0, false
	}
	order := binary.NativeEndian
	if order.Uint32(head[0:]) != locarMagic {
		return 0, false
	}
	off := int64(order.Uint32(head[locarNamehashOf:]))
	n := int64(order.Uint32(head[locarNamehashN:]))
	if n*namehashEntSize > locarMaxTable {
		return 0, false
	}
	table := make([]byte, n*namehashEntSize)
	if _, err := f.ReadAt(table, off); err != nil {
		return 0, false
	}
	strOff := int64(order.Uint32(head[locarStringOf:]))
	strUsed := int64(order.Uint32(head[locarStringUsed:]))
	if strUsed > locarMaxTable {
		return 0, false
	}
	strs := make([]byte, strUsed)
	if _, err := f.ReadAt(strs, strOff); err != nil {
		return 0, false
	}
	for e := table; len(e) >= namehashEntSize; e = e[namehashEntSize:] {
		at, rec := int64(order.Uint32(e[4:])), order.Uint32(e[8:])
		if rec == 0 || at < strOff || at >= strOff+strUsed {
			continue
		}
		name := strs[at-strOff:]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		for _, want := range names {
			if string(name) == want {
				return rec, true
			}
		}
	}
	return 0, false
}
