package interp

import (
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// BashVersion is the bash release nash emulates.
const (
	BashVersion   = "5.2.15(1)-release"
	bashMajor     = "5"
	bashMinor     = "2"
	bashPatch     = "15"
	bashBuild     = "1"
	bashRelStatus = "release"
	bashMachType  = "x86_64-pc-linux-gnu"
)

// shell is the state shared by a Runner and all of its in-process
// subshells: one per shell process.
type shell struct {
	gate Gate
	bg   bgJobs // in-process asynchronous commands still running
	// procSubsts: the process substitutions among them (settleProcSubsts)
	procSubsts bgJobs
	// bgExe is the nash binary that runs asynchronous compound commands
	// as processes of their own (bgproc.go); empty: they run in-process
	bgExe  string
	bgArgv []string
	// bgNamed is the path bgExe is started by (bgexe.go), found once
	bgNamed     string
	bgRename    string // the name a job started by bgExe takes; "" if none
	bgNamedOnce sync.Once
	// spawnGen counts the programs started, for liveDir's cache
	spawnGen atomic.Uint64
	// loggedOut: bash_logout has read the logout files (bashLogout)
	loggedOut bool
	// thisBuiltin and lastBuiltin are bash's this_shell_builtin and
	// last_shell_builtin, the builtins (or "") of the shell's last two
	// simple commands, which an interactive exit looks at (exitKept)
	thisBuiltin, lastBuiltin string
	bgParses                 bgParses
	name                     string // shell name for messages when $0 is not used
	startName                string // bash's shell_name, which \s shows (see shellName)
	// fgWaits counts the waits for foreground processes and wait
	// builtins completed: a coprocess's end is noticed only after one
	// (see reapCoprocs)
	fgWaits atomic.Int64
	// cmdNumber counts the top-level commands the shell has read from a
	// script or stdin (bash's current_command_number less one), for \#
	cmdNumber atomic.Int64
	pid       int
	ppid      int
	// dollarPid is $$ in a nash started for an asynchronous command
	// (bgproc.go): the pid of the shell it belongs to; 0 elsewhere
	dollarPid int
	start     time.Time
	cmdString bool // running a -c string: affects error line numbers
	version   string
	stdinCmds bool // commands read from stdin: $- has s
	// dashS: -s given along with -c, which runs the string but leaves
	// bash's read_from_stdin set, so $- still has s
	dashS bool
	// script is the buffered stream a non-interactive shell reads its
	// commands from stdin with (scriptinput.go), nil otherwise
	script *scriptInput
	// pretty: the commands read are printed, not run (PrettyPrint)
	pretty *prettyState
	// bgReport, in a nash started for a background pipeline, is where
	// it reports its elements' ends to the shell (jobprocs.go)
	bgReport *os.File
	// interactive is bash's interactive_shell (-i): messages name the
	// shell, without line numbers; interactiveCmds is its interactive,
	// commands not read from a script file: exit says "exit"
	interactive, interactiveCmds bool
	// term is the terminal of a shell with job control (jobterm.go),
	// nil without one; termChecked: a non-interactive shell looked for
	// one on its standard error
	term        *jobTerm
	termChecked bool
	// noTTY is an interactive shell's without a terminal: set_tty_state
	// fails on the descriptor bash took for one (ttyless.go)
	noTTY *ttyless

	mu        sync.Mutex
	patterns  map[patKey]*compiledPattern
	pipelines int
	jobs      *jobTable
	arithMu   sync.Mutex
	arithMemo map[string]syntax.ArithmExpr
	letMemo   map[string]letParse // guarded by arithMu (letwords.go)
	sigs      *signalState
	fgInt     fgInt // SIGINT during foreground waits (waitint.go)
	// intCh and interrupted: an interactive shell's SIGINT (interactsig.go)
	intCh       chan os.Signal
	interrupted atomic.Bool
	// intWake gets a token at each interrupt, for a wait to see it
	intWake chan struct{}
	// sigIntAt and childIntAt are when (Unix ns) the shell last got a
	// keyboard SIGINT and when a foreground program last died of one, so
	// that the two sightings of one interrupt count once (interactsig.go)
	sigIntAt, childIntAt atomic.Int64
	// deferredKill is a signal a foreground in-process subshell sent to
	// the shell (see deferSelfKill), acted on when the main shell resumes
	deferredKill atomic.Int32
	realBash     func() string // finds the real bash, for its syntax messages
	condErrSeen  bool          // an empty [[ ]] failed silently once (emptyCondTerm)

	arithStatic map[syntax.ArithmExpr]arithStaticText // guarded by mu
	comsubText  map[syntax.Node]*printedComsub        // guarded by mu
	// reformatsSeen: the answers of reformats per substitution, guarded by mu
	reformatsSeen map[syntax.Node]bool
	// tailSignal is the signal that killed the -c string's last command,
	// which bash would have run in its own place, or the terminating
	// signal the shell caught for its EXIT trap: the shell ends by it
	tailSignal syscall.Signal
	// moCatalogs holds the gettext catalogs $"…" strings were looked up
	// in (translate.go), by path: path -> moCatalog (nil: unreadable)
	moCatalogs sync.Map
	// translations holds the text each translated $"…" string's parts
	// were parsed from: *syntax.DblQuoted -> string
	translations sync.Map
}

// readAheadCache is per Runner (never shared with forks): see lineReaderFor.
type readAheadCache = lineReader

// Runner interprets shell programs. The zero value is not usable; call
// New. A Runner is not safe for concurrent use, but independent Runners
// (and a Runner's subshells) may run concurrently.
type Runner struct {
	sh *shell
	// randState is RANDOM's generator. Each subshell has its own, as
	// bash's forked child has: its draws leave the parent's sequence
	// alone, and bash reseeds it (seeded_subshell) at the first draw
	// unless RANDOM was assigned there first; randSeeded says it was.
	randState  uint32
	randSeeded bool
	// randHold is the number a ${RANDOM...} expansion sees while
	// randHeld (randomparam.go)
	randHold int
	randHeld bool
	// lastCharLen caches the character count of the last long string
	// a substring expansion measured (charLen)
	lastCharLen struct {
		s string
		n int64
	}

	// thisCmd follows bash's this_command_name, which a few messages
	// raised during word expansion carry as their prefix: the name of a
	// simple command from its expansion to its end (so the body of a
	// function starts with the function's name), "((" or "[[" after those
	// commands, empty after a simple command and at each loop iteration.
	thisCmd    string
	declPrefix string // thisCmd as a declaration command began
	// declInternal is set while declCompoundNow runs bash's internal
	// declare of a compound value in a function; an error the builtin
	// will meet again on the bare name sets redone (see declCompoundNow).
	// compoundTrace, when set, traces that value as it is assigned.
	declInternal  struct{ on, redone bool }
	compoundTrace func()
	// declLastAs and declLastVal: the last scalar assignment a
	// declaration expanded, and its value, for $_ (declLastWord)
	declLastAs  *syntax.Assign
	declLastVal string
	// arrayRefArgs: the arguments of the builtin running that bash
	// marks W_ARRAYREF (see arrayRefFields)
	arrayRefArgs map[string]bool
	// declErrW is stderr as it was before a declaration command's
	// redirections, and earlyErrW, when set, where errorf writes: bash
	// assigns a literal name=(…) argument, and reports its errors, while
	// it expands the words, before the redirections take effect
	declErrW, earlyErrW io.Writer
	dynSeen             dynSeen
	// exitHow records how the exit now unwinding began, which decides
	// where bash runs the EXIT trap (exitwhere.go); exitRedirCalls is
	// redirCalls() when a set -e exit began
	exitHow        exitKind
	exitRedirCalls int
	// redirMarks holds, for each redirected builtin and function call
	// running, and fd2Redirs for each redirection of fd 2 in place (but
	// exec's), where it began (popContextErrors)
	redirMarks, fd2Redirs []redirMark
	// reportLevel is traceLevel where an exitByReport exit began: bash
	// runs the EXIT trap from there, one PS4 level deeper (exitReported)
	reportLevel int
	// localsReset counts the call frames (from the bottom) whose locals
	// a set -e exit dropped before the EXIT trap (resetLocals)
	localsReset int
	// funcnameLeft: a function was left by a jump (an exit, an error
	// that abandons the line), which leaves FUNCNAME visible at the top
	// level, as bash's unwind-protects do not hide it again
	funcnameLeft bool
	// exitInFrame: the shell started exiting (exit, set -e) inside a
	// function or sourced file; bash's run_exit_trap then catches a
	// return in the EXIT trap, which ends the trap with the shell's
	// status. retInExit is that, while the trap runs.
	exitInFrame, retInExit bool
	exitLoops              int // the loops exit left (runExitTrap)
	// peLoops is the loop depth where the outermost eval, source or trap
	// action running began, or -1 (enterPE)
	peLoops int
	// framesReset: the EXIT trap runs for a terminating signal, with no
	// function or loop to leave (resetFrames)
	framesReset bool
	// exitInFunc: the exit started inside a function (peUndoes)
	exitInFunc bool
	// forceInPE: a fatal error (forceEOF) began inside an eval, sourced
	// or trap text of a shell that is not itself such a text (-c, a
	// substitution): the EXIT trap waits for the outermost to end
	// (atPEText)
	forceInPE bool
	// peTexts counts the eval, trap and sourced texts running, which
	// bash runs with parse_and_execute (peUndoes)
	peTexts int
	// peCalls holds, for each eval, trap and sourced text running, how
	// many call frames and redirected calls there were as it began
	// (popContextErrors); a forked child starts with none of its parent's
	peCalls []peMark
	// forkCalls is how many call frames there were where a substitution
	// forked this subshell: its text's own frames are those above
	forkCalls int
	// unwoundCalls and unwoundPopped: where set -e began and how many
	// entries bash's unwinding took off FUNCNAME, BASH_SOURCE and
	// BASH_LINENO (popContextErrors, shownCalls); unwoundLeft holds the
	// frames whose entries stay, exitTrapCalls the frames nash still had
	// as the EXIT trap began
	unwoundCalls, unwoundPopped, exitTrapCalls int
	unwoundLeft                                []callFrame
	// peOuterCmd is the $BASH_COMMAND from before the outermost of those
	// texts, which its parse_and_execute puts back as a fatal jump to
	// the top level unwinds it (enterPEText)
	peOuterCmd cmdText
	// peRemember: set -o history ran in the eval'd or sourced text
	// running, whose lines are recorded from then on (pehist.go)
	peRemember bool

	vars   *varStore
	funcs  map[string]*funcDef
	fshare bool // funcs map is shared with a parent or child: copy before writing

	aliases map[string]string
	ashare  bool
	// aliasSeq numbers each alias by when it was made (shared with
	// aliases, under ashare): bash lists its alias table, as
	// BASH_ALIASES shows it, newest first within a hash bucket
	aliasSeq map[string]uint64
	aliasN   uint64

	rlInit   bool     // bind ran: readline has bash's bindable functions
	bindList []string // compgen -A binding's list, made at its first use
	// compOpts are the options of the completion the line editor is
	// running, which compopt without a name changes
	compOpts *uint32
	// rlVars are the readline variables bind or an inputrc file set
	// (readlinevars.go), shared with forks: never changed in place
	rlVars map[string]string
	// rlMaps are the readline keymaps (keymap.go), built when bind or
	// the line editor first needs them; bind changes a copy
	rlMaps *rlKeymaps
	// viState is what vi mode keeps from line to line: the last
	// character search and the last change (lineedit_vi.go)
	viState viState
	// nsearch is the state of the line editor's non-incremental
	// history searches (lineedit_nsearch.go)
	nsearch nsearchState
	// rlReading is the inputrc file being read and its line, which
	// readline's errors name
	rlReading *rlInitPos
	// rlNextHist is one more than the history index the line editor
	// shows first at its next line (^O, operate-and-get-next); 0: none
	rlNextHist int
	// rlLastSearch is the text of the line editor's last ^R search
	rlLastSearch string
	// rlKills is the line editor's kill ring (readline's, up to ten
	// texts), rlKillAt the one ^Y yanks
	rlKills  [][]byte
	rlKillAt int
	// kbdMacro is the line editor's last keyboard macro (C-x ( ... C-x ))
	kbdMacro []byte
	comps    *compTable // complete's compspecs (nil: none yet)
	cshare   bool       // comps is shared with a parent or child: copy before writing

	opts options
	dir  string
	// inCwd says dir is the process's own working directory (the shell
	// has not changed directory): a child then inherits it, without the
	// chdir a spawn otherwise makes.
	inCwd bool
	// dirHandle holds dir open once cd moved there (see openDirHandle);
	// dirOwned says this runner opened it (a subshell shares its
	// parent's) and closes it on its next cd
	dirHandle *os.File
	dirOwned  bool

	// dirThread stands in dir for starting programs once it cannot be
	// searched (see dirThread); dirThreadOwned says this runner
	// started it and may move it
	dirThread      *dirThread
	dirThreadOwned bool

	umask  int
	fds    *fdTable
	params []string
	arg0   string

	exit       int // $?
	lastBg     int // $!
	pipeStatus []int
	traps      *traps

	nesting  Nesting
	subLevel int // BASH_SUBSHELL
	// subLevelAdj is added to subLevel for $BASH_SUBSHELL: bash's
	// assign_subshell sets the level an assignment gives
	subLevelAdj int
	// preRedirFds is the fd table before a simple command's
	// redirections while they are made, for withTempAssigns
	preRedirFds *fdTable
	// noticeFds is the fd table before the redirections of the program
	// running, where the notice of its death by a signal goes
	noticeFds *fdTable
	// jobsFrozen >0: bash's jobs list is frozen (the last element of a
	// lastpipe pipeline runs): notices wait in frozenNotices; a subshell
	// forked meanwhile never prints them
	jobsFrozen    int
	frozenNotices []frozenNotice
	frozenSkip    bool // the next notification is the pipeline's own: not yet
	// simpleStageLevel: this runner is a pipeline stage's simple
	// command, whose $BASH_SUBSHELL is its parent's until it calls a
	// function
	simpleStageLevel bool
	// stageLevelUp: raiseStageLevel has raised $BASH_SUBSHELL for it
	stageLevelUp bool
	// stageExpanding: this runner is a pipeline stage's simple command
	// still expanding its words, which bash's child does before it
	// resets the traps it inherited (stageExpansionExit)
	stageExpanding bool
	// stageExit: for such a child, whether its parent's EXIT trap is
	// running there (not one a command substitution only lists), and
	// the PS4 level the parent would trace it at, and the $BASH_COMMAND
	// the trap sees (stageExpansionExit)
	stageExit struct {
		live, armed bool
		level       int
		hasCmd      bool
		bashCmd     cmdText
	}
	// fatalToTop: this runner is the child bash forks for a simple
	// command (a pipeline stage, an asynchronous command) of the shell
	// itself, not of a subshell: a fatal error jumps to the -c string's
	// top level, which exits with 127 (forceEOFUnreported), until a
	// builtin that is the command itself runs under the setjmp of
	// execute_subshell_builtin_or_function
	fatalToTop bool
	bashpid    int
	// outerPids are the $BASHPID of the subshells this one runs in
	// (synthetic: they run in this process), for kill -0
	outerPids  *pidChain
	jobs       *jobTable // this shell's or subshell's own jobs
	calls      []callFrame
	sourceName string // BASH_SOURCE of the top level
	line       int    // current line for LINENO and messages
	curCmd     *ExecInfo
	lastArg    string // $_
	// lastArgEnv: $_ is still the environment's, exported (bash's
	// bind_lastarg takes the attribute off)
	lastArgEnv bool
	execString string

	// control flow
	flow     flowKind
	abortTop bool // flowAbort passes eval and source (see discardError)
	// abortPasses: which flowAbort runTop leaves to the eval or source
	// whose text it runs (runAliasRest)
	abortPasses abortPass
	// asyncInverted: this is the child of an asynchronous "! cmd &",
	// which runs cmd without its ! (asyncBody)
	asyncInverted bool
	// specBg: the command is a job spec run with & in the shell (jobspecbg.go)
	specBg bool
	// abortKeep: the abandoned line leaves $? at abortPrev (see
	// keepStatusOnDiscard)
	abortKeep bool
	abortPrev int
	flowN     int
	exitCode  int
	noErrExit int // >0 while running a context exempt from set -e
	// ignoringErrexit >0: an eval, source or command run where set -e is
	// ignored is running, and report_error does not exit (reportExits)
	ignoringErrexit int
	inTrap          bool // running a trap handler
	// inPromptCmd: running PROMPT_COMMAND, which bash, like a trap,
	// runs as non-interactive code (parse_and_execute's SEVAL_NONINT)
	inPromptCmd bool
	// bgJob is the asynchronous command this runner (or a subshell of
	// it) runs in, for settleBackground
	bgJob *job
	// jobCmd is the command of the background job this runner was made
	// for: a pipeline that is reports as the job (pipejob.go)
	jobCmd syntax.Command
	// runningTrap names the trap whose action is running ("" for none,
	// and in a subshell), trapSaved the $? its last run started with
	runningTrap string
	trapSaved   int
	inDebug     bool // running the DEBUG trap handler: it does not run itself
	// inErrTrap and inReturnTrap: the ERR or RETURN trap's action is
	// running (bash's SIG_INPROGRESS), so that trap does not run itself
	// again; both still run inside the other traps' actions
	inErrTrap bool
	// errLine is bash's line_number_for_err_trap: the line of the last
	// command other than a { }, if, loop or case, which $LINENO is in
	// the ERR trap a compound command's failed redirection runs
	errLine      int
	inReturnTrap bool
	// retTrapAt is len(calls) while a function called in this process
	// runs its body (0 outside one, and in a subshell), retTrapEarly
	// that a return out of it ran the RETURN trap already: bash runs the
	// trap where return's longjmp lands, before the unwind-protects undo
	// the redirections made inside the function (returnTrapInRedirs)
	retTrapAt    int
	retTrapEarly bool
	isSub        bool // an in-process subshell
	// forwarding: signals sent to the process already go to the program
	// the tail runs (forwardToCommand), not only after forwardToTail's
	// delay
	forwarding bool
	// beforeInPlace, set while signals are forwarded (forwardTo), makes
	// them end the process at once for a program about to replace it,
	// and returns what undoes that should the exec fail
	beforeInPlace func() (undo func())
	// liveCache is liveDir's last finding
	liveCache liveDirCache
	// notLogin: a ( ), pipeline or asynchronous subshell, where bash's
	// execute_in_subshell has turned login_shell off (logout refuses);
	// a command or process substitution keeps it
	notLogin bool
	// subChld counts the children an in-process subshell with a CHLD
	// trap of its own saw end (pipeline stages end on goroutines)
	subChld atomic.Int32
	// inChldTrap: the subshell runs its CHLD trap (see signalState's
	// chldRunning)
	inChldTrap bool
	// keepTerm leaves a terminating signal caught for the EXIT trap
	// pending for runPendingTraps (groupStmts)
	keepTerm bool
	// subIntPending: an in-process subshell sent itself SIGINT (after a
	// command substitution died by it); its INT trap is to run
	subIntPending bool
	// quitShellIgn: an in-process subshell's trap - QUIT made SIGQUIT
	// ignored again, as the shell has it (see killSelf)
	quitShellIgn bool
	// selfIntPending: an in-process subshell sent itself an untrapped
	// SIGINT, which ends it when its next command starts (stmt)
	selfIntPending bool
	// inComsub: a command substitution's shell or a subshell of one,
	// which reports no job status (bash's startup_state 2)
	inComsub bool
	// comsubWritten: a word being expanded from text read at run time
	// (compgen -W), whose $(…) bash runs as written, lines counted
	// from the "$(" line
	comsubWritten bool
	cop           *activeCoproc // the coprocess bash keeps track of
	loopDepth     int
	optind        optindState
	dirStack      []string
	ctx           context.Context
	pendingErr    error
	envGiven      bool
	curSrc        string // source text of the code running, for messages
	// wordBuf is a spare buffer that literal and pattern lend to the
	// word they build (see takeWordBuf)
	wordBuf []byte
	// patMemo and arithMemo front the shell's shared caches (memo.go)
	patMemo   patMemo
	arithMemo arithMemo
	// lastFuncKind is the Nesting kind funcKind made last
	lastFuncKind struct{ name, kind string }
	// hist is the history list (history.go), nil until set -o history
	hist *histState
	// verboseLine is the last line of the top-level source text read
	// so far, for set -v (see echoVerbose)
	verboseLine int
	// writtenSrc is the top-level program as written when the text
	// running, writtenFor, is parseProgram's rewrite of it: set -v
	// echoes its lines (a rewrite keeps every line where it was)
	writtenSrc, writtenFor string

	// hdocParenSrc is the last text srcHasHdocParen looked at, and
	// hdocParenHas its answer
	hdocParenSrc string
	hdocParenHas bool
	// hdocWarned holds the here-document warnings written ("N:
	// text"), which a syntax error's report from bash -n leaves out
	hdocWarned map[string]bool

	lastSubStatus int // status of the last command substitution, -1 if none
	// globDots is bash's noglob_dot_filenames inverted: dotglob as the
	// last pathname expansion found it, which compgen -G goes by
	globDots  bool
	pipePos   *PipelinePos
	pipeStmt  *syntax.Stmt // the pipeline element pipePos is
	temps     map[string]*variable
	tempVars  map[string]*variable // the prefix-assignment variables in place
	tempDepth map[string]int       // function nesting at which each of tempVars was made
	posixProp []string             // temporary variables to propagate (markPosixPropagate)
	forkedFor syntax.Command       // the ( ) this fork was made to run (pipeline element, &)
	// asyncExternal: this runner is an asynchronous simple command that
	// runs one external program, which bash starts with SIGINT and
	// SIGQUIT ignored (see jobSignals.ignoredEnv)
	asyncExternal bool
	// ownPgrp: the process this runner starts for an asynchronous job
	// under job control leads a process group of its own (not copied to
	// forks: a job's other processes are in it by inheritance)
	ownPgrp bool
	// fgGroup is the pid of the foreground program just started under
	// job control in a process group of its own, until the wait for it;
	// fgTermGiven says it was given the terminal, which the wait takes
	// back (jobterm.go)
	fgGroup     int
	fgTermGiven bool
	// readAtPrompt: the commands runTop is about to run were read after
	// a prompt, before which the jobs were reported (RunReader)
	readAtPrompt bool
	// asyncInt: bash's SIGINT ignore in an asynchronous subshell
	// (asyncint.go)
	asyncInt uint8
	// asyncSigs: an asynchronous pipeline's element that runs one
	// program, which starts with SIGINT and SIGQUIT ignored
	asyncSigs bool
	// intBack: the program being started is a nash reading a file
	// without #!, which gets SIGINT back (see asyncIgnores)
	intBack bool
	// bgProcess: this runner is a nash started to run an asynchronous
	// command (bgproc.go), the process bash would have forked
	bgProcess     bool
	readonlyFuncs map[string]bool
	hash          map[string]*hashEntry // the command hash table (hashcmd.go)
	hashSeq       uint64
	hashPath      string
	secondsBase   time.Time
	secondsOff    int64
	// timesBase is the process's CPU times when this subshell was
	// forked (zero in the shell itself): times reports what was used
	// since, as bash's forked child starts its rusage afresh
	timesBase cpuTimes
	// readline's word break characters as shopt hostcomplete left them
	// before COMP_WORDBREAKS was first referenced (wordbreaks.go)
	wordBreaks *string
	bashCmd    cmdText // $BASH_COMMAND, printed when read
	topParams  []string
	bashPath   string
	bashArgv0  string // for $BASH, with bashByName (BashName)
	bashByName bool

	onExec       func()
	onSpawn      func(pid int)
	forkedSimple syntax.Command // the simple command this pipeline stage runs, which runs no ERR trap
	forkedParen  syntax.Command // the ( ) this child was forked for (a pipeline stage, an asynchronous command), which runs no ERR trap in it
	// forkedParenCalls is len(calls) where forkedParen runs: the same
	// ( ) met deeper, in a function it calls (recursion), is another
	forkedParenCalls int
	soleNegated      *syntax.Stmt   // the negated sole command of the ( ) this child runs (soleNegatedStmt)
	debugDone        syntax.Command // its DEBUG trap already ran, in the shell that started this pipeline stage
	debugSkip        bool           // and, with extdebug, said to skip it
	assignTrace      *syntax.Assign // traced by assignOnly once its value is expanded, before it is stored
	assignTraceFn    func()
	stageGo          *stageStart // fired once this pipeline stage's first command is under way (stagestart.go)
	job              *job
	jobSig           *jobSignals // kill's signals for this in-process background subshell
	tail             *execTail   // the command bash would exec in place of this ( ) subshell
	inParen          bool        // in a ( ) subshell, or forked from one (bash's SUBSHELL_PAREN)
	pipeParen        bool        // the ( ) of a pipeline element: its tail runs outside the pipe environment
	stageDeath       *stageDeath // a foreground pipeline stage's: how its own process died (pipejob.go)
	async            bool        // in an asynchronous job, coprocess or process substitution: not the shell's foreground
	asyncShell       bool        // in an asynchronous job or coprocess (not a process substitution): bash's interactive_shell is off there
	tailInt          bool        // the command bash would exec in this runner's place died by SIGINT
	execBuiltin      bool        // the exec builtin is running a program
	curStmt          *syntax.Stmt
	keepRedirs       bool
	varFds           []int // fds {var} redirections allocated, kept past their command
	lostFds          []int // fds moved away (m>&n-) to an fd that was closed: not restored
	// savedFds are the fd numbers bash's copies of redirected fds hold
	// while the command runs (add_undo_redirect dups each to the lowest
	// free fd from 10): nash undoes from its table instead, but a {var}
	// redirection allocates around them as bash's does
	savedFds         []int
	inSpecialBuiltin bool
	specialUsage     bool // the builtin running failed with a usage or syntax error (EX_USAGE)
	// declBadAssign: the declaration running met an assignment error,
	// for which bash's builtin returns EX_BADASSIGN (declAssignError)
	declBadAssign bool
	// specialFailed: the simple command just run was a special builtin
	// that failed so in POSIX mode (bash's special_builtin_failed)
	specialFailed bool
	specialNow    bool // the usage error ends a POSIX shell at once (usageFatal)
	// pairEOF: the last syntax error reported was an unterminated quote or
	// pair, or in a [[ ]] expression (bash's parser_error, which leaves
	// the status 2, not EX_BADSYNTAX: no POSIX exit from eval or source)
	pairEOF bool
	// ignoreBase is noErrExit where the innermost eval, source or trap
	// action began: what they run is parsed afresh, without the
	// CMD_IGNORE_RETURN of the context (specialExit)
	ignoreBase       int
	inCommandBuiltin int // >0 while the command builtin runs a builtin: POSIX-mode errors do not exit
	disabled         map[string]bool
	aliasDepth       int
	aliasGuard       *aliasGuard // the alias text tryAlias is running
	aliasTopSrc      string      // the top-level text parsed with aliases expanded (aliasparse.go)
	inSource         bool
	traceLevel       int
	forkLevel        int // a subshell's: the traceLevel of the shell it was forked from
	// forkPE: this subshell runs its text as bash's parse_and_execute
	// does (a command or process substitution), not as a forked ( )
	forkPE bool
	// outerPE: bash's child for this subshell inherits a
	// parse_and_execute frame from where it was forked (a -c string
	// aside): eval, source, a trap action or a substitution's text was
	// running there, and an error that unwinds to the top level
	// (topUnwind) passes the child's run_exit_trap to land in the reader
	outerPE bool
	// stmtPrevExit is $? as the current statement began: bash's
	// last_command_exit_value when an error jumps out of it
	stmtPrevExit  int
	lineOff       int
	lineConts     []int // lines ending in a continuation bash removed from a substitution (comsub_lines.go)
	contsEnd      int   // the last line lineConts applies to
	lastAssigned  string
	noticeLine    int         // bash's line_number between commands: the line of a job notice (jobnotice.go)
	parenLeft     bool        // a ( ) in a pipeline set noticeLine (parenline.go)
	parenEnds     bool        // the -c string ends with a ( ) whose traps stay pending (parenend.go)
	arithDbl      int         // dblDepth where the innermost $(( )) being expanded started (arithAnsiC)
	arithAnsiWord bool        // expanding a ${…} of arithmetic text, whose $'…' are '…' (arithPartLiteral)
	prefixVals    []preAssign // the running command's prefix assignments, expanded (prefixvals.go)
	procFds       []procFD
	lastProcSubst *job
	stdinRedir    bool // bash's stdin_redir: async commands keep stdin instead of /dev/null
	lastpipeFDs   *fdTable
	exitTrapRan   bool
	// exitTrapPE is the index in peCalls of the EXIT trap's text once
	// it runs: bash's run_exit_trap catches a set -e jump there, so the
	// texts outside it unwind nothing (popContextErrors)
	exitTrapPE int
	// dump: DumpStrings is listing the $"…" strings read (dumpstrings.go)
	dump *stringDump
	// promptRead is how many lines of the command being read were read
	// when PS2 or PS0 was written (promptHistNumber)
	promptRead int
	// forcedEOF: a fatal error ended the shell (forceEOF), as bash's
	// jump to top level with FORCE_EOF (see runExitTrap)
	forcedEOF         bool
	retPrev           int // $? as the last return ran, for the RETURN trap
	errTrapOwnerDepth int
	condNot           bool // a ! applies to the next traced [[ ]] term
	psOwned           bool // pipeStatus may be written in place
	dblDepth          int  // inside double quotes during expansion
	hdocDepth         int  // expanding a here-document body: $'…' stays literal
	discardLine       int  // where an expansion error gave up a top-level command (see runTop)
	// childMsg: the message being written is one bash's forked child
	// writes (command not found, exec failures), which SIGPIPE kills
	// alone; childPiped records that it met a broken pipe (writeErr)
	childMsg, childPiped bool
	prefixExpanding      bool // expanding a prefix assignment's value (prefixValue)
	// tempEnv: how the builtin running holds its command's prefix
	// assignments (runTempBuiltin)
	tempEnv      tempEnvMode
	discardShift int // what such errors took off the lines read after them
	// textCalls is len(calls) where the text being read (the script, a
	// sourced file, an eval'd string) began: an expansion error counts
	// for its lines only there, not in a function, which restores
	// bash's line_number as it unwinds
	textCalls int
	// envElemBad: envElemCall reported an element assignment
	envElemBad bool
	// envElemLate holds, outside POSIX mode, the element assignments
	// written before a command name, reported in their place among the
	// assignments once the words are expanded (flushEnvElems)
	envElemLate   []lateEnvElem
	hdocParams    int              // ${…} being expanded in a here-document body, nested
	hdocPatDollar bool             // a pattern inside such a word: $'…' is "$" and '…' (expand.go)
	patDbl        bool             // expanding a pattern written in double quotes or a here-document (ansiname.go)
	inlineOp      *syntax.ParamExp // ${x+word}/${x-word} whose word expandParamPart expands in place
	starJoinIFS   bool             // the expansion is quoted or not split: $* joins with IFS for ${*:-w}
	op            opContext        // where the parameter expansion being expanded stands
	// tildeColonOnly: an assignment's value has had a tilde expansion,
	// after which only a ':' ends a tilde prefix besides the '/' (bash's
	// tilde_additional_suffixes, which bash_tilde_expand sets for good:
	// before it, "=~" ends one too and echo ~=~ is $HOME=~)
	tildeColonOnly bool
	dblAtWord      bool                   // the "…" being expanded holds a "$@" list: see starSplitJoin
	dblStart       [2]int                 // fields and bytes of the word when that "…" began
	rlimits        map[int]syscall.Rlimit // subshell ulimit overlay; copy on write
	readAhead      *lineReader            // last regular file read by read
	xtraceFD       int                    // 1 + the fd BASH_XTRACEFD names for xtrace; 0: stderr
	xtraceVal      string                 // the BASH_XTRACEFD value xtraceFD follows
	xtracePin      int                    // 1 + the fd xtrace lines go to for now, overriding xtraceFD
	// xtraceFDWarned: the invalid BASH_XTRACEFD value of a prefix
	// assignment traceCall reported already (setXtraceFD skips it once)
	xtraceFDWarned string
	tracePending   string   // case heads bash's BASH_XTRACEFD stream holds unflushed (tracebuf.go)
	setParamsTop   bool     // bash's ARGS_SETBLTIN: set replaced $@ outside a function since the last .
	startupWarn    []string // see StartupWarnings
	startupErr     []string // see StartupErrors
	// cwdLost is bash's the_current_working_directory being NULL: the
	// shell's directory has no path (removed under it) and pwd failed
	// to find one, or the shell started there. pwd and cd complain.
	cwdLost bool
	// cwdName is bash's name for a lost directory once cd gave it one
	// that still has no path (cd . there: "."): pwd prints it, and cd
	// no longer complains.
	cwdName string
	// ps4Exit: an expansion error of PS4 ended the shell under set -e;
	// the trace it was for is not written
	ps4Exit bool
	// tempMerged: the builtin withTempAssigns ran keeps its prefix
	// assignments (POSIX special builtin), which are not disposed of
	tempMerged bool

	// lastElem is the value an array element was last given, after its
	// attributes (-i, -u, …): ${a[k]=v} expands to it
	lastElem string

	// namedCmds counts the simple commands with a name run so far
	// (syntaxErrorStatus)
	namedCmds uint64

	// selfKilled: kill $BASHPID ended this in-process subshell by this
	// signal (killSelf)
	selfKilled   syscall.Signal
	selfKillPrev int // $? when it came (for the EXIT trap)

	// recDepth counts the eval, source and trap levels and in-process
	// subshells this runner is nested in (recursion.go)
	recDepth int

	// quietTail is the statement of a ( ) subshell whose end ends the
	// subshell with no check for pending signals in between (its last
	// one, followed into { } groups and function bodies); selfKillQuiet
	// records that killSelf ran there (subStatus).
	quietTail     *syntax.Stmt
	selfKillQuiet bool
}

type flowKind uint8

const (
	flowNone flowKind = iota
	flowBreak
	flowContinue
	flowReturn
	flowExit
	flowAbort // abandon the current top-level command (expansion error)
)

type callFrame struct {
	funcName string
	sourced  bool // a . or source frame, not a function call
	source   string
	line     int // line the call was made from
	args     []string
	// path is the file a source frame read: with extdebug, a . without
	// arguments of its own shows it on BASH_ARGV (bash's _evalfile)
	path string
	// noArgv: the call was made with extdebug off, so bash pushed
	// nothing of it on BASH_ARGV and BASH_ARGC (a . without arguments
	// pushed its path on dynSeen's arrays instead: sourceArgv)
	noArgv bool
	// body is the called function's body, nil for a source frame (and
	// in a background job's copy of the frames)
	body *syntax.Stmt
	// setOpts holds the set -o options saved by `local -`, restored
	// when the function returns; nil when the function did not save them
	setOpts *[numSetOpts]bool
	// hidden are the traps the call hid (enterFuncTraps), which the
	// set -e unwinding of popContextErrors puts back
	hidden hiddenTraps
}

type funcDef struct {
	name   string
	body   *syntax.Stmt
	source string
	line   int
	trace  bool
	export bool
	src    string // source text the body's positions refer to
	// aliasesRead: src was read with the aliases of the definition
	// expanded (aliasesParsed), so a call expands none at run time
	aliasesRead bool
	// lineOff is the line offset in force where it was defined (an eval
	// or a substitution's): its body counts lines from there, whoever
	// calls it
	lineOff int
	// lineConts and contsEnd: the continuations removed there too
	lineConts []int
	contsEnd  int
	// lazy, in a nash started for a job, parses body and src on first
	// use (see load)
	lazy *lazyBody
}

// Option configures a Runner.
type Option func(*Runner) error

// New returns a Runner with bash's initial state: variables from the
// process environment unless Env is given, stdio from the process unless
// StdIO is given.
func New(opts ...Option) (*Runner, error) {
	r := &Runner{
		sh: &shell{
			pid:       os.Getpid(),
			ppid:      os.Getppid(),
			start:     time.Now(),
			name:      "bash",
			patterns:  map[patKey]*compiledPattern{},
			arithMemo: map[string]syntax.ArithmExpr{},
		},
		vars:    newVarStore(),
		funcs:   map[string]*funcDef{},
		umask:   -1,
		arg0:    "bash",
		ctx:     context.Background(),
		peLoops: -1,
	}
	r.sh.jobs = newJobTable()
	r.jobs = r.sh.jobs
	r.randState, r.randSeeded = uint32(time.Now().UnixNano())^uint32(r.sh.pid), true
	r.bashpid = r.sh.pid
	r.fds = newFDTable(os.Stdin, os.Stdout, os.Stderr)
	r.traps = &traps{}
	for sig := range hardIgnored {
		r.traps.set(signalName(int(sig)), "", false)
	}
	r.opts = defaultOptions()
	r.nesting = Nesting{Kind: "top"}
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(r); err != nil {
			return nil, err
		}
	}
	if !r.envGiven {
		r.importEnv(os.Environ())
	}
	if r.dir == "" {
		d, err := os.Getwd()
		if err != nil {
			// the directory has no path (removed): bash carries on in
			// it, as its children do. The kernel's link to the
			// process's directory stands for it (a subshell forked
			// later is there too); "/" would run everything in /.
			d, r.cwdLost = "/proc/self/cwd", true
			r.startupErr = append(r.startupErr, getcwdErrText("shell-init"))
		}
		r.dir, r.inCwd = d, true
	}
	if r.umask < 0 {
		r.umask = processUmask()
	}
	r.sh.startName = r.bashArgv0
	if r.sh.cmdString || r.sh.stdinCmds {
		// bash -c CMD NAME names the shell NAME
		r.sh.startName = r.arg0
	}
	r.initVars()
	return r, nil
}

