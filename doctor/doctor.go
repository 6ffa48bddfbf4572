// Package doctor checks that a machine runs nash as its system shell: that
// /bin/sh and /bin/bash resolve to the running nash binary, that a real bash
// is there for the fallback, whether the collector socket answers, and which
// capture level is in force. cmd/nash runs it as `nash doctor [--json]`.
package doctor

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"nash/internal/sockdial"
)

// Version is the nash version that Run reports. cmd/nash sets it at start-up.
var Version = "dev"

// Defaults of the paths and settings that Options may override.
const (
	DefaultRealBash = "/usr/bin/bash.real"
	DefaultSocket   = "/run/nucleic/control.sock"
	DefaultCapture  = "tap"
	DefaultTimeout  = time.Second
)

// DefaultShells are the shell paths that must resolve to nash.
var DefaultShells = []string{"/bin/sh", "/bin/bash"}

// Options make the checked paths injectable. The zero value checks this
// machine: Self is os.Executable, Shells is DefaultShells, and so on.
type Options struct {
	Version  string        // reported version; "" means the package's Version
	Self     string        // the nash binary to compare against; "" means os.Executable
	Shells   []string      // paths that must resolve to Self; nil means DefaultShells
	RealBash string        // real bash when NUCLEIC_REAL_BASH is unset; "" means DefaultRealBash
	Socket   string        // collector socket when NUCLEIC_SHELL_SOCKET is unset; "" means DefaultSocket
	Timeout  time.Duration // collector connect and request timeout; 0 means DefaultTimeout
}

// Report is what `nash doctor --json` prints. Field names are part of the
// contract with scripts that read it.
type Report struct {
	Version   string      `json:"version"`
	Nash      string      `json:"nash"`
	Shells    []Shell     `json:"shells"`
	RealBash  RealBash    `json:"realBash"`
	Collector Collector   `json:"collector"`
	Session   SessionInfo `json:"session"`
	Capture   string      `json:"capture"`
	Healthy   bool        `json:"healthy"`
	Problems  []string    `json:"problems"`
}

// Shell is one checked shell path.
type Shell struct {
	Path     string `json:"path"`
	Resolved string `json:"resolved,omitempty"` // after following symlinks
	IsNash   bool   `json:"isNash"`
	Error    string `json:"error,omitempty"`
}

// RealBash is the bash nash falls back to.
type RealBash struct {
	Path   string `json:"path,omitempty"`
	Source string `json:"source,omitempty"` // "NUCLEIC_REAL_BASH", "default" or "PATH"
	Found  bool   `json:"found"`
	Note   string `json:"note,omitempty"` // why a preferred candidate was skipped
}

// Collector is the result of reaching the collector socket.
type Collector struct {
	Socket    string `json:"socket"`
	Reachable bool   `json:"reachable"`         // a unix connection was accepted
	Healthz   int    `json:"healthz,omitempty"` // HTTP status of GET /healthz, when one came back
	HookURL   string `json:"hookUrl,omitempty"` // NUCLEIC_SHELL_HOOK_URL, not contacted
	Error     string `json:"error,omitempty"`
}

// SessionInfo says whether nash will send events at all; it never carries
// the token itself.
type SessionInfo struct {
	ID       string `json:"id,omitempty"`
	HasToken bool   `json:"hasToken"`
}

// Run checks this machine with default Options, writes the report to w
// (text, or one JSON object when jsonOut) and returns the exit status:
// 0 when healthy (every shell resolves to nash and a real bash exists),
// 1 otherwise. environ is the environment to read, as os.Environ returns it.
func Run(w io.Writer, jsonOut bool, environ []string) int {
	return RunWith(w, jsonOut, environ, Options{})
}

// RunWith is Run with explicit Options.
func RunWith(w io.Writer, jsonOut bool, environ []string, o Options) int {
	r := Check(environ, o)
	if jsonOut {
		if _, err := w.Write(marshalIndent(r.object())); err != nil {
			return 1
		}
	} else {
		writeText(w, r)
	}
	if r.Healthy {
		return 0
	}
	return 1
}

// Check runs every check and returns the report.
func Check(environ []string, o Options) Report {
	env := envMap(environ)
	r := Report{Version: o.Version, Problems: []string{}}
	if r.Version == "" {
		r.Version = Version
	}
	self := o.Self
	if self == "" {
		var err error
		if self, err = os.Executable(); err != nil {
			r.Problems = append(r.Problems, fmt.Sprintf("cannot find the running nash: %v", err))
		}
	}
	r.Nash = self
	selfInfo, selfErr := os.Stat(self)
	if self != "" && selfErr != nil {
		r.Problems = append(r.Problems, fmt.Sprintf("cannot stat the running nash: %v", selfErr))
	}
	isNash := func(p string) bool {
		if selfErr != nil || self == "" {
			return false
		}
		fi, err := os.Stat(p)
		return err == nil && os.SameFile(fi, selfInfo)
	}

	shells := o.Shells
	if shells == nil {
		shells = DefaultShells
	}
	for _, p := range shells {
		s := Shell{Path: p}
		if res, err := filepath.EvalSymlinks(p); err != nil {
			s.Error = err.Error()
		} else {
			s.Resolved = res
			s.IsNash = isNash(p)
		}
		if !s.IsNash {
			r.Problems = append(r.Problems, fmt.Sprintf("%s does not resolve to nash", p))
		}
		r.Shells = append(r.Shells, s)
	}

	r.RealBash = findRealBash(env, o.RealBash, isNash)
	if r.RealBash.Note != "" {
		r.Problems = append(r.Problems, r.RealBash.Note)
	}
	if !r.RealBash.Found {
		r.Problems = append(r.Problems, "no real bash for the fallback (NUCLEIC_REAL_BASH, "+orDefault(o.RealBash, DefaultRealBash)+", PATH)")
	}

	r.Collector = checkCollector(env, orDefault(o.Socket, DefaultSocket), o.Timeout)
	r.Session = SessionInfo{ID: env["NUCLEIC_SESSION_ID"], HasToken: env["NUCLEIC_HOOK_TOKEN"] != ""}
	r.Capture = orDefault(env["NUCLEIC_SHELL_CAPTURE"], DefaultCapture)
	switch r.Capture {
	case "off", "meta", "tap":
	default:
		r.Problems = append(r.Problems, fmt.Sprintf("NUCLEIC_SHELL_CAPTURE=%q is not off, meta or tap", r.Capture))
	}

	r.Healthy = r.RealBash.Found
	for _, s := range r.Shells {
		r.Healthy = r.Healthy && s.IsNash
	}
	return r
}

