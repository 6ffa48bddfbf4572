package interp

import (
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// call runs a simple command: expansion, redirections, assignments, then
// a function, builtin or external program.
func (r *Runner) call(c *syntax.CallExpr, st *syntax.Stmt) {
	r.specialFailed = false // (bash resets it for every simple command)
	// element assignments left by a command given up are not reported
	// (a subshell runner may share the old array: not reused)
	r.envElemLate = nil
	var redirs []*syntax.Redirect
	if st != nil {
		redirs = st.Redirs
	}
	r.line = r.lineAt(simpleLine(c, redirs, r.curSrc))
	// inside a trap handler $BASH_COMMAND stays the command that was
	// running when the trap fired, but the DEBUG trap still runs before
	// each command of handlers other than its own
	if !r.inTrap {
		r.bashCmd = cmdText{call: c, redirs: redirs, src: r.curSrc}
	}
	if r.debugDone == syntax.Command(c) {
		r.debugDone = nil
		if r.debugSkip {
			r.debugSkip = false
			r.exit = 0
			return
		}
	} else if !r.inDebug && r.traps.has("DEBUG") {
		skip, _ := r.debugTrap()
		if r.flow != flowNone {
			return
		}
		if skip {
			r.exit = 0
			return
		}
	}
	c = r.envElemCall(c) // may leave only assignments
	if r.flow != flowNone {
		return
	}
	if len(c.Args) == 0 {
		r.flushEnvElems(-1)
		r.assignOnly(c, redirs)
		r.noteLocale()
		return
	}
	if r.opts.on(optKeyword) && len(c.Args) > 1 {
		c = keywordAssigns(c)
	}
	r.lastSubStatus = -1
	var args []string
	var err error
	var refs map[string]bool
	if d := r.posixCommandDecl(c.Args); d > 0 {
		args, refs, err = r.commandDeclFields(c.Args, d)
	} else if r.literalDeclCall(c.Args) {
		args, refs, err = r.commandDeclFields(c.Args, 0)
	} else if arrayRefCommand(c.Args) {
		args, refs, err = r.arrayRefFields(c.Args)
	} else {
		args, err = r.fields(c.Args)
	}
	defer func() { r.thisCmd = "" }()
	if err != nil {
		r.expansionError(err)
		return
	}
	if r.flow == flowExit {
		return // a signal ended the shell during a substitution's wait
	}
	if len(args) > 0 {
		r.thisCmd = args[0]
	}
	if len(args) == 0 {
		// the words expanded to nothing: assignments apply to the shell;
		// bash expands them after the words, so the status of a command
		// substitution in them is the last one
		st := r.lastSubStatus
		r.flushEnvElems(-1)
		r.assignOnly(c, redirs)
		r.noteLocale()
		if r.flow == flowNone && r.exit == 0 && st > 0 && r.lastSubStatus < 0 {
			r.exit = st
		}
		return
	}
	if r.opts.sh(shExpandAliases) && len(r.aliases) > 0 && len(r.envElemLate) == 0 {
		if done := r.tryAlias(c, st, args); done {
			return
		}
	}
	oldRefs := r.arrayRefArgs
	r.arrayRefArgs = refs
	r.runArgs(c, args, redirs)
	r.arrayRefArgs = oldRefs
	r.noteLocale()
}

// keywordAssigns implements set -k: words after the command name that
// have the form of an assignment become assignments of the command. It
// returns c itself when there are none, else a copy.
func keywordAssigns(c *syntax.CallExpr) *syntax.CallExpr {
	var cp *syntax.CallExpr
	for i, w := range c.Args {
		if i == 0 {
			continue
		}
		lit, ok := w.Parts[0].(*syntax.Lit)
		if !ok {
			continue
		}
		name, app, eq := keywordAssignEq(lit.Value)
		if eq < 0 {
			continue
		}
		if cp == nil {
			cp = &syntax.CallExpr{Assigns: append([]*syntax.Assign(nil), c.Assigns...), Args: append([]*syntax.Word(nil), c.Args[:i]...)}
		}
		val := &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[eq+1:]}}, w.Parts[1:]...)}
		cp.Assigns = append(cp.Assigns, &syntax.Assign{Append: app, Name: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValuePos, Value: name}, Value: val})
	}
	if cp == nil {
		return c
	}
	for i, w := range c.Args {
		if i < len(cp.Args) {
			continue
		}
		if lit, ok := w.Parts[0].(*syntax.Lit); ok {
			if _, _, eq := keywordAssignEq(lit.Value); eq >= 0 {
				continue
			}
		}
		cp.Args = append(cp.Args, w)
	}
	return cp
}

// keywordAssignEq reports where the "=" of s, the literal start of a
// word, makes the word an assignment set -k takes (assignWordEq's
// name=value or name+=value; one with a subscript is left as a word),
// with the name and whether it appends; eq is -1 when it is none.
func keywordAssignEq(s string) (name string, app bool, eq int) {
	eq = assignWordEq(s)
	if eq < 0 || strings.IndexByte(s[:eq], '[') >= 0 {
		return "", false, -1
	}
	name, app = strings.CutSuffix(s[:eq], "+")
	return name, app, eq
}

