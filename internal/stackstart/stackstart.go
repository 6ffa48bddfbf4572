// Package stackstart grows the main goroutine's stack to 16 KiB while it
// is still shallow. Import it (for its init) from a command whose start
// time matters.
//
// A goroutine starts with 2 KiB and the runtime doubles the stack by
// copying it, which walks every frame's metadata in the 1.8 MB pclntab;
// nash's main goroutine was copied at 4 and 8 KiB (16 KiB once a script
// calls a function) from deep in package init and interp.New, faulting in
// scattered 64 KiB windows of the binary: some 200 KiB of RSS and a dozen
// page faults for `nash -c true`. Growing once here, before any other
// package of nash initializes (this one imports nothing, so the runtime
// runs its init among the first), copies three frames; each stack size
// the runtime never uses is also a 32 KiB span it never carves.
package stackstart

// frameSize makes the runtime choose a 16 KiB stack: it doubles from
// 2 KiB until the frame plus its guard fits.
const frameSize = 12 << 10

func init() { grow() }

// grow has a frame of frameSize bytes; the array stays on the stack
// because touch does not keep the pointer.
func grow() byte {
	var frame [frameSize]byte
	return touch(&frame)
}

//go:noinline
func touch(b *[frameSize]byte) byte { return b[len(b)-1] }
