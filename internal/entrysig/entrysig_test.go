package entrysig

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestEntry builds a program that prints what this package recorded, with
// and without the entry point, and starts it from a bash that ignores
// some signals: the runtime would have replaced all but SIGINT's ignore.
func TestEntry(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	cases := []struct {
		ldflags, want string
	}{
		{"-E=nash/internal/entrysig.entry", "true: 2 10 13 15 17"},
		{"", "false:"},
	}
	for _, c := range cases {
		bin := filepath.Join(dir, "show")
		build := exec.Command("go", "build", "-ldflags="+c.ldflags, "-o", bin, "./testdata/show")
		build.Env = append(build.Environ(), "CGO_ENABLED=0")
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("go build -ldflags=%q: %v\n%s", c.ldflags, err, out)
		}
		out, err := exec.Command("bash", "-c", `trap '' INT USR1 PIPE TERM CHLD; exec "$0"`, bin).Output()
		if err != nil {
			t.Fatalf("run (ldflags %q): %v", c.ldflags, err)
		}
		if got := strings.TrimSpace(string(out)); got != c.want {
			t.Errorf("ldflags %q: got %q, want %q", c.ldflags, got, c.want)
		}
	}
}
