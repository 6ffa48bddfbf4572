package runner

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRunStatus(t *testing.T) {
	for _, sh := range shells(false) {
		s := newService(t, WithNashPath(sh.path), WithSessionID("s-default"))
		cwd := t.TempDir()
		tests := []struct {
			name       string
			req        Request
			status     string
			code       int
			signal     string
			stdout     string
			stderr     string
			session    string
			wantParent string
		}{
			{name: "exit", req: Request{Cmd: "echo out; echo err >&2; exit 3"}, status: StatusExited, code: 3, stdout: "out\n", stderr: "err\n", session: "s-default"},
			{name: "signaled", req: Request{Cmd: "kill -USR1 $$"}, status: StatusSignaled, code: 128 + 10, signal: "SIGUSR1", session: "s-default"},
			{name: "cwd", req: Request{Cmd: "pwd", Cwd: cwd}, status: StatusExited, stdout: cwd + "\n", session: "s-default"},
			{name: "env and ids", req: Request{Cmd: `echo "$A $NUCLEIC_SESSION_ID"; [ -n "$NUCLEIC_CALL_ID" ]`,
				Env: map[string]string{"A": "x y", "NUCLEIC_SESSION_ID": "s-req", "NUCLEIC_NASH_SHELL_ID": "sh-1", "NUCLEIC_CALL_ID": "forged"}},
				status: StatusExited, stdout: "x y s-req\n", session: "s-req", wantParent: "sh-1"},
			{name: "stdin is /dev/null", req: Request{Cmd: "cat; echo done"}, status: StatusExited, stdout: "done\n", session: "s-default"},
		}
		for _, tt := range tests {
			t.Run(sh.name+"/"+tt.name, func(t *testing.T) {
				r := run(t, s, tt.req)
				if r.Status != tt.status || r.ExitCode != tt.code || r.Signal != tt.signal {
					t.Errorf("status %s code %d signal %q, want %s %d %q", r.Status, r.ExitCode, r.Signal, tt.status, tt.code, tt.signal)
				}
				if got := string(readAll(t, s, r.CallID, "stdout")); got != tt.stdout {
					t.Errorf("stdout %q, want %q", got, tt.stdout)
				}
				if got := string(readAll(t, s, r.CallID, "stderr")); got != tt.stderr {
					t.Errorf("stderr %q, want %q", got, tt.stderr)
				}
				if r.SessionID != tt.session || r.ParentShellID != tt.wantParent {
					t.Errorf("session %q parent %q, want %q %q", r.SessionID, r.ParentShellID, tt.session, tt.wantParent)
				}
				if r.Command.BLAKE3 != hashHex([]byte(tt.req.Cmd)) || r.Runtime.Path != sh.path || len(r.Runtime.BLAKE3) != 64 {
					t.Errorf("digests: %+v %+v", r.Command, r.Runtime)
				}
				if r.EndedAt.Before(r.StartedAt) {
					t.Errorf("ended %v before started %v", r.EndedAt, r.StartedAt)
				}
			})
		}
	}
}

// TestCallIDExported checks that the shell sees the runner's id, not a
// forged one from the request.
func TestCallIDExported(t *testing.T) {
	s := newService(t)
	st, err := s.Start(Request{Cmd: `printf %s "$NUCLEIC_CALL_ID"`, Env: map[string]string{"NUCLEIC_CALL_ID": "forged"}})
	if err != nil {
		t.Fatal(err)
	}
	s.Wait(context.Background(), st.ID)
	if got := string(readAll(t, s, st.ID, "stdout")); got != st.ID {
		t.Fatalf("NUCLEIC_CALL_ID = %q, want %q", got, st.ID)
	}
}

// setsidStraggler starts a process outside the command's process group and
// session and waits until it is there.
const setsidStraggler = "setsid sh -c ': > started; exec sleep 100' & while [ ! -e started ]; do sleep 0.01; done; "

