package interp

import (
	"errors"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// declOpts are the parsed flags of declare and its relatives.
type declOpts struct {
	set, unset attr
	array      bool
	assoc      bool
	unArray    bool // declare +a
	unAssoc    bool // declare +A
	nameref    bool
	unNameref  bool
	print      bool
	funcs      bool
	funcNames  bool
	global     bool
	inherit    bool // declare -I: a new local takes the value and attributes it shadows
	unexport   bool // export -n
	unReadonly bool // readonly -n, silently ignored
	plainValue bool // a quoted "(…)" value is a string (export, readonly)
	sawFlags   bool
}

// attrFlags reports whether the options turn an attribute on (bash's
// flags_on): without one, and without -p, declare lists like set, even
// with -g, -I or +x.
func (o declOpts) attrFlags() bool {
	return o.set != 0 || o.array || o.assoc || o.nameref || o.funcs || o.funcNames
}

// declWordError is an error met while a literal assignment argument's
// value was expanded, which bash does before the command's redirections.
type declWordError struct{ err error }

func (e *declWordError) Error() string { return e.err.Error() }

// errDeclFailed is a declaration's failure already reported.
var errDeclFailed = errors.New("declaration failed")

// declLine is the line bash gives a declaration command, as simpleLine
// for a simple command: its first word is reduced once the next one has
// been read, so a multi-line first argument (local x=$(…
// …)) moves the command to the line where that argument ends.
func declLine(c *syntax.DeclClause, src string) int {
	line := int(c.Pos().Line())
	if len(c.Args) == 0 {
		return line
	}
	end := c.Args[0].End()
	return max(line, int(end.Line())+continuationsAt(src, int(end.Offset()), int(end.Line())))
}

// declClause runs declare, typeset, local, export and readonly as the
// parser shaped them. The parser also takes ksh's nameref for one, which
// bash does not have: it runs as an ordinary command name (a function,
// a program, or "command not found").
func (r *Runner) declClause(c *syntax.DeclClause, st *syntax.Stmt) {
	r.specialFailed = false
	// a=1 declare …: the assignments are the builtin's temporary
	// environment (see parsefix_envdecl.go)
	written := c
	env, c, _ := splitEnvDecl(c)
	if r.opts.on(optKeyword) {
		// set -k: bash takes every assignment word of a command for its
		// temporary environment, a declaration's own too (declare x=1
		// is declare alone, x=1 in its environment)
		if ce, ok := declAsCall(c); ok {
			if kc := keywordAssigns(ce); kc != ce {
				kc.Assigns = append(append([]*syntax.Assign(nil), env...), kc.Assigns...)
				r.call(kc, st)
				return
			}
		}
	}
	if v := c.Variant.Value; v == "nameref" || r.funcs[v] != nil && !r.posixSpecial(v) || r.enabledBuiltin(v) == nil {
		// a function named after the builtin comes first, as for any
		// command name (a special builtin's in POSIX mode excepted),
		// and a builtin enable -n turned off is any command name
		fc, ok := r.declCompoundsFirst(c)
		if !ok {
			return
		}
		if ce, ok := declAsCall(fc); ok {
			ce.Assigns = env
			r.call(ce, st)
			return
		}
	}
	r.line = r.lineAt(declLine(c, r.curSrc))
	// errors of literal name=(…) arguments carry the name of the command
	// bash had started last (see thisCmd); the declaration is one too
	r.declPrefix = r.thisCmd
	defer func() { r.thisCmd, r.declPrefix = "", "" }()
	if r.debugSimple(written, st) || r.flow != flowNone {
		return
	}
	variant := c.Variant.Value
	var args []declArg
	for _, a := range c.Args {
		w := a.Value
		if bw, ok := r.declBraceWord(a); ok {
			w = bw
		}
		if a.Name == nil && a.Naked || w != a.Value {
			fs, err := r.fields([]*syntax.Word{w})
			if err != nil {
				r.expansionError(err)
				return
			}
			for _, f := range fs {
				args = append(args, declArg{text: f})
			}
			continue
		}
		if fs, changed, err := r.nakedElemFields(a); err != nil {
			r.expansionError(err)
			return
		} else if changed {
			for _, f := range fs {
				args = append(args, declArg{text: f})
			}
			continue
		}
		if err := r.listElemError(a); err != nil {
			// rejected as bash expands the words: nothing is declared
			// and the line is dropped, whatever the builtin (which
			// has traced the list, having expanded it)
			if r.opts.on(optXtrace) {
				r.traceCompound(a, false)
			}
			r.earlyErrorf("%s", err.Error())
			if r.reportExit() {
				return // report_error under set -e
			}
			r.exit, r.flow = 1, flowAbort
			return
		}
		args = append(args, declArg{assign: a})
	}
	if !r.declExpandFirst(variant, args, len(env) > 0) {
		return
	}
	stage := r.simpleStageLevel && r.forkedSimple == syntax.Command(written)
	if len(st.Redirs) > 0 || r.opts.on(optXtrace) || stage {
		// bash expands the words before it applies the redirections
		// (a substitution's stderr is the shell's), before it traces
		// the command and, in a pipeline, before it raises
		// $BASH_SUBSHELL for the builtin
		r.declPreexpand(args, stage)
	}
	r.stageExpanding = false
	if len(env) > 0 {
		if env = r.dropEnvElems(variant, env); r.flow != flowNone {
			return
		}
	}
	var envPre *[]preAssign
	if r.opts.on(optXtrace) {
		if len(env) > 0 && !(isSpecialBuiltin(variant) && r.opts.on(optPosix)) {
			// bash binds (and traces) the temporary environment once
			// the words are expanded, before it traces the command:
			// the values are expanded here, once
			pre, traced, ok := r.expandPrefix(&syntax.CallExpr{Assigns: env}, true)
			if !ok {
				return
			}
			envPre = &pre
			if !traced {
				r.traceAssigns(env)
			}
		} else if len(env) > 0 {
			r.traceAssigns(env)
		}
		r.traceDecl(variant, args)
	}
	// (after the trace, as for any builtin: runArgs)
	r.raiseStageLevel(written)
	info := &ExecInfo{Argv: append([]string{variant}, declArgStrings(r, args)...), Builtin: true, Dir: r.dir, Nesting: r.nesting, Line: r.line, Pipeline: r.pipePos}
	endsAfter := false
	run := func() {
		// bash binds $_ to the last word once the command is done
		defer func() { r.lastArg, r.lastArgEnv = r.declLastWord(variant, args), false }()
		if r.opts.on(optXtrace) {
			r.traceDeclAssigns(variant, args)
		}
		r.specialUsage, r.specialNow = false, false
		r.fatalToTop = false // under the builtin's setjmp (runBuiltin)
		r.thisCmd = variant  // bash's this_command_name, as for any builtin
		r.declBadAssign = false
		r.exit = r.declare(variant, args)
		if r.declBadAssign && r.exit == 1 && (r.forkedFor == syntax.Command(written) || stage) {
			// EX_BADASSIGN: bash maps it to 1, but for a builtin a
			// child forked for itself runs, which exits with it (4)
			r.exit = exBadAssign & 0xff
		}
		if r.specialUsage && (variant == "export" || variant == "readonly") &&
			r.opts.on(optPosix) && !r.isInteractive() && r.flow == flowNone {
			// a usage error in a special builtin ends a POSIX shell;
			// an assignment error (EX_BADASSIGN) once the builtin's
			// redirections are undone: bash's execute_simple_command
			// jumps to the top level after execute_builtin_or_function
			// returns, which the EXIT trap then runs outside them
			if r.specialNow && len(st.Redirs) > 0 {
				endsAfter = true
			} else {
				r.specialUsageEnds()
			}
		}
	}
	if len(env) > 0 {
		inner := run
		run = func() { r.withDeclEnv(variant, env, envPre, inner) }
	}
	if r.sh.gate != nil {
		v := r.gateStart(info)
		if v.Deny {
			r.errorf("%s", v.Message)
			r.exit = 126
			return
		}
		defer func() { r.gateEnd(info, ExecResult{Status: r.exit}) }()
	}
	if len(st.Redirs) == 0 {
		run()
		return
	}
	// export and readonly are special builtins; errors bash raises as it
	// expands the words go to the stderr before the redirections
	prev := r.declErrW
	r.declErrW = r.fds.writer(2)
	r.withRedirsOf(st.Redirs, nil, isSpecialBuiltin(variant), run)
	r.declErrW = prev
	if endsAfter && r.flow == flowNone {
		r.specialUsageEnds()
	}
}

// declLastWord is the last word of a declaration as bash expanded it,
// which $_ takes: a name=(…) argument is its name alone, a scalar
// assignment has its value expanded (as declareOne recorded it).
func (r *Runner) declLastWord(variant string, args []declArg) string {
	if len(args) == 0 {
		return variant
	}
	a := args[len(args)-1]
	as := a.assign
	switch {
	case as == nil:
		return a.text
	case as.Name == nil:
		return r.nodeText(as)
	case as.Array != nil || as.Naked && as.Value == nil:
		return as.Name.Value
	}
	w := as.Name.Value
	if as.Index != nil {
		w += "[" + r.nodeText(as.Index) + "]"
	}
	if as.Append {
		w += "+"
	}
	if r.declLastAs == as {
		return w + "=" + r.declLastVal
	}
	if as.Value == nil {
		return w + "="
	}
	return r.nodeText(as)
}

// declPreexpand expands, once, the values of args' scalar assignments
// whose expansion has side effects (substitutions), or all of them, and
// has each assignment take its value as expanded.
func (r *Runner) declPreexpand(args []declArg, all bool) {
	for i, a := range args {
		as := a.assign
		if as == nil || as.Naked || as.Value == nil || as.Array != nil || !all && !hasSideEffects(as.Value) {
			continue
		}
		v, err := r.declValue(as.Value)
		if err != nil {
			continue // the assignment reports it as it runs
		}
		done := *as
		done.Value = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: as.Value.Pos(), Right: as.Value.End(), Value: v}}}
		args[i].assign = &done
	}
}

// declArg is one argument of a declaration: a word known only at run
// time (options, names, name=value) or a parsed assignment.
type declArg struct {
	text   string
	assign *syntax.Assign
	// sub, when subSet, is the subscript of assign as expanded with
	// the command's words (see declExpandFirst)
	sub    string
	subSet bool
	// failed: a compound assignment made as the words were expanded
	// failed (see declCompoundNow); the builtin fails for it silently
	failed bool
}

// subscriptShown is the subscript of a's NAME[SUB] as bash shows it, in
// a trace or an error: expanded once with the words when that was done,
// else see declWordSubscript.
func (r *Runner) subscriptShown(a declArg) string {
	if a.subSet {
		return a.sub
	}
	return r.declWordSubscript(a.assign.Index)
}

// declWordShown is the word of a's assignment as bash's builtin got it,
// for its messages: NAME[SUB]=VALUE (or +=) with the subscript and value
// expanded; a compound assignment is its name alone, as bash's
// declaration builtins see the word once they have made the array.
func (r *Runner) declWordShown(a declArg) string {
	as := a.assign
	if as.Array != nil {
		return as.Name.Value
	}
	name := as.Name.Value
	if as.Index != nil {
		name += "[" + r.subscriptShown(a) + "]"
	}
	op := "="
	if as.Append {
		op = "+="
	}
	v, _ := r.assignValueQuiet(as.Value)
	return name + op + v
}

func declArgStrings(r *Runner, args []declArg) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if a.assign == nil {
			out = append(out, a.text)
			continue
		}
		out = append(out, r.nodeText(a.assign))
	}
	return out
}