// findRealBash follows nash's own rule: NUCLEIC_REAL_BASH, else the default
// path, else the first bash on PATH that is not nash.
func findRealBash(env map[string]string, def string, isNash func(string) bool) RealBash {
	usable := func(p string) bool {
		fi, err := os.Stat(p)
		return err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 && !isNash(p)
	}
	var note string
	if p := env["NUCLEIC_REAL_BASH"]; p != "" {
		if usable(p) {
			return RealBash{Path: p, Source: "NUCLEIC_REAL_BASH", Found: true}
		}
		note = "NUCLEIC_REAL_BASH=" + p + " is not an executable file other than nash"
	} else if p := orDefault(def, DefaultRealBash); usable(p) {
		return RealBash{Path: p, Source: "default", Found: true}
	}
	for _, dir := range filepath.SplitList(env["PATH"]) {
		if dir == "" {
			continue
		}
		if p := filepath.Join(dir, "bash"); usable(p) {
			return RealBash{Path: p, Source: "PATH", Found: true, Note: note}
		}
	}
	return RealBash{Note: note}
}

// checkCollector connects to the collector socket and asks GET /healthz.
// A connection that is accepted counts as reachable even when the HTTP
// exchange fails.
func checkCollector(env map[string]string, def string, timeout time.Duration) Collector {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	c := Collector{Socket: orDefault(env["NUCLEIC_SHELL_SOCKET"], def), HookURL: env["NUCLEIC_SHELL_HOOK_URL"]}
	conn, err := sockdial.Dial(context.Background(), "unix", c.Socket, timeout)
	if err != nil {
		c.Error = err.Error()
		return c
	}
	c.Reachable = true
	defer conn.Close()
	// a hand-written request and dial: doctor is linked into nash, whose
	// startup must not pay for net's or net/http's package initialisation
	conn.SetDeadline(time.Now().Add(timeout))
	if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: nash-collector\r\nConnection: close\r\n\r\n"); err != nil {
		c.Error = "connected, but GET /healthz failed: " + err.Error()
		return c
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	var code int
	if err == nil {
		_, err = fmt.Sscanf(line, "HTTP/1.%d %d", new(int), &code)
	}
	if err != nil {
		c.Error = "connected, but GET /healthz failed: " + err.Error()
		return c
	}
	c.Healthz = code
	return c
}

func writeText(w io.Writer, r Report) {
	mark := func(ok bool) string {
		if ok {
			return "ok  "
		}
		return "FAIL"
	}
	fmt.Fprintf(w, "nash %s (%s)\n", r.Version, r.Nash)
	for _, s := range r.Shells {
		switch {
		case s.Error != "":
			fmt.Fprintf(w, "%s %s: %s\n", mark(false), s.Path, s.Error)
		case s.IsNash:
			fmt.Fprintf(w, "%s %s -> %s\n", mark(true), s.Path, s.Resolved)
		default:
			fmt.Fprintf(w, "%s %s -> %s (not nash)\n", mark(false), s.Path, s.Resolved)
		}
	}
	if r.RealBash.Found {
		fmt.Fprintf(w, "%s real bash: %s (%s)\n", mark(true), r.RealBash.Path, r.RealBash.Source)
	} else {
		fmt.Fprintf(w, "%s real bash: none\n", mark(false))
	}
	switch {
	case r.Collector.Healthz != 0:
		fmt.Fprintf(w, "ok   collector: %s (GET /healthz: %d)\n", r.Collector.Socket, r.Collector.Healthz)
	case r.Collector.Reachable:
		fmt.Fprintf(w, "ok   collector: %s (%s)\n", r.Collector.Socket, r.Collector.Error)
	default:
		fmt.Fprintf(w, "--   collector: %s unreachable: %s\n", r.Collector.Socket, r.Collector.Error)
	}
	if r.Collector.HookURL != "" {
		fmt.Fprintf(w, "     hook URL: %s\n", r.Collector.HookURL)
	}
	if r.Session.ID == "" || !r.Session.HasToken {
		fmt.Fprintln(w, "     session: none (nash sends no events without NUCLEIC_SESSION_ID and NUCLEIC_HOOK_TOKEN)")
	} else {
		fmt.Fprintf(w, "     session: %s\n", r.Session.ID)
	}
	fmt.Fprintf(w, "     capture: %s\n", r.Capture)
	if r.Healthy {
		fmt.Fprintln(w, "healthy")
	} else {
		fmt.Fprintf(w, "unhealthy: %s\n", strings.Join(r.Problems, "; "))
	}
}

// envMap turns KEY=VALUE strings into a map; later entries win, as in exec.
func envMap(environ []string) map[string]string {
	m := make(map[string]string, len(environ))
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			m[k] = v
		}
	}
	return m
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
