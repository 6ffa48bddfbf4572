package collector

import (
	"slices"
	"sync"
	"sync/atomic"

	"nash/collector/store"
)

// Hub fans committed events out to live subscribers (the SSE stream). A
// subscriber that does not keep up loses events and is told so, rather than
// slowing the writer down.
type Hub struct {
	mu   sync.Mutex
	subs map[*subscription]struct{}
	n    atomic.Int64
}

// NewHub returns an empty hub. Pass its Publish as store.Options.OnCommit.
func NewHub() *Hub { return &Hub{subs: map[*subscription]struct{}{}} }

type subscription struct {
	match  func(*store.Event) bool
	ch     chan []store.Event
	lagged atomic.Bool
	queued atomic.Int64 // body bytes sent on ch and not yet written out
}

// maxQueuedBytes bounds the event bodies one subscriber may hold queued;
// past it the subscriber is lagged instead of growing.
const maxQueuedBytes = 8 << 20

// maxSubscribers bounds concurrent live streams.
const maxSubscribers = 64

// Publish delivers evs to every subscriber whose filter matches. It never
// blocks: a subscriber that is full, or holds too many bytes, is marked
// lagged and skips these events.
func (h *Hub) Publish(evs []store.Event) {
	if h.n.Load() == 0 {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs {
		var out []store.Event
		for i := range evs {
			if s.match(&evs[i]) {
				out = append(out, evs[i])
			}
		}
		if len(out) == 0 {
			continue
		}
		size := bodyBytes(out)
		if s.queued.Load()+size > maxQueuedBytes {
			s.lagged.Store(true)
			continue
		}
		select {
		case s.ch <- slices.Clip(out):
			s.queued.Add(size)
		default:
			s.lagged.Store(true)
		}
	}
}

func bodyBytes(evs []store.Event) int64 {
	var n int64
	for i := range evs {
		n += int64(len(evs[i].Body)) + 128
	}
	return n
}

// subscribe registers a subscriber, or returns nil when maxSubscribers are
// already connected.
func (h *Hub) subscribe(match func(*store.Event) bool) *subscription {
	s := &subscription{match: match, ch: make(chan []store.Event, 64)}
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.subs) >= maxSubscribers {
		return nil
	}
	h.subs[s] = struct{}{}
	h.n.Add(1)
	return s
}

// done tells the hub that evs, received from s.ch, were written out.
func (s *subscription) done(evs []store.Event) { s.queued.Add(-bodyBytes(evs)) }

func (h *Hub) unsubscribe(s *subscription) {
	h.mu.Lock()
	delete(h.subs, s)
	h.mu.Unlock()
	h.n.Add(-1)
}
