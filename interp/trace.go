package interp

import (
	"io"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// tracePrefix is PS4 expanded, its first character repeated once per
// level of indirection (command substitution, eval), as bash does.
func (r *Runner) tracePrefix() string {
	// PS4 starts as "+ " (initVars); unset, it traces with no prefix
	// (an array's element 0 is its value)
	ps4 := r.vars.get("PS4").value()
	if strings.ContainsAny(ps4, "$`\\") || r.opts.on(optPosix) && strings.IndexByte(ps4, '!') >= 0 {
		old := r.opts.set[optXtrace]
		r.opts.set[optXtrace] = false
		var err error
		ps4, err = r.promptTextErr(ps4, promptOther)
		r.opts.set[optXtrace] = old
		if err != nil {
			r.ps4Error(err)
		}
	}
	if ps4 == "" {
		return ""
	}
	level := r.traceLevel + 1
	if level <= 1 {
		return ps4
	}
	// the first character is a whole multibyte one in a UTF-8 locale
	// (bash's MBLEN), else its first byte
	first := ps4[:1]
	if c, n := utf8.DecodeRuneInString(ps4); n > 1 && c != utf8.RuneError && r.utf8Locale() {
		first = ps4[:n]
	}
	return strings.Repeat(first, level-1) + ps4
}

// ps4Error reports an expansion error of PS4, which bash's
// decode_prompt_string says before it traces with PS4 as it is. An
// unbound variable or ${x?word} is a report_error: under set -e the
// shell ends there, its trace line unwritten.
func (r *Runner) ps4Error(err error) {
	ee, ok := err.(*expandError)
	if ok && ee.reported {
		return
	}
	r.errorf("%s", err.Error())
	if ok && ee.fatal && r.reportExit() {
		r.ps4Exit = true
	}
}

// expandString expands $… in s as in double quotes.
func (r *Runner) expandString(s string) string {
	w, text, err := parseDocument(s)
	if err != nil {
		return s
	}
	defer r.withSrc(text)() // the nodes' offsets are into text
	out, err := r.document(w)
	if err != nil {
		return s
	}
	return out
}

func (r *Runner) traceWrite(line string) {
	if r.ps4Exit && r.flow == flowExit {
		return // PS4 failed under set -e (ps4Error)
	}
	if r.tracePending != "" {
		line, r.tracePending = r.tracePending+line, ""
	}
	fd := r.traceFD()
	if r.xtracePin > 0 {
		fd = r.xtracePin - 1
	}
	_, err := io.WriteString(r.fds.writer(fd), line)
	if errno, ok := underlyingErrno(err); ok && errno == syscall.EPIPE && r.isSub && !r.sigpipeIgnored() {
		// bash flushes each line: a reader gone, SIGPIPE ends a
		// subshell there, before the command traced runs
		r.flow = flowExit
		r.exitCode = 128 + int(syscall.SIGPIPE)
	}
}

// traceFD returns the fd xtrace output goes to: stderr or the one
// BASH_XTRACEFD names.
func (r *Runner) traceFD() int {
	// a value that changed other than by assignment (imported, a local
	// or temporary one, restored) takes effect silently
	cur := ""
	if v := r.vars.get("BASH_XTRACEFD"); v != nil && v.set {
		cur = v.value()
	}
	if cur != r.xtraceVal {
		r.xtraceVal = cur
		r.xtraceFD = 0
		if n, ok := r.xtraceTarget(cur); ok {
			r.xtraceFD = n + 1
		}
	}
	if r.xtraceFD > 0 {
		return r.xtraceFD - 1
	}
	return 2
}

// setXtraceFD follows an assignment to BASH_XTRACEFD as bash's
// sv_xtracefd: an empty value sends xtrace output back to stderr, an open
// fd receives it, anything else is reported and changes nothing.
func (r *Runner) setXtraceFD(val string) {
	if val == "" {
		r.xtraceReset()
		return
	}
	r.xtraceVal = val
	n, ok := r.xtraceTarget(val)
	if !ok {
		if r.xtraceFDWarned == val {
			r.xtraceFDWarned = "" // reported before the trace
			return
		}
		r.xtraceFDRefused(val)
		return
	}
	r.xtraceFD = n + 1
}

// xtraceTarget is the fd a BASH_XTRACEFD value names, if sv_xtracefd
// takes it: an open fd that fdopen can open for writing.
func (r *Runner) xtraceTarget(val string) (int, bool) {
	n, ok := xtraceFDValue(val)
	if !ok || r.fds.get(n) == nil || !writable(r.fds.get(n)) {
		return 0, false
	}
	return n, true
}

// xtraceFDRefused reports a BASH_XTRACEFD value that xtraceTarget
// refuses: an open fd that fdopen cannot open for writing, or a value
// that is no open fd.
func (r *Runner) xtraceFDRefused(val string) {
	if n, ok := xtraceFDValue(val); ok && r.fds.get(n) != nil {
		r.errorf("BASH_XTRACEFD: %s: cannot open as FILE", val)
		return
	}
	r.errorf("BASH_XTRACEFD: %s: invalid value for trace file descriptor", val)
}

// xtraceReset sends xtrace output back to stderr as bash's xtrace_reset
// does: the stream it fdopen'd on the BASH_XTRACEFD fd is flushed and
// closed, and the fd with it (bash's manual warns of BASH_XTRACEFD=2).
func (r *Runner) xtraceReset() {
	if r.xtraceFD > 0 {
		n := r.xtraceFD - 1
		if r.tracePending != "" {
			io.WriteString(r.fds.writer(n), r.tracePending)
			r.tracePending = ""
		}
		r.fds.close(n)
	}
	r.xtraceFD, r.xtraceVal = 0, ""
}

// xtraceRestored is bash's sv_xtracefd for a BASH_XTRACEFD binding that
// changed other than by assignment (unset, or a temporary or local one
// gone): what is visible now is set up as an assigned value would be,
// unset as empty.
func (r *Runner) xtraceRestored() {
	cur := ""
	if v := r.vars.get("BASH_XTRACEFD"); v != nil && v.set {
		cur = v.value()
	}
	r.setXtraceFD(cur)
}

// xtraceFDValue reads an fd number as sv_xtracefd does, (int)strtol:
// leading white space and a sign allowed, nothing after the digits, the
// low 32 bits kept.
func xtraceFDValue(s string) (int, bool) {
	n, rest, ok := cStrtol(s)
	if !ok || rest != "" || int32(n) < 0 {
		return 0, false
	}
	return int(int32(n)), true
}

// xtraceFDClosed sends xtrace output back to stderr when fd n, the one
// BASH_XTRACEFD named, is closed (bash's xtrace_fdchk).
func (r *Runner) xtraceFDClosed(n int) {
	if r.xtraceFD == n+1 {
		r.xtraceFD = 0
		r.tracePending = "" // fclose on a closed fd writes nothing
	}
}

// traceCall prints a simple command's assignments (unless expandPrefix
// traced them already) and words. external: the command is a program,
// whose assignments bash makes only in the child it forks.
func (r *Runner) traceCall(c *syntax.CallExpr, args []string, assignsTraced, external bool) {
	for _, a := range c.Assigns {
		// bash traces a builtin's or function's temporary assignments
		// once they are in its environment: a BASH_XTRACEFD among them
		// moves the lines, or, invalid, is reported first
		if a.Name != nil && a.Name.Value == "BASH_XTRACEFD" && a.Index == nil && a.Array == nil {
			v, _ := r.assignValueQuiet(a.Value)
			if external {
				// a program's lines stay where they went
				r.xtracePin = r.traceFD() + 1
			} else if v == "" {
				r.xtracePin = 3
			} else if n, ok := r.xtraceTarget(v); ok {
				r.xtracePin = n + 1
			} else {
				r.xtraceFDRefused(v)
				r.xtraceFDWarned = v
			}
			defer func() { r.xtracePin = 0 }()
		}
	}
	if len(c.Assigns) > 0 && !assignsTraced {
		r.traceAssigns(c.Assigns)
	}
	r.flushEnvElems(-1)
	// PS4 expanded after the assignments' lines, each of which
	// expanded it (and may have failed to)
	r.traceWrite(r.callTracePrefix(c) + r.traceWords(args))
}

// traceWords is the words of a trace line, quoted as bash's
// xtrace_print_word_list quotes them, and its newline.
func (r *Runner) traceWords(args []string) string {
	var sb strings.Builder
	for i, a := range args {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(r.q().trace(a))
	}
	sb.WriteByte('\n')
	return sb.String()
}

// callTracePrefix is the expanded PS4 of c's trace line. While a builtin
// runs (the . or eval whose text holds c), bash's lookups see the
// temporary environment the command's prefix assignments made before it
// traces the command (find_variable's FV_FORCETEMPENV with
// executing_builtin): PS4 sees those values there, not in a script.
func (r *Runner) callTracePrefix(c *syntax.CallExpr) string {
	if r.peTexts == 0 || len(c.Assigns) == 0 {
		return r.tracePrefix()
	}
	var saved []tempSaved
	defer func() { r.untempAll(saved) }()
	for _, a := range c.Assigns {
		if a.Name == nil || a.Index != nil || a.Array != nil {
			continue
		}
		// the values expandPrefix found, else literal ones (it leaves
		// those, readonly names never)
		p, found := r.prefixVal(a)
		val, ok := p.val, found && !p.readonly
		if !found {
			val, ok = "", a.Value == nil
			if a.Value != nil {
				val, ok = plainLit(a.Value)
			}
		}
		if !ok {
			continue
		}
		if a.Append {
			var err error
			if val, err = r.tempAppend(a.Name.Value, val); err != nil {
				continue
			}
		}
		saved = append(saved, r.tempScalar(a.Name.Value, val))
	}
	return r.tracePrefix()
}

// traceAssigns prints a command's prefix assignments, each as bash's
// assign_in_env traces it: NAME+=word as the NAME=value it binds.
func (r *Runner) traceAssigns(as []*syntax.Assign) {
	r.traceAssignsOf(nil, as, true)
}

// traceAssignsWith prints an assignment statement's assignments as
// written, with the PS4 prefix already expanded (*pfx); a nil pfx
// expands PS4 for each assignment.
func (r *Runner) traceAssignsWith(pfx *string, as []*syntax.Assign) {
	r.traceAssignsOf(pfx, as, false)
}

func (r *Runner) traceAssignsOf(pfx *string, as []*syntax.Assign, prefix bool) {
	// a prefix assignment is traced once in the temporary environment,
	// as bash's assign_in_env does: PS4 sees it (and those before it)
	var saved []tempSaved
	defer func() { r.untempAll(saved) }()
	for i, a := range as {
		if prefix {
			r.flushEnvElems(i) // element assignments written before it
		}
		if a.Name == nil {
			continue
		}
		bound := prefix && a.Append && a.Index == nil && a.Array == nil
		var v string
		switch {
		case a.Array != nil:
		case !prefix:
			// an assignment statement is traced right after its value
			// is expanded: that value, never a second expansion, which
			// would differ ($RANDOM, $SRANDOM, $EPOCHREALTIME) and
			// advance RANDOM's generator
			v = r.lastAssigned
		default:
			v, _ = r.assignValueQuiet(a.Value)
		}
		if bound {
			// an integer's sum is evaluated again to trace it: not
			// when that would repeat a side effect (a+=i++ cmd)
			if cur := r.lookup(a.Name.Value); cur != nil && cur.attrs&aInteger != 0 && (strings.Contains(v, "=") || strings.Contains(v, "++") || strings.Contains(v, "--")) {
				bound = false
			}
		}
		if bound {
			v, _ = r.tempAppend(a.Name.Value, v)
		}
		if prefix && a.Array == nil && a.Index == nil && (!a.Append || bound) {
			if cur := r.vars.get(a.Name.Value); cur == nil || cur.attrs&aReadonly == 0 {
				saved = append(saved, r.tempScalar(a.Name.Value, v))
			}
		}
		var sb strings.Builder
		if pfx != nil {
			sb.WriteString(*pfx)
		} else {
			sb.WriteString(r.tracePrefix())
		}
		sb.WriteString(a.Name.Value)
		if a.Index != nil {
			sb.WriteString("[" + r.assignSubscriptText(a) + "]")
		}
		if a.Append && !bound && !(a.Index != nil && a.Array != nil && listElemWritten(r.curSrc, int(a.Array.Lparen.Offset()))) {
			// (a name[sub]=(…) parseProgram made name[sub]+=(…) is
			// traced as written)
			sb.WriteString("+=")
		} else {
			sb.WriteByte('=')
		}
		if a.Array != nil {
			// bash shows the list as written, words joined by one space
			sb.WriteByte('(')
			for i, el := range a.Array.Elems {
				if i > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteString(r.arrayElemText(el))
			}
			sb.WriteString(")\n")
		} else {
			sb.WriteString(r.q().traceAssign(v))
			sb.WriteByte('\n')
		}
		r.traceWrite(sb.String())
	}
}

// traceAssign quotes an assignment's value as bash's
// xtrace_print_assignment does: an empty value stays empty.
func (q quoter) traceAssign(v string) string {
	if v == "" {
		return ""
	}
	return q.trace(v)
}

// traceNameValue prints "NAME=value" as a traced assignment (export and
// readonly trace the assignments they perform after the command line).
func (r *Runner) traceNameValue(name, op, v string) {
	r.traceWrite(r.tracePrefix() + name + op + r.q().traceAssign(v) + "\n")
}

// traceCompound prints a declaration's compound array assignment the way
// bash traces it before the declaration command: every value (and every
// explicit subscript) single-quoted. For an associative array whose
// first element has no subscript (a key-value list) a [k]=v element is
// a plain word, traced as one.
func (r *Runner) traceCompound(a *syntax.Assign, assoc bool) {
	if line, ok := r.compoundTraceLine(a, assoc); ok {
		r.traceWrite(line)
	}
}

// compoundTraceLine is the line traceCompound prints; ok is false when
// the values fail to expand.
func (r *Runner) compoundTraceLine(a *syntax.Assign, assoc bool) (string, bool) {
	kvPairs := assoc && len(a.Array.Elems) > 0 && a.Array.Elems[0].Index == nil
	var sb strings.Builder
	sb.WriteString(r.tracePrefix())
	sb.WriteString(a.Name.Value)
	if a.Index != nil {
		sb.WriteString("[" + r.assignSubscriptText(a) + "]")
	}
	if a.Append && !(a.Index != nil && listElemWritten(r.curSrc, int(a.Array.Lparen.Offset()))) {
		sb.WriteString("+=(")
	} else {
		sb.WriteString("=(")
	}
	first := true
	for _, el := range a.Array.Elems {
		var vals []string
		kvWord := (*syntax.Word)(nil)
		value, appendElem := appendElemValue(el)
		if el.Index != nil && kvPairs {
			if w := r.kvElemWord(el); !hasSideEffects(w) {
				kvWord = w
			}
		}
		var err error
		switch {
		case assocWordOnly(a.Array, el, assoc):
			// reported as written (see assocElems), not expanded
			vals = []string{r.writtenSubscript(el.Value)}
		case kvWord != nil:
			var v string
			v, err = r.assignValueNoTilde(kvWord)
			vals = []string{v}
		case value != nil && (assoc || el.Index != nil) && !hasSideEffects(value):
			// an associative array's keys and values are expanded
			// without tilde expansion (bash's assign_compound_array_list),
			// an indexed array's [i]=v as its value is (elemValue)
			expand := r.elemValue
			if assoc {
				expand = r.assignValueNoTilde
			}
			var v string
			v, err = expand(value)
			vals = []string{v}
		case value != nil:
			vals, err = r.fieldsQuiet(value)
		default:
			vals = []string{""}
		}
		if err != nil {
			return "", false // bash expands the list before it traces it
		}
		if el.Index != nil && kvWord == nil {
			key := r.nodeText(el.Index)
			if w, ok := el.Index.(*syntax.Word); ok {
				if k, err := r.literal(w); err == nil {
					key = k
				}
			}
			v := strings.Join(vals, " ")
			if !first {
				sb.WriteByte(' ')
			}
			first = false
			op := "]="
			if appendElem {
				op = "]+=" // [k]+=v as written
			}
			sb.WriteString("[" + singleQuote(quotedCtlesc(key)) + op + singleQuote(quotedCtlesc(v)))
			continue
		}
		for _, v := range vals {
			if !first {
				sb.WriteByte(' ')
			}
			first = false
			sb.WriteString(singleQuote(quotedCtlesc(v)))
		}
	}
	sb.WriteString(")\n")
	return sb.String(), true
}

// fieldsQuiet (of an array element) and assignValueQuiet re-expand for
// tracing only when the word has no side effects; otherwise they show
// the source text.
func (r *Runner) fieldsQuiet(w *syntax.Word) ([]string, error) {
	if s, ok := plainLit(w); ok {
		return []string{s}, nil
	}
	if hasSideEffects(w) {
		return []string{r.nodeText(w)}, nil
	}
	// as the element is assigned: x=~ is no assignment there
	return r.fieldsOf([]*syntax.Word{w}, true)
}

func (r *Runner) assignValueQuiet(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	if v, ok := r.prefixWordVal(w); ok {
		return v, nil
	}
	if hasSideEffects(w) {
		// set by the assignment just performed: do not expand twice
		return r.lastAssigned, nil
	}
	return r.assignValue(w)
}

func hasSideEffects(w *syntax.Word) bool {
	found := false
	walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			found = true
		case *syntax.ParamExp:
			if n.Exp != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) {
				found = true
			}
		}
		return !found
	})
	return found
}

