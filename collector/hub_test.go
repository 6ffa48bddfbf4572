package collector

import (
	"testing"

	"nash/collector/store"
)

func TestHubFiltersAndMarksLag(t *testing.T) {
	h := NewHub()
	h.Publish([]store.Event{{ID: 1}}) // no subscribers: a no-op
	cds := h.subscribe(func(e *store.Event) bool { return e.Kind == "cd" })
	defer h.unsubscribe(cds)
	all := h.subscribe(func(*store.Event) bool { return true })
	defer h.unsubscribe(all)
	h.Publish([]store.Event{{ID: 1, Kind: "exec"}, {ID: 2, Kind: "cd"}})
	got := <-cds.ch
	cds.done(got)
	if len(got) != 1 || got[0].ID != 2 || cds.queued.Load() != 0 {
		t.Fatalf("filtered subscriber got %+v", got)
	}
	if got := <-all.ch; len(got) != 2 {
		t.Fatalf("unfiltered subscriber got %+v", got)
	}
	// A burst bigger than the byte bound lags instead of queueing.
	big := h.subscribe(func(*store.Event) bool { return true })
	defer h.unsubscribe(big)
	h.Publish([]store.Event{{ID: 3, Body: make([]byte, maxQueuedBytes)}})
	if !big.lagged.Load() || len(big.ch) != 0 {
		t.Fatal("an oversized burst was queued")
	}
	for i := range cap(all.ch) + 1 {
		h.Publish([]store.Event{{ID: int64(10 + i), Kind: "exec"}})
	}
	if !all.lagged.Load() {
		t.Fatal("a subscriber that fell behind is not marked lagged")
	}
	if cds.lagged.Load() || len(cds.ch) != 0 {
		t.Fatal("the cd subscriber received exec events")
	}
}

func TestHubBoundsSubscribers(t *testing.T) {
	h := NewHub()
	for range maxSubscribers {
		if h.subscribe(func(*store.Event) bool { return true }) == nil {
			t.Fatal("refused below the bound")
		}
	}
	if h.subscribe(func(*store.Event) bool { return true }) != nil {
		t.Fatal("accepted past the bound")
	}
}
