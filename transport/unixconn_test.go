//go:build linux

package transport

import (
	"context"
	"net"
	"path/filepath"
	"testing"
	"time"
)

// listenUnix returns a listener on a fresh unix socket and its endpoint.
func listenUnix(t *testing.T) (net.Listener, endpoint) {
	t.Helper()
	path := filepath.Join(sockDir(t), "u.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	return ln, endpoint{network: "unix", addr: path, host: "localhost", path: "/shell-event"}
}

// TestPostUnixEarlyAnswer: over the raw unix socket too, a server that
// answers 413 and hangs up without reading a big body is understood: the
// write fails half-way, the answer still counts.
func TestPostUnixEarlyAnswer(t *testing.T) {
	ln, ep := listenUnix(t)
	go answer413Early(ln)
	code, err := postHTTP(context.Background(), ep, "t", make([]byte, 8<<20), 2*time.Second)
	if err != nil || code != 413 {
		t.Fatalf("code %d err %v", code, err)
	}
}

// TestPostUnixBounds: against a server that reads the request and never
// answers, a post ends at its timeout, at the context's deadline when that
// comes first, and at once when the context is cancelled.
func TestPostUnixBounds(t *testing.T) {
	ln, ep := listenUnix(t)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				buf := make([]byte, 4096)
				for {
					if _, err := c.Read(buf); err != nil {
						c.Close()
						return
					}
				}
			}()
		}
	}()
	body := []byte(`{"a":1}`)
	check := func(name string, ctx context.Context, timeout, min, max time.Duration) {
		t.Helper()
		start := time.Now()
		code, err := postHTTP(ctx, ep, "t", body, timeout)
		d := time.Since(start)
		if err == nil {
			t.Fatalf("%s: code %d without an answer", name, code)
		}
		if d < min || d > max {
			t.Fatalf("%s: returned after %v, want %v..%v (%v)", name, d, min, max, err)
		}
	}
	check("timeout", context.Background(), 200*time.Millisecond, 180*time.Millisecond, time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
	check("deadline", ctx, 5*time.Second, 130*time.Millisecond, time.Second)
	cancel()
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	check("cancel", ctx, 5*time.Second, 80*time.Millisecond, time.Second)
}

// TestDialUnixAbsent: no socket file is an error, not a hang.
func TestDialUnixAbsent(t *testing.T) {
	ep := endpoint{network: "unix", addr: filepath.Join(t.TempDir(), "none.sock"), host: "localhost", path: "/"}
	if _, err := postHTTP(context.Background(), ep, "t", nil, time.Second); err == nil {
		t.Fatal("post to an absent socket succeeded")
	}
}
