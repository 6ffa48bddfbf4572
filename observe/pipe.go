package observe

import (
	"context"
	"encoding/hex"

	"nash/internal/blake3"

	"nash/interp"
	"nash/transport/wire"
)

// Pipe taps every pipeline link: the tap counts and hashes all bytes and
// keeps a bounded head for the preview; its pipe event is emitted when the
// link is drained. At LevelMeta no head is kept.
func (o *Observer) Pipe(ctx context.Context, p *interp.PipeInfo) (tap interp.PipeTap) {
	if o == nil || p == nil {
		return nil
	}
	defer o.recoverHook() // a panic leaves tap nil: a plain kernel pipe
	if o.testHook != nil {
		o.testHook("Pipe")
	}
	t := &pipeTap{o: o, id: p.Pipeline.ID, from: p.Pipeline.Index, h: blake3.New()}
	if o.level >= LevelTap {
		t.keep = PreviewCap + redactMargin
	}
	return t
}

// pipeTap is the interp.PipeTap of one link. Write and Close are called by
// the link's copier, one after the other, never concurrently.
type pipeTap struct {
	o        *Observer
	id, from int
	h        *blake3.Hasher
	n        int64
	head     []byte
	keep     int
}

// Write hashes and counts p and copies what the preview still needs. It
// never blocks and never fails.
func (t *pipeTap) Write(p []byte) (int, error) {
	defer t.o.recoverHook()
	t.n += int64(len(p))
	t.h.Write(p)
	if room := t.keep - len(t.head); room > 0 {
		if t.head == nil {
			t.head = make([]byte, 0, min(t.keep, max(len(p), 4096)))
		}
		t.head = append(t.head, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// Close emits the pipe event.
func (t *pipeTap) Close(failed bool) {
	o := t.o
	defer o.recoverHook()
	n := t.n
	id, from, to := t.id, t.from, t.from+1
	b64, trunc, bin := o.preview(t.head, int(n), PreviewCap)
	o.add(wire.Event{
		Kind:       wire.KindPipe,
		PipelineID: &id,
		FromIndex:  &from,
		ToIndex:    &to,
		Bytes:      &n,
		Truncated:  boolp(trunc),
		Blake3:     hex.EncodeToString(t.h.Sum(nil)),
		PreviewB64: b64,
		Binary:     boolp(bin),
		TapFailed:  boolp(failed),
	}, nil)
	t.head = nil
}
