package interp

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// runBoth runs src with /usr/bin/bash and in-process with a Runner, in
// separate fresh directories, and returns both combined outputs
// (stdout, then "--stderr--" and stderr, then the status).
//
// When the two differ, bash runs once more: some cases race in bash
// itself under load (CI saw bash print -1 for `cat <(exit 3); wait $!`),
// and nash's one output is then compared with either of bash's. nash
// never gets a second try.
func runBoth(t *testing.T, src string) (string, string) {
	t.Helper()
	bashOut := runBashC(t, src)
	dir := t.TempDir()
	o, e, st := runCaptured(t, src, Dir(dir), Env([]string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LC_ALL=C.UTF-8"}), Params("t"), CommandString(src))
	nashOut := o + "--stderr--\n" + e + "--status " + itoa(int64(st))
	if bashOut != nashOut {
		if again := runBashC(t, src); again != bashOut {
			t.Logf("bash itself gave two outputs:\n%s\n---\n%s", bashOut, again)
			if again == nashOut {
				bashOut = again
			}
		}
	}
	return bashOut, nashOut
}

// runBashC runs src with /usr/bin/bash -c in a fresh directory, in
// runBoth's output format.
func runBashC(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command("/usr/bin/bash", "-c", src, "t")
	cmd.Dir = dir
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LC_ALL=C.UTF-8"}
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	st := 0
	if ee, ok := err.(*exec.ExitError); ok {
		st = ee.ExitCode()
	}
	return o.String() + "--stderr--\n" + e.String() + "--status " + itoa(int64(st))
}

func testAgainstBash(t *testing.T, cases []struct{ name, src string }) {
	if _, err := os.Stat("/usr/bin/bash"); err != nil {
		t.Skip("no /usr/bin/bash to compare with")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, got := runBoth(t, c.src)
			if want != got {
				t.Errorf("script:\n%s\nbash:\n%s\nnash:\n%s", c.src, want, got)
			}
		})
	}
}

// Subshells and command substitutions run in-process but must not leak
// any state into their parent.
func TestSubshellIsolation(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"vars", `x=1; (x=2; y=3); echo "$x ${y-unset}"`},
		{"cwd", `mkdir d; top=$PWD; (cd d; pwd >/dev/null); [ "$PWD" = "$top" ] && echo same; echo $(cd d; basename "$PWD") $([ "$PWD" = "$top" ] && echo same)`},
		{"options", `(set -e; set -u); echo "$-"; (shopt -s nullglob); shopt -q nullglob || echo off`},
		{"traps", `trap 'echo parent-exit' EXIT; (trap 'echo sub-exit' EXIT; exit 3); echo st=$?`},
		{"umask", `umask 022; (umask 077; touch a); touch b; stat -c %a a b`},
		{"exit", `x=$(exit 4); echo st=$?; (exit 5); echo st=$?`},
		{"functions", `f(){ echo outer; }; (f(){ echo inner; }; f); f`},
		{"local-in-subshell", `f(){ local v=1; ( v=2; echo in:$v ); echo out:$v; }; f`},
		{"arrays", `a=(1 2); (a[0]=x; a+=(3)); echo "${a[@]}"`},
		{"fds", `exec 3>out; (exec 3>&-); echo ok >&3; cat out`},
		{"cmdsub-errexit", `set -e; x=$(false; echo still); echo "[$x]"`},
		{"nested", `echo $(echo a $(echo b $(echo c)))`},
	})
}

// break, continue and return inside && / || lists, conditions and loops.
func TestControlFlowInLists(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"break-in-and", `for i in 1 2 3; do true && break; echo no; done; echo i=$i`},
		{"continue-in-or", `for i in 1 2 3; do false || continue; echo no; done; echo done`},
		{"break-in-if-cond", `for i in 1 2; do if break; then echo no; fi; done; echo after`},
		{"return-in-and", `f(){ true && return 4; echo no; }; f; echo st=$?`},
		{"return-in-while-cond", `f(){ while return 2; do echo no; done; }; f; echo st=$?`},
		{"break-n", `for a in 1 2; do for b in 1 2; do break 2; done; echo no; done; echo out`},
		{"continue-n", `for a in 1 2; do for b in 1 2; do continue 2; echo no; done; done; echo out $a $b`},
		{"list-rest-not-run", `for i in 1; do break; echo no; done; echo yes`},
		{"until", `n=0; until [ $n -ge 3 ]; do n=$((n+1)); [ $n = 2 ] && continue; echo n=$n; done`},
		{"case-fallthrough", `case a in a) echo 1;& b) echo 2;;& *) echo 3;; esac`},
		{"return-from-source", `echo 'echo in; return 3; echo no' > s; . ./s; echo st=$?`},
	})
}

// set -e with all its exemptions.
func TestErrexitRules(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"simple", `set -e; false; echo no`},
		{"if-cond", `set -e; if false; then :; fi; echo yes`},
		{"and-list", `set -e; false && true; echo yes`},
		{"or-list-last", `set -e; true || false; false || false; echo no`},
		{"negated", `set -e; ! true; echo yes`},
		{"pipeline-not-last", `set -e; false | true; echo yes`},
		{"pipefail", `set -eo pipefail; false | true; echo no`},
		{"while-cond", `set -e; while false; do :; done; echo yes`},
		{"function-in-cond", `set -e; f(){ false; echo in-f; }; if f; then echo then; fi`},
		{"function-plain", `set -e; f(){ false; echo no; }; f; echo no`},
		{"subshell", `set -e; (false; echo no); echo no`},
		{"subshell-in-or", `set -e; (false; echo yes) || echo or`},
		{"compound-exempt", `set -e; { false; true; } && echo yes`},
		{"cmdsub-assign", `set -e; x=$(false); echo no`},
		{"cmdsub-arg", `set -e; echo $(false) yes`},
		{"arith", `set -e; (( 0 )); echo no`},
		{"test-clause", `set -e; [[ a = b ]]; echo no`},
		{"local-masks", `set -e; f(){ local x=$(false); echo yes; }; f`},
		{"err-trap", `trap 'echo ERR $?' ERR; false; true && false; echo end`},
	})
}
