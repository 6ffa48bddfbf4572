package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"

	"nash/collector/store"
)

// defaultListen is the loopback address nashd serve listens on for the UI
// and query API when --listen is not given.
const defaultListen = "127.0.0.1:7077"

// serveInfoFile, in the state directory, records where a running nashd
// serve listens, so that session new, tail and friends find it.
const serveInfoFile = "serve.json"

type serveInfo struct {
	Pid    int    `json:"pid"`
	Socket string `json:"socket"`
	Listen string `json:"listen"`
}

// defaultStateDir is $XDG_DATA_HOME/nashd, else ~/.local/share/nashd.
func defaultStateDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "nashd")
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".local", "share", "nashd")
	}
	return filepath.Join(os.TempDir(), "nashd")
}

// defaultSocket is $XDG_RUNTIME_DIR/nucleic/control.sock when
// XDG_RUNTIME_DIR is set, else /run/nucleic/control.sock (the path nash
// tries by default).
func defaultSocket() string {
	if d := os.Getenv("XDG_RUNTIME_DIR"); d != "" {
		return filepath.Join(d, "nucleic", "control.sock")
	}
	return "/run/nucleic/control.sock"
}

func stateFlag(fs *flag.FlagSet) *string {
	return fs.String("state", defaultStateDir(), "state `DIR` (database, token key)")
}

func readServeInfo(state string) (serveInfo, bool) {
	var si serveInfo
	b, err := os.ReadFile(filepath.Join(state, serveInfoFile))
	if err != nil || json.Unmarshal(b, &si) != nil {
		return si, false
	}
	return si, true
}

// openStore opens the store of a state directory for reading; it fails
// with a clear message when there is none yet.
func openStoreRO(state string) (*store.Store, error) {
	path := filepath.Join(state, store.DBFile)
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("no store in %s (has nashd serve or session new run with this --state?)", state)
	}
	return store.Open(path, store.Options{ReadOnly: true})
}

// baseURL is where tail and friends reach a running server: --url, else
// the address the server recorded in the state dir, else the default.
func baseURL(flagURL, state string) string {
	if flagURL != "" {
		return strings.TrimRight(flagURL, "/")
	}
	if si, ok := readServeInfo(state); ok && si.Listen != "" {
		return "http://" + si.Listen
	}
	return "http://" + defaultListen
}

// checkLoopback refuses listen addresses that are not on the loopback
// interface: the UI and query API have no authentication.
func checkLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--listen %q: %w", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("--listen %q: only loopback addresses are allowed", addr)
	}
	return nil
}

func fail(cmd string, err error) int {
	fmt.Fprintf(os.Stderr, "nashd %s: %v\n", cmd, err)
	return 1
}
