// Command nashd is the host side of nash: the collector that stores event
// batches and serves the feed UI and query API, and the runner that executes
// agent commands through nash. Each subcommand lives in its own file and
// registers itself in commands.
package main

import (
	"fmt"
	"os"
	"sort"
)

// command is one nashd subcommand. run gets the arguments after the
// subcommand name and returns the process exit status.
type command struct {
	summary string
	run     func(args []string) int
}

// commands is filled by init functions in the subcommand files; it is only
// written during package initialisation.
var commands = map[string]command{}

func register(name, summary string, run func([]string) int) {
	commands[name] = command{summary: summary, run: run}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: nashd COMMAND [flags]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(os.Stderr, "  %-12s %s\n", n, commands[n].summary)
	}
}

func main() {
	if len(os.Args) < 2 || os.Args[1] == "-h" || os.Args[1] == "--help" || os.Args[1] == "help" {
		usage()
		if len(os.Args) < 2 {
			os.Exit(2)
		}
		return
	}
	c, ok := commands[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "nashd: unknown command %q\n", os.Args[1])
		usage()
		os.Exit(2)
	}
	os.Exit(c.run(os.Args[2:]))
}