// TestEndTree checks that timeouts, Terminate and the end of the shell
// end every descendant, including ones that ignore SIGTERM or left the
// process group, within bounded time.
func TestEndTree(t *testing.T) {
	const grace = 300 * time.Millisecond
	tests := []struct {
		name      string
		cmd       string
		timeout   float64
		terminate bool
		subreaper bool
		status    string
		straggler bool
	}{
		{name: "timeout ignores TERM", cmd: "trap '' TERM; sleep 100 & sleep 100", timeout: 0.5, subreaper: true, status: StatusTimedOut},
		{name: "terminate ignores TERM", cmd: "trap '' TERM; sleep 100 & echo ready; sleep 100", terminate: true, subreaper: true, status: StatusCancelled},
		{name: "background job outlives shell", cmd: "sleep 100 & echo started", subreaper: true, status: StatusExited},
		{name: "setsid straggler", cmd: setsidStraggler + "exit 0", subreaper: true, status: StatusExited, straggler: true},
		{name: "double fork ignoring TERM", cmd: "(trap '' TERM; " + setsidStraggler + ") ; echo ready; sleep 100", terminate: true, subreaper: true, status: StatusCancelled, straggler: true},
		{name: "setsid straggler, marker scan", cmd: setsidStraggler + "exit 0", subreaper: false, status: StatusExited, straggler: true},
	}
	for _, sh := range shells(true) {
		for _, tt := range tests {
			t.Run(sh.name+"/"+tt.name, func(t *testing.T) {
				s := newService(t, WithNashPath(sh.path), WithGrace(grace), WithSubreaper(tt.subreaper))
				start := time.Now()
				st, err := s.Start(Request{Cmd: tt.cmd, TimeoutS: tt.timeout, Cwd: t.TempDir()})
				if err != nil {
					t.Fatal(err)
				}
				if tt.terminate {
					waitOutput(t, s, st.ID, "stdout", "ready")
					if err := s.Terminate(st.ID); err != nil {
						t.Fatal(err)
					}
				}
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				defer cancel()
				r, err := s.Wait(ctx, st.ID)
				if err != nil {
					t.Fatal(err)
				}
				// Generous: bash -l alone takes a second on a loaded machine;
				// the commands would otherwise run for 100 s.
				if el := time.Since(start); el > 10*time.Second {
					t.Errorf("took %v to end the tree", el)
				}
				if r.Status != tt.status {
					t.Errorf("status %s, want %s", r.Status, tt.status)
				}
				if tt.straggler && r.Stragglers == 0 {
					t.Errorf("no straggler counted")
				}
				if left := markedProcs(st.ID); len(left) > 0 {
					t.Errorf("processes left: %v", left)
				}
				if z := zombieChildren(); len(z) > 0 {
					t.Errorf("zombies left: %v", z)
				}
			})
		}
	}
}

// TestRunContextCancel checks that cancelling Run's context ends a tree
// that ignores SIGTERM, within bounded time.
func TestRunContextCancel(t *testing.T) {
	for _, sh := range shells(true) {
		t.Run(sh.name, func(t *testing.T) {
			s := newService(t, WithNashPath(sh.path))
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			start := time.Now()
			r, err := s.Run(ctx, Request{Cmd: "trap '' TERM; sleep 100 & sleep 100"})
			if !errors.Is(err, context.DeadlineExceeded) || r == nil || r.Status != StatusCancelled {
				t.Fatalf("run: %+v %v", r, err)
			}
			if el := time.Since(start); el > 10*time.Second {
				t.Errorf("took %v", el)
			}
			if left := markedProcs(r.CallID); len(left) > 0 {
				t.Errorf("processes left: %v", left)
			}
		})
	}
}

// TestEscapedOrphanReaped documents the known gap and checks its bound: a
// process that leaves the group and session and scrubs NUCLEIC_CALL_ID
// cannot be attributed and survives the command, but when it exits the
// subreaper collects it, so it does not stay a zombie.
func TestEscapedOrphanReaped(t *testing.T) {
	s := newService(t)
	r := run(t, s, Request{Cmd: "env -u NUCLEIC_CALL_ID setsid sh -c ': > started; exec sleep 0.5' & while [ ! -e started ]; do sleep 0.01; done"})
	if r.Status != StatusExited {
		t.Fatalf("status %s", r.Status)
	}
	time.Sleep(time.Second)
	if !settle(func() bool { return len(zombieChildren()) == 0 }) {
		t.Fatalf("zombies: %v", zombieChildren())
	}
}