// shellName is the name the shell was started by (or the $0 given
// after a -c string), "bash" when unknown.
func (sh *shell) shellName() string {
	if sh.startName == "" {
		return "bash"
	}
	return sh.startName
}

// Env makes the Runner start with the given NAME=value pairs (exported)
// instead of the process environment.
func Env(environ []string) Option {
	return func(r *Runner) error {
		r.importEnv(environ)
		r.envGiven = true
		return nil
	}
}

// Dir sets the initial working directory.
func Dir(dir string) Option {
	return func(r *Runner) error { r.dir = dir; return nil }
}

// StdIO sets fds 0, 1 and 2. Nil keeps the process's own.
func StdIO(in, out, errw *os.File) Option {
	return func(r *Runner) error {
		if in == nil {
			in = os.Stdin
		}
		if out == nil {
			out = os.Stdout
		}
		if errw == nil {
			errw = os.Stderr
		}
		r.fds = newFDTable(in, out, errw)
		return nil
	}
}

// WithGate installs a Gate. Nil means allow everything.
func WithGate(g Gate) Option {
	return func(r *Runner) error { r.sh.gate = g; return nil }
}

// Params sets $0 and the positional parameters.
func Params(arg0 string, args ...string) Option {
	return func(r *Runner) error {
		r.arg0 = arg0
		r.params = append([]string(nil), args...)
		return nil
	}
}

