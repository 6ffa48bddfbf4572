package interp

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Numeric arguments and conversions of the printf builtin. bash converts
// with strtoimax/strtoumax/strtold and formats with the C library's
// printf using long double, so floats here are 64-bit-mantissa values
// held in big.Float and rounded the way glibc rounds them.

// charCode is the value of a 'c or "c argument: the code of the
// character after the quote (its first byte when not valid UTF-8, or
// when the locale is not a UTF-8 one).
func charCode(s string, utf bool) int64 {
	if len(s) < 2 {
		return 0
	}
	if !utf {
		return int64(s[1])
	}
	r, n := utf8.DecodeRuneInString(s[1:])
	if r == utf8.RuneError && n <= 1 {
		return int64(s[1])
	}
	return int64(r)
}

// invalidNum reports a bad numeric argument the way sh_invalidnum does.
func (p *printfState) invalidNum(s string) {
	p.errorf("%s", invalidNumMsg(s))
	p.convErr = true
}

// invalidNumMsg is bash's sh_invalidnum message for a bad number s (as
// printf, read -n, ulimit and caller give it): one that looks octal or
// hex is named so.
func invalidNumMsg(s string) string {
	switch {
	case len(s) > 1 && s[0] == '0' && isDigit(s[1]):
		return s + ": invalid octal number"
	case len(s) > 1 && s[0] == '0' && s[1] == 'x':
		return s + ": invalid hex number"
	}
	return s + ": invalid number"
}

func (p *printfState) erange(s string) {
	p.errorf("warning: %s: Numerical result out of range", s)
}

// getIntmax reads the next argument as strtoimax would.
func (p *printfState) getIntmax() int64 {
	s, ok := p.next()
	if !ok {
		return 0
	}
	if len(s) > 0 && (s[0] == '\'' || s[0] == '"') {
		return charCode(s, p.r.utf8Locale())
	}
	mag, neg, end, over := strtoNum(s)
	if end < len(s) {
		p.invalidNum(s)
	}
	var n int64
	switch {
	case !neg && (over || mag > math.MaxInt64):
		n = math.MaxInt64
		over = true
	case neg && (over || mag > 1<<63):
		n = math.MinInt64
		over = true
	case neg:
		n = -int64(mag)
	default:
		n = int64(mag)
	}
	if over && end == len(s) {
		p.erange(s)
	}
	return n
}

// getUintmax reads the next argument as strtoumax would (a leading minus
// negates modulo 2^64).
func (p *printfState) getUintmax() uint64 {
	s, ok := p.next()
	if !ok {
		return 0
	}
	if len(s) > 0 && (s[0] == '\'' || s[0] == '"') {
		return uint64(charCode(s, p.r.utf8Locale()))
	}
	mag, neg, end, over := strtoNum(s)
	if end < len(s) {
		p.invalidNum(s)
	}
	if over {
		if end == len(s) {
			p.erange(s)
		}
		return math.MaxUint64
	}
	if neg {
		return -mag
	}
	return mag
}

// getInt reads a `*' width or precision: an intmax clamped to int with a
// warning (bash names the argument after it, and skips the check when
// the value was the last argument).
func (p *printfState) getInt() int {
	n := p.getIntmax()
	if !p.more() {
		return int(int32(n))
	}
	if n > math.MaxInt32 {
		p.erange(p.args[p.ai])
		return math.MaxInt32
	}
	if n < math.MinInt32 {
		p.erange(p.args[p.ai])
		return math.MinInt32
	}
	return int(n)
}

// strtoNum parses like strtoumax(s, &end, 0): leading blanks, a sign, and
// a decimal, 0octal or 0xhex magnitude. end is where parsing stopped (0
// when there were no digits); over reports overflow of 64 bits.
func strtoNum(s string) (mag uint64, neg bool, end int, over bool) {
	i := 0
	for i < len(s) && isCSpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	base := uint64(10)
	if i < len(s) && s[i] == '0' {
		if i+2 < len(s) && (s[i+1] == 'x' || s[i+1] == 'X') && isHex(s[i+2]) {
			base = 16
			i += 2
		} else {
			base = 8
		}
	}
	digits := 0
	for ; i < len(s); i++ {
		var d uint64
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			d = 99
		}
		if d >= base {
			break
		}
		digits++
		if mag > (math.MaxUint64-d)/base {
			over = true
		} else {
			mag = mag*base + d
		}
	}
	if digits == 0 {
		return 0, false, 0, false
	}
	return mag, neg, i, over
}

func isCSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// formatInt formats a signed conversion like C's %d.
func formatInt(sp spec, n int64) string {
	mag := uint64(n)
	sign := ""
	if n < 0 {
		mag = -mag
		sign = "-"
	} else if sp.plus {
		sign = "+"
	} else if sp.space {
		sign = " "
	}
	digits := strconv.FormatUint(mag, 10)
	return sign + precDigits(sp, digits, mag)
}

func precDigits(sp spec, digits string, mag uint64) string {
	if sp.hasPrec {
		if sp.prec == 0 && mag == 0 {
			return ""
		}
		if len(digits) < sp.prec {
			digits = strings.Repeat("0", sp.prec-len(digits)) + digits
		}
	}
	return digits
}

// formatUint formats %o %u %x %X.
func formatUint(sp spec, n uint64) string {
	switch sp.conv {
	case 'o':
		d := precDigits(sp, strconv.FormatUint(n, 8), n)
		if sp.hash && (d == "" || d[0] != '0') {
			d = "0" + d
		}
		return d
	case 'x', 'X':
		d := precDigits(sp, strconv.FormatUint(n, 16), n)
		if sp.hash && n != 0 {
			d = "0x" + d
		}
		if sp.conv == 'X' {
			d = strings.ToUpper(d)
		}
		return d
	}
	return precDigits(sp, strconv.FormatUint(n, 10), n)
}

// ldouble is an x87 long double value: finite (f), infinite or NaN.
type ldouble struct {
	f   *big.Float // finite values, 64-bit mantissa (53-bit for a double)
	fm  *floatFormat
	inf bool
	nan bool
	neg bool // sign of inf and NaN
}

const ldMantBits = 64

// floatFormat is a C floating type's binary format: the mantissa bits,
// and the binary exponent e (of value = m·2^e, 0.5 <= m < 1) beyond which
// a value overflows, below which it is subnormal, and at which its last
// subnormal bit is worth 2^-1 (subBias: bits kept = e + subBias).
type floatFormat struct {
	mant          uint
	maxExp        int
	minExp        int
	subBias       int
	hexLeadNibble bool // %a prints the top four mantissa bits first (x87)
}

// longDouble is x87's 80-bit extended format, bash's floatmax_t.
var longDouble = floatFormat{mant: ldMantBits, maxExp: 16384, minExp: -16381, subBias: 16445, hexLeadNibble: true}

// binary64 is C's double.
var binary64 = floatFormat{mant: 53, maxExp: 1024, minExp: -1021, subBias: 1074}

// getFloat reads the next argument as strtold (or strtod, for binary64)
// would.
func (p *printfState) getFloat(fm *floatFormat) ldouble {
	s, ok := p.next()
	if !ok {
		return ldouble{f: new(big.Float).SetPrec(fm.mant), fm: fm}
	}
	if len(s) > 0 && (s[0] == '\'' || s[0] == '"') {
		return ldouble{f: new(big.Float).SetPrec(fm.mant).SetInt64(charCode(s, p.r.utf8Locale())), fm: fm}
	}
	// strtold reads the decimal point of the locale's LC_NUMERIC
	c := toCRadix(s, p.r.numericRadix())
	x, end, over := strtoFloat(c, fm)
	if end < len(c) {
		p.invalidNum(s)
	} else if over {
		p.erange(s)
	}
	return x
}

// strtold parses the longest prefix of s that strtold accepts.
func strtold(s string) (x ldouble, end int, over bool) { return strtoFloat(s, &longDouble) }

// strtoFloat parses the longest prefix of s that strtold accepts, rounded
// once to fm.
func strtoFloat(s string, fm *floatFormat) (x ldouble, end int, over bool) {
	x, end, over = strtoFloatIn(s, fm)
	x.fm = fm
	return x, end, over
}

