package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

// Shell is a shell under test: a label used in reports and the path of its
// binary.
type Shell struct {
	Label string // "bash", "nash", "dash", ...
	Path  string // absolute path of the binary
	// Env is added to every run of this shell after the case's own
	// environment (replay -observe gives nash the NUCLEIC_* variables
	// this way, and only nash).
	Env []string
}

// Result is what one run of a case produced.
type Result struct {
	Stdout, Stderr []byte
	// Exit is the exit status; a run ended by a signal reports 128+signo,
	// as a shell would, and Signal names the signal.
	Exit     int
	Signal   string
	TimedOut bool
	// Files is the case directory after the run, sorted by path.
	Files []Entry
}

// Entry is one path of a case directory snapshot.
type Entry struct {
	Path   string      // slash-separated, relative to the case directory
	Kind   byte        // 'f' regular file, 'd' directory, 'l' symlink, 'p' fifo, 's' socket, '?' other
	Mode   fs.FileMode // permission bits plus setuid/setgid/sticky
	Data   []byte      // content of a regular file
	Target string      // target of a symlink
}

// Layout says where a run happens. CaseDir is the working directory and
// HOME of the script; ShimDir holds the bash and sh symlinks to the shell
// under test and is first in PATH; OutDir receives the captured streams.
// All three are removed and recreated by every run, so two runs of the
// same case with the same Layout see the same absolute paths.
type Layout struct {
	CaseDir, ShimDir, OutDir string
}

// LayoutFor returns the layout of case c below root.
func LayoutFor(root string, c *Case) Layout {
	rel := filepath.FromSlash(c.Name)
	return Layout{
		CaseDir: filepath.Join(root, "cases", rel),
		ShimDir: filepath.Join(root, "shim", rel),
		OutDir:  filepath.Join(root, "out", rel),
	}
}

// Environ returns the fixed environment of a run in layout l, plus the
// case's own env directives (which override the fixed values).
func Environ(l Layout, c *Case) []string {
	env := []string{
		"PATH=" + l.ShimDir + ":/usr/local/bin:/usr/bin:/bin",
		"HOME=" + l.CaseDir,
		"PWD=" + l.CaseDir,
		"LANG=C.UTF-8",
		"LC_ALL=C.UTF-8",
		"TZ=UTC",
		"TERM=dumb",
		"USER=root",
	}
	for _, kv := range c.Env {
		k, _, _ := strings.Cut(kv, "=")
		kept := env[:0]
		for _, e := range env {
			if !strings.HasPrefix(e, k+"=") {
				kept = append(kept, e)
			}
		}
		env = append(kept, kv)
	}
	return env
}

// RunCase runs case c under shell sh in layout l and returns the result.
// An error means the harness itself could not run the case (the shell's
// own failures are part of the Result).
func RunCase(c *Case, sh Shell, l Layout) (*Result, error) {
	for _, d := range []string{l.CaseDir, l.ShimDir, l.OutDir} {
		if err := removeAll(d); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	for _, f := range c.Files {
		p := filepath.Join(l.CaseDir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(p, f.Data, f.Mode); err != nil {
			return nil, err
		}
		if err := os.Chmod(p, f.Mode); err != nil { // WriteFile's mode is subject to umask
			return nil, err
		}
	}
	if err := os.WriteFile(filepath.Join(l.CaseDir, "script.sh"), []byte(c.Script), 0o644); err != nil {
		return nil, err
	}
	for _, n := range []string{"bash", "sh"} {
		if err := os.Symlink(sh.Path, filepath.Join(l.ShimDir, n)); err != nil {
			return nil, err
		}
	}
	stdin, err := os.Open(os.DevNull)
	if c.HasStdin {
		in := filepath.Join(l.OutDir, "stdin")
		if err = os.WriteFile(in, []byte(c.Stdin), 0o644); err == nil {
			stdin, err = os.Open(in)
		}
	}
	if err != nil {
		return nil, err
	}
	defer stdin.Close()
	stdout, err := os.Create(filepath.Join(l.OutDir, "stdout"))
	if err != nil {
		return nil, err
	}
	defer stdout.Close()
	stderr, err := os.Create(filepath.Join(l.OutDir, "stderr"))
	if err != nil {
		return nil, err
	}
	defer stderr.Close()

	argv0 := filepath.Join(l.ShimDir, c.Mode)
	cmd := exec.Command(argv0, append([]string{"script.sh"}, c.Args...)...)
	cmd.Dir = l.CaseDir
	cmd.Env = append(Environ(l, c), sh.Env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = stdin, stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", sh.Label, err)
	}
	pgid := cmd.Process.Pid
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	res := &Result{}
	timer := time.NewTimer(c.Timeout)
	select {
	case err = <-done:
		timer.Stop()
	case <-timer.C:
		res.TimedOut = true
		_ = syscall.Kill(-pgid, syscall.SIGKILL)
		err = <-done
	}
	// Whatever the script left running in its process group goes too, so
	// it cannot write into the next run.
	_ = syscall.Kill(-pgid, syscall.SIGKILL)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return nil, err
	}
	st := cmd.ProcessState
	res.Exit = st.ExitCode()
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		res.Exit = 128 + int(ws.Signal())
		res.Signal = ws.Signal().String()
	}
	if res.Stdout, err = os.ReadFile(stdout.Name()); err != nil {
		return nil, err
	}
	if res.Stderr, err = os.ReadFile(stderr.Name()); err != nil {
		return nil, err
	}
	if res.Files, err = Snapshot(l.CaseDir, c); err != nil {
		return nil, err
	}
	return res, nil
}

// Snapshot records every path below dir that c does not exclude. Only
// regular files are read; fifos, sockets and devices are recorded by kind.
func Snapshot(dir string, c *Case) ([]Entry, error) {
	var out []Entry
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == dir {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if c.excluded(rel) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		m := info.Mode()
		e := Entry{Path: rel, Mode: m.Perm() | m&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)}
		switch {
		case m.IsRegular():
			e.Kind = 'f'
			if e.Data, err = os.ReadFile(p); err != nil {
				return err
			}
		case m.IsDir():
			e.Kind = 'd'
		case m&fs.ModeSymlink != 0:
			e.Kind = 'l'
			e.Mode = 0 // symlink permission bits carry no meaning on Linux
			if e.Target, err = os.Readlink(p); err != nil {
				return err
			}
		case m&fs.ModeNamedPipe != 0:
			e.Kind = 'p'
		case m&fs.ModeSocket != 0:
			e.Kind = 's'
		default:
			e.Kind = '?'
		}
		out = append(out, e)
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, err
}

// removeAll removes p even when the script left directories without
// write or search permission behind.
func removeAll(p string) error {
	if err := os.RemoveAll(p); err == nil {
		return nil
	}
	_ = filepath.WalkDir(p, func(q string, d fs.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			_ = os.Chmod(q, 0o755)
		}
		return nil
	})
	return os.RemoveAll(p)
}
