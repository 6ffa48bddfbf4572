package interp

import (
	"strings"
)

// rlKind is what a key is bound to in a readline keymap.
type rlKind uint8

const (
	rlUnbound rlKind = iota
	rlFunc           // a bindable function, by its canonical name
	rlMacro          // text read as if typed
	rlMap            // a prefix: the next key is looked up in sub
)

// rlAnyKey is readline's ANYOTHERKEY: the slot of a keymap that holds
// what its prefix key was bound to before longer sequences made it a
// prefix, run when the key after it matches nothing.
const rlAnyKey = 256

// Functions without a name in readline's funmap: the no-op readline binds
// when a prefix key is unbound (_rl_null_function), and bash's runner of
// bind -x commands (bash_execute_unix_command).
const (
	rlNullFunc = ""
	rlUnixCmd  = "\x00unix-command"
)

// rlEntry is one key's binding.
type rlEntry struct {
	kind rlKind
	val  string // the function's name or the macro's bytes
	sub  *rlKeymap
}

// rlKeymap is a readline keymap: a binding for each byte and the
// ANYOTHERKEY slot.
type rlKeymap [rlAnyKey + 1]rlEntry

// rlKeymaps are a shell's readline keymaps. emacs-meta and emacs-ctlx are
// reached through emacs's ESC and C-x, and are also named roots (a
// binding of ESC itself leaves emacs-meta reachable by name only). The
// cmd maps hold bind -x commands, shaped like their keymaps (bash's
// cmd_xmap).
type rlKeymaps struct {
	emacs, meta, ctlx, viIns, viCmd *rlKeymap
	cmdEmacs, cmdViIns, cmdViCmd    *rlKeymap
}

// rlCanon returns the name the bindings of a bindable function's name
// are kept under: the funmap has two names for some functions, and
// readline finds a name without regard to case, the first in its funmap
// order, so that vi-bword is vi-bWord's function.
func rlCanon(name string) string {
	switch strings.ToLower(name) {
	case "vi-bword":
		return "vi-backward-bigword"
	case "vi-eword":
		return "vi-end-bigword"
	case "vi-fword":
		return "vi-forward-bigword"
	case "insert-last-argument":
		return "yank-last-arg"
	}
	return name
}

// rlCanonFunc returns the name the bindings of the function named name
// are kept under, or "" and false when no function has that name.
func (r *Runner) rlCanonFunc(name string) (string, bool) {
	for _, n := range r.bindableNames() {
		if strings.EqualFold(n, name) {
			return rlCanon(n), true
		}
	}
	return "", false
}

// newKeymaps builds the keymaps readline and bash start with: the
// generated defaults, then the terminal's own keys where they are unbound
// (readline's bind_termcap_arrow_keys).
func (r *Runner) newKeymaps() *rlKeymaps {
	k := &rlKeymaps{}
	load := func(name string) *rlKeymap {
		m := &rlKeymap{}
		var others []string // sequences whose ANYOTHERKEY slot is bound
		for data := rlDefaultKeymap(name); data != ""; {
			head := int(data[0])
			n := head & 0x7f
			if head == 0 {
				n = 2 // a range: LO HI
			}
			seq := data[1 : 1+n]
			fn, rest, _ := strings.Cut(data[1+n:], "\n")
			data = rest
			switch {
			case head == 0:
				for c := int(seq[0]); c <= int(seq[1]); c++ {
					m[c] = rlEntry{kind: rlFunc, val: rlCanon(fn)}
				}
			case head&0x80 != 0:
				others = append(others, seq, rlCanon(fn))
			default:
				rlBindRaw(m, seq, rlEntry{kind: rlFunc, val: rlCanon(fn)})
			}
		}
		// after the longer sequences have made the prefixes keymaps
		for i := 0; i < len(others); i += 2 {
			if e := rlLookup(m, others[i], false); e.kind == rlMap {
				e.sub[rlAnyKey] = rlEntry{kind: rlFunc, val: others[i+1]}
			}
		}
		return m
	}
	k.emacs, k.viIns, k.viCmd = load("emacs"), load("vi-insert"), load("vi-command")
	// readline unbinds ESC in vi-command once the arrow keys made it a
	// prefix, so that ESC and a key not in a sequence after it runs that
	// key (bind_arrow_keys: the prefix's slot gets the null function,
	// which bind -p does not show)
	rlBindRaw(k.viCmd, "\x1b", rlEntry{})
	k.meta, k.ctlx = k.emacs[0x1b].sub, k.emacs[0x18].sub
	keys := terminalKeys(r.varString("TERM"), r.varString("TERMINFO"), r.varString("HOME"))
	for _, m := range []*rlKeymap{k.emacs, k.viCmd, k.viIns} {
		for _, tk := range keys {
			rlBindIfUnbound(m, tk.seq, tk.fn)
		}
	}
	k.cmdEmacs = &rlKeymap{}
	k.cmdEmacs[0x18] = rlEntry{kind: rlMap, sub: &rlKeymap{}}
	k.cmdEmacs[0x1b] = rlEntry{kind: rlMap, sub: &rlKeymap{}}
	k.cmdViIns, k.cmdViCmd = &rlKeymap{}, &rlKeymap{}
	return k
}

// clone copies the keymaps deeply, keeping the roots that are also
// reached as prefixes shared as they were: bind changes a copy, since
// forks of the shell share the keymaps.
func (k *rlKeymaps) clone() *rlKeymaps {
	seen := map[*rlKeymap]*rlKeymap{}
	var cp func(m *rlKeymap) *rlKeymap
	cp = func(m *rlKeymap) *rlKeymap {
		if m == nil {
			return nil
		}
		if n, ok := seen[m]; ok {
			return n
		}
		n := &rlKeymap{}
		seen[m] = n
		*n = *m
		for i := range n {
			if n[i].sub != nil {
				n[i].sub = cp(n[i].sub)
			}
		}
		return n
	}
	return &rlKeymaps{
		emacs: cp(k.emacs), meta: cp(k.meta), ctlx: cp(k.ctlx), viIns: cp(k.viIns), viCmd: cp(k.viCmd),
		cmdEmacs: cp(k.cmdEmacs), cmdViIns: cp(k.cmdViIns), cmdViCmd: cp(k.cmdViCmd),
	}
}