func strtoFloatIn(s string, fm *floatFormat) (x ldouble, end int, over bool) {
	zero := ldouble{f: new(big.Float).SetPrec(fm.mant)}
	i := 0
	for i < len(s) && isCSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	rest := strings.ToLower(s[i:])
	switch {
	case strings.HasPrefix(rest, "infinity"):
		return ldouble{inf: true, neg: neg}, i + 8, false
	case strings.HasPrefix(rest, "inf"):
		return ldouble{inf: true, neg: neg}, i + 3, false
	case strings.HasPrefix(rest, "nan"):
		j := i + 3
		if j < len(s) && s[j] == '(' {
			k := j + 1
			for k < len(s) && (isAlnum(s[k]) || s[k] == '_') {
				k++
			}
			if k < len(s) && s[k] == ')' {
				j = k + 1
			}
		}
		return ldouble{nan: true, neg: neg}, j, false
	}
	hex := false
	if len(rest) >= 2 && rest[0] == '0' && rest[1] == 'x' {
		j := i + 2
		if j < len(s) && (isHex(s[j]) || (s[j] == '.' && j+1 < len(s) && isHex(s[j+1]))) {
			hex = true
			i = j
		}
	}
	isD := isDigit
	base := 10
	if hex {
		isD = isHex
		base = 16
	}
	var mant []byte
	nd, fracDigits := 0, 0
	j := i
	for ; j < len(s) && isD(s[j]); j++ {
		mant = append(mant, s[j])
		nd++
	}
	if j < len(s) && s[j] == '.' {
		k := j + 1
		for ; k < len(s) && isD(s[k]); k++ {
			mant = append(mant, s[k])
			nd++
			fracDigits++
		}
		if nd > 0 {
			j = k
		}
	}
	if nd == 0 {
		return zero, 0, false
	}
	exp := int64(0)
	expCh := byte('e')
	if hex {
		expCh = 'p'
	}
	if j < len(s) && (s[j]|0x20) == expCh {
		k := j + 1
		eneg := false
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			eneg = s[k] == '-'
			k++
		}
		if k < len(s) && isDigit(s[k]) {
			for ; k < len(s) && isDigit(s[k]); k++ {
				if exp < 1e9 {
					exp = exp*10 + int64(s[k]-'0')
				}
			}
			if eneg {
				exp = -exp
			}
			j = k
		}
	}
	m := new(big.Int)
	m.SetString(string(mant), base)
	if m.Sign() == 0 {
		f := new(big.Float).SetPrec(fm.mant)
		if neg {
			f.Neg(f)
		}
		return ldouble{f: f}, j, false
	}
	// round gives the value rounded to prec bits and how it was rounded
	var round func(prec uint, mode big.RoundingMode) (*big.Float, big.Accuracy)
	if hex {
		e := exp - int64(4*fracDigits)
		if e > 1<<20 {
			return ldouble{inf: true, neg: neg}, j, true
		}
		if e < -(1 << 20) {
			return ldouble{f: signed(new(big.Float).SetPrec(fm.mant), neg)}, j, true
		}
		round = func(prec uint, mode big.RoundingMode) (*big.Float, big.Accuracy) {
			f := new(big.Float).SetPrec(prec).SetMode(mode).SetInt(m)
			acc := f.Acc()
			return f.SetMantExp(f, int(e)), acc
		}
	} else {
		e10 := exp - int64(fracDigits)
		digitsExp := e10 + int64(len(m.String()))
		switch {
		case digitsExp > 4940:
			return ldouble{inf: true, neg: neg}, j, true
		case digitsExp < -4960:
			return ldouble{f: signed(new(big.Float).SetPrec(fm.mant), neg)}, j, true
		}
		r := new(big.Rat)
		pow := new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(e10)), nil)
		if e10 >= 0 {
			r.SetInt(new(big.Int).Mul(m, pow))
		} else {
			r.SetFrac(m, pow)
		}
		round = func(prec uint, mode big.RoundingMode) (*big.Float, big.Accuracy) {
			f := new(big.Float).SetPrec(prec).SetMode(mode).SetRat(r)
			return f, f.Acc()
		}
	}
	// glibc's round_and_return takes the value truncated to the
	// mantissa, the next (round) bit and whether any bit below it is set
	t, _ := round(fm.mant, big.ToZero)
	if e := t.MantExp(nil); e < fm.minExp {
		t1, acc1 := round(fm.mant+1, big.ToZero)
		roundBit, sticky := t1.Cmp(t) != 0, acc1 != big.Exact
		// subnormal: rounded again to the bits down to the format's
		// last, with glibc's sticky bits (its old round bit is
		// dropped); ERANGE when that is inexact
		f, over := subnormal(t, roundBit, sticky, e+fm.subBias, fm)
		return ldouble{f: signed(f, neg)}, j, over
	}
	f, _ := round(fm.mant, big.ToNearestEven)
	if f.MantExp(nil) > fm.maxExp {
		return ldouble{inf: true, neg: neg}, j, true
	}
	return ldouble{f: signed(f, neg)}, j, over
}

