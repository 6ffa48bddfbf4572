package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"nash/runner"
)

func TestRunExitStatus(t *testing.T) {
	t.Setenv("HOME", t.TempDir()) // keep login shells away from the user's dotfiles
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout string
		status string
	}{
		{name: "exit code", args: []string{"--", "echo hi; exit 3"}, code: 3, stdout: "hi\n", status: runner.StatusExited},
		{name: "words joined", args: []string{"--", "echo", "a", "b"}, code: 0, stdout: "a b\n", status: runner.StatusExited},
		{name: "stdin forwarded", args: []string{"--", "tr a-z A-Z"}, stdin: "abc\n", stdout: "ABC\n", status: runner.StatusExited},
		{name: "signaled", args: []string{"--", "kill -TERM $$"}, code: 128 + 15, status: runner.StatusSignaled},
		{name: "timeout", args: []string{"--timeout", "0.3", "--", "trap '' TERM; sleep 100"}, code: 124, status: runner.StatusTimedOut},
		{name: "pty", args: []string{"--pty", "--", "[ -t 0 ] && [ -t 2 ] && echo tty >&2"}, stdout: "tty\r\n", status: runner.StatusExited},
		{name: "no trailing newline", args: []string{"--", "printf x"}, stdout: "x\n", status: runner.StatusExited},
		{name: "cwd", args: []string{"--", "pwd"}, stdout: "CWD\n", status: runner.StatusExited},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			cwd := t.TempDir()
			args := append([]string{"--json", "--nash", "/usr/bin/bash", "--state", t.TempDir(), "--cwd", cwd}, tt.args...)
			code := runMain(args, strings.NewReader(tt.stdin), &out, &errb)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr %q", code, tt.code, errb.String())
			}
			s := out.String()
			i := strings.LastIndex(strings.TrimSuffix(s, "\n"), "\n") + 1
			var r runner.Receipt
			if err := json.Unmarshal([]byte(s[i:]), &r); err != nil {
				t.Fatalf("receipt line: %v in %q", err, s)
			}
			if want := strings.ReplaceAll(tt.stdout, "CWD", cwd); s[:i] != want {
				t.Errorf("stdout %q, want %q", s[:i], want)
			}
			if r.Cwd != cwd {
				t.Errorf("receipt cwd %q, want %q", r.Cwd, cwd)
			}
			if r.Status != tt.status {
				t.Errorf("status %s, want %s", r.Status, tt.status)
			}
		})
	}
}

func TestRunUsage(t *testing.T) {
	for _, args := range [][]string{{}, {"--bogus", "--", "true"}, {"--timeout", "x", "--", "true"}} {
		var out, errb bytes.Buffer
		if code := runMain(args, strings.NewReader(""), &out, &errb); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	var out, errb bytes.Buffer
	if code := runMain([]string{"--nash", "/usr/bin/bash", "--state", t.TempDir(), "--cwd", "/nonexistent", "--", "true"},
		strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("bad cwd: exit %d, want 2 (%s)", code, errb.String())
	}
}
