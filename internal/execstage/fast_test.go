package execstage_test

import (
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"

	. "nash/internal/execstage"
)

func TestHex(t *testing.T) {
	for _, n := range []uint64{0, 1, 0x206, 1<<64 - 1, 1 << 63} {
		s := string(AppendHex(nil, n))
		if got, ok := ParseHex(s); !ok || got != n {
			t.Errorf("ParseHex(%q) = %d, %v; want %d", s, got, ok, n)
		}
	}
	for _, bad := range []string{"", "G", "A", "-1", "10000000000000000"} {
		if _, ok := ParseHex(bad); ok {
			t.Errorf("ParseHex(%q) accepted", bad)
		}
	}
}

// fastCmd runs this test binary (whose initialiser is the stage: it is
// not linked with entrysig's entry point) as a fast stage.
func fastCmd(path string, argv, env []string, ign, dfl []int, syncFD int) *exec.Cmd {
	_, args, senv := StartFastArgs(path, argv, env, ign, dfl, syncFD, "nash: line 2: ", "./"+argv[0])
	cmd := exec.Command(os.Args[0], args[1:]...)
	cmd.Args[0] = args[0]
	cmd.Env = senv
	return cmd
}

// TestFastStage: the program starts with the signals ignored, the sync
// descriptor closed, the environment without the marker, and its own
// argv[0]; one that cannot run is reported as the shell would.
func TestFastStage(t *testing.T) {
	if args := fastCmd("/x", []string{"x"}, nil, nil, nil, 3).Args; args[0] != FastName {
		t.Fatalf("argv[0] %q", args[0])
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := fastCmd("/bin/sh", []string{"prog", "-c",
		`grep '^SigIgn' /proc/self/status; [ -e /dev/fd/3 ] && echo 3open; echo "$0"; env | grep -c NUCLEIC_NASH_EXEC_STAGE; echo "$GREETING"`},
		[]string{"GREETING=hi"}, []int{int(syscall.SIGINT), int(syscall.SIGQUIT), int(syscall.SIGUSR1), 64}, nil, 3)
	cmd.ExtraFiles = []*os.File{w}
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	var b [1]byte
	if n, _ := r.Read(b[:]); n != 0 {
		t.Errorf("sync descriptor read %d bytes", n)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("stage: %v (stderr %q)", err, errb.String())
	}
	// and what this test's process ignores, which its children inherit
	// (make ignores signal 32 in CI)
	mask := uint64(1<<1|1<<2|1<<9|1<<63) | selfIgnored(t)
	want := "SigIgn:\t" + strings.Repeat("0", 16-len(strconv.FormatUint(mask, 16))) + strconv.FormatUint(mask, 16) + "\nprog\n0\nhi\n"
	if out.String() != want || errb.String() != "" {
		t.Errorf("program wrote %q (stderr %q), want %q", out.String(), errb.String(), want)
	}

	for _, tc := range []struct {
		path string
		st   int
		msg  string
	}{
		{"/nonexistent/prog", 127, "nash: line 2: ./prog: No such file or directory\n"},
		{"/dev/null", 126, "nash: line 2: ./prog: Permission denied\n"},
	} {
		cmd := fastCmd(tc.path, []string{"prog"}, nil, []int{2}, nil, 1)
		got, _ := cmd.CombinedOutput()
		if st := cmd.ProcessState.ExitCode(); st != tc.st || string(got) != tc.msg {
			t.Errorf("%s: status %d, output %q; want %d, %q", tc.path, st, got, tc.st, tc.msg)
		}
	}
}

// TestFastStageResets: signals of dfl start at their default action, also
// one that the stage inherits ignored and one it was to ignore.
func TestFastStageResets(t *testing.T) {
	signal.Ignore(syscall.SIGUSR2)
	defer signal.Reset(syscall.SIGUSR2)
	cmd := fastCmd("/bin/sh", []string{"prog", "-c", `grep '^SigIgn' /proc/self/status`}, nil,
		[]int{int(syscall.SIGINT), int(syscall.SIGQUIT)}, []int{int(syscall.SIGQUIT), int(syscall.SIGUSR2)}, 3)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	mask := (selfIgnored(t) | 1<<1) &^ (1<<2 | 1<<11)
	want := "SigIgn:\t" + strings.Repeat("0", 16-len(strconv.FormatUint(mask, 16))) + strconv.FormatUint(mask, 16) + "\n"
	if string(out) != want {
		t.Errorf("program wrote %q, want %q", out, want)
	}
	// a malformed reset mask is refused
	cmd = fastCmd("/bin/true", []string{"true"}, nil, nil, nil, 1)
	cmd.Args[1] = "x:2"
	if out, _ := cmd.CombinedOutput(); cmd.ProcessState.ExitCode() != 126 || !strings.Contains(string(out), "bad arguments") {
		t.Errorf("x:2: status %d, output %q; want 126 and bad arguments", cmd.ProcessState.ExitCode(), out)
	}
}

// TestFastMarkerLeaked: a binary started normally with the fast marker in
// its environment is no stage.
func TestFastMarkerLeaked(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = []string{"HOME=/", FastMarker}
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS") {
		t.Errorf("%v, output %q", err, out)
	}
}

// selfIgnored is the SigIgn mask of this process, from /proc.
func selfIgnored(t *testing.T) uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "SigIgn:\t"); ok {
			n, err := strconv.ParseUint(v, 16, 64)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("no SigIgn in /proc/self/status")
	return 0
}
