package interp

import (
	"encoding/binary"
	"time"
)

// posixZone is the zone a TZ value that names no zoneinfo file describes
// as a POSIX TZ string ("JST-9", "EST5EDT,M3.2.0,M11.1.0", "<+03>-3"),
// as glibc's tzset reads it. Go has no exported parser for these, but it
// reads one as the footer of a TZif file, so the zone is built as such a
// file. When the string does not parse, glibc keeps the leading zone name
// (if any) at offset 0: that is the file's only fixed zone.
func posixZone(tz string) *time.Location {
	name := posixStdName(tz)
	if name == "" {
		// glibc wants a name of three or more characters, quoted or not
		return time.FixedZone("", 0)
	}
	var b []byte
	header := func() {
		b = append(b, "TZif2"...)
		b = append(b, make([]byte, 15)...)
		// counts: isutc, isstd, leap, time, type, char
		for _, n := range []uint32{0, 0, 0, 0, 1, uint32(len(name) + 1)} {
			b = binary.BigEndian.AppendUint32(b, n)
		}
		// the one local time type: offset 0, not DST, its name at 0
		b = append(b, 0, 0, 0, 0, 0, 0)
		b = append(b, name...)
		b = append(b, 0)
	}
	header() // version 1 data, which readers of version 2 skip
	header()
	b = append(b, '\n')
	b = append(b, tz...)
	b = append(b, '\n')
	loc, err := time.LoadLocationFromTZData(tz, b)
	if err != nil {
		return time.FixedZone(name, 0)
	}
	return loc
}

// posixStdName is the standard-time name at the start of a POSIX TZ
// string: three or more letters, or anything quoted in <>; "" if none.
func posixStdName(tz string) string {
	if len(tz) > 0 && tz[0] == '<' {
		for i := 1; i < len(tz); i++ {
			if tz[i] == '>' {
				if i-1 >= 3 {
					return tz[1:i]
				}
				return ""
			}
		}
		return ""
	}
	i := 0
	for i < len(tz) && (tz[i] >= 'a' && tz[i] <= 'z' || tz[i] >= 'A' && tz[i] <= 'Z') {
		i++
	}
	if i < 3 {
		return ""
	}
	return tz[:i]
}
