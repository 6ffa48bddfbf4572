// Command closed writes to the file its argument names which standard
// descriptors entrysig found closed at entry (entrysig_test.go): its own
// standard output may be one of them.
package main

import (
	"fmt"
	"os"

	"nash/internal/entrysig"
)

func main() {
	s := fmt.Sprint(entrysig.ClosedAtEntry(0), entrysig.ClosedAtEntry(1), entrysig.ClosedAtEntry(2))
	os.WriteFile(os.Args[1], []byte(s), 0o644)
}
