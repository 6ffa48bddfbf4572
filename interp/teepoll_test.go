package interp

import (
	"syscall"
	"testing"
	"time"
)

// TestTeePollerWaits checks the poller's three outcomes on real pipes:
// data arriving in src, dst's reader leaving while src is idle, and room
// appearing in a full dst.
func TestTeePollerWaits(t *testing.T) {
	pipe := func() (r, w int) {
		var p [2]int
		if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil {
			t.Fatal(err)
		}
		return p[0], p[1]
	}
	tests := []struct {
		name     string
		srcReady bool
		fill     bool // fill dst first
		act      func(srcW int, dstR *int)
		want     bool
	}{
		{"src gets data", false, false, func(srcW int, _ *int) { syscall.Write(srcW, []byte("x")) }, true},
		{"dst reader leaves", false, false, func(_ int, dstR *int) { syscall.Close(*dstR); *dstR = -1 }, false},
		{"dst drained", true, true, func(_ int, dstR *int) {
			buf := make([]byte, 1<<20)
			syscall.Read(*dstR, buf)
		}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srcR, srcW := pipe()
			dstR, dstW := pipe()
			defer func() {
				for _, fd := range []int{srcR, srcW, dstR, dstW} {
					if fd >= 0 {
						syscall.Close(fd)
					}
				}
			}()
			if tt.fill {
				syscall.SetNonblock(dstW, true)
				for {
					if _, err := syscall.Write(dstW, make([]byte, 4096)); err != nil {
						break
					}
				}
				syscall.SetNonblock(dstW, false)
			}
			p := newTeePoller(srcR, dstW)
			if p == nil {
				t.Fatal("newTeePoller: nil")
			}
			defer p.close()
			got := make(chan bool, 1)
			go func() { got <- p.wait(tt.srcReady) }()
			select {
			case g := <-got:
				t.Fatalf("wait returned %v before anything happened", g)
			case <-time.After(50 * time.Millisecond):
			}
			tt.act(srcW, &dstR)
			select {
			case g := <-got:
				if g != tt.want {
					t.Errorf("wait = %v, want %v", g, tt.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("wait did not return")
			}
		})
	}
}
