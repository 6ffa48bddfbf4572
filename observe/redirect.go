package observe

import (
	"context"
	"encoding/hex"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"

	"nash/internal/blake3"

	"nash/interp"
	"nash/transport/wire"
)

// Redirect records a redirect event (design section 2, "What taps must
// never change"):
//   - here-documents and here-strings: the body, hashed and previewed now;
//   - fd duplications and closes: the source fd, now;
//   - special files (devices, ttys, fifos, sockets): metadata only, never
//     read;
//   - "<" and "<>" on a regular file: the head, read now with pread (the
//     command's offset is untouched), hashed when the whole file fits the
//     head;
//   - ">", ">|", "&>" (from offset 0) and ">>", "&>>" (from Offset): the
//     file is reopened read-only through /proc/self/fd and read back by the
//     returned function, when the redirection is undone; ranges above
//     ReadBackHashCap are counted, not hashed.
//
// The command's own fd is never read, seeked or kept.
func (o *Observer) Redirect(ctx context.Context, r *interp.RedirectInfo) (done func()) {
	if o == nil || r == nil {
		return nil
	}
	defer o.recoverHook()
	if o.testHook != nil {
		o.testHook("Redirect")
	}
	ev := wire.Event{Kind: wire.KindRedirect, Op: wireOp(r), Special: boolp(r.Special)}
	var st *cmdState
	if r.Cmd != nil {
		if st, _ = r.Cmd.GateData.(*cmdState); st != nil {
			ev.CmdSeq = st.seq.Load()
		}
	}
	switch {
	case r.Heredoc:
		ev.Target = &wire.Target{Heredoc: true}
		n := int64(len(r.Body))
		ev.Bytes = &n
		sum := blake3.Sum256(r.Body)
		ev.Blake3 = hex.EncodeToString(sum[:])
		limit := o.budget(st, len(r.Body))
		b64, trunc, bin := o.preview(r.Body, len(r.Body), limit)
		ev.PreviewB64, ev.Truncated, ev.Binary = b64, boolp(trunc), boolp(bin)
		o.add(ev, nil)
		return nil
	case isDup(r):
		if r.DupFd >= 0 { // a close (">&-") has no target
			fd := r.DupFd
			ev.Target = &wire.Target{FD: &fd}
		}
		o.add(ev, nil)
		return nil
	}
	ev.Target = &wire.Target{Path: o.maskString(r.Path)}
	ev.Mode = mode(r.Flags)
	if r.Special {
		o.add(ev, nil)
		return nil
	}
	if r.Op == "<" || r.Op == "<>" {
		f, own := r.File, false
		if f == nil {
			f, own = openRegular(r), true
		}
		if f != nil {
			if fi, err := f.Stat(); err == nil {
				o.readRange(&ev, st, f, 0, fi.Size(), PreviewCap+redactMargin)
			}
			if own {
				f.Close()
			}
		}
		o.add(ev, nil)
		return nil
	}
	rb := &readBack{o: o, ev: ev, st: st, f: reopen(r), from: r.Offset}
	o.mu.Lock()
	if o.redirs == nil {
		o.redirs = map[*readBack]struct{}{}
	}
	o.redirs[rb] = struct{}{}
	o.mu.Unlock()
	return rb.finish
}

// readBack is an output redirection waiting to be read back.
type readBack struct {
	o    *Observer
	ev   wire.Event
	st   *cmdState
	f    *os.File // read-only, owned; nil when it could not be reopened
	from int64
	done atomic.Bool
}

// finish reads the written range back, emits the event and closes the
// file. It runs once, from the interpreter or from Close.
func (rb *readBack) finish() {
	if !rb.done.CompareAndSwap(false, true) {
		return
	}
	o := rb.o
	defer o.recoverHook()
	o.mu.Lock()
	delete(o.redirs, rb)
	o.mu.Unlock()
	if rb.f != nil {
		defer rb.f.Close()
		if fi, err := rb.f.Stat(); err == nil {
			o.readRange(&rb.ev, rb.st, rb.f, rb.from, fi.Size()-rb.from, ReadBackHashCap)
		}
	}
	o.add(rb.ev, nil)
}

var readBufs = sync.Pool{New: func() any { b := make([]byte, 64<<10); return &b }}