// runArgs runs an expanded command line with c's assignments and the
// given redirections.
func (r *Runner) runArgs(c *syntax.CallExpr, args []string, redirs []*syntax.Redirect) {
	name := args[0]
	traced := args // as written: a job spec run as fg is traced as itself
	if name != "" && name[0] == '%' && r.forkedSimple != syntax.Command(c) && !(r.async && r.forkedFor == syntax.Command(c)) {
		// a job spec as a command is fg, or bg for an asynchronous one
		// (jobspecbg.go), with the words as its arguments
		// (execute_simple_command), unless the command is forked for
		// itself, as a pipeline element or an asynchronous command: one
		// in a { } or ( ) element, and lastpipe's last, is not
		verb := "fg"
		if r.specBg {
			verb = "bg"
		}
		if bi := r.enabledBuiltin(verb); bi != nil {
			args = append([]string{verb}, args...)
			name = verb
			// run before the command's redirections are made, which
			// it then never makes
			redirs = nil
		}
	}
	info := &ExecInfo{Argv: args, Dir: r.dir, Nesting: r.nesting, Line: r.line, Pipeline: r.pipePos}
	kind, fn, bi := r.resolve(name)
	r.namedCmds++
	switch kind {
	case cmdFunction:
		info.Function = true
	case cmdBuiltin, cmdSpecial:
		info.Builtin = true
	case cmdExternal:
		info.Path = fn.path
	}
	oldPre := r.prefixVals
	defer func() { r.prefixVals = oldPre }()
	r.prefixVals = nil
	pre, assignsTraced, ok := r.expandPrefix(c, r.opts.on(optXtrace))
	if !ok {
		if kind == cmdSpecial && r.flow == flowAbort && r.opts.on(optPosix) && !r.isInteractive() {
			// a failed assignment before a special builtin ends a
			// POSIX shell (bash discards the command line only
			// before another command): FORCE_EOF, 127 for a -c
			// string
			r.exit = 1
			r.forceEOFUnreported(1)
		}
		return
	}
	r.prefixVals = pre
	r.stageExpanding = false
	if r.opts.on(optXtrace) {
		// traced before a pipeline stage's builtin or function raises
		// $BASH_SUBSHELL (execute_simple_command's xtrace comes first)
		r.traceCall(c, traced, assignsTraced, kind == cmdExternal)
		if r.flow == flowExit {
			return // the trace's write ended the subshell (SIGPIPE)
		}
	}
	if (kind == cmdExternal || kind == cmdNotFound) && r.autocd(name, fn.path) {
		// bash's autocd: cd to it, the words traced without PS4 whether
		// or not xtrace is on (xtrace_print_word_list's flags 0), and a
		// cd function runs if there is one
		args = append([]string{"cd", "--"}, args...)
		name = "cd"
		r.traceWrite(r.traceWords(args))
		kind, fn, bi = r.resolve(name)
		info.Argv, info.Path = args, ""
		info.Function, info.Builtin = kind == cmdFunction, kind == cmdBuiltin
	}
	if !r.isSub {
		r.sh.lastBuiltin, r.sh.thisBuiltin = r.sh.thisBuiltin, ""
		if kind == cmdBuiltin || kind == cmdSpecial {
			r.sh.thisBuiltin = name
		}
	}
	if kind != cmdExternal {
		r.raiseStageLevel(c)
		if kind == cmdFunction {
			// the function's commands are not the stage's own
			r.simpleStageLevel = false
		}
	}
	r.flushEnvElems(-1)
	// bash binds $_ once the command is done: a function body and a
	// builtin listing still see the previous command's. A command that
	// exits the shell or returns never gets there (bash longjmps past
	// bind_lastarg): an EXIT trap sees the command before it. exec's
	// keepRedirs is for this command's own redirections alone: when it
	// had none, the next redirected command (or the eval, function or
	// group around it) must not keep its redirections
	defer func(last string) {
		r.keepRedirs = false
		if r.flow != flowExit && r.flow != flowReturn {
			r.lastArg, r.lastArgEnv = last, false
		}
	}(lastWordAfter(kind, args))
	gate := r.sh.gate
	if gate != nil {
		info.Tainted = r.taintedValues(c)
		info.Start = time.Now()
		v := r.gateStart(info)
		if v.Deny {
			status := v.Status
			if status == 0 {
				status = 126
			}
			msg := v.Message
			if msg == "" {
				msg = name + ": denied by policy"
			}
			r.errorf("%s", msg)
			r.exit = status
			r.gateEnd(info, ExecResult{Status: status, Denied: true})
			return
		}
	}
	r.curCmd = info
	var res ExecResult
	run := func() {
		switch kind {
		case cmdFunction:
			r.withTempAssigns(c, true, func() { r.callFunc(fn.fn, args) })
		case cmdSpecial:
			// bash binds a special builtin's prefix assignments as
			// temporary variables, as any builtin's; in POSIX mode it
			// then keeps them (see posixtoggle.go)
			posix := r.opts.on(optPosix)
			var kept []keptTemp
			r.specialUsage, r.specialNow = false, false
			r.withTempAssigns(c, false, func() {
				r.exit = r.runTempBuiltin(bi, args, len(c.Assigns) > 0)
				if r.opts.on(optPosix) && (posix || name != "set" && posixToggler(name)) {
					kept = r.tempValues(c.Assigns)
					// merged, not disposed of: no locale
					// comes back in between (sv_locale)
					r.tempMerged = len(kept) > 0
				}
			})
			r.keepTemps(kept)
			if kept != nil && !tempOwnScope(name) {
				// eval, source and unset bind them in a builtin
				// scope that never propagates (push_builtin_var)
				r.markPosixPropagate(c.Assigns)
			}
			if posix && r.opts.on(optPosix) && r.specialUsage && !r.isInteractive() && r.flow == flowNone {
				// a usage or syntax error in a special builtin
				// ends a POSIX shell: one in POSIX mode both when
				// the builtin was looked up (bash's
				// builtin_is_special) and when it returned (the
				// check of special_builtin_failed), so "set -o
				// posix -o bad" and "set +o posix -o bad" go on
				r.specialUsageEnds()
			}
		case cmdBuiltin:
			r.withTempAssigns(c, false, func() { r.exit = r.runTempBuiltin(bi, args, len(c.Assigns) > 0) })
		case cmdExternal:
			if r.restrictedPath("command", name) {
				r.exit = 1
				return
			}
			env, ok := r.prefixEnv(c)
			if !ok {
				return
			}
			if p, has := r.prefixPathLookup(c, name, env); has {
				if p == "" {
					r.localeAfterTemp(c)
					r.notFound(name)
					return
				}
				fn.path, info.Path = p, p
			}
			// bash's parent disposes of the temporary environment
			// (sv_locale again) as soon as it has forked; a pipeline
			// part, an asynchronous command or the last command of
			// a ( ) is exec'd by the child bash forked already
			if t := r.tail; r.forkedFor != syntax.Command(c) && (t == nil || t.stmt == nil || t.stmt.Cmd != syntax.Command(c) || len(t.stmt.Redirs) > 0) {
				r.localeAfterTemp(c)
			}
			res = r.runExternal(fn.path, args, env, info)
		default:
			if h := r.funcs["command_not_found_handle"]; h != nil {
				// bash calls the handler in the child it forked for
				// the command, with the prefix assignments in place;
				// it made them before forking, so a readonly one is
				// reported (and aborts in POSIX mode) here
				cc := &syntax.CallExpr{Args: c.Args}
				for _, a := range c.Assigns {
					if p, ok := r.prefixVal(a); ok && p.readonly {
						continue
					}
					if a.Name != nil {
						if v := r.vars.get(a.Name.Value); v != nil && v.attrs&aReadonly != 0 {
							if r.tempReadonly(a.Name.Value) {
								return
							}
							continue
						}
					}
					cc.Assigns = append(cc.Assigns, a)
				}
				hargs := append([]string{"command_not_found_handle"}, args...)
				pre := r.prefixVals
				r.subshell(func(sub *Runner) {
					sub.prefixVals = pre
					sub.withTempAssigns(cc, true, func() { sub.callFunc(h, hargs) })
				}, "subshell")
				return
			}
			// bash expands and assigns the prefix assignments (in the
			// child) before it finds there is no such command
			env, ok := r.prefixEnv(c)
			if !ok {
				return
			}
			if p, _ := r.prefixPathLookup(c, name, env); p != "" {
				// found in the PATH given to this command alone
				r.localeAfterTemp(c)
				info.Path = p
				res = r.runExternal(p, args, env, info)
				return
			}
			r.localeAfterTemp(c)
			r.notFound(name)
		}
	}
	if len(redirs) > 0 && kind == cmdExternal {
		// bash reports a program's death by a signal once the
		// command's redirections are undone (noticeFds)
		r.noticeFds = r.fds
	}
	if len(redirs) > 0 && kind == cmdExternal && redirSideEffects(redirs) {
		// expanded in the child bash forks (redir_child.go), whose
		// RANDOM generator is its own, reseeded at its first draw
		vars, rs, seeded := r.vars, r.randState, r.randSeeded
		r.vars, r.randSeeded = vars.fork(), false
		r.withRedirs(redirs, info, run)
		r.vars, r.randState, r.randSeeded = vars, rs, seeded
		r.noticeFds = nil
	} else if len(redirs) > 0 {
		if len(c.Assigns) > 0 {
			r.preRedirFds = r.fds // for withTempAssigns
		}
		r.withRedirs(redirs, info, run)
		r.preRedirFds, r.noticeFds = nil, nil
	} else {
		run()
	}
	r.curCmd = nil
	r.stageGo.fire() // a builtin or function returned, or nothing ran
	if gate != nil {
		res.Status = r.exit
		res.Duration = time.Since(info.Start)
		r.gateEnd(info, res)
	}
}

