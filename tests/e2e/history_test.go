package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestInteractiveHistory feeds scripts on stdin to `bash -i` and `nash -i`
// (both invoked as "bash", HOME and HISTFILE in a temporary directory) and
// compares stdout, stderr and the history file each leaves: history is on
// in an interactive shell, the file is read after the startup files and
// this session's lines are appended to it on exit (cut to HISTFILESIZE),
// and ! expansion is on; prompts number the commands by it.
func TestInteractiveHistory(t *testing.T) {
	cases := []struct {
		name, seed, stdin string
		env               []string
	}{
		{"list-and-bang", "", "echo a\necho b\n!!\n!-3\nhistory\necho $HISTSIZE $HISTFILESIZE\nfc -l\n", nil},
		{"loads-and-appends", "old 1\nold 2\n", "echo new\nhistory\nfc -l old\n!old\n", nil},
		{"filesize-cut", "o1\no2\no3\n", "echo x\necho y\n", []string{"HISTFILESIZE=3"}},
		{"expansion-errors", "", "echo one two\n!!:5\n!nosuch\n^one^uno^\necho !$ !^\nexit 3\n", nil},
		{"history-off", "keep\n", "set +o history\necho off\nhistory\n", nil},
		{"fc-s-and-d", "", "echo a\necho b\nfc -s a=z 'echo a'\nhistory -d 1\nhistory\n", nil},
		// \! in PS1 is the next line's number, in PS2 and PS0 the
		// command's being read; without cmdhist each line is an entry
		{"prompt-numbers", "o1\no2\n", "PS1='[\\!] '; PS2='<\\!> '; PS0='{\\!}\\n'\nfor i in 1\ndo echo $i\ndone\nshopt -u cmdhist\nfor i in 2\ndo echo $i\ndone\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			type result struct{ out, err, file string }
			runIn := func(shell string) result {
				dir := t.TempDir()
				link := filepath.Join(dir, "bin", "bash")
				if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(shell, link); err != nil {
					t.Fatal(err)
				}
				hist := filepath.Join(dir, "hist")
				if c.seed != "" {
					if err := os.WriteFile(hist, []byte(c.seed), 0o600); err != nil {
						t.Fatal(err)
					}
				}
				cmd := exec.Command(link, "--norc", "-i")
				cmd.Dir = dir
				cmd.Env = append([]string{"PATH=/usr/bin:/bin", "HOME=" + dir, "HISTFILE=" + hist,
					"LC_ALL=C", "TERM=dumb", "NUCLEIC_NASH_NO_FALLBACK=1"}, c.env...)
				cmd.Stdin = strings.NewReader(c.stdin)
				var out, errb strings.Builder
				cmd.Stdout, cmd.Stderr = &out, &errb
				_ = cmd.Run()
				b, _ := os.ReadFile(hist)
				pg := regexp.MustCompile(`process group \(-?[0-9]+\)`)
				return result{out.String(), pg.ReplaceAllString(errb.String(), "process group (PG)"), string(b)}
			}
			want, got := runIn(bashBin), runIn(nashBin)
			if want.out != got.out {
				t.Errorf("stdout:\nbash: %q\nnash: %q", want.out, got.out)
			}
			if want.err != got.err {
				t.Errorf("stderr:\nbash: %q\nnash: %q", want.err, got.err)
			}
			if want.file != got.file {
				t.Errorf("history file:\nbash: %q\nnash: %q", want.file, got.file)
			}
		})
	}
}