func (r *Runner) traceArith(c *syntax.ArithmCmd) {
	if !r.opts.on(optXtrace) {
		return
	}
	// (the text as written, without parseProgram's marks)
	r.traceWrite(r.tracePrefix() + "(( " + r.traceArithText(writtenMarkers(r.arithCmdRaw(c))) + " ))\n")
}

// arithCmdRaw is the text between an arithmetic command's parentheses.
func (r *Runner) arithCmdRaw(c *syntax.ArithmCmd) string {
	lo, hi := int(c.Left.Offset())+2, int(c.Right.Offset())
	if c.Left.IsValid() && lo <= hi && hi <= len(r.curSrc) {
		return r.curSrc[lo:hi]
	}
	return " " + r.nodeText(c.X) + " "
}

// traceArithText expands the parameters in an arithmetic expression's text
// for the trace, as bash prints it; command substitutions are not run twice.
func (r *Runner) traceArithText(raw string) string {
	// bash's parser has made each $'…' its value in single quotes
	raw = removeDoubleQuotes(ansiShown(raw, func(int) bool { return false }, false))
	if strings.ContainsAny(raw, "$`") && !strings.Contains(raw, "$(") && !strings.Contains(raw, "`") {
		old := r.opts.set[optXtrace]
		r.opts.set[optXtrace] = false
		raw = r.expandString(raw)
		r.opts.set[optXtrace] = old
	}
	return raw
}

