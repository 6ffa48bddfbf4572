package interp

import (
	"maps"
	"slices"
	"strings"
)

// biBind is bash's bind: it lists and changes readline's functions,
// key bindings, macros, bind -x commands and variables (keymap.go,
// readlinevars.go), in any shell, warning first when line editing is
// off. Listings go to standard output after the changes' errors, as
// bash's buffered stdout has them.
func biBind(r *Runner, args []string) int {
	if !r.opts.on(optEmacs) && !r.opts.on(optVi) {
		// (bash's no_line_editing, which set -o vi or emacs clears even
		// in a shell that is not interactive)
		r.bErr("bind", "warning: line editing not enabled")
	}
	if !r.rlInit {
		r.initReadline() // bind initializes readline, even to fail
	}
	var set uint64
	var initFile, mapName, query, unbindFn, removeSeq, xLine string
	rest, ok, st := r.builtinOpts("bind", "lvpVPsSXf:q:u:m:r:x:", usageLine("bind"), args[1:], func(c byte, arg string) (bool, int) {
		set |= optBit(c)
		switch c {
		case 'f':
			initFile = arg
		case 'm':
			mapName = arg
		case 'q':
			query = arg
		case 'u':
			unbindFn = arg
		case 'r':
			removeSeq = arg
		case 'x':
			xLine = arg
		}
		return true, 0
	})
	if !ok {
		return st
	}
	has := func(c byte) bool { return set&optBit(c) != 0 }
	if has('f') || has('u') || has('r') || has('x') || len(rest) > 0 {
		r.ownKeymaps()
	}
	if mapName != "" {
		if !rlKeymapName(mapName) {
			r.bErr("bind", "`%s': invalid keymap name", mapName)
			return 1
		}
		// the keymap is the given one for this command only
		saved, had := r.rlVars["keymap"]
		r.rlSetVar("keymap", mapName)
		defer func() {
			if had {
				r.rlSetVar("keymap", saved)
				return
			}
			// (a copy: forks share the map)
			vars := maps.Clone(r.rlVars)
			delete(vars, "keymap")
			r.rlVars = vars
		}()
	}
	var out strings.Builder
	flush := func(st int) int {
		if w := r.write("bind", out.String()); w != 0 {
			return w
		}
		return st
	}
	// (the keymaps are built only when a listing or change needs them:
	// bind -v in a completion function is frequent)
	m := r.curKeymap
	if has('l') {
		out.WriteString(strings.Join(r.bindableNames(), "\n") + "\n")
	}
	if has('p') {
		out.WriteString(r.rlDumpFunctions(m(), true))
	}
	if has('P') {
		out.WriteString(r.rlDumpFunctions(m(), false))
	}
	if has('s') {
		rlDumpMacros(&out, m(), "", true)
	}
	if has('S') {
		rlDumpMacros(&out, m(), "", false)
	}
	if has('v') {
		out.WriteString(r.rlDumpVars(true))
	}
	if has('V') {
		out.WriteString(r.rlDumpVars(false))
	}
	st = 0
	if has('f') {
		if err := r.readInitFile(initFile, 0); err != nil {
			r.bErr("bind", "%s: cannot read: %s", initFile, pathErrMsg(err))
			return flush(1)
		}
	}
	if has('q') {
		st = r.bindQuery(&out, m(), query)
	}
	if has('u') {
		if fn, ok := r.rlCanonFunc(unbindFn); ok {
			rlUnbindFunc(m(), fn)
			st = 0
		} else {
			r.bErr("bind", "`%s': unknown function name", unbindFn)
			st = 1
		}
	}
	if has('r') {
		return flush(r.bindRemove(m(), removeSeq))
	}
	if has('x') {
		st = r.bindUnixCommand(m(), xLine)
	}
	if has('X') {
		if cm := r.keymaps().cmdMap(m()); cm != nil {
			rlDumpMacros(&out, cm, "", true)
		}
	}
	for _, line := range rest {
		before := rlInvokers(rlUnixCmd, m(), false)
		r.bindLine(line)
		after := rlInvokers(rlUnixCmd, m(), false)
		// a bind -x sequence bound to something else loses its command
		for _, s := range before {
			if len(after) < len(before) && !slices.Contains(after, s) {
				r.unbindUnixCommand(m(), s)
			}
		}
	}
	return flush(st)
}