// prefixPathLookup searches for name in the PATH that a prefix
// assignment gives this command alone (PATH=dir cmd), as bash's
// search_for_command sees the temporary environment; has is false when
// there is no such assignment (or the name has a slash).
func (r *Runner) prefixPathLookup(c *syntax.CallExpr, name string, env []string) (path string, has bool) {
	if strings.IndexByte(name, '/') >= 0 {
		return "", false
	}
	assigned := false
	for _, a := range c.Assigns {
		if a.Name != nil && a.Name.Value == "PATH" && a.Array == nil && a.Index == nil {
			assigned = true
		}
	}
	if !assigned {
		return "", false
	}
	for i := len(env) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(env[i], "PATH="); ok {
			return findInPath(r, name, v), true
		}
	}
	return "", false
}

func (r *Runner) notFound(name string) {
	r.childMsg, r.childPiped = true, false
	if strings.IndexByte(name, '/') >= 0 {
		r.errorf("%s: No such file or directory", name)
	} else {
		r.errorf("%s: command not found", r.q().filename(name))
	}
	r.exit = 127
	if r.childPiped {
		r.exit = 128 + int(syscall.SIGPIPE) // the child bash forked for it died
	}
	r.childMsg, r.childPiped = false, false
}

type cmdKind uint8

const (
	cmdNotFound cmdKind = iota
	cmdFunction
	cmdSpecial
	cmdBuiltin
	cmdExternal
)

type resolved struct {
	fn   *funcDef
	path string
}

// resolve finds what name runs, in bash's order: special builtins (in
// POSIX mode), functions, builtins, then PATH.
func (r *Runner) resolve(name string) (cmdKind, resolved, builtinFunc) {
	if r.posixSpecial(name) {
		return cmdSpecial, resolved{}, r.enabledBuiltin(name)
	}
	if f := r.funcs[name]; f != nil {
		return cmdFunction, resolved{fn: f}, nil
	}
	if bi := r.enabledBuiltin(name); bi != nil {
		if isSpecialBuiltin(name) {
			return cmdSpecial, resolved{}, bi
		}
		return cmdBuiltin, resolved{}, bi
	}
	if p := r.lookPath(name); p != "" {
		return cmdExternal, resolved{path: p}, nil
	}
	if v := r.lookup("PATH"); v == nil || !v.set || v.value() == "" {
		// with PATH unset or empty bash runs the name from the current
		// directory, failing with "No such file or directory"
		return cmdExternal, resolved{path: name}, nil
	}
	return cmdNotFound, resolved{}, nil
}

// posixSpecial reports whether name is a special builtin that POSIX
// mode finds before functions and will not let a function be named
// after: bash's find_special_builtin, which skips one enable -n turned off.
func (r *Runner) posixSpecial(name string) bool {
	return r.opts.on(optPosix) && isSpecialBuiltin(name) && r.enabledBuiltin(name) != nil
}

func isSpecialBuiltin(name string) bool {
	switch name {
	case "break", ":", ".", "continue", "eval", "exec", "exit", "export",
		"readonly", "return", "set", "shift", "trap", "unset", "source", "times":
		return true
	}
	return false
}

// assignOnly performs a command's assignments on the shell itself.
func (r *Runner) assignOnly(c *syntax.CallExpr, redirs []*syntax.Redirect) {
	defer func() { r.lastArg, r.lastArgEnv = "", false }() // bash binds $_ to nothing after it
	r.lastSubStatus = -1
	// bash names no command in an assignment's errors, whatever ran
	// before ((( 1 )); r=1x with r a nameref)
	r.thisCmd = ""
	// bash performs the assignments before the redirections here, so
	// an assignment error goes to the unredirected stderr
	if r.opts.on(optXtrace) {
		// each assignment is traced once its value is expanded
		for i := range c.Assigns {
			// bash prints the trace before it assigns: PS4 sees the
			// old values. PS4 is expanded once, when the line is
			// printed (set -u: one error for an unset variable in it)
			var pfx string
			r.xtracePin = r.traceFD() + 1 // BASH_XTRACEFD=n: traced where the old value says
			one := c.Assigns[i : i+1]
			traced := false
			if one[0].Array == nil {
				r.assignTrace = one[0]
				r.assignTraceFn = func() {
					// expanded, not yet bound: $? in PS4 is that of
					// a command substitution in the value
					traced, pfx = true, r.tracePrefix()
					r.traceAssignsWith(&pfx, one)
				}
			} else {
				// a compound assignment is traced as written, first
				pfx = r.tracePrefix()
				r.traceAssignsWith(&pfx, one)
				traced = true
			}
			ok := r.assignList(one, false)
			if r.assignTrace != nil {
				// never expanded: bash has nothing to trace
				r.assignTrace, r.assignTraceFn, traced = nil, nil, true
			}
			if !traced {
				pfx = r.tracePrefix()
				r.traceAssignsWith(&pfx, one)
			}
			r.xtracePin = 0
			if !ok {
				return
			}
		}
	} else if !r.assignList(c.Assigns, false) {
		return
	}
	status := 0
	if r.lastSubStatus >= 0 {
		status = r.lastSubStatus
	}
	r.exit = status
	if len(redirs) > 0 {
		r.withRedirs(redirs, nil, func() { r.exit = status })
	}
}

