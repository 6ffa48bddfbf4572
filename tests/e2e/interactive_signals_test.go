package e2e

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInteractiveSignals runs `bash -i` and `nash -i` (both invoked as
// "bash", commands on a pipe, in a session of their own), lets a command
// line start, then sends SIGINT to the whole process group, as a
// terminal's ^C reaches a shell without job control and its foreground
// program, and types one more line. An interactive shell survives: the
// interrupted line is abandoned with status 130 and a newline, and the
// next one runs (read, waiting for it, is interrupted too). kill -TERM
// $$ is ignored, kill -INT $$ interrupts.
func TestInteractiveSignals(t *testing.T) {
	cases := []struct {
		name, line string
		interrupt  bool
	}{
		{"program", "sleep 4; echo not-reached", true},
		{"loop-of-programs", "for i in 1 2 3 4; do sleep 1; done; echo not-reached", true},
		{"shell-loop", "while :; do :; done; echo not-reached", true},
		{"function", "f() { sleep 4; }; f; echo not-reached", true},
		{"substitution", `x=$(sleep 4); echo "not-reached $x"`, true},
		{"pipeline", "sleep 4 | cat; echo not-reached", true},
		{"subshell-loop", "(while :; do :; done); echo not-reached", true},
		{"trapped", `trap 'echo got INT' INT; sleep 4; echo after $?`, true},
		{"ignored", `trap '' INT; sleep 1; echo reached`, true},
		{"reset-trap", `trap 'echo got' INT; trap - INT; sleep 4; echo not-reached`, true},
		{"read", "read x; echo not-reached", true},
		{"read-loop", "while read -r x; do echo got; done; echo not-reached", true},
		{"kill-term-self", "kill -TERM $$; echo alive $?", false},
		{"kill-int-self", "kill -INT $$; echo not-reached", false},
		{"reset-term", "trap 'echo t' TERM; trap - TERM; kill -TERM $$; echo alive", false},
	}
	pg := regexp.MustCompile(`process group \(-?[0-9]+\)`)
	// bash without a terminal also complains that it cannot restore the
	// terminal's settings after a trapped signal; nash has none to restore
	tcset := regexp.MustCompile(`(?m)^bash: \[[0-9]+: [0-9]+ \([0-9]+\)\] tcsetattr: .*\n`)
	run := func(t *testing.T, shell, line string, interrupt bool) string {
		dir := t.TempDir()
		link := filepath.Join(dir, "bash")
		if err := os.Symlink(shell, link); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(link, "--norc", "-i")
		cmd.Dir = dir
		cmd.Env = shellEnv(dir)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
		in, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		io.WriteString(in, line+"\n")
		if interrupt {
			time.Sleep(700 * time.Millisecond)
			syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
		}
		time.Sleep(500 * time.Millisecond)
		io.WriteString(in, "echo alive $?\n")
		in.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Errorf("%s: still running 10 s after its input ended", shell)
		}
		text := tcset.ReplaceAllString(out.String(), "")
		return pg.ReplaceAllString(text, "process group (PG)") + "\nstatus: " + cmd.ProcessState.String()
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			want, got := run(t, bashBin, c.line, c.interrupt), run(t, nashBin, c.line, c.interrupt)
			if want != got {
				// bash's own output may depend on load; nash's one run
				// may match either of bash's two
				want = run(t, bashBin, c.line, c.interrupt)
			}
			if want != got {
				t.Errorf("line %q:\nbash:\n%s\nnash:\n%s", c.line, want, got)
			}
		})
	}
}

// shellEnv is the fixed environment the interactive tests run a shell
// in: home and history file in dir, the prompt "$ ", no fallback to bash.
func shellEnv(dir string) []string {
	return []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "HISTFILE=" + filepath.Join(dir, "h"),
		"LC_ALL=C", "TERM=dumb", "PS1=$ ", "NUCLEIC_NASH_NO_FALLBACK=1"}
}