func (r *Runner) traceDecl(variant string, args []declArg) {
	var parts []string
	for _, a := range args {
		if a.assign == nil {
			parts = append(parts, r.q().trace(a.text))
			continue
		}
		as := a.assign
		if as.Naked {
			name := as.Name.Value
			if as.Index != nil {
				name += "[" + r.subscriptShown(a) + "]"
			}
			parts = append(parts, r.q().trace(name))
			continue
		}
		if as.Array != nil {
			// the compound assignment is traced before the command
			r.traceCompound(as, declAssocOpt(args))
			parts = append(parts, as.Name.Value)
			continue
		}
		// declPreexpand expanded the values with side effects; one
		// still here failed to expand, and is traced empty (as is
		// `name=`, which has no value word)
		var v string
		if as.Value != nil && !hasSideEffects(as.Value) {
			v, _ = r.assignValueQuiet(as.Value)
		}
		op := "="
		if as.Append {
			op = "+="
		}
		name := as.Name.Value
		if as.Index != nil {
			name += "[" + r.subscriptShown(a) + "]"
		}
		parts = append(parts, r.q().trace(name+op+v))
	}
	r.traceWrite(r.tracePrefix() + variant + optSpace(strings.Join(parts, " ")) + "\n")
}

// traceDeclAssigns traces, for export and readonly, each assignment they
// perform, as they run (after the redirections).
func (r *Runner) traceDeclAssigns(variant string, args []declArg) {
	if variant != "export" && variant != "readonly" {
		return
	}
	// bash traces in export and readonly's own scalar assignment: not
	// with -a or -A (the array assignment does not trace), nor with -f
	// (a word with "=" names no function), nor after a usage error
	valid := "fnp"
	if variant == "readonly" {
		valid = "aAfp"
	}
	for _, a := range args {
		if a.assign != nil || len(a.text) < 2 || a.text[0] != '-' {
			break
		}
		if a.text == "--" {
			break
		}
		for _, c := range a.text[1:] {
			if c == 'a' || c == 'A' || c == 'f' || !strings.ContainsRune(valid, c) {
				return
			}
		}
	}
	for _, a := range args {
		as := a.assign
		if as == nil {
			if i := strings.IndexByte(a.text, '='); i > 0 {
				name, op := a.text[:i], "="
				if strings.HasSuffix(name, "+") {
					name, op = name[:len(name)-1], "+="
				}
				if validName(name) {
					r.traceNameValue(name, op, a.text[i+1:])
				}
			}
			continue
		}
		if as.Name == nil || as.Naked || as.Array != nil || as.Index != nil {
			continue
		}
		var v string // `name=` has no value word
		if as.Value != nil {
			v, _ = r.assignValueQuiet(as.Value)
		}
		op := "="
		if as.Append {
			op = "+="
		}
		r.traceNameValue(as.Name.Value, op, v)
	}
}

// declAssocOpt reports whether a declaration's options include -A.
func declAssocOpt(args []declArg) bool {
	for _, a := range args {
		if a.assign == nil && strings.HasPrefix(a.text, "-") && strings.IndexByte(a.text, 'A') > 0 {
			return true
		}
	}
	return false
}

func optSpace(s string) string {
	if s == "" {
		return ""
	}
	return " " + s
}

// biDeclare and friends are the builtin forms (reached through `builtin
// declare`, `command export` or a name from an expansion).
func biDeclare(r *Runner, args []string) int  { return r.declare(args[0], textArgs(args[1:])) }
func biLocal(r *Runner, args []string) int    { return r.declare("local", textArgs(args[1:])) }
func biExport(r *Runner, args []string) int   { return r.declTraced("export", textArgs(args[1:])) }
func biReadonly(r *Runner, args []string) int { return r.declTraced("readonly", textArgs(args[1:])) }

// declTraced runs export or readonly reached as a builtin, which traces
// the assignments it performs as it does from a declaration command.
func (r *Runner) declTraced(variant string, args []declArg) int {
	if r.opts.on(optXtrace) {
		r.traceDeclAssigns(variant, args)
	}
	return r.declare(variant, args)
}

func textArgs(a []string) []declArg {
	out := make([]declArg, len(a))
	for i, s := range a {
		out[i] = declArg{text: s}
	}
	return out
}

// allexportDecl is set -a for name, which a declaration made or gave a
// value: bash's bind_variable exports a variable it made (bound) and
// one it assigned a value that is not a list (scalarValue), unless the
// variable is an array (declare arr=v and declare -a a=v assign an
// element, which it does not export).
func (r *Runner) allexportDecl(name string, bound, scalarValue bool) {
	if !r.opts.on(optAllexport) {
		return
	}
	v := r.vars.get(name)
	if v == nil || !bound && !(scalarValue && v.kind != kIndexed && v.kind != kAssoc) {
		return
	}
	r.vars.own(name).attrs |= aExport
	r.vars.envDirty = true
}

// leadingTexts is the text of args up to the first assignment word, the
// words declare's option loop may look at.
func leadingTexts(args []declArg) []string {
	var out []string
	for _, a := range args {
		if a.assign != nil {
			break
		}
		out = append(out, a.text)
	}
	return out
}

func (r *Runner) declare(variant string, args []declArg) int {
	helpSpec := getoptSpec(variant)
	if variant == "local" && r.inFunction() {
		// outside a function only a first --help counts (local_builtin
		// checks it before the function context, the rest after)
		helpSpec = getoptSpec("declare")
	}
	if len(args) > 0 && args[0].assign == nil && helpAmongOpts(helpSpec, leadingTexts(args)) {
		if st, ok := r.builtinHelp(variant); ok {
			return st
		}
	}
	if variant == "local" && !r.inFunction() {
		// bash checks this before it parses any option
		r.bErr("local", "can only be used in a function")
		return 1
	}
	var o declOpts
	if variant == "nameref" {
		o.nameref = true
		variant = "declare"
	}
	validOpts := "aAcfFgilnprtuxI"
	switch variant {
	case "export", "readonly":
		validOpts = "aAfnp"
	case "local":
		validOpts = "aAcfFgilnprtuxI" // bash parses local's options as declare's
	}
	i := 0
	for ; i < len(args); i++ {
		a := args[i]
		if a.assign != nil {
			break
		}
		t := a.text
		if t == "--" {
			i++
			break
		}
		if len(t) < 2 || (t[0] != '-' && t[0] != '+') {
			break
		}
		if t[0] == '+' && (variant == "export" || variant == "readonly") {
			break // their option string has no '+': "+x" is a name
		}
		on := t[0] == '-'
		for _, ch := range []byte(t[1:]) {
			if strings.IndexByte(validOpts, ch) < 0 {
				r.bErr(variant, "%c%c: invalid option", t[0], ch)
				r.declUsage(variant)
				if variant == "export" || variant == "readonly" {
					return r.usageFail()
				}
				// declare, typeset and local are not special: the flag
				// would outlive them and end the shell at an enclosing
				// eval or source
				return 2
			}
			o.sawFlags = true
			switch ch {
			case 'a':
				// -a and +a both count, as bash's flags_on and
				// flags_off (declare -a +a v makes v, then fails)
				o.array, o.unArray = o.array || on, o.unArray || !on
			case 'A':
				o.assoc, o.unAssoc = o.assoc || on, o.unAssoc || !on
			case 'f':
				// +f and +F turn an attribute off that variables do
				// not have: bash's declare then works on variables
				o.funcs = o.funcs || on
			case 'F':
				o.funcNames = o.funcNames || on
			case 'g':
				// bash's declare_internal makes a global only for -g:
				// +g changes nothing (+p still prints, as -p)
				o.global = o.global || on
			case 'I':
				o.inherit = o.inherit || on
			case 'p':
				o.print = true
			case 'n':
				if variant == "export" {
					o.unexport = true
				} else if variant == "readonly" {
					// readonly -n: bash silently refuses to undo readonly
					o.unReadonly = true
				} else if on {
					o.nameref = true
				} else {
					o.unNameref = true
				}
			case 'i':
				o.flag(aInteger, on)
			case 'c':
				o.flag(aCapital, on)
				if on {
					o.unset |= aUpper | aLower
				}
			case 'l':
				o.flag(aLower, on)
				if on {
					o.unset |= aUpper | aCapital
				}
			case 'u':
				o.flag(aUpper, on)
				if on {
					o.unset |= aLower | aCapital
				}
			case 'r':
				o.flag(aReadonly, on)
			case 't':
				o.flag(aTrace, on)
			case 'x':
				o.flag(aExport, on)
			}
		}
	}
	rest := args[i:]
	switch variant {
	case "export":
		if o.unexport {
			o.unset |= aExport
		} else {
			o.set |= aExport
		}
	case "readonly":
		if !o.unReadonly {
			o.set |= aReadonly
		}
	case "local":
		if !r.inFunction() {
			r.bErr("local", "can only be used in a function")
			return 1
		}
	}
	if (o.funcs || o.funcNames) && !(variant == "local" && len(rest) == 0) {
		// (local -f and -F without names list the function's locals,
		// as bash's declare_internal does for local_var)
		return r.declareFuncs(variant, o, rest)
	}
	if len(rest) == 0 {
		return r.declareList(variant, o)
	}
	// local -g is declare -g: bash's declare_internal makes a local only
	// without mkglobal
	local := variant == "local" && !o.global || (variant == "declare" || variant == "typeset") && r.inFunction() && !o.global
	if o.print && variant != "export" && variant != "readonly" {
		// export -p and readonly -p with names export or mark them,
		// as bash's set_or_show_attributes does (-p only lists)
		if st := r.declPrintCompound(variant, rest, o, local); st != 0 {
			return st
		}
		return r.declarePrint(variant, rest)
	}
	status := 0
	var changed []string
	outerErrW := r.earlyErrW
	defer func() { r.earlyErrW = outerErrW }()
	for _, a := range rest {
		r.earlyErrW = outerErrW
		if a.failed {
			status = 1 // reported as the words were expanded
			continue
		}
		if variant == "local" && a.assign == nil && a.text == "-" {
			// local -: the set options are restored when the function returns
			if f := r.funcFrame(); f.setOpts == nil {
				saved := r.opts.set
				f.setOpts = &saved
			}
			continue
		}
		ao, viaDeclare := o, false
		if variant == "export" || variant == "readonly" {
			ao, viaDeclare = exportOpts(o, a)
		}
		name, err := r.declareOne(variant, a, ao, local)
		fromWord := false
		if we, ok := err.(*declWordError); ok {
			// reported where stderr was before the redirections
			err, fromWord = we.err, true
			if r.declErrW != nil {
				r.earlyErrW = r.declErrW
			}
		}
		if err != nil && declAssignError(variant, a, err) {
			r.declBadAssign = true
		}
		if err == errDeclFailed {
			status = 1
			if (variant == "export" || variant == "readonly") && badAssignArg(a, err) {
				r.specialUsage, r.specialNow = true, true // (as below)
			}
			continue
		}
		if err != nil {
			if _, ok := err.(*expandError); ok {
				if fromWord && a.assign != nil && a.assign.Value != nil {
					// bash expands the argument as one word: its
					// error names all of it and drops the line
					renameBadSubst(err, r.nodeText(a.assign.Value), r.nodeText(a.assign))
				}
				r.expansionError(err)
				if r.flow == flowAbort && !fromWord {
					r.flow = flowNone
				}
				return 1
			}
			if de, ok := err.(*discardError); ok {
				// the assignment failed while bash expanded the words:
				// the builtin does not run and the command line is dropped
				switch {
				case de.msg == "": // (noassign: silent)
				case de.noPrefix:
					r.earlyErrorf("%s", de.msg)
					if de.report && r.reportExit() {
						return r.exit
					}
				default:
					r.expansionTimeErr(de.msg)
				}
				r.exit, r.flow = 1, flowAbort
				r.topUnwind(err)
				return 1
			}
			if ae, ok := err.(*arithError); ok {
				// an arithmetic error in a -i value abandons the command
				// line like an expansion error, with the builtin's prefix
				// (an expansion's, $((1/0)), has none, nor a subscript's:
				// bash's array_expand_index clears this_command_name)
				if fromWord || ae.inSubscript {
					r.errorf("%s", err.Error())
				} else {
					// evalerror: internal_error with this_command_name
					r.errorf("%s: %s", variant, err.Error())
				}
				r.exit, r.flow = 1, flowAbort
				r.topUnwind(err)
				return 1
			}
			if (variant == "export" || variant == "readonly") && !viaDeclare && isReadonlyErr(err) {
				// bash's err_readonly, a report_error
				r.errorf("%s", err.Error())
				if r.reportExit() {
					return 1
				}
			} else {
				r.bErr(variant, "%s", err.Error())
			}
			if (variant == "export" || variant == "readonly") && badAssignArg(a, err) {
				// bash's EX_BADASSIGN ends a POSIX shell after a
				// special builtin at once
				r.specialUsage, r.specialNow = true, true
			}
			status = 1
			continue
		}
		if name != "" {
			changed = append(changed, name)
		}
	}
	if len(changed) > 0 {
		op := variant
		if op == "typeset" {
			op = "declare"
		}
		r.gateState(&StateInfo{Op: op, Names: changed})
	}
	return status
}