// readRange fills bytes, blake3, preview, truncated and binary of ev from
// n bytes of f at offset from. The range is hashed when n <= hashCap (so
// the hash covers all of it), else only counted and marked truncated. At
// LevelMeta only bytes is filled and nothing is read.
func (o *Observer) readRange(ev *wire.Event, st *cmdState, f *os.File, from, n, hashCap int64) {
	if n < 0 {
		n = 0
	}
	ev.Bytes = &n
	if o.level < LevelTap {
		return
	}
	limit := o.budget(st, int(min(n, PreviewCap)))
	keep := min(n, int64(limit+redactMargin))
	hashAll := n <= hashCap
	toRead := keep
	if hashAll {
		toRead = n
	}
	head := make([]byte, 0, keep)
	var h *blake3.Hasher
	if hashAll {
		h = blake3.New()
	}
	bp := readBufs.Get().(*[]byte)
	defer readBufs.Put(bp)
	buf := *bp
	var got int64
	for got < toRead {
		m, err := f.ReadAt(buf[:min(int64(len(buf)), toRead-got)], from+got)
		if m > 0 {
			chunk := buf[:m]
			if h != nil {
				h.Write(chunk)
			}
			if room := keep - int64(len(head)); room > 0 {
				head = append(head, chunk[:min(int64(m), room)]...)
			}
			got += int64(m)
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				h = nil // unreadable: no hash
			}
			break
		}
	}
	if hashAll {
		n = got // the file shrank while we read: report what was hashed
		ev.Bytes = &n
	}
	if h != nil {
		ev.Blake3 = hex.EncodeToString(h.Sum(nil))
	}
	b64, trunc, bin := o.preview(head, int(n), limit)
	if h == nil {
		trunc = true
	}
	ev.PreviewB64, ev.Truncated, ev.Binary = b64, boolp(trunc), boolp(bin)
}

// budget returns how many preview bytes an event of n bytes may show,
// taken from the command's budget when there is a command.
func (o *Observer) budget(st *cmdState, n int) int {
	n = min(n, PreviewCap)
	if st == nil {
		return n
	}
	return st.take(n)
}

// reopen opens the target of an output redirection read-only, as a new
// open file description of the same inode, so reading it never moves the
// command's offset. Falls back to the path.
func reopen(r *interp.RedirectInfo) *os.File {
	if r.File != nil {
		if sc, err := r.File.SyscallConn(); err == nil {
			var f *os.File
			sc.Control(func(fd uintptr) {
				f, _ = os.Open("/proc/self/fd/" + strconv.Itoa(int(fd)))
			})
			if f != nil {
				return f
			}
		}
	}
	return openRegular(r)
}

// openRegular opens r.Path read-only without blocking and returns it only
// if it is a regular file. A relative path is resolved against the
// command's directory; without one it is not opened.
func openRegular(r *interp.RedirectInfo) *os.File {
	p := r.Path
	if p == "" {
		return nil
	}
	if !filepath.IsAbs(p) {
		if r.Cmd == nil || r.Cmd.Dir == "" {
			return nil
		}
		p = filepath.Join(r.Cmd.Dir, p)
	}
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil
	}
	return f
}

// isDup says whether r duplicates or closes an fd (">&N", "<&N", ">&-",
// "<&-"; the interpreter spells a close as the operator plus "-").
func isDup(r *interp.RedirectInfo) bool {
	switch r.Op {
	case ">&", "<&", ">&-", "<&-":
		return r.Path == ""
	}
	return false
}

// wireOp spells the operator as the design does: the fd is prefixed when
// it is not the operator's default ("2>", "2>&1", "3<"), dups carry their
// source fd or "-".
func wireOp(r *interp.RedirectInfo) string {
	def := 1
	switch r.Op {
	case "<", "<<", "<<-", "<<<", "<>", "<&", "<&-":
		def = 0
	case "&>", "&>>":
		return r.Op
	}
	op := r.Op
	if isDup(r) && (op == ">&" || op == "<&") {
		if r.DupFd < 0 {
			op += "-"
		} else {
			op += strconv.Itoa(r.DupFd)
		}
	}
	if r.Fd != def && r.Fd >= 0 {
		op = strconv.Itoa(r.Fd) + op
	}
	return op
}

// mode names the open mode of a path target: "r", "w", "a" or "rw".
func mode(flags int) string {
	switch flags & syscall.O_ACCMODE {
	case syscall.O_RDONLY:
		return "r"
	case syscall.O_WRONLY:
		if flags&syscall.O_APPEND != 0 {
			return "a"
		}
		return "w"
	default:
		return "rw"
	}
}
