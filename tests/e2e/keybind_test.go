package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTerminalKeyBindings checks that keys run what bind and inputrc
// files bind them to: functions, macros and bind -x commands (which see
// and change the line through READLINE_LINE and READLINE_POINT), an
// unknown function name unbinding a key, uppercase meta keys running
// their lowercase versions, a sequence bound to nothing ringing the bell
// and dropping what was read of it.
func TestTerminalKeyBindings(t *testing.T) {
	line := func(k string) ptyStep { return ptyStep{send: k, want: "$ "} }
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
		line(`bind -x '"\C-t": READLINE_LINE="echo ${READLINE_LINE^^}"; READLINE_POINT=5'` + "\r"),
		line("abc\x14X\r"),
		line(`bind -x '"\C-t": echo "[$READLINE_LINE:$READLINE_POINT]"'` + "\r"),
		line("echo \u00e9t\u00e9\x02\x14\r"),
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
		if err := os.WriteFile(filepath.Join(dir, "irc"), []byte(irc), 0o644); err != nil {
			t.Fatal(err)
		}
	})
}
