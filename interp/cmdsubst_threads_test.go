package interp

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNestedCmdSubstHoldNoThreads checks that a command substitution's
// reader waits on the poller, not in a blocking read(2): with one OS
// thread per waiting level, 10,000 nested levels hit the Go runtime's
// thread limit and the shell died with "thread exhaustion".
func TestNestedCmdSubstHoldNoThreads(t *testing.T) {
	const depth = 1500
	// the innermost level reads this process's status in-process, while
	// every outer level's reader is waiting
	src := "echo " + strings.Repeat("$(echo ", depth) + "$(< /proc/self/status)" + strings.Repeat(")", depth) + "\n"
	out, errOut, st := runScript(t, t.TempDir(), src)
	if st != 0 || errOut != "" {
		t.Fatalf("status %d, stderr %q", st, errOut)
	}
	m := regexp.MustCompile(`Threads: (\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no thread count in %q", out)
	}
	n, _ := strconv.Atoi(m[1])
	if n > depth/10 {
		t.Errorf("%d threads with %d command substitutions waiting; want far fewer than one each", n, depth)
	}
}
