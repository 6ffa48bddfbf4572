package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestTerminalImplicitInteractive starts bash and nash on a terminal
// without -i, as a terminal window, tmux, pexpect or `docker exec -it`
// start plain `bash`, and types a line into each: bash is interactive
// (prompt, 'i' in $-, job control) when it reads its commands from a
// terminal, without -c and without a script operand unless -s, and its
// standard error is a terminal too. A script, a -c string, standard
// input from a pipe or standard error to a file keeps it
// non-interactive.
func TestTerminalImplicitInteractive(t *testing.T) {
	cases := []struct {
		name        string
		args        []string
		wrap        string // a bash -c line that runs "$0" "$@" differently
		interactive bool
	}{
		{"plain", nil, "", true},
		{"stdin-flag-args", []string{"-s", "a", "b"}, "", true},
		{"login", []string{"-l"}, "", true},
		{"script", []string{"s.sh"}, "", false},
		{"command", []string{"-c", "echo flags=$- args=$#"}, "", false},
		{"stderr-file", nil, `exec "$0" "$@" 2>err`, false},
		{"stdin-pipe", nil, `echo 'echo flags=$- args=$#' | "$0" "$@"`, false},
	}
	flags := regexp.MustCompile(`flags=(\S*) args=(\d+)`)
	run := func(shell string, args []string, wrap string) string {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "s.sh"), []byte("echo flags=$- args=$#\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		argv := append([]string{"--norc", "--noprofile"}, args...)
		cmd := exec.Command(shell, argv...)
		if wrap != "" {
			cmd = exec.Command(bashBin, append([]string{"--norc", "--noprofile", "-c", wrap, shell}, argv...)...)
		}
		cmd.Dir = dir
		cmd.Env = shellEnv(dir)
		out, _ := ptyCommand(t, cmd, func(tty *os.File) {
			typeKeys(tty, 400*time.Millisecond, "echo flags=$- args=$#\n", "exit\n")
		})
		return out
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, got := run(bashBin, c.args, c.wrap), run(nashBin, c.args, c.wrap)
			wm, gm := flags.FindStringSubmatch(want), flags.FindStringSubmatch(got)
			if wm == nil || gm == nil {
				t.Fatalf("no flags line\nbash:\n%s\nnash:\n%s", want, got)
			}
			if strings.Contains(wm[1], "i") != c.interactive {
				t.Fatalf("bash itself: flags %q, want interactive %v", wm[1], c.interactive)
			}
			if wm[0] != gm[0] {
				t.Errorf("bash: %s\nnash: %s\nbash's output:\n%s\nnash's output:\n%s", wm[0], gm[0], want, got)
			}
			// an interactive shell prompts for the line it reads
			if c.interactive && !strings.Contains(got, "$ ") {
				t.Errorf("nash printed no prompt:\n%s", got)
			}
		})
	}
}
