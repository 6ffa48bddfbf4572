package interp

import (
	"strconv"
	"strings"
	"time"
)

// strftime formats t like glibc's strftime in the C/C.UTF-8 locale,
// including the _ - 0 ^ # flags and field widths.
func strftime(format string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 >= len(format) {
			b.WriteByte(c)
			continue
		}
		start := i
		i++
		var pad byte // 0: default
		upper, swapCase := false, false
	flags:
		for ; i < len(format); i++ {
			switch format[i] {
			case '_', '-', '0':
				// (glibc 2.36's strftime has no '+' flag: "%+4Y" is
				// an unknown conversion '+', copied as written)
				pad = format[i]
			case '^':
				upper = true
			case '#':
				swapCase = true
			default:
				break flags
			}
		}
		width := -1
		for ; i < len(format) && isDigit(format[i]); i++ {
			if width < 0 {
				width = 0
			}
			width = width*10 + int(format[i]-'0')
		}
		for i < len(format) && (format[i] == 'E' || format[i] == 'O') {
			i++
		}
		if i >= len(format) {
			b.WriteString(format[start:])
			break
		}
		conv := format[i]
		num := func(n, w int, defPad byte) {
			s := strconv.Itoa(abs(n))
			p := defPad
			if pad != 0 {
				p = pad
			}
			if width >= 0 {
				w = width
			}
			neg := n < 0
			if neg {
				w--
			}
			if p == '-' && width >= 0 {
				p = '_' // glibc: a width given pads with blanks after all
			}
			if p == '-' {
				if neg {
					b.WriteByte('-')
				}
				b.WriteString(s)
				return
			}
			if p == '_' {
				p = ' '
			}
			if neg && p == ' ' {
				for k := len(s) + 1; k < w+1; k++ {
					b.WriteByte(' ')
				}
				b.WriteByte('-')
				b.WriteString(s)
				return
			}
			if neg {
				b.WriteByte('-')
			}
			for k := len(s); k < w; k++ {
				b.WriteByte(p)
			}
			b.WriteString(s)
		}
		str := func(s string) {
			if upper {
				s = strings.ToUpper(s)
			} else if swapCase {
				s = strings.ToUpper(s)
			}
			for k := len(s); k < width; k++ {
				if pad == '0' {
					b.WriteByte('0')
				} else {
					b.WriteByte(' ')
				}
			}
			b.WriteString(s)
		}
		year, yday := t.Year(), t.YearDay()-1
		wday := int(t.Weekday())
		// glibc's strftime takes tm_year+1900 in an int for %Y %C %G
		// %g: it wraps for years past 2147481747, which localtime
		// still gives (%y reads tm_year itself)
		cyear := int(int32(year))
		switch conv {
		case '%':
			str("%")
		case 'a':
			str(t.Weekday().String()[:3])
		case 'A':
			str(t.Weekday().String())
		case 'b', 'h':
			str(t.Month().String()[:3])
		case 'B':
			str(t.Month().String())
		case 'c':
			str(strftime("%a %b %e %H:%M:%S %Y", t))
		case 'C':
			num(floorDiv(cyear, 100), 1, '0')
		case 'd':
			num(t.Day(), 2, '0')
		case 'D':
			str(strftime("%m/%d/%y", t))
		case 'e':
			num(t.Day(), 2, '_')
		case 'F':
			str(strftime("%Y-%m-%d", t))
		case 'g':
			y, _ := isoWeek(cyear, yday, wday)
			num(((y%100)+100)%100, 2, '0')
		case 'G':
			y, _ := isoWeek(cyear, yday, wday)
			num(y, 1, '0')
		case 'H':
			num(t.Hour(), 2, '0')
		case 'I':
			num((t.Hour()+11)%12+1, 2, '0')
		case 'j':
			num(yday+1, 3, '0')
		case 'k':
			num(t.Hour(), 2, '_')
		case 'l':
			num((t.Hour()+11)%12+1, 2, '_')
		case 'm':
			num(int(t.Month()), 2, '0')
		case 'M':
			num(t.Minute(), 2, '0')
		case 'n':
			str("\n")
		case 'p':
			if swapCase {
				swapCase = false
				if t.Hour() < 12 {
					str("am")
				} else {
					str("pm")
				}
			} else if t.Hour() < 12 {
				str("AM")
			} else {
				str("PM")
			}
		case 'P':
			if t.Hour() < 12 {
				str("am")
			} else {
				str("pm")
			}
		case 'r':
			str(strftime("%I:%M:%S %p", t))
		case 'R':
			str(strftime("%H:%M", t))
		case 's':
			num(int(t.Unix()), 1, '0')
		case 'S':
			num(t.Second(), 2, '0')
		case 't':
			str("\t")
		case 'T':
			str(strftime("%H:%M:%S", t))
		case 'u':
			num((wday+6)%7+1, 1, '0')
		case 'U':
			num((yday+7-wday)/7, 2, '0')
		case 'V':
			_, w := isoWeek(cyear, yday, wday)
			num(w, 2, '0')
		case 'w':
			num(wday, 1, '0')
		case 'W':
			num((yday+7-(wday+6)%7)/7, 2, '0')
		case 'x':
			str(strftime("%m/%d/%y", t))
		case 'X':
			str(strftime("%H:%M:%S", t))
		case 'y':
			num(((year%100)+100)%100, 2, '0')
		case 'Y':
			num(cyear, 1, '0')
		case 'z':
			_, off := t.Zone()
			sign := byte('+')
			if off < 0 {
				sign = '-'
				off = -off
			}
			b.WriteByte(sign)
			s := strconv.Itoa(off/3600*100 + off%3600/60)
			b.WriteString(strings.Repeat("0", max(0, 4-len(s))) + s)
		case 'Z':
			name, _ := t.Zone()
			if swapCase {
				name = strings.ToLower(name)
				swapCase = false
			}
			str(name)
		default:
			b.WriteString(format[start : i+1])
		}
	}
	return b.String()
}

// isoWeek is glibc's ISO 8601 year and week of the day yday (from 0) of
// year, a weekday wday (0 is Sunday), with year in a C int as its
// strftime has it: the year is a leap one by its wrapped value.
func isoWeek(year, yday, wday int) (int, int) {
	leap := func(y int32) int {
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 1
		}
		return 0
	}
	// iso_week_days: days since the Monday of the year's first week
	days := func(yday int) int {
		return yday - (yday-wday+4+378)%7 + 3
	}
	y := int32(year)
	d := days(yday)
	if d < 0 {
		y--
		d = days(yday + 365 + leap(y))
	} else if n := days(yday - 365 - leap(y)); n >= 0 {
		y++
		d = n
	}
	return int(y), d/7 + 1
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
