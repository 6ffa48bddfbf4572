package interp

import (
	"syscall"
	"testing"
	"time"
)

// A wait that looked at a job before it stopped must still see the
// stop: the job's change channel stays closed while it is stopped, and
// is renewed only when it is continued.
func TestJobStopSeenByLaterSelect(t *testing.T) {
	tab := newJobTable()
	j := tab.add(12345, "sleep 10")
	stopped := func() bool {
		select {
		case <-j.stateChanged():
			return true
		default:
			return false
		}
	}
	if stopped() {
		t.Fatal("a running job's channel is closed")
	}
	j.setStopped(syscall.SIGSTOP)
	// the stop happened before the wait took the channel
	done := make(chan *job, 1)
	go func() { done <- waitAnyOr([]*job{j}, true) }()
	select {
	case got := <-done:
		if got != j {
			t.Fatalf("waitAnyOr returned %v", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("waitAnyOr missed a stop that came before it")
	}
	j.setStopped(syscall.SIGTSTP) // stopped again, still stopped
	if !stopped() {
		t.Fatal("channel open while the job is stopped")
	}
	j.setStopped(0)
	if stopped() {
		t.Fatal("channel still closed after the job was continued")
	}
	j.setStopped(syscall.SIGTSTP)
	if !stopped() {
		t.Fatal("a second stop is not seen")
	}
}
