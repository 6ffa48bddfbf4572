package e2e

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// A ptyStep types send (a line, or a control character alone) into an
// interactive shell's terminal and waits until the output since then
// holds want, then settle more: a job that printed its marker has yet to
// be waited for, a job fg resumed has yet to get the terminal.
type ptyStep struct {
	send, want string
	settle     time.Duration
}

// started runs a program that prints "got" (its command line, echoed by
// the terminal, does not hold the word) and then sleeps: a step that
// starts it waits for the word, so that a ^C or ^Z typed next reaches the
// running program.
const started = `sh -c 'echo go""t; exec sleep 100'`

// TestTerminalJobControl runs `bash -i` and `nash -i` on a terminal of
// their own (a new session), as a person or an agent's terminal harness
// does, and types the same lines and control characters into both: the
// shell takes the terminal as a process group of its own with set -m on;
// each foreground program runs in a group of its own that gets the
// terminal, so ^C ends it and ^Z stops it without reaching the shell;
// fg gives a job the terminal again, bg continues it; ^C at the prompt
// drops the command being typed, and interrupts a wait; a background job is a group of its own that a ^C typed for a
// foreground pipeline does not reach; jobs reports the stops it lists;
// read -s, -n and -d set the terminal's modes as bash's read does;
// LINES and COLUMNS follow the window size;
// the terminal's modes a program changed before it died of a signal are
// put back; exec gives the program the shell's terminal and group and
// the default action of the signals the shell ignores for itself.
func TestTerminalJobControl(t *testing.T) {
	prompt := ptyStep{want: "$ "}
	line := func(s string) ptyStep { return ptyStep{send: s + "\n", want: "$ "} }
	job := func(s string) ptyStep { return ptyStep{send: s + "\n", want: "got", settle: 300 * time.Millisecond} }
	ctl := func(c, want string) ptyStep { return ptyStep{send: c, want: want} }
	cases := []struct {
		name  string
		steps []ptyStep
	}{
		{"groups", []ptyStep{prompt,
			line(`echo $-`),
			// the shell leads its group, which owns the terminal
			line(`read -r -a f </proc/$$/stat; echo shell $(( f[0]==f[4] )) $(( f[4]==f[7] ))`),
			// a program leads its own, which owns the terminal
			line(`awk '{print "program", ($1==$5), ($5==$8)}' /proc/self/stat`),
			// and the shell has the terminal back
			line(`read -r -a f </proc/$$/stat; echo shell $(( f[4]==f[7] ))`),
		}},
		{"prompt-interrupt", []ptyStep{prompt,
			// ^C at the prompt drops what was typed, $? is 130
			ctl("\x03", "$ "),
			line(`echo st=$?`),
			{send: "for i in 1; do\n", want: "> "},
			ctl("\x03", "$ "),
			line(`echo st=$?`),
		}},
		{"interrupt", []ptyStep{prompt,
			job(started), ctl("\x03", "$ "),
			line(`echo st=$?`),
			job(started + `; echo not-reached`), ctl("\x03", "$ "),
			line(`echo st=$?`),
		}},
		{"stop-fg-bg", []ptyStep{prompt,
			job(started), ctl("\x1a", "$ "),
			line(`echo st=$?; jobs`),
			{send: "fg\n", want: "sleep 100'", settle: 500 * time.Millisecond},
			ctl("\x1a", "$ "),
			line(`bg`),
			line(`jobs; kill %1; wait %1; echo w=$?`),
		}},
		{"wait-interrupt", []ptyStep{prompt,
			line(`sleep 100 &`),
			// ^C reaches the shell in wait, not the job
			{send: "wait %1; echo not-reached\n", want: "not-reached", settle: 300 * time.Millisecond},
			ctl("\x03", "$ "),
			line(`echo st=$?; jobs`),
			line(`kill %1; wait %1; echo w=$?`),
		}},
		{"jobs-reports-stop", []ptyStep{prompt,
			// a job that stops while the shell waits for a line (it
			// reads the terminal): jobs lists the stop, and no notice
			// repeats it
			{send: "(sleep 0.3; exec cat) &\n", want: "$ ", settle: 1500 * time.Millisecond},
			line(`jobs`),
			line(`:`),
			// (it dies of the SIGHUP its orphaned group gets when the
			// shell is killed: a kill and a wait for it race in bash)
		}},
		{"background-compound", []ptyStep{prompt,
			// a background job's processes are a group of their own,
			// which a ^C typed for a pipeline does not reach
			line(`{ sleep 100; echo not-reached; } &`),
			job(`sh -c 'echo go""t; exec sleep 100' | cat`), ctl("\x03", "$ "),
			line(`jobs; kill %1; wait %1; echo w=$?`),
		}},
		{"fg-background-job", []ptyStep{prompt,
			// (a background job that prints races with the prompt)
			line(`sleep 100 &`),
			{send: "fg\n", want: "sleep 100\r", settle: 500 * time.Millisecond},
			ctl("\x03", "$ "),
			line(`echo st=$?; jobs`),
		}},
		{"modes", []ptyStep{prompt,
			// the modes of a job that dies of a signal are the shell's again
			job(`sh -c 'stty -echo; echo go""t; exec sleep 100'`), ctl("\x03", "$ "),
			line(`stty -a | grep -o ' -*echo '`),
			// those a program that ends well leaves stay
			line(`stty -echo`),
			line(`stty -a | grep -o ' -*echo '`),
			line(`stty echo`),
		}},
		{"read-modes", []ptyStep{prompt,
			// read -s reads without echo; -n and -d a character at a
			// time (no newline needed); the modes come back after
			// (the prompt, not the "pw: " in the command's own echo)
			{send: `read -s -p "pw: " p` + "\n", want: "\r\npw: "},
			ctl("secret\n", "$ "),
			line(`echo "p=$p"`),
			{send: "read -n 1 c\n", want: "read -n 1 c\r\n", settle: 200 * time.Millisecond},
			ctl("z", "$ "),
			line(`echo "c=$c"`),
			{send: "read -d . w\n", want: "read -d . w\r\n", settle: 200 * time.Millisecond},
			ctl("xy.", "$ "),
			line(`echo "w=$w"`),
			line(`stty -a | grep -o ' -*echo \| -*icanon '`),
		}},
		{"exec-failures", []ptyStep{prompt,
			// a program that cannot be executed leaves the terminal
			// with the shell (its child had taken it)
			line(`printf '#!/bin/sh\necho x\n' > nox; printf 'echo from-script\n' > nosb; chmod +x nosb`),
			line(`./nox; echo st=$?`),
			line(`./nosb; echo st=$?`),
			line(`read -r -a f </proc/$$/stat; echo shell-fg=$(( f[4]==f[7] ))`),
		}},
		{"window-size", []ptyStep{prompt,
			// LINES and COLUMNS as readline starts, and again after a
			// foreground job under checkwinsize
			line(`echo "$COLUMNS $LINES"`),
			line(`stty cols 100 rows 30`),
			line(`echo "$COLUMNS $LINES"`),
		}},
		{"exec", []ptyStep{prompt,
			{send: `exec awk '{print "exec", ($1==$5), ($5==$8)} /^SigIgn/' /proc/self/stat /proc/self/status` + "\n", want: "SigIgn"},
		}},
	}
	pids := regexp.MustCompile(`\[([0-9]+)\] [0-9]+`)
	run := func(t *testing.T, shell string, steps []ptyStep) string {
		dir := t.TempDir()
		link := filepath.Join(dir, "bash")
		if err := os.Symlink(shell, link); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(link, "--norc", "--noprofile", "-i")
		cmd.Dir = dir
		cmd.Env = shellEnv(dir)
		out, ok := ptySteps(t, shell, cmd, steps)
		if !ok {
			return ""
		}
		text := strings.ReplaceAll(out, "\r", "")
		return pids.ReplaceAllString(text, "[$1] PID")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// one at a time: the steps wait for output, then settle for
			// fixed times that a loaded machine could outlast
			want, got := run(t, bashBin, c.steps), run(t, nashBin, c.steps)
			if want != got {
				t.Errorf("bash:\n%s\nnash:\n%s", want, got)
			}
		})
	}
}

