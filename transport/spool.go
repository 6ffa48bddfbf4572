package transport

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// Spool files are named spool-<unix nanoseconds, 20 digits>-<name>-<n>.jsonl
// so that a lexical sort is a chronological one. Each holds JSON Lines, one
// batch a line. They are written under a temporary name and renamed, so a
// drainer never sees a partial file. The directory is created 0700 and
// files 0600: spooled batches are sent with the token of whoever drains
// them, so only the owner may add to them.
const (
	spoolPrefix = "spool-"
	spoolSuffix = ".jsonl"
	lockName    = ".drain.lock"
)

type spool struct {
	dir  string
	name string
	n    atomic.Uint64
}

func spoolName(name string) string {
	if name == "" {
		name = strconv.Itoa(os.Getpid())
	}
	// Keep the name safe as a file name component.
	return strings.Map(func(r rune) rune {
		if r == '/' || r == 0 || r == '-' || r == '.' {
			return '_'
		}
		return r
	}, name)
}

// write stores lines in a new spool file.
func (s *spool) write(lines [][]byte) error {
	if s.dir == "" {
		return fmt.Errorf("spool: no directory configured")
	}
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	name := fmt.Sprintf("%s%020d-%s-%d%s", spoolPrefix, time.Now().UnixNano(), s.name, s.n.Add(1), spoolSuffix)
	return writeAtomic(filepath.Join(s.dir, name), lines)
}

// writeAtomic writes lines to a temporary file in the same directory and
// renames it to path.
func writeAtomic(path string, lines [][]byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return fmt.Errorf("spool: %w", err)
	}
	tmp := f.Name()
	var buf bytes.Buffer
	for _, l := range lines {
		buf.Write(l)
		buf.WriteByte('\n')
	}
	_, werr := f.Write(buf.Bytes())
	cerr := f.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp, path)
	}
	if werr != nil {
		os.Remove(tmp)
		return fmt.Errorf("spool: write %s: %w", path, werr)
	}
	return nil
}

// files lists the spool files, oldest first.
func (s *spool) files() ([]string, error) {
	ents, err := os.ReadDir(s.dir)
	if err != nil {
		return nil, fmt.Errorf("spool: %w", err)
	}
	var names []string
	for _, e := range ents {
		n := e.Name()
		if strings.HasPrefix(n, spoolPrefix) && strings.HasSuffix(n, spoolSuffix) && e.Type().IsRegular() {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names, nil
}

// drain sends every spool file in order, under an exclusive non-blocking
// lock on the spool's lock file: if another process holds it, drain leaves
// the work to that process and tries again after a later success. A file
// is removed once all its batches were accepted (or rejected for good); a
// file interrupted half-way is rewritten with its remaining lines, so a
// batch is never sent twice by drains.
//
// The spool is listed before the lock is taken: nearly always it is empty
// or absent, and then one directory read (or one failed open) is all a
// shell pays at exit, instead of creating, locking and unlocking the lock
// file as well. A file spooled after the listing is left to a later drain,
// as it would be if it came after the listing under the lock.
func (c *Client) drain(ctx context.Context) {
	names, err := c.spool.files()
	if err != nil || len(names) == 0 {
		// absent or empty: nothing to drain for this process (an
		// unreadable spool cannot be drained either)
		c.needDrain.Store(false)
		return
	}
	unlock, err := lockDir(filepath.Join(c.spool.dir, lockName))
	if err != nil {
		return // locked elsewhere, or no spool: needDrain stays set
	}
	defer unlock()
	c.needDrain.Store(false)
	names, err = c.spool.files()
	if err != nil {
		return
	}
	for _, n := range names {
		path := filepath.Join(c.spool.dir, n)
		data, err := os.ReadFile(path)
		if err != nil {
			continue // gone, or unreadable: not ours to fix
		}
		lines := bytes.Split(bytes.TrimSuffix(data, []byte{'\n'}), []byte{'\n'})
		keep := func(rest [][]byte) { c.keepRest(path, rest) }
		if !c.sendLines(ctx, lines, &c.stats.drained, func() bool { return false }, keep) {
			return
		}
		os.Remove(path)
	}
}

// keepRest rewrites a partly drained spool file with its unsent lines and
// marks the spool as needing another drain.
func (c *Client) keepRest(path string, rest [][]byte) {
	c.needDrain.Store(true)
	if err := writeAtomic(path, rest); err != nil {
		// Leave the original file: its sent lines will be sent again,
		// which the collector's (shellId, seq) idempotence absorbs.
		return
	}
}
