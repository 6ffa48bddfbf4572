package collector

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"nash/collector/store"
)

// loadSize is the shape of a load run: shells sending batches of events.
type loadSize struct{ shells, batches, events, sessions int }

// loadFromEnv returns the default small load, or the full one of the issue
// (200 shells x 50 batches x 200 events) when NASH_LOAD=full.
func loadFromEnv() loadSize {
	if os.Getenv("NASH_LOAD") == "full" {
		return loadSize{shells: 200, batches: 50, events: 200, sessions: 10}
	}
	return loadSize{shells: 20, batches: 10, events: 200, sessions: 2}
}

type loadReport struct {
	events    int64
	elapsed   time.Duration
	p50, p99  time.Duration
	max       time.Duration
	retries   int64
	eventsPer float64
}

// runLoad drives e with concurrent shells over loopback TCP and checks that
// every shell's count equals its last seq and every chain verifies.
func runLoad(t testing.TB, e *testEnv, ls loadSize) loadReport {
	tr := &http.Transport{MaxIdleConnsPerHost: ls.shells, MaxConnsPerHost: ls.shells, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 60 * time.Second}
	toks := map[string]string{}
	for s := range ls.sessions {
		id := fmt.Sprint("load-", s)
		toks[id] = e.keys.Issue(id, time.Now().Add(time.Hour))
	}
	lat := make([][]time.Duration, ls.shells)
	var retries atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for sh := range ls.shells {
		wg.Add(1)
		go func() {
			defer wg.Done()
			session := fmt.Sprint("load-", sh%ls.sessions)
			shell := fmt.Sprintf("shell-%03d", sh)
			for b := range ls.batches {
				body := mustJSON(execBatch(session, shell, uint64(b*ls.events+1), ls.events))
				for attempt := 0; ; attempt++ {
					t0 := time.Now()
					code, resp := e.post(client, body, toks[session])
					if code == 202 {
						lat[sh] = append(lat[sh], time.Since(t0))
						break
					}
					if attempt >= 5 || (code != 503 && code != 0) {
						t.Errorf("shell %s batch %d: %d %s", shell, b, code, resp)
						return
					}
					retries.Add(1)
					time.Sleep(100 * time.Millisecond)
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	var all []time.Duration
	for _, l := range lat {
		all = append(all, l...)
	}
	slices.Sort(all)
	if len(all) == 0 {
		t.Fatal("no batch accepted")
	}
	r := loadReport{
		events: int64(ls.shells * ls.batches * ls.events), elapsed: elapsed,
		p50: all[len(all)/2], p99: all[len(all)*99/100], max: all[len(all)-1], retries: retries.Load(),
	}
	r.eventsPer = float64(r.events) / elapsed.Seconds()

	ctx := context.Background()
	want := uint64(ls.batches * ls.events)
	shells := 0
	for s := range ls.sessions {
		id := fmt.Sprint("load-", s)
		counts, err := e.store.CountAndLastSeqByShell(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		shells += len(counts)
		for shell, c := range counts {
			if c.Events != int64(c.LastSeq) || c.LastSeq != want {
				t.Errorf("%s/%s: %d events stored, last seq %d, sent %d", id, shell, c.Events, c.LastSeq, want)
			}
		}
		v, err := e.store.Verify(ctx, id)
		if err != nil || !v.OK {
			t.Errorf("verify %s: %+v %v", id, v, err)
		}
	}
	if shells != ls.shells {
		t.Errorf("%d shells have events stored, %d sent", shells, ls.shells)
	}
	return r
}

func (r loadReport) String() string {
	return fmt.Sprintf("%d events in %v: %.0f events/s; batch latency p50 %v p99 %v max %v; %d retries",
		r.events, r.elapsed.Round(time.Millisecond), r.eventsPer, r.p50.Round(time.Microsecond), r.p99.Round(time.Microsecond), r.max.Round(time.Microsecond), r.retries)
}

// TestLoad is the ingest load test: nothing lost or duplicated under
// concurrent shells. Small by default; NASH_LOAD=full runs the issue's
// 200 x 50 x 200 and logs throughput and p99 latency.
func TestLoad(t *testing.T) {
	ls := loadFromEnv()
	e := newEnv(t, Config{}, store.Options{SessionCap: -1, BudgetBytes: -1})
	r := runLoad(t, e, ls)
	t.Logf("load %d shells x %d batches x %d events: %s", ls.shells, ls.batches, ls.events, r)
	writeLoadArtifact(ls, r)
}

// writeLoadArtifact keeps the figures of a load run in $NASH_ARTIFACTS/load.txt.
func writeLoadArtifact(ls loadSize, r loadReport) {
	if dir := os.Getenv("NASH_ARTIFACTS"); dir != "" && os.MkdirAll(dir, 0o755) == nil {
		line := fmt.Sprintf("load %d shells x %d batches x %d events: %s\n", ls.shells, ls.batches, ls.events, r)
		os.WriteFile(filepath.Join(dir, "load.txt"), []byte(line), 0o644)
	}
}

// BenchmarkIngest reports events/s and p99 batch latency for the full
// issue-sized load per iteration (NASH_LOAD=full) or the small one.
func BenchmarkIngest(b *testing.B) {
	ls := loadFromEnv()
	for range b.N {
		e := newEnv(b, Config{}, store.Options{SessionCap: -1, BudgetBytes: -1})
		r := runLoad(b, e, ls)
		b.ReportMetric(r.eventsPer, "events/s")
		b.ReportMetric(float64(r.p99.Microseconds())/1000, "p99-ms")
		b.Log(r)
		writeLoadArtifact(ls, r)
	}
}
