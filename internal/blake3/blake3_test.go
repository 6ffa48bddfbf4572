package blake3

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"testing"

	ref "lukechampine.com/blake3"
)

func randomBytes(n int) []byte {
	r := rand.New(rand.NewPCG(7, 8))
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(r.IntN(256))
	}
	return data
}

// TestMatchesReference compares with an independent implementation at
// every length around block, chunk, group and tree boundaries, and with
// writes split at random, for the portable code and each SIMD hasher the
// CPU runs (make unit tests the GOEXPERIMENT=simd build too).
func TestMatchesReference(t *testing.T) {
	data := randomBytes(600 << 10)
	lengths := []int{0, 1, 63, 64, 65, 127, 128, 1023, 1024, 1025, 2047, 2048, 2049, 3072, 3073, 4096, 4097, 5120, 8192, 8193, 16384, 31744, 65536, 65537, 70000, len(data)}
	for n := 0; n < 2100; n += 7 {
		lengths = append(lengths, n)
	}
	for k := 1; k <= 36; k++ { // group boundaries, up to a tree of 36 groups
		lengths = append(lengths, k*groupLen-1, k*groupLen, k*groupLen+1)
	}
	for _, kind := range supportedSIMD() {
		r := rand.New(rand.NewPCG(9, 10))
		newHasher := func() *Hasher {
			h := New()
			h.simd = kind
			return h
		}
		for _, n := range lengths {
			want := ref.Sum256(data[:n])
			h := newHasher()
			h.Write(data[:n])
			if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
				t.Fatalf("simd %d, len %d: got %x want %x", kind, n, got, want)
			}
			h = newHasher()
			maxWrite := 3000
			if n%2 == 1 {
				maxWrite = 3 * groupLen // some writes long enough to skip buf
			}
			for p := data[:n]; len(p) > 0; {
				k := r.IntN(maxWrite) + 1
				if k > len(p) {
					k = len(p)
				}
				h.Write(p[:k])
				p = p[k:]
				if len(p) > 0 && r.IntN(8) == 0 {
					// Sum in the middle must not disturb the stream
					if got, mid := h.Sum(nil), ref.Sum256(data[:n-len(p)]); !bytes.Equal(got, mid[:]) {
						t.Fatalf("simd %d, len %d, sum after %d: got %x want %x", kind, n, n-len(p), got, mid)
					}
				}
			}
			if got := h.Sum(nil); !bytes.Equal(got, want[:]) {
				t.Fatalf("simd %d, len %d streamed: got %x want %x", kind, n, got, want)
			}
		}
	}
	if got := Sum256(data); got != ref.Sum256(data) {
		t.Fatalf("Sum256: got %x", got)
	}
}

// TestSIMDPathUsed makes sure a SIMD build on a CPU with AVX2 or AVX-512
// really hashes groups, so TestMatchesReference tested that code.
func TestSIMDPathUsed(t *testing.T) {
	if !simdBuild {
		t.Skip("portable build (GOEXPERIMENT=simd on amd64 builds the SIMD hasher)")
	}
	kinds := supportedSIMD()
	if len(kinds) == 1 {
		t.Skip("CPU without AVX2: no SIMD hasher can run here")
	}
	h := New()
	if h.simd != kinds[len(kinds)-1] {
		t.Fatalf("New chose hasher %d, the CPU runs %v", h.simd, kinds)
	}
	h.Write(randomBytes(3*groupLen + 5))
	if !h.grouped || h.chunks != 3*groupChunks {
		t.Fatalf("grouped=%v chunks=%d after 3 groups and 5 bytes", h.grouped, h.chunks)
	}
}

// TestHashGroup checks one group's subtree value against the portable
// chunk and parent code, at a counter past 32 bits.
func TestHashGroup(t *testing.T) {
	data := randomBytes(groupLen)
	ctr := uint64(5)<<32 | 16*3
	cvs := make([][8]uint32, groupChunks)
	for i := range cvs {
		c := chunkState{cv: iv, counter: ctr + uint64(i)}
		c.update(data[i*chunkLen : (i+1)*chunkLen])
		o := c.output()
		cvs[i] = o.chainingValue()
	}
	for len(cvs) > 1 {
		var next [][8]uint32
		for i := 0; i < len(cvs); i += 2 {
			o := parentOutput(cvs[i], cvs[i+1])
			next = append(next, o.chainingValue())
		}
		cvs = next
	}
	tested := 0
	for _, kind := range supportedSIMD() {
		if kind == noSIMD {
			continue
		}
		tested++
		if got := hashGroup(kind, (*[groupLen]byte)(data), ctr); got != cvs[0] {
			t.Errorf("hashGroup simd %d: got %x want %x", kind, got, cvs[0])
		}
	}
	if tested == 0 {
		t.Skip("no SIMD hasher here")
	}
}

// TestKnownVector is the specification's hash of the empty input.
func TestKnownVector(t *testing.T) {
	got := Sum256(nil)
	if hex.EncodeToString(got[:]) != "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262" {
		t.Fatalf("empty input: %x", got)
	}
}

// BenchmarkWrite64K is the throughput of a long stream in 64 KiB writes;
// BenchmarkWrite4K in the 4 KiB writes a tee(2) of a pipe often yields.
func BenchmarkWrite64K(b *testing.B) { benchWrite(b, 64<<10, detectSIMD()) }
func BenchmarkWrite4K(b *testing.B)  { benchWrite(b, 4<<10, detectSIMD()) }

// BenchmarkKinds64K runs each hasher the CPU has (0 portable, 1 AVX2,
// 2 AVX-512).
func BenchmarkKinds64K(b *testing.B) {
	for _, kind := range supportedSIMD() {
		b.Run(fmt.Sprint(kind), func(b *testing.B) { benchWrite(b, 64<<10, kind) })
	}
}

func benchWrite(b *testing.B, size int, kind simdKind) {
	buf := make([]byte, size)
	h := New()
	h.simd = kind
	b.SetBytes(int64(len(buf)))
	for i := 0; i < b.N; i++ {
		h.Write(buf)
	}
}

func BenchmarkReference64K(b *testing.B) {
	buf := make([]byte, 64<<10)
	h := ref.New(32, nil)
	b.SetBytes(int64(len(buf)))
	for i := 0; i < b.N; i++ {
		h.Write(buf)
	}
}
