package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBackgroundJobShell checks the observation of an asynchronous
// subshell, which nash runs as a process of its own (interp/bgproc.go):
// it reports as a shell whose parent is the shell that started it, the
// shells it starts name it as their parent, and its events arrive even
// when it ends after the shell that started it.
func TestBackgroundJobShell(t *testing.T) {
	col := startCollector(t)
	dir := shortTemp(t)
	work := filepath.Join(dir, "work")
	spool := filepath.Join(dir, "spool")
	script := `( sleep 0.3; /bin/echo late > late.txt; bash -c '/bin/true inner' ) & echo started`
	r := runShell(t, runSpec{Shell: nashBin, Script: script, Dir: work, Env: observedEnv(col.Sock, spool)})
	if string(r.Stdout) != "started\n" || r.Exit != 0 {
		t.Fatalf("stdout %q, exit %d, stderr %s", r.Stdout, r.Exit, r.Stderr)
	}
	// the job outlives the shell: wait for its inner shell's events
	var parents map[string]*string
	var order []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if parents, order = shellsOf(col.Batches()); len(order) >= 3 {
			break
		}
	}
	if len(order) != 3 {
		t.Fatalf("collector saw %d shells, want 3 (the shell, its job, the job's bash -c)", len(order))
	}
	var top, job, inner string
	for _, id := range order {
		if parents[id] == nil {
			top = id
		}
	}
	for _, id := range order {
		if p := parents[id]; p != nil && *p == top {
			job = id
		}
	}
	for _, id := range order {
		if p := parents[id]; p != nil && *p == job && job != "" {
			inner = id
		}
	}
	if top == "" || job == "" || inner == "" {
		for _, id := range order {
			t.Logf("shell %s parent %v", id, parents[id])
		}
		t.Fatalf("parent links: want the shell -> its job -> the job's bash -c")
	}
	var got []string
	for _, e := range col.Events(job) {
		got = append(got, describe(e, work))
	}
	if all := strings.Join(got, "\n"); !strings.Contains(all, "/bin/echo") || !strings.Contains(all, "late") {
		t.Errorf("the job's events do not show its commands:\n%s", all)
	}
}
