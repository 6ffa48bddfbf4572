package transport

import (
	"context"
	"testing"
	"time"
)

// BenchmarkPostUnix measures one exit-time post of a typical one-event
// batch to the reference receiver over a unix socket: connection, request,
// the receiver's decoding and answer. This is what every observed shell
// waits for before it exits.
func BenchmarkPostUnix(b *testing.B) {
	_, sock := startReceiver(b)
	body, _ := encode(mkBatch("bench", 1))
	ep := endpoint{network: "unix", addr: sock, host: "localhost", path: "/shell-event"}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if code, err := postHTTP(context.Background(), ep, token, body[0], time.Second); err != nil || code != 202 {
			b.Fatalf("code %d err %v", code, err)
		}
	}
}
