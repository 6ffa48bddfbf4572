package interp

// pollFd is the kernel's struct pollfd, for poll(2) and ppoll(2) called
// directly: the descriptors polled are not the runtime poller's.
type pollFd struct {
	fd      int32
	events  int16
	revents int16
}

// poll(2) event bits.
const (
	pollIn   = 0x1
	pollOut  = 0x4
	pollErr  = 0x8
	pollHup  = 0x10
	pollNVal = 0x20
)
