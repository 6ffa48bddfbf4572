package entrysig

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"nash/internal/execstage"
)

// buildShow builds testdata/show into dir with the given linker flags.
func buildShow(t *testing.T, dir, ldflags string) string {
	t.Helper()
	return buildProg(t, dir, "show", ldflags)
}

// buildProg builds testdata/NAME into dir with the given linker flags.
func buildProg(t *testing.T, dir, name, ldflags string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	cmd := exec.Command("go", "build", "-ldflags="+ldflags, "-o", bin, "./testdata/"+name)
	cmd.Env = append(cmd.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build -ldflags=%q: %v\n%s", ldflags, err, out)
	}
	return bin
}

// TestEntry builds a program that prints what this package recorded, with
// and without the entry point, and starts it from a bash that ignores
// some signals: the runtime would have replaced all but SIGINT's ignore.
// What the test's own environment ignores (make or a CI runner may ignore
// a signal or two) is recorded too, so it is measured first.
func TestEntry(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	run := func(bin, traps string) string {
		t.Helper()
		out, err := exec.Command("bash", "-c", traps+`exec "$0"`, bin).Output()
		if err != nil {
			t.Fatalf("run %s: %v", bin, err)
		}
		return strings.TrimSpace(string(out))
	}
	build := func(ldflags string) string { return buildShow(t, dir, ldflags) }

	bin := build("-E=nash/internal/entrysig.entry")
	base := run(bin, "")
	if !strings.HasPrefix(base, "true:") {
		t.Fatalf("with the entry point: %q, want it recorded", base)
	}
	want := map[string]bool{}
	for _, f := range strings.Fields(strings.TrimPrefix(base, "true:")) {
		want[f] = true
	}
	for _, n := range []string{"2", "10", "13", "15", "17"} {
		want[n] = true
	}
	got := run(bin, `trap '' INT USR1 PIPE TERM CHLD; `)
	gotSet := map[string]bool{}
	for _, f := range strings.Fields(strings.TrimPrefix(got, "true:")) {
		gotSet[f] = true
	}
	if !strings.HasPrefix(got, "true:") || !maps.Equal(gotSet, want) {
		t.Errorf("with the entry point, traps ignored: got %q, want the environment's %q plus 2 10 13 15 17", got, base)
	}

	bin = build("")
	if got := run(bin, `trap '' INT USR1 PIPE TERM CHLD; `); got != "false:" {
		t.Errorf("without the entry point: got %q, want %q", got, "false:")
	}
}

// TestFastStage runs a fast exec stage (internal/execstage's layout) with
// a binary linked with the entry point: the entry runs it before the Go
// runtime starts, which GODEBUG=inittrace=1 would make talk; the program
// starts with the signals ignored and without the stage's marker. The
// same binary without the entry point runs its main instead.
func TestFastStage(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the entry runs fast stages on amd64 only (arm64 leaves them to the Go initialiser)")
	}
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	dir := t.TempDir()
	run := func(bin string, dfl []int) (string, string) {
		t.Helper()
		_, args, env := execstage.StartFastArgs("/bin/sh", []string{"prog", "-c",
			`grep '^SigIgn' /proc/self/status; echo "$0"; env | grep -c NUCLEIC_NASH_EXEC_STAGE`},
			[]string{"GODEBUG=inittrace=1"}, []int{int(syscall.SIGINT), int(syscall.SIGQUIT), int(syscall.SIGUSR2)}, dfl, 3, "nash: ", "prog")
		cmd := exec.Command(bin, args[1:]...)
		cmd.Args[0] = args[0]
		cmd.Env = env
		var out, errb strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &errb
		cmd.Run()
		return out.String(), errb.String()
	}
	// what this test's process ignores at the kernel, its children
	// inherit too
	self, _ := os.ReadFile("/proc/self/status")
	want := parseSigIgn(string(self)) | 1<<1 | 1<<2 | 1<<11
	withEntry := buildShow(t, dir, "-E=nash/internal/entrysig.entry")
	out, errs := run(withEntry, nil)
	if got := parseSigIgn(out); got != want || !strings.HasSuffix(out, "prog\n0\n") || errs != "" {
		t.Errorf("with the entry point: %q (stderr %q), want SigIgn %x, then prog and 0", out, errs, want)
	}
	// signals to reset: one the stage was to ignore, one it inherits
	// ignored from this process (the program would keep that one)
	signal.Ignore(syscall.SIGUSR1)
	defer signal.Reset(syscall.SIGUSR1)
	want &^= 1<<2 | 1<<9
	out, errs = run(withEntry, []int{int(syscall.SIGQUIT), int(syscall.SIGUSR1)})
	if got := parseSigIgn(out); got != want || !strings.HasSuffix(out, "prog\n0\n") || errs != "" {
		t.Errorf("with the entry point, QUIT and USR1 reset: %q (stderr %q), want SigIgn %x, then prog and 0", out, errs, want)
	}
	if out, _ := run(buildShow(t, dir, ""), nil); out != "false:\n" {
		t.Errorf("without the entry point: %q, want the program's own output", out)
	}
}

