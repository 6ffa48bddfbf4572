package interp

import (
	"encoding/binary"
	"strconv"
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
	b = append(b, clampTZOffsets(tz)...)
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

// clampTZOffsets rewrites the standard and daylight-saving offsets of a
// POSIX TZ string as glibc's tzset reads them: hours beyond 24 count as
// 24, minutes and seconds beyond 59 as 59 (compute_offset). Go's parser
// takes hours up to 167 and rejects the rest, so "UTC-25" would be 25
// hours ahead, not glibc's 24.
func clampTZOffsets(tz string) string {
	out := make([]byte, 0, len(tz))
	i := 0
	for part := 0; part < 2 && i < len(tz); part++ {
		name := posixStdName(tz[i:])
		if name == "" {
			break
		}
		n := len(name)
		if tz[i] == '<' {
			n += 2
		}
		out = append(out, tz[i:i+n]...)
		i += n
		j := i
		if j < len(tz) && (tz[j] == '+' || tz[j] == '-') {
			j++
		}
		var fields []int
		for len(fields) < 3 {
			k := j
			for k < len(tz) && tz[k] >= '0' && tz[k] <= '9' {
				k++
			}
			if k == j {
				break
			}
			v, _ := strconv.Atoi(tz[j:min(k, j+9)])
			fields = append(fields, v)
			j = k
			if len(fields) == 3 || j+1 >= len(tz) || tz[j] != ':' || tz[j+1] < '0' || tz[j+1] > '9' {
				break
			}
			j++
		}
		if len(fields) == 0 {
			break // no offset: left as written
		}
		if tz[i] == '+' || tz[i] == '-' {
			out = append(out, tz[i])
		}
		for f, v := range fields {
			limit := 59
			if f == 0 {
				limit = 24
				out = strconv.AppendInt(out, int64(min(v, limit)), 10)
				continue
			}
			out = append(out, ':')
			out = strconv.AppendInt(out, int64(min(v, limit)), 10)
		}
		i = j
	}
	return string(append(out, tz[i:]...))
}