// TestUnattributedHolderCut checks that an escaped process holding the
// output pipe open cannot keep a command from finishing: the streams are
// cut after a bounded wait and the receipt says so. The holder outlives
// that wait (250 ms drain, 2 s cut) by 3.7 s: 0.7 s, as before, is thin
// on a loaded machine, where the test failed once.
func TestUnattributedHolderCut(t *testing.T) {
	s := newService(t)
	fds := fdCount(t)
	start := time.Now()
	r := run(t, s, Request{Cmd: "echo before; env -u NUCLEIC_CALL_ID setsid sh -c 'sleep 6' &"})
	if el := time.Since(start); el > 8*time.Second {
		t.Errorf("took %v", el)
	}
	if len(r.Errors) != 1 || !strings.Contains(r.Errors[0], "streams cut") {
		t.Errorf("errors %q", r.Errors)
	}
	if got := string(readAll(t, s, r.CallID, "stdout")); got != "before\n" {
		t.Errorf("stdout %q", got)
	}
	if !settle(func() bool { return fdCount(t) <= fds }) {
		t.Errorf("fds: %d before, %d after", fds, fdCount(t))
	}
}

func TestSignal(t *testing.T) {
	s := newService(t)
	st, err := s.Start(Request{Cmd: "trap 'echo got INT; exit 7' INT; echo ready; while :; do sleep 0.05; done"})
	if err != nil {
		t.Fatal(err)
	}
	waitOutput(t, s, st.ID, "stdout", "ready")
	if err := s.Signal(st.ID, "sigint"); err != nil {
		t.Fatal(err)
	}
	r, _ := s.Wait(context.Background(), st.ID)
	if r.Status != StatusExited || r.ExitCode != 7 {
		t.Fatalf("status %s %d, want exited 7", r.Status, r.ExitCode)
	}
	if err := s.Signal(st.ID, "INT"); err == nil {
		t.Fatal("signal to a finished command succeeded")
	}
}