// ShellName sets the name used in messages before $0 is known ("bash",
// "sh" or "nash").
func ShellName(name string) Option {
	return func(r *Runner) error { r.sh.name = name; return nil }
}

// Interactive makes the shell an interactive one (bash -i): $- has i
// and messages are worded as an interactive bash words them. cmds is
// false when the commands come from a script file (bash -i FILE).
func Interactive(cmds bool) Option {
	return func(r *Runner) error {
		r.sh.interactive, r.sh.interactiveCmds = true, cmds
		return nil
	}
}

// StdinCommands marks the shell as reading its commands from stdin (no
// script file, no -c, or -s): bash's $- then has s.
func StdinCommands() Option {
	return func(r *Runner) error { r.sh.stdinCmds = true; return nil }
}

// StdinFlag records a -s given along with -c: the string is run, yet
// bash's read_from_stdin is set and $- has s.
func StdinFlag() Option {
	return func(r *Runner) error { r.sh.dashS = true; return nil }
}

// Version sets NASH_VERSION.
func Version(v string) Option {
	return func(r *Runner) error { r.sh.version = v; return nil }
}

// CommandString marks the Runner as running a -c string: bash numbers
// lines in its messages differently then.
func CommandString(s string) Option {
	return func(r *Runner) error { r.sh.cmdString = true; r.execString = s; return nil }
}