// debugArithFor runs the DEBUG trap before one part of a for ((…))
// header is evaluated, with $BASH_COMMAND "((part))" as bash shows it. It
// reports whether the part is skipped (debugTrap): its value is then 0.
func (r *Runner) debugArithFor(part string) bool {
	if r.inDebug || !r.traps.has("DEBUG") {
		return false
	}
	if !r.inTrap {
		part = strings.TrimLeft(part, " \t")
		if part == "" {
			part = "1"
		}
		r.bashCmd = cmdText{text: "((" + part + "))", done: true}
	}
	skip, _ := r.debugTrap()
	return skip
}

// removeDoubleQuotes drops the double quotes from an expression's text,
// as the text bash evaluates and traces has had its quotes removed.
func removeDoubleQuotes(s string) string {
	if strings.IndexByte(s, '"') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			b.WriteByte(s[i])
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		case '"':
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// arrayElemText is an element of a compound assignment as written: an
// element's position is that of its subscript, after the "[".
func (r *Runner) arrayElemText(el *syntax.ArrayElem) string {
	// bash shows the words as its reader gave them, without the
	// backslash-newlines it took out
	text := dropLineJoins(r.shownText(el))
	if el.Index == nil {
		return text
	}
	if !el.Index.Pos().IsValid() {
		return text
	}
	// the subscript may start after blanks: [ 1 + 2 ]=3
	at := int(el.Index.Pos().Offset())
	k := at - 1
	for k >= 0 && k < len(r.curSrc) && (r.curSrc[k] == ' ' || r.curSrc[k] == '\t' || r.curSrc[k] == '\n') {
		k--
	}
	if k >= 0 && k < len(r.curSrc) && r.curSrc[k] == '[' {
		return dropLineJoins(r.curSrc[k:at]) + text
	}
	return text
}

// arithForParts splits the source of a for ((init; test; step)) header.
func (r *Runner) arithForParts(l *syntax.CStyleLoop) (parts [3]string, ok bool) {
	lo, hi := int(l.Lparen.Offset())+2, int(l.Rparen.Offset())
	if !l.Lparen.IsValid() || lo > hi || hi > len(r.curSrc) {
		return parts, false
	}
	src := r.curSrc[lo:hi]
	n, depth, start := 0, 0, 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ';':
			if depth == 0 && n < 2 {
				parts[n] = src[start:i]
				n++
				start = i + 1
			}
		}
	}
	if n != 2 {
		return parts, false
	}
	parts[2] = src[start:]
	for k := range parts {
		parts[k] = removeDoubleQuotes(parts[k])
	}
	return parts, true
}

