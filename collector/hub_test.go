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
	if got := <-cds.ch; len(got) != 1 || got[0].ID != 2 {
		t.Fatalf("filtered subscriber got %+v", got)
	}
	if got := <-all.ch; len(got) != 2 {
		t.Fatalf("unfiltered subscriber got %+v", got)
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
