package runner

import (
	"os"
	"path/filepath"
	"time"
)

// Option configures a Service built by New.
type Option func(*config)

type config struct {
	stateDir       string
	nashPath       string
	sessionID      string
	baseEnv        []string
	defaultCwd     string
	defaultTimeout time.Duration
	maxTimeout     time.Duration
	grace          time.Duration
	drain          time.Duration
	outputLimit    int64
	maxOutputLimit int64
	maxCommand     int
	maxRunning     int
	keepFinished   int
	scanFiles      int
	scanBytes      int64
	subreaper      bool
	redact         func([]byte) []byte
}

func defaultConfig() config {
	cwd, _ := os.Getwd()
	return config{
		stateDir:       DefaultStateDir(),
		baseEnv:        nil, // nil means os.Environ() at start time
		defaultCwd:     cwd,
		defaultTimeout: 10 * time.Minute,
		maxTimeout:     24 * time.Hour,
		grace:          2 * time.Second,
		drain:          250 * time.Millisecond,
		outputLimit:    64 << 10,
		maxOutputLimit: 1 << 20,
		maxCommand:     maxArgStrlen(),
		maxRunning:     64,
		keepFinished:   1024,
		scanFiles:      10000,
		scanBytes:      64 << 20,
		subreaper:      true,
		redact:         redactBytes,
	}
}

// DefaultStateDir returns $XDG_DATA_HOME/nashd/runner, falling back to
// ~/.local/share/nashd/runner, and to a directory under os.TempDir when no
// home directory is known.
func DefaultStateDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "nashd", "runner")
	}
	if h, err := os.UserHomeDir(); err == nil && h != "" {
		return filepath.Join(h, ".local", "share", "nashd", "runner")
	}
	return filepath.Join(os.TempDir(), "nashd-runner")
}

// WithStateDir sets the directory holding spool files, artifacts and
// receipts. Default: DefaultStateDir().
func WithStateDir(dir string) Option { return func(c *config) { c.stateDir = dir } }

// WithNashPath sets the shell binary commands run under as `<path> -lc cmd`.
// A name without a slash is looked up on PATH. Default: "nash" next to the
// running executable if present, else "nash" on PATH.
func WithNashPath(path string) Option { return func(c *config) { c.nashPath = path } }

// WithSessionID sets the session id used when a request's env carries no
// NUCLEIC_SESSION_ID; it is exported to the shell and recorded in receipts.
func WithSessionID(id string) Option { return func(c *config) { c.sessionID = id } }

// WithBaseEnv sets the environment every command starts from, before the
// request's additions. Default: the runner's own environment at start time.
func WithBaseEnv(env []string) Option {
	return func(c *config) { c.baseEnv = append([]string{}, env...) }
}

// WithDefaultCwd sets the working directory of requests that give none.
// Default: the runner's working directory when New is called.
func WithDefaultCwd(dir string) Option { return func(c *config) { c.defaultCwd = dir } }

// WithTimeouts sets the timeout of requests that give none and the largest
// timeout a request may ask for. Zero leaves a value unchanged.
// Defaults: 10 minutes and 24 hours.
func WithTimeouts(def, max time.Duration) Option {
	return func(c *config) {
		if def > 0 {
			c.defaultTimeout = def
		}
		if max > 0 {
			c.maxTimeout = max
		}
	}
}

// WithGrace sets how long a process tree gets between SIGTERM and SIGKILL.
// Default: 2 s.
func WithGrace(d time.Duration) Option { return func(c *config) { c.grace = d } }

// WithOutputLimits sets the default and the largest number of raw bytes one
// output poll returns. Defaults: 64 KiB and 1 MiB.
func WithOutputLimits(def, max int64) Option {
	return func(c *config) {
		if def > 0 {
			c.outputLimit = def
		}
		if max > 0 {
			c.maxOutputLimit = max
		}
	}
}

// WithMaxCommandBytes bounds the length of a command text. Default: the
// longest text the kernel takes as one exec argument (`nash -lc CMD`):
// 32 pages less the NUL, 131071 bytes with 4 KiB pages. A larger limit
// is allowed, but longer commands then fail to start with ErrTooLarge.
func WithMaxCommandBytes(n int) Option { return func(c *config) { c.maxCommand = n } }

// maxArgStrlen is Linux's MAX_ARG_STRLEN (32 pages, NUL included) less
// the NUL: the longest single exec argument.
func maxArgStrlen() int { return 32*os.Getpagesize() - 1 }

// WithMaxRunning bounds the number of commands running at once; Start
// fails with ErrBusy beyond it. Default: 64.
func WithMaxRunning(n int) Option { return func(c *config) { c.maxRunning = n } }

// WithKeepFinished sets how many finished commands stay in memory; older
// ones are answered from their receipt file. Default: 1024.
func WithKeepFinished(n int) Option { return func(c *config) { c.keepFinished = n } }

// WithWorkspaceLimits bounds the workspace scan done before and after each
// command: at most files regular files and symlinks listed and at most
// bytes bytes hashed per scan. Beyond either, the receipt's workspace is
// marked truncated. Defaults: 10000 files, 64 MiB.
func WithWorkspaceLimits(files int, bytes int64) Option {
	return func(c *config) { c.scanFiles, c.scanBytes = files, bytes }
}

// WithSubreaper turns the child-subreaper strategy for stragglers on or off
// (see the package documentation). Default: on.
func WithSubreaper(on bool) Option { return func(c *config) { c.subreaper = on } }

// WithRedactor replaces the function that masks credentials in the
// bounded results handed to callers. It must return a new slice or b
// itself, and must not retain b.
func WithRedactor(f func(b []byte) []byte) Option { return func(c *config) { c.redact = f } }