// traceForHead prints "for NAME in WORDS" (the words as written) before
// each iteration, as bash does.
func (r *Runner) traceForHead(kw, name string, l *syntax.WordIter) {
	if !r.opts.on(optXtrace) {
		return
	}
	r.traceWrite(r.tracePrefix() + r.forHeadText(kw, name, l) + "\n")
}

// forHeadText is a for or select loop's head as written, "for i in 1 2"
// ("in \"$@\"" when the list is implicit).
func (r *Runner) forHeadText(kw, name string, l *syntax.WordIter) string {
	var sb strings.Builder
	sb.WriteString(kw + " " + name + " in ")
	if !l.InPos.IsValid() {
		sb.WriteString(`"$@"`)
	}
	for i, w := range l.Items {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(r.shownText(w))
	}
	return sb.String()
}

// debugForHead runs the DEBUG trap before an iteration of a for loop,
// after its xtrace line, with $BASH_COMMAND the loop's head as written
// ("for i in 1 2"), as bash's execute_for_command does.
// It reports whether the iteration is skipped (debugTrap).
func (r *Runner) debugForHead(kw, name string, l *syntax.WordIter) bool {
	if r.inDebug || !r.traps.has("DEBUG") {
		return false
	}
	if !r.inTrap {
		r.bashCmd = cmdText{text: r.forHeadText(kw, name, l), done: true}
	}
	skip, _ := r.debugTrap()
	return skip
}

