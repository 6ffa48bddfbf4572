package interp

import (
	"io"
	"os"
	"testing"
	"time"
)

// TestReadTimeoutStartsAtFirstWait checks that read -t's deadline counts
// from the first wait for input, as bash's timer starts just before its
// read loop: end of file already there is seen (status 1) however long
// read's setup took, and input that never comes still times out.
func TestReadTimeoutStartsAtFirstWait(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	pw.Close()
	lr := newLineReader(pr)
	lr.timeout = 20 * time.Millisecond
	time.Sleep(60 * time.Millisecond) // a setup slower than the timeout
	if _, err := lr.readByte(); err != io.EOF {
		t.Fatalf("closed pipe after a slow setup: got %v, want EOF", err)
	}

	pr2, pw2, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr2.Close()
	defer pw2.Close()
	lr = newLineReader(pr2)
	lr.timeout = 20 * time.Millisecond
	start := time.Now()
	if _, err := lr.readByte(); err != errReadTimeout {
		t.Fatalf("pipe without input: got %v, want errReadTimeout", err)
	}
	if d := time.Since(start); d < 20*time.Millisecond {
		t.Fatalf("timed out after %v, before the 20ms timeout", d)
	}
}
