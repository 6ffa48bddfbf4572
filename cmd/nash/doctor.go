package main

import (
	"os"

	"nash/doctor"
)

func runDoctor(args []string) int {
	jsonOut := false
	for _, a := range args {
		if a == "--json" {
			jsonOut = true
		}
	}
	return doctor.Run(os.Stdout, jsonOut, os.Environ())
}
