package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"nash/collector/store"
)

func init() {
	register("verify", "recompute a session's hash chain; exit 1 at the first broken link", runVerify)
}

func runVerify(args []string) int {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	state := stateFlag(fs)
	session := fs.String("session", "", "session `ID` to verify")
	all := fs.Bool("all", false, "verify every session")
	asJSON := fs.Bool("json", false, "print results as JSON")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if (*session == "") == !*all {
		fmt.Fprintln(os.Stderr, "nashd verify: give --session ID or --all")
		return 2
	}
	st, err := openStoreRO(*state)
	if err != nil {
		return fail("verify", err)
	}
	defer st.Close()
	ctx := context.Background()
	ids := []string{*session}
	if *all {
		ss, err := st.Sessions(ctx)
		if err != nil {
			return fail("verify", err)
		}
		ids = ids[:0]
		for _, s := range ss {
			ids = append(ids, s.ID)
		}
	}
	status := 0
	for _, id := range ids {
		v, err := st.Verify(ctx, id)
		if err != nil {
			fail("verify", err)
			status = 1
			continue
		}
		if *asJSON {
			b, _ := json.Marshal(v)
			fmt.Println(string(b))
		} else {
			printVerify(v)
		}
		if !v.OK {
			status = 1
		}
	}
	return status
}

func printVerify(v *store.VerifyResult) {
	if v.OK {
		from := "start"
		if v.AnchorChain > 0 {
			from = fmt.Sprintf("anchor %d", v.AnchorChain)
		}
		fmt.Printf("ok: session %s: %d events verified from %s to chain %d, head %s\n", v.Session, v.Events, from, v.HeadChain, v.HeadHash)
		return
	}
	b := v.Break
	fmt.Printf("BROKEN: session %s: first broken seq %d (shell %s, chain %d): %s\n", v.Session, b.Seq, b.ShellID, b.Chain, b.Reason)
}