// TestTerminalGivenBack starts an interactive shell on a terminal from a
// shell without job control, whose process group the new shell leaves
// for one of its own, taking the terminal: when it exits it gives the
// terminal and its group back (bash's end_job_control), so the shell
// that started it reads the terminal again.
func TestTerminalGivenBack(t *testing.T) {
	for _, shell := range []string{bashBin, nashBin} {
		dir := t.TempDir()
		cmd := exec.Command(bashBin, "--norc", "--noprofile", "-c",
			`"$0" --norc --noprofile -i; read -r -a f </proc/$$/stat; echo back $(( f[4]==f[7] )); read -r x; echo "read $x"`, shell)
		cmd.Dir = dir
		cmd.Env = shellEnv(dir)
		out, _ := ptyCommand(t, cmd, func(tty *os.File) {
			typeKeys(tty, 300*time.Millisecond, "exit\n", "typed\n")
		})
		if !strings.Contains(out, "back 1\n") || !strings.Contains(out, "read typed\n") {
			t.Errorf("%s: the terminal was not given back:\n%s", shell, out)
		}
	}
}

// TestTerminalScriptMonitor runs a non-interactive shell with set -m on
// a terminal (its standard error): each foreground program gets a group
// of its own and the terminal, and the shell takes the terminal back
// when the program stops, with SIGTTOU blocked (it does not ignore it).
func TestTerminalScriptMonitor(t *testing.T) {
	script := `set -m
sh -c 'cut -d" " -f1,5,8 /proc/$$/stat' > o; read a b c < o; echo "own=$(( a==b )) fg=$(( b==c ))"
sh -c 'kill -STOP $$'; echo "st=$?"
read -r -a f </proc/$$/stat; echo "shell-fg=$(( f[4]==f[7] ))"
jobs; kill -KILL %1`
	run := func(shell string) string {
		dir := t.TempDir()
		cmd := exec.Command(shell, "-c", script)
		cmd.Dir = dir
		cmd.Env = shellEnv(dir)
		out, ended := ptyCommand(t, cmd, nil)
		if !ended {
			t.Errorf("%s: still running after 10 s", shell)
		}
		return out
	}
	want, got := run(bashBin), run(nashBin)
	if want != got || !strings.Contains(got, "own=1 fg=1") {
		t.Errorf("bash:\n%s\nnash:\n%s", want, got)
	}
}

