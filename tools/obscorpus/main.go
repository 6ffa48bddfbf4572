// Command obscorpus measures what observation costs on corpus cases: it
// runs every selected case under nash unobserved and observed (capture=tap
// against an in-process reference receiver), pairing the two runs of a
// case in every round and alternating which goes first, so that the load
// of a shared machine affects both alike. It prints, per group and in
// total, the sum over cases of the median unobserved time and of the
// median paired difference, and the cases that cost the most.
//
//	go run ./tools/obscorpus -nash bin/nash -rounds 7
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"nash/corpus"
	"nash/transport/receiver"
)

func main() {
	nash := flag.String("nash", "bin/nash", "nash binary")
	runRE := flag.String("run", "^(oneliners|git|make|heredoc|herestring|procsubst|fds|jobs)/", "cases to time (the bench's corpus subset by default)")
	rounds := flag.Int("rounds", 5, "paired runs per case")
	top := flag.Int("top", 10, "costliest cases listed")
	flag.Parse()
	nashAbs, err := filepath.Abs(*nash)
	check(err)
	cases, err := corpus.LoadCases("corpus/cases")
	check(err)
	re := regexp.MustCompile(*runRE)
	root, err := os.MkdirTemp("", "obscorpus")
	check(err)
	defer os.RemoveAll(root)
	r := receiver.New("t")
	srv, err := receiver.ListenUnix(filepath.Join(root, "obs.sock"), r)
	check(err)
	defer func() { r.Close(); srv.Close() }()
	off := corpus.Shell{Label: "nash", Path: nashAbs}
	tap := off
	tap.Env = []string{"NUCLEIC_SESSION_ID=s", "NUCLEIC_HOOK_TOKEN=t",
		"NUCLEIC_SHELL_SOCKET=" + srv.Path, "NUCLEIC_SHELL_SPOOL=" + filepath.Join(root, "spool")}

	ts := corpus.TimePaired(root, corpus.Select(cases, re), off, tap, *rounds, os.Stderr)
	groups := map[string][2]float64{}
	var total [2]float64
	for _, t := range ts {
		g, _, _ := strings.Cut(t.Name, "/")
		o, d := median(t.A), median(t.Diff)
		s := groups[g]
		s[0] += o
		s[1] += d
		groups[g] = s
		total[0] += o
		total[1] += d
	}
	var names []string
	for g := range groups {
		names = append(names, g)
	}
	sort.Strings(names)
	fmt.Printf("%-12s %10s %10s %8s\n", "group", "off ms", "tap-off ms", "overhead")
	for _, g := range names {
		s := groups[g]
		fmt.Printf("%-12s %10.1f %10.1f %7.1f%%\n", g, s[0], s[1], 100*s[1]/s[0])
	}
	fmt.Printf("%-12s %10.1f %10.1f %7.1f%%\n", "total", total[0], total[1], 100*total[1]/total[0])
	sort.Slice(ts, func(i, j int) bool { return median(ts[i].Diff) > median(ts[j].Diff) })
	for _, t := range ts[:min(*top, len(ts))] {
		fmt.Printf("  %-40s off %7.1f ms  tap-off %6.1f ms\n", t.Name, median(t.A), median(t.Diff))
	}
	shells := map[string]bool{}
	events := 0
	for _, b := range r.Batches() {
		shells[b.ShellID] = true
		events += len(b.Events)
	}
	fmt.Printf("receiver: %d shells, %d events over %d rounds\n", len(shells), events, *rounds)
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "obscorpus:", err)
		os.Exit(2)
	}
}
