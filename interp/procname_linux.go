package interp

import (
	"os"
	"strings"
)

// processName is this process's name as ps and pgrep show it
// (/proc/self/comm): the base name of the file it was executed from,
// unless it renamed itself. Empty if it cannot be read.
func processName() string {
	b, err := os.ReadFile("/proc/self/comm")
	if err != nil {
		return ""
	}
	return strings.TrimSuffix(string(b), "\n")
}

// setProcessName renames this process (the kernel keeps 15 bytes): it
// writes the thread group leader's comm, whichever thread runs this, as
// prctl(PR_SET_NAME) would rename only the calling thread. An empty name
// leaves it alone.
func setProcessName(name string) {
	if name != "" {
		os.WriteFile("/proc/self/comm", []byte(name), 0)
	}
}
