package interp

import (
	"fmt"
	"strings"
)

// rlKeyname returns a key as readline writes it in a key sequence
// (_rl_get_keyname): \e, \C-?, \C-x for control characters, octal for
// bytes over 127 (ANYOTHERKEY comes out as \000), a backslash before a
// backslash or double quote.
func rlKeyname(key int) string {
	switch key {
	case 0x1b:
		return `\e`
	case 0x7f:
		return `\C-?`
	}
	var b []byte
	c := key
	if c < 0x20 {
		b = append(b, '\\', 'C', '-')
		c = int(asciiLower(byte(c | 0x40)))
	}
	switch {
	case c >= 128 && c <= 159:
		c -= 128
		b = append(b, '\\', '2', byte(c/8)+'0')
		c = c%8 + '0'
	case c >= 160:
		// (as an unsigned char: ANYOTHERKEY, 256, is \000)
		u := byte(c)
		b = append(b, '\\', '0'+u>>6&7, '0'+u>>3&7)
		c = c%8 + '0'
	}
	if c == '\\' || c == '"' {
		b = append(b, '\\')
	}
	return string(append(b, byte(c)))
}

func asciiLower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

// rlPrefixName returns a prefix key as readline writes it before the
// keys of its keymap in rl_invoking_keyseqs_in_map: ESC as \M- when
// meta characters are converted, else \e; a control character as \C-x;
// other bytes as they are.
func rlPrefixName(key int, convertMeta bool) string {
	if key == 0x1b {
		if convertMeta {
			return `\M-`
		}
		return `\e`
	}
	var b []byte
	c := key
	if c < 0x20 || c == 0x7f {
		b = append(b, '\\', 'C', '-')
		if c == 0x7f {
			c = '?'
		} else {
			c = int(asciiLower(byte(c | 0x40)))
		}
	}
	if c == '\\' || c == '"' {
		b = append(b, '\\')
	}
	return string(append(b, byte(c)))
}

// rlInvokers returns the key sequences that run function fn in m, in
// readline's order (rl_invoking_keyseqs_in_map).
func rlInvokers(fn string, m *rlKeymap, convertMeta bool) []string {
	var out []string
	for key := range m {
		e := m[key]
		switch e.kind {
		case rlFunc:
			if e.val == fn {
				out = append(out, rlKeyname(key))
			}
		case rlMap:
			for _, s := range rlInvokers(fn, e.sub, convertMeta) {
				out = append(out, rlPrefixName(key, convertMeta)+s)
			}
		}
	}
	return out
}

// rlDumpFunctions is bind -p (readable) and bind -P: each bindable
// function with the keys that run it in m (rl_function_dumper).
func (r *Runner) rlDumpFunctions(m *rlKeymap, readable bool) string {
	var sb strings.Builder
	sb.WriteByte('\n')
	cm := r.rlConvertMeta()
	for _, name := range r.bindableNames() {
		fn, _ := r.rlCanonFunc(name)
		keys := rlInvokers(fn, m, cm)
		switch {
		case readable && len(keys) == 0:
			fmt.Fprintf(&sb, "# %s (not bound)\n", name)
		case readable:
			for _, k := range keys {
				fmt.Fprintf(&sb, "\"%s\": %s\n", k, name)
			}
		case len(keys) == 0:
			fmt.Fprintf(&sb, "%s is not bound to any keys\n", name)
		default:
			sb.WriteString(name + " can be found on " + rlKeyList(keys))
		}
	}
	return sb.String()
}

// rlKeyList lists up to five key sequences as bind -P and -q do, with
// "..." on a line of its own when there are more.
func rlKeyList(keys []string) string {
	var sb strings.Builder
	for j := 0; j < len(keys) && j < 5; j++ {
		sep := ", "
		if j+1 == len(keys) {
			sep = ".\n"
		}
		fmt.Fprintf(&sb, "\"%s\"%s", keys[j], sep)
	}
	if len(keys) > 5 {
		// (readline ends the fifth with ", " and no newline)
		sb.WriteString("...\n")
	}
	return sb.String()
}

// rlDumpMacros is bind -s (readable) and bind -S: the key sequences in m
// that insert macros, and their text (rl_macro_dumper); bind -X lists
// the bind -x commands with it.
func rlDumpMacros(sb *strings.Builder, m *rlKeymap, prefix string, readable bool) {
	for key := range m {
		e := m[key]
		switch e.kind {
		case rlMacro:
			if readable {
				fmt.Fprintf(sb, "\"%s%s\": \"%s\"\n", prefix, rlKeyname(key), rlUntranslate(e.val))
			} else {
				fmt.Fprintf(sb, "%s%s outputs %s\n", prefix, rlKeyname(key), rlUntranslate(e.val))
			}
		case rlMap:
			name := prefix + rlKeyname(key)
			rlDumpMacros(sb, e.sub, name, readable)
		}
	}
}

// rlUntranslate writes a macro's text in readline's notation
// (_rl_untranslate_macro_value without escapes).
func rlUntranslate(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		// (a byte over 127 is a negative char there, written as it is)
		switch {
		case c == 0x1b:
			b = append(b, '\\')
			c = 'e'
		case c < 0x20:
			b = append(b, '\\', 'C', '-')
			c = asciiLower(c | 0x40)
		case c == 0x7f:
			b = append(b, '\\', 'C', '-')
			c = '?'
		}
		switch {
		case c == 0x1b:
			b = append(b, '\\')
			c = 'e'
		case c == '\\' || c == '"':
			b = append(b, '\\')
		}
		b = append(b, c)
	}
	return string(b)
}