// traceCond prints one evaluated term of [[ … ]] as bash does: unary
// "[[ OP ARG ]]", binary "[[ A OP B ]]", empty arguments as two single
// quotes.
func (r *Runner) traceCond(invert bool, op string, args ...string) {
	if !r.opts.on(optXtrace) {
		return
	}
	var sb strings.Builder
	sb.WriteString(r.tracePrefix())
	sb.WriteString("[[ ")
	if invert {
		sb.WriteString("! ")
	}
	q := func(s string) string {
		if s == "" {
			return "''"
		}
		return s
	}
	if len(args) == 1 {
		sb.WriteString(op + " " + q(args[0]))
	} else {
		sb.WriteString(q(args[0]) + " " + op + " " + q(args[1]))
	}
	sb.WriteString(" ]]\n")
	r.traceWrite(sb.String())
}

func (r *Runner) traceCase(c *syntax.CaseClause) {
	if !r.opts.on(optXtrace) {
		return
	}
	line := r.tracePrefix() + "case " + r.shownText(c.Word) + " in\n"
	if r.traceBuffered() {
		r.tracePending += line
		return
	}
	r.traceWrite(line)
}

// simpleCommandText is a simple command as bash prints it for
// $BASH_COMMAND and job messages: the words as written, separated by one
// space, then the redirections in bash's canonical form ("2> /dev/null",
// "1>&2").
func (r *Runner) simpleCommandText(c *syntax.CallExpr, redirs []*syntax.Redirect) string {
	var sb strings.Builder
	sep := func() {
		if sb.Len() > 0 {
			sb.WriteByte(' ')
		}
	}
	if c != nil {
		for _, a := range c.Assigns {
			sep()
			sb.WriteString(r.shownText(a))
		}
		for _, w := range c.Args {
			sep()
			sb.WriteString(r.shownText(w))
		}
	}
	// a here-document shows as print_redirection has it: its delimiter
	// single-quoted when quoted, its body after the command
	var hdocs []string
	var p *cmdPrinter // one for the headers and the bodies
	for _, rd := range redirs {
		sep()
		if rd.Op != syntax.Hdoc && rd.Op != syntax.DashHdoc {
			r.writeRedirect(&sb, rd)
			continue
		}
		if p == nil {
			p = newCmdPrinter(r.curSrc)
		}
		p.sb.Reset()
		p.heredocHeader(rd)
		sb.WriteString(p.sb.String())
		hdocs = append(hdocs, p.heredocText(rd))
	}
	if len(hdocs) > 0 {
		p.sb.Reset()
		p.heredocBodies(hdocs)
		sb.WriteString(p.sb.String())
	}
	return sb.String()
}