// declFuncWord is the word a of declare -f as given, name its name.
func (r *Runner) declFuncWord(a declArg, name string) string {
	switch {
	case a.assign == nil:
		return a.text
	case !a.assign.Naked:
		return r.declWordShown(a)
	case a.assign.Index != nil:
		return name + "[" + r.subscriptShown(a) + "]"
	}
	return name
}

// exBadAssign is bash's EX_BADASSIGN, the status of a declaration
// builtin that met an assignment error.
const exBadAssign = 260

// declAssignError reports whether err, met on a, is what bash's
// declaration builtins count as an assignment error (assign_error): for
// export and readonly badAssignArg's; for declare, typeset and local an
// invalid name, and a readonly variable or an invalid reference target
// given a value.
func declAssignError(variant string, a declArg, err error) bool {
	if variant == "export" || variant == "readonly" {
		return badAssignArg(a, err)
	}
	hasValue := a.assign != nil && !a.assign.Naked || a.assign == nil && strings.IndexByte(a.text, '=') > 0
	if isReadonlyErr(err) {
		return hasValue
	}
	var ve *varError
	if !errors.As(err, &ve) {
		return false
	}
	return strings.HasSuffix(ve.msg, "': not a valid identifier") ||
		hasValue && strings.HasSuffix(ve.msg, "': invalid variable name for name reference")
}

// badAssignArg reports whether err, met on a, is what bash's export and
// readonly count as an assignment error (EX_BADASSIGN): a readonly
// variable, or an invalid name in a word bash reads as an assignment
// (name[sub]=v; 1a=v is no assignment for it, only an invalid name).
func badAssignArg(a declArg, err error) bool {
	if isReadonlyErr(err) {
		return true
	}
	if a.assign != nil && !a.assign.Naked {
		return true
	}
	return assignWordEq(a.text) >= 0 // bash's assignment()
}

// resolveGlobalRef follows the chain of global namerefs from name, as
// declare -g looks names up in the global scope.
func (r *Runner) resolveGlobalRef(name string) string {
	for i := 0; i < 8; i++ {
		v := r.globalGetVar(name)
		if v == nil || v.kind != kNameRef || !v.set || !validName(v.str) || v.str == name {
			return name
		}
		name = v.str
	}
	return name
}

// expansionTimeErr reports an error bash raises while it expands a
// declaration's words: prefixed by the command it last started, if any.
// It is declare's builtin_error, whose line prefix ignores gnu_errfmt.
func (r *Runner) expansionTimeErr(msg string) {
	old := r.earlyErrW
	if r.declErrW != nil {
		r.earlyErrW = r.declErrW
	}
	r.bErr(r.declPrefix, "%s", msg)
	r.earlyErrW = old
}

// earlyErrorf is errorf to stderr as it was before the redirections of
// the declaration command being run (see declErrW).
func (r *Runner) earlyErrorf(format string, a ...any) {
	old := r.earlyErrW
	if r.declErrW != nil {
		r.earlyErrW = r.declErrW
	}
	r.errorf(format, a...)
	r.earlyErrW = old
}

// exportOpts adapts export's and readonly's options to one argument, as
// bash's set_or_show_attributes does: with -a or -A an assignment is
// handed to declare -g (whose errors carry the builtin's name unless the
// word is a literal compound assignment); without them the value is bound
// as a plain string, so a quoted '(…)' is not read as a compound
// assignment, and -a/-A on a bare name only sets the attribute.
func exportOpts(o declOpts, a declArg) (declOpts, bool) {
	hasAssign := a.assign != nil && !a.assign.Naked || a.assign == nil && strings.IndexByte(a.text, '=') > 0
	if !hasAssign {
		o.array, o.assoc = false, false
		return o, false
	}
	if o.array || o.assoc {
		o.global = true
		return o, a.assign == nil || a.assign.Array == nil
	}
	o.plainValue = true
	return o, false
}

func (o *declOpts) flag(a attr, on bool) {
	if on {
		o.set |= a
	} else {
		o.unset |= a
	}
}

func (r *Runner) declUsage(variant string) {
	u := map[string]string{
		"declare":  "declare: usage: declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]",
		"typeset":  "typeset: usage: typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]",
		"local":    "local: usage: local [option] name[=value] ...",
		"export":   "export: usage: export [-fn] [name[=value] ...] or export -p",
		"readonly": "readonly: usage: readonly [-aAf] [name[=value] ...] or readonly -p",
	}
	r.errw().Write([]byte(u[variant] + "\n"))
}

// noassignSpecial reports whether name is one of the arrays bash gives
// the noassign attribute: no local may shadow them.
func noassignSpecial(name string) bool {
	switch name {
	case "FUNCNAME", "GROUPS", "BASH_ARGC", "BASH_ARGV", "BASH_SOURCE", "BASH_LINENO":
		return true
	}
	return false
}

// noassignVar reports whether assignments to name (a name, or the base
// of name[subscript]) are refused: one of the noassignSpecial arrays not
// unset. read, mapfile and printf -v fail on it silently, with status 1
// (bash's bind_read_variable, find_or_make_array_variable, printf's
// bind_printf_variable check noassign_p).
func (r *Runner) noassignVar(name string) bool {
	if i := strings.IndexByte(name, '['); i > 0 {
		name = name[:i]
	}
	return noassignSpecial(name) && !r.dynRemoved(name)
}

// declRefValueFirst makes the checks declare_internal makes first on the
// value of declare -n with -a or -A (an array cannot be a reference, so
// the attribute is dropped after them): a value that is not a name, or is
// the variable's own name outside a function, fails; in a function the
// latter is a warning. The value of as is expanded here, once: as is
// returned holding it quoted.
func (r *Runner) declRefValueFirst(variant, name string, as *syntax.Assign, textVal *string) (*syntax.Assign, error) {
	val := ""
	switch {
	case as != nil && as.Value != nil:
		v, err := r.declValue(as.Value)
		if err != nil {
			return as, err
		}
		lit := *as
		lit.Value = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: v}}}
		as, val = &lit, v
	case textVal != nil:
		val = *textVal
	}
	if val == "" {
		return as, nil
	}
	if refSelf(name, val) {
		if !r.inFunction() {
			return as, &varError{msg: name + ": nameref variable self references not allowed"}
		}
		r.bErr(variant, "warning: %s: circular name reference", name)
	}
	if refTargetInvalid(val) {
		return as, &varError{msg: "`" + val + "': invalid variable name for name reference"}
	}
	return as, nil
}

// refSelf is bash's check_selfref: target, or the array of the element
// it names, is the reference name itself.
func refSelf(name, target string) bool {
	return target == name || validArrayRef(target) && target[:strings.IndexByte(target, '[')] == name
}

// refTargetInvalid reports whether target cannot be a reference's value
// (valid_nameref_value): neither a name nor an array element.
func refTargetInvalid(target string) bool {
	if target == "" || validName(target) {
		return false
	}
	pe, ok := parseIndirect(target)
	return !ok || pe.Index == nil
}