// RealBash gives the Runner a way to find the real bash; when set, syntax
// errors in eval, source and the like are worded by bash itself (bash -n).
func RealBash(find func() string) Option {
	return func(r *Runner) error { r.sh.realBash = find; return nil }
}

// Context sets the context whose cancellation stops the Runner.
func Context(ctx context.Context) Option {
	return func(r *Runner) error { r.ctx = ctx; return nil }
}

func (r *Runner) importEnv(environ []string) {
	for _, kv := range environ {
		i := strings.IndexByte(kv, '=')
		if i <= 0 {
			continue
		}
		if r.importFunc(kv) {
			continue
		}
		name := kv[:i]
		if !validName(name) {
			r.vars.invalidEnv = append(r.vars.invalidEnv, kv)
			continue
		}
		if name == sigIgnEnv {
			continue
		}
		if strings.HasPrefix(name, "BASH_FUNC_") {
			continue
		}
		v := r.vars.own(name)
		v.kind, v.set, v.str = kString, true, kv[i+1:]
		v.attrs |= aExport
	}
	r.vars.envDirty = true
	r.noteLocale()
	r.localeStartup()
}

// Exited reports whether the program ran exit (or failed fatally).
func (r *Runner) Exited() bool { return r.flow == flowExit }

// ExitStatus returns $? (or the argument of exit).
func (r *Runner) ExitStatus() int {
	if r.flow == flowExit {
		return r.exitCode
	}
	return r.exit
}

