package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"nash/collector"
	"nash/collector/store"
	"nash/collector/token"
)

func init() {
	register("session", "session new: issue a session id and token; session list", runSession)
}

func runSession(args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(os.Stderr, "usage: nashd session new|list [flags]")
		return 2
	}
	switch args[0] {
	case "new":
		return sessionNew(args[1:])
	case "list", "ls":
		return sessionList(args[1:])
	}
	fmt.Fprintf(os.Stderr, "nashd session: unknown subcommand %q (want new or list)\n", args[0])
	return 2
}

// sessionNew prints NUCLEIC_SESSION_ID, NUCLEIC_HOOK_TOKEN and
// NUCLEIC_SHELL_SOCKET as KEY=value lines ready for eval. It needs only the
// state directory (for the key), not a running server; it records the
// session in the store when it can.
func sessionNew(args []string) int {
	fs := flag.NewFlagSet("session new", flag.ContinueOnError)
	state := stateFlag(fs)
	sock := fs.String("socket", "", "socket `PATH` to print (default: the running server's, else "+defaultSocket()+")")
	ttl := fs.Duration("ttl", 24*time.Hour, "token lifetime")
	label := fs.String("label", "", "human label shown in the feed")
	id := fs.String("id", "", "session id to use (default: random s-…)")
	export := fs.Bool("export", false, "prefix lines with export")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *ttl <= 0 {
		return fail("session new", fmt.Errorf("--ttl must be positive"))
	}
	sid := *id
	if sid == "" {
		var b [12]byte
		rand.Read(b[:])
		sid = "s-" + hex.EncodeToString(b[:])
	}
	if err := collector.ValidateID("--id", sid); err != nil {
		return fail("session new", err)
	}
	keys, err := token.LoadOrCreate(*state)
	if err != nil {
		return fail("session new", err)
	}
	now := time.Now()
	exp := now.Add(*ttl)
	tok := keys.Issue(sid, exp)
	socket := *sock
	if socket == "" {
		if si, ok := readServeInfo(*state); ok && si.Socket != "" {
			socket = si.Socket
		} else {
			socket = defaultSocket()
		}
	}
	if st, err := store.Open(filepath.Join(*state, store.DBFile), store.Options{BudgetBytes: -1, SessionCap: -1}); err != nil {
		fmt.Fprintf(os.Stderr, "nashd session new: warning: session not recorded: %v\n", err)
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		if err := st.CreateSession(ctx, store.Session{ID: sid, Label: *label, CreatedMs: now.UnixMilli(), ExpiresMs: exp.UnixMilli()}); err != nil {
			fmt.Fprintf(os.Stderr, "nashd session new: warning: session not recorded: %v\n", err)
		}
		cancel()
		st.Close()
	}
	pre := ""
	if *export {
		pre = "export "
	}
	// Values contain only [A-Za-z0-9._:/-] except the socket path, which we quote.
	fmt.Printf("%sNUCLEIC_SESSION_ID=%s\n%sNUCLEIC_HOOK_TOKEN=%s\n%sNUCLEIC_SHELL_SOCKET=%s\n", pre, sid, pre, tok, pre, shellQuote(socket))
	return 0
}

func shellQuote(s string) string {
	safe := true
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '/' || c == '.' || c == '_' || c == '-' || c == ':') {
			safe = false
			break
		}
	}
	if safe && s != "" {
		return s
	}
	out := "'"
	for _, c := range s {
		if c == '\'' {
			out += `'\''`
		} else {
			out += string(c)
		}
	}
	return out + "'"
}

func sessionList(args []string) int {
	fs := flag.NewFlagSet("session list", flag.ContinueOnError)
	state := stateFlag(fs)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	st, err := openStoreRO(*state)
	if err != nil {
		return fail("session list", err)
	}
	defer st.Close()
	ss, err := st.Sessions(context.Background())
	if err != nil {
		return fail("session list", err)
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SESSION\tLABEL\tEVENTS\tSHELLS\tFAILING\tLAST")
	for _, s := range ss {
		last := "-"
		if s.LastMs > 0 {
			last = time.UnixMilli(s.LastMs).Format(time.DateTime)
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\n", s.ID, s.Label, s.Events, s.Shells, s.Failing, last)
	}
	tw.Flush()
	return 0
}