// declareOne applies one name or name=value with the parsed options.
func (r *Runner) declareOne(variant string, a declArg, o declOpts, local bool) (string, error) {
	if o.set&o.unset&aReadonly != 0 {
		// declare -r +r: bash's declare_internal sets flags_on, then
		// clears flags_off: the variable is not made readonly (+r on
		// one that is still fails)
		o.set &^= aReadonly
	}
	var name string
	var as *syntax.Assign
	var textVal *string
	appendVal := false
	if a.assign != nil {
		as = a.assign
		if !as.Naked && as.Value == nil && as.Array == nil {
			// declare x= assigns the empty string
			cp := *as
			cp.Value = &syntax.Word{}
			as = &cp
		}
		name = as.Name.Value
		appendVal = as.Append
	} else {
		t := a.text
		if j := strings.IndexByte(t, '='); j > 0 {
			name = t[:j]
			v := t[j+1:]
			if strings.HasSuffix(name, "+") {
				name = name[:len(name)-1]
				appendVal = true
			}
			textVal = &v
		} else {
			name = t
		}
	}
	index, subscripted, indexExpanded := "", false, false
	elemRef := "" // readonly/export ref=v, ref naming this array element
	if j := strings.IndexByte(name, '['); j > 0 && strings.HasSuffix(name, "]") {
		subscripted = true
		if as == nil && (subscriptEnd(name, j) != len(name)-1 || textVal == nil && !validArrayRef(name)) {
			// an unbalanced subscript (a[80's], a[1]]), or an empty
			// one without a value, is no array reference
			name = ""
		} else {
			name, index = name[:j], name[j+1:len(name)-1]
		}
	}
	if as == nil && textVal != nil && validName(name) && variant != "export" && variant != "readonly" {
		// "a[@]=v" as text: assign_array_element refuses @ and * as an
		// indexed array's subscript, reported without the builtin's name
		if err := r.allSubscriptErr(name+"["+index+"]", name, index); err != nil {
			r.errorf("%s", err.Error())
			return "", errDeclFailed
		}
	}
	if !validName(name) {
		shown := name
		if a.assign == nil {
			shown = a.text
		}
		return "", &varError{msg: "`" + shown + "': not a valid identifier"}
	}
	r.declareRandomLookup(variant, name, o, local)
	if !local && !subscripted && (as == nil || as.Index == nil && as.Array == nil) && !o.nameref && !o.unNameref && !o.array && !o.assoc && r.refDeadEnd(name) {
		// a global reference whose chain ends at a reference to
		// nothing: declare finds no variable and bind_variable makes
		// none, so the name is skipped, silently; export and readonly
		// name the empty target (failing only for an assignment)
		if variant == "export" || variant == "readonly" {
			if as != nil && as.Value != nil || textVal != nil {
				return "", &varError{msg: "`': not a valid identifier"}
			}
			r.bErr(variant, "`': not a valid identifier")
		}
		return "", nil
	}
	// under set -a, bash's bind_variable exports a variable it makes, a
	// new global (a dynamic one exists, stored or not) declared without
	// -a or -A, which export and readonly heed only with a list; and one
	// it assigns a value that is not a list (allexportDecl)
	makesArray := o.array || o.assoc
	if variant == "export" || variant == "readonly" {
		makesArray = makesArray && as != nil && as.Array != nil
	}
	unexport := variant == "export" && o.unexport
	bound := r.opts.on(optAllexport) && !local && !makesArray && !unexport && r.vars.get(name) == nil && dynListIndex(name) < 0
	scalarValue := !subscripted && !unexport && (as != nil && as.Value != nil && as.Index == nil || as == nil && textVal != nil)
	if local && noassignSpecial(name) && !r.dynRemoved(name) {
		// bash's make_local_variable refuses the noassign specials
		r.bErr(variant, "%s: variable may not be assigned value", name)
		return "", errDeclFailed
	}
	if !local && as != nil && variant != "export" && variant != "readonly" && r.noassignVar(name) {
		if as.Array != nil {
			// the compound assignment bash makes as it expands the
			// words finds no array (find_or_make_array_variable)
			return "", &discardError{}
		}
		if as.Value != nil {
			// declare.def: the builtin fails, saying nothing
			return "", errDeclFailed
		}
	}
	if !local && !o.nameref {
		r.dynDeclared(name)
	} else if local && !r.vars.isLocalHere(name) && dynListIndex(name) >= 0 && (r.opts.sh(shLocalvarInherit) || o.inherit) {
		// an inheriting local takes the dynamic scalar's table entry
		// as it is, getter and assignment hook included
		// (make_local_variable copies dynamic_value and assign_func);
		// COMP_WORDBREAKS gets its value as it is looked up
		if name == "COMP_WORDBREAKS" {
			r.lookup(name)
		}
		r.dynDeclared(name)
	} else if local && !r.vars.isLocalHere(name) && dynListIndex(name) >= 0 {
		// bash's make_local_variable looks the global up first, which
		// refreshes a dynamic one's value (local LINENO)
		r.lookup(name)
	}
	if !o.nameref && index == "" && (as == nil || as.Index == nil) && r.circularRef(name) && !r.circularLocalRef(name) {
		// a circular reference (declare -n c=d d=c): bash warns as it
		// looks the name up and leaves it alone, failing export and
		// readonly; a compound value replaces it with an array, and a
		// function's declaration makes a local variable
		warn := 2
		switch {
		case as != nil && as.Array != nil:
			warn = 1
		case variant == "export" || variant == "readonly":
			warn = 3
		}
		for range warn {
			r.errorf("warning: %s: circular name reference", name)
		}
		switch {
		case warn == 2 && local:
			// a function's declaration then makes a plain local
		case warn == 1:
			r.vars.unbind(name)
		case warn == 2:
			return "", nil
		default:
			return "", errDeclFailed
		}
	}
	if cur := r.vars.get(name); (variant == "readonly" || variant == "export") && !o.nameref && !o.unNameref && index == "" && (as == nil && textVal == nil || as != nil && as.Naked && as.Index == nil) && cur != nil && cur.kind == kNameRef && cur.set && strings.IndexByte(cur.str, '[') > 0 {
		// readonly ref, ref a reference to an element: bash follows it
		// to the element, which these builtins do not take, reports it
		// and goes on (the status stays 0)
		r.bErr(variant, "`%s': not a valid identifier", cur.str)
		return "", nil
	}
	if cur := r.vars.get(name); !local && cur != nil && cur.kind == kNameRef && !o.nameref && (index != "" && textVal != nil || as != nil && as.Index != nil && as.Value != nil) {
		// declare -a ref[1]=v, ref a reference (with a target or
		// not): the element makes ref itself an array
		r.errorf("warning: %s: removing nameref attribute", name)
		if cur.set {
			v := r.vars.own(name)
			v.kind, v.str, v.set = kString, "", false
		}
	}
	if cur := r.vars.get(name); cur != nil && cur.kind == kNameRef && cur.set && cur.attrs&aReadonly != 0 && (o.unNameref || o.nameref && o.unset&aReadonly != 0) {
		// a readonly reference keeps its attributes: declare +n ref,
		// declare +r -n ref (one without a target may stop being one)
		return "", readonlyErr(name)
	}
	// namerefs: declare -n ref=target
	if o.nameref && as != nil && as.Array != nil && as.Index == nil {
		// declare -n name=(…): bash assigns the list as it expands the
		// words (through name when it is a reference already), and
		// then finds an array where the reference should be made
		target := r.resolveRef(name)
		if local && target == name && !r.vars.isLocalHere(name) {
			r.vars.makeLocal(name)
		}
		if err := r.assignArray(target, as.Array, as.Append, asDecl); err != nil {
			return "", err
		}
		if target != name {
			return name, nil
		}
		return "", &varError{msg: name + ": reference variable cannot be an array"}
	}
	if o.nameref && (o.array || o.assoc) && (as == nil || as.Index == nil) && index == "" && !appendVal {
		var err error
		if as, err = r.declRefValueFirst(variant, name, as, textVal); err != nil {
			return "", err
		}
	}
	if o.nameref && (o.array || o.assoc) && local && !o.global && (as == nil || as.Index == nil) && index == "" {
		// local -an r: bash's declare_internal makes the local array
		// first (a local scalar of this function becomes an empty one),
		// then refuses to make an array a reference; the other
		// attributes are never applied
		here := r.vars.isLocalHere(name)
		if cur := r.vars.get(name); !here && cur != nil && cur.attrs&aReadonly != 0 && !cur.local {
			// make_local_variable refuses to shadow a readonly global
			return "", readonlyErr(name)
		}
		var v *variable
		if here {
			v = r.vars.own(name)
		} else {
			v, _ = r.vars.makeLocal(name)
		}
		if v != nil {
			switch {
			case v.kind == kIndexed || v.kind == kAssoc:
				// an array stays what it is
			case o.assoc:
				v.kind, v.assoc, v.arr, v.str = kAssoc, newAssoc(), nil, ""
			default:
				v.kind, v.arr, v.str = kIndexed, &indexedArray{}, ""
			}
			v.set = here && v.set
			r.vars.changed(v)
		}
		return "", &varError{msg: name + ": reference variable cannot be an array"}
	}
	if o.nameref && (o.array || o.assoc) && !local {
		// declare -an v: bash makes the variable an array first, and an
		// array cannot be a reference, so the attribute is dropped
		// (declare_internal's onref). An existing scalar (a reference
		// too) is converted, and turning the attribute on took its -i,
		// -u, -l and -c off, as in ksh93; without a new value, the one
		// it has must be a name (a new one is checked first).
		cur := r.vars.get(name)
		drop := cur == nil || (cur.kind == kString || cur.kind == kNameRef) && cur.attrs&aReadonly == 0
		if index != "" || as != nil && as.Index != nil {
			drop = false
		}
		if drop && !appendVal && (as == nil || as.Value == nil) && textVal == nil && cur != nil && cur.set {
			// no new value: the one it has must be a name
			drop = validName(cur.str) || validArrayRef(cur.str)
		}
		if drop {
			o.nameref = false
			if cur != nil {
				v := r.vars.own(name)
				v.attrs &^= aInteger | aUpper | aLower | aCapital
				v.kind = kString
				r.vars.changed(v)
			}
		}
	}
	if o.nameref {
		// a reference is a scalar: not NAME[SUB], not an existing array
		if as != nil && as.Index != nil {
			return "", &varError{msg: name + "[" + r.nodeText(as.Index) + "]: reference variable cannot be an array"}
		} else if index != "" {
			return "", &varError{msg: name + "[" + index + "]: reference variable cannot be an array"}
		}
		var target string
		if as != nil && as.Value != nil {
			t, err := r.declValue(as.Value)
			if err != nil {
				return "", err
			}
			target = t
		} else if textVal != nil {
			target = *textVal
		}
		appendSelf := false
		word := target
		if appendVal {
			// declare -n ref+=x appends to what the variable holds
			// (a reference's target, a string), bash's declare
			// skipping its check of the value for += and the
			// assignment then checking the result
			var held *variable
			switch {
			case o.global:
				held = r.globalGetVar(name)
			case !local || r.vars.isLocalHere(name):
				held = r.vars.get(name)
			}
			if held != nil && held.set && (held.kind == kNameRef || held.kind == kString) {
				target = held.str + target
			}
			appendSelf = refSelf(name, target)
		}
		// bash's check_selfref: the target, or the array of the element
		// it names, is the reference itself; an error (before anything
		// is made) outside a function
		selfRef := refSelf(name, word)
		if selfRef && !r.inFunction() {
			return "", &varError{msg: name + ": nameref variable self references not allowed"}
		}
		// bash checks the value before it looks at the variable (a +=
		// value when it is assigned)
		if !appendVal && refTargetInvalid(target) {
			return "", &varError{msg: "`" + target + "': invalid variable name for name reference"}
		}
		if cur := r.vars.get(name); local && cur != nil && cur.attrs&aReadonly != 0 && !cur.local && !r.vars.isLocalHere(name) {
			// bash's make_local_variable refuses a local copy of a
			// readonly global before anything else is looked at
			return "", readonlyErr(name)
		}
		// (-g looks at the global, whatever a function's local hides)
		cur := r.vars.get(name)
		if o.global {
			cur = r.globalGetVar(name)
		}
		if cur != nil && (cur.kind == kIndexed || cur.kind == kAssoc) && (o.global || !local || r.vars.isLocalHere(name)) {
			return "", &varError{msg: name + ": reference variable cannot be an array"}
		}
		hasValue := as != nil && as.Value != nil || textVal != nil
		// in f, called as r=x f, declare -n r makes a reference of the
		// prefix assignment's variable, which in bash is f's local
		fromTemp := tempForLocal(r, name, local)
		if cur := r.vars.get(name); !hasValue && cur != nil && cur.kind == kString && cur.set && !validName(cur.str) && (!local || r.vars.isLocalHere(name) || fromTemp != nil) {
			// declare -n r, r set: its value becomes the target, and
			// must name a variable
			if pe, ok := parseIndirect(cur.str); !ok || pe.Index == nil {
				return "", &varError{msg: "`" + cur.str + "': invalid variable name for name reference"}
			}
		}
		if cur := r.vars.get(name); cur != nil && cur.attrs&aReadonly != 0 && (!local || r.vars.isLocalHere(name) || !cur.local) {
			// an existing readonly variable, a reference or not,
			// cannot be made one, nor shadowed by a local one
			// unless it is a caller's local
			return "", readonlyErr(name)
		}
		// the assignment's own failures come after every check of the
		// variable
		if appendSelf && r.inFunction() {
			// bash's assignment only warns in a function, and makes
			// the reference (the warnings below when the word itself
			// names it)
			if !selfRef {
				r.errorf("warning: %s: circular name reference", name)
			}
		} else if appendVal && (appendSelf || target == "" || refTargetInvalid(target)) {
			// bind_variable_value refuses the result (a reference to
			// itself is said there, unprefixed); then sh_invalidid
			// names the word's value if that is no name (else the
			// failure is silent); a new local stays, a plain one with
			// the other attributes
			if appendSelf {
				r.errorf("%s: nameref variable self references not allowed", name)
			}
			if local && !r.vars.isLocalHere(name) {
				v, _ := r.vars.makeLocal(name)
				v.attrs |= o.set &^ aReadonly
				if v.attrs&aExport != 0 {
					r.vars.envDirty = true
				}
			}
			if word == "" || refTargetInvalid(word) {
				return "", &varError{msg: "`" + word + "': not a valid identifier"}
			}
			return "", errDeclFailed
		}
		if o.set&aInteger != 0 && (as != nil && as.Value != nil || textVal != nil) {
			// declare -in ref=target: once the name and the variable
			// are checked, bash evaluates the value as the integer it
			// cannot be and fails, silently; a local is made first,
			// unset, with the other attributes
			var v *variable
			switch {
			case local:
				v, _ = r.vars.makeLocal(name)
			case o.global && r.globalGetVar(name) != nil:
				v = r.globalVar(name)
			case !o.global && r.vars.get(name) != nil:
				// an existing variable gets them too, -r included
				v = r.vars.own(name)
			}
			if v != nil {
				v.attrs |= o.set
				if v.attrs&aExport != 0 {
					r.vars.envDirty = true
				}
				r.vars.changed(v)
			}
			// (evaluated: its errors, set -u's unbound
			// variable among them, are said)
			if _, err := r.arithString(target); err != nil {
				return "", err
			}
			return "", errDeclFailed
		}
		if target == "" && !appendVal && (as != nil && as.Value != nil || textVal != nil) {
			// declare -n r="": bash's assignment of the empty target
			// fails, after the array check; only a local is made.
			// The attributes other than -n are set first, on the
			// new local or the variable that was there
			var v *variable
			switch {
			case local && !r.vars.isLocalHere(name):
				v, _ = r.vars.makeLocal(name)
			case local:
				v = r.vars.own(name)
			case o.global:
				if r.globalGetVar(name) != nil {
					v = r.globalVar(name)
				}
			case r.vars.get(name) != nil:
				v = r.vars.own(name)
			}
			if v != nil {
				v.attrs |= o.set
				if v.attrs&aExport != 0 {
					r.vars.envDirty = true
				}
			}
			return "", &varError{msg: "`': not a valid identifier"}
		}
		var v *variable
		if local {
			v, _ = r.vars.makeLocal(name)
		} else if o.global {
			v = r.globalVar(name)
		} else {
			v = r.vars.own(name)
		}
		if selfRef {
			// in a function bash only warns, twice (declare, then the
			// assignment), and makes the reference
			r.bErr(variant, "warning: %s: circular name reference", name)
			r.errorf("warning: %s: circular name reference", name)
		}
		v.kind = kNameRef
		// a reference holds a name: no integer or case attributes
		v.attrs &^= aInteger | aLower | aUpper | aCapital
		if o.unNameref {
			// declare -n +n: bash checks it as a reference, assigns the
			// value, then clears flags_off: a plain variable
			v.kind = kString
		}
		if as != nil && (as.Value != nil) || textVal != nil {
			v.str, v.set = target, true
		} else if fromTemp != nil {
			v.str, v.set, v.tempvar = fromTemp.str, true, true
			r.tempVars[name] = v
		}
		v.attrs |= o.set
		if v.set && v.attrs&(aLower|aUpper|aCapital) != 0 {
			// declare -un r=x: bash turns the attributes on before it
			// assigns the target's name, which they convert
			v.str = r.applyCase(v, v.str)
		}
		r.allexportDecl(name, bound, scalarValue)
		return name, nil
	}
	if o.unNameref && !local && !o.global && index == "" && (as == nil || as.Naked && as.Index == nil && as.Value == nil && as.Array == nil) && textVal == nil &&
		o.set == 0 && o.unset == 0 && !o.array && !o.assoc {
		// declare +n ref alone: bash turns off the attribute of the
		// last reference in the chain from ref (declare -n b=c a=b;
		// declare +n a makes b plain)
		if last := r.lastRefName(name); last != "" {
			name = last
		}
	}
	if o.unNameref && !local && index == "" && (as == nil || as.Index == nil) && ((as != nil && (as.Value != nil || as.Array != nil)) || textVal != nil) {
		// declare +n ref=value: the reference stops being one, keeping
		// its target's name as its value, and the value and the other
		// attributes go to that target, as in bash
		if cur := r.vars.get(name); cur != nil && cur.kind == kNameRef && cur.set && validName(cur.str) {
			rn := r.resolveRef(name)
			if ref := r.vars.own(name); ref.attrs&aReadonly == 0 {
				ref.kind = kString
				if rn != name && validName(rn) {
					name = rn
					o.unNameref = false
				}
			}
		}
	}
	// bash's declare names a readonly variable reached through a
	// reference as written when it refuses a value
	written := name
	if !o.unNameref {
		rn := r.resolveRef(name)
		if o.global {
			// declare -g follows the global references only
			rn = r.resolveGlobalRef(name)
		}
		if cur := r.vars.get(name); local && rn != name && cur != nil && cur.kind == kNameRef && !r.vars.isLocalHere(name) {
			// a function's declaration follows only its own references:
			// local ref, with ref a caller's or global reference, makes
			// a local ref (bash's declare_transform_name)
			rn = name
		}
		// which references to an element a declaration follows: in a
		// function only the function's own (one of a caller's or a
		// global one makes a plain local), with -g only global ones
		// (a function's own makes a global); through the function's
		// own, bash's make_local_variable makes a variable named after
		// the element, which nothing can see
		elemScope := 0 // 0 follow, 1 plain variable, 2 nothing visible
		if rn == name && r.isElemRef(name) {
			switch cur := r.vars.get(name); {
			case o.global:
				if cur.local {
					elemScope = 1
				}
			case local && !r.vars.isLocalHere(name):
				elemScope = 1
			case local:
				elemScope = 2
			}
		}
		if elemScope == 2 && ((o.array || o.assoc || o.set != 0 && variant != "readonly" && variant != "export") && !o.nameref && index == "" && (as == nil && textVal == nil || as != nil && as.Naked && as.Index == nil) ||
			index == "" && (as != nil && as.Index == nil && as.Array == nil && as.Value != nil || as == nil && textVal != nil)) {
			return "", nil
		}
		if elemScope != 0 {
			goto notElem
		}
		// a reference to an element: declare ref=v assigns a[i]
		if v := r.vars.get(rn); v != nil && v.kind == kNameRef && v.set && index == "" && (as != nil && as.Index == nil && as.Array == nil && as.Value != nil || as == nil && textVal != nil) && !o.array && !o.assoc {
			if j := strings.IndexByte(v.str, '['); j > 0 && strings.HasSuffix(v.str, "]") && validName(v.str[:j]) {
				if sub := v.str[j+1 : len(v.str)-1]; sub == "@" || sub == "*" {
					// (an associative array takes the key from
					// declare, not from readonly or export)
					if av := r.vars.get(v.str[:j]); av == nil || av.kind != kAssoc || variant == "readonly" || variant == "export" {
						// no element to assign: declare makes the
						// array (as for any element) and reports the
						// subscript; readonly and export report it
						// and the name
						elemDecl := variant != "readonly" && variant != "export"
						if elemDecl && av != nil && av.attrs&aReadonly != 0 {
							return "", readonlyErr(v.str[:j])
						}
						if elemDecl && (av == nil || av.kind == kString) {
							nv := r.vars.own(v.str[:j])
							arr := &indexedArray{}
							if nv.set {
								arr.set(0, nv.str)
							}
							nv.kind, nv.arr, nv.str, nv.set = kIndexed, arr, "", true
						}
						if err := r.reportError("%s: bad array subscript", v.str); err != nil {
							return "", err // set -e: report_error ends the shell
						}
						if variant == "readonly" || variant == "export" {
							r.bErr(variant, "`%s': not a valid identifier", v.str)
						}
						return "", errDeclFailed
					}
				}
				// its subscript is expanded (and evaluated) once
				rn = v.str[:j]
				var err error
				if index, err = r.textSubscriptKey(rn, v.str[j+1:len(v.str)-1]); err != nil {
					return "", err
				}
				indexExpanded = true
				if variant == "readonly" || variant == "export" {
					// these assign the element, then refuse it the
					// attribute (as without a value, below)
					elemRef = v.str
				}
				if av := r.vars.get(rn); av != nil && av.kind == kNameRef && !av.local {
					// the element's array is itself a reference
					// (declare -n a=b b='a[1]'): bash makes it the array
					r.errorf("warning: %s: removing nameref attribute", rn)
					av = r.vars.own(rn)
					av.kind, av.str, av.set = kString, "", false
				}
			}
		}
		if v := r.vars.get(rn); (o.array || o.assoc || o.set != 0 && variant != "readonly" && variant != "export") && !o.nameref && r.isElemRef(rn) && index == "" && (as == nil && textVal == nil || as != nil && as.Naked && as.Index == nil) {
			// declare -a/-A/-x/-i... ref, ref a reference to an
			// element: the attributes go to the element's array
			// (made an indexed one when there is none)
			if j := strings.IndexByte(v.str, '['); validName(v.str[:j]) {
				rn = v.str[:j]
				if !o.assoc && r.vars.get(rn) == nil {
					o.array = true
				}
			}
		}
	notElem:
		if rn != name {
			name = rn
		} else if n, err, done := r.declGlobalShadowed(variant, a, o, name); done {
			return n, err
		}
	}
	if (variant == "readonly" || variant == "export") && (subscripted || as != nil && as.Index != nil) {
		// readonly and export take no array element, with a value or
		// without one (bash names the element without the value)
		shown := name + "[" + index + "]"
		if as != nil && as.Index != nil {
			shown = name + "[" + r.subscriptShown(a) + "]"
		}
		return "", &varError{msg: "`" + shown + "': not a valid identifier"}
	}
	if subscripted && index == "" && textVal != nil {
		// declare 'a[]=v': an empty subscript, reported as an
		// assignment's is, once bash's declare_internal has made
		// NAME an array with the attributes (a scalar converted, a
		// new local unset, a new global empty) for the element
		cur := r.vars.get(name)
		if cur != nil && cur.attrs&aReadonly != 0 {
			return "", readonlyErr(name)
		}
		po := o
		if !po.assoc && (cur == nil || cur.kind != kAssoc) {
			po.array = true
		}
		if _, err := r.declareOne(variant, declArg{text: name}, po, local); err != nil {
			return "", err
		}
		if v := r.vars.get(name); v != nil && !v.set && !v.local && v.kind == kIndexed {
			r.vars.own(name).set = true
		}
		return "", badSubscriptErr(name + "[]")
	}
	// NAME[SUB] without a value: declare, typeset and local make NAME an
	// indexed array (an associative one stays as it is); readonly and
	// export take only names
	if noValue := (as != nil && as.Naked && as.Index != nil) || (as == nil && textVal == nil && index != ""); noValue {
		if variant == "readonly" || variant == "export" {
			shown := a.text
			if as != nil {
				shown = name + "[" + r.subscriptShown(a) + "]"
			}
			return "", &varError{msg: "`" + shown + "': not a valid identifier"}
		}
		if !o.assoc {
			if cur := r.vars.get(name); cur == nil || cur.kind != kAssoc {
				o.array = true
			}
		}
	}
	if n, err, done := r.declThroughTemp(variant, a, o, local, name); done {
		return n, err
	}
	cur := r.vars.get(name)
	if cur == nil && variant == "export" && o.unexport && (as == nil && textVal == nil || as != nil && as.Naked) {
		// export -n NAME only changes a variable that exists (bash's
		// set_var_attribute with undo creates none)
		return "", nil
	}
	arrayExisted := cur != nil && (cur.kind == kIndexed || cur.kind == kAssoc)
	// a local made here is a new variable: the caller's type does not
	// matter, nor its readonly attribute unless it is a global's
	makesLocal := local && !r.vars.isLocalHere(name)
	newLocal := makesLocal && !r.opts.sh(shLocalvarInherit) && !o.inherit
	// a literal name=(…) is assigned while bash expands the words, by an
	// internal declare (attributes only) and then the assignment, before
	// the builtin runs; their errors have no builtin prefix
	compound := as != nil && as.Array != nil
	forceLocal := r.inFunction() && variant != "export" && variant != "readonly"
	readonlyAbort := false
	if cur != nil && cur.attrs&aReadonly != 0 {
		hasValue := (as != nil && (as.Value != nil || as.Array != nil)) || textVal != nil
		switch {
		case makesLocal && cur.local && hasValue && !compound && (r.opts.sh(shLocalvarInherit) || o.inherit):
			// the local inherits the readonly attribute with the
			// value (make_local_variable), so the assignment fails
			v, _ := r.vars.makeLocal(name)
			inheritLocal(v, cur)
			return "", readonlyErr(name)
		case makesLocal && cur.local:
			// a caller's readonly local may be shadowed
		case makesLocal:
			if compound {
				r.expansionTimeErr(name + ": readonly variable")
				if r.declInternal.on {
					r.declInternal.redone = true
					return "", errDeclFailed
				}
			}
			return "", readonlyErr(name)
		case compound:
			// declare -a/-A converts a readonly variable (no value is
			// assigned yet); the assignment then fails
			readonlyAbort = true
		case !hasValue && !o.unNameref && cur.kind == kNameRef && !cur.set:
			// declare +r ref, ref a reference to nothing: it follows
			// the chain to nothing and changes nothing
			return "", nil
		case hasValue || o.unset&aReadonly != 0:
			if variant == "export" && hasValue {
				// bash's set_or_show_attributes (export name=value)
				// changes the attribute even when the assignment fails
				v := r.vars.own(name)
				v.attrs = (v.attrs | o.set&aExport) &^ (o.unset & aExport)
				r.vars.envDirty = true
			}
			if hasValue && variant != "export" && variant != "readonly" {
				return "", readonlyErr(written)
			}
			return "", readonlyErr(name)
		}
	}
	if cur != nil && !newLocal {
		var msg string
		switch {
		case o.unArray && cur.kind == kIndexed || o.unAssoc && cur.kind == kAssoc:
			msg = written + ": cannot destroy array variables in this way"
		case cur.kind == kAssoc && o.array:
			msg = written + ": cannot convert associative to indexed array"
		case cur.kind == kIndexed && o.assoc:
			msg = written + ": cannot convert indexed to associative array"
		}
		if msg != "" && compound && !forceLocal {
			return "", &discardError{msg: msg}
		}
		if msg != "" && compound {
			r.expansionTimeErr(msg)
			if r.declInternal.on {
				r.declInternal.redone = true
				return "", errDeclFailed
			}
		}
		if msg != "" {
			if (variant == "export" || variant == "readonly") && (as != nil && as.Value != nil || textVal != nil) {
				// bash's set_or_show_attributes runs declare -g for
				// readonly -a name=value and, though that failed,
				// still gives the variable the builtin's attribute
				v := r.vars.own(name)
				v.attrs |= o.set & (aExport | aReadonly)
				r.vars.changed(v)
			}
			return "", &varError{msg: msg}
		}
	}
	// the value is expanded before the binding is made: local x=$x
	// sees the caller's x
	var preVal string
	var preErr error
	if as != nil && as.Array == nil && as.Value != nil {
		preVal, preErr = r.declValue(as.Value)
		r.declLastAs, r.declLastVal = a.assign, preVal
		if preErr != nil {
			return "", &declWordError{preErr}
		}
	}
	// so are the elements of a compound value: local -a a=("${a[@]}")
	// copies the caller's a (bash expands the word before it runs the
	// internal declare that makes the local)
	arrVal := (*syntax.ArrayExpr)(nil)
	// local NAME+=(…) on a scalar local of this function: bash's
	// make_local_array_variable disposes of the value as it makes the
	// array, once the words are expanded (the -a option does not
	// change that: only -i -l -u -c reach its internal declare)
	dropsLocalScalar := local && appendVal && as != nil && as.Array != nil && !o.assoc &&
		cur != nil && cur.kind == kString && r.vars.isLocalHere(name)
	if as != nil && as.Array != nil {
		arrVal = as.Array
		// bash's word expansion of the command takes the compound
		// value before declare runs: an expansion error leaves the
		// variable as it was (not made, nor converted). (An
		// associative target keeps the expansion at assignment time.)
		indexed := !o.assoc && (cur == nil || cur.kind != kAssoc)
		if local && !r.vars.isLocalHere(name) || !local && indexed || dropsLocalScalar {
			if arrVal, preErr = r.expandArrayElems(as.Array, o.assoc); preErr != nil {
				return "", &declWordError{preErr}
			}
		}
	}
	var v *variable
	// converted: declare -A turns an existing variable into an
	// associative array, which bash does with its default table size and
	// the old value as element 0; a new variable, or a local replacing
	// one in its own scope, gets a fresh ASSOC_HASH_BUCKETS table
	converted := false
	switch {
	case local:
		// (local -I inherits the value of a new local, but only
		// localvar_inherit makes make_local_array_variable and
		// make_local_assoc_variable convert it rather than drop it)
		converted = r.opts.sh(shLocalvarInherit)
		made := false
		if len(r.vars.frames) > 0 {
			f := r.vars.frames[len(r.vars.frames)-1]
			if _, ok := f.saved[name]; ok {
				v = r.vars.own(name)
				made = true
			}
		}
		if !made {
			old := r.vars.get(name)
			v, _ = r.vars.makeLocal(name)
			// local x keeps an exported/etc. global's value only with
			// localvar_inherit; a variable of a prefix assignment (x=1
			// f) passes its value to a local of the same name either
			// way, as in bash, where that local is still the temporary
			// variable (make_local_variable looks at it first)
			if old != nil && old == r.tempVars[name] && old.set && v.kind == kString {
				v.str, v.set, v.tempvar = old.str, true, true
				r.tempVars[name] = v
				r.mergeCallTemp(name)
			} else if old != nil && (r.opts.sh(shLocalvarInherit) || o.inherit) {
				inheritLocal(v, old)
			}
		}
		if dropsLocalScalar && v.kind == kString {
			v.kind, v.arr, v.str = kIndexed, &indexedArray{}, ""
		}
	case o.global:
		converted = r.globalGetVar(name) != nil
		v = r.globalVar(name)
	default:
		converted = r.vars.get(name) != nil
		v = r.vars.own(name)
	}
	if (o.array || index != "" || as != nil && as.Index != nil) && local && !converted && v.kind == kString {
		// bash's make_local_array_variable disposes of a local
		// scalar's value as it makes the array (local x=1; local -a x
		// is empty; local x[2]=v too, making_array_special), unless
		// the local inherits
		v.kind, v.arr, v.str = kIndexed, &indexedArray{}, ""
	}
	if o.array && v.kind != kIndexed {
		v.toIndexed()
	}
	if o.assoc && v.kind != kAssoc {
		m := newAssoc()
		if converted {
			m = newAssocSize(convertBuckets)
			if v.set && v.kind == kString {
				m.set("0", v.str)
			}
		}
		v.kind, v.assoc, v.str = kAssoc, m, ""
	}
	if o.unArray && o.array && v.kind == kIndexed || o.unAssoc && o.assoc && v.kind == kAssoc {
		// declare -a +a v: bash made the array the -a asks for, and
		// +a cannot destroy it (set, empty, when given a value)
		if !local && (as != nil && (as.Value != nil || as.Array != nil) || textVal != nil) {
			v.set = true
		}
		return "", &varError{msg: written + ": cannot destroy array variables in this way"}
	}
	if o.array && o.assoc && v.kind == kAssoc {
		// declare -aA: bash makes the associative array (a global
		// one given a value is set, empty), then refuses -a for it
		// before it sets any attribute or value
		if !local && (as != nil && (as.Value != nil || as.Array != nil) || textVal != nil) {
			v.set = true
		}
		return "", &varError{msg: name + ": cannot convert associative to indexed array"}
	}
	if o.unNameref && v.kind == kNameRef {
		v.kind = kString
	}
	preAttrs := v.attrs
	if readonlyAbort {
		// bash's internal declare takes only the options that shape
		// the value (expand_declaration_argument); the assignment's
		// failure then drops the command before the builtin's own
		// attributes (-x, -t, -r) are given
		v.attrs |= o.set & valueShaping
	} else if elemRef == "" {
		v.attrs |= o.set &^ aReadonly
		v.attrs &^= o.unset
	}
	if v.attrs&aExport != 0 || o.unset&aExport != 0 {
		r.vars.envDirty = true
	}
	// declare -n r; declare r=value: the value is r's target
	if v.kind == kNameRef && !v.set && !o.unNameref && !o.nameref && index == "" && (as != nil && as.Value != nil && as.Index == nil || as == nil && textVal != nil) {
		val := preVal
		if as == nil {
			val = *textVal
		}
		if pe, ok := parseIndirect(val); !validName(val) && (!ok || pe.Index == nil) {
			if local {
				// a function's reference stays, without a target
				return "", &varError{msg: "`" + val + "': invalid variable name for name reference"}
			}
			// a global one is gone, as bash assigns it
			r.vars.unbind(name)
			return "", &varError{msg: "`" + val + "': not a valid identifier"}
		}
	}
	if t := r.compoundTrace; t != nil && arrVal != nil {
		// the internal declare is done: the assignment traces
		r.compoundTrace = nil
		t()
	}
	if readonlyAbort {
		return "", &discardError{msg: written + ": readonly variable", noPrefix: true, report: true}
	}
	// the value
	var err error
	switch {
	case arrVal != nil:
		if as != nil && as.Array != nil && r.declErrW != nil {
			// a literal name=(…): assigned as the words are expanded
			old := r.earlyErrW
			r.earlyErrW = r.declErrW
			err = r.assignArray(name, arrVal, appendVal, asDecl)
			r.earlyErrW = old
		} else {
			err = r.assignArray(name, arrVal, appendVal, asDecl)
		}
		if _, ok := err.(*expandError); ok && as != nil && as.Array != nil {
			// bash expands a literal name=(…) with the command's
			// words: its error drops the line
			err = &declWordError{err}
		}
		if ae, ok := err.(*arithError); ok && as != nil && as.Array != nil {
			// a subscript or -i element of a literal name=(…), which
			// bash assigns while it expands the words: no builtin name
			// (a $(( )) in an element abandons only the line)
			err = arithDiscard(ae)
		}
	case as != nil && as.Value != nil:
		val := preVal
		if as.Index == nil && index == "" && !o.plainValue && isCompoundText(val) && (v.kind == kIndexed || v.kind == kAssoc) ||
			as.Index != nil && r.quotedCompoundElem(name, r.nodeText(as.Index), val, o, arrayExisted) {
			// declare -a x='(1 2)': bash still reads the value as a
			// compound assignment when the variable is an array
			err = r.assignArrayText(name, val, appendVal)
		} else if err == nil {
			err = r.declSetValue(name, index, val, appendVal, as)
		}
	case textVal != nil:
		if index == "" && !o.plainValue && isCompoundText(*textVal) && (v.kind == kIndexed || v.kind == kAssoc) ||
			index != "" && r.quotedCompoundElem(name, index, *textVal, o, arrayExisted) {
			err = r.assignArrayText(name, *textVal, appendVal)
		} else {
			sub := index
			if sub != "" && !indexExpanded {
				sub, err = r.textSubscriptKey(name, index)
			}
			if err == nil {
				err = retextBadTarget(r.declSetValue(name, sub, *textVal, appendVal, nil), name+"["+index+"]")
			}
		}
	default:
		if o.set&aInteger != 0 && v.set && v.kind == kString {
			// converting a value to integer does not re-evaluate it
		}
	}
	if ae, ok := err.(*arithError); ok && elemRef == "" && (variant == "export" || variant == "readonly") && !o.array && !o.assoc {
		// export and readonly (bash's set_or_show_attributes) assign
		// first and set the attribute after: the arithmetic error's
		// jump to the top level skips that, the attributes stay as
		// they were
		if cur := r.vars.get(name); cur == v {
			v.attrs = v.attrs&^(o.set&^preAttrs) | o.unset&preAttrs
		}
		return "", ae
	}
	if ae, ok := err.(*arithError); ok && elemRef == "" {
		// bash's declare_internal sets every attribute, readonly too,
		// before the value's arithmetic fails, and the variable it made
		// is visible: an array one set, empty
		v = r.vars.own(name)
		if o.set&aReadonly != 0 {
			v.attrs |= aReadonly
		}
		if v.kind == kIndexed || v.kind == kAssoc {
			v.set = true
		}
		return "", ae
	}
	if err != nil && compound && elemRef == "" && r.vars.get(name) == v {
		// a literal name=(…) that fails drops the command as bash
		// expands the words: only its internal declare's attributes
		// (those shaping the value) were given
		v.attrs = v.attrs&valueShaping | preAttrs&^valueShaping
	}
	if err != nil {
		return "", err
	}
	if elemRef != "" {
		r.bErr(variant, "`%s': not a valid identifier", elemRef)
		return "", nil
	}
	if o.set&aReadonly != 0 {
		v = r.vars.own(name)
		v.attrs |= aReadonly
	}
	r.allexportDecl(name, bound, scalarValue)
	if name == "GLOBIGNORE" && ((as != nil && !as.Naked) || textVal != nil || variant != "export" && variant != "readonly") {
		// declare_internal sets the variable up again; export and
		// readonly only when they assign
		r.syncGlobIgnore()
	}
	if name != "GLOBIGNORE" {
		// declare_internal runs the variable's hook for each name it
		// declares, with a value or not: local BASH_XTRACEFD resets
		// the trace fd, local OPTIND repositions getopts
		r.specialRebound(name)
	}
	return name, nil
}

