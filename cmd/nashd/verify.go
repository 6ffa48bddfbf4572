package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
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
	file := fs.String("file", "", "verify a `FILE` written by nashd export instead of the store (- for stdin)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *file != "" {
		return verifyFile(*file)
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

// verifyFile recomputes the chain of a nashd export: each line's hash must
// be BLAKE3(previous line's hash || its event JSON) and chain positions must
// be contiguous. The first line is taken on trust unless it is chain 1 (an
// export of a pruned session starts after its anchor); its hash must still
// be well-formed.
func verifyFile(path string) int {
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return fail("verify", err)
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	var prev []byte
	var chain, n int64
	session := ""
	for sc.Scan() {
		if len(bytes.TrimSpace(sc.Bytes())) == 0 {
			continue
		}
		var l exportLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			fmt.Printf("BROKEN: line %d is not an export line: %v\n", n+1, err)
			return 1
		}
		h, err := hex.DecodeString(l.Hash)
		if err != nil || len(h) != store.HashSize {
			fmt.Printf("BROKEN: first broken seq %d (shell %s, chain %d): malformed hash\n", l.Seq, l.ShellID, l.Chain)
			return 1
		}
		switch {
		case n == 0:
			session = l.SessionID
			if l.Chain == 1 {
				want := store.ChainHash(nil, l.Data)
				if !bytes.Equal(want[:], h) {
					fmt.Printf("BROKEN: session %s: first broken seq %d (shell %s, chain %d): hash mismatch\n", session, l.Seq, l.ShellID, l.Chain)
					return 1
				}
			}
		case l.SessionID != session || l.Chain != chain+1:
			fmt.Printf("BROKEN: session %s: first broken seq %d (shell %s, chain %d): chain position %d missing\n", session, l.Seq, l.ShellID, l.Chain, chain+1)
			return 1
		default:
			want := store.ChainHash(prev, l.Data)
			if !bytes.Equal(want[:], h) {
				fmt.Printf("BROKEN: session %s: first broken seq %d (shell %s, chain %d): hash mismatch\n", session, l.Seq, l.ShellID, l.Chain)
				return 1
			}
		}
		prev, chain = h, l.Chain
		n++
	}
	if err := sc.Err(); err != nil {
		return fail("verify", err)
	}
	fmt.Printf("ok: session %s: %d exported events chain, head %s\n", session, n, hex.EncodeToString(prev))
	return 0
}
