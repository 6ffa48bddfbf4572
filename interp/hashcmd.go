package interp

import (
	"os"
	"sort"
	"strings"
	"syscall"
)

// hashEntry is one remembered command location in the command hash
// table (bash's PATH_DATA with its bucket's times_found).
type hashEntry struct {
	path string
	hits int
	seq  uint64 // insertion order: newer entries come first in a bucket
}

// cmdHashBuckets is bash's FILENAME_HASH_BUCKETS.
const cmdHashBuckets = 256

// hashTable returns the command hash table for the current PATH, starting
// an empty one when PATH changed since the table was filled (bash flushes
// it whenever PATH is assigned).
func (r *Runner) hashTable() map[string]*hashEntry {
	path := r.lookup("PATH").value()
	if r.hash == nil || r.hashPath != path {
		r.hash = map[string]*hashEntry{}
		r.hashPath = path
	}
	return r.hash
}

// hashInsert is bash's phash_insert: it (re)sets name's path and hit
// count; a new name goes first in its bucket. It does nothing while
// hashing is off (set +h).
func (r *Runner) hashInsert(name, path string, hits int) {
	if !r.opts.on(optHashall) {
		return
	}
	t := r.hashTable()
	if e := t[name]; e != nil {
		e.path, e.hits = path, hits
		return
	}
	r.hashSeq++
	t[name] = &hashEntry{path: path, hits: hits, seq: r.hashSeq}
}

// hashSearch is bash's phash_search: the remembered path of name, if
// any; a successful search counts as a hit, as bash's hash_search does.
func (r *Runner) hashSearch(name string) (string, bool) {
	if !r.opts.on(optHashall) || r.hash == nil || r.hashPath != r.lookup("PATH").value() {
		return "", false
	}
	e := r.hash[name]
	if e == nil {
		return "", false
	}
	e.hits++
	if !strings.HasPrefix(e.path, "/") {
		p, ok := r.relHashed(e.path)
		return p, ok
	}
	return e.path, true
}

// relHashed is what bash's phash_search gives for a remembered path that
// is relative (hash -p ./x x): "./path" when that is an executable file
// from where the shell is now, else nothing when the path's directory is
// the current one (./x gone), else the path as remembered.
func (r *Runner) relHashed(path string) (string, bool) {
	dotted := path
	if !strings.HasPrefix(path, "./") {
		dotted = "./" + path
	}
	if isExec(r.absPath(dotted)) {
		return dotted, true
	}
	if path[0] != '.' {
		return path, true
	}
	i := strings.LastIndexByte(path, '/')
	if i < 0 {
		return path, true
	}
	a, err1 := os.Stat(r.dir)
	b, err2 := os.Stat(r.absPath(path[:i]))
	if err1 == nil && err2 == nil && os.SameFile(a, b) {
		return "", false
	}
	return path, true
}

// hashedStillThere reports whether a remembered path may be used: in
// POSIX mode or with checkhash, bash checks that it is still an
// executable file and searches PATH again when it is not
// (search_for_command).
func (r *Runner) hashedStillThere(path string) bool {
	if !r.opts.on(optPosix) && !r.opts.sh(shCheckhash) {
		return true
	}
	abs := r.absPath(path)
	fi, err := os.Stat(abs)
	return err == nil && !fi.IsDir() && syscall.Access(abs, 1) == nil
}

// pathElem is the directory a PATH element names: "." when empty; a
// leading ~ is expanded outside POSIX mode (bash's find_in_path_element).
func (r *Runner) pathElem(dir string) string {
	if dir == "" {
		return "."
	}
	if dir[0] == '~' && !r.opts.on(optPosix) {
		return r.tildePath(dir)
	}
	return dir
}

// hashRemove is bash's phash_remove; it reports whether name was there.
func (r *Runner) hashRemove(name string) bool {
	if r.hash == nil || r.hashPath != r.lookup("PATH").value() {
		return false
	}
	if _, ok := r.hash[name]; !ok {
		return false
	}
	delete(r.hash, name)
	return true
}

// hashNames returns the hashed names in the order bash's hash_walk visits
// them: by bucket of the FNV-1 hash, newest first within a bucket. (bash
// grows its table past 512 entries, which reorders it; that is not
// modelled.)
func (r *Runner) hashNames() []string {
	if r.hash == nil || r.hashPath != r.lookup("PATH").value() {
		return nil
	}
	names := make([]string, 0, len(r.hash))
	for n := range r.hash {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		bi, bj := bashHash(names[i])&(cmdHashBuckets-1), bashHash(names[j])&(cmdHashBuckets-1)
		if bi != bj {
			return bi < bj
		}
		return r.hash[names[i]].seq > r.hash[names[j]].seq
	})
	return names
}

// cloneHash copies the table for a subshell, whose hits and insertions
// must not reach the parent.
func cloneHash(h map[string]*hashEntry) map[string]*hashEntry {
	if h == nil {
		return nil
	}
	c := make(map[string]*hashEntry, len(h))
	for k, e := range h {
		cp := *e
		c[k] = &cp
	}
	return c
}
