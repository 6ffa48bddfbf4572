package e2e

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTerminalCompletion types TAB into bash and nash reading commands
// from a terminal with line editing, as a person at a container's shell
// does, and compares the screens: a word's single match is put in with a
// space after it (a slash after a directory, the quote closed after a
// quoted file name, a backslash before a blank in one), several matches
// give their common prefix and the bell, and a second TAB lists them in
// columns under the line, which is shown again; command names in a
// command's place, variables after $, file names elsewhere, and what a
// compspec (complete -W, -F with the COMP_ variables, compopt, -o
// default, -o nospace) gives; read -e completes file names.
func TestTerminalCompletion(t *testing.T) {
	line := func(k string) ptyStep { return ptyStep{send: k, want: "$ "} }
	pause := func(k string) ptyStep { return ptyStep{send: k, settle: 300 * time.Millisecond} }
	steps := []ptyStep{{want: "$ "},
		line("complete -W 'alpha beta gamma' wl; complete -F _cf cf; complete -o default -W 'zzz' dflt; complete -o nospace -W 'nos' ns\r"),
		line(`_cf() { COMPREPLY=("w${#COMP_WORDS[@]}c${COMP_CWORD}" "p$COMP_POINT" "[$3]"); [[ $2 == x* ]] && COMPREPLY=("x-$2-$1" ); [[ $2 == o* ]] && { compopt -o nospace; COMPREPLY=(opt); }; true; }` + "\r"),
		line(`wl() { echo "[$*]"; }; cf() { wl "$@"; }; dflt() { wl "$@"; }; ns() { wl "$@"; }` + "\r"),
		pause("echo fi\t"), pause("\t"), line("\r"),
		pause("echo su\t"), pause("\t"), line("\r"),
		pause("echo my\t"), line("\r"),
		pause("ech\t"), line("x\r"),
		pause("echo 'my\t"), line("\r"),
		pause("echo sp\t"), line("\r"),
		pause("echo $HOM\t"), line("\r"),
		pause("wl al\t"), line("\r"),
		pause("wl \t"), pause("\t"), line("\r"),
		pause("wl g\t"), line("\r"),
		pause("cf a b x\t"), line("\r"),
		pause("cf one \t"), pause("\t"), line("\r"),
		pause("cf o\t"), line("\r"),
		pause("dflt fil\t"), pause("\t"), line("\r"),
		pause("ns n\t"), line("\r"),
		pause("echo nomatch\t"), line("\r"),
		pause("echo subdir/\t"), line("\r"),
		pause("true; ech\t"), line("\r"),
		pause("echo $(ech\t"), line(")\r"),
		pause("echo f\t\t"), line("\r"),
		// quoting as bash's filename quoting does it
		pause("echo 'sp\t"), line("\r"),
		pause("echo \"sp\t"), line("\r"),
		pause("echo it\t"), line("\r"),
		pause("echo 'it\t"), line("\r"),
		pause("echo a\t"), line("\r"),
		pause("echo \"a\t"), line("\r"),
		pause("echo c\t"), line("\r"),
		// a listing in columns, and the question before a long one
		pause("echo q00\t"), pause("\t"), line("\r"),
		pause("echo q\t"), pause("\t"), pause("n"), line("\r"),
		// (the listing ends with the line shown again, prompt and all:
		// a step waiting for "$ " alone may take that one under load)
		pause("echo q0\t"), pause("\t"), pause("x"), {send: "y", want: "q099", settle: 300 * time.Millisecond}, line("\x15\r"),
		// read -e completes file names, wherever the word is
		pause("read -e v\r"), pause("fi\t"), pause("\t"), line("\r"),
		pause("read -e v\r"), pause("ech\t"), line("\r"),
		line("echo \"[$v]\"\r"),
	}
	steps = append(steps, ptyStep{send: "\x15\x04", want: "exit"})
	compareScreens(t, steps, func(t *testing.T, dir string) {
		for _, d := range []string{"subdir", "sp ace"} {
			if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		files := []string{"file1", "file2", "my file", "subdir/inner", "it's", "a$b", "c=d"}
		for i := 0; i < 120; i++ {
			files = append(files, fmt.Sprintf("q%03d", i))
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestTerminalCompletionExit: a completion function that runs exit ends
// the shell at once, the line not run, as in bash (nash used to wait
// for the line's end).
func TestTerminalCompletionExit(t *testing.T) {
	for _, shell := range []string{bashBin, nashBin} {
		dir := t.TempDir()
		cmd := exec.Command(shell, "--norc", "--noprofile")
		cmd.Dir = dir
		cmd.Env = append(shellEnv(dir), "INPUTRC=/dev/null")
		out, ended := ptyCommand(t, cmd, func(tty *os.File) {
			typeKeys(tty, 300*time.Millisecond, "f() { exit 3; }; complete -F f x\r", "x \t")
		})
		if !ended || !strings.HasSuffix(strings.TrimSpace(out), "$ x exit") {
			t.Errorf("%s: ended %v, output:\n%s", shell, ended, out)
		}
	}
}