// subnormal rounds t (positive, the value truncated to fm.mant bits) to
// bits bits as glibc's round_and_return does for a tiny result: to
// nearest, a tie going up when a bit below t's round bit was set
// (sticky); inexact reports whether the result differs from the value
// read.
func subnormal(t *big.Float, roundBit, sticky bool, bits int, fm *floatFormat) (_ *big.Float, inexact bool) {
	if bits < 0 {
		return new(big.Float).SetPrec(fm.mant), true
	}
	if bits == 0 {
		// below the least subnormal: it, or zero from half of it down
		half := new(big.Float).SetMantExp(big.NewFloat(1), -fm.subBias-1)
		if c := t.Cmp(half); c > 0 || c == 0 && sticky {
			return new(big.Float).SetPrec(fm.mant).SetMantExp(big.NewFloat(1), -fm.subBias), true
		}
		return new(big.Float).SetPrec(fm.mant), true
	}
	even := new(big.Float).SetPrec(uint(bits)).SetMode(big.ToNearestEven).Set(t)
	away := new(big.Float).SetPrec(uint(bits)).SetMode(big.ToNearestAway).Set(t)
	g := even
	if even.Cmp(away) != 0 && sticky {
		// a tie (even rounded down, away up) with bits set below it
		g = away
	}
	inexact = roundBit || sticky || g.Cmp(t) != 0
	return g.SetPrec(fm.mant), inexact
}

