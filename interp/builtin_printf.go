package interp

import (
	"bytes"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

const printfUsage = "printf: usage: printf [-v var] format [arguments]\n"

// biPrintf implements printf [-v var] FORMAT [ARGS], following bash's
// printf builtin: the format is reused while arguments remain, missing
// arguments read as "" or 0, bad numbers are reported but formatting
// goes on, and the status is 1 after any conversion error.
func biPrintf(r *Runner, args []string) int {
	a := args[1:]
	varName, haveVar := "", false
	for len(a) > 0 {
		s := a[0]
		if s == "--" {
			a = a[1:]
			break
		}
		if len(s) < 2 || s[0] != '-' {
			break
		}
		if s[1] != 'v' {
			r.bErr("printf", "-%c: invalid option", s[1])
			r.errw().Write([]byte(printfUsage))
			return 2
		}
		if len(s) > 2 {
			varName = s[2:]
			a = a[1:]
		} else {
			if len(a) < 2 {
				r.bErr("printf", "-v: option requires an argument")
				r.errw().Write([]byte(printfUsage))
				return 2
			}
			varName = a[1]
			a = a[2:]
		}
		if _, _, raw := r.rawAssocElem(varName, false); !validName(varName) && !validArrayRef(varName) && !raw {
			r.bErr("printf", "`%s': not a valid identifier", varName)
			return 2
		}
		haveVar = true
	}
	if len(a) == 0 {
		r.errw().Write([]byte(printfUsage))
		return 2
	}
	if haveVar && a[0] == "" {
		return r.printfAssign(varName, "")
	}
	if a[0] == "" {
		return 0
	}
	p := printfState{r: r, args: a[1:], direct: !haveVar}
	status := p.run(a[0])
	if haveVar {
		if st := r.printfAssign(varName, string(p.out)); st != 0 {
			return st
		}
		return status
	}
	p.flush(len(p.out))
	if p.writeStatus != 0 {
		return p.writeStatus
	}
	return status
}

// printfAssign stores printf -v's output in name. bash keeps it as a C
// string, so the value ends at its first NUL byte.
func (r *Runner) printfAssign(name, val string) int {
	if i := strings.IndexByte(val, 0); i >= 0 {
		val = val[:i]
	}
	base := name
	if i := strings.IndexByte(name, '['); i > 0 {
		base = name[:i]
	}
	if validName(base) && r.noassignVar(r.resolveRef(base)) {
		return 1
	}
	if err := r.assignTo(name, val); err != nil {
		if r.discarded(err) || r.fatalInBuiltin(err) {
			return 1
		}
		if ve, ok := err.(*varError); ok && ve.named {
			// not the builtin's error
			r.reportErr(err)
			return 1
		}
		if via, _ := viaReportError(err); via {
			// not the builtin's error: bash's report_error
			r.reportErr(err)
			return 1
		}
		if ae, ok := err.(*arithError); ok && !ae.inSubscript {
			// evalerror's internal_error, which follows gnu_errfmt
			r.errorf("printf: %s", err.Error())
		} else {
			r.bErr("printf", "%s", err.Error())
		}
		r.topUnwind(err)
		return 1
	}
	return 0
}

// printfFormat formats like bash's printf, reusing the format until the
// arguments run out; errors go to the runner's stderr.
func (r *Runner) printfFormat(format string, args []string) (string, int) {
	p := printfState{r: r, args: args}
	st := p.run(format)
	return string(p.out), st
}

// printfState is one run of the printf builtin.
type printfState struct {
	r       *Runner
	args    []string
	ai      int    // next argument
	out     []byte // everything written so far
	tw      int    // bytes written during this pass (for %n)
	convErr bool
	stopped bool // \c in a %b argument
	failed  bool // a fatal format error
	// direct output goes to stdout, which bash line-buffers: complete
	// lines are written before any error message is.
	direct      bool
	flushed     int
	writeStatus int
	// owed: bytes that printf -v still drops from what comes next; see
	// refusedArg.
	owed int
}

// flush writes out[flushed:upto] when printing directly.
func (p *printfState) flush(upto int) {
	if !p.direct || upto <= p.flushed {
		return
	}
	if p.writeStatus == 0 {
		p.writeStatus = p.r.write("printf", string(p.out[p.flushed:upto]))
	}
	p.flushed = upto
}

func (p *printfState) more() bool { return p.ai < len(p.args) }

func (p *printfState) next() (string, bool) {
	if p.ai >= len(p.args) {
		return "", false
	}
	s := p.args[p.ai]
	p.ai++
	return s, true
}

func (p *printfState) put(s string) {
	p.tw += len(s)
	if p.owed > 0 {
		k := min(p.owed, len(s))
		s, p.owed = s[k:], p.owed-k
	}
	p.out = append(p.out, s...)
}

func (p *printfState) putByte(c byte) {
	p.tw++
	if p.owed > 0 {
		p.owed--
		return
	}
	p.out = append(p.out, c)
}

func (p *printfState) errorf(format string, a ...any) {
	if p.direct {
		if k := bytes.LastIndexByte(p.out[p.flushed:], '\n'); k >= 0 {
			p.flush(p.flushed + k + 1)
		}
	}
	p.r.bErr("printf", format, a...)
}

// run interprets the format; it returns the exit status.
func (p *printfState) run(format string) int {
	for {
		start := p.ai
		p.tw = 0
		if !p.pass(format) {
			return 1
		}
		if p.stopped {
			break
		}
		if !p.more() || p.ai == start {
			break
		}
	}
	if p.convErr {
		return 1
	}
	return 0
}

// spec is one parsed conversion specification.
type spec struct {
	minus, plus, space, hash, zero bool
	width                          int
	hasPrec                        bool
	prec                           int
	// precDigits: the precision was literal digits, not `*' nor an
	// empty or negative digit string; only then does %Q cut the
	// unquoted argument (bash's precstart).
	precDigits bool
	// precNeg: a literal precision of '-' digits, which printf(3)
	// ignores but bash's printstr (%b %q %Q) reads as zero.
	precNeg bool
	// precEmpty: a '.' with no digits, zero even to %Q.
	precEmpty bool
	// negDigits: the digits of a negative literal precision.
	negDigits string
	group     bool // the ' flag
	conv      byte
	longDbl   bool // an L modifier: long double even in POSIX mode
	// tooWide: literal width or precision digits beyond INT_MAX.
	// bash hands those digits to printf(3), which then fails with
	// EOVERFLOW and prints nothing for the conversion; %b %q %Q and
	// %(fmt)T, which bash pads itself, clamp them instead.
	tooWide bool
}

// refused says whether printf(3) would print nothing for sp.
func (sp spec) refused() bool {
	return sp.tooWide && sp.byLibc()
}

// byLibc says whether bash passes sp's conversion to printf(3): c s d i
// o u x X e E f F g G a A (it formats b q Q and (fmt)T itself).
func (sp spec) byLibc() bool {
	return strings.IndexByte("csdiouxXeEfFgGaA", sp.conv) >= 0
}

// pass runs the format once; false means a fatal format error.
func (p *printfState) pass(f string) bool {
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c == '\\' {
			n, s := printfEscape(f[i+1:], false, p.r.escBytes())
			if n == 0 {
				p.reportEscape(f[i+1:])
				p.put("\\")
				continue
			}
			p.put(s)
			i += n
			continue
		}
		if c != '%' {
			p.putByte(c)
			continue
		}
		start := i
		i++
		if i < len(f) && f[i] == '%' {
			p.putByte('%')
			continue
		}
		var sp spec
	flags:
		for ; i < len(f); i++ {
			switch f[i] {
			case '#':
				sp.hash = true
			case '\'':
				sp.group = true
			case '-':
				sp.minus = true
			case '+':
				sp.plus = true
			case ' ':
				sp.space = true
			case '0':
				sp.zero = true
			default:
				break flags
			}
		}
		if i < len(f) && f[i] == '*' {
			i++
			w := p.getInt()
			if w < 0 {
				sp.minus = true
				w = -w
			}
			sp.width = w
		} else {
			w := 0
			for ; i < len(f) && isDigit(f[i]); i++ {
				if w < 1<<31 {
					w = w*10 + int(f[i]-'0')
				}
			}
			sp.width = min(w, 1<<31-1)
			sp.tooWide = w > 1<<31-1
		}
		if i < len(f) && f[i] == '.' {
			i++
			if i < len(f) && f[i] == '*' {
				i++
				pr := p.getInt()
				if pr >= 0 {
					sp.hasPrec, sp.prec = true, pr
				}
			} else {
				neg := false
				if i < len(f) && f[i] == '-' {
					neg = true
					i++
				}
				pr, dstart := 0, i
				for ; i < len(f) && isDigit(f[i]); i++ {
					if pr < 1<<31 {
						pr = pr*10 + int(f[i]-'0')
					}
				}
				if !neg {
					sp.hasPrec, sp.prec = true, min(pr, 1<<31-1)
					sp.tooWide = sp.tooWide || pr > 1<<31-1
					sp.precDigits = i > dstart
					sp.precEmpty = i == dstart
				} else {
					sp.precNeg = true
					sp.negDigits = f[dstart:i]
				}
			}
		}
		for i < len(f) && strings.IndexByte("hjlLtz", f[i]) >= 0 {
			sp.longDbl = sp.longDbl || f[i] == 'L'
			i++
		}
		if i >= len(f) {
			p.errorf("`%s': missing format character", f[start:])
			return false
		}
		sp.conv = f[i]
		if sp.refused() {
			// the argument is still read, and diagnosed
			p.refusedArg(sp)
			continue
		}
		if sp.precNeg && sp.byLibc() {
			// printf(3) takes the '-' of the precision for the
			// conversion: glibc prints that unknown spec back
			p.readArg(sp)
			p.put(p.unknownSpec(sp))
			continue
		}
		switch sp.conv {
		case 'c':
			s, _ := p.next()
			var b byte
			if len(s) > 0 {
				b = s[0]
			}
			p.pad(sp, string([]byte{b}), false)
		case 's':
			s, _ := p.next()
			if sp.hasPrec && sp.prec < len(s) {
				s = s[:sp.prec]
			}
			p.pad(sp, s, false)
		case 'b':
			s, _ := p.next()
			x, stop := p.bexpand(s)
			if sp.precNeg {
				sp.hasPrec, sp.prec = true, 0
			}
			if sp.hasPrec && sp.prec < len(x) {
				x = x[:sp.prec]
			}
			p.pad(sp, x, false)
			if stop {
				p.stopped = true
				return true
			}
		case 'q', 'Q':
			s, _ := p.next()
			if sp.conv == 'Q' && sp.precDigits && sp.prec < len(s) {
				s = s[:sp.prec]
			}
			x := p.r.q().printfArg(s)
			switch {
			case sp.precNeg || sp.precEmpty:
				// '.' with no digits (or '-' ones) is precision zero
				// to bash's printstr, which %Q does not widen.
				x = ""
			case sp.conv == 'Q':
				// %Q widens the precision to the quoted length
			case sp.hasPrec && sp.prec < len(x):
				x = x[:sp.prec]
			}
			p.pad(sp, x, false)
		case '(':
			j := i + 1
			depth := 1
			for ; j < len(f); j++ {
				if f[j] == '(' {
					depth++
				} else if f[j] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			tfmt := f[i+1 : min(j, len(f))]
			if j+1 >= len(f) || f[j+1] != 'T' {
				bad := ""
				if j+1 < len(f) {
					bad = f[j+1 : j+2]
				}
				p.errorf("warning: `%s': invalid time format specification", bad)
				p.putByte('%')
				i = start
				continue
			}
			i = j + 1
			if tfmt == "" {
				tfmt = "%X"
			}
			secs := int64(-1)
			if p.more() {
				secs = p.getIntmax()
			}
			var t time.Time
			switch secs {
			case -1:
				t = time.Now()
			case -2:
				t = p.r.secondsBase
			default:
				t = time.Unix(secs, 0)
			}
			t = t.In(p.r.timeLocation())
			if y := int64(t.Year()) - 1900; y > math.MaxInt32 || y < math.MinInt32 {
				// localtime fails when tm_year overflows an int; bash
				// then formats the epoch
				t = time.Unix(0, 0).In(p.r.timeLocation())
			}
			s := strftime(tfmt, t)
			if len(s) >= 128 {
				s = ""
			}
			if sp.hasPrec && sp.prec < len(s) {
				s = s[:sp.prec]
			}
			p.pad(sp, s, false)
		case 'n':
			name, _ := p.next()
			if name != "" {
				if !validName(name) {
					p.errorf("`%s': not a valid identifier", name)
					return false
				}
				p.r.assignTo(name, strconv.Itoa(p.tw))
			}
		case 'd', 'i':
			n := p.getIntmax()
			p.pad(sp, formatInt(sp, n), true)
		case 'o', 'u', 'x', 'X':
			n := p.getUintmax()
			p.pad(sp, formatUint(sp, n), true)
		case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
			x := p.floatArg(sp)
			s, numeric := formatFloat(sp, x)
			if radix := p.r.numericRadix(); radix != "." {
				s = strings.Replace(s, ".", radix, 1)
			}
			p.pad(sp, s, numeric)
		default:
			p.errorf("`%c': invalid format character", sp.conv)
			return false
		}
	}
	return true
}

// refusedArg consumes the argument of a conversion that printf(3)
// refuses, with the complaints bash makes converting it first. bash adds
// printf's -1 to its byte count, and printf -v (vbprintf) to the length
// of its buffer: the last byte there is lost, or, in an empty buffer,
// the next one written.
func (p *printfState) refusedArg(sp spec) {
	p.tw--
	if !p.direct {
		if len(p.out) > 0 {
			p.out = p.out[:len(p.out)-1]
		} else {
			p.owed++
		}
	}
	p.readArg(sp)
}

// unknownSpec is what glibc's printf prints for the spec bash hands it
// for sp, a conversion with a negative literal precision: it stops at the
// '-' as an unknown conversion, which it prints back as %, its flags
// (# ' + or space, -, 0 unless -), any width and .0, then the '-', and
// then the rest as plain text: the digits and the conversion, with the
// length modifier bash put in (l for integers, L for floating ones).
func (p *printfState) unknownSpec(sp spec) string {
	var b strings.Builder
	b.WriteByte('%')
	for _, fl := range []struct {
		on bool
		c  byte
	}{{sp.hash, '#'}, {sp.group, '\''}, {sp.plus, '+'}, {sp.space && !sp.plus, ' '}, {sp.minus, '-'}, {sp.zero && !sp.minus, '0'}} {
		if fl.on {
			b.WriteByte(fl.c)
		}
	}
	if sp.width != 0 {
		b.WriteString(strconv.Itoa(sp.width))
	}
	b.WriteString(".0-" + sp.negDigits)
	switch {
	case strings.IndexByte("diouxX", sp.conv) >= 0:
		b.WriteByte('l')
	case sp.conv != 'c' && sp.conv != 's' && (sp.longDbl || !p.r.opts.on(optPosix)):
		b.WriteByte('L')
	}
	b.WriteByte(sp.conv)
	return b.String()
}

// readArg consumes the argument of conversion sp without printing it,
// with the complaints bash makes converting it.
func (p *printfState) readArg(sp spec) {
	switch sp.conv {
	case 'c', 's':
		p.next()
	case 'd', 'i':
		p.getIntmax()
	case 'o', 'u', 'x', 'X':
		p.getUintmax()
	default:
		p.floatArg(sp)
	}
}

// floatArg reads the next argument of a floating conversion. bash's
// printf takes a long double, but a plain double in POSIX mode unless
// the format says L.
func (p *printfState) floatArg(sp spec) ldouble {
	fm := &longDouble
	if p.r.opts.on(optPosix) && !sp.longDbl {
		fm = &binary64
	}
	return p.getFloat(fm)
}

// reportEscape prints bash's complaints about \x and \u without digits.
func (p *printfState) reportEscape(rest string) {
	if len(rest) > 0 {
		switch rest[0] {
		case 'x':
			p.errorf("missing hex digit for \\x")
		case 'u', 'U':
			p.errorf("missing unicode digit for \\%c", rest[0])
		}
	}
}

// pad writes s padded to the field width. Numeric conversions with the
// 0 flag pad with zeros after any sign or 0x prefix.
func (p *printfState) pad(sp spec, s string, numeric bool) {
	n := sp.width - len(s)
	if n <= 0 {
		p.put(s)
		return
	}
	if sp.minus {
		p.put(s)
		p.fill(' ', n)
		return
	}
	intPrec := sp.hasPrec && strings.IndexByte("diouxX", sp.conv) >= 0
	if numeric && sp.zero && !intPrec {
		k := 0
		if k < len(s) && (s[k] == '-' || s[k] == '+' || s[k] == ' ') {
			k++
		}
		if k+1 < len(s) && s[k] == '0' && (s[k+1] == 'x' || s[k+1] == 'X') {
			k += 2
		}
		p.put(s[:k])
		p.fill('0', n)
		p.put(s[k:])
		return
	}
	p.fill(' ', n)
	p.put(s)
}

// fillChunk is the most padding fill builds at once.
const fillChunk = 64 << 10

// fill writes n copies of c. Printing directly, a wide field goes out in
// pieces as it is made, as through bash's stdio buffer, instead of being
// built whole: a 2 GB field took 6 GB of memory and two minutes.
func (p *printfState) fill(c byte, n int) {
	if !p.direct || n <= fillChunk {
		p.put(strings.Repeat(string(c), n))
		return
	}
	p.flush(len(p.out))
	p.out, p.flushed = p.out[:0], 0
	p.tw += n
	piece := strings.Repeat(string(c), fillChunk)
	for n > 0 && p.writeStatus == 0 {
		k := min(n, fillChunk)
		p.writeStatus = p.r.write("printf", piece[:k])
		n -= k
	}
}

// bexpand expands a %b argument; stop reports \c.
func (p *printfState) bexpand(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		if s[i+1] == 'c' {
			return b.String(), true
		}
		n, x := printfEscape(s[i+1:], true, p.r.escBytes())
		if n == 0 {
			p.reportEscape(s[i+1:])
			b.WriteByte('\\')
			continue
		}
		b.WriteString(x)
		i += n
	}
	return b.String(), false
}

