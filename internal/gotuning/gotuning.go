// Package gotuning gives the Go runtime its default collector settings,
// in its init, when the environment sets GOGC or GOMEMLIMIT: those are
// meant for the Go programs a shell runs and leave bash alone, but the
// runtime reads them at start. GOMEMLIMIT=1MiB made a 300,000-iteration
// loop of nash 16 times slower (the collector ran after nearly every
// allocation); GOGC=off lets a long script's garbage grow without bound.
// Import it (for its init) from a command, before the packages whose
// initialisation allocates. GODEBUG cannot be undone this way.
package gotuning

import (
	"math"
	"runtime/debug"
	"syscall"
)

func init() {
	if v, ok := syscall.Getenv("GOGC"); ok && v != "" {
		debug.SetGCPercent(100)
	}
	if v, ok := syscall.Getenv("GOMEMLIMIT"); ok && v != "" {
		debug.SetMemoryLimit(math.MaxInt64)
	}
}
