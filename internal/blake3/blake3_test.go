package blake3

import (
	"bytes"
	"encoding/hex"
	"math/rand/v2"
	"testing"

	ref "lukechampine.com/blake3"
)

// TestMatchesReference compares with an independent implementation at
// every length around block, chunk and tree boundaries, and with writes
// split at random.
func TestMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, 70000)
	for i := range data {
		data[i] = byte(r.IntN(256))
	}
	lengths := []int{0, 1, 63, 64, 65, 127, 128, 1023, 1024, 1025, 2047, 2048, 2049, 3072, 3073, 4096, 4097, 5120, 8192, 8193, 16384, 31744, 65536, 65537, 70000}
	for n := 0; n < 2100; n += 7 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		want := ref.Sum256(data[:n])
		if got := Sum256(data[:n]); got != want {
			t.Fatalf("len %d: got %x want %x", n, got, want)
		}
		h := New()
		for p := data[:n]; len(p) > 0; {
			k := r.IntN(3000) + 1
			if k > len(p) {
				k = len(p)
			}
			h.Write(p[:k])
			p = p[k:]
		}
		if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
			t.Fatalf("len %d streamed: got %x want %x", n, got, want)
		}
	}
}

// TestKnownVector is the specification's hash of the empty input.
func TestKnownVector(t *testing.T) {
	got := Sum256(nil)
	if hex.EncodeToString(got[:]) != "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262" {
		t.Fatalf("empty input: %x", got)
	}
}

func BenchmarkWrite64K(b *testing.B) {
	buf := make([]byte, 64<<10)
	h := New()
	b.SetBytes(int64(len(buf)))
	for i := 0; i < b.N; i++ {
		h.Write(buf)
	}
}
