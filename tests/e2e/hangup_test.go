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
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var werr error
			select {
			case werr = <-done:
			case <-time.After(10 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatal("the shell did not end after the hangup")
			}
			if ee, ok := werr.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGHUP {
				t.Errorf("the shell ended with %v, not killed by SIGHUP", werr)
			}
			time.Sleep(300 * time.Millisecond)
			alive := func(name string) bool {
				b, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
				// a zombie would be reaped by init; a live sleep is in state S or T
				st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
				return err == nil && !strings.Contains(string(st), ") Z ")
			}
			if alive("running") {
				t.Error("the running job survived the hangup")
			}
			if alive("stopped") {
				t.Error("the stopped job survived the hangup")
			}
			if !alive("kept") {
				t.Error("the job disown -h marked was hung up")
			} else {
				b, _ := os.ReadFile(filepath.Join(dir, "kept"))
				pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
				syscall.Kill(pid, syscall.SIGKILL)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "exit-trap")); string(b) != "trapped\n" {
				t.Errorf("the EXIT trap did not run: %q", b)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "h")); !strings.Contains(string(b), "echo histline\n") {
				t.Errorf("the history was not saved:\n%s", b)
			}
		})
	}
}
