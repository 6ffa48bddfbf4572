package runner

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestNoLeaks runs 1,000 short commands (100 with -short) four at a time
// and checks that each ended as it should and that no fd, goroutine,
// zombie or spool file is left. The shell is bin/nash, the one the runner
// is for (/bin/sh when it is not built: bash -l costs ~100 ms per start
// here, which would make this a minutes-long test without exercising
// anything more).
func TestNoLeaks(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 100
	}
	shell := realNash()
	if shell == "" {
		shell = "/bin/sh"
	}
	s := newService(t, WithNashPath(shell), WithKeepFinished(50))
	// Warm up once so lazily opened fds (e.g. /dev/null) are counted.
	run(t, s, Request{Cmd: "true"})
	fds := fdCount(t)
	goroutines := runtime.NumGoroutine()
	start := time.Now()
	cmds := []Request{
		{Cmd: "true"},
		{Cmd: "echo out; echo err >&2"},
		{Cmd: "cat", Stdin: true},
		{Cmd: "exit 3"},
		{Cmd: "true", PTY: true},
		{Cmd: "sleep 1 & exit 0"},
	}
	// What each of cmds must end with: exit code, stdout and stderr sizes.
	want := []struct{ code, out, err int64 }{{0, 0, 0}, {0, 4, 4}, {0, 0, 0}, {3, 0, 0}, {0, 0, 0}, {0, 0, 0}}
	var wg sync.WaitGroup
	jobs := make(chan int) // index into cmds
	errs := make(chan error, n)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range jobs {
				req := cmds[k]
				st, err := s.Start(req)
				if err != nil {
					errs <- err
					continue
				}
				if req.Stdin {
					s.CloseStdin(st.ID)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				r, err := s.Wait(ctx, st.ID)
				cancel()
				switch w := want[k]; {
				case err != nil:
					errs <- err
				case r.Status != StatusExited || int64(r.ExitCode) != w.code || r.Stdout.Size != w.out || r.Stderr.Size != w.err || len(r.Errors) > 0:
					errs <- fmt.Errorf("%q: %s %d, stdout %d B, stderr %d B, errors %q; want exited %d, %d B, %d B",
						req.Cmd, r.Status, r.ExitCode, r.Stdout.Size, r.Stderr.Size, r.Errors, w.code, w.out, w.err)
				}
			}
		}()
	}
	for i := 0; i < n; i++ {
		// Mostly `true`; every tenth run exercises another path.
		k := 0
		if i%10 == 0 {
			k = (i / 10) % len(cmds)
		}
		jobs <- k
	}
	close(jobs)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	t.Logf("%d runs of %s in %v", n, shell, time.Since(start))
	if !settle(func() bool { return fdCount(t) <= fds }) {
		t.Errorf("fds: %d before, %d after: %s", fds, fdCount(t), fdList())
	}
	if !settle(func() bool { return runtime.NumGoroutine() <= goroutines }) {
		t.Errorf("goroutines: %d before, %d after", goroutines, runtime.NumGoroutine())
	}
	if z := zombieChildren(); len(z) > 0 {
		t.Errorf("zombies: %v", z)
	}
	s.mu.Lock()
	if s.running != 0 || len(s.cmds) > 50 {
		t.Errorf("running %d, in memory %d", s.running, len(s.cmds))
	}
	s.mu.Unlock()
	if ents, _ := os.ReadDir(s.spoolDir); len(ents) != 0 {
		t.Errorf("%d spool files left", len(ents))
	}
	s.procMu.Lock()
	if len(s.shells) != 0 {
		t.Errorf("shells still tracked: %v", s.shells)
	}
	s.procMu.Unlock()
}