// assignList applies assignments; it reports false (after reporting the
// error and setting the flow) when one failed.
func (r *Runner) assignList(as []*syntax.Assign, local bool) bool {
	for _, a := range as {
		if err := r.assign(a, 0); err != nil {
			if ee, ok := err.(*expandError); ok {
				r.expansionError(err)
				if ee.badTarget && r.flow == flowAbort && r.opts.on(optPosix) && r.inCommandBuiltin == 0 && !r.isInteractive() {
					// a failed assignment, as below
					r.forceEOF(1)
				}
				return false
			}
			if r.reportErr(err); r.flow == flowExit {
				return false // report_error under set -e
			}
			r.exit = 1
			// bash abandons the rest of the line after an assignment
			// error in a plain assignment statement (DISCARD, in an
			// interactive shell too)
			r.flow = flowAbort
			r.topUnwind(err)
			// an arithmetic error (in a subscript or an integer
			// variable's value) jumps to the top level with DISCARD
			// before bash's POSIX-mode FORCE_EOF for a failed
			// assignment (array_expand_index, evalexp)
			var ae *arithError
			if r.opts.on(optPosix) && r.inCommandBuiltin == 0 && !errors.As(err, &ae) && !r.isInteractive() {
				r.forceEOF(1)
			}
			return false
		}
		if r.opts.on(optAllexport) && a.Name != nil && a.Array == nil && a.Index == nil && bindExports(a.Name.Value) {
			// bash's bind_variable exports what it assigns; a list
			// and an element are assigned without it
			if v := r.vars.get(a.Name.Value); v != nil {
				v = r.vars.own(a.Name.Value)
				v.attrs |= aExport
				r.vars.envDirty = true
			}
		}
	}
	return true
}

func (r *Runner) isInteractive() bool { return r.sh.interactive }

// prefixEnv builds the environment of an external command with prefix
// assignments applied.
func (r *Runner) prefixEnv(c *syntax.CallExpr) ([]string, bool) {
	base := r.childEnv()
	if len(c.Assigns) == 0 {
		return base, true
	}
	over := map[string]string{}
	var order []string
	var saved []tempSaved
	for _, a := range c.Assigns {
		if a.Name == nil {
			continue
		}
		name := a.Name.Value
		val, skip, ok := r.tempAssignValue(a)
		if !ok {
			r.untempAll(saved)
			return nil, false
		}
		if skip {
			continue
		}
		if r.circularRef(name) {
			// bash warns as it looks the name up, then binds it
			if !r.prefixWarned(a) {
				r.errorf("warning: %s: circular name reference", name)
			}
		} else if t := r.resolveRef(name); validName(t) {
			// a reference's temporary value is its target's
			name = t
		}
		if a.Append {
			var err error
			if val, err = r.tempAppend(name, val); err != nil {
				r.expansionError(err)
				r.untempAll(saved)
				return nil, false
			}
		}
		if a.Array != nil || a.Index != nil {
			continue
		}
		if _, seen := over[name]; !seen {
			order = append(order, name)
		}
		over[name] = val
		// later assignments in the same prefix see earlier ones
		saved = append(saved, r.tempScalar(name, val))
	}
	for _, name := range order {
		// an expansion may have assigned one made before it
		// (X= Y=${X:=b} cmd)
		if tv := r.tempVars[name]; tv != nil && tv.set && tv.kind == kString {
			over[name] = tv.str
		}
	}
	r.untempAll(saved)
	// bash's temporary environment comes before the variables, after
	// the environment's invalid entries (envorder.go)
	env := make([]string, 0, len(base)+len(over))
	inv := min(len(r.vars.invalidEnv), len(base))
	env = append(env, base[:inv]...)
	for _, name := range bashHashOrder(order, tempEnvBuckets) {
		env = append(env, name+"="+over[name])
	}
	for _, kv := range base[inv:] {
		i := strings.IndexByte(kv, '=')
		if _, ok := over[kv[:i]]; ok {
			continue
		}
		env = append(env, kv)
	}
	return env, true
}

// tempScalar / untemp implement bash's temporary environment for prefix
// assignments: a binding that shadows the variable until untemp. A
// prefix assignment may be made while another of the same name is in
// place (x=1 f, and inside f: local x; x=2 g): tempScalar returns the
// state it replaced, and untemp puts it back, so undoing them in reverse
// order unwinds any nesting.
type tempSaved struct {
	name            string
	under, tv       *variable
	depth           int
	hadUnder, hadTV bool
	hadDepth        bool
	// shadowed is the temporary variable this one was put over at the
	// same depth (x=1 x=2 cmd, x=1 eval 'x=2 cmd'): they share the
	// binding under them, and untemp reveals the shadowed one
	shadowed *variable
}

func (r *Runner) tempScalar(name, val string) tempSaved {
	if r.temps == nil {
		r.temps = map[string]*variable{}
	}
	if r.tempVars == nil {
		r.tempVars = map[string]*variable{}
	}
	if r.tempDepth == nil {
		r.tempDepth = map[string]int{}
	}
	sv := tempSaved{name: name}
	sv.under, sv.hadUnder = r.temps[name]
	sv.tv, sv.hadTV = r.tempVars[name]
	sv.depth, sv.hadDepth = r.tempDepth[name]
	under := r.vars.m[name]
	if under != nil && under == sv.tv && sv.hadDepth && sv.depth == len(r.vars.frames) {
		// x=1 x=2 cmd: both are over the same binding
		under, sv.shadowed = sv.under, sv.tv
	}
	r.temps[name] = under
	v := &variable{kind: kString, set: true, str: val, attrs: aExport, gen: r.vars.gen, tempEnv: true, born: bornCounter.Add(1)}
	r.vars.m[name] = v
	r.tempVars[name] = v
	r.tempDepth[name] = len(r.vars.frames)
	r.vars.envDirty = true
	if name == "PATH" {
		r.hash = nil // bash's sv_path flushes the hash table
	}
	if name == "GLOBIGNORE" {
		r.syncGlobIgnore()
	}
	return sv
}

// untemp removes the temporary variable tempScalar made, revealing the
// binding under it (which a declaration may have replaced meanwhile, see
// declThroughTemp), and restores what tempScalar saved.
func (r *Runner) untemp(sv tempSaved) {
	name := sv.name
	under, ok := r.temps[name]
	if !ok {
		return
	}
	if name == "PATH" {
		r.hash = nil
	}
	if under == tempRevealed {
		// unset removed the temporary variable: what is bound now
		// stays (unsetTemp)
	} else if sv.shadowed != nil {
		// the binding under both may have changed (x=1 x=2 export x)
		r.vars.m[name] = sv.shadowed
		sv.under = under
	} else if under == nil {
		delete(r.vars.m, name)
	} else {
		r.vars.m[name] = under
	}
	restore(r.temps, name, sv.under, sv.hadUnder)
	restore(r.tempVars, name, sv.tv, sv.hadTV)
	restore(r.tempDepth, name, sv.depth, sv.hadDepth)
	r.vars.envDirty = true
	if name == "GLOBIGNORE" {
		// bash's dispose_used_env_vars sets the variable up again
		r.syncGlobIgnore()
	}
}

