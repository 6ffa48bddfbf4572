package runner

import (
	"context"
	"os/exec"
	"testing"
)

// BenchmarkRun measures a whole command through the runner (start,
// workspace scans of an empty cwd, pumps, artifacts, receipt) against
// BenchmarkExec, the bare fork/exec of the same shell.
func BenchmarkRun(b *testing.B) {
	s := newService(b, WithNashPath("/bin/sh"))
	for b.Loop() {
		if _, err := s.Run(context.Background(), Request{Cmd: "true"}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExec(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("/bin/sh", "-lc", "true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}
