package runner

import (
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"lukechampine.com/blake3"
)

// hashHex returns the lowercase hex BLAKE3-256 of b.
func hashHex(b []byte) string {
	s := blake3.Sum256(b)
	return hex.EncodeToString(s[:])
}

// newHasher returns a BLAKE3-256 hasher.
func newHasher() *blake3.Hasher { return blake3.New(32, nil) }

func sumHex(h *blake3.Hasher) string { return hex.EncodeToString(h.Sum(nil)) }

// hashFile hashes at most limit bytes of the file at path. It reports
// whether the whole file was hashed and how many bytes were read.
func hashFile(path string, limit int64) (sum string, read int64, complete bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return "", 0, false, fmt.Errorf("hash %s: %w", path, err)
	}
	defer f.Close()
	h := newHasher()
	n, err := io.Copy(h, io.LimitReader(f, limit+1))
	if err != nil {
		return "", n, false, fmt.Errorf("hash %s: %w", path, err)
	}
	if n > limit {
		return "", n, false, nil
	}
	return sumHex(h), n, true, nil
}

// digestCache caches the BLAKE3 of runtime binaries by path, mtime and size.
type digestCache struct {
	mu sync.Mutex
	m  map[string]digestEntry
}

type digestEntry struct {
	mtime time.Time
	size  int64
	sum   string
}

// get returns the BLAKE3 of the file at path, rehashing it only when its
// size or mtime changed since the last call.
func (d *digestCache) get(path string) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("runtime digest: %w", err)
	}
	d.mu.Lock()
	e, ok := d.m[path]
	d.mu.Unlock()
	if ok && e.size == fi.Size() && e.mtime.Equal(fi.ModTime()) {
		return e.sum, nil
	}
	sum, _, _, err := hashFile(path, fi.Size()+1<<30)
	if err != nil {
		return "", fmt.Errorf("runtime digest: %w", err)
	}
	d.mu.Lock()
	if d.m == nil {
		d.m = map[string]digestEntry{}
	}
	d.m[path] = digestEntry{mtime: fi.ModTime(), size: fi.Size(), sum: sum}
	d.mu.Unlock()
	return sum, nil
}
