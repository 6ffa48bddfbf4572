package interp

import (
	"context"
	"os"
	"time"
)

// Gate is consulted by the Runner at every choke point of the shell: before
// and after each simple command, at each redirection, at each pipeline link,
// after each command substitution, and on state changes. It is
// verdict-shaped so that a policy can refuse a command without a second set
// of hooks.
//
// A nil Gate (the default) allows everything and costs one nil check per
// hook. Hooks run on the goroutine of the command they describe; commands
// of one pipeline, background jobs and process substitutions run
// concurrently, so an implementation must be safe for concurrent use.
// A hook must not block for long: the command it describes is waiting.
// Hooks must not retain the *os.File values they are given past the call
// that hands them over, except through the returned closers.
type Gate interface {
	// ExecStart is called before a simple command runs (external, builtin
	// or function), after its words were expanded and its path resolved
	// and before its redirections are opened. A Verdict with Deny set makes
	// the command fail with Verdict.Status (126 if zero) and
	// Verdict.Message on stderr; the shell carries on. The Gate may store
	// its own state in c.GateData; the same *ExecInfo is passed to the
	// matching ExecEnd and to the command's Redirect calls.
	ExecStart(ctx context.Context, c *ExecInfo) Verdict

	// ExecEnd is called once the command finished (or was denied, or
	// failed to start), with its result.
	ExecEnd(ctx context.Context, c *ExecInfo, res ExecResult)

	// Redirect is called once a redirection is in place: for path targets
	// after the file was opened for real. It may return a function that is
	// called when the redirection is undone (after the command finished),
	// which is when read-back of regular files should happen. For stream
	// targets (here-documents, here-strings) Info.Body holds the bytes.
	Redirect(ctx context.Context, r *RedirectInfo) (done func())

	// Pipe is called while a pipeline link is wired. Returning a non-nil
	// PipeTap makes the Runner interpose a copier between the two stages
	// that hands every chunk to the tap; a nil return leaves the link a
	// plain kernel pipe.
	Pipe(ctx context.Context, p *PipeInfo) PipeTap

	// CmdSubst is called after a command substitution produced its text
	// (before trailing newlines are removed).
	CmdSubst(ctx context.Context, c *CmdSubstInfo, text []byte)

	// State is called for cd, export/declare/unset/readonly/local, source
	// and function definitions. It carries names, never values.
	State(ctx context.Context, s *StateInfo)
}

// Verdict is a Gate's answer to ExecStart. The zero value allows.
type Verdict struct {
	Deny    bool
	Status  int    // exit status of a denied command; 126 if zero
	Rule    string // which rule denied, for the record
	Message string // printed on stderr as "nash: line N: MESSAGE"
}

// Nesting says in what context a command runs. Kind is one of "top",
// "subshell", "cmdsub", "procsubst", "function:NAME", "source:PATH",
// "trap:SIG" or "eval"; Depth counts the enclosing contexts (0 at top).
type Nesting struct {
	Depth int
	Kind  string
}

// PipelinePos locates a command in a pipeline. ID is unique per Runner
// tree (a shell process).
type PipelinePos struct {
	ID, Index, Len int
}

// ExecInfo describes a simple command about to run.
type ExecInfo struct {
	Argv     []string     // after expansion
	Path     string       // resolved path of an external; "" for builtins and functions
	Builtin  bool         // a shell builtin (special or regular)
	Function bool         // a shell function
	Dir      string       // the runner's working directory
	Pipeline *PipelinePos // nil outside a pipeline of 2 or more
	Nesting  Nesting
	Line     int // line number in its source
	// Tainted holds the values of variables with secret-looking names
	// (see SecretName) that were expanded into Argv, so a Gate can mask
	// them by provenance whatever their shape. Nil when there are none.
	Tainted  []string
	Start    time.Time
	GateData any // owned by the Gate
}

// ExecResult is what ExecEnd sees.
type ExecResult struct {
	Pid      int // 0 for builtins and functions (they run in the shell)
	Status   int // exit status as $? shows it
	Duration time.Duration
	Denied   bool
	Rusage   *RUsage // nil when unavailable
}

// RUsage is the subset of a child's resource usage the shell reports.
type RUsage struct {
	UserTime, SysTime time.Duration
	MaxRSSKiB         int64
}

// RedirectInfo describes one redirection in place.
type RedirectInfo struct {
	Cmd     *ExecInfo // the simple command it belongs to; nil on compound commands and exec
	Op      string    // ">", ">>", "<", "&>", "&>>", "<<", "<<-", "<<<", ">|", "<>", ">&", "<&"
	Fd      int       // the fd being redirected
	Path    string    // target path as written after expansion, for file targets
	DupFd   int       // for dups: the source fd; -1 otherwise (also -1 for close, "-")
	Heredoc bool      // here-document or here-string
	Body    []byte    // here-document / here-string bytes after expansion
	File    *os.File  // the opened file for path targets; valid only during the call
	Flags   int       // open(2) flags used for path targets
	Special bool      // the target is not a regular file (device, fifo, socket, tty)
	Offset  int64     // for ">>": file size before the command ran; else 0
}

// PipeInfo describes one pipeline link between stage From and From+1.
type PipeInfo struct {
	Pipeline PipelinePos // Index is the writing stage
	Nesting  Nesting
}

// PipeTap receives a copy of every chunk that crosses a tapped link. Write
// must not block and must not retain p; its error is ignored (the bytes
// still flow). Close is called once when the link is drained, with failed
// set if the copier could not keep tapping (the link degraded to plain
// passthrough).
type PipeTap interface {
	Write(p []byte) (int, error)
	Close(failed bool)
}

// CmdSubstInfo describes a finished command substitution.
type CmdSubstInfo struct {
	Cmd     *ExecInfo // the simple command whose words contained it; nil elsewhere
	Nesting Nesting   // of the substitution's own commands
	Status  int
}

// StateInfo describes a change of shell state. Values are never included.
type StateInfo struct {
	Op    string   // "cd", "export", "declare", "unset", "readonly", "local", "source", "function"
	Names []string // variable or function names; the path for "source"
	From  string   // cd: previous directory
	To    string   // cd: new directory
}
