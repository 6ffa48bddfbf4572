package interp

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The helper process runs the script in NASH_THREADS_HELPER in a fresh
// process, whose thread count is the script's alone (a process keeps the
// threads it ever made).
func init() {
	src, ok := os.LookupEnv("NASH_THREADS_HELPER")
	if !ok {
		return
	}
	r, err := New(StdIO(os.Stdin, os.Stdout, os.Stderr), Env([]string{"PATH=/usr/bin:/bin"}))
	if err != nil {
		os.Exit(2)
	}
	os.Exit(r.RunIncremental(src, "t"))
}

// The Go runtime dies ("thread exhaustion") at 10,000 OS threads, so a
// wait the shell may have thousands of at once must not hold a thread:
// these scripts read the process's thread count while many waits are
// pending, each of which held a thread while the waits blocked in a
// system call (10,000 nested command substitutions crashed that way).
func TestManyWaitsHoldNoThreads(t *testing.T) {
	const n = 400
	tests := []struct {
		name, src string
	}{
		// nested command substitutions: each level's reader waits
		// while the innermost reads the status in-process
		{"command substitutions", "echo " + strings.Repeat("$(echo ", n) + "$(< /proc/self/status)" + strings.Repeat(")", n)},
		// running background jobs: each one's end is waited for
		{"background jobs", "for ((i = 0; i < " + strconv.Itoa(n) + "; i++)); do sleep 1 & done; echo \"$(< /proc/self/status)\"; wait"},
		// a long pipeline: each stage waits for its program
		{"pipeline stages", strings.Repeat("sleep 1 | ", n/4) + "{ sleep 0.5; echo \"$(< /proc/self/status)\"; }"},
	}
	threads := regexp.MustCompile(`Threads:\s+(\d+)`)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "NASH_THREADS_HELPER="+tc.src+"\n")
			cmd.Dir = t.TempDir()
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v: %s", err, out)
			}
			m := threads.FindSubmatch(out)
			if m == nil {
				t.Fatalf("no thread count in %q", out)
			}
			if got, _ := strconv.Atoi(string(m[1])); got > 50 {
				t.Errorf("%d threads while about %d waits were pending; want a handful", got, n)
			}
		})
	}
}