// valueShaping are the attributes bash's internal declare for a literal
// name=(…) argument takes from the command's options (the others wait
// for the builtin, which runs only if the assignment succeeded).
const valueShaping = aInteger | aLower | aUpper | aCapital

// declAssocElem assigns declare NAME[SUB]=VAL to an associative array as
// bash does: the builtin gets the word expanded, reads NAME[KEY]= from
// its text (a KEY whose brackets or quotes do not close right before
// the = makes the word invalid) and expands KEY again; under
// assoc_expand_once the key is the word's, expanded once.
func (r *Runner) declAssocElem(name string, idx syntax.ArithmExpr, val string, appendVal bool) error {
	k, err := r.indexString(idx)
	if err != nil {
		return err
	}
	t := name + "[" + k + "]"
	once := r.opts.sh(shAssocExpandOnce)
	end := subscriptEnd(t, len(name))
	if once {
		// the first ] ends the key (assignment() with flags 2)
		end = len(name) + 1 + strings.IndexByte(k+"]", ']')
	}
	if end != len(t)-1 {
		op := "="
		if appendVal {
			op = "+="
		}
		return &varError{msg: "`" + t + op + val + "': not a valid identifier"}
	}
	key := k
	if !once {
		if key, err = r.subscriptText(k); err != nil {
			return err
		}
	}
	if key == "" {
		return badSubscriptErr(t)
	}
	return r.setAssocElem(name, key, val, appendVal)
}