// untempAll undoes tempScalar calls in reverse order.
func (r *Runner) untempAll(saved []tempSaved) {
	for i := len(saved) - 1; i >= 0; i-- {
		r.untemp(saved[i])
	}
}

// restore sets m[k] to v, or deletes it when it was absent (had false).
func restore[V any](m map[string]V, k string, v V, had bool) {
	if had {
		m[k] = v
	} else {
		delete(m, k)
	}
}

// withTempAssigns runs fn with c's prefix assignments in place, exported,
// and undoes them afterwards.
func (r *Runner) withTempAssigns(c *syntax.CallExpr, isFunc bool, fn func()) {
	warnFds := r.preRedirFds
	r.preRedirFds = nil
	if len(c.Assigns) == 0 {
		fn()
		return
	}
	if warnFds == nil {
		warnFds = r.fds
	}
	var saved []tempSaved
	for _, a := range c.Assigns {
		if a.Name == nil {
			continue
		}
		name := a.Name.Value
		val, skip, ok := r.tempAssignValue(a)
		if !ok {
			r.untempAll(saved)
			return
		}
		if skip {
			continue
		}
		if r.circularRef(name) {
			// bash warns as it looks the name up, then binds it
			if !r.prefixWarned(a) {
				r.errorf("warning: %s: circular name reference", name)
			}
		} else if t := r.resolveRef(name); validName(t) {
			// a reference's temporary value is its target's
			name = t
		}
		if a.Append {
			var err error
			if val, err = r.tempAppend(name, val); err != nil {
				r.expansionError(err)
				r.untempAll(saved)
				return
			}
		}
		saved = append(saved, r.tempScalar(name, val))
		r.specialRebound(name) // (as assign_in_env calls it)
		if localeVar(name) {
			// bash binds the temporary environment as it expands the
			// words, before the command's redirections: its warning
			// goes to the shell's stderr
			fds := r.fds
			r.fds = warnFds
			r.localeAssigned(name, val)
			r.fds = fds
		}
	}
	fn()
	for i := len(saved) - 1; i >= 0; i-- {
		sv := saved[i]
		n := sv.name
		if prop := r.takePosixPropagate(n); isFunc && prop {
			// bash's push_func_var: a POSIX-mode assignment before a
			// special builtin, or export or readonly (att_propagate),
			// that changed this call's temporary variable passes its
			// value and attributes to the caller's scope
			if v := r.vars.get(n); v != nil && v.set && v.kind == kString {
				val, attrs := v.str, v.attrs&(aExport|aReadonly)
				r.untemp(sv)
				if r.setScalar(n, val, false) == nil && attrs != 0 {
					r.vars.own(n).attrs |= attrs
					r.vars.envDirty = true
				}
				continue
			}
		}
		r.untemp(sv)
		r.specialRebound(n)
	}
	if r.forkedFor != syntax.Command(c) && !r.tempMerged {
		// (the child bash forked for a pipeline element or an
		// asynchronous command exits without disposing of them)
		r.localeAfterTemp(c)
	}
	r.tempMerged = false
}

// markPosixPropagate records, as bash's push_posix_temp_var sets
// att_propagate, the prefix assignments of a special builtin in POSIX
// mode that changed a function call's temporary variable rather than a
// local or global one.
func (r *Runner) markPosixPropagate(as []*syntax.Assign) {
	for _, a := range as {
		if a.Name == nil {
			continue
		}
		n := a.Name.Value
		if _, temp := r.tempVars[n]; !temp {
			continue
		}
		if v := r.vars.get(n); v != nil && !v.local && !slices.Contains(r.posixProp, n) {
			r.posixProp = append(r.posixProp, n)
		}
	}
}

// takePosixPropagate reports whether name was marked by
// markPosixPropagate, and clears the mark.
func (r *Runner) takePosixPropagate(name string) bool {
	i := slices.Index(r.posixProp, name)
	if i < 0 {
		return false
	}
	r.posixProp = append(slices.Clone(r.posixProp[:i]), r.posixProp[i+1:]...)
	return true
}

