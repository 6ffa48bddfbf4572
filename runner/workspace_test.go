package runner

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestWorkspaceChanges checks the files a command creates, modifies and
// deletes, with their hashes, under bash and under nash.
func TestWorkspaceChanges(t *testing.T) {
	for _, sh := range shells(true) {
		t.Run(sh.name, func(t *testing.T) {
			s := newService(t, WithNashPath(sh.path))
			dir := t.TempDir()
			write := func(name, content string) {
				p := filepath.Join(dir, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			write("a", "old a\n")
			write("b", "bee\n")
			write("c", "same\n")
			write(".git/HEAD", "ref\n")
			write("sub/.git/x", "inner\n")
			os.Symlink("a", filepath.Join(dir, "link"))

			r := run(t, s, Request{Cwd: dir, Cmd: `echo new > new.txt; echo more >> a; rm b; touch c; chmod 600 c
				echo changed > .git/HEAD; echo y > sub/.git/x; mkdir -p d; printf x > d/e; ln -sfn c link; mkdir emptydir`})
			w := r.Workspace
			paths := func(l []FileChange) []string {
				out := []string{}
				for _, f := range l {
					out = append(out, f.Path)
				}
				sort.Strings(out)
				return out
			}
			if got, want := paths(w.Created), []string{"d/e", "new.txt"}; !reflect.DeepEqual(got, want) {
				t.Errorf("created %v, want %v", got, want)
			}
			if got, want := paths(w.Modified), []string{"a", "link"}; !reflect.DeepEqual(got, want) {
				t.Errorf("modified %v, want %v", got, want)
			}
			if got, want := paths(w.Deleted), []string{"b"}; !reflect.DeepEqual(got, want) {
				t.Errorf("deleted %v, want %v", got, want)
			}
			for _, f := range w.Created {
				if f.Path == "new.txt" && (f.BLAKE3 != hashHex([]byte("new\n")) || f.Size != 4) {
					t.Errorf("new.txt: %+v", f)
				}
			}
			for _, f := range w.Modified {
				switch f.Path {
				case "a":
					if f.BLAKE3 != hashHex([]byte("old a\nmore\n")) || f.BeforeBLAKE3 != hashHex([]byte("old a\n")) {
						t.Errorf("a: %+v", f)
					}
				case "link":
					if !f.Symlink || f.BLAKE3 != hashHex([]byte("c")) || f.BeforeBLAKE3 != hashHex([]byte("a")) {
						t.Errorf("link: %+v", f)
					}
				}
			}
			if len(w.Deleted) != 1 || w.Deleted[0].BeforeBLAKE3 != hashHex([]byte("bee\n")) {
				t.Errorf("deleted: %+v", w.Deleted)
			}
			if w.Truncated {
				t.Errorf("truncated")
			}
		})
	}
}

// TestWorkspaceSkipsState checks that a command run in a directory holding
// the runner's state does not list its own artifacts and receipts.
func TestWorkspaceSkipsState(t *testing.T) {
	dir := t.TempDir()
	s := newService(t, WithStateDir(filepath.Join(dir, "state")))
	r := run(t, s, Request{Cwd: dir, Cmd: "echo out; echo x > f"})
	if len(r.Workspace.Created) != 1 || r.Workspace.Created[0].Path != "f" {
		t.Fatalf("created %+v", r.Workspace.Created)
	}
}

func TestWorkspaceLimits(t *testing.T) {
	tests := []struct {
		name      string
		files     int
		bytes     int64
		truncated bool
	}{
		{"roomy", 100, 1 << 20, false},
		{"few files", 3, 1 << 20, true},
		{"few bytes", 100, 10, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newService(t, WithWorkspaceLimits(tt.files, tt.bytes))
			dir := t.TempDir()
			for _, n := range []string{"f1", "f2", "f3", "f4", "f5"} {
				os.WriteFile(filepath.Join(dir, n), []byte("0123456789"), 0o644)
			}
			r := run(t, s, Request{Cwd: dir, Cmd: "echo x >> f1; rm f2; : > zz"})
			w := r.Workspace
			if w.Truncated != tt.truncated {
				t.Fatalf("truncated %v, want %v", w.Truncated, tt.truncated)
			}
			if w.FilesScanned > tt.files || w.BytesHashed > tt.bytes {
				t.Errorf("scanned %d files %d bytes beyond limits", w.FilesScanned, w.BytesHashed)
			}
			// Within the covered prefix the diff must still be right, and
			// nothing outside it may be reported as deleted.
			for _, f := range w.Deleted {
				if f.Path != "f2" {
					t.Errorf("spurious delete %s", f.Path)
				}
			}
			if !tt.truncated && (len(w.Modified) != 1 || len(w.Deleted) != 1 || len(w.Created) != 1) {
				t.Errorf("workspace %+v", w)
			}
		})
	}
}

func TestWalkLess(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"a", "b", true},
		{"a/b", "a.txt", true}, // the directory a is visited before a.txt
		{"a.txt", "a/b", false},
		{"a/b/c", "a/c", true},
		{"a", "a", false},
		{"z", "a/b", false},
	}
	for _, tt := range tests {
		if got := walkLess(tt.a, tt.b); got != tt.want {
			t.Errorf("walkLess(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
}

// TestScanStaysOnFilesystem checks that a scan of / never enters /dev,
// /proc or /sys, whose files may block or never end.
func TestScanStaysOnFilesystem(t *testing.T) {
	root, _ := deviceOf("/")
	if dev, _ := deviceOf("/dev"); dev == root {
		t.Skip("/dev is not a separate mount here")
	}
	s := scan("/", scanLimits{files: 3000, bytes: 1 << 20}, nil)
	for p := range s.files {
		if strings.HasPrefix(p, "dev/") || strings.HasPrefix(p, "proc/") || strings.HasPrefix(p, "sys/") {
			t.Fatalf("scan crossed into %s", p)
		}
	}
}