// signed is f, negated when neg.
func signed(f *big.Float, neg bool) *big.Float {
	if neg {
		f.Neg(f)
	}
	return f
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func isAlnum(c byte) bool {
	return isDigit(c) || (c|0x20) >= 'a' && (c|0x20) <= 'z'
}

// formatFloat formats %e %f %g %a (and upper-case forms) like glibc's
// printf with the L modifier; numeric is false for inf and NaN, which
// are never zero-padded.
func formatFloat(sp spec, x ldouble) (string, bool) {
	upper := sp.conv >= 'A' && sp.conv <= 'Z'
	sign := ""
	neg := x.neg
	if x.f != nil {
		neg = x.f.Signbit()
	}
	if neg {
		sign = "-"
	} else if sp.plus {
		sign = "+"
	} else if sp.space {
		sign = " "
	}
	if x.inf || x.nan {
		s := "inf"
		if x.nan {
			s = "nan"
		}
		if upper {
			s = strings.ToUpper(s)
		}
		return sign + s, false
	}
	a := new(big.Float).SetPrec(ldMantBits).Abs(x.f)
	prec := 6
	if sp.hasPrec {
		prec = sp.prec
	}
	var body string
	switch sp.conv | 0x20 {
	case 'f':
		body = a.Text('f', prec)
		if sp.hash && prec == 0 {
			body += "."
		}
	case 'e':
		body = cExp(a, prec, sp.hash)
	case 'g':
		if prec == 0 {
			prec = 1
		}
		e := a.Text('e', prec-1)
		xexp, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
		if a.Sign() == 0 {
			xexp = 0
		}
		if xexp < prec && xexp >= -4 {
			body = a.Text('f', prec-1-xexp)
		} else {
			body = cExp(a, prec-1, false)
		}
		if !sp.hash {
			body = trimFracZeros(body)
		} else if !strings.Contains(body, ".") {
			if k := strings.IndexByte(body, 'e'); k >= 0 {
				body = body[:k] + "." + body[k:]
			} else {
				body += "."
			}
		}
	case 'a':
		if x.fm != nil && !x.fm.hexLeadNibble {
			body = hexDouble(a, sp)
		} else {
			body = hexFloat(a, sp)
		}
	}
	if upper {
		body = strings.ToUpper(body)
	}
	return sign + body, true
}

// cExp is %e with at least two exponent digits.
func cExp(a *big.Float, prec int, hash bool) string {
	s := a.Text('e', prec)
	if hash && prec == 0 {
		k := strings.IndexByte(s, 'e')
		s = s[:k] + "." + s[k:]
	}
	return s
}

// trimFracZeros drops trailing zeros of the fraction (and a bare point)
// as %g does without '#'.
func trimFracZeros(s string) string {
	e := ""
	if k := strings.IndexByte(s, 'e'); k >= 0 {
		s, e = s[:k], s[k:]
	}
	if strings.IndexByte(s, '.') >= 0 {
		s = strings.TrimRight(s, "0")
		s = strings.TrimSuffix(s, ".")
	}
	return s + e
}

// hexFloat is glibc's %La for x87 long doubles: the leading hex digit
// holds the top four mantissa bits (0x8p-3 for 1).
func hexFloat(a *big.Float, sp spec) string {
	if a.Sign() == 0 {
		s := "0x0"
		if sp.hasPrec && sp.prec > 0 {
			s += "." + strings.Repeat("0", sp.prec)
		} else if sp.hash {
			s += "."
		}
		return s + "p+0"
	}
	m := new(big.Float).SetPrec(ldMantBits)
	e := a.MantExp(m) // a = m * 2^e, 0.5 <= m < 1
	if e < longDouble.minExp {
		// a subnormal: the raw 64-bit mantissa at exponent -16385
		mi, _ := new(big.Float).SetMantExp(a, longDouble.subBias).Uint64()
		return hexFormat(mi>>60, mi<<4, 15, -16385, sp)
	}
	mi, _ := new(big.Float).SetMantExp(m, ldMantBits).Uint64()
	// value = mi * 2^(e-64); leading digit = mi>>60, exponent e-4;
	// 60 fraction bits, left-aligned in 64
	return hexFormat(mi>>60, mi<<4, 15, e-4, sp)
}

// hexDouble is glibc's %a for a double: a leading 1 and 52 fraction bits
// (0x1p+0 for 1), or a leading 0 at exponent -1022 for a subnormal.
func hexDouble(a *big.Float, sp spec) string {
	if a.Sign() == 0 {
		return hexFloat(a, sp)
	}
	m := new(big.Float).SetPrec(ldMantBits)
	e := a.MantExp(m) // a = m * 2^e, 0.5 <= m < 1
	if e < -1021 {
		mi, _ := new(big.Float).SetMantExp(a, 52+1022).Uint64()
		return hexFormat(0, mi<<12, 13, -1022, sp)
	}
	mi, _ := new(big.Float).SetMantExp(m, 53).Uint64()
	return hexFormat(1, (mi&(1<<52-1))<<12, 13, e-1, sp)
}

// hexFormat prints lead.frac p exp as glibc's printf_fphex does: frac
// holds nd hex digits left-aligned in 64 bits; a precision rounds to
// nearest, ties to even, and a carry out of the fraction increments the
// leading digit.
func hexFormat(lead, frac uint64, nd, exp int, sp spec) string {
	if sp.hasPrec && sp.prec < nd {
		shift := uint(64 - 4*sp.prec)
		var keep, rem, half uint64
		if shift == 64 {
			keep, rem, half = 0, frac, 1<<63
		} else {
			keep = frac >> shift
			rem = frac & (1<<shift - 1)
			half = 1 << (shift - 1)
		}
		odd := keep&1 == 1
		if sp.prec == 0 {
			odd = lead&1 == 1
		}
		if rem > half || (rem == half && odd) {
			keep++
			if sp.prec == 0 || keep>>(4*uint(sp.prec)) != 0 {
				keep = 0
				lead++
			}
		}
		nd = sp.prec
		if nd > 0 {
			frac = keep << shift
		} else {
			frac = 0
		}
	}
	if lead > 15 {
		lead = 1
		exp += 4
	}
	digits := ""
	if nd > 0 {
		digits = strconv.FormatUint(frac>>(64-4*uint(nd)), 16)
		digits = strings.Repeat("0", nd-len(digits)) + digits
	}
	if !sp.hasPrec {
		digits = strings.TrimRight(digits, "0")
	} else if sp.prec > nd {
		digits += strings.Repeat("0", sp.prec-nd)
	}
	s := "0x" + strconv.FormatUint(lead, 16)
	if digits != "" || sp.hash {
		s += "." + digits
	}
	es := strconv.Itoa(exp)
	if exp >= 0 {
		es = "+" + es
	}
	return s + "p" + es
}