// callFunc runs a shell function with args (args[0] is its name).
func (r *Runner) callFunc(f *funcDef, args []string) {
	if r.quietTail != nil && r.curStmt == r.quietTail {
		r.quietTail = f.body // a call ending a ( ) ends it with its body
	}
	f.load()
	if t := r.funcTail(f); t != nil {
		defer func(old *execTail) { r.tail = old }(r.tail)
		r.tail = t
	}
	if max := r.funcNestMax(); max > 0 && len(r.calls) >= max || len(r.calls) >= 10000 {
		// bash discards the top-level command (FUNCNEST, or nash's own cap)
		r.errorf("%s: maximum function nesting level exceeded (%d)", f.name, len(r.calls))
		r.exit = 1
		r.flow = flowAbort
		return
	}
	oldParams := r.params
	oldNesting := r.nesting
	oldSrc, oldOff, oldConts, oldContsEnd := r.curSrc, r.lineOff, r.lineConts, r.contsEnd
	oldTop := r.aliasTopSrc
	r.params = args[1:]
	r.calls = append(r.calls, callFrame{funcName: f.name, source: f.source, line: r.line, args: args[1:], body: f.body, noArgv: !r.opts.sh(shExtdebug)})
	r.vars.pushFrame()
	r.nesting = Nesting{Depth: oldNesting.Depth + 1, Kind: r.funcKind(f.name)}
	if f.src != "" {
		r.curSrc = f.src
		if f.aliasesRead {
			r.aliasTopSrc = f.src // the body keeps its definition's aliases
		}
	}
	r.lineOff, r.lineConts, r.contsEnd = f.lineOff, f.lineConts, f.contsEnd
	oldOptind := r.optind
	oldLoop := r.loopDepth
	r.loopDepth = 0
	hidden := r.enterFuncTraps(f)
	r.calls[len(r.calls)-1].hidden = hidden
	skipped := false
	if r.traps.has("DEBUG") && !r.inDebug {
		// a function that inherits the DEBUG trap runs it once more as
		// it starts, with $BASH_COMMAND still the call and $LINENO
		// the line where the body starts; with extdebug a non-zero
		// status skips the body (and the RETURN trap), the function
		// returning that status
		r.line = r.lineAt(int(f.body.Cmd.Pos().Line()))
		var st int
		if skipped, st = r.debugTrap(); skipped && r.flow == flowNone {
			r.exit = st
		}
	}
	oldRetAt, oldEarly := r.retTrapAt, r.retTrapEarly
	r.retTrapAt, r.retTrapEarly = len(r.calls), false
	if r.flow == flowNone && !skipped {
		restore := r.setNoticeLine(int(f.body.Cmd.Pos().Line()))
		r.runFuncBody(f)
		restore()
	}
	earlyTrap := r.retTrapEarly
	r.retTrapAt, r.retTrapEarly = oldRetAt, oldEarly
	if r.flow == flowExit {
		// the exit builtin, report_error and set -e: bash runs the EXIT
		// trap with the function still on the stack (exitTrapAt)
		r.exitTrapAt(atFrame)
	}
	r.loopDepth = oldLoop
	returned := r.flow == flowReturn
	if returned {
		r.flow = flowNone
	}
	if r.traps.has("RETURN") && !r.inReturnTrap && !(skipped && !returned) && !earlyTrap {
		// $LINENO in the RETURN trap is bash's line_number: that of
		// the return that left (its longjmp skips the restore), else
		// function_line_number, the line of a { } body's "{" (on its
		// own line after the name, not the name's)
		if b, ok := f.body.Cmd.(*syntax.Block); ok && !returned {
			r.line = r.lineAt(int(b.Lbrace.Line()))
		} else if !returned {
			r.line = f.line
		}
		r.runReturnTrap(returned)
		if r.flow == flowExit {
			// an exit in the action jumps to the top past the
			// function's unwind: the EXIT trap still sees its
			// frame, locals and hidden traps
			r.exitTrapAt(atFrame)
		}
	}
	if r.flow != flowExit || r.exitHow == exitByBuiltin || r.exitHow == exitByExpansion || r.exitHow == exitOther || r.exitHow == exitByErrexit && r.redirCalls() >= r.exitRedirCalls && r.exitRedirCalls > 0 {
		// other exits leave for the top without bash's unwind-protects,
		// so the EXIT trap run there still misses the traps the
		// function hid; set -e unwinds a redirected call around it
		r.leaveFuncTraps(hidden)
	}
	if r.flow != flowExit {
		// $LINENO (and the ERR trap for the call) is the caller's again
		r.line = r.calls[len(r.calls)-1].line
		r.errLine = r.line
	}
	if saved := r.calls[len(r.calls)-1].setOpts; saved != nil {
		ignoreEOF := r.opts.on(optIgnoreeof)
		r.opts.set = *saved
		if r.opts.on(optIgnoreeof) != ignoreEOF {
			// restoring the option sets IGNOREEOF as set -o does
			r.syncIgnoreEOF()
		}
	}
	// with a local OPTIND the caller's getopts position comes back, as
	// bash's maybe_restore_getopt_state does
	localOptind := r.vars.isLocalHere("OPTIND")
	localCompat := r.vars.isLocalHere("BASH_COMPAT")
	var rebound []string // the special variables whose locals go
	for _, n := range [...]string{"POSIXLY_CORRECT", "BASH_XTRACEFD", "PATH", "IGNOREEOF", "ignoreeof", "GLOBIGNORE",
		"LC_ALL", "LANG", "LC_CTYPE", "LC_COLLATE", "LC_MESSAGES", "LC_NUMERIC", "LC_TIME"} {
		if r.vars.isLocalHere(n) {
			rebound = append(rebound, n)
		}
	}
	r.vars.popFrame()
	if localCompat {
		r.setCompatOpts(r.compatLevel())
	}
	if localOptind {
		r.optind = oldOptind
	}
	r.calls = r.calls[:len(r.calls)-1]
	r.leftFunc()
	for _, n := range rebound {
		// (bash's hooks run once the function's context is gone)
		if localeVar(n) {
			// sv_locale: the caller's locale is set again, and warns
			// when it is not installed
			r.localeAssigned(n, r.localeVal(n))
			continue
		}
		r.specialRebound(n)
	}
	r.params = oldParams
	r.nesting = oldNesting
	r.curSrc, r.lineOff, r.aliasTopSrc = oldSrc, oldOff, oldTop
	r.lineConts, r.contsEnd = oldConts, oldContsEnd
}

// funcKind is the Nesting kind of a call of the function name, the last
// one made kept: a loop calling one function builds the text once.
func (r *Runner) funcKind(name string) string {
	if r.lastFuncKind.name != name || r.lastFuncKind.kind == "" {
		r.lastFuncKind.name, r.lastFuncKind.kind = name, "function:"+name
	}
	return r.lastFuncKind.kind
}

// funcNestMax is $FUNCNEST as bash's sv_funcnest reads it: a number
// legal_number takes, else no limit (0), kept in an int: 4294967298 is a
// limit of 2, and what wraps to zero or below is no limit.
func (r *Runner) funcNestMax() int {
	v := r.lookup("FUNCNEST")
	if v == nil || !v.set {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v.value()), 10, 64)
	if err != nil {
		return 0
	}
	return max(int(int32(n)), 0)
}

func (r *Runner) runFuncBody(f *funcDef) {
	body := f.body
	// bash looks for an ERR trap before it runs the body, with the
	// function's traps in place (was_error_trap)
	errTrap := r.traps.has("ERR")
	if len(body.Redirs) > 0 {
		// bash applies them at the line where the body starts
		r.line = r.lineAt(int(body.Cmd.Pos().Line()))
		r.withRedirs(body.Redirs, nil, func() { r.cmd(body.Cmd, body) })
	} else {
		if _, group := body.Cmd.(*syntax.Block); !group {
			// a body that is one compound command, [[ ]] or (( ))
			// among them, runs at its own line (its errors, $LINENO),
			// not the call's
			r.line = r.lineAt(int(body.Cmd.Pos().Line()))
		}
		r.cmd(body.Cmd, body)
	}
	if _, paren := body.Cmd.(*syntax.Subshell); paren && r.flow == flowNone && r.exit != 0 {
		// a ( ) body is a command of the function's own: its failure
		// runs the ERR trap the function sees (set -E) and set -e
		// there, before the call's own failure counts; $LINENO in the
		// trap is the line of its ")"
		line := r.line
		r.line = r.lineAt(closeLine(body.Cmd))
		r.failed(errTrap)
		r.line = line
	}
}

