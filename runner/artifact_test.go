package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestArtifactsByteIdentical checks that the stdout artifact of a binary
// stream is byte-identical to what the program wrote, read-only, named by
// its BLAKE3, and that polling by offset returns the same bytes.
func TestArtifactsByteIdentical(t *testing.T) {
	for _, sh := range shells(true) {
		t.Run(sh.name, func(t *testing.T) {
			s := newService(t, WithNashPath(sh.path))
			dir := t.TempDir()
			r := run(t, s, Request{Cwd: dir, Cmd: "head -c 1000000 /dev/urandom | tee file; printf 'tail\\0' >&2"})
			want, err := os.ReadFile(filepath.Join(dir, "file"))
			if err != nil || len(want) != 1000000 {
				t.Fatalf("file: %d bytes, %v", len(want), err)
			}
			if r.Stdout.BLAKE3 != hashHex(want) || r.Stdout.Size != int64(len(want)) {
				t.Fatalf("stdout digest %+v, want %s", r.Stdout, hashHex(want))
			}
			path := s.ArtifactPath(r.Stdout.BLAKE3)
			got, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("artifact differs (%d bytes, %v)", len(got), err)
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm()&0o222 != 0 {
				t.Errorf("artifact mode %v is writable", fi.Mode())
			}
			if polled := readAll(t, s, r.CallID, "stdout"); !bytes.Equal(polled, want) {
				t.Errorf("polled output differs")
			}
			if got := readAll(t, s, r.CallID, "stderr"); string(got) != "tail\x00" {
				t.Errorf("stderr %q", got)
			}
			// The created file is in the receipt with the same hash.
			if len(r.Workspace.Created) != 1 || r.Workspace.Created[0].BLAKE3 != r.Stdout.BLAKE3 {
				t.Errorf("workspace %+v", r.Workspace.Created)
			}
			// Ranges.
			b, size, err := s.ReadArtifact(r.Stdout.BLAKE3, 999990, 100)
			if err != nil || size != 1000000 || !bytes.Equal(b, want[999990:]) {
				t.Errorf("range read: %d bytes size %d %v", len(b), size, err)
			}
			// Redacted polling of binary output is base64 and keeps offsets.
			o, err := s.Output(context.Background(), r.CallID, "stdout", 1000, 64<<10, 0)
			if err != nil || o.Encoding != "base64" || o.NextOffset != 1000+64<<10 {
				t.Errorf("output chunk: %+v %v", o.NextOffset, err)
			}
		})
	}
}

// TestArtifactDedup checks that identical outputs share one artifact and
// that evicted commands are still answered from disk.
func TestArtifactDedup(t *testing.T) {
	s := newService(t, WithKeepFinished(1))
	r1 := run(t, s, Request{Cmd: "echo same"})
	r2 := run(t, s, Request{Cmd: "echo same"})
	if r1.Stdout.BLAKE3 != r2.Stdout.BLAKE3 {
		t.Fatal("same output, different hashes")
	}
	if s.lookup(r1.CallID) != nil {
		t.Fatal("first command not evicted")
	}
	got, err := s.Receipt(r1.CallID)
	if err != nil || got.Stdout != r1.Stdout {
		t.Fatalf("receipt from disk: %+v %v", got, err)
	}
	if out := readAll(t, s, r1.CallID, "stdout"); string(out) != "same\n" {
		t.Fatalf("evicted output %q", out)
	}
	ents, _ := os.ReadDir(s.spoolDir)
	if len(ents) != 0 {
		t.Errorf("spool not empty: %v", ents)
	}
}

func TestTrimPartialRune(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"ab\xc3", "ab"},
		{"ab\xc3\xa9", "ab\xc3\xa9"},
		{"a\xe2\x82", "a"},
		{"a\xe2\x82\xac", "a\xe2\x82\xac"},
		{"a\xf0\x9f\x98", "a"},
		{"\xc3", "\xc3"}, // never empties
		{"\xff\xfe", "\xff\xfe"},
	}
	for _, tt := range tests {
		if got := string(trimPartialRune([]byte(tt.in))); got != tt.want {
			t.Errorf("trim(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRuntimeDigestCache(t *testing.T) {
	p := filepath.Join(t.TempDir(), "nash")
	os.WriteFile(p, []byte("one"), 0o755)
	var d digestCache
	a, err := d.get(p)
	if err != nil || a != hashHex([]byte("one")) {
		t.Fatalf("%s %v", a, err)
	}
	os.WriteFile(p, []byte("two!"), 0o755)
	if b, _ := d.get(p); b != hashHex([]byte("two!")) {
		t.Fatalf("stale digest after change")
	}
}

func TestParseSignal(t *testing.T) {
	for _, ok := range []string{"INT", "sigint", "SIGTERM", "9", "64", "winch"} {
		if _, err := parseSignal(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "FOO", "0", "65", "-9", "9x", "SIG"} {
		if _, err := parseSignal(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
