package observe

import (
	"slices"
	"time"

	"nash/transport/wire"
)

// add queues ev (giving it the next seq unless it has one) and flushes if
// a threshold is reached. cmd, when set, is the not yet started command of
// a cmdsub event. Events added after Close are discarded.
func (o *Observer) add(ev wire.Event, cmd *cmdState) {
	if o.addLocked(ev, cmd) {
		o.flushSoon()
	}
}

func (o *Observer) addLocked(ev wire.Event, cmd *cmdState) (flush bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return false
	}
	o.appendLocked(ev, cmd)
	o.armLocked()
	return !o.refused && (len(o.buf) >= o.flushEvents || o.bufBytes >= batchSoftCap)
}

// appendLocked puts ev at the end of the buffer, dropping the oldest
// events when the buffer is full. o.mu must be held.
func (o *Observer) appendLocked(ev wire.Event, cmd *cmdState) {
	if ev.Seq == 0 {
		ev.Seq = o.seq.Add(1)
	}
	if ev.TS == 0 {
		ev.TS = time.Now().UnixMilli()
	}
	size := estimate(&ev)
	if len(o.buf) >= o.bufferEvents || o.bufBytes+size > bufferBytes {
		o.dropOldestLocked()
	}
	o.buf = append(o.buf, pending{ev: ev, cmd: cmd, size: size})
	o.bufBytes += size
	o.stats.events.Add(1)
}

// dropOldestLocked discards the oldest eighth of the buffer (at least one
// event), so that a sustained overflow costs amortised constant time. The
// seqs it loses are explained by the dropped event of the next flush.
func (o *Observer) dropOldestLocked() {
	n := max(1, len(o.buf)/8)
	lost := n
	for _, p := range o.buf[:n] {
		o.bufBytes -= p.size
		if p.ev.Kind == wire.KindDropped {
			lost += p.ev.Count // a dropped event dropped: carry its count over
		}
	}
	m := copy(o.buf, o.buf[n:])
	clear(o.buf[m:])
	o.buf = o.buf[:m]
	o.dropped += lost
	o.stats.dropped.Add(uint64(n))
}

// armLocked starts the flush timer if it is not running. The timer is
// created by the first event, never at startup; an idle shell has no timer
// armed. o.mu must be held.
func (o *Observer) armLocked() {
	if o.armed || o.closed {
		return
	}
	o.armed = true
	if o.timer == nil {
		o.timer = time.AfterFunc(o.flushInterval, o.onTimer)
	} else {
		o.timer.Reset(o.flushInterval)
	}
}

func (o *Observer) onTimer() {
	defer o.recoverHook()
	o.mu.Lock()
	o.armed = false
	o.refused = false
	o.mu.Unlock()
	o.flush(false)
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.buf) > 0 {
		o.armLocked()
	}
}

// flushSoon flushes on the caller's goroutine: building and handing over a
// batch does not block (encoding and sending happen in the transport).
func (o *Observer) flushSoon() { o.flush(false) }

// flush hands every waiting event to the sender, in batches of at most
// flushEvents events and about batchSoftCap bytes, sorted by seq. Commands
// still running get a start event (once). A cmdsub event whose command has
// not started yet is kept back for one flush so its cmdSeq can be filled
// in. When final is set nothing is kept back and the batches the sender
// refuses are returned for spooling; otherwise they go back to the buffer.
func (o *Observer) flush(final bool) (leftover []*wire.Batch) {
	o.flushMu.Lock()
	defer o.flushMu.Unlock()
	batches := o.takeBatches(final)
	for i, b := range batches {
		if o.sender.Send(b) {
			o.stats.batches.Add(1)
			continue
		}
		o.stats.refused.Add(1)
		if final {
			return batches[i:]
		}
		o.putBack(batches[i:])
		return nil
	}
	return nil
}

