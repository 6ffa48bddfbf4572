package interp

import (
	"encoding/binary"
	"os"
)

// Indexes of the key capabilities readline binds in a compiled terminfo
// entry's string table (ncurses' order of the standard capabilities).
const (
	tiKeyDC    = 59  // kdch1, Delete
	tiKeyDown  = 61  // kcud1
	tiKeyHome  = 76  // khome
	tiKeyIC    = 77  // kich1, Insert
	tiKeyLeft  = 79  // kcub1
	tiKeyNPage = 81  // knp, Page Down
	tiKeyPPage = 82  // kpp, Page Up
	tiKeyRight = 83  // kcuf1
	tiKeyUp    = 87  // kcuu1
	tiKeyEnd   = 164 // kend
)

// termKey is a key the terminal sends and the function readline binds
// it to.
type termKey struct{ seq, fn string }

// terminalKeys returns the keys of term's terminfo entry that readline
// binds where nothing else is bound (bind_termcap_arrow_keys), in its
// order; none for a terminal the database does not know.
func terminalKeys(term, terminfo, home string) []termKey {
	if term == "" {
		term = "dumb"
	}
	path := terminfoPath(term, terminfo, home)
	if path == "" {
		return nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	caps := terminfoStrings(b)
	var keys []termKey
	for _, k := range []struct {
		cap int
		fn  string
	}{
		{tiKeyUp, "previous-history"}, {tiKeyDown, "next-history"},
		{tiKeyRight, "forward-char"}, {tiKeyLeft, "backward-char"},
		{tiKeyHome, "beginning-of-line"}, {tiKeyEnd, "end-of-line"},
		{tiKeyDC, "delete-char"}, {tiKeyIC, "overwrite-mode"},
		{tiKeyNPage, "history-search-forward"}, {tiKeyPPage, "history-search-backward"},
	} {
		if k.cap < len(caps) && caps[k.cap] != "" {
			keys = append(keys, termKey{caps[k.cap], k.fn})
		}
	}
	return keys
}

// terminfoStrings returns the string capabilities of a compiled terminfo
// entry (term(5): the legacy format, or the one with 32-bit numbers),
// "" for those absent; nil for a file it cannot read.
func terminfoStrings(b []byte) []string {
	if len(b) < 12 {
		return nil
	}
	h := func(i int) int { return int(int16(binary.LittleEndian.Uint16(b[2*i:]))) }
	numSize := 2
	switch binary.LittleEndian.Uint16(b) {
	case 0432:
	case 01036:
		numSize = 4
	default:
		return nil
	}
	names, bools, nums, strs, tab := h(1), h(2), h(3), h(4), h(5)
	if names < 0 || bools < 0 || nums < 0 || strs < 0 || tab < 0 {
		return nil
	}
	off := 12 + names + bools
	off += off & 1 // numbers start on an even byte
	off += nums * numSize
	table := off + strs*2
	if table+tab > len(b) {
		return nil
	}
	out := make([]string, strs)
	for i := range out {
		o := int(int16(binary.LittleEndian.Uint16(b[off+2*i:])))
		if o < 0 || o >= tab {
			continue
		}
		s := b[table+o : table+tab]
		for j, c := range s {
			if c == 0 {
				s = s[:j]
				break
			}
		}
		out[i] = string(s)
	}
	return out
}
