// Package token issues and checks the per-session bearer tokens that nash
// presents to the collector: a BLAKE3 keyed MAC over the session id and an
// expiry, under a 32-byte server key kept in the collector's state
// directory. Tokens are self-describing: "v1.<expiry unix seconds>.<hex mac>".
package token

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"lukechampine.com/blake3"
)

// KeyFile is the name of the server key inside the state directory.
const KeyFile = "token.key"

// KeySize is the size of the server key in bytes.
const KeySize = 32

const (
	version = "v1"
	macSize = 32
	// domain separates token MACs from any other use of the key.
	domain = "nash-session-token-v1\x00"
)

// Errors returned by Verify. Every one of them means "answer 401".
var (
	ErrMalformed = errors.New("malformed token")
	ErrExpired   = errors.New("token expired")
	ErrBadMAC    = errors.New("token does not match session")
)

// Keyring holds the server key. The zero value is not usable; build one with
// LoadOrCreate or New.
type Keyring struct {
	key [KeySize]byte
}

// New returns a Keyring for key, which must be KeySize bytes long.
func New(key []byte) (*Keyring, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("token key: want %d bytes, got %d", KeySize, len(key))
	}
	k := &Keyring{}
	copy(k.key[:], key)
	return k, nil
}

// LoadOrCreate reads the key from dir/KeyFile, creating dir (0700) and a
// fresh random key file (0600) when none exists. Two processes racing to
// create the key agree on one: the file is created with O_EXCL and the loser
// reads the winner's key.
func LoadOrCreate(dir string) (*Keyring, error) {
	path := filepath.Join(dir, KeyFile)
	if b, err := os.ReadFile(path); err == nil {
		return New(b)
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("read token key: %w", err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create state dir: %w", err)
	}
	var key [KeySize]byte
	if _, err := rand.Read(key[:]); err != nil {
		return nil, fmt.Errorf("generate token key: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".token.key.*")
	if err != nil {
		return nil, fmt.Errorf("create token key: %w", err)
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("chmod token key: %w", err)
	}
	if _, err := tmp.Write(key[:]); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("write token key: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return nil, fmt.Errorf("sync token key: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("close token key: %w", err)
	}
	// Link fails if another process won the race; then use its key.
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, os.ErrExist) {
		return nil, fmt.Errorf("install token key: %w", err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read token key: %w", err)
	}
	return New(b)
}

func (k *Keyring) mac(session string, expiry int64) []byte {
	h := blake3.New(macSize, k.key[:])
	h.Write([]byte(domain))
	h.Write([]byte(strconv.FormatInt(expiry, 10)))
	h.Write([]byte{0})
	h.Write([]byte(session))
	return h.Sum(nil)
}

// Issue returns a token for session valid until expiry (rounded down to the
// second).
func (k *Keyring) Issue(session string, expiry time.Time) string {
	e := expiry.Unix()
	return version + "." + strconv.FormatInt(e, 10) + "." + hex.EncodeToString(k.mac(session, e))
}

// Parse splits a token into its expiry without checking the MAC. It lets a
// server refuse malformed or expired tokens before reading a request body.
func Parse(tok string, now time.Time) (expiry time.Time, err error) {
	v, rest, ok := strings.Cut(tok, ".")
	if !ok || v != version {
		return time.Time{}, ErrMalformed
	}
	es, mh, ok := strings.Cut(rest, ".")
	if !ok || len(mh) != 2*macSize || len(es) == 0 || len(es) > 19 {
		return time.Time{}, ErrMalformed
	}
	e, err := strconv.ParseInt(es, 10, 64)
	if err != nil || e <= 0 {
		return time.Time{}, ErrMalformed
	}
	if _, err := hex.DecodeString(mh); err != nil {
		return time.Time{}, ErrMalformed
	}
	exp := time.Unix(e, 0)
	if !now.Before(exp) {
		return exp, ErrExpired
	}
	return exp, nil
}

// Verify checks that tok was issued by this keyring for session and has not
// expired at now. The MAC is compared in constant time.
func (k *Keyring) Verify(session, tok string, now time.Time) error {
	exp, err := Parse(tok, now)
	if err != nil {
		return err
	}
	mh := tok[strings.LastIndexByte(tok, '.')+1:]
	got, _ := hex.DecodeString(mh) // Parse checked it
	want := k.mac(session, exp.Unix())
	if subtle.ConstantTimeCompare(got, want) != 1 {
		return ErrBadMAC
	}
	return nil
}
