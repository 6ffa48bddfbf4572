package interp_test

import (
	"os"
	"os/exec"
	"testing"
)

// nashAndBash returns the nash binary of a differential test against
// /usr/bin/bash (make unit sets NASH_BIN), skipping the test without them.
func nashAndBash(t *testing.T) string {
	t.Helper()
	nash := os.Getenv("NASH_BIN")
	if nash == "" {
		t.Skip("NASH_BIN not set")
	}
	if _, err := os.Stat("/usr/bin/bash"); err != nil {
		t.Skip("no bash")
	}
	return nash
}

// TestTraceAndTrapsMatchBash runs small scripts under nash and bash and
// compares stdout+stderr: xtrace quoting and PS4 levels, trap ordering,
// ERR/errexit exemptions and $BASH_COMMAND.
func TestTraceAndTrapsMatchBash(t *testing.T) {
	nash := nashAndBash(t)
	cases := []struct{ name, src string }{
		{"xtrace-quoting", `set -x; x='a b'; y=; : "$x" $'\t' '' 'it''s'; z=$(echo "q r")`},
		{"xtrace-levels", `set -x; : $(echo $(echo in)); eval 'echo ev'; (echo sub); . /dev/null`},
		{"xtrace-compound", `set -x; for i in 1 "2 3"; do :; done; case $i in *) ;; esac; (( i = 1 + 2 )); for ((j=0;j<1;j++)); do :; done; [[ -n $i && ! -z x ]]`},
		{"xtrace-decl", `set -x; declare -A m=([k]=v); export E=1 F; readonly R="a b"; f() { local l=1 a=(x y); }; f`},
		{"debug-trap", `trap 'echo "D:$BASH_COMMAND"' DEBUG; x=1; echo hi 2>/dev/null >&2; f() { :; }; f; set -T; f; trap - DEBUG`},
		{"err-trap", `trap 'echo "ERR $LINENO $BASH_COMMAND $?"' ERR
false
if false; then :; fi
false || true
! false
f() { false; }; f
set -E; f`},
		{"return-trap", `f() { trap 'echo ret' RETURN; echo in; }; f; g() { echo g; }; g`},
		{"errexit-exempt", `set -e; (false; echo in-sub) || echo x; f() { false; echo after; }; f && echo ok; if f; then :; fi; false | true; echo end`},
		{"self-signal", `trap 'echo usr1' USR1; kill -USR1 $$; echo next; trap 'echo term; exit 3' TERM; kill $$; echo never`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, _ := exec.Command("/usr/bin/bash", "-c", c.src).CombinedOutput()
			got, _ := exec.Command(nash, "-c", c.src).CombinedOutput()
			if string(want) != string(got) {
				t.Errorf("bash:\n%s\nnash:\n%s", want, got)
			}
		})
	}
}
