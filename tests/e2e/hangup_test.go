package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// TestTerminalHangup closes the terminal of an interactive bash and nash,
// as closing a terminal window or killing a tmux session does: the shell
// gets SIGHUP and, as bash's termsig_handler does, sends it on to its
// jobs (a stopped one continued after it, so that it dies; one marked by
// disown -h left alone), saves its history, runs the EXIT trap, and dies
// of the signal. nash used to die at once, its jobs left running and its
// history unsaved.
func TestTerminalHangup(t *testing.T) {
	for _, shell := range []string{bashBin, nashBin} {
		t.Run(filepath.Base(shell), func(t *testing.T) {
			dir := t.TempDir()
			cmd := exec.Command(shell, "--norc", "--noprofile", "-i")
			cmd.Dir = dir
			cmd.Env = shellEnv(dir)
			tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 200})
			if err != nil {
				t.Fatal(err)
			}
			// (nothing reads the little it writes: a read blocked on the
			// terminal would keep it open past the Close below)
			typeKeys(tty, 300*time.Millisecond,
				"sleep 1001 & echo $! > running\n",
				"sleep 1002 & echo $! > kept; disown -h %2\n",
				"sleep 1003 & echo $! > stopped; kill -STOP %3\n",
				"trap 'echo trapped > exit-trap' EXIT\n",
				"echo histline\n")
			time.Sleep(300 * time.Millisecond)
			tty.Close() // the hangup
			werr := waitEnd(t, cmd, "the hangup")
			if ee, ok := werr.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGHUP {
				t.Errorf("the shell ended with %v, not killed by SIGHUP", werr)
			}
			up := func(name string) bool { return alive(t, filepath.Join(dir, name)) }
			// the jobs die of the signals soon after, but under load
			// not always within a fixed pause: wait up to 5 s
			for end := time.Now().Add(5 * time.Second); (up("running") || up("stopped")) && time.Now().Before(end); {
				time.Sleep(50 * time.Millisecond)
			}
			if up("running") {
				t.Error("the running job survived the hangup")
			}
			if up("stopped") {
				t.Error("the stopped job survived the hangup")
			}
			if !up("kept") {
				t.Error("the job disown -h marked was hung up")
			}
			killPidIn(t, filepath.Join(dir, "kept"))
			if b, _ := os.ReadFile(filepath.Join(dir, "exit-trap")); string(b) != "trapped\n" {
				t.Errorf("the EXIT trap did not run: %q", b)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "h")); !strings.Contains(string(b), "echo histline\n") {
				t.Errorf("the history was not saved:\n%s", b)
			}
		})
	}
}

// TestTerminalHuponexit exits an interactive login shell that has
// shopt -s huponexit and a job running: bash's exit_shell hangs its jobs
// up (hangup_all_jobs), so the job dies of SIGHUP; without the option it
// goes on running.
func TestTerminalHuponexit(t *testing.T) {
	for _, shell := range []string{bashBin, nashBin} {
		for _, hup := range []bool{true, false} {
			dir := t.TempDir()
			cmd := exec.Command(shell, "--norc", "--noprofile", "-l", "-i")
			cmd.Dir = dir
			cmd.Env = shellEnv(dir)
			tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 200})
			if err != nil {
				t.Fatal(err)
			}
			opt := "-u"
			if hup {
				opt = "-s"
			}
			typeKeys(tty, 300*time.Millisecond, "shopt "+opt+" huponexit\n", "sleep 1005 & echo $! > job\n", "exit\n")
			waitEnd(t, cmd, "exit")
			tty.Close()
			time.Sleep(300 * time.Millisecond)
			job := filepath.Join(dir, "job")
			if a := alive(t, job); a == hup {
				t.Errorf("%s: huponexit %v, the job alive after exit: %v", shell, hup, a)
			}
			killPidIn(t, job)
		}
	}
}

// waitEnd waits up to 10 s for cmd to end after what (failing the test
// then) and returns how it ended.
func waitEnd(t *testing.T, cmd *exec.Cmd, what string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%s: still running 10 s after %s", cmd.Path, what)
		return nil
	}
}

// pidIn reads the pid a test's shell wrote to file.
func pidIn(t *testing.T, file string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return pid
}

// alive reports whether the process whose pid is in file still runs (a
// zombie, left for init to reap, does not).
func alive(t *testing.T, file string) bool {
	st, err := os.ReadFile("/proc/" + strconv.Itoa(pidIn(t, file)) + "/stat")
	return err == nil && !strings.Contains(string(st), ") Z ")
}

// killPidIn kills the process whose pid is in file, left running by a
// test.
func killPidIn(t *testing.T, file string) {
	syscall.Kill(pidIn(t, file), syscall.SIGKILL)
}
