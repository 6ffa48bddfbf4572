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
}

// Publish delivers evs to every subscriber whose filter matches. It never
// blocks: a full subscriber is marked lagged.
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
		select {
		case s.ch <- slices.Clip(out):
		default:
			s.lagged.Store(true)
		}
	}
}

func (h *Hub) subscribe(match func(*store.Event) bool) *subscription {
	s := &subscription{match: match, ch: make(chan []store.Event, 64)}
	h.mu.Lock()
	h.subs[s] = struct{}{}
	h.mu.Unlock()
	h.n.Add(1)
	return s
}

func (h *Hub) unsubscribe(s *subscription) {
	h.mu.Lock()
	delete(h.subs, s)
	h.mu.Unlock()
	h.n.Add(-1)
}
