package rawread

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestAll(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []int{0, 1, 64 << 10, 200_001} {
		want := bytes.Repeat([]byte("ab\x00\xff"), n/4+1)[:n]
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		fd, err := syscall.Open(p, syscall.O_RDONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		got, err := All(fd)
		syscall.Close(fd)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d bytes: got %d bytes, err %v", n, len(got), err)
		}
	}
	// a directory's descriptor fails to read with EISDIR
	fd, err := syscall.Open(dir, syscall.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	if _, err := All(fd); err != syscall.EISDIR {
		t.Errorf("directory: err %v, want EISDIR", err)
	}
}
