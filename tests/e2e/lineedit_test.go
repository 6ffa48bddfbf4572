package e2e

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestTerminalLineEditing types the same keys into bash and nash reading
// commands from a terminal with line editing, on a dumb terminal and on
// an xterm (bracketed paste), with the terminal's echo on and off (as
// pexpect's echo=False leaves it), and compares the screens a terminal
// shows for their output: the editing keys an agent's harness or a
// person sends (^A ^E ^B ^F, the arrows, ^H and DEL, ^U ^W ^K ^Y, ^T,
// the meta keys, ^V, ^L, ^P and the history, a bracketed paste, ^C and
// ^D) act as in readline, and the lines they make run; read -e reads
// its line so too, from -i's text.
func TestTerminalLineEditing(t *testing.T) {
	// each line waits for the prompt that follows it
	line := func(k string) ptyStep { return ptyStep{send: k, want: "$ "} }
	pause := func(k string) ptyStep { return ptyStep{send: k, settle: 300 * time.Millisecond} }
	steps := []ptyStep{{want: "$ "},
		line("echo hi\r"),
		line("echo abc\x7f\x7fX\r"),
		line("echo ab\x01\x06\x06\x06\x06\x06Z\x05Y\r"),
		line("echo one\x0cecho two\r"),
		line("echo first\r"), line("\x10\r"), line("\x1b[A\r"),
		line("garbage\x15echo clean\r"),
		line("echo one two\x17three\r"),
		line("echo abcdef\x02\x02\x02\x0b\r"), line("echo \x19\r"),
		line("echo ab\x14\r"),
		line("echo one two\x1bb\x1bbX\r"),
		line("echo abcd\x02\x02\x1b[3~\r"),
		line("x=a\x16\x01b; echo ${#x}\r"),
		line("echo \u00e9\x7fe\r"),
		line("\x1b[200~echo pasted\x1b[201~\r"),
		{send: "for i in 1 2\r", want: "> "}, line("do echo $i; done\r"),
		pause("abc"), line("\x03"), line("echo st=$?\r"),
		{send: "read -e -p 'dir: ' -i /usr/local d; echo \"[$d]\"\r", want: "dir: "}, line("\r"),
		pause("read -e -i abc x\r"), line("\x7fZ\r"), line("echo \"[$x]\"\r"),
	}
	end := ptyStep{send: "\x7f\x04", want: "exit"}
	// what the lines print, in order
	want := []string{"hi", "aX", "ZabY", "oneecho two", "first", "first", "first", "clean", "one three",
		"abc", "def", "ba", "Xone two", "abd", "3", "e", "pasted", "1", "2", "st=130",
		"[/usr/local]", "[abZ]"}
	for _, term := range []string{"dumb", "xterm"} {
		for _, echo := range []bool{true, false} {
			steps, want := append(steps[:len(steps):len(steps)], end), want
			if term != "dumb" {
				// a line longer than the 4095 bytes a canonical-mode
				// line may hold (on a dumb terminal readline scrolls it
				// sideways, as the line editor does not)
				steps = append(steps[:len(steps)-1], line("v="+strings.Repeat("x", 5000)+"; echo ${#v}\r"), end)
				want = append(want[:len(want):len(want)], "5000")
			}
			t.Run(term+"-echo-"+strconv.FormatBool(echo), func(t *testing.T) {
				t.Parallel()
				run := func(shell string) []string {
					dir := t.TempDir()
					cmd := exec.Command(shell, "--norc", "--noprofile")
					if !echo {
						cmd = exec.Command(bashBin, "--norc", "--noprofile", "-c", `stty -echo; PS1='$ ' exec "$0" --norc --noprofile`, shell)
					}
					cmd.Dir = dir
					cmd.Env = append(shellEnv(dir), "TERM="+term, "LC_ALL=C.UTF-8")
					out, _ := ptySteps(t, shell, cmd, steps)
					return screen(out)
				}
				b, n := run(bashBin), run(nashBin)
				if strings.Join(b, "\n") != strings.Join(n, "\n") {
					t.Errorf("screens differ\nbash:\n%s\nnash:\n%s", strings.Join(b, "\n"), strings.Join(n, "\n"))
				}
				// and the lines ran as edited
				i := 0
				for _, l := range n {
					// (without echo the prompts show before the output)
					if i < len(want) && strings.HasSuffix(l, want[i]) {
						i++
					}
				}
				if i < len(want) {
					t.Errorf("nash's output lacks %q (in order %q):\n%s", want[i], want, strings.Join(n, "\n"))
				}
			})
		}
	}
}