// pythonPath returns the real python3 binary (login shells reset PATH, so
// pyenv shims would not be found), or "" without one.
func pythonPath() string {
	out, err := exec.Command("python3", "-c", "import sys; print(sys.executable)").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// TestInteractive drives cat and python3 -i through stdin, in pipe and
// PTY modes, under bash and under nash (the shell the runner is for).
// Only the python cases skip when there is no python3.
func TestInteractive(t *testing.T) {
	py := pythonPath()
	tests := []struct {
		name     string
		cmd      string
		python   bool
		pty      bool
		send     string
		want     string
		finish   func(s *Service, id string) error
		wantCode int
	}{
		{name: "cat pipe", cmd: "cat", send: "hello\n", want: "hello\n", finish: (*Service).CloseStdin},
		{name: "cat pty", cmd: "cat", pty: true, send: "hello\n", want: "hello\r\nhello\r\n", finish: (*Service).CloseStdin},
		{name: "python pipe", cmd: py + " -i", python: true, send: "print(6*7)\n", want: "42\n", finish: (*Service).CloseStdin},
		{name: "python pty", cmd: py + " -i", python: true, pty: true, send: "print(6*7)\r", want: "42\r\n", finish: func(s *Service, id string) error {
			_, err := s.WriteStdin(id, []byte("exit(5)\r"))
			return err
		}, wantCode: 5},
	}
	for _, sh := range shells(true) {
		for _, tt := range tests {
			t.Run(sh.name+"/"+tt.name, func(t *testing.T) {
				if tt.python && py == "" {
					t.Skip("no python3")
				}
				s := newService(t, WithNashPath(sh.path))
				st, err := s.Start(Request{Cmd: tt.cmd, PTY: tt.pty, Stdin: !tt.pty, Env: map[string]string{"PYTHONUNBUFFERED": "1"}})
				if err != nil {
					t.Fatal(err)
				}
				if n, err := s.WriteStdin(st.ID, []byte(tt.send)); err != nil || n != len(tt.send) {
					t.Fatalf("write: %d %v", n, err)
				}
				waitOutput(t, s, st.ID, "stdout", tt.want)
				if err := tt.finish(s, st.ID); err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
				defer cancel()
				r, err := s.Wait(ctx, st.ID)
				if err != nil {
					t.Fatal(err)
				}
				if r.Status != StatusExited || r.ExitCode != tt.wantCode {
					t.Errorf("status %s %d, want exited %d", r.Status, r.ExitCode, tt.wantCode)
				}
				if tt.pty && r.Stderr.Size != 0 {
					t.Errorf("pty stderr has %d bytes", r.Stderr.Size)
				}
				if _, err := s.WriteStdin(st.ID, []byte("x")); !errors.Is(err, ErrConflict) {
					t.Errorf("write to a finished command: %v, want ErrConflict", err)
				}
			})
		}
	}
}

func TestStdinErrors(t *testing.T) {
	s := newService(t)
	st, err := s.Start(Request{Cmd: "sleep 100"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.WriteStdin(st.ID, []byte("x")); err == nil || !strings.Contains(err.Error(), "without stdin") {
		t.Errorf("write without stdin: %v", err)
	}
	s.Terminate(st.ID)
	st, _ = s.Start(Request{Cmd: "sleep 100", Stdin: true})
	if err := s.CloseStdin(st.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.CloseStdin(st.ID); err == nil {
		t.Error("second close succeeded")
	}
	if _, err := s.WriteStdin(st.ID, []byte("x")); err == nil {
		t.Error("write after close succeeded")
	}
	s.Terminate(st.ID)
}

// TestStdinBlocked checks that a write to a program that does not read
// fails after a bounded time instead of hanging.
func TestStdinBlocked(t *testing.T) {
	if testing.Short() {
		t.Skip("takes 5 s")
	}
	s := newService(t)
	st, err := s.Start(Request{Cmd: "sleep 100", Stdin: true})
	if err != nil {
		t.Fatal(err)
	}
	n, err := s.WriteStdin(st.ID, make([]byte, 1<<20))
	if err == nil || n >= 1<<20 {
		t.Fatalf("wrote %d, err %v", n, err)
	}
	s.Terminate(st.ID)
}

func TestRealNash(t *testing.T) {
	p := realNash()
	if p == "" {
		t.Skip("bin/nash not built")
	}
	s := newService(t, WithNashPath(p))
	r := run(t, s, Request{Cmd: "echo hello; exit 4"})
	if r.ExitCode != 4 || string(readAll(t, s, r.CallID, "stdout")) != "hello\n" {
		t.Fatalf("receipt %+v", r)
	}
	if r.Runtime.Path != p {
		t.Fatalf("runtime %s", r.Runtime.Path)
	}
}

func TestDefaultNashPath(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "nash")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	s := newService(t, WithNashPath(""))
	p, err := s.nashPath()
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	if p != fake && p != filepath.Join(filepath.Dir(exe), "nash") {
		t.Fatalf("nash path %s", p)
	}
}

func TestCapacityAndClose(t *testing.T) {
	s := newService(t, WithMaxRunning(1))
	st, err := s.Start(Request{Cmd: "sleep 100"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Start(Request{Cmd: "true"}); !errors.Is(err, ErrBusy) {
		t.Fatalf("second start: %v, want ErrBusy", err)
	}
	s.Close()
	r, err := s.Receipt(st.ID)
	if err != nil || r.Status != StatusCancelled {
		t.Fatalf("after Close: %+v %v", r, err)
	}
	if _, err := s.Start(Request{Cmd: "true"}); !errors.Is(err, ErrClosed) {
		t.Fatalf("start after Close: %v, want ErrClosed", err)
	}
}

// TestLoginShellOwnGroup checks the shape of a run: the shell is a login
// shell (-l), leads its own process group, and the command text is its
// -c argument.
func TestLoginShellOwnGroup(t *testing.T) {
	for _, sh := range shells(true) {
		t.Run(sh.name, func(t *testing.T) {
			s := newService(t, WithNashPath(sh.path))
			// /proc/PID/stat: pid (comm) state ppid pgrp ...
			r := run(t, s, Request{Cmd: `shopt -q login_shell && echo login; set -- $(cat /proc/$$/stat); [ "$5" = $$ ] && echo own-group; echo "$BASH_EXECUTION_STRING" | head -c 5`})
			if got := string(readAll(t, s, r.CallID, "stdout")); got != "login\nown-group\nshopt" {
				t.Fatalf("stdout %q, want login, own-group and the command text", got)
			}
			if r.Pid == 0 || r.Status != StatusExited {
				t.Fatalf("receipt %+v", r)
			}
		})
	}
}