// writeRedirect prints one redirection as bash's print_redirection does.
func (r *Runner) writeRedirect(sb *strings.Builder, rd *syntax.Redirect) {
	n := -1
	if rd.N != nil {
		if v, err := strconv.Atoi(rd.N.Value); err == nil {
			n = v
		}
	}
	fd := func(def int) {
		if rd.N != nil && n < 0 {
			sb.WriteString(rd.N.Value) // {var}
		} else if n >= 0 && n != def {
			sb.WriteString(strconv.Itoa(n))
		}
	}
	word := ""
	if rd.Word != nil {
		word = r.shownText(rd.Word)
	}
	switch rd.Op {
	case syntax.RdrIn:
		fd(0)
		sb.WriteString("< " + word)
	case syntax.RdrOut:
		fd(1)
		sb.WriteString("> " + word)
	case syntax.AppOut:
		fd(1)
		sb.WriteString(">> " + word)
	case syntax.ClbOut:
		fd(1)
		sb.WriteString(">| " + word)
	case syntax.RdrInOut:
		fd(1)
		sb.WriteString("<> " + word)
	case syntax.RdrAll:
		sb.WriteString("&> " + word)
	case syntax.AppAll:
		sb.WriteString("&>> " + word)
	case syntax.WordHdoc:
		fd(0)
		sb.WriteString("<<< " + word)
	case syntax.DplIn, syntax.DplOut:
		def, op := 0, "<&"
		if rd.Op == syntax.DplOut {
			def, op = 1, ">&"
		}
		num := n
		if rd.N == nil {
			num = def
		}
		lead := strconv.Itoa(num)
		if rd.N != nil && n < 0 {
			lead = rd.N.Value
		}
		_, numeric := strconv.Atoi(strings.TrimSuffix(word, "-"))
		switch {
		case word == "-":
			sb.WriteString(lead + ">&-")
		case numeric == nil:
			sb.WriteString(lead + op + word)
		case num == def && (rd.N == nil || n >= 0):
			sb.WriteString(op + word)
		default:
			sb.WriteString(lead + op + word)
		}
	default:
		sb.WriteString(r.nodeText(rd))
	}
}

// cmdText is the command $BASH_COMMAND names, kept unprinted until the
// variable is read (most commands never need the text).
type cmdText struct {
	call   *syntax.CallExpr
	redirs []*syntax.Redirect
	node   syntax.Node  // a compound command shown as written
	stmt   *syntax.Stmt // a subshell printed back as a job's text
	src    string
	text   string
	done   bool
}