// printfEscape translates the escape sequence after a backslash. It
// returns the bytes consumed and the translation; (0, "") means the
// backslash stands for itself. inB selects %b rules (\0nnn takes up to
// three digits after the 0; \' \" \? are not escapes).
func printfEscape(s string, inB, bytes bool) (int, string) {
	if s == "" {
		return 0, ""
	}
	c := s[0]
	switch c {
	case 'a':
		return 1, "\a"
	case 'b':
		return 1, "\b"
	case 'e', 'E':
		return 1, "\x1b"
	case 'f':
		return 1, "\f"
	case 'n':
		return 1, "\n"
	case 'r':
		return 1, "\r"
	case 't':
		return 1, "\t"
	case 'v':
		return 1, "\v"
	case '\\':
		return 1, "\\"
	case '\'', '"', '?':
		if inB {
			return 0, ""
		}
		return 1, s[:1]
	case '0', '1', '2', '3', '4', '5', '6', '7':
		v := int(c - '0')
		max := 2
		if v == 0 && inB {
			max = 3
		}
		i := 1
		for ; i < len(s) && max > 0 && s[i] >= '0' && s[i] <= '7'; i++ {
			v = v*8 + int(s[i]-'0')
			max--
		}
		return i, string([]byte{byte(v)})
	case 'x':
		v, i := 0, 1
		for ; i < len(s) && i <= 2 && isHex(s[i]); i++ {
			v = v*16 + hexVal(s[i])
		}
		if i == 1 {
			return 0, ""
		}
		return i, string([]byte{byte(v)})
	case 'u', 'U':
		max := 4
		if c == 'U' {
			max = 8
		}
		var v uint32
		i := 1
		for ; i < len(s) && i <= max && isHex(s[i]); i++ {
			v = v*16 + uint32(hexVal(s[i]))
		}
		if i == 1 {
			return 0, ""
		}
		return i, unicodeChar(v, bytes)
	}
	return 0, ""
}

func hexVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// printfArg is printf %q: two single quotes for the empty string, $'…'
// when there are non-printable characters, else backslashes before the
// characters the shell treats specially (bash's sh_backslash_quote with
// flags 3).
func (q quoter) printfArg(s string) string {
	if s == "" {
		return "''"
	}
	if q.needsANSI(s) {
		return q.ansi(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\t', '\n', ' ', '!', '"', '$', '&', '\'', '(', ')', '*', ',',
			';', '<', '>', '?', '[', '\\', ']', '^', '`', '{', '|', '}':
			b.WriteByte('\\')
		case '#':
			if i == 0 {
				b.WriteByte('\\')
			}
		case '~':
			if i == 0 || s[i-1] == ':' || s[i-1] == '=' {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}

// timeLocation is the zone TZ names (a zoneinfo file, else a POSIX TZ
// string), else the system's zone (systemZone). Only an exported TZ (a
// temporary one among them) counts: the C library reads it with bash's
// own getenv, which gives no other shell variable.
func (r *Runner) timeLocation() *time.Location {
	v := r.lookup("TZ")
	if v == nil || !v.isSetScalar() || v.attrs&aExport == 0 {
		return systemZone()
	}
	tz := v.value()
	if tz == "" || tz == "UTC" || tz == "UTC0" || tz == ":UTC" {
		return time.UTC
	}
	tz = strings.TrimPrefix(tz, ":")
	if loc, err := time.LoadLocation(tz); err == nil {
		return loc
	}
	return posixZone(tz)
}

// assignTo assigns to NAME or NAME[index] given as text.
func (r *Runner) assignTo(name, val string) error {
	if base, key, ok := r.rawAssocElem(name, false); ok {
		if cur := r.vars.get(base); cur.attrs&aReadonly != 0 {
			return readonlyErr(name[:strings.IndexByte(name, '[')])
		}
		return r.setAssocElem(base, key, val, false)
	}
	if i := strings.IndexByte(name, '['); i > 0 && strings.HasSuffix(name, "]") {
		base, idx := name[:i], name[i+1:len(name)-1]
		if !validName(base) {
			return &varError{msg: "`" + name + "': not a valid identifier"}
		}
		base = r.resolveRef(base)
		if err := r.allSubscriptErr(name, base, idx); err != nil {
			return err
		}
		idx, err := r.textSubscriptKey(base, idx)
		if err != nil {
			return err
		}
		if cur := r.vars.get(base); cur != nil && cur.attrs&aReadonly != 0 {
			// bash evaluates the subscript, then refuses the element
			// (named as written, through a reference)
			return readonlyErr(name[:i])
		}
		return retextBadTarget(r.declSetValue(base, idx, val, false, nil), name)
	}
	if !validName(name) {
		return &varError{msg: "`" + name + "': not a valid identifier"}
	}
	if r.refDeadEnd(name) {
		return noassignErr()
	}
	return r.setScalar(r.resolveRef(name), val, false)
}

// systemZone is the zone the C library uses without TZ: /etc/localtime,
// else UTC. Not time.Local, which follows the TZ nash was started with,
// which the script may have unset or unexported since.
var systemZone = sync.OnceValue(func() *time.Location {
	data, err := os.ReadFile("/etc/localtime")
	if err != nil {
		return time.UTC
	}
	loc, err := time.LoadLocationFromTZData("Local", data)
	if err != nil {
		return time.UTC
	}
	return loc
})
