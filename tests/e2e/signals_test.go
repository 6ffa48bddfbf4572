package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// signalRun is what a shell did when sent a signal once its script
// printed "ready": the combined output (shell name and pids masked) and
// how it ended ("exit N" or "signal N").
type signalRun struct {
	out, end string
}

// runSignalled starts shell -c script in its own process group, waits
// for "ready" on its output, sends sig to the shell alone (group false)
// or to its whole process group, as a terminal's ^C does, and collects
// the rest.
func runSignalled(t *testing.T, shell, script string, sig syscall.Signal, group bool) signalRun {
	t.Helper()
	cmd := exec.Command(shell, "-c", script)
	cmd.Env = []string{"PATH=/usr/local/bin:/usr/bin:/bin", "LANG=C.UTF-8", "LC_ALL=C.UTF-8"}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pw.Close()
	pid := cmd.Process.Pid
	guard := time.AfterFunc(20*time.Second, func() { syscall.Kill(-pid, syscall.SIGKILL) })
	defer guard.Stop()
	var out bytes.Buffer
	buf := make([]byte, 4096)
	sent := false
	for {
		n, err := pr.Read(buf)
		out.Write(buf[:n])
		if !sent && bytes.Contains(out.Bytes(), []byte("ready\n")) {
			sent = true
			// the child has its handler in place when it says ready;
			// give the shell the time to be waiting for it
			time.Sleep(200 * time.Millisecond)
			if group {
				syscall.Kill(-pid, sig)
			} else {
				syscall.Kill(pid, sig)
			}
		}
		if err != nil {
			break
		}
	}
	pr.Close()
	cmd.Wait()
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	end := "exit " + itoa(ws.ExitStatus())
	if ws.Signaled() {
		end = "signal " + itoa(int(ws.Signal()))
	}
	text := strings.ReplaceAll(out.String(), shell+":", "SHELL:")
	text = regexp.MustCompile(` *[0-9]+ (Quit|Interrupt|Exit)`).ReplaceAllString(text, " PID $1")
	return signalRun{out: text, end: end}
}

// TestForegroundWaitSignals checks, against bash, what SIGINT and SIGQUIT
// do to a non-interactive shell waiting for a foreground child: bash
// (wait_sigint_handler) waits for the child; it dies by SIGINT only when
// the child died by it too, and goes on when the child handled it; it
// ignores SIGQUIT.
func TestForegroundWaitSignals(t *testing.T) {
	perl, err := exec.LookPath("perl")
	if err != nil {
		t.Skip("no perl for a child that handles SIGINT")
	}
	// a child that handles SIGINT and SIGQUIT by exiting normally
	handler := perl + ` -e '$|=1; $SIG{INT}=sub{print "child got INT\n"; exit 3}; $SIG{QUIT}=sub{print "child got QUIT\n"; exit 4}; print "ready\n"; sleep 2'`
	scripts := []string{
		handler + `; echo after $?`,
		`echo ready; sleep 1; echo after $?`,
		`trap 'echo bye' EXIT; echo ready; sleep 1; echo after $?`,
		`trap 'echo trapped' INT; ` + handler + `; echo after $?`,
		`trap 'echo trapped' INT; echo ready; sleep 1; echo after $?`,
		`trap '' INT; echo ready; sleep 1; echo after $?`,
		`trap 'echo trapped' QUIT; echo ready; sleep 1; echo after $?`,
		`echo ready; sleep 1 | cat; echo after $?`,
		`for i in 1 2; do ` + handler + `; echo after $?; done`,
		`(echo ready; sleep 1); echo after $?`,
		`echo ready; sleep 1; :`,
	}
	// (a handler child in a pipeline is left out: whether bash goes on
	// depends on which process it reaps last)
	for i, sc := range scripts {
		for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGQUIT} {
			for _, group := range []bool{false, true} {
				if sig == syscall.SIGQUIT && strings.Contains(sc, " | cat") {
					continue // bash's notice lists each process of the pipeline
				}
				to := map[bool]string{false: "shell", true: "group"}[group]
				t.Run(itoa(i)+"-"+signalName(sig)+"-"+to, func(t *testing.T) {
					t.Parallel() // the runs mostly sleep
					want := runSignalled(t, bashBin, sc, sig, group)
					got := runSignalled(t, nashBin, sc, sig, group)
					if got != want { // bash again: its timing under load varies too
						want = runSignalled(t, bashBin, sc, sig, group)
					}
					if got != want {
						t.Errorf("%s to the %s of %q:\nbash: %q, %s\nnash: %q, %s",
							sig, to, sc, want.out, want.end, got.out, got.end)
					}
				})
			}
		}
	}
}

func signalName(sig syscall.Signal) string {
	if sig == syscall.SIGINT {
		return "INT"
	}
	return "QUIT"
}

// TestCmdStringTailSignals checks that a signal sent to the shell's pid
// while the last command of a -c string runs reaches that command, as
// under bash, which execs it in its own place.
func TestCmdStringTailSignals(t *testing.T) {
	perl, err := exec.LookPath("perl")
	if err != nil {
		t.Skip("no perl for a child that handles signals")
	}
	handler := perl + ` -e '$|=1; for my $s (qw(TERM HUP USR1 USR2 ALRM)) { $SIG{$s} = sub { print "child got $_[0]\n"; exit 5 } }; print "ready\n"; sleep 3'`
	scripts := []string{
		`echo x; ` + handler,
		`true && ` + handler,
		`echo ready; sleep 2`,
	}
	sigs := []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP, syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGALRM}
	for i, sc := range scripts {
		for _, sig := range sigs {
			t.Run(itoa(i)+"-"+itoa(int(sig)), func(t *testing.T) {
				t.Parallel()
				want := runSignalled(t, bashBin, sc, sig, false)
				got := runSignalled(t, nashBin, sc, sig, false)
				if got != want { // bash again: its timing under load varies too
					want = runSignalled(t, bashBin, sc, sig, false)
				}
				if got != want {
					t.Errorf("%s to the shell of %q:\nbash: %q, %s\nnash: %q, %s",
						sig, sc, want.out, want.end, got.out, got.end)
				}
			})
		}
	}
}
