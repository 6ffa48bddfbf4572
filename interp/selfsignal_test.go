package interp

import (
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// TestSelfSignalDefaultIgnored: kill of the shell's own pid with a
// signal whose default action is to ignore it, untrapped, has no effect,
// so it is not sent at all (sent, it could still be on its way when a
// trap set by the next command subscribes, and run that trap). The test
// process, which is the shell here, watches for it.
func TestSelfSignalDefaultIgnored(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGWINCH, syscall.SIGURG, syscall.SIGCONT, syscall.SIGCHLD} {
		ch := make(chan os.Signal, 4)
		signal.Notify(ch, sig)
		name := signalName(int(sig))
		out, errs, st := runScript(t, t.TempDir(), "kill -"+name+" $$; echo $?")
		select {
		case <-ch:
			if sig != syscall.SIGCHLD { // (children end as tests run)
				t.Errorf("kill -%s $$ sent the signal", name)
			}
		case <-time.After(100 * time.Millisecond):
		}
		signal.Stop(ch)
		if out != "0\n" || errs != "" || st != 0 {
			t.Errorf("kill -%s $$: %q %q %d, want status 0 and nothing else", name, out, errs, st)
		}
	}
}