// bashCommandText returns $BASH_COMMAND.
func (r *Runner) bashCommandText() string {
	b := &r.bashCmd
	if b.done {
		return b.text
	}
	if b.call == nil && b.node == nil && b.stmt == nil {
		return b.text
	}
	old := r.curSrc
	r.curSrc = b.src
	switch n := b.node.(type) {
	case nil:
		if b.stmt != nil {
			b.text = r.jobText(b.stmt)
			break
		}
		b.text = r.simpleCommandText(b.call, b.redirs)
	case *syntax.DeclClause, *syntax.LetClause:
		// declarations and let are simple commands: words one space
		// apart, then the redirections
		b.text = r.simpleCommandText(nil, b.redirs)
		var sb strings.Builder
		if d, ok := n.(*syntax.DeclClause); ok {
			env, d, _ := splitEnvDecl(d)
			for _, a := range env {
				sb.WriteString(r.shownText(a) + " ")
			}
			sb.WriteString(d.Variant.Value)
			for _, a := range d.Args {
				sb.WriteString(" " + r.shownText(a))
			}
		} else {
			sb.WriteString("let")
			for _, x := range n.(*syntax.LetClause).Exprs {
				sb.WriteString(" " + r.shownText(x))
			}
		}
		if b.text != "" {
			sb.WriteString(" " + b.text)
		}
		b.text = sb.String()
	case *syntax.TestClause:
		// bash prints the expression back (print_cond_command): a lone
		// word is a -n test
		b.text = "[[ " + r.condText(n.X) + " ]]"
	default:
		b.text = r.nodeText(b.node)
	}
	r.curSrc = old
	b.done = true
	return b.text
}

// setBashCommandNode makes a compound command ([[ ]], (( ))) the current
// $BASH_COMMAND and runs the DEBUG trap for it, as bash does. It reports
// whether the command is skipped (debugTrap); r.exit is then 0.
func (r *Runner) debugCompound(n syntax.Node) bool {
	if r.inDebug {
		return false
	}
	if !r.inTrap {
		r.bashCmd = cmdText{node: n, src: r.curSrc}
	}
	return r.debugNode(n)
}

// debugNode runs the DEBUG trap for n unless the shell that started this
// pipeline stage ran it already, and reports whether n is skipped, with
// r.exit 0 then.
func (r *Runner) debugNode(n syntax.Node) bool {
	skip := false
	if r.debugDone == n {
		r.debugDone, skip = nil, r.debugSkip
		r.debugSkip = false
	} else if r.traps.has("DEBUG") {
		skip, _ = r.debugTrap()
	}
	if skip && r.flow == flowNone {
		r.exit = 0
	}
	return skip
}

// debugSimple is debugCompound for a declaration or let, which bash
// shows in $BASH_COMMAND as a simple command with its redirections.
func (r *Runner) debugSimple(n syntax.Node, st *syntax.Stmt) bool {
	if r.inDebug {
		return false
	}
	if !r.inTrap {
		r.bashCmd = cmdText{node: n, src: r.curSrc}
		if st != nil {
			r.bashCmd.redirs = st.Redirs
		}
	}
	return r.debugNode(n)
}

// debugText runs the DEBUG trap with $BASH_COMMAND text (a case or select
// head, as bash's execute_case_command and execute_select_command set it).
// It reports whether the command is skipped (debugTrap), with r.exit 0.
func (r *Runner) debugText(text string) bool {
	if !r.debugWanted() {
		return false
	}
	if !r.inTrap {
		r.bashCmd = cmdText{text: text, done: true}
	}
	skip, _ := r.debugTrap()
	if skip && r.flow == flowNone {
		r.exit = 0
	}
	return skip
}

// debugWanted reports whether a DEBUG trap would run now: callers test
// it before they build the command text for debugText, which a loop
// would otherwise build on every iteration for nothing.
func (r *Runner) debugWanted() bool {
	return !r.inDebug && r.traps.has("DEBUG")
}

// traceRegex is the right side of [[ x =~ regex ]] as bash traces it
// (quote_string_for_globbing with QGLOB_REGEXP): a quoted character is
// backslash-escaped when it is special in an extended regular expression,
// and written as it is otherwise.
func traceRegex(expr []reChar) string {
	var sb strings.Builder
	for _, c := range expr {
		if c.quoted && ereChar(c.c) {
			sb.WriteByte('\\')
		}
		sb.WriteByte(c.c)
	}
	return sb.String()
}

// ereChar reports whether c is special in a POSIX extended regular
// expression, as bash's ere_char decides.
func ereChar(c byte) bool {
	switch c {
	case '.', '[', '\\', '(', ')', '*', '+', '?', '{', '|', '^', '$':
		return true
	}
	return false
}

// condText prints a [[ ]] expression as bash's print_cond_command does:
// operands as written, one space apart, a lone word as "-n word".
func (r *Runner) condText(x syntax.TestExpr) string {
	switch x := x.(type) {
	case *syntax.Word:
		return "-n " + r.shownText(x)
	case *syntax.UnaryTest:
		if w, ok := x.X.(*syntax.Word); ok && x.Op != syntax.TsNot {
			return unaryOpWritten(x, r.curSrc) + " " + r.shownText(w)
		}
		return x.Op.String() + " " + r.condText(x.X)
	case *syntax.BinaryTest:
		if x.Op == syntax.AndTest || x.Op == syntax.OrTest {
			return r.condText(x.X) + " " + x.Op.String() + " " + r.condText(x.Y)
		}
		return r.shownText(x.X) + " " + x.Op.String() + " " + r.shownText(x.Y)
	case *syntax.ParenTest:
		return "( " + r.condText(x.X) + " )"
	}
	return r.nodeText(x)
}