func (r *Runner) defineFunc(c *syntax.FuncDecl) {
	if c.Name == nil {
		// the parser accepts an anonymous "() cmd"; bash rejects it
		r.errorf("syntax error near unexpected token `)'")
		r.exit, r.flow, r.exitCode = 2, flowExit, 2
		return
	}
	name := c.Name.Value
	if quotedFuncName(name) || r.opts.on(optPosix) && !validName(name) {
		// bash's check_identifier, in execute_intern_function
		line := r.line
		r.line = r.funcDefLine(c)
		r.errorf("`%s': not a valid identifier", name)
		r.line = line
		r.exit = 1
		if r.opts.on(optPosix) && !r.isInteractive() {
			r.exit = 2
			r.flow = flowExit
			r.exitCode = 2
		}
		return
	}
	if r.posixSpecial(name) {
		r.errorf("`%s': is a special builtin", name)
		r.exit = 2
		if r.isInteractive() {
			// bash's DISCARD: the command is given up (in an eval,
			// the eval goes on with its next one)
			r.flow = flowAbort
			return
		}
		r.flow = flowExit
		r.exitCode = 2
		return
	}
	if r.readonlyFuncs[name] {
		line := r.line
		r.line = r.funcDefLine(c)
		r.errorf("%s: readonly function", name)
		r.line = line
		r.exit = 1
		return
	}
	src := r.errName()
	if len(r.calls) == 0 && r.sourceName == "" {
		// bash's make_function_def: a function defined outside any file
		// comes from "environment" before the shell is initialized (a
		// -c string runs then), else from "main" (stdin, interactive)
		switch {
		case r.sh.cmdString:
			src = "environment"
		case r.sh.stdinCmds:
			src = "main"
		}
	}
	r.ownFuncs()
	old := r.funcs[name]
	r.funcs[name] = &funcDef{name: name, body: c.Body, source: src, line: r.lineAt(int(c.Pos().Line())), src: r.curSrc,
		aliasesRead: r.aliasesParsed(), lineOff: r.lineOff, lineConts: r.lineConts, contsEnd: r.contsEnd,
		// a redefinition keeps the export attribute; under set -a
		// bash's bind_function exports it
		export: old != nil && old.export || r.opts.on(optAllexport)}
	r.exit = 0
	r.gateState(&StateInfo{Op: "function", Names: []string{name}})
}

// lookPath finds the program a command name runs, as bash's
// search_for_command: from the hash table (counting a hit), else from
// PATH, remembering the result with one hit. A PATH given for this
// command alone (PATH=dir cmd) flushes the table and is searched without
// remembering.
func (r *Runner) lookPath(name string) string {
	if strings.IndexByte(name, '/') >= 0 {
		return name
	}
	path := r.lookup("PATH").value()
	if _, temp := r.tempVars["PATH"]; temp {
		r.hash = nil
		if path == "" {
			return name
		}
		return findInPath(r, name, path)
	}
	if path == "" {
		// an empty or unset PATH: bash's find_user_command_in_path
		// gives the name itself, a file in the current directory,
		// which search_for_command does not remember
		return name
	}
	if p, ok := r.hashSearch(name); ok {
		if r.hashedStillThere(p) {
			return p
		}
		r.hashRemove(name)
	}
	p := findInPath(r, name, path)
	r.hashFound(name, p)
	return p
}

// hashFound remembers the program a PATH search found for name, with
// one hit; in POSIX mode or with checkhash only an executable one (bash's
// search_for_command).
func (r *Runner) hashFound(name, p string) {
	if p == "" || (r.opts.on(optPosix) || r.opts.sh(shCheckhash)) && !isExec(r.absPath(p)) {
		return
	}
	r.hashInsert(name, p, 1)
}

// stdPath is bash's conf_standard_path (confstr _CS_PATH), the PATH of
// command -p.
const stdPath = "/bin:/usr/bin"

// lookStdPath is lookPath for command -p: the hash table is not
// consulted, but the program found is remembered.
func (r *Runner) lookStdPath(name string) string {
	if strings.IndexByte(name, '/') >= 0 {
		return name
	}
	p := findInPath(r, name, stdPath)
	r.hashFound(name, p)
	return p
}

// findCommand is bash's find_user_command: a PATH search that neither
// consults nor fills the hash table.
func (r *Runner) findCommand(name string) string {
	if strings.IndexByte(name, '/') >= 0 {
		return name
	}
	return findInPath(r, name, r.lookup("PATH").value())
}

func findInPath(r *Runner, name, path string) string {
	var firstNonExec string
	ignore := r.execIgnore()
	for _, dir := range strings.Split(path, ":") {
		dir = r.pathElem(dir)
		p := dir + "/" + name
		fi, err := os.Stat(r.absPath(p))
		if err != nil || fi.IsDir() {
			continue
		}
		if ignore != nil && execIgnored(p, ignore) {
			// bash's file_status calls it not executable, and
			// find_user_command_in_path does not fall back on it
			continue
		}
		if fi.Mode()&0o111 != 0 && accessOK(r.absPath(p)) {
			return p
		}
		if firstNonExec == "" {
			firstNonExec = p
		}
	}
	return firstNonExec
}

// execIgnore returns the compiled EXECIGNORE patterns, nil when unset or
// empty. bash matches them as strmatch does with FNM_CASEFOLD (and
// extglob when on), a * matching slashes too.
func (r *Runner) execIgnore() []*compiledPattern {
	return r.ignorePatterns("EXECIGNORE", true)
}

// execIgnored reports whether the full path p of a PATH search matches
// one of the EXECIGNORE patterns.
func execIgnored(p string, ignore []*compiledPattern) bool {
	for _, m := range ignore {
		if m.matchString(p) {
			return true
		}
	}
	return false
}

// absPath is the path that reaches p from the runner's working
// directory, as bash's open or stat of p reaches it from its cwd: a
// relative p goes through the directory itself once its name no
// longer leads there (liveDir).
func (r *Runner) absPath(p string) string {
	if p != "" && p[0] == '/' {
		return r.namePath(p)
	}
	if d := r.liveDir(); d != r.dir {
		if p == "" {
			return d
		}
		return d + "/" + p
	}
	return r.namePath(p)
}

// namePath resolves p against the name of the runner's working
// directory (PWD's idea of it, as cd makes paths absolute).
func (r *Runner) namePath(p string) string {
	if p == "" {
		return r.dir
	}
	if p[0] == '/' {
		if q, ok := r.fds.fdPath(p); ok {
			return q
		}
		return p
	}
	if r.dir == "/" || r.dir == "//" {
		return r.dir + p
	}
	if len(r.dir) > 6 && (r.dir[1] == 'd' || r.dir[1] == 'p') {
		// N in a cd'd-to /dev/fd or /proc/$$/fd is the shell's fd N
		if q, ok := r.fds.fdPath(r.dir + "/" + p); ok {
			return q
		}
	}
	return r.dir + "/" + p
}

