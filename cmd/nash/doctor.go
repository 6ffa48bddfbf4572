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
	doctor.Version = version
	return doctor.Run(os.Stdout, jsonOut, os.Environ())
}
