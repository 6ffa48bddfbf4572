package runner

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
)

// FileChange is one file created, modified or deleted under the command's
// cwd. Path is slash-separated and relative to cwd. BLAKE3 is the hash of
// the content after the command (of the link target for symlinks) and
// BeforeBLAKE3 the hash before it; either is empty when the file does not
// exist on that side or was not hashed because the byte budget ran out.
type FileChange struct {
	Path         string `json:"path"`
	Symlink      bool   `json:"symlink,omitempty"`
	Size         int64  `json:"size"`
	BLAKE3       string `json:"blake3,omitempty"`
	BeforeBLAKE3 string `json:"before_blake3,omitempty"`
}

// Workspace lists the changes a command made under its cwd. Directories
// are not listed, only regular files and symlinks; .git directories, the
// runner's state directory and other filesystems mounted below cwd are
// skipped. Truncated is set when a scan hit the file or byte limit: then
// only paths that both scans covered are compared and some hashes may be
// missing.
type Workspace struct {
	Created      []FileChange `json:"created"`
	Modified     []FileChange `json:"modified"`
	Deleted      []FileChange `json:"deleted"`
	Truncated    bool         `json:"truncated"`
	FilesScanned int          `json:"files_scanned"`
	BytesHashed  int64        `json:"bytes_hashed"`
}

type fileState struct {
	symlink      bool
	size         int64
	mtime, ctime int64
	ino          uint64
	sum          string // empty if not hashed
}

func (a fileState) sameStat(b fileState) bool {
	return a.symlink == b.symlink && a.size == b.size && a.mtime == b.mtime && a.ctime == b.ctime && a.ino == b.ino
}

// deviceOf returns the device of the directory at p.
func deviceOf(p string) (uint64, bool) {
	fi, err := os.Lstat(p)
	if err != nil {
		return 0, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Dev), true
}

// snapshot is the state of a directory tree at one moment.
type snapshot struct {
	files     map[string]fileState
	last      string // last path listed, in walk order
	truncated bool
	bytes     int64
}

// scanLimits bound one scan.
type scanLimits struct {
	files int
	bytes int64
	skip  string // absolute directory never entered (the runner's state)
}

// scan walks root. If prev is given, files whose stat is unchanged reuse
// prev's hash instead of being read again.
func scan(root string, lim scanLimits, prev *snapshot) *snapshot {
	s := &snapshot{files: map[string]fileState{}}
	rootDev, devOK := deviceOf(root)
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // unreadable entries are skipped
		}
		if d.IsDir() {
			if p == root {
				return nil
			}
			if d.Name() == ".git" || p == lim.skip {
				return filepath.SkipDir
			}
			// Like find -xdev: never wander into /proc, /sys, /dev or
			// other mounts, whose files may block or never end.
			if dev, ok := deviceOf(p); devOK && (!ok || dev != rootDev) {
				return filepath.SkipDir
			}
			return nil
		}
		t := d.Type()
		if !t.IsRegular() && t&fs.ModeSymlink == 0 {
			return nil
		}
		if len(s.files) >= lim.files {
			s.truncated = true
			return filepath.SkipAll
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		rel = filepath.ToSlash(rel)
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		st := fileState{symlink: t&fs.ModeSymlink != 0, size: fi.Size(), mtime: fi.ModTime().UnixNano()}
		st.ctime, st.ino = statExtra(fi)
		if prev != nil {
			if old, ok := prev.files[rel]; ok && old.sameStat(st) && old.sum != "" {
				st.sum = old.sum
			}
		}
		if st.sum == "" {
			st.sum = s.hash(p, st, lim)
		}
		s.files[rel] = st
		s.last = rel
		return nil
	})
	return s
}

func (s *snapshot) hash(p string, st fileState, lim scanLimits) string {
	if st.symlink {
		target, err := os.Readlink(p)
		if err != nil {
			return ""
		}
		return hashHex([]byte(target))
	}
	left := lim.bytes - s.bytes
	if st.size > left {
		s.truncated = true
		return ""
	}
	sum, n, complete, err := hashFile(p, left)
	s.bytes += n
	if err != nil || !complete {
		if !complete && err == nil {
			s.truncated = true
		}
		return ""
	}
	return sum
}

// walkLess orders slash paths as filepath.WalkDir visits them: depth-first,
// names in lexical order within a directory.
func walkLess(a, b string) bool {
	for {
		ai, bi := strings.IndexByte(a, '/'), strings.IndexByte(b, '/')
		ah, bh := a, b
		if ai >= 0 {
			ah = a[:ai]
		}
		if bi >= 0 {
			bh = b[:bi]
		}
		if ah != bh {
			return ah < bh
		}
		if ai < 0 || bi < 0 {
			return ai < 0 && bi >= 0 // a file sorts before nothing; a dir prefix before its contents
		}
		a, b = a[ai+1:], b[bi+1:]
	}
}

// diff compares two snapshots of the same tree.
func diff(before, after *snapshot) Workspace {
	w := Workspace{
		Created: []FileChange{}, Modified: []FileChange{}, Deleted: []FileChange{},
		Truncated:    before.truncated || after.truncated,
		FilesScanned: len(after.files),
		BytesHashed:  after.bytes,
	}
	// When a scan stopped early, compare only the prefix (in walk order)
	// that both scans covered.
	covered := func(string) bool { return true }
	if w.Truncated {
		cut := ""
		switch {
		case before.truncated && after.truncated:
			cut = before.last
			if walkLess(after.last, cut) {
				cut = after.last
			}
		case before.truncated:
			cut = before.last
		default:
			cut = after.last
		}
		covered = func(p string) bool { return p == cut || walkLess(p, cut) }
	}
	for p, a := range after.files {
		if !covered(p) {
			continue
		}
		b, ok := before.files[p]
		switch {
		case !ok:
			w.Created = append(w.Created, FileChange{Path: p, Symlink: a.symlink, Size: a.size, BLAKE3: a.sum})
		case b.sameStat(a) && a.sum == b.sum:
		case a.sum != "" && a.sum == b.sum && a.symlink == b.symlink:
			// Touched or chmodded, same content.
		default:
			w.Modified = append(w.Modified, FileChange{Path: p, Symlink: a.symlink, Size: a.size, BLAKE3: a.sum, BeforeBLAKE3: b.sum})
		}
	}
	for p, b := range before.files {
		if _, ok := after.files[p]; !ok && covered(p) {
			w.Deleted = append(w.Deleted, FileChange{Path: p, Symlink: b.symlink, Size: b.size, BeforeBLAKE3: b.sum})
		}
	}
	for _, l := range [][]FileChange{w.Created, w.Modified, w.Deleted} {
		sort.Slice(l, func(i, j int) bool { return l[i].Path < l[j].Path })
	}
	return w
}