// runsExternal reports whether st is a simple command whose name is an
// external program (not a function or builtin): for such a background job
// $! can be the program's real pid.
func (r *Runner) runsExternal(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return false
	}
	name, ok := r.quietCmdName(c.Args[0])
	if !ok {
		return false
	}
	kind, _, _ := r.resolve(name)
	// the job opens its redirections before it starts the program; an
	// open that can block (a fifo waiting for its other end, which may
	// be the next command) lets the shell go on first (mayBlockOpen)
	return kind == cmdExternal
}

// mayBlockOpen is called before a redirection opens abs (net: a
// /dev/tcp or /dev/udp name, which connects): in the job of a background
// program, whose shell waits to learn the program's pid for $!, an open
// that can block, of a fifo or a connection, tells the shell not to wait
// for it; $! is then the job's own number.
func (r *Runner) mayBlockOpen(abs string, net bool) {
	if !r.asyncExternal || r.onSpawn == nil {
		return
	}
	if !net {
		if fi, err := os.Stat(abs); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
			return
		}
	}
	r.onSpawn(0)
}

// quietCmdName is the value of a command name word that can be known
// before the command runs, because expanding it has no side effect and
// gives one field: a plain literal, or $name, ${name} or "$name" of a
// set scalar (or positional parameter) with no blank or glob character
// ("$BIN" args & must give $! the program's pid as much as cmd args &).
// Unquoted, with IFS as bash sets it, the value may hold blanks: its
// first field is the name ($AUTOMAKE & with AUTOMAKE="automake --foreign"
// is automake's pid in $!, as in automake's own tests).
func (r *Runner) quietCmdName(w *syntax.Word) (string, bool) {
	if s, ok := plainLit(w); ok {
		return s, true
	}
	parts := w.Parts
	quoted := false
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts, quoted = dq.Parts, true
		}
	}
	if len(parts) != 1 {
		return "", false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil ||
		pe.Slice != nil || pe.Repl != nil || pe.Names != 0 || pe.Exp != nil {
		return "", false
	}
	name := pe.Param.Value
	if name == "RANDOM" || name == "SRANDOM" || !validName(name) && strings.Trim(name, "0123456789") != "" {
		return "", false
	}
	v := r.lookup(name)
	if v == nil || !v.set || v.kind != kString {
		return "", false
	}
	val := v.value()
	if !quoted && strings.ContainsAny(val, " \t\n") && !strings.ContainsAny(val, "*?[(") {
		if ifs := r.lookup("IFS"); ifs == nil || !ifs.set || ifs.value() == " \t\n" {
			if f := strings.Fields(val); len(f) > 0 {
				return f[0], true
			}
		}
	}
	if val == "" || strings.ContainsAny(val, " \t\n*?[") {
		return "", false
	}
	if ifs := r.lookup("IFS"); ifs != nil && strings.ContainsAny(val, ifs.value()) {
		return "", false
	}
	return val, true
}

// usageFail marks the running builtin as failed with a usage or syntax
// error (bash's EX_USAGE/EX_BADSYNTAX), which ends a non-interactive POSIX
// shell when the builtin is a special one; it returns the status, 2.
func (r *Runner) usageFail() int {
	r.specialUsage = true
	return 2
}

// usageFatal is usageFail for the errors that end a POSIX shell from
// the special builtin at once, whatever the context (an eval or source
// syntax error, an assignment error): bash jumps to top level there
// rather than leave it to special_builtin_failed (specialExit).
func (r *Runner) usageFatal() int {
	r.specialNow = true
	return r.usageFail()
}

// specialUsageEnds applies a special builtin's usage error in POSIX mode
// (the caller checked for one): the shell ends at once (usageFatal) or
// where the status counts (specialFailed, stmt's specialExit).
func (r *Runner) specialUsageEnds() {
	if r.specialNow {
		r.flow, r.exitCode = flowExit, r.exit
		return
	}
	r.specialFailed = true
}

// tempReadonly reports a prefix assignment to a readonly variable. bash
// only warns and runs the command, except in POSIX mode where the
// command is abandoned with status 1 (true is returned then), and under
// set -e, where the warning, a report_error, exits the shell.
func (r *Runner) tempReadonly(name string) bool {
	r.errorf("%s: readonly variable", name)
	if r.reportExit() {
		return true
	}
	if !r.opts.on(optPosix) {
		return false
	}
	// bash's DISCARD, in an interactive shell too
	r.exit = 1
	r.flow = flowAbort
	return true
}

// simpleLine is the line bash gives a simple command ($LINENO, error
// messages): the line its parser had reached when it reduced the first
// element. An assignment or a redirection is reduced as soon as it ends;
// a first word only once the next token is read, so a multi-line second
// word moves the command to the line where that word ends, and so does a
// line continuation right after it (the lexer reads past it to find the
// end of the word), and so do here-document bodies the lexer reads at
// the newline after a sole word (lookaheadLine). src is the text the
// positions refer to.
func simpleLine(c *syntax.CallExpr, redirs []*syntax.Redirect, src string) int {
	var first, firstEnd syntax.Pos
	isWord := false
	pick := func(p, end syntax.Pos, word bool) {
		if !first.IsValid() || p.Offset() < first.Offset() {
			first, firstEnd, isWord = p, end, word
		}
	}
	if len(c.Assigns) > 0 {
		pick(c.Assigns[0].Pos(), c.Assigns[0].End(), false)
	}
	if len(c.Args) > 0 {
		pick(c.Args[0].Pos(), c.Args[0].End(), true)
	}
	for _, rd := range redirs {
		end := rd.End()
		if rd.Hdoc != nil && rd.Word != nil {
			end = rd.Word.End() // the body comes later
		}
		pick(rd.Pos(), end, false)
	}
	if !firstEnd.IsValid() {
		return int(c.Pos().Line())
	}
	line := int(firstEnd.Line())
	if !isWord {
		return line
	}
	// the lookahead: the element that starts next
	var next syntax.Pos
	consider := func(p, end syntax.Pos) {
		if p.Offset() > first.Offset() && (!next.IsValid() || p.Offset() < next.Offset()) {
			next = end
		}
	}
	if len(c.Args) > 1 {
		consider(c.Args[1].Pos(), c.Args[1].End())
	}
	for _, rd := range redirs {
		consider(rd.Pos(), rd.OpPos)
	}
	if !next.IsValid() {
		// the lookahead is the token after the command
		return lookaheadLine(src, int(firstEnd.Offset()), line)
	}
	nextLine := int(next.Line()) + continuationsAt(src, int(next.Offset()), int(next.Line()))
	return max(line, nextLine)
}

// continuationsAt counts the line continuations ("\\\n") right at offset
// off of src, which is on line line (0 when src is not the text the
// offset refers to).
func continuationsAt(src string, off, line int) int {
	n, _ := joinsFrom(src, off)
	if n > 0 && strings.Count(src[:off], "\n")+1 != line {
		return 0
	}
	return n
}
