// The runtime would re-read the cgroup CPU limit every second to adjust
// GOMAXPROCS (and sysmon reads it once right at start); a shell gains
// nothing from that, and the files it keeps open for it show up as
// descriptors 3 and 4 that InheritedFiles must skip.
//go:debug updatemaxprocs=0
//go:debug containermaxprocs=0

// Command nash is the observing shell: a bash-compatible interpreter that
// reports what it runs. It accepts bash's invocation matrix, honours the
// kill switch NUCLEIC_NASH_DISABLE=1 and falls back to the real bash on
// input it cannot parse.
package main

import (
	"os"

	// first of nash to initialize: see the package
	_ "nash/internal/stackstart"
	// then, before what allocates: see the package
	_ "nash/internal/gotuning"
	"nash/interp"
)

// version is set at link time (-ldflags "-X main.version=…").
var version = "0.1.0-dev"

func main() {
	st := run(os.Args)
	stopProfile()
	if killedBy != 0 {
		interp.DieBySignal(killedBy)
	}
	os.Exit(st)
}