// keymaps returns the shell's keymaps, built on first use.
func (r *Runner) keymaps() *rlKeymaps {
	if r.rlMaps == nil {
		r.rlMaps = r.newKeymaps()
	}
	return r.rlMaps
}

// ownKeymaps gives the runner keymaps of its own to change: a copy of
// those it may share with forks.
func (r *Runner) ownKeymaps() {
	if r.rlMaps == nil {
		r.rlMaps = r.newKeymaps()
		return
	}
	r.rlMaps = r.rlMaps.clone()
}

// rlKeymapName reports whether readline has a keymap named name.
func rlKeymapName(name string) bool {
	switch strings.ToLower(name) {
	case "emacs", "emacs-standard", "emacs-meta", "emacs-ctlx", "vi", "vi-move", "vi-command", "vi-insert":
		return true
	}
	return false
}

// byName returns the keymap readline names name (without regard to
// case), or nil.
func (k *rlKeymaps) byName(name string) *rlKeymap {
	switch strings.ToLower(name) {
	case "emacs", "emacs-standard":
		return k.emacs
	case "emacs-meta":
		return k.meta
	case "emacs-ctlx":
		return k.ctlx
	case "vi", "vi-move", "vi-command":
		return k.viCmd
	case "vi-insert":
		return k.viIns
	}
	return nil
}

// cmdMap returns the bind -x command map of keymap m (bash's
// get_cmd_xmap_from_keymap), or nil.
func (k *rlKeymaps) cmdMap(m *rlKeymap) *rlKeymap {
	switch m {
	case k.emacs:
		return k.cmdEmacs
	case k.meta:
		return k.cmdEmacs[0x1b].sub
	case k.ctlx:
		return k.cmdEmacs[0x18].sub
	case k.viIns:
		return k.cmdViIns
	case k.viCmd:
		return k.cmdViCmd
	}
	return nil
}

// curKeymap is readline's current keymap (_rl_keymap): the keymap
// variable's.
func (r *Runner) curKeymap() *rlKeymap {
	return r.keymaps().byName(r.rlVar("keymap"))
}

// rlBindRaw binds the bytes of seq in m to e, making prefix keymaps as
// needed (readline's rl_generic_bind on a translated sequence): a key
// that becomes a prefix keeps its binding in the new keymap's
// ANYOTHERKEY slot, and a sequence ending at a prefix binds that slot.
func rlBindRaw(m *rlKeymap, seq string, e rlEntry) {
	if seq == "" {
		return
	}
	prev, prevKey := m, int(seq[0])
	var at *rlKeymap
	for i := 0; i < len(seq); i++ {
		c := int(seq[i])
		if i > 0 {
			prevKey = int(seq[i-1])
		}
		if i+1 < len(seq) {
			old := m[c]
			if old.kind != rlMap {
				m[c] = rlEntry{kind: rlMap, sub: &rlKeymap{}}
			}
			prev, m = m, m[c].sub
			if old.kind == rlMacro || old.kind == rlFunc && old.val != "do-lowercase-version" {
				m[rlAnyKey] = old
			}
			continue
		}
		if m[c].kind == rlMap {
			prev, m = m, m[c].sub
			c = rlAnyKey
			if e.kind == rlUnbound {
				e = rlEntry{kind: rlFunc, val: rlNullFunc}
			}
		}
		m[c] = e
		at = m
	}
	// unbinding the last key of a prefix keymap that only kept the
	// prefix's old function gives the prefix that function back (one
	// level only, as readline does)
	if e.kind == rlUnbound && prev[prevKey].kind == rlMap && prev[prevKey].sub == at &&
		at[rlAnyKey].kind == rlFunc && at.empty() {
		prev[prevKey] = at[rlAnyKey]
	}
}

// empty reports whether no key of m is bound (rl_empty_keymap).
func (m *rlKeymap) empty() bool {
	for i := 0; i < rlAnyKey; i++ {
		if m[i].kind != rlUnbound {
			return false
		}
	}
	return true
}

// rlLookup returns what seq is bound to in m, following prefixes
// (rl_function_of_keyseq); with convertMeta a byte over 127 is ESC and
// the byte without its high bit.
func rlLookup(m *rlKeymap, seq string, convertMeta bool) rlEntry {
	for i := 0; i < len(seq); i++ {
		c := int(seq[i])
		if c > 127 && convertMeta && m[0x1b].kind == rlMap {
			m, c = m[0x1b].sub, c&0x7f
		}
		e := m[c]
		if i+1 == len(seq) || e.kind != rlMap {
			if i+1 < len(seq) {
				return rlEntry{}
			}
			return e
		}
		m = e.sub
	}
	return rlEntry{}
}

// rlBindIfUnbound binds seq to fn unless it runs something already
// (rl_bind_keyseq_if_unbound_in_map): do-lowercase-version and
// vi-movement-mode count as unbound.
func rlBindIfUnbound(m *rlKeymap, seq, fn string) {
	// (a prefix counts as bound)
	if e := rlLookup(m, seq, false); e.kind == rlUnbound || e.kind == rlFunc && (e.val == "do-lowercase-version" || e.val == "vi-movement-mode") {
		rlBindRaw(m, seq, rlEntry{kind: rlFunc, val: fn})
	}
}
