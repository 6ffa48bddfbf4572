package interp

import (
	"fmt"
	"os"
	"slices"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// bgState is what a nash started for an asynchronous command (bgproc.go)
// needs of the subshell bash would have forked: the command, the
// functions it may call (as offsets into the source texts they were
// parsed from, so that both keep their lines), and the shell's state.
type bgState struct {
	Sources []bgSource
	Cmd     bgNode

	Vars   []bgVar
	Frames [][]bgVar // each function frame's shadowed bindings
	Funcs  []bgFunc
	Calls  []bgCall

	ReadonlyFuncs []string
	Aliases       []bgAlias
	AliasN        uint64
	Set           []bool
	Shopt         []bool
	BeforePosix   [3]bool
	JobCtlOff     bool // a forked subshell's set -m is not job control
	ShownShopt    []bool
	Disabled      []string
	Hash          []bgHash
	HashSeq       uint64
	HashPath      string
	InvalidEnv    []string
	// ArgvSeen, ArgcVals and ArgvVals are dynSeen's BASH_ARGC and
	// BASH_ARGV (their recorded bottom), NoTopArgs its noTopArgs
	ArgvSeen, NoTopArgs bool
	ArgcVals, ArgvVals  []string
	// LocaleFailed and LocaleStartup are the shell's record of its
	// setlocale lookups (ctypeState's failed and startup): bash's
	// forked child has glibc's memory of the failed ones, and warns for
	// them again as repeats
	LocaleFailed, LocaleStartup []string
	// LocaleMessages is the message locale in effect (ctypeState's
	// messages), which $"…" strings read there are translated for
	LocaleMessages string

	Dir        string
	Params     []string
	TopParams  []string
	Arg0       string
	Exit       int
	LastBg     int
	PipeStatus []int
	Traps      map[string]string
	TrapLive   []string

	Depth, SubLevel   int
	SubLevelAdj       int
	ShPid, ShPpid     int
	ShName, StartName string
	CmdString         bool
	OuterPE           bool
	// ReportFD is the descriptor the job reports its pipeline
	// elements' ends on (jobprocs.go), 0 for none
	ReportFD int
	// Cloexec lists the fds the job has close-on-exec (a coprocess's)
	Cloexec             []int
	StdinCmds           bool
	DashS               bool
	SourceName          string
	Line, NoticeLine    int
	LineOff, ContsEnd   int
	LineConts           []int
	LastArg, ExecString string
	LoopDepth           int
	Optind              [3]int
	OptindBundle        bool
	DirStack            []string
	SecondsBase         int64
	SecondsOff          int64
	BashPath, BashArgv0 string
	BashByName          bool
	XtraceFD            int
	XtraceVal           string
	TracePending        string // the case heads the forked stream holds unflushed (tracebuf.go)
	TraceLevel          int
	ForkLevel           int
	NoErrExit           int
	IgnoreBase          int // (specialExit)
	InParen, InComsub   bool
	NotLogin            bool
	StdinRedir          bool
	ThisCmd             string
	// Comm is the shell's process name (/proc/PID/comm): the job's
	// process takes it, as bash's forked subshell keeps bash's, where
	// starting nash again through /proc/self/exe would make it "exe"
	Comm string
	// IgnoreInt: the job ignores SIGINT and SIGQUIT, as bash's
	// asynchronous children do without job control
	IgnoreInt bool
	// HardInt: the shell starting the job had SIGINT hard-ignored
	// (asyncIntHard), which the job keeps
	HardInt bool
	// Hard lists the signals the shell starting the job had ignored at
	// its own start: the job inherits SIG_IGN for these and for those an
	// empty trap ignores, but only these are ignored for good (a forked
	// subshell keeps bash's original_signals)
	Hard []int
}

// bgSource is a source text and how it was parsed.
type bgSource struct {
	Text  string
	Posix bool
}

// bgNode is a statement: its own text (Snip, at Line and Col), or
// offsets in one of the sources.
type bgNode struct {
	Snip          string
	Line, Col     int
	Posix         bool
	Src, Pos, End int
}

type bgVar struct {
	Name    string
	Unbound bool // in a frame: the name had no binding before the local
	Kind    uint8
	Set     bool
	Attrs   uint16
	Local   bool
	Dynamic uint8
	Tempvar bool
	Str     string
	Keys    []int
	Vals    []string
	Assoc   map[string]string
	Buckets map[uint32][]string
	NB      uint32
}

type bgFunc struct {
	Name, Source  string
	Line          int
	Trace, Export bool
	Body          bgNode
	LineOff       int
	LineConts     []int
	ContsEnd      int
}

type bgCall struct {
	FuncName string
	Sourced  bool
	Source   string
	Line     int
	Args     []string
	SetOpts  []bool
	Path     string
	NoArgv   bool
}

type bgAlias struct {
	Name, Value string
	Seq         uint64
}

type bgHash struct {
	Name, Path string
	Hits       int
	Seq        uint64
}

func encodeVar(name string, v *variable) bgVar {
	if v == nil {
		return bgVar{Name: name, Unbound: true}
	}
	bv := bgVar{Name: name, Kind: uint8(v.kind), Set: v.set, Attrs: uint16(v.attrs), Local: v.local,
		Dynamic: v.dynamic, Tempvar: v.tempvar, Str: v.str}
	if v.arr != nil {
		bv.Keys, bv.Vals = v.arr.keys, v.arr.vals
	}
	if v.assoc != nil {
		bv.Assoc, bv.Buckets, bv.NB = v.assoc.m, v.assoc.buckets, v.assoc.nb
	}
	return bv
}

func (bv *bgVar) decode(gen uint64) *variable {
	if bv.Unbound {
		return nil
	}
	v := &variable{kind: varKind(bv.Kind), set: bv.Set, attrs: attr(bv.Attrs), local: bv.Local,
		dynamic: bv.Dynamic, tempvar: bv.Tempvar, str: bv.Str, gen: gen}
	if v.kind == kIndexed || bv.Vals != nil {
		v.arr = &indexedArray{keys: bv.Keys, vals: bv.Vals}
	}
	if v.kind == kAssoc || bv.Assoc != nil {
		m := bv.Assoc
		if m == nil {
			m = map[string]string{}
		}
		b := bv.Buckets
		if b == nil {
			b = map[uint32][]string{}
		}
		v.assoc = &assocArray{m: m, buckets: b, nb: bv.NB}
		if v.assoc.nb == 0 {
			v.assoc.nb = assocBuckets
		}
	}
	return v
}

// bgSources numbers the source texts a state refers to.
type bgSources struct {
	list []bgSource
	idx  map[string]int
}

func (s *bgSources) add(text string, posix bool) int {
	if i, ok := s.idx[text]; ok {
		return i
	}
	if s.idx == nil {
		s.idx = map[string]int{}
	}
	s.list = append(s.list, bgSource{Text: text, Posix: posix})
	s.idx[text] = len(s.list) - 1
	return len(s.list) - 1
}

// captureBgState records c, the subshell forked for an asynchronous
// command, with st its statement. It fails when a statement (the
// command's or a function's body) cannot be found again by parsing its
// source text.
func (c *Runner) captureBgState(st *syntax.Stmt, reportFD int) ([]byte, error) {
	var srcs bgSources
	locate := func(n *syntax.Stmt, text string) (bgNode, error) {
		if sn, ok := c.sh.bgParses.snippet(n, text); ok {
			return bgNode{Snip: sn.text, Line: sn.line, Col: sn.col, Posix: sn.posix, Src: -1}, nil
		}
		posix, ok := c.sh.bgParses.verify(n, text)
		if !ok {
			return bgNode{}, fmt.Errorf("statement at %s not found again in its source", n.Pos())
		}
		return bgNode{Src: srcs.add(text, posix), Pos: int(n.Pos().Offset()), End: int(n.End().Offset())}, nil
	}
	cmd, err := locate(st, c.curSrc)
	if err != nil {
		return nil, err
	}
	s := &bgState{Cmd: cmd}
	for name, fd := range c.funcs {
		fd.load()
		body, err := locate(fd.body, fd.src)
		if err != nil {
			return nil, fmt.Errorf("function %s: %w", name, err)
		}
		s.Funcs = append(s.Funcs, bgFunc{Name: fd.name, Source: fd.source, Line: fd.line, Trace: fd.trace,
			Export: fd.export, Body: body, LineOff: fd.lineOff, LineConts: fd.lineConts, ContsEnd: fd.contsEnd})
	}
	s.Sources = srcs.list
	for name, v := range c.vars.m {
		s.Vars = append(s.Vars, encodeVar(name, v))
	}
	for _, f := range c.vars.frames {
		var fv []bgVar
		for name, v := range f.saved {
			fv = append(fv, encodeVar(name, v))
		}
		s.Frames = append(s.Frames, fv)
	}
	s.InvalidEnv = c.vars.invalidEnv
	if c.dynSeen.argc != nil && c.dynSeen.argv != nil {
		s.ArgvSeen, s.ArgcVals, s.ArgvVals = true, c.dynSeen.argc.vals, c.dynSeen.argv.vals
	}
	s.NoTopArgs = c.dynSeen.noTopArgs
	s.LocaleFailed, s.LocaleStartup = c.vars.ctype.failed, c.vars.ctype.startup
	s.LocaleMessages = c.vars.ctype.messages
	for _, cf := range c.calls {
		bc := bgCall{FuncName: cf.funcName, Sourced: cf.sourced, Source: cf.source, Line: cf.line, Args: cf.args, Path: cf.path, NoArgv: cf.noArgv}
		if cf.setOpts != nil {
			bc.SetOpts = cf.setOpts[:]
		}
		s.Calls = append(s.Calls, bc)
	}
	for name := range c.readonlyFuncs {
		s.ReadonlyFuncs = append(s.ReadonlyFuncs, name)
	}
	for name, val := range c.aliases {
		s.Aliases = append(s.Aliases, bgAlias{Name: name, Value: val, Seq: c.aliasSeq[name]})
	}
	s.AliasN = c.aliasN
	s.Set, s.Shopt, s.BeforePosix = c.opts.set[:], c.opts.shopt[:], c.opts.beforePosix
	s.JobCtlOff = c.opts.jobCtlOff
	s.ShownShopt = c.opts.bashoptsShown
	for name, off := range c.disabled {
		if off {
			s.Disabled = append(s.Disabled, name)
		}
	}
	for name, h := range c.hash {
		s.Hash = append(s.Hash, bgHash{Name: name, Path: h.path, Hits: h.hits, Seq: h.seq})
	}
	s.HashSeq, s.HashPath = c.hashSeq, c.hashPath
	s.Dir, s.Params, s.TopParams, s.Arg0 = c.dir, c.params, c.topParams, c.arg0
	s.Exit, s.LastBg, s.PipeStatus = c.exit, c.lastBg, c.pipeStatus
	s.Traps, s.TrapLive = c.traps.m, c.traps.live
	s.Depth, s.SubLevel, s.SubLevelAdj = c.nesting.Depth, c.subLevel, c.subLevelAdj
	s.ShPid, s.ShPpid, s.ShName, s.StartName = c.sh.dollar(), c.sh.ppid, c.sh.name, c.sh.startName
	c.bgExecPath()
	s.Comm = c.sh.bgRename // only a job started as "exe" renames itself
	s.CmdString, s.StdinCmds, s.DashS = c.sh.cmdString, c.sh.stdinCmds, c.sh.dashS
	s.OuterPE, s.ReportFD = c.outerPE, reportFD
	s.Cloexec = c.fds.cloexecFDs()
	s.SourceName, s.Line, s.NoticeLine = c.sourceName, c.line, c.noticeLine
	s.LineOff, s.LineConts, s.ContsEnd = c.lineOff, c.lineConts, c.contsEnd
	s.LastArg, s.ExecString, s.LoopDepth = c.lastArg, c.execString, c.loopDepth
	s.Optind = [3]int{c.optind.ind, c.optind.cur, c.optind.char}
	s.OptindBundle = c.optind.inBundle
	s.DirStack = c.dirStack
	if !c.secondsBase.IsZero() {
		s.SecondsBase = c.secondsBase.UnixNano()
	}
	s.SecondsOff = c.secondsOff
	s.BashPath, s.BashArgv0, s.BashByName = c.bashPath, c.bashArgv0, c.bashByName
	s.XtraceFD, s.XtraceVal, s.TraceLevel, s.ForkLevel = c.xtraceFD, c.xtraceVal, c.traceLevel, c.forkLevel
	s.TracePending = c.tracePending
	s.NoErrExit, s.InParen, s.InComsub, s.StdinRedir = c.noErrExit, c.inParen, c.inComsub, c.stdinRedir
	s.IgnoreBase = c.ignoreBase
	s.NotLogin = c.notLogin
	s.ThisCmd = c.thisCmd
	s.IgnoreInt = !c.opts.on(optMonitor)
	s.HardInt = c.asyncInt == asyncIntHard
	for sig := range hardIgnored {
		s.Hard = append(s.Hard, int(sig))
	}
	return s.encode(), nil
}

// restoreBgState makes r, a fresh Runner in a new process, the subshell
// the state describes, and returns the statement it is to run.
func (r *Runner) restoreBgState(data []byte) (*syntax.Stmt, error) {
	var s bgState
	if err := s.decode(data); err != nil {
		return nil, fmt.Errorf("decoding the job's state: %w", err)
	}
	idx := make([]map[[2]int]*syntax.Stmt, len(s.Sources))
	find := func(n bgNode) (*syntax.Stmt, error) {
		if n.Snip != "" {
			return parseSnippet(prefixText(n.Line, n.Col)+n.Snip, n.Posix)
		}
		if n.Src < 0 || n.Src >= len(s.Sources) {
			return nil, fmt.Errorf("no source %d", n.Src)
		}
		if idx[n.Src] == nil {
			src := s.Sources[n.Src]
			f, err := parseAgain(src.Text, src.Posix)
			if err != nil {
				return nil, err
			}
			idx[n.Src] = stmtIndex(f)
		}
		st := idx[n.Src][[2]int{n.Pos, n.End}]
		if st == nil {
			return nil, fmt.Errorf("no statement at %d-%d", n.Pos, n.End)
		}
		return st, nil
	}
	cmd, err := find(s.Cmd)
	if err != nil {
		return nil, err
	}
	r.funcs = make(map[string]*funcDef, len(s.Funcs))
	for _, bf := range s.Funcs {
		fd := &funcDef{name: bf.Name, source: bf.Source, line: bf.Line, trace: bf.Trace,
			export: bf.Export, lineOff: bf.LineOff, lineConts: bf.LineConts, contsEnd: bf.ContsEnd}
		if n := bf.Body; n.Snip != "" {
			fd.lazy = &lazyBody{parse: func() (*syntax.Stmt, string) {
				text := prefixText(n.Line, n.Col) + n.Snip
				body, err := parseSnippet(text, n.Posix)
				if err != nil {
					// the parent parsed it back before handing it over
					fmt.Fprintf(os.Stderr, "nash: function %s: %v\n", bf.Name, err)
					return &syntax.Stmt{}, text
				}
				return body, text
			}}
		} else {
			body, err := find(n)
			if err != nil {
				return nil, fmt.Errorf("function %s: %w", bf.Name, err)
			}
			fd.body, fd.src = body, s.Sources[n.Src].Text
		}
		r.funcs[bf.Name] = fd
	}
	if s.Cmd.Snip != "" {
		r.curSrc = prefixText(s.Cmd.Line, s.Cmd.Col) + s.Cmd.Snip
	} else {
		r.curSrc = s.Sources[s.Cmd.Src].Text
	}
	gen := r.vars.gen
	r.vars.m = make(map[string]*variable, len(s.Vars))
	for i := range s.Vars {
		r.vars.m[s.Vars[i].Name] = s.Vars[i].decode(gen)
	}
	r.vars.frames = nil
	for _, fv := range s.Frames {
		f := &frame{saved: make(map[string]*variable, len(fv))}
		for i := range fv {
			f.saved[fv[i].Name] = fv[i].decode(gen)
		}
		r.vars.frames = append(r.vars.frames, f)
	}
	r.vars.invalidEnv = s.InvalidEnv
	if s.ArgvSeen {
		r.dynSeen.argc, r.dynSeen.argv = &indexedArray{vals: s.ArgcVals}, &indexedArray{vals: s.ArgvVals}
	}
	r.dynSeen.noTopArgs = s.NoTopArgs
	r.vars.ctype.failed, r.vars.ctype.startup = s.LocaleFailed, s.LocaleStartup
	r.vars.ctype.messages = s.LocaleMessages
	r.vars.envDirty = true
	r.calls = nil
	for _, bc := range s.Calls {
		cf := callFrame{funcName: bc.FuncName, sourced: bc.Sourced, source: bc.Source, line: bc.Line, args: bc.Args, path: bc.Path, noArgv: bc.NoArgv}
		if len(bc.SetOpts) == int(numSetOpts) {
			var so [numSetOpts]bool
			copy(so[:], bc.SetOpts)
			cf.setOpts = &so
		}
		r.calls = append(r.calls, cf)
	}
	if len(s.ReadonlyFuncs) > 0 {
		r.readonlyFuncs = map[string]bool{}
		for _, n := range s.ReadonlyFuncs {
			r.readonlyFuncs[n] = true
		}
	}
	r.aliases, r.aliasSeq = map[string]string{}, map[string]uint64{}
	for _, a := range s.Aliases {
		r.aliases[a.Name], r.aliasSeq[a.Name] = a.Value, a.Seq
	}
	r.aliasN = s.AliasN
	copy(r.opts.set[:], s.Set)
	copy(r.opts.shopt[:], s.Shopt)
	r.opts.beforePosix = s.BeforePosix
	r.opts.jobCtlOff = s.JobCtlOff
	if len(s.ShownShopt) == len(r.opts.shopt) {
		r.opts.bashoptsShown = s.ShownShopt
	}
	if len(s.Disabled) > 0 {
		r.disabled = map[string]bool{}
		for _, n := range s.Disabled {
			r.disabled[n] = true
		}
	}
	r.hash = map[string]*hashEntry{}
	for _, h := range s.Hash {
		r.hash[h.Name] = &hashEntry{path: h.Path, hits: h.Hits, seq: h.Seq}
	}
	r.hashSeq, r.hashPath = s.HashSeq, s.HashPath
	r.dir, r.inCwd = s.Dir, true // started there
	r.params, r.topParams, r.arg0 = s.Params, s.TopParams, s.Arg0
	r.exit, r.lastBg, r.pipeStatus = s.Exit, s.LastBg, s.PipeStatus
	r.traps = &traps{m: s.Traps, inherited: true, live: s.TrapLive}
	if r.traps.m == nil {
		r.traps.m = map[string]string{}
	}
	r.nesting = Nesting{Depth: s.Depth, Kind: "subshell"}
	r.subLevel, r.subLevelAdj = s.SubLevel, s.SubLevelAdj
	r.sh.dollarPid, r.sh.ppid, r.sh.name, r.sh.startName = s.ShPid, s.ShPpid, s.ShName, s.StartName
	r.sh.cmdString, r.sh.stdinCmds, r.sh.dashS = s.CmdString, s.StdinCmds, s.DashS
	r.outerPE = s.OuterPE
	r.sh.bgReport = bgReportFile(s.ReportFD)
	for _, n := range s.Cloexec {
		r.fds.setCloexec(n, true)
	}
	r.sourceName, r.line, r.noticeLine = s.SourceName, s.Line, s.NoticeLine
	r.lineOff, r.lineConts, r.contsEnd = s.LineOff, s.LineConts, s.ContsEnd
	r.lastArg, r.execString, r.loopDepth = s.LastArg, s.ExecString, s.LoopDepth
	r.optind = optindState{ind: s.Optind[0], cur: s.Optind[1], char: s.Optind[2], inBundle: s.OptindBundle}
	r.dirStack = s.DirStack
	if s.SecondsBase != 0 {
		r.secondsBase = time.Unix(0, s.SecondsBase)
	}
	r.secondsOff = s.SecondsOff
	r.bashPath, r.bashArgv0, r.bashByName = s.BashPath, s.BashArgv0, s.BashByName
	r.xtraceFD, r.xtraceVal, r.traceLevel, r.forkLevel = s.XtraceFD, s.XtraceVal, s.TraceLevel, s.ForkLevel
	r.tracePending = s.TracePending
	r.noErrExit, r.inParen, r.inComsub, r.stdinRedir = s.NoErrExit, s.InParen, s.InComsub, s.StdinRedir
	r.ignoreBase = s.IgnoreBase
	r.notLogin = s.NotLogin
	r.thisCmd = s.ThisCmd
	setProcessName(s.Comm)
	r.async, r.bgProcess = true, true
	r.forkedFor = cmd.Cmd
	r.lastSubStatus = -1
	for sig := range hardIgnored {
		// ignored by an empty trap of the shell that started the job,
		// which trap - takes back
		if !slices.Contains(s.Hard, int(sig)) {
			delete(hardIgnored, sig)
		}
	}
	switch {
	case s.HardInt:
		r.asyncInt = asyncIntSoft
		r.initTermSigs()
	case s.IgnoreInt && r.trapIgnores(syscall.SIGINT):
		// an empty trap's ignore, inherited, stays: the programs the
		// job runs start with SIGINT ignored
	case s.IgnoreInt:
		// bash's setup_async_signals: SIGINT ignored by this shell,
		// not by the programs it runs (SIGQUIT the shell ignores
		// anyway); a function's shell catches it again, so only a
		// compound command's is in the soft state trap can harden
		dropSignal(syscall.SIGINT)
		if _, fn := cmd.Cmd.(*syntax.CallExpr); !fn {
			r.asyncInt = asyncIntSoft
		}
	}
	return cmd, nil
}