// ptyCommand runs cmd on a new terminal of 24 lines by 200 columns,
// hands the terminal to feed (when not nil) to type into, waits up to
// 10 s for cmd to end (killing it then: ended false) and returns what it
// wrote there without carriage returns.
func ptyCommand(t *testing.T, cmd *exec.Cmd, feed func(tty *os.File)) (out string, ended bool) {
	t.Helper()
	out, ended = ptyCommandRaw(t, cmd, feed)
	return strings.ReplaceAll(out, "\r", ""), ended
}

// ptySteps runs cmd (label in messages) on a new terminal of 24 lines by 200 columns and
// takes steps in it: each types its text, waits up to 10 s for the
// output since then to hold its want, then settles. It returns all the
// output, carriage returns kept, and false (having reported it) when a
// want did not come.
func ptySteps(t *testing.T, label string, cmd *exec.Cmd, steps []ptyStep) (string, bool) {
	t.Helper()
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 200})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var out bytes.Buffer
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		b := make([]byte, 4096)
		for {
			n, err := tty.Read(b)
			mu.Lock()
			out.Write(b[:n])
			mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	defer func() {
		tty.Close()
		cmd.Process.Kill()
		cmd.Wait()
		<-readDone
	}()
	for i, s := range steps {
		if i > 0 && s.send != "" && atPrompt(steps[i-1].want) {
			if !waitEditor(tty, cmd.Process.Pid, 5*time.Second) {
				t.Logf("%s: the line editor was not seen reading before step %d (%q)", label, i, s.send)
			}
		}
		mu.Lock()
		mark := out.Len()
		mu.Unlock()
		if s.send == "" {
			// the first prompt may have come before the step began
			mark = 0
		}
		if s.send != "" {
			tty.WriteString(s.send)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			mu.Lock()
			seen := bytes.Contains(out.Bytes()[mark:], []byte(s.want))
			mu.Unlock()
			if seen {
				break
			}
			if time.Now().After(deadline) {
				mu.Lock()
				t.Errorf("%s: no %q after typing %q; output:\n%s", label, s.want, s.send, out.String())
				mu.Unlock()
				return "", false
			}
			time.Sleep(10 * time.Millisecond)
		}
		time.Sleep(s.settle)
	}
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	return out.String(), true
}

// typeKeys types each of keys into tty after a pause.
func typeKeys(tty *os.File, pause time.Duration, keys ...string) {
	for _, k := range keys {
		time.Sleep(pause)
		tty.WriteString(k)
	}
}

// ptyCommandRaw is ptyCommand with the carriage returns kept.
func ptyCommandRaw(t *testing.T, cmd *exec.Cmd, feed func(tty *os.File)) (out string, ended bool) {
	t.Helper()
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 200})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	copied := make(chan struct{})
	go func() { io.Copy(&b, tty); close(copied) }()
	if feed != nil {
		feed(tty)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	ended = true
	select {
	case <-waited:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-waited
		ended = false
	}
	tty.Close()
	<-copied
	return b.String(), ended
}