// takeBatches empties the buffer (see take) into batches of at most
// flushEvents events and about batchSoftCap bytes, sorted by seq.
func (o *Observer) takeBatches(final bool) []*wire.Batch {
	evs := o.take(final)
	if len(evs) == 0 {
		return nil
	}
	slices.SortFunc(evs, func(a, b wire.Event) int {
		switch {
		case a.Seq < b.Seq:
			return -1
		case a.Seq > b.Seq:
			return 1
		}
		return 0
	})
	var batches []*wire.Batch
	start, size := 0, 0
	for i := range evs {
		s := estimate(&evs[i])
		if i > start && (i-start >= o.flushEvents || size+s > batchSoftCap) {
			batches = append(batches, o.batch(evs[start:i]))
			start, size = i, 0
		}
		size += s
	}
	return append(batches, o.batch(evs[start:]))
}

func (o *Observer) batch(evs []wire.Event) *wire.Batch {
	return &wire.Batch{
		Type:        wire.BatchType,
		Source:      wire.SourceNash,
		SessionID:   o.sessionID,
		ShellID:     o.shellID,
		ParentShell: o.parent,
		CallID:      o.callID,
		Events:      evs[:len(evs):len(evs)],
	}
}

// take empties the buffer (but for cmdsub events kept back), adding start
// events for running commands and dropped events for what was lost.
func (o *Observer) take(final bool) []wire.Event {
	o.mu.Lock()
	defer o.mu.Unlock()
	for st := o.running.head; st != nil; st = st.next {
		if !st.announced && st.seq.Load() != 0 {
			st.announced = true
			o.appendLocked(o.startEvent(st), nil)
		}
	}
	if n := o.internalErrs.Swap(0); n > 0 {
		o.buf = append(o.buf, pending{ev: wire.Event{Kind: wire.KindDropped, Seq: o.seq.Add(1),
			TS: time.Now().UnixMilli(), Count: int(n), Reason: wire.ReasonInternalError}})
	}
	if o.dropped > 0 {
		o.buf = append(o.buf, pending{ev: wire.Event{Kind: wire.KindDropped, Seq: o.seq.Add(1),
			TS: time.Now().UnixMilli(), Count: o.dropped, Reason: wire.ReasonBufferFull}})
		o.dropped = 0
	}
	if len(o.buf) == 0 {
		return nil
	}
	evs := make([]wire.Event, 0, len(o.buf))
	kept := o.buf[:0]
	keptBytes := 0
	for _, p := range o.buf {
		if p.cmd != nil {
			if seq := p.cmd.seq.Load(); seq != 0 {
				p.ev.CmdSeq = seq
			} else if !final && !p.held {
				p.held = true
				kept = append(kept, p)
				keptBytes += p.size
				continue
			}
		}
		evs = append(evs, p.ev)
	}
	clear(o.buf[len(kept):])
	o.buf = kept
	o.bufBytes = keptBytes
	return evs
}

// putBack returns refused batches to the front of the buffer.
func (o *Observer) putBack(bs []*wire.Batch) {
	o.mu.Lock()
	defer o.mu.Unlock()
	var back []pending
	for _, b := range bs {
		for _, ev := range b.Events {
			back = append(back, pending{ev: ev, size: estimate(&ev)})
		}
	}
	rest := o.buf
	o.buf = append(back, rest...)
	o.bufBytes = 0
	for _, p := range o.buf {
		o.bufBytes += p.size
	}
	for len(o.buf) > o.bufferEvents || o.bufBytes > bufferBytes {
		o.dropOldestLocked()
	}
	o.refused = true // retry at the next tick, not at every event
	o.armLocked()
}

// estimate approximates the JSON size of an event: a fixed overhead for
// the keys plus the variable-length values (JSON escaping can make it
// larger; the transport splits batches that end up above the hard cap).
func estimate(e *wire.Event) int {
	n := 160 + len(e.ResolvedPath) + len(e.Cwd) + len(e.PreviewB64) + len(e.Input) +
		len(e.From) + len(e.To) + len(e.Message) + len(e.Rule) + len(e.Blake3)
	for _, a := range e.Argv {
		n += len(a) + 4
	}
	for _, a := range e.Names {
		n += len(a) + 4
	}
	if e.Target != nil {
		n += len(e.Target.Path) + 16
	}
	if e.Pipeline != nil {
		n += 40
	}
	if e.Nesting != nil {
		n += 32 + len(e.Nesting.Kind)
	}
	return n
}
