package interp_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestTraceFacilitiesMatchBash compares nash with bash on BASH_XTRACEFD,
// select's xtrace line, set -v in sourced files and eval strings,
// $BASH_COMMAND after pipelines, ERR with errtrace around subshells and
// the RETURN trap of sourced files. Each script runs in its own
// directory holding an inc.sh.
func TestTraceFacilitiesMatchBash(t *testing.T) {
	nash := nashAndBash(t)
	cases := []struct{ name, src string }{
		{"xtracefd", `exec 5>fd5
BASH_XTRACEFD=7
BASH_XTRACEFD=' 5'
set -x
echo a
BASH_XTRACEFD=+5
echo b
echo c 5>&-
echo d
BASH_XTRACEFD=5
( echo sub )
f() { local BASH_XTRACEFD=2; echo inf; }
f
echo after
BASH_XTRACEFD=2 echo tmp
echo after2
unset BASH_XTRACEFD
echo e
set +x
cat fd5`},
		{"verbose-source-eval", `printf 'echo one\nset -v\necho two\n# c\n\nif true; then\n  echo in-if\nfi; echo same\nset +v\necho three' >inc4.sh
set -v
. ./inc.sh
. ./inc4.sh
set -v
eval 'echo evaled
# c2
echo two'
eval "echo a; echo b"; eval ''; eval '   '; eval 'echo x' 'y'
f() { eval 'echo infunc'; }; f
x=$(eval 'echo incs'); cat <(eval 'echo ps')
( eval 'echo insub' )
eval "set +v
echo e1; set -v
echo e2"
trap 'echo t' EXIT
set +v`},
		{"bash-command-pipeline", `trap 'echo "exit: $BASH_COMMAND"' EXIT
trap 'echo "ERR $BASH_COMMAND"' ERR
true | false; echo x | { false; }; echo a | false 2>/dev/null
echo a | while read l; do :; done; echo "$BASH_COMMAND"
f() { echo in; }; echo a | f >/dev/null; echo "$BASH_COMMAND"
export A=1 | cat >/dev/null; echo "$BASH_COMMAND"
true | cat`},
		{"bash-command-eval-source", `trap 'echo "RET $LINENO ${FUNCNAME[0]:-main} $BASH_COMMAND"' RETURN
trap 'echo "X $BASH_COMMAND"' EXIT
. ./inc.sh
set -T; . ./inc.sh; set +T
f() { . ./inc.sh; echo f-end; }; f
eval "echo ev"`},
		{"select-head", `set -x; select s in one "t w"; do break; done </dev/null; select s in; do :; done; set --; select s; do :; done; echo $?`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			run := func(sh string) string {
				dir := t.TempDir()
				os.WriteFile(filepath.Join(dir, "inc.sh"), []byte("echo from inc\n# a comment\n"), 0o644)
				cmd := exec.Command(sh, "-c", c.src, "bash")
				cmd.Dir = dir
				out, _ := cmd.CombinedOutput()
				return string(out)
			}
			want, got := run("/usr/bin/bash"), run(nash)
			if want != got {
				t.Errorf("bash:\n%s\nnash:\n%s", want, got)
			}
		})
	}
}