// SetOpt turns a `set -o` option on or off by name ("errexit", ...);
// single letters are accepted too. It reports whether name was known.
func (r *Runner) SetOpt(name string, on bool) bool {
	// an option given at startup is in $BASHOPTS from the start
	defer func() { r.opts.bashoptsShown = nil }()
	if len(name) == 1 {
		return r.opts.setShort(name[0], on)
	}
	if name == "posix" || name == "ignoreeof" {
		// -o posix and -o ignoreeof bind their variables as set -o
		// does (-o history at startup does not read the history file)
		return r.setLongOpt(name, on)
	}
	return r.opts.setLong(name, on)
}

// SetPosixFlag turns POSIX mode on as bash's --posix does while it reads
// its options: the flag and POSIXLY_CORRECT, not yet the shopts POSIX
// mode turns on; InitPosix does that after the options, as bash's
// sv_strict_posix does, so --posix +o posix leaves them as they were.
func (r *Runner) SetPosixFlag() {
	r.opts.set[optPosix] = true
	r.setScalar("POSIXLY_CORRECT", "y", false)
}

// InitPosix turns on the shopts of POSIX mode when SetPosixFlag's flag
// is still on after the startup options.
func (r *Runner) InitPosix() {
	if !r.opts.on(optPosix) {
		return
	}
	shown := r.opts.bashoptsShown
	r.opts.set[optPosix] = false
	r.opts.setLong("posix", true)
	r.opts.bashoptsShown = shown
}

