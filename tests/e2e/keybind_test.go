package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTerminalKeyBindings checks that keys run what bind and inputrc
// files bind them to: functions, macros and bind -x commands (which see
// and change the line through READLINE_LINE and READLINE_POINT), an
// unknown function name unbinding a key, uppercase meta keys running
// their lowercase versions, a sequence bound to nothing ringing the bell
// and dropping what was read of it, successive kills yanked as one.
func TestTerminalKeyBindings(t *testing.T) {
	// each line settles: "$ " also shows when bash redraws the line
	// (a count's prompt, a listing), before the line has run
	line := func(k string) ptyStep { return ptyStep{send: k, want: "$ ", settle: 150 * time.Millisecond} }
	steps := []ptyStep{{want: "$ "},
		line("bind -f irc\r"),
		line("echo one\r"), line("echo two\r"),
		line("echo o\x1b[5~\r"), line("echo t\x1b[5~\x1b[5~\x1b[6~\r"),
		line("\x18m"),
		line("echo ab\x0fX\r"),
		line("echo q\x01Z\r"),
		line("echo x\x05\x1b[1;2Ay\r"),
		line("echo x y\x02\x02\x02\x02\x1b\x1b[Cz\r"),
		line("echo hello world\x05\x1bB\x1bU\r"),
		// kills one after another make one text to yank, in the order
		// the line had it
		line("echo one two three\x17\x17\x19\x19\r"),
		line("echo x\x02\x0b\x15\x19\r"),
		// M-y puts the kill before in the yanked text's place; M-digits
		// count
		line("echo a b c\x17\x17 x\x01\x0b\x19\x1by\x1by\r"),
		line("echo \x1b3z\x1b12y\r"), line("echo one two\x1b2\x1bb\x1bdX\r"),
		// M-t, the mark (C-@, C-x C-x), C-] and M-C-], C-x C-v
		line("echo one two three\x1bt\r"), line("echo aa bbb cc\x01\x1bf\x1bf\x1bt\r"),
		line("echo alpha beta\x01\x1bf\x00\x05\x18\x18X\r"),
		line("echo find the x here\x01\x1dx\x1dhZ\r"), line("printf '%s\\n' abcabc\x1b\x1db\x1b2\x1b\x1dcY\r"), line("printf '%s\\n' abcabc\x1b3\x1b\x1daZ\r"),
		line("echo ver\x18\x16\r"), line("echo one\x01\x1bf\x00\x05\x1b w\x17\x19\x19\r"),
		// M-p searches the history for a line holding the text typed
		line("echo apple one\r"), line("echo banana two\r"), line("\x1bpapp\r\r"),
		line("\x1bpzzz\r: failed\r"), line("\x1bp\r\r"), line("\x1bpan\x7f\x7fne\r\r"), line("\x1bpab\x7f\x7f\x7fecho aborted\r"),
		// C-x C-e edits the line with $VISUAL (through fc) and runs it
		line("VISUAL='sed -i s/foo/bar/'\r"), line("echo foo\x18\x05"), line("history 3\r"),
		line(`bind -x '"\C-t": READLINE_LINE="echo ${READLINE_LINE^^}"; READLINE_POINT=5'` + "\r"),
		line("abc\x14X\r"),
		line(`bind -x '"\C-t": echo "[$READLINE_LINE:$READLINE_POINT]"'` + "\r"),
		line("echo \u00e9t\u00e9\x02\x14\r"),
		// completion of one kind: M-/ files, M-! commands, M-$
		// variables, and their lists on C-x
		line("echo al\x18/\x15\r"), line("cat bet\x1b/\r"), line("echo HOM\x1b$\r"),
		line("ech\x1b!\x15\r"), line("echo PAT\x18$\x15\r"),
		// C-x * puts a pattern's files in its place, C-x g lists them,
		// M-g completes with a * after the word
		line("echo al*\x18*\r"), line("echo al*\x18g\x15\r"), line("echo alp\x1bg\r"),
		// M-TAB completes from the history's words, lists them after
		line("echo uniqueword1 uniqueword22\r"), line("echo uniq\x1b\t\r"), line("echo uniquew\x1b\t\x1b\t\x15\r"),
		// M-^ history-expands the line, M-C-y yanks a word of the line
		// before, C-x ( C-x ) record a keyboard macro and C-x e replays
		// it, M-C-l clears the display
		line("set -H\r"), line("echo alpha beta gamma\r"), line("echo !$ x\x1b^\r"),
		line("echo \x1b\x19 \x1b2\x1b\x19\r"), line("echo q\x18(ab\x18)\x18e\x1b3\x18e\r"),
		line("echo cleared\x1b\x0c\r"), line("HOME=/hm\r"), line("echo ~/x y\x02\x02\x02\x1b&Z\r"),
		// Insert toggles overwrite-mode on xterm (an unbound sequence
		// on dumb); a key bound to redraw-current-line shows the line
		line("echo abcdef\x01\x06\x06\x06\x06\x06\x1b[2~XY\x1b[2~Z\r"),
		line("bind '\"\\C-xr\": redraw-current-line'\r"), line("echo ab\x18rc\r"),
		// M-C-e expands the line as one word, undo takes it back
		line("X='a  b'\r"), line("echo $X $((1+2)) \"q  r\" {a,b} ~\x1b\x05\r"), line("echo `echo hi`\x1b\x05\x1f\r"),
		// a line wider than the screen (scrolled sideways on dumb)
		line("echo " + strings.Repeat("0123456789", 10) + "\r"),
		line("echo " + strings.Repeat("abcdefghij", 9) + "\x01\x06\x06\x1bf\x1bfXY\x1b<\x1b>\x05 end\r"),
		// menu completion cycles through the matches
		line("bind 'TAB: menu-complete' '\"\\C-p\": menu-complete-backward'\r"),
		line("echo al\t\r"), line("echo al\t\t\r"), line("echo al\t\t\t\r"), line("echo be\t\t\r"),
		line("echo al\x10\r"), line("echo zz\t\r"),
		{send: "\x15\x04", want: "exit"},
	}
	compareScreens(t, steps, func(t *testing.T, dir string) {
		irc := `"\e[5~": history-search-backward
"\e[6~": history-search-forward
"\C-xm": "echo from macro\n"
Control-o: backward-char
"\C-a": no-such-function
"\e\e[C": forward-word
`
		for name, text := range map[string]string{"irc": irc, "alpha1": "", "alpha2": "", "beta": ""} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestTerminalViMode types vi-mode editing into bash and nash after set
// -o vi: ESC to command mode, motions (h l 0 $ ^ w b e W B E f F t T ;
// ,) with counts, operators with motions (d c y and dd cc, D C),
// x X r ~ R s S p P, u and U, history with k and j, and insert mode's
// own keys.
func TestTerminalViMode(t *testing.T) {
	// each line settles: "$ " also shows when bash redraws the line
	// (a count's prompt, a listing), before the line has run
	line := func(k string) ptyStep { return ptyStep{send: k, want: "$ ", settle: 150 * time.Millisecond} }
	steps := []ptyStep{{want: "$ "},
		line("set -o vi\r"),
		line("echo hello world foo\x1bbbdwx\r"),
		line("echo one two three\x1b0wcwTWO\x1b$x\r"),
		line("echo abc\x1bhhr-\r"),
		line("echo abcdef\x1b2hD\r"),
		line("echo a.b cd\x1bbb~~\r"), line("echo a.b c d\x1bBBx\r"),
		line("echo xyz\x1b0wywP\r"),
		line("echo q w e\x1bFqdtex\r"),
		line("echo a,b,c,d\x1b0fb;;x,x\r"),
		line("echo foo.bar baz\x1b0WeEx\r"),
		line("echo 12345\x1b0w2x\r"), line("echo 12345\x1b2X\r"),
		line("echo hi\x1bithere \x1bu\r"),
		line("echo keep\x1bU\r"),
		line("echo one\x1bkk\r"),
		line("echo repl\x1b0wRXY\x1b\r"),
		line("echo subst\x1bhsZ\x1b\r"),
		line("echo gone\x1bSecho whole\x1b\r"),
		line("echo d1 d2 d3\x1b0w2dw\r"),
		line("echo cut\x1bddiecho paste\x1bp\r"),
		line("echo end\x1bCtail\x1b\r"),
		line("echo in\x17out\x1b\r"),
		// / and ? search the history, n and N again
		line("echo apple one\r"), line("echo banana two\r"), line("\x1b/apple\r\r"),
		line("\x1b/ban\rnN\r"), line("\x1b/^echo b\r\r"), line("\x1b/nothing\ri: failed\r"),
		// v edits the line with $VISUAL and runs it
		line("VISUAL='sed -i s/foo/bar/'\r"), line("echo foo\x1bv"), line("fc -l -2\r"),
		{send: "\x15\x04", want: "exit"},
	}
	compareScreens(t, steps, nil)
}