func (r *Runner) declSetValue(name, index, val string, appendVal bool, as *syntax.Assign) error {
	if index != "" || (as != nil && as.Index != nil) {
		if as != nil && as.Index != nil {
			v := r.vars.get(name)
			if v != nil && v.kind == kAssoc {
				return r.declAssocElem(name, as.Index, val, appendVal)
			}
			if (sglQuotedIn(as.Index) || len(arithParts(as.Index)) > 0) && !r.dynTableVar(name) {
				// the builtin's argument has had its quotes removed
				// and its expansions done before the subscript is
				// evaluated, as in a[…]=v of a compound assignment:
				// declare a['$x']=1 is a[$x], and with k='$y',
				// declare a[$k]=1 is a[$y] (array_expand_index)
				if v != nil && v.attrs&aReadonly != 0 {
					return readonlyErr(name)
				}
				t, err := r.arithText(as.Index, true)
				if err != nil {
					// an error of the word's expansion
					return &declWordError{err}
				}
				if t == "" || t == "*" || t == "@" {
					return badTargetErr(name + "[" + t + "]")
				}
				i, err := r.compoundIndexFrom(t)
				if err != nil {
					// array_expand_index's error names no command
					return subscriptError(err)
				}
				if i < 0 {
					top := -1
					if v != nil && v.kind == kIndexed && v.arr != nil {
						top = v.arr.maxIndex()
					} else if v != nil && v.set && v.kind == kString {
						top = 0
					}
					if i+int64(top)+1 < 0 {
						// named with its quotes removed
						return badTargetErr(name + "[" + t + "]")
					}
				}
				return r.setIndex(name, i, val, appendVal, as.Index)
			}
			return r.assignIndexed(name, as.Index, val, appendVal)
		}
		v := r.vars.get(name)
		if v != nil && v.kind == kAssoc {
			return r.setAssocElem(name, index, val, appendVal)
		}
		n, err := r.arithString(index)
		if err != nil {
			return unwindsToTop(err)
		}
		return r.setIndex(name, n, val, appendVal, nil)
	}
	if appendVal {
		return r.appendScalar(name, val, 0)
	}
	if cur := r.vars.get(name); cur != nil && cur.dynamic == dynScalar {
		// declare RANDOM=…: bash's assignment hook runs (see dynDeclared)
		return r.setScalarFlags(name, val, 0)
	}
	v := r.vars.own(name)
	val, err := r.integerValue(v, val)
	if err != nil {
		return err
	}
	val = r.applyCase(v, val)
	// an unset reference takes the value (checked by declareOne) as its target
	storeScalar(v, val)
	r.vars.changed(v)
	if name == "OPTIND" {
		// declare and local run bash's special-variable hooks too
		r.setOptindVar(val, true)
	}
	if localeVar(name) {
		r.localeAssigned(name, val)
	}
	return nil
}

