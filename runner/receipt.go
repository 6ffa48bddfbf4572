package runner

import "time"

// Status values of a finished command.
const (
	StatusRunning   = "running"
	StatusExited    = "exited"    // the shell exited on its own
	StatusSignaled  = "signaled"  // the shell died of a signal the runner did not send to end it
	StatusTimedOut  = "timed-out" // the timeout expired and the runner ended the tree
	StatusCancelled = "cancelled" // Terminate or Close ended the tree
)

// Digest names content by its BLAKE3-256 hash (lowercase hex) and size.
type Digest struct {
	BLAKE3 string `json:"blake3"`
	Size   int64  `json:"size"`
}

// Runtime identifies the shell binary a command ran under.
type Runtime struct {
	Path   string `json:"path"`
	BLAKE3 string `json:"blake3"`
}

// Receipt is the record of one command. It is written once when the
// command finished and never changes afterwards.
type Receipt struct {
	CallID        string    `json:"call_id"`
	SessionID     string    `json:"session_id,omitempty"`
	ParentShellID string    `json:"parent_shell_id,omitempty"` // NUCLEIC_NASH_SHELL_ID of the request env
	Command       Digest    `json:"command"`                   // the command text
	Cwd           string    `json:"cwd"`
	Runtime       Runtime   `json:"runtime"`
	PTY           bool      `json:"pty"`
	Pid           int       `json:"pid"`
	StartedAt     time.Time `json:"started_at"`
	EndedAt       time.Time `json:"ended_at"`
	DurationMs    int64     `json:"duration_ms"`
	Status        string    `json:"status"`
	// ExitCode is the shell's status as bash reports it in $?: the exit
	// code, or 128+N when the shell died of signal N.
	ExitCode int `json:"exit_code"`
	// Signal names the signal that killed the shell, if one did.
	Signal     string    `json:"signal,omitempty"`
	Timeout    float64   `json:"timeout_s"`
	Stdout     Digest    `json:"stdout"`
	Stderr     Digest    `json:"stderr"`
	Workspace  Workspace `json:"workspace"`
	Stragglers int       `json:"stragglers"` // processes outside the group the runner had to end
	Errors     []string  `json:"errors,omitempty"`
}
