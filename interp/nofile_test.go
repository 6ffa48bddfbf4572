package interp_test

import (
	"os/exec"
	"syscall"
	"testing"
)

// TestNofileLimitMatchesBash starts nash and bash with a soft open-files
// limit below the hard one, which the Go runtime raises in nash's own
// process: ulimit must still report the limit the shell was given, and
// a lowered limit must reach children.
func TestNofileLimitMatchesBash(t *testing.T) {
	nash := nashAndBash(t)
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil || l.Max < 512 {
		t.Skip("hard open-files limit too low to lower the soft one")
	}
	const body = `ulimit -n; ulimit -Sn; ulimit -a | grep open; /usr/bin/bash -c 'ulimit -n'; ulimit -Sn 200; ulimit -n; /usr/bin/bash -c 'ulimit -n'`
	for _, soft := range []string{"256", "300"} {
		t.Run(soft, func(t *testing.T) {
			run := func(sh string) string {
				// without the descriptors this process may have inherited:
				// above a lowered limit they keep nash to an overlay, which
				// a child gets only once it has started (see setrlimit)
				const closeInherited = `for f in /proc/$$/fd/*; do n=${f##*/}; if [ "$n" -gt 2 ]; then eval "exec $n>&-"; fi 2>/dev/null; done; `
				out, _ := exec.Command("/usr/bin/bash", "-c", closeInherited+`ulimit -Sn `+soft+`; "$0" -c "$1"`, sh, body).CombinedOutput()
				return string(out)
			}
			if want, got := run("/usr/bin/bash"), run(nash); want != got {
				t.Errorf("bash:\n%s\nnash:\n%s", want, got)
			}
		})
	}
}
