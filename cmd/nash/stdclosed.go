package main

import (
	"nash/internal/entrysig"
	"nash/interp"
)

// stdClosedOption is the Runner option for the standard descriptors this
// process was started without (see entrysig.ClosedAtEntry), or nil.
func stdClosedOption() interp.Option {
	var fds []int
	for fd := 0; fd <= 2; fd++ {
		if entrysig.ClosedAtEntry(fd) {
			fds = append(fds, fd)
		}
	}
	if fds == nil {
		return nil
	}
	return interp.ClosedStdFiles(fds...)
}