// SetShopt turns a shopt option on or off.
func (r *Runner) SetShopt(name string, on bool) bool {
	r.opts.bashoptsShown = nil
	return r.opts.setShopt(name, on)
}

// StartedAsSh makes $BASHOPTS list the shopts as they were before POSIX
// mode turned some on: bash started as sh (without --posix or -o posix)
// turns POSIX mode on after its startup, when $BASHOPTS is already set.
func (r *Runner) StartedAsSh() {
	if !r.opts.on(optPosix) {
		return
	}
	shown := append([]bool(nil), r.opts.shopt[:]...)
	for j, sh := range posixShopts {
		shown[sh] = r.opts.beforePosix[j]
	}
	r.opts.bashoptsShown = shown
}

// SetVar sets a plain variable, optionally exported.
func (r *Runner) SetVar(name, value string, export bool) {
	v := r.vars.own(name)
	v.kind, v.set, v.str = kString, true, value
	if export {
		v.attrs |= aExport
		r.vars.envDirty = true
	}
}

// Var returns a variable's scalar value and whether it is set.
func (r *Runner) Var(name string) (string, bool) {
	v := r.lookup(name)
	return v.value(), v.isSetScalar()
}

// Environ returns the exported environment as children would see it.
func (r *Runner) Environ() []string { return r.childEnv() }

// SetSourceName sets the name reported for the top-level program (BASH_SOURCE
// and error messages).
func (r *Runner) SetSourceName(name string) { r.sourceName = name }

// Stderr writes to the runner's fd 2.
func (r *Runner) Stderr() io.Writer { return r.fds.writer(2) }

// opContext is where the parameter expansion being expanded stands, for
// the words of its operators (${x-word}, ${x=word} …).
type opContext struct {
	assignRHS bool // in an assignment's value: see opWordText
	ctlRHS    bool // its words expand as one: see fieldBuilder.ctlRHS
	quoted    bool // in double quotes
	starSpace bool // its words join * lists as $@: see fieldBuilder.starSpace
}
