package entrysig

import (
	"maps"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

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
	build := func(ldflags string) string {
		t.Helper()
		bin := filepath.Join(dir, "show")
		cmd := exec.Command("go", "build", "-ldflags="+ldflags, "-o", bin, "./testdata/show")
		cmd.Env = append(cmd.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go build -ldflags=%q: %v\n%s", ldflags, err, out)
		}
		return bin
	}

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
