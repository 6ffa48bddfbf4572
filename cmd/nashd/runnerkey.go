package main

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// runnerKeyFile holds the bearer key of the runner API, created 0600 in
// the state directory on first use.
const runnerKeyFile = "runner.key"

// runnerKey returns the runner API key, creating it if needed.
func runnerKey(state string) (string, error) {
	p := filepath.Join(state, runnerKeyFile)
	if b, err := os.ReadFile(p); err == nil {
		k := strings.TrimSpace(string(b))
		if len(k) >= 32 {
			return k, nil
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("reading runner key: %w", err)
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", fmt.Errorf("making runner key: %w", err)
	}
	k := hex.EncodeToString(raw[:])
	if err := os.WriteFile(p, []byte(k+"\n"), 0o600); err != nil {
		return "", fmt.Errorf("writing runner key: %w", err)
	}
	return k, nil
}

// requireBearer serves h only to requests carrying the key as a bearer
// token, compared in constant time.
func requireBearer(key string, h http.Handler) http.Handler {
	want := []byte("Bearer " + key)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(r.Header.Get("Authorization"))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			w.Write([]byte(`{"error":"runner API needs Authorization: Bearer <key from the state directory's runner.key>"}` + "\n"))
			return
		}
		h.ServeHTTP(w, r)
	})
}
