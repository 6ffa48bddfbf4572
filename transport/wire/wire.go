// Package wire holds the JSON schema of the batches nash sends to the
// collector (design section 3). It is the only package the collector and the
// shell share; it has no dependencies beyond the standard library.
package wire

// BatchType is the value of Batch.Type for every shell batch.
const BatchType = "shell-batch"

// Event kinds (design section 3).
const (
	KindExec     = "exec"
	KindStart    = "start"
	KindRedirect = "redirect"
	KindPipe     = "pipe"
	KindCmdSub   = "cmdsub"
	KindCd       = "cd"
	KindExport   = "export"
	KindFallback = "fallback"
	KindDropped  = "dropped"
	KindDeny     = "deny"
)

// Batch is the body of POST /shell-event. ParentShell is nil (JSON null) for
// a shell that was not started by another nash.
type Batch struct {
	Type        string  `json:"type"`
	Source      string  `json:"source"`
	SessionID   string  `json:"sessionId"`
	ShellID     string  `json:"shellId"`
	ParentShell *string `json:"parentShell"`
	CallID      string  `json:"callId,omitempty"`
	Events      []Event `json:"events"`
}

// Pipeline locates a simple command inside a pipeline.
type Pipeline struct {
	ID    int `json:"id"`
	Index int `json:"index"`
	Len   int `json:"len"`
}

// Nesting says how deep a command runs and in what kind of context:
// "top", "subshell", "cmdsub", "procsubst", "function:NAME",
// "source:PATH", "trap:SIG" or "eval".
type Nesting struct {
	Depth int    `json:"depth"`
	Kind  string `json:"kind"`
}

// Target is what a redirection points at: exactly one of Path, FD or
// Heredoc is meaningful.
type Target struct {
	Path    string `json:"path,omitempty"`
	FD      *int   `json:"fd,omitempty"`
	Heredoc bool   `json:"heredoc,omitempty"`
}

// Event is one record. Kind, Seq and TS are always present; the other
// fields belong to the kinds named in their comments and are omitted
// otherwise. Pointer fields distinguish "zero" from "absent" where zero is
// a meaningful value (exit code 0, builtin false, 0 bytes).
type Event struct {
	Kind string `json:"kind"`
	Seq  uint64 `json:"seq"`
	TS   int64  `json:"ts"` // Unix milliseconds

	// redirect, cmdsub, deny, start: the seq of the exec event's command.
	CmdSeq uint64 `json:"cmdSeq,omitempty"`

	// exec, start
	Argv         []string  `json:"argv,omitempty"`
	ResolvedPath string    `json:"resolvedPath,omitempty"`
	Builtin      *bool     `json:"builtin,omitempty"`
	Cwd          string    `json:"cwd,omitempty"`
	Pid          int       `json:"pid,omitempty"`
	ExitCode     *int      `json:"exitCode,omitempty"`
	DurationMs   *int64    `json:"durationMs,omitempty"`
	Pipeline     *Pipeline `json:"pipeline,omitempty"`
	Nesting      *Nesting  `json:"nesting,omitempty"`

	// redirect (Op), export (Op: export, declare, unset, readonly, local)
	Op      string  `json:"op,omitempty"`
	Target  *Target `json:"target,omitempty"`
	Mode    string  `json:"mode,omitempty"`
	Special *bool   `json:"special,omitempty"`

	// redirect, pipe, cmdsub
	Bytes      *int64 `json:"bytes,omitempty"`
	Truncated  *bool  `json:"truncated,omitempty"`
	Blake3     string `json:"blake3,omitempty"` // BLAKE3-256, lowercase hex, over all bytes
	PreviewB64 string `json:"previewB64,omitempty"`
	Binary     *bool  `json:"binary,omitempty"`

	// pipe
	PipelineID *int  `json:"pipelineId,omitempty"`
	FromIndex  *int  `json:"fromIndex,omitempty"`
	ToIndex    *int  `json:"toIndex,omitempty"`
	TapFailed  *bool `json:"tapFailed,omitempty"`

	// cd
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`

	// export
	Names []string `json:"names,omitempty"`

	// fallback (parse-error, disabled, internal-error), dropped (buffer-full, cap)
	Reason string `json:"reason,omitempty"`
	Input  string `json:"input,omitempty"`
	Count  int    `json:"count,omitempty"`

	// deny
	Rule    string `json:"rule,omitempty"`
	Message string `json:"message,omitempty"`
}