// screen renders what a terminal shows for out: the carriage return,
// newline, backspace and tab; ESC [ H, 2J (the screen scrolls into the
// history above, as tmux keeps it), K, @, P, C and D; other escapes and the
// bell show nothing. Trailing blanks are dropped.
func screen(out string) []string {
	var hist, lines [][]rune
	row, col := 0, 0
	put := func(r rune) {
		for len(lines) <= row {
			lines = append(lines, nil)
		}
		for len(lines[row]) <= col {
			lines[row] = append(lines[row], ' ')
		}
		lines[row][col] = r
		col++
	}
	rs := []rune(out)
	for i := 0; i < len(rs); i++ {
		switch c := rs[i]; c {
		case '\r':
			col = 0
		case '\n':
			row++
		case '\b':
			if col > 0 {
				col--
			}
		case '\t':
			col = (col/8 + 1) * 8
		case '\a':
		case 0x1b:
			if i+1 >= len(rs) || rs[i+1] != '[' {
				i++
				continue
			}
			j := i + 2
			for j < len(rs) && !(rs[j] >= 0x40 && rs[j] <= 0x7e) {
				j++
			}
			if j >= len(rs) {
				i = j
				continue
			}
			param, final := string(rs[i+2:j]), rs[j]
			i = j
			n, err := strconv.Atoi(param)
			if err != nil || n == 0 {
				n = 1
			}
			switch final {
			case 'H':
				row, col = 0, 0
			case 'J':
				if param == "2" {
					hist = append(hist, lines...)
					lines = nil
				}
			case 'K':
				if row < len(lines) && col < len(lines[row]) {
					lines[row] = lines[row][:col]
				}
			case '@': // insert blanks
				if row < len(lines) && col < len(lines[row]) {
					l := lines[row]
					lines[row] = append(append(append([]rune(nil), l[:col]...), []rune(strings.Repeat(" ", n))...), l[col:]...)
				}
			case 'P': // delete characters
				if row < len(lines) && col < len(lines[row]) {
					l := lines[row]
					lines[row] = append(append([]rune(nil), l[:col]...), l[min(col+n, len(l)):]...)
				}
			case 'C':
				col += n
			case 'D':
				col = max(col-n, 0)
			}
		default:
			put(c)
		}
	}
	var s []string
	for _, l := range append(hist, lines...) {
		s = append(s, strings.TrimRight(string(l), " "))
	}
	return s
}

// TestTerminalHistorySearch types ^R (reverse-search-history) into bash
// and nash and compares the screens: the search prompt takes the
// prompt's place, typed characters find the newest line holding them,
// ^R the next older one (failing with the bell, and taking the last
// search's text when none is typed), DEL shortens the text, RET runs
// the line found, ^G gives back the line as it was, ESC ends the search
// (an arrow key's sequence goes on to move), and another key ends it
// with the line found and acts on it.
func TestTerminalHistorySearch(t *testing.T) {
	line := func(k string) ptyStep { return ptyStep{send: k, want: "$ "} }
	ran := func(k string) ptyStep { return ptyStep{send: k, want: "$ ", settle: 300 * time.Millisecond} }
	pause := func(k string) ptyStep { return ptyStep{send: k, settle: 300 * time.Millisecond} }
	steps := []ptyStep{{want: "$ "},
		line("echo alpha\r"), line("echo beta\r"), line("echo alphabet\r"),
		// (a line ended from a search settles too: the search's end
		// shows the prompt again before the line runs, and a ^R typed
		// while it runs is the terminal's reprint character)
		pause("\x12"), pause("al"), pause("\x12"), pause("\x12"), pause("\x7f"), ran("\r"),
		pause("\x12"), pause("zz"), pause("\x07"), ran("\r"),
		pause("echo typed"), pause("\x12"), pause("bet"), pause("\x1b[D"), ran("X\r"),
		pause("\x12"), pause("\x12"), ran("\r"),
		pause("\x12"), pause("alpha"), pause("\x05"), ran(" more\r"),
		pause("\x12"), pause("beta"), pause("\x10"), ran("\r"),
		pause("\x12"), pause("ech"), pause("\x01"), ran("\x0b\r"),
		// ESC ends the search and does nothing else; after a failed
		// search the cursor is at the line's start
		pause("\x12"), pause("alph"), pause("\x1b"), ran("X\r"),
		pause("echo q"), pause("\x12"), pause("zz"), pause("\x1b"), ran("echo Y \r"),
		pause("\x12"), pause("bet"), pause("\x12"), pause("\x12"), pause("\x12"), pause("\x15"), ran("echo Z \r"),
	}
	steps = append(steps, ptyStep{send: "\x15\x04", want: "exit"})
	compareScreens(t, steps, nil)
}