// isCompoundText reports whether a declare value given as text looks like
// a compound assignment, "(...)".
func isCompoundText(s string) bool {
	return len(s) >= 2 && s[0] == '(' && s[len(s)-1] == ')'
}

// assignArrayText assigns a compound value given as text, as in
// declare -a "x=(1 2)".
func (r *Runner) assignArrayText(name, text string, appendVal bool) error {
	// read as a script's x=(…) is, with the rewrites that let mvdan's
	// parser take what bash takes ([1+]=v is evaluated, and fails, when
	// it is assigned)
	f, src, err := parseProgram("x="+text, "")
	if err != nil || len(f.Stmts) != 1 {
		return r.declSetValue(name, "", text, appendVal, nil)
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) != 1 || ce.Assigns[0].Array == nil {
		return r.declSetValue(name, "", text, appendVal, nil)
	}
	// the parsed nodes' positions refer to this text
	old := r.curSrc
	r.curSrc = src
	defer func() { r.curSrc = old }()
	err = r.assignArray(name, ce.Assigns[0].Array, appendVal, asDecl)
	if ae, ok := err.(*arithError); ok {
		// declare_internal made the variable visible as it took a
		// value (unlike name=(…), made by an internal declare
		// without one): an empty array stays set
		if v := r.vars.get(name); v != nil && !v.set && (v.kind == kIndexed || v.kind == kAssoc) {
			r.vars.own(name).set = true
		}
		// a subscript's or -i element's arithmetic fails as bash
		// assigns it: no builtin name, and the line is dropped
		err = arithDiscard(ae)
	}
	return err
}

// arithDiscard is the error of an element's arithmetic failing as a
// compound value is assigned: the line is dropped, with no builtin name.
func arithDiscard(ae *arithError) error {
	return &discardError{msg: ae.Error(), noPrefix: true, toTop: ae.toTop, valueArith: valueArithError(ae)}
}

// localDashListed reports whether a listing (local, local -p or declare
// -p with no attribute filter) shows the current function's local -.
func (r *Runner) localDashListed(variant string, o declOpts) bool {
	if !r.inFunction() || o.set != 0 || o.unset != 0 || o.array || o.assoc || o.nameref || o.funcs || o.funcNames {
		return false
	}
	if variant != "local" && !((variant == "declare" || variant == "typeset") && o.print) {
		return false
	}
	return r.funcFrame().setOpts != nil
}

// localHere reports whether name is a local variable of the function
// running (its innermost scope), not of a caller.
func (r *Runner) localHere(name string) bool {
	if len(r.vars.frames) == 0 {
		return false
	}
	_, ok := r.vars.frames[len(r.vars.frames)-1].saved[name]
	return ok
}

// localDashVisible reports whether a function executing (the innermost
// or a caller, by dynamic scope) made a local -.
func (r *Runner) localDashVisible() bool {
	for i := range r.calls {
		if !r.calls[i].sourced && r.calls[i].setOpts != nil {
			return true
		}
	}
	return false
}

// declareList prints variables for declare/typeset/export/readonly with
// no names.
func (r *Runner) declareList(variant string, o declOpts) int {
	var sb strings.Builder
	names := r.listingNames()
	filter := func(v *variable) bool {
		switch variant {
		case "export", "readonly":
			if o.array && v.kind != kIndexed || o.assoc && v.kind != kAssoc {
				return false
			}
			if variant == "export" {
				return v.attrs&aExport != 0
			}
			return v.attrs&aReadonly != 0
		case "local":
			return v.local
		}
		// bash's set_or_show_attributes: -a (else -A) keeps the
		// arrays of that kind, and of them the variables with any one
		// of the other attributes given (declare -ri lists both kinds)
		if o.array && (o.assoc || v.kind != kIndexed) || o.assoc && v.kind != kAssoc {
			return false
		}
		if o.set != 0 || o.nameref {
			return v.attrs&o.set != 0 || o.nameref && v.kind == kNameRef
		}
		return true
	}
	if !o.print && !o.attrFlags() && (variant == "declare" || variant == "typeset") {
		// plain `declare` is bash's set_builtin listing
		return r.write(variant, r.setListing())
	}
	if r.localDashListed(variant, o) {
		// local - is a local variable named "-" in bash, which sorts
		// first and has no value to show
		sb.WriteString("local -\n")
	}
	for _, n := range names {
		v := r.listValue(n)
		if v == nil || !filter(v) {
			continue
		}
		if variant == "local" && len(r.vars.frames) > 0 && !r.localHere(n) {
			continue
		}
		pattr := ""
		if variant == "export" || variant == "readonly" {
			pattr = variant
		}
		if variant == "local" && o.funcNames && v.kind != kIndexed && v.kind != kAssoc {
			// local -F: bash's nodefs, a scalar's attributes without
			// its value (arrays are printed whole)
			cp := *v
			cp.set = false
			v = &cp
		}
		sb.WriteString(r.declareLine(n, v, pattr))
		sb.WriteByte('\n')
	}
	return r.declListingWrite(variant, sb.String())
}

// declListingWrite writes the listing of a declaration without names.
// declare, typeset and local report a write error but succeed: bash's
// listing loop checks each line (sh_chkwrite) and its status is dropped,
// the final check finding the error cleared; export and readonly return
// it.
func (r *Runner) declListingWrite(variant, s string) int {
	st := r.write(variant, s)
	if st == 1 && variant != "export" && variant != "readonly" {
		return 0
	}
	return st
}

// declarePrint is declare -p NAME….
// declPrintCompound makes the variables of the name=(…) words of a
// declare -p before anything is printed: bash assigns a compound array
// argument of a declaration command while it expands the words (its
// expand_declaration_argument), through an internal declare that gets
// only the options shaping the value (-a -A -g -i -l -u -c), and leaves
// the builtin the bare name, which -p then prints.
func (r *Runner) declPrintCompound(variant string, args []declArg, o declOpts, local bool) int {
	po := declOpts{array: o.array, assoc: o.assoc, global: o.global, inherit: o.inherit,
		set: o.set & (aInteger | aLower | aUpper | aCapital)}
	for _, a := range args {
		as := a.assign
		if as == nil || as.Naked || as.Array == nil || as.Index != nil {
			continue
		}
		if _, err := r.declareOne(variant, a, po, local); err != nil {
			// a failed internal declare abandons the command line
			// (DISCARD), its error reported without a builtin's prefix
			if err != errDeclFailed {
				if we, ok := err.(*declWordError); ok {
					err = we.err
				}
				if ee, ok := err.(*expandError); ok && ee.fatal {
					// set -u: an unbound variable in the value
					// ends the shell, as in any word
					r.expansionError(err)
					return 1
				}
				r.printErr(err)
			}
			r.exit, r.flow = 1, flowAbort
			r.topUnwind(err)
			return 1
		}
	}
	return 0
}

func (r *Runner) declarePrint(variant string, args []declArg) int {
	status := 0
	var sb strings.Builder
	for _, a := range args {
		name := a.text
		if a.assign != nil {
			name = a.assign.Name.Value
		}
		v := r.lookup(name)
		switch {
		case name == "-":
			// only local - makes a variable of that name, with no
			// value; $- is not one
			v = nil
			if r.localDashVisible() {
				v = &variable{kind: kString}
			}
		case name != "" && !validName(name):
			// special parameters ($?, $1 …) are not variables
			v = nil
		case v != nil && v.removedMarker():
			v = nil
		case v != nil && variant == "local" && !r.localHere(name):
			// bash's show_localname_attributes: only a local of the
			// function running, not one of a caller's
			v = nil
		}
		if a.assign != nil && a.assign.Index != nil {
			// declare -p a[0]: bash looks the word (expanded) up as a
			// name, which it is not
			sub := r.nodeText(a.assign.Index)
			if w, ok := a.assign.Index.(*syntax.Word); ok {
				if t, err := r.declValue(w); err == nil {
					sub = t
				}
			}
			name += "[" + sub + "]"
			v = nil
		}
		if as := a.assign; as != nil && !as.Naked && as.Array == nil {
			// declare -p x=1: bash looks the whole word up as a name
			// (a name=(…) word was assigned first, by declPrintCompound)
			val, err := r.declValue(as.Value)
			if err != nil {
				r.expansionError(err)
				return 1
			}
			op := "="
			if as.Append {
				op = "+="
			}
			name += op + val
			v = nil
		}
		if v == nil {
			// bash flushes what it printed before reporting the error
			if sb.Len() > 0 {
				if st := r.write(variant, sb.String()); st != 0 {
					return st
				}
				sb.Reset()
			}
			r.bErr(variant, "%s: not found", name)
			status = 1
			continue
		}
		sb.WriteString(r.declareLine(name, v, ""))
		sb.WriteByte('\n')
	}
	if st := r.write(variant, sb.String()); st != 0 {
		return st
	}
	return status
}

