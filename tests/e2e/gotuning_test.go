package e2e

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestGoTuningEnvIgnored checks that GOMEMLIMIT, meant for the Go
// programs a shell runs, does not tune nash's own collector (it leaves
// bash alone): with GOMEMLIMIT=1MiB nash collected garbage after nearly
// every allocation, some 3,000 times in this loop, which with the
// defaults needs none. internal/gotuning resets it as the packages
// initialise, after the few that come first (under 100 collections
// there). The runtime's gctrace counts them; the variable still reaches
// the commands.
func TestGoTuningEnvIgnored(t *testing.T) {
	dir := filepath.Join(shortTemp(t), "w")
	script := `for ((i=0; i<100000; i++)); do x=$((i*2)); y="a$x"; done; echo "$GOMEMLIMIT"`
	r := runShell(t, runSpec{Shell: nashBin, Script: script, Dir: dir, Env: []string{"GOMEMLIMIT=1MiB", "GODEBUG=gctrace=1"}})
	if r.Exit != 0 || strings.TrimSpace(string(r.Stdout)) != "1MiB" {
		t.Fatalf("exit %d, stdout %q, stderr %.300s", r.Exit, r.Stdout, r.Stderr)
	}
	if n := strings.Count(string(r.Stderr), "gc "); n > 500 {
		t.Errorf("with GOMEMLIMIT=1MiB: %d collections, want the loop to need none (under 500 with start-up's)", n)
	}
}
