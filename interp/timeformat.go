package interp

import (
	"strings"
	"time"
)

// The formats bash's time keyword prints with: its default, and the one
// of time -p.
const (
	bashTimeFormat  = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS"
	posixTimeFormat = "real %2R\nuser %2U\nsys %2S"
	// bare time in POSIX mode reports the shell's own times
	posixNullTimeFormat = "user\t%2lU\nsys\t%2lS"
)

// formatTime expands a TIMEFORMAT string as bash does: %[p][l]R, U and S
// are the real, user and system times with p (0-3, default 3) decimal
// places, truncated, and l for the MMmSS.FFFs form; %P is the CPU
// percentage and %% a percent sign. The result ends with a newline. An
// unknown conversion returns ok false with the offending character, 0
// when the format ends after a precision or l.
func formatTime(format string, real, user, sys time.Duration) (out string, bad byte, ok bool) {
	return formatTimeIn(format, '.', real, user, sys)
}

// formatTimeIn is formatTime with point as the decimal point: bash writes
// the locale's (locale_decpoint, the first byte of LC_NUMERIC's).
func formatTimeIn(format string, point byte, real, user, sys time.Duration) (out string, bad byte, ok bool) {
	var sb strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' || i+1 >= len(format) {
			sb.WriteByte(c)
			continue
		}
		i++
		switch format[i] {
		case '%':
			sb.WriteByte('%')
			continue
		case 'P':
			cpu := int64(0)
			if us := real.Microseconds(); us != 0 {
				cpu = (user.Microseconds() + sys.Microseconds()) * 10000 / us
			}
			writeSeconds(&sb, point, 2, false, cpu/100, (cpu%100)*10)
			continue
		}
		prec, long := 3, false
		if d := format[i]; d >= '0' && d <= '9' {
			prec = min(int(d-'0'), 3)
			if i++; i >= len(format) {
				return "", 0, false
			}
		}
		if format[i] == 'l' {
			long = true
			if i++; i >= len(format) {
				return "", 0, false
			}
		}
		var d time.Duration
		switch format[i] {
		case 'R', 'E':
			d = real
		case 'U':
			d = user
		case 'S':
			d = sys
		default:
			return "", format[i], false
		}
		ms := d.Milliseconds()
		writeSeconds(&sb, point, prec, long, ms/1000, ms%1000)
	}
	sb.WriteByte('\n')
	return sb.String(), 0, true
}

// writeSeconds writes sec.frac (frac in thousandths) with prec places,
// truncated; long writes minutes first and an s after.
func writeSeconds(sb *strings.Builder, point byte, prec int, long bool, sec, frac int64) {
	if long {
		sb.WriteString(itoa(sec / 60))
		sb.WriteByte('m')
		sec %= 60
	}
	sb.WriteString(itoa(sec))
	if prec > 0 {
		sb.WriteByte(point)
		for div := int64(100); prec > 0; prec-- {
			sb.WriteByte(byte('0' + frac/div))
			frac %= div
			div /= 10
		}
	}
	if long {
		sb.WriteByte('s')
	}
}