// declareLine formats one variable as declare -p does.
// declareLine formats a variable as declare -p prints it. pattr names
// the listing builtin (export or readonly, "" for declare): in POSIX mode
// their listings read "export NAME=…", with only -a/-A as flags.
func (r *Runner) declareLine(name string, v *variable, pattr string) string {
	flags := attrFlags(v)
	if flags == "" {
		flags = "-"
	}
	prefix := "declare -" + flags + " "
	if pattr != "" && r.opts.on(optPosix) {
		switch v.kind {
		case kIndexed:
			prefix = pattr + " -a "
		case kAssoc:
			prefix = pattr + " -A "
		default:
			prefix = pattr + " "
		}
	}
	if !v.set {
		return prefix + name
	}
	if v.kind == kIndexed || v.kind == kAssoc {
		return prefix + name + "=" + r.q().arrayList(v)
	}
	return prefix + name + "=" + r.q().dquote(v.str)
}

// arrayList formats the elements of an indexed or associative array as
// declare -p and set list them: ([0]="a" [1]="b") or ([k]="v" ).
func (q quoter) arrayList(v *variable) string {
	var sb strings.Builder
	sb.WriteByte('(')
	if v.kind == kAssoc {
		for _, k := range v.assoc.keys() {
			sb.WriteString("[" + q.assocKey(k) + "]=" + q.dquote(v.assoc.m[k]) + " ")
		}
	} else {
		for p := range v.arr.vals {
			if p > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString("[" + itoa(int64(v.arr.index(p))) + "]=" + q.dquote(v.arr.vals[p]))
		}
	}
	sb.WriteByte(')')
	return sb.String()
}

// assocKey quotes an associative array's key for declare -p.
func (q quoter) assocKey(k string) string {
	if k == "" || k == "@" || k == "*" || containsShellMetas(k) || q.needsANSI(k) {
		return q.dquote(k)
	}
	return k
}

// setLine formats a variable as `set` lists it.
func (r *Runner) setLine(name string, v *variable) string {
	if v.kind == kIndexed || v.kind == kAssoc {
		return name + "=" + r.q().arrayList(v) + "\n"
	}
	val := v.str
	if val == "" {
		return name + "=\n"
	}
	// POSIX mode does not use $'…' (print_var_value): a value with
	// nonprinting characters is single-quoted, or printed as it is
	if q := r.q(); q.needsANSI(val) && !r.opts.on(optPosix) {
		return name + "=" + q.ansi(val) + "\n"
	}
	if containsShellMetas(val) {
		return name + "=" + singleQuote(val) + "\n"
	}
	return name + "=" + val + "\n"
}

func (r *Runner) declareFuncs(variant string, o declOpts, rest []declArg) int {
	var sb strings.Builder
	status := 0
	if len(rest) == 0 {
		names := make([]string, 0, len(r.funcs))
		for n := range r.funcs {
			names = append(names, n)
		}
		sort.Strings(names)
		// declare -[fF] -[rtx]: the functions with any of those
		// attributes, each followed by the declare that sets them
		filter := o.set & (aExport | aReadonly | aTrace)
		// export -n and readonly -n list by their own attribute too:
		// bash's set_or_show_attributes ignores undo without names
		switch variant {
		case "export":
			filter |= aExport
		case "readonly":
			filter |= aReadonly
		}
		// bash's set_or_show_attributes lists the functions with any
		// of the attributes: none is an array or has another attribute
		none := o.array || o.assoc || filter == 0 && (o.set != 0 || o.nameref)
		for _, n := range names {
			f := r.funcs[n]
			if none || filter != 0 && !(filter&aExport != 0 && f.export || filter&aReadonly != 0 && r.readonlyFuncs[n] || filter&aTrace != 0 && f.trace) {
				continue
			}
			switch {
			case (variant == "readonly" || variant == "export") && r.opts.on(optPosix):
				// bash's show_var_attributes: a POSIX readonly or
				// export lists no definitions, nor other attributes
				sb.WriteString(variant + " -f " + n + "\n")
			case o.funcNames:
				sb.WriteString("declare -f" + funcFlags(r, f) + " " + n + "\n")
			default:
				// each followed by the declare that sets its
				// attributes, when it has any
				sb.WriteString(r.funcText(f))
				if fl := funcFlags(r, f); fl != "" {
					sb.WriteString("declare -f" + fl + " " + n + "\n")
				}
			}
		}
		return r.declListingWrite(variant, sb.String())
	}
	if !o.print && (variant == "declare" || variant == "typeset" || variant == "local") {
		// option combinations bash refuses with -f, reported as its
		// sh_invalidopt does (no usage line)
		bad := ""
		switch {
		case o.nameref:
			bad = "-n"
		case o.set&aInteger != 0:
			bad = "-i"
		case o.assoc:
			bad = "-A"
		case o.array:
			bad = "-a"
		}
		if bad != "" {
			r.bErr(variant, "%s: invalid option", bad)
			return 1
		}
	}
	for _, a := range rest {
		name := a.text
		if a.assign != nil {
			name = a.assign.Name.Value
		}
		if a.assign != nil && !a.assign.Naked || a.assign == nil && assignWordEq(a.text) > 0 {
			if variant != "export" && variant != "readonly" && !o.print {
				r.bErr(variant, "cannot use `-f' to make functions")
				return 1
			}
			if a.assign != nil {
				// the word is the name: function e=f { …; }
				name = r.declWordShown(a)
			}
		}
		if word := r.declFuncWord(a, name); r.opts.on(optPosix) && variant != "export" && variant != "readonly" && !o.print && !validName(word) {
			// bash's declare -f in POSIX mode takes legal
			// identifiers only, even for a function defined before
			r.bErr(variant, "`%s': not a valid identifier", word)
			status = 1
			continue
		}
		f := r.funcs[name]
		if f != nil && r.readonlyFuncs[name] && o.unset&aReadonly != 0 {
			r.bErr(variant, "%s: readonly function", name)
			status = 1
			continue
		}
		if f == nil {
			// the word as given, value and all (export -f x=1)
			shown := r.declFuncWord(a, name)
			if o.print && variant != "export" && variant != "readonly" {
				// declare -fp NAME reports it, as the variables do
				// what is printed so far comes first
				if sb.Len() > 0 {
					r.write(variant, sb.String())
					sb.Reset()
				}
				r.bErr(variant, "%s: not found", shown)
				status = 1
				continue
			}
			if o.funcNames || variant == "declare" || variant == "typeset" {
				status = 1
				continue
			}
			r.bErr(variant, "%s: not a function", shown)
			status = 1
			continue
		}
		switch {
		case variant == "export" && !o.unexport && strings.ContainsAny(name, "/="):
			// bash's exportable_function_name: the name could not be
			// read back from the environment as a function
			r.bErr(variant, "%s: cannot export", name)
			status = 1
		case variant == "export":
			r.ownFunc(name).export = !o.unexport
		case variant == "readonly":
			if r.readonlyFuncs == nil {
				r.readonlyFuncs = map[string]bool{}
			}
			r.readonlyFuncs[name] = true
		case o.funcNames && o.print:
			sb.WriteString("declare -f" + funcFlags(r, f) + " " + name + "\n")
		case !o.print && (o.set != 0 || o.unset != 0):
			// declare -[fF] -[rtx] / +[tx] NAME changes attributes, prints
			// nothing (bash prints only for -f or -F alone)
			if o.set&(aTrace|aExport) != 0 || o.unset&(aExport|aTrace) != 0 {
				g := r.ownFunc(name)
				g.trace = (g.trace || o.set&aTrace != 0) && o.unset&aTrace == 0
				g.export = (g.export || o.set&aExport != 0) && o.unset&aExport == 0
			}
			if o.set&aReadonly != 0 {
				if r.readonlyFuncs == nil {
					r.readonlyFuncs = map[string]bool{}
				}
				r.readonlyFuncs[name] = true
			}
		case o.funcNames && r.opts.sh(shExtdebug):
			// extdebug: the name, the line of the definition and its file
			sb.WriteString(name + " " + itoa(int64(f.line)) + " " + f.source + "\n")
		case o.funcNames:
			// bash checks each name's line (sh_chkwrite)
			status = max(status, r.writeListed(variant, &sb, name+"\n"))
		case o.print:
			// declare -fp NAME (other attribute options are ignored):
			// the definition, then the declare that sets its attributes
			sb.WriteString(r.funcText(f))
			if fl := funcFlags(r, f); fl != "" {
				sb.WriteString("declare -f" + fl + " " + name + "\n")
			}
		default:
			status = max(status, r.writeListed(variant, &sb, r.funcText(f)))
		}
	}
	if st := r.write(variant, sb.String()); st != 0 {
		return st
	}
	return status
}

// writeListed writes s after what sb holds, at once and checked, as
// bash's declare -f/-F NAME does for each name, and returns the write's
// status.
func (r *Runner) writeListed(variant string, sb *strings.Builder, s string) int {
	sb.WriteString(s)
	st := r.write(variant, sb.String())
	sb.Reset()
	return st
}

func funcFlags(r *Runner, f *funcDef) string {
	s := ""
	if r.readonlyFuncs[f.name] {
		s += "r"
	}
	if f.trace {
		s += "t"
	}
	if f.export {
		s += "x"
	}
	return s
}

func (r *Runner) listFuncs(sb *strings.Builder) {
	names := make([]string, 0, len(r.funcs))
	for n := range r.funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		sb.WriteString(r.funcText(r.funcs[n]))
	}
}

// declCompoundsFirst carries out the compound assignments (name=(…)) of
// c, a declaration command that calls a function, and returns c with
// each replaced by its name alone: bash's parser marked them for the
// builtin the name denotes, and its expansion of the words makes them
// with an internal declare whatever the command turns out to be
// (expand_declaration_argument), so the function gets the names. ok is
// false when one failed and the command line is dropped.
func (r *Runner) declCompoundsFirst(c *syntax.DeclClause) (*syntax.DeclClause, bool) {
	var cp *syntax.DeclClause
	var before []declArg // the option words before, as written
	for i, a := range c.Args {
		if a.Array == nil || a.Index != nil || a.Name == nil {
			if a.Naked && a.Name == nil && a.Value != nil {
				if text, lit := plainLit(a.Value); lit {
					before = append(before, declArg{text: text})
					continue
				}
			}
			before = append(before, declArg{assign: a})
			continue
		}
		if ok, _, _ := r.declCompoundNow(c.Variant.Value, before, declArg{assign: a}); !ok {
			return nil, false
		}
		if cp == nil {
			dup := *c
			dup.Args = append([]*syntax.Assign(nil), c.Args...)
			cp = &dup
		}
		cp.Args[i] = &syntax.Assign{Naked: true, Name: a.Name}
		before = append(before, declArg{text: a.Name.Value})
	}
	if cp == nil {
		return c, true
	}
	return cp, true
}

// declAsCall is the declaration command as the simple command its words
// make, for a call of a function of the same name; ok is false for an
// argument that is not a plain word or name=word (an array literal).
func declAsCall(c *syntax.DeclClause) (*syntax.CallExpr, bool) {
	ce := &syntax.CallExpr{Args: []*syntax.Word{{Parts: []syntax.WordPart{c.Variant}}}}
	for _, a := range c.Args {
		switch {
		case a.Array != nil || a.Index != nil:
			return nil, false
		case a.Naked && a.Name == nil:
			ce.Args = append(ce.Args, a.Value)
		case a.Naked:
			ce.Args = append(ce.Args, &syntax.Word{Parts: []syntax.WordPart{a.Name}})
		default:
			op := "="
			if a.Append {
				op = "+="
			}
			w := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: a.Name.ValuePos, ValueEnd: a.Name.ValueEnd, Value: a.Name.Value + op}}}
			if a.Value != nil {
				w.Parts = append(w.Parts, a.Value.Parts...)
			}
			ce.Args = append(ce.Args, w)
		}
	}
	return ce, true
}

// inheritLocal makes the new local v a copy of old, the variable it
// shadows, as bash's make_local_variable does under localvar_inherit or
// local -I: value and attributes, but not the nameref attribute.
func inheritLocal(v, old *variable) {
	*v = *old.clone(v.gen)
	v.local = true
	if v.kind == kNameRef {
		v.kind = kString
	}
}
