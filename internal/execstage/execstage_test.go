// The tests are an external package: an internal one would add its
// imports (os among them) to the package and run its initialiser after
// os's, which TestStagePlacesDescriptors checks does not happen.
package execstage_test

import (
	"os"
	"os/exec"
	"reflect"
	"strings"
	"syscall"
	"testing"

	. "nash/internal/execstage"
)

func TestEncodeDecode(t *testing.T) {
	tests := []Plan{
		{Path: "/bin/echo", Argv: []string{"echo", "a,b", "c:d", "e\nf", ""}, Src: []int{0, 1, 2}, Env: []string{}},
		{Path: "/bin/env", Argv: []string{"env"}, Src: []int{0, 1, 2}, Env: []string{"A=1", "A=2", "NOEQUALS", "GODEBUG=inittrace=1"}},
		{Path: "/x", Argv: []string{"x"}, Src: []int{7, -1, 2, 250}, Ignore: []int{2, 15, 64},
			Limits: []Limit{{Resource: 7, Cur: 100, Max: 1<<64 - 1}}, ErrPrefix: "nash: line 3: ", Name: "./x", Env: []string{}},
	}
	for _, p := range tests {
		got, ok := Decode(Encode(p))
		if !ok {
			t.Fatalf("Decode(Encode(%+v)) failed", p)
		}
		if !reflect.DeepEqual(got, p) {
			t.Errorf("round trip:\n got %+v\nwant %+v", got, p)
		}
	}
	for _, bad := range [][]string{
		{"nash-exec-stage", "1,x", "", "", "", "", "/x", "1", "x"},
		{"nash-exec-stage", "1", "", "7:1", "", "", "/x", "1", "x"},
		{"other", "1", "", "", "", "", "/x", "1", "x"},
		{"nash-exec-stage", "1", "", "", "", "", "/x", "2", "x"},
		{"nash-exec-stage", "1", "", "", "", "", "/x", "0"},
	} {
		if _, ok := Decode(bad); ok {
			t.Errorf("Decode(%q) accepted", bad)
		}
	}
}

// stageCmd starts this test binary (whose initialiser is the stage) as a
// stage for p.
func stageCmd(p Plan) *exec.Cmd {
	cmd := exec.Command(os.Args[0], Encode(p)[1:]...)
	cmd.Args[0] = StageName
	cmd.Env = []string{EnvMarker}
	return cmd
}

// startStage runs a stage for p, with files at the descriptors 3, 4, ...
// of the stage, and returns what the program wrote.
func startStage(t *testing.T, p Plan, stdin *os.File, files ...*os.File) (string, string) {
	t.Helper()
	cmd := stageCmd(p)
	cmd.Stdin = stdin
	cmd.ExtraFiles = files
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("stage: %v (stderr %q)", err, errb.String())
	}
	return out.String(), errb.String()
}

func TestStagePlacesDescriptors(t *testing.T) {
	dir := t.TempDir()
	a, err := os.Create(dir + "/a")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.Create(dir + "/b")
	if err != nil {
		t.Fatal(err)
	}
	// a non-blocking stdin makes os's start create the runtime's poller;
	// the stage must have placed the descriptors before that
	// (os.Pipe's Fd would make it blocking again)
	var pfd [2]int
	if err := syscall.Pipe2(pfd[:], syscall.O_CLOEXEC|syscall.O_NONBLOCK); err != nil {
		t.Fatal(err)
	}
	syscall.Close(pfd[1])
	r := os.NewFile(uintptr(pfd[0]), "stdin")
	defer r.Close()
	// the stage gets a at 3 and b at 4; the program gets them swapped,
	// a again at 5 to 12 but 9 (wherever a poller created too early
	// would be), stdout at 9, and 13 closed
	p := Plan{Path: "/bin/sh", Argv: []string{"sh", "-c",
		`echo to-a >&4; echo to-b >&3; echo five >&5; echo nine $GREETING >&9; [ -e /dev/fd/13 ] && echo 13open; ulimit -n; kill -TERM $$; echo alive`},
		Src: []int{0, 1, 2, 4, 3, 3, 3, 3, 3, 1, 3, 3, 3, -1}, Ignore: []int{int(syscall.SIGTERM)},
		Limits: []Limit{{Resource: syscall.RLIMIT_NOFILE, Cur: 100, Max: 200}},
		// the program's GODEBUG must not make the stage's runtime talk
		Env: []string{"GREETING=hi", "GODEBUG=inittrace=1"}}
	out, errs := startStage(t, p, r, a, b)
	if want := "nine hi\n100\nalive\n"; out != want || errs != "" {
		t.Errorf("program wrote %q (stderr %q), want %q", out, errs, want)
	}
	for name, want := range map[string]string{"a": "to-a\nfive\n", "b": "to-b\n"} {
		got, _ := os.ReadFile(dir + "/" + name)
		if string(got) != want {
			t.Errorf("file %s holds %q, want %q", name, got, want)
		}
	}
}

func TestStageReportsFailure(t *testing.T) {
	p := Plan{Path: "/nonexistent/prog", Argv: []string{"prog"}, Src: []int{0, 1, 2},
		ErrPrefix: "nash: line 4: ", Name: "./prog"}
	cmd := stageCmd(p)
	errb, _ := cmd.CombinedOutput()
	if st := cmd.ProcessState.ExitCode(); st != 127 {
		t.Errorf("status %d, want 127", st)
	}
	if want := "nash: line 4: ./prog: No such file or directory\n"; string(errb) != want {
		t.Errorf("stderr %q, want %q", errb, want)
	}
}

// TestLeakedMarker: a binary started normally with the marker in its
// environment (alone, or among other variables) is no stage.
func TestLeakedMarker(t *testing.T) {
	for _, env := range [][]string{{EnvMarker}, {EnvMarker, "HOME=/"}} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "PASS") {
			t.Errorf("env %q: %v, output %q", env, err, out)
		}
	}
}
