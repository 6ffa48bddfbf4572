// Command nash is the observing shell: a bash-compatible interpreter that
// reports what it runs. It accepts bash's invocation matrix, honours the
// kill switch NUCLEIC_NASH_DISABLE=1 and falls back to the real bash on
// input it cannot parse.
package main

import (
	"os"
)

// version is set at link time (-ldflags "-X main.version=…").
var version = "0.1.0-dev"

func main() {
	st := run(os.Args)
	stopProfile()
	os.Exit(st)
}
