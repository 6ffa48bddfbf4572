//go:build profile

package main

import (
	"os"
	"runtime/pprof"
)

// With -tags profile, NASH_CPUPROFILE=file writes a CPU profile of the
// whole run (for benchmark investigations; never in release builds).
func init() {
	p := os.Getenv("NASH_CPUPROFILE")
	if p == "" {
		return
	}
	f, err := os.Create(p)
	if err != nil {
		return
	}
	pprof.StartCPUProfile(f)
	stopProfile = func() { pprof.StopCPUProfile(); f.Close() }
}
