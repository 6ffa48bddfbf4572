package token

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestVerify(t *testing.T) {
	k, err := LoadOrCreate(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	other, _ := New(make([]byte, KeySize))
	now := time.Unix(1_700_000_000, 0)
	good := k.Issue("s-1", now.Add(time.Hour))
	flip := []byte(good)
	if flip[len(flip)-1] == '0' {
		flip[len(flip)-1] = '1'
	} else {
		flip[len(flip)-1] = '0'
	}
	tests := []struct {
		name    string
		k       *Keyring
		session string
		tok     string
		at      time.Time
		want    error
	}{
		{"valid", k, "s-1", good, now, nil},
		{"other session", k, "s-2", good, now, ErrBadMAC},
		{"other key", other, "s-1", good, now, ErrBadMAC},
		{"expired", k, "s-1", good, now.Add(2 * time.Hour), ErrExpired},
		{"expiry edited", k, "s-1", strings.Replace(good, ".1700003600.", ".1700007200.", 1), now, ErrBadMAC},
		{"mac flipped", k, "s-1", string(flip), now, ErrBadMAC},
		{"empty", k, "s-1", "", now, ErrMalformed},
		{"wrong version", k, "s-1", "v2" + good[2:], now, ErrMalformed},
		{"short mac", k, "s-1", good[:len(good)-2], now, ErrMalformed},
		{"non-hex", k, "s-1", good[:len(good)-1] + "z", now, ErrMalformed},
		{"negative expiry", k, "s-1", "v1.-5." + strings.Repeat("00", 32), now, ErrMalformed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.k.Verify(tc.session, tc.tok, tc.at); !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestKeyFilePersistsWithMode0600(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	k1, err := LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(dir, KeyFile))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Fatalf("key mode %v, want 0600", fi.Mode().Perm())
	}
	k2, err := LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	tok := k1.Issue("s", time.Now().Add(time.Minute))
	if err := k2.Verify("s", tok, time.Now()); err != nil {
		t.Fatalf("reloaded key rejects token: %v", err)
	}
}
