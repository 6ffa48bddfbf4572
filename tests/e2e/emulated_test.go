package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// emulatedScript touches the start-up paths that ask the kernel about the
// descriptor table, and subshells, command substitution, pipes, a
// background job and external commands. Its externals are the host's
// amd64 programs: under qemu-aarch64 without binfmt_misc nash can run
// them but not re-execute itself, so the script avoids what starts an
// exec stage (an external started with &).
const emulatedScript = `echo start
a=(1 2 3); echo "${#a[@]} $(( 2**10 ))"
( echo subshell ) | cat
x=$(echo cmdsub); echo "$x"
{ echo job; } & wait $!; echo "bg $?"
printf '%s\n' b a | sort | tr '\n' ' '; echo
nosuchcommand 2>/dev/null; echo "missing $?"
`

// TestEmulated runs nash under qemu's user-mode emulation: as an amd64
// image runs on an arm64 host (Docker on Apple silicon), and as the arm64
// build runs on this machine. qemu emulates some system calls with the
// host's fixed-size fd_set, and aborted the whole shell (status 127, no
// output) when nash's descriptor scan asked select about more than 1024
// descriptors. Skipped where qemu-user is not installed.
func TestEmulated(t *testing.T) {
	want, err := exec.Command(bashBin, "-c", emulatedScript).CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, want)
	}
	arm64 := filepath.Join(t.TempDir(), "nash-arm64")
	for _, tc := range []struct {
		qemu, bin string
		build     bool
	}{
		{"qemu-x86_64", nashBin, false},
		{"qemu-aarch64", arm64, true},
	} {
		t.Run(tc.qemu, func(t *testing.T) {
			qemu, err := exec.LookPath(tc.qemu)
			if err != nil {
				t.Skipf("%s not installed", tc.qemu)
			}
			if tc.build {
				if err := goBuildArch(tc.bin, "arm64"); err != nil {
					t.Fatal(err)
				}
			}
			got, err := runEmulated(t, qemu, tc.bin)
			if err != nil {
				t.Errorf("%s nash: %v", tc.qemu, err)
			}
			if string(got) != string(want) {
				t.Errorf("%s nash output:\n%s\nbash:\n%s", tc.qemu, got, want)
			}
		})
	}
}

// emulatedTimeout bounds one run under qemu: the script takes under a
// second emulated, 20 s on a loaded 2-core machine.
const emulatedTimeout = 3 * time.Minute

// runEmulated runs emulatedScript with nash under qemu. A run that does
// not end in emulatedTimeout is killed and tried once more: qemu-user's
// own emulation of threads and signals has been seen to stall a Go
// program (once in many CI runs, with nash idle in wait); a nash that
// hangs hangs again, and fails.
func runEmulated(t *testing.T, qemu, bin string) ([]byte, error) {
	for try := 1; ; try++ {
		ctx, cancel := context.WithTimeout(context.Background(), emulatedTimeout)
		cmd := exec.CommandContext(ctx, qemu, bin, "-c", emulatedScript)
		cmd.WaitDelay = 5 * time.Second // a child left holding the output ends nothing
		got, err := cmd.CombinedOutput()
		timedOut := ctx.Err() != nil
		cancel()
		if !timedOut {
			return got, err
		}
		if try == 2 {
			return got, fmt.Errorf("no end after %v, twice: %w", emulatedTimeout, err)
		}
		t.Logf("%s %s: no end after %v (output %q); trying again", qemu, bin, emulatedTimeout, got)
	}
}

// goBuildArch is goBuild for another GOARCH.
func goBuildArch(out, arch string) error {
	cmd := exec.Command("go", "build", "-ldflags=-E=nash/internal/entrysig.entry", "-o", out, "nash/cmd/nash")
	cmd.Env = append(os.Environ(), "GOARCH="+arch, "CGO_ENABLED=0", "GOEXPERIMENT=simd,nogreenteagc")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build nash for %s: %v\n%s", arch, err, b)
	}
	return nil
}