// unaryOpWritten is the operator of x as written in src: mvdan's parser
// reads -a as -e and -h as -L, which bash prints as written.
func unaryOpWritten(x *syntax.UnaryTest, src string) string {
	op := x.Op.String()
	if x.Op != syntax.TsExists && x.Op != syntax.TsSmbLink {
		return op
	}
	if o := int(x.OpPos.Offset()); x.OpPos.IsValid() && o+2 <= len(src) && (src[o:o+2] == "-a" || src[o:o+2] == "-h") {
		return src[o : o+2]
	}
	return op
}

// shownText is the text of n as bash shows it in $BASH_COMMAND and in
// xtrace lines that print words as written: with bash 5.2's parse-time
// rewrites ($(…) printed back in canonical form, $'…' and $"…" as plain
// quotes), which nodeText, the source as written, does not apply.
func (r *Runner) shownText(n syntax.Node) string {
	if s, ok := r.parsedText(n); ok {
		return ctlescText(s)
	}
	if n == nil || !needsRewrite(n) {
		return ctlescText(r.nodeText(n))
	}
	return r.nodeText(n)
}

// writtenSubscript is the text of a subscript as bash's parser stored
// it, a $'…' in it decoded and single-quoted (shownText without the
// CTLESC escaping of a trace line), for error messages.
func (r *Runner) writtenSubscript(n syntax.Node) string {
	if s, ok := r.parsedText(n); ok {
		return s
	}
	return r.nodeText(n)
}

// parsedText is n's text with bash's parse-time rewrites applied
// (shownText); ok is false when n needs none or its source is not at
// hand.
func (r *Runner) parsedText(n syntax.Node) (string, bool) {
	if n == nil || !needsRewrite(n) {
		return "", false
	}
	src := r.curSrc
	start, end := n.Pos(), n.End()
	if src == "" || !start.IsValid() || !end.IsValid() || int(end.Offset()) > len(src) {
		return "", false
	}
	p := newCmdPrinter(src)
	p.posix = r.opts.on(optPosix)
	return writtenText(p.raw(n, start, end)), true
}

// quotedCtlesc is an expanded value as bash's quote_string and
// quote_escapes leave it: CTLESC and CTLNUL bytes escaped, except a value
// that is one CTLNUL, which bash takes for a quoted empty string.
func quotedCtlesc(s string) string {
	if s == "\x7f" {
		return s
	}
	return ctlescText(s)
}

// ctlescText is s as bash's parser stores a word: every CTLESC (\x01) and
// CTLNUL (\x7f) byte escaped with a CTLESC. Words traced as written
// (for, case, compound assignments, $BASH_COMMAND) show those escapes.
func ctlescText(s string) string {
	if strings.IndexByte(s, 0x01) < 0 && strings.IndexByte(s, 0x7f) < 0 {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x01 || s[i] == 0x7f {
			sb.WriteByte(0x01)
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// needsRewrite reports whether n holds a node bash rewrites as it
// parses: a $(…) or process substitution, or a $'…' or $"…" string.
func needsRewrite(n syntax.Node) bool {
	found := false
	walk(n, func(node syntax.Node) bool {
		if found {
			return false // a sibling after the find must not reset it
		}
		switch node := node.(type) {
		case *syntax.CmdSubst:
			found = !node.Backquotes
		case *syntax.ProcSubst:
			found = true
		case *syntax.SglQuoted:
			found = node.Dollar
		case *syntax.DblQuoted:
			found = node.Dollar
		}
		return !found
	})
	return found
}

// assignSubscriptText is the subscript of the assignment a[sub]=v as written,
// blanks around it included (a[ 1 ]=2), as bash traces it.
func (r *Runner) assignSubscriptText(a *syntax.Assign) string {
	// the source's bytes as written (rawbytes.go)
	return decodeRawBytes(r.assignSubscriptSrc(a))
}

func (r *Runner) assignSubscriptSrc(a *syntax.Assign) string {
	src := r.curSrc
	if k := int(a.Name.End().Offset()); a.Name.End().IsValid() && k < len(src) && src[k] == '[' {
		// (a subscript may run over lines: a[\n1]=v)
		if j := matchPair(src, k, '[', ']', false); j > k {
			// $'…' in the subscript shows as bash's parser
			// rewrote it, like any word traced as written
			if x := a.Index; x != nil && needsRewrite(x) && x.Pos().IsValid() && x.End().IsValid() {
				if xs, xe := int(x.Pos().Offset()), int(x.End().Offset()); k < xs && xs <= xe && xe <= j {
					return ctlescText(writtenText(src[k+1:xs])) + r.shownText(x) + ctlescText(writtenText(src[xe:j]))
				}
			}
			return ctlescText(writtenText(src[k+1 : j]))
		}
	}
	return r.nodeText(a.Index)
}
