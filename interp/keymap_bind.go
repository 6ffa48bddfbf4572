package interp

import (
	"fmt"
	"strings"
)

// rlInitPos is the place in an inputrc file readline is reading.
type rlInitPos struct {
	file string
	line int
}

// rlError reports an error in readline's init language as readline does
// (_rl_init_file_error), naming the file and line while one is read.
func (r *Runner) rlError(format string, a ...any) {
	where := ""
	if p := r.rlReading; p != nil {
		where = fmt.Sprintf("%s: line %d: ", p.file, p.line)
	}
	fmt.Fprintf(r.errw(), "readline: %s%s\n", where, fmt.Sprintf(format, a...))
}

// rlTranslate turns a key sequence in readline's notation into its bytes
// (rl_translate_keyseq): \C- and \M- prefixes, \e, \d for DEL, the C
// escapes, \NNN in octal and \xHH in hex; a backslash before another
// character stands for it. With convertMeta a meta character becomes ESC
// and the character.
func rlTranslate(seq string, convertMeta bool) string {
	var out []byte
	ctl, meta := false, false
	for i := 0; i < len(seq) || ctl || meta; i++ {
		var c byte
		if i < len(seq) {
			c = seq[i]
		}
		if c == '\\' && i+1 < len(seq) {
			i++
			c = seq[i]
			switch {
			case c == 'C' && i+1 < len(seq) && seq[i+1] == '-':
				i++
				ctl = true
				continue
			case c == 'M' && i+1 < len(seq) && seq[i+1] == '-':
				i++
				meta = true
				continue
			}
			switch c {
			case 'a':
				c = '\a'
			case 'b':
				c = '\b'
			case 'd':
				c = 0x7f
			case 'e':
				c = 0x1b
			case 'f':
				c = '\f'
			case 'n':
				c = '\n'
			case 'r':
				c = '\r'
			case 't':
				c = '\t'
			case 'v':
				c = '\v'
			case '0', '1', '2', '3', '4', '5', '6', '7':
				v := int(c - '0')
				for n := 0; n < 2 && i+1 < len(seq) && seq[i+1] >= '0' && seq[i+1] <= '7'; n++ {
					i++
					v = v*8 + int(seq[i]-'0')
				}
				c = byte(v)
			case 'x':
				v, n := 0, 0
				for ; n < 2 && i+1 < len(seq) && isHex(seq[i+1]); n++ {
					i++
					v = v*16 + hexVal(seq[i])
				}
				if n > 0 {
					c = byte(v)
				}
			}
		}
		if ctl {
			if c == '?' {
				c = 0x7f
			} else {
				c = asciiUpper(c) & 0x1f
			}
			ctl = false
		}
		if meta {
			c |= 0x80
			meta = false
		}
		if c > 127 && convertMeta {
			out = append(out, 0x1b, c&0x7f)
		} else {
			out = append(out, c)
		}
		if i >= len(seq) {
			break
		}
	}
	return string(out)
}

func asciiUpper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// rlSkipTo returns the index of the first delim in s from start that no
// backslash quotes, or len(s) (_rl_skip_to_delim).
func rlSkipTo(s string, start int, delim byte) int {
	for i := start; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case delim:
			return i
		}
	}
	return len(s)
}

// rlKeyName returns the key readline's old-style binding notation names
// name (glean_key_from_name): its own names, else name's first byte.
func rlKeyName(name string) byte {
	switch strings.ToLower(name) {
	case "del", "rubout":
		return 0x7f
	case "esc", "escape":
		return 0x1b
	case "lfd", "newline":
		return '\n'
	case "ret", "return":
		return '\r'
	case "spc", "space":
		return ' '
	case "tab":
		return '\t'
	case "":
		return 0
	}
	return name[0]
}

// rlBindLine applies one line of readline's init language that is not a
// parser directive (rl_parse_and_bind): a variable setting, or a key
// sequence or key name bound to a function or macro, in the current
// keymap, which the caller owns (ownKeymaps). Errors are reported as
// readline reports them.
func (r *Runner) rlBindLine(line string) {
	i := 0
	if line[0] == '"' {
		i = rlSkipTo(line, 1, '"')
		if i == len(line) {
			r.rlError("%s: no closing `\"' in key binding", line)
			return
		}
		i++
	}
	for i < len(line) && line[i] != ':' && line[i] != ' ' && line[i] != '\t' {
		i++
	}
	if i == 0 {
		r.rlError("`%s': invalid key binding: missing key sequence", line)
		return
	}
	key := line[:i]
	foundSep := i < len(line)
	equiv := foundSep && line[i] == ':' && i+1 < len(line) && line[i+1] == '='
	if foundSep {
		i++
	}
	if equiv {
		i++
	}
	if strings.EqualFold(key, "set") {
		r.rlSetLine(line)
		return
	}
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	start := i
	if i < len(line) && (line[i] == '\'' || line[i] == '"') {
		i = rlSkipTo(line, i+1, line[i])
		if i == len(line) {
			r.rlError("`%s': missing closing quote for macro", line[start:])
			return
		}
		i++
	}
	for i < len(line) && line[i] != ' ' && line[i] != '\t' {
		i++
	}
	fn := line[start:i]
	if equiv {
		return
	}
	if !foundSep {
		r.rlError("%s: no key sequence terminator", key)
		return
	}
	var seq string
	if key[0] == '"' {
		seq = rlQuotedSeq(key)
	} else {
		name := key
		if j := strings.LastIndexByte(key, '-'); j >= 0 {
			name = key[j+1:]
		}
		c := rlKeyName(name)
		mod := false
		low := strings.ToLower(key)
		if strings.Contains(low, "control-") || strings.Contains(low, "c-") || strings.Contains(low, "ctrl-") {
			c = asciiUpper(c) & 0x1f
			mod = true
		}
		if strings.Contains(low, "meta") || strings.Contains(low, "m-") {
			c |= 0x80
			mod = true
		}
		if !mod && name != key {
			r.rlError("%s: unknown key modifier", key)
			return
		}
		seq = string([]byte{c})
		switch {
		case c == '\\':
			seq = `\\`
		case c == 0:
			seq = `\0`
		}
	}
	m := r.curKeymap()
	if m == nil {
		return
	}
	if fn != "" && (fn[0] == '"' || fn[0] == '\'') {
		body := fn[1:]
		if strings.HasSuffix(body, fn[:1]) {
			body = body[:len(body)-1]
		}
		r.rlBind(m, seq, rlEntry{kind: rlMacro, val: rlTranslate(body, r.rlConvertMeta())})
		return
	}
	e := rlEntry{}
	if name, ok := r.rlCanonFunc(fn); ok {
		e = rlEntry{kind: rlFunc, val: name}
	}
	r.rlBind(m, seq, e)
}

// rlQuotedSeq returns the key sequence inside a quoted key of a binding
// line, its backslashes kept for rlTranslate.
func rlQuotedSeq(key string) string {
	var b strings.Builder
	pass := false
	for j := 1; j < len(key); j++ {
		c := key[j]
		if pass || c == '\\' {
			b.WriteByte(c)
			pass = !pass
			continue
		}
		if c == '"' {
			break
		}
		b.WriteByte(c)
	}
	return b.String()
}

// rlConvertMeta reports readline's convert-meta.
func (r *Runner) rlConvertMeta() bool { return r.rlVar("convert-meta") == "on" }

// rlBind binds the key sequence seq, in readline's notation, to e in m.
func (r *Runner) rlBind(m *rlKeymap, seq string, e rlEntry) {
	rlBindRaw(m, rlTranslate(seq, r.rlConvertMeta()), e)
}