// TestTerminalWordCommands types readline's word and history commands
// into bash and nash and compares the screens: M-. and M-_ put in the
// last word of the previous line (again: of the line before, in its
// place), M-u, M-l and M-c change the case of the rest of a word, M-<
// and M-> go to the history's ends, M-# makes the line a comment and
// runs it, ^_ and ^X^U undo, M-r reverts the line, ^O runs the line and
// offers the next one from the history.
func TestTerminalWordCommands(t *testing.T) {
	line := func(k string) ptyStep { return ptyStep{send: k, want: "$ "} }
	steps := []ptyStep{{want: "$ "},
		line("echo one two; ls three | cat\r"), line("echo four five\r"),
		line("echo \x1b.\x1b.\r"), line("echo \x1b.\x1b.\x1b.\x1b.\r"), line("echo \x1b_\r"),
		line("echo hello world\x01\x1bf\x1bu\x1bc\r"),
		line("echo MiXeD CaSe\x01\x1bf \x1bl\x1bc\r"),
		// M-< shows the first history line, which ends in "cat", before
		// Enter runs it: on a dumb terminal its redisplay prints the
		// prompt again, so "$ " alone would let the next keys come
		// while the command runs, for the terminal to echo
		{send: "echo x\x1b<", want: "cat"}, line("\r"),
		{send: "echo y\x1b<", want: "cat"}, {send: "\x1b>", want: "y"}, line("\r"),
		line("echo comment\x1b#"), line("\x10\r"),
		// undo (^_, ^X^U) takes back a command's changes, typing in
		// runs of up to 20 bytes, a character of several bytes alone;
		// M-r all of them
		line("echo abcdefghijklmnopqrstuvwxyz0123\x1f\r"),
		line("echo ab cd\x17\x1f\r"), line("echo ab cd\x01\x06\x06\x06\x06\x06\x0b\x1f\r"),
		line("echo ab\x14\x1f\r"), line("echo x\x7f\x7f\x1f\x1f\r"),
		line("echo hello\x01\x1bf\x1bu\x1f\r"), line("echo q\x18\x15: done\r"),
		line("echo one\x1br: reverted\r"), line("echo zz\x1f\x1f\x1f\x1f: undone\r"),
		line("echo a\u00e9\x1f\r"), line("echo \u00e9a\x1f\r"),
		// ^O runs the line and offers the history line after it
		line("echo a\r"), line("echo b\r"), line("echo c\r"),
		line("\x10\x10\x0f"), line("\r"), line("\x0f"), line("echo X\r"),
		line("\x10\x10\x10\x10\x0f"), line("\x0f"), line("\x0f"),
		{send: "\x15\x04", want: "exit"},
	}
	compareScreens(t, steps, nil)
}

// compareScreens takes steps in bash and in nash (--norc --noprofile),
// on a dumb and on an xterm terminal (parallel subtests), each in a new
// directory that setup fills when not nil, with HOME and HISTFILE there
// and no inputrc, and fails when the screens (the directory's name
// shown as DIR) differ.
func compareScreens(t *testing.T, steps []ptyStep, setup func(t *testing.T, dir string)) {
	for _, term := range []string{"dumb", "xterm"} {
		t.Run(term, func(t *testing.T) {
			t.Parallel()
			run := func(shell string) []string {
				dir := t.TempDir()
				if setup != nil {
					setup(t, dir)
				}
				cmd := exec.Command(shell, "--norc", "--noprofile")
				cmd.Dir = dir
				cmd.Env = append(shellEnv(dir), "TERM="+term, "LC_ALL=C.UTF-8", "INPUTRC=/dev/null")
				out, _ := ptySteps(t, shell, cmd, steps)
				return screen(strings.ReplaceAll(out, dir, "DIR"))
			}
			b, n := run(bashBin), run(nashBin)
			if strings.Join(b, "\n") != strings.Join(n, "\n") {
				t.Errorf("screens differ\nbash:\n%s\nnash:\n%s", strings.Join(b, "\n"), strings.Join(n, "\n"))
			}
		})
	}
}