// bindQuery is bind -q: the keys that run function name in m.
func (r *Runner) bindQuery(out *strings.Builder, m *rlKeymap, name string) int {
	fn, ok := r.rlCanonFunc(name)
	if !ok {
		r.bErr("bind", "`%s': unknown function name", name)
		return 1
	}
	keys := rlInvokers(fn, m, r.rlConvertMeta())
	if len(keys) == 0 {
		out.WriteString(name + " is not bound to any keys.\n")
		return 1
	}
	out.WriteString(name + " can be invoked via " + rlKeyList(keys))
	return 0
}

// rlUnbindFunc unbinds every key that runs fn in m and the keymaps
// below it (rl_unbind_function_in_map).
func rlUnbindFunc(m *rlKeymap, fn string) {
	for i := range m {
		switch m[i].kind {
		case rlFunc:
			if m[i].val == fn {
				m[i] = rlEntry{}
			}
		case rlMap:
			rlUnbindFunc(m[i].sub, fn)
		}
	}
}

// bindRemove is bind -r: the key sequence seq no longer runs anything,
// nor its bind -x command (bash's unbind_keyseq).
func (r *Runner) bindRemove(m *rlKeymap, seq string) int {
	e := rlLookup(m, rlTranslate(seq, r.rlConvertMeta()), r.rlConvertMeta())
	if e.kind == rlMap {
		e = e.sub[rlAnyKey]
	}
	if e.kind == rlUnbound {
		return 0
	}
	r.rlBind(m, seq, rlEntry{})
	if e.kind == rlFunc && e.val == rlUnixCmd {
		r.unbindUnixCommand(m, seq)
	}
	return 0
}

// unbindUnixCommand removes seq's command from m's bind -x map.
func (r *Runner) unbindUnixCommand(m *rlKeymap, seq string) {
	if cm := r.keymaps().cmdMap(m); cm != nil {
		r.rlBind(cm, seq, rlEntry{})
	}
}

// bindUnixCommand is bind -x: line is "KEYSEQ": COMMAND (the command
// optionally quoted), kept in the keymap's command map while the key
// sequence runs bash's command runner (bind_keyseq_to_unix_command).
func (r *Runner) bindUnixCommand(m *rlKeymap, line string) int {
	i, start, ok := r.isolateSequence(line, 0, true)
	if !ok {
		return 1
	}
	seq := line[start:i]
	for i < len(line) && line[i] != ':' {
		i++
	}
	if i == len(line) {
		r.bErr("bind", "%s: missing colon separator", line)
		return 1
	}
	j, vstart, ok := r.isolateSequence(line, i+1, false)
	if !ok {
		return 1
	}
	if cm := r.keymaps().cmdMap(m); cm != nil {
		r.rlBind(cm, seq, rlEntry{kind: rlMacro, val: line[vstart:j]})
	}
	r.rlBind(m, seq, rlEntry{kind: rlFunc, val: rlUnixCmd})
	return 0
}

// isolateSequence finds a possibly quoted string in line from index at
// (bash's isolate_sequence): it returns the index of its end (the
// closing quote's) and of its start; needQuote requires a double quote.
func (r *Runner) isolateSequence(line string, at int, needQuote bool) (end, start int, ok bool) {
	i := at
	for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
		i++
	}
	if needQuote && (i == len(line) || line[i] != '"') {
		r.bErr("bind", "%s: first non-whitespace character is not `\"'", line)
		return 0, 0, false
	}
	var delim byte
	if i < len(line) && (line[i] == '"' || line[i] == '\'') {
		delim = line[i]
		i++
	}
	start = i
	for ; i < len(line); i++ {
		if line[i] == '\\' {
			i++
			continue
		}
		if delim != 0 && line[i] == delim {
			break
		}
	}
	if i > len(line) {
		i = len(line)
	}
	if delim != 0 && (i == len(line) || line[i] != delim) {
		r.bErr("bind", "no closing `%c' in %s", delim, line)
		return 0, 0, false
	}
	return i, start, true
}
