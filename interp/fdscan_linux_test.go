package interp

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// The helper process reports what the descriptor scan sees: the fast
// path's answer (or "slow") and InheritedFiles' descriptors.
func init() {
	if os.Getenv("NASH_FDSCAN_HELPER") != "1" {
		return
	}
	low, ok := lowDescriptors()
	path := "slow"
	if ok {
		path = fmt.Sprint(low)
	}
	var inh []int
	for fd := range InheritedFiles() {
		inh = append(inh, fd)
	}
	slices.Sort(inh)
	fmt.Printf("%s|%v\n", path, inh)
	os.Exit(0)
}

func TestInheritedFilesScan(t *testing.T) {
	bash, err := exec.LookPath("/usr/bin/bash")
	if err != nil {
		t.Skip("no /usr/bin/bash")
	}
	// A child's descriptor table is as large as its parent's was at fork,
	// counting descriptors about to close on exec. So that the helper
	// starts with a table sized by the descriptors it is given, stray ones
	// of this process (a test harness's) close on exec, and the helper
	// is forked by a bash that has only those.
	for _, fd := range procDescriptors() {
		syscall.CloseOnExec(fd)
	}
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, tc := range []struct {
		extra []int // descriptors the child gets
		fast  bool  // whether the scan without /proc may answer
	}{
		{nil, true},
		{[]int{3}, true},
		{[]int{4, 9, 63}, true},
		{[]int{5, 70}, true},
		{[]int{300}, true},
		{[]int{4, 511}, true},
		{[]int{600}, false},
		{[]int{1100}, false},
	} {
		max := 2
		for _, fd := range tc.extra {
			max = fd
		}
		if !canOpen(max) {
			t.Logf("extra fds %v: descriptor limit too low", tc.extra)
			continue
		}
		files := make([]*os.File, max-2)
		for _, fd := range tc.extra {
			files[fd-3] = f
		}
		cmd := exec.Command(bash, "-c", `"$@"; exit $?`, "bash", os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), "NASH_FDSCAN_HELPER=1")
		cmd.ExtraFiles = files
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v", tc.extra, err)
		}
		fields := strings.SplitN(strings.TrimSpace(string(out)), "|", 2)
		wantInh := fmt.Sprint(tc.extra)
		if tc.extra == nil {
			wantInh = "[]"
		}
		if fields[1] != wantInh {
			t.Errorf("extra fds %v: InheritedFiles found %s", tc.extra, fields[1])
		}
		// the runtime's own descriptors (close-on-exec) may show in the
		// fast path's list, the inherited ones must
		if tc.fast && fields[0] == "slow" {
			t.Errorf("extra fds %v: scan took the /proc path", tc.extra)
		}
		if !tc.fast && fields[0] != "slow" {
			t.Errorf("extra fds %v: fast path answered %s though a descriptor is above %d", tc.extra, fields[0], maxScanFDs-1)
		}
	}
}

// canOpen reports whether descriptor fd is below the hard RLIMIT_NOFILE.
func canOpen(fd int) bool {
	var lim syscall.Rlimit
	return syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) == nil && lim.Max > uint64(fd)
}
