package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"time"
)

func init() {
	register("stats", "summarise the store: sessions, shells, events by kind, size", runStats)
}

func runStats(args []string) int {
	fs := flag.NewFlagSet("stats", flag.ContinueOnError)
	state := stateFlag(fs)
	asJSON := fs.Bool("json", false, "print as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	st, err := openStoreRO(*state)
	if err != nil {
		return fail("stats", err)
	}
	defer st.Close()
	s, err := st.Stats(context.Background())
	if err != nil {
		return fail("stats", err)
	}
	if *asJSON {
		json.NewEncoder(os.Stdout).Encode(s)
		return 0
	}
	fmt.Printf("store     %s (%.1f MiB in use)\n", st.Path(), float64(s.UsedBytes)/(1<<20))
	fmt.Printf("sessions  %d\nshells    %d\nevents    %d (%d failing commands)\n", s.Sessions, s.Shells, s.Events, s.Failing)
	if s.FirstTS > 0 {
		fmt.Printf("span      %s .. %s\n", time.UnixMilli(s.FirstTS).Format(time.DateTime), time.UnixMilli(s.LastTS).Format(time.DateTime))
	}
	kinds := make([]string, 0, len(s.ByKind))
	for k := range s.ByKind {
		kinds = append(kinds, k)
	}
	sort.Slice(kinds, func(i, j int) bool { return s.ByKind[kinds[i]] > s.ByKind[kinds[j]] })
	for _, k := range kinds {
		fmt.Printf("  %-10s %d\n", k, s.ByKind[k])
	}
	return 0
}
