// Command show prints whether the signal dispositions at entry were
// recorded and which signals were ignored (entrysig_test.go).
package main

import (
	"fmt"

	"nash/internal/entrysig"
)

func main() {
	fmt.Print(entrysig.Known(), ":")
	for s := 1; s < 65; s++ {
		if entrysig.Ignored(s) {
			fmt.Print(" ", s)
		}
	}
	fmt.Println()
}
