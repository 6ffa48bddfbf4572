package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	"nash/collector/store"
)

func init() {
	register("export", "write a session's events as JSON Lines", runExport)
}

// exportLine is one line of nashd export: the store metadata of an event
// (id, shell, seq, chain position, hash) and the canonical event itself.
type exportLine struct {
	store.Event
	Data json.RawMessage `json:"event"`
}

func runExport(args []string) int {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	state := stateFlag(fs)
	session := fs.String("session", "", "session `ID` to export (required)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *session == "" {
		fmt.Fprintln(os.Stderr, "nashd export: --session is required")
		return 2
	}
	st, err := openStoreRO(*state)
	if err != nil {
		return fail("export", err)
	}
	defer st.Close()
	ctx := context.Background()
	if _, err := st.Verify(ctx, *session); errors.Is(err, store.ErrNoSession) {
		return fail("export", fmt.Errorf("session %s: %w", *session, err))
	}
	w := bufio.NewWriterSize(os.Stdout, 64<<10)
	enc := json.NewEncoder(w)
	err = st.Export(ctx, *session, func(e store.Event) error {
		return enc.Encode(exportLine{Event: e, Data: e.Body})
	})
	if ferr := w.Flush(); err == nil {
		err = ferr
	}
	if err != nil {
		return fail("export", err)
	}
	return 0
}
