package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
)

func TestRunnerKeyGuard(t *testing.T) {
	dir := t.TempDir()
	k1, err := runnerKey(dir)
	if err != nil {
		t.Fatal(err)
	}
	k2, _ := runnerKey(dir)
	if k1 != k2 || len(k1) != 64 {
		t.Fatalf("key not stable: %q %q", k1, k2)
	}
	fi, err := os.Stat(filepath.Join(dir, runnerKeyFile))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file mode %v %v", fi.Mode(), err)
	}
	h := requireBearer(k1, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(204) }))
	for _, c := range []struct {
		auth string
		code int
	}{
		{"", 401},
		{"Bearer wrong", 401},
		{"Bearer " + k1 + "x", 401},
		{"Bearer " + k1, 204},
	} {
		req := httptest.NewRequest("POST", "/v1/commands", nil)
		if c.auth != "" {
			req.Header.Set("Authorization", c.auth)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.code {
			t.Errorf("auth %q: got %d, want %d", c.auth, rec.Code, c.code)
		}
	}
}
