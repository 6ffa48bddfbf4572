package interp

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// fuzzGate keeps fuzzed scripts inside the sandbox: no external programs,
// and none of the builtins that reach outside the Runner (signals to the
// fuzzing process, exec, resource limits).
type fuzzGate struct{}

func (fuzzGate) ExecStart(ctx context.Context, c *ExecInfo) Verdict {
	if c.Path != "" {
		return Verdict{Deny: true, Status: 127, Message: "external commands are off while fuzzing"}
	}
	if len(c.Argv) > 0 {
		switch c.Argv[0] {
		case "kill", "exec", "ulimit", "suspend", "disown", "wait", "read", "cd", "pushd", "popd", "umask", "enable":
			return Verdict{Deny: true, Status: 1, Message: "off while fuzzing"}
		}
	}
	return Verdict{}
}
func (fuzzGate) ExecEnd(context.Context, *ExecInfo, ExecResult)  {}
func (fuzzGate) Redirect(context.Context, *RedirectInfo) func()  { return nil }
func (fuzzGate) Pipe(context.Context, *PipeInfo) PipeTap         { return nil }
func (fuzzGate) CmdSubst(context.Context, *CmdSubstInfo, []byte) {}
func (fuzzGate) State(context.Context, *StateInfo)               {}

// fuzzSeeds are snippets that reach the parser's and the expander's
// corners.
var fuzzSeeds = []string{
	"echo hi",
	"x=1; echo ${x:-d} ${x+a} ${#x} ${x/1/2} ${x^^} ${x@Q}",
	`a=(1 "2 3"); echo "${a[@]}" ${a[@]+"${a[@]}"} ${!a[*]} ${a[@]:1}`,
	"declare -A m=([k]=v); for k in \"${!m[@]}\"; do echo $k; done",
	"echo $(( (1+2)*3 / 0 )) $(( 2**62 )) $(( x++ ))",
	"f() { local v=$1; [[ $v == a* ]] && return 3; }; f abc; echo $?",
	"case x in (x|y) echo m;; *) echo n;; esac",
	"for ((i=0;i<3;i++)); do echo $i; done; while false; do :; done",
	"cat <<EOF\n$HOME ${x:-y} $(echo z)\nEOF",
	"echo {a,b}{1..3} {z..a..2}",
	"set -- a b c; shift; echo \"$@\" $# ${@:2}",
	"trap 'echo t' EXIT; set -e; false || true; echo ok",
	"printf '%s %d %q %5.2f\\n' a 3 'x y' 1.5",
	"echo $'\\xff\\x00' | { read -r l; echo \"$l\"; }",
	"[[ -n x && ( a < b || ! -z '' ) ]]; echo $?",
	"x=$(echo $(echo $(echo deep))); echo $x",
	"shopt -s extglob; y=aab; echo ${y//+(a)/X} @(a|b)",
	"eval 'echo ${'; echo after",
	"i=0; until (( i >= 3 )); do (( i++ )); done; echo $i",
	"unset -v x; declare -n r=x; r=5; echo $x",
}

// FuzzParseAndRun parses and runs arbitrary scripts in a sandbox temp
// directory with a deadline; it fails on a Go panic, on nash's "internal
// error" report (runTop recovers panics per line), and on a run that does
// not stop once its context is cancelled.
func FuzzParseAndRun(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 4096 {
			return
		}
		file, err := Parse(src, "fuzz", false)
		if err != nil {
			return
		}
		out, err := os.CreateTemp(dir, "out")
		if err != nil {
			t.Fatal(err)
		}
		defer os.Remove(out.Name())
		defer out.Close()
		devnull, err := os.Open(os.DevNull)
		if err != nil {
			t.Fatal(err)
		}
		defer devnull.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		r, err := New(Env([]string{"PATH=/nonexistent", "HOME=" + dir}), Dir(dir),
			StdIO(devnull, out, out), WithGate(fuzzGate{}), Context(ctx), Params("fuzz"))
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			defer close(done)
			r.Run(file, src)
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("the run did not stop after its context was cancelled: %q", src)
		}
		data, _ := os.ReadFile(out.Name())
		if strings.Contains(string(data), "internal error") {
			t.Fatalf("internal error running %q:\n%s", src, data)
		}
	})
}
