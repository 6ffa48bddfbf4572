// Command prep prints what entrysig's entry prepared before the runtime
// started (entrysig_test.go): the memory profile rate and the number of
// records in the memory profile, and the resident and total sizes, in
// KiB, of the mapping that holds its text.
package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"

	_ "nash/internal/entrysig" // the entry point -E names
)

func main() {
	// MemProfile is referenced, so the linker leaves profiling on and
	// only the entry's zero rate keeps the first allocation unsampled
	n, _ := runtime.MemProfile(nil, true)
	rss, size := textMapping()
	fmt.Println(runtime.MemProfileRate, n, rss, size)
}

// textMapping reads the Rss and Size of the executable mapping from
// /proc/self/smaps.
func textMapping() (rss, size int) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return -1, -1
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":") {
			in = fields[1] == "r-xp" && len(fields) >= 6 && strings.HasSuffix(fields[5], "/prep")
			continue
		}
		if !in || len(fields) < 2 {
			continue
		}
		switch fields[0] {
		case "Size:":
			fmt.Sscan(fields[1], &size)
		case "Rss:":
			fmt.Sscan(fields[1], &rss)
		}
	}
	return rss, size
}