// parseSigIgn reads the SigIgn mask from a /proc status line in out.
func parseSigIgn(out string) uint64 {
	var n uint64
	for _, l := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(l, "SigIgn:\t"); ok {
			n, _ = strconv.ParseUint(v, 16, 64)
		}
	}
	return n
}

// TestEntryPreparesStart builds a program that reads a memory profile
// (so the linker leaves profiling on) with and without the entry point:
// with it, the rate is 0 from the first allocation on, so the profile is
// empty, and the whole text is resident once the runtime starts (where
// the kernel knows MADV_POPULATE_READ; a program this small may have it
// all faulted in anyway, so only a binary of nash's size shows the
// difference, in the benchmark); without it, the runtime's default rate
// stands (whether its early allocations got sampled by then varies from
// run to run, so the records are not checked there).
func TestEntryPreparesStart(t *testing.T) {
	dir := t.TempDir()
	build := func(ldflags string) string { return buildProg(t, dir, "prep", ldflags) }
	run := func(bin string) (rate, records, rss, size int) {
		t.Helper()
		out, err := exec.Command(bin).Output()
		if err != nil {
			t.Fatalf("run %s: %v", bin, err)
		}
		if _, err := fmt.Sscan(string(out), &rate, &records, &rss, &size); err != nil {
			t.Fatalf("output %q: %v", out, err)
		}
		return
	}

	rate, records, rss, size := run(build("-E=nash/internal/entrysig.entry"))
	if rate != 0 || records != 0 {
		t.Errorf("with the entry point: MemProfileRate %d, %d profile records; want 0, 0", rate, records)
	}
	if size <= 0 {
		t.Fatalf("with the entry point: no text mapping found (rss %d, size %d)", rss, size)
	}
	if populateRead() && rss != size {
		t.Errorf("with the entry point: %d of %d KiB of text resident, want all", rss, size)
	}

	if rate, _, _, _ := run(build("")); rate != runtime.MemProfileRate {
		t.Errorf("without the entry point: MemProfileRate %d, want the runtime's default %d", rate, runtime.MemProfileRate)
	}
}

// populateRead reports whether the kernel knows MADV_POPULATE_READ
// (Linux 5.14): on an older one the entry's advice is refused.
func populateRead() bool {
	b, err := syscall.Mmap(-1, 0, 4096, syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return false
	}
	defer syscall.Munmap(b)
	return syscall.Madvise(b, 22) == nil // MADV_POPULATE_READ
}

// TestClosedAtEntry starts a program with some of its standard
// descriptors closed (or on /dev/null, which is not closed) and checks
// what the entry recorded; without the entry point nothing is.
func TestClosedAtEntry(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	run := func(bin, redirs string) string {
		t.Helper()
		os.Remove(out)
		if err := exec.Command("bash", "-c", `exec "$0" "$1" `+redirs, bin, out).Run(); err != nil {
			t.Fatalf("run %s %s: %v", bin, redirs, err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatalf("%s %s wrote nothing: %v", bin, redirs, err)
		}
		return string(b)
	}
	bin := buildProg(t, dir, "closed", "-E=nash/internal/entrysig.entry")
	for _, c := range []struct{ redirs, want string }{
		{"", "false false false"},
		{"<&-", "true false false"},
		{">&-", "false true false"},
		{"2>&-", "false false true"},
		{"<&- 2>&-", "true false true"},
		{"<&- >&- 2>&-", "true true true"},
		{"</dev/null >/dev/null 2>/dev/null", "false false false"},
	} {
		if got := run(bin, c.redirs); got != c.want {
			t.Errorf("started with %q: got %q, want %q", c.redirs, got, c.want)
		}
	}
	bin = buildProg(t, dir, "closed", "")
	if got := run(bin, "<&- >&- 2>&-"); got != "false false false" {
		t.Errorf("without the entry point: got %q, want nothing recorded", got)
	}
}
