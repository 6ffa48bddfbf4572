package collector

import (
	"context"
	"fmt"
	"io"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// Reject reasons, the label values of nashd_rejects_total.
const (
	rejectMalformed    = "malformed"
	rejectSchema       = "schema"
	rejectUnauthorized = "unauthorized"
	rejectTooLarge     = "too_large"
	rejectConflict     = "conflict"
	rejectBusy         = "busy"
	rejectStore        = "store_error"
	rejectRead         = "read_error"
)

var latencyBuckets = []float64{0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

// metrics are the collector's counters. All methods are safe for concurrent
// use.
type metrics struct {
	batches    atomic.Int64
	events     atomic.Int64
	duplicates atomic.Int64
	inflight   atomic.Int64
	sseClients atomic.Int64

	mu      sync.Mutex
	rejects map[string]int64
	buckets []int64 // cumulative counts are computed at scrape time
	sum     float64
	count   int64
}

func newMetrics() *metrics {
	return &metrics{rejects: map[string]int64{}, buckets: make([]int64, len(latencyBuckets)+1)}
}

func (m *metrics) reject(reason string) {
	m.mu.Lock()
	m.rejects[reason]++
	m.mu.Unlock()
}

func (m *metrics) observe(d time.Duration) {
	s := d.Seconds()
	i := sort.SearchFloat64s(latencyBuckets, s)
	m.mu.Lock()
	m.buckets[i]++
	m.sum += s
	m.count++
	m.mu.Unlock()
}

// write renders the metrics in the Prometheus text exposition format.
func (m *metrics) write(ctx context.Context, w io.Writer, storeBytes func(context.Context) (int64, error)) {
	fmt.Fprintf(w, "# HELP nashd_batches_total Batches accepted.\n# TYPE nashd_batches_total counter\nnashd_batches_total %d\n", m.batches.Load())
	fmt.Fprintf(w, "# HELP nashd_events_total Events newly stored.\n# TYPE nashd_events_total counter\nnashd_events_total %d\n", m.events.Load())
	fmt.Fprintf(w, "# HELP nashd_duplicate_events_total Events received again and ignored.\n# TYPE nashd_duplicate_events_total counter\nnashd_duplicate_events_total %d\n", m.duplicates.Load())
	fmt.Fprintf(w, "# HELP nashd_ingest_inflight Batches being processed.\n# TYPE nashd_ingest_inflight gauge\nnashd_ingest_inflight %d\n", m.inflight.Load())
	fmt.Fprintf(w, "# HELP nashd_sse_clients Connected live-stream clients.\n# TYPE nashd_sse_clients gauge\nnashd_sse_clients %d\n", m.sseClients.Load())
	m.mu.Lock()
	reasons := make([]string, 0, len(m.rejects))
	for r := range m.rejects {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	fmt.Fprintf(w, "# HELP nashd_rejects_total Batches rejected, by reason.\n# TYPE nashd_rejects_total counter\n")
	for _, r := range reasons {
		fmt.Fprintf(w, "nashd_rejects_total{reason=%q} %d\n", r, m.rejects[r])
	}
	fmt.Fprintf(w, "# HELP nashd_ingest_seconds Time to accept a batch, from request to commit.\n# TYPE nashd_ingest_seconds histogram\n")
	var cum int64
	for i, le := range latencyBuckets {
		cum += m.buckets[i]
		fmt.Fprintf(w, "nashd_ingest_seconds_bucket{le=\"%g\"} %d\n", le, cum)
	}
	cum += m.buckets[len(latencyBuckets)]
	fmt.Fprintf(w, "nashd_ingest_seconds_bucket{le=\"+Inf\"} %d\nnashd_ingest_seconds_sum %g\nnashd_ingest_seconds_count %d\n", cum, m.sum, m.count)
	m.mu.Unlock()
	if storeBytes != nil {
		if n, err := storeBytes(ctx); err == nil {
			fmt.Fprintf(w, "# HELP nashd_store_bytes Bytes of the database in use.\n# TYPE nashd_store_bytes gauge\nnashd_store_bytes %d\n", n)
		}
	}
}
