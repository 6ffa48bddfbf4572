package transport

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"nash/transport/wire"
)

// Client sends batches in the background. Its methods are safe for
// concurrent use. The zero value is not usable; call New.
//
// Delivery rules: a 2xx answer means delivered. A 401 stops all sending for
// the rest of the process: every later batch goes to the spool. 400 and 413
// mean the collector will never accept the batch: it is counted as
// rejected and not spooled. Anything else (no route, connection refused,
// timeout, other statuses, a reply that is not HTTP) spools the batch and
// makes the client spool directly, without trying the network, for
// Config.Backoff.
type Client struct {
	cfg   Config
	spool spool

	mu       sync.Mutex
	queue    []*wire.Batch
	started  bool // the sender goroutine runs
	closed   bool
	inflight bool
	hurry    bool               // spool instead of sending
	cancel   context.CancelFunc // of the in-flight delivery
	changed  chan struct{}      // closed and replaced on every state change
	wake     chan struct{}
	done     chan struct{}

	unauthorized atomic.Bool
	needDrain    atomic.Bool
	backoffUntil time.Time // sender goroutine only

	// sender goroutine only
	url       endpoint
	urlErr    error
	urlParsed bool

	stats struct {
		sent, rejected, failed, spooled, spoolDropped, drained atomic.Uint64
	}
}

// Stats counts what a Client did with the batches it was given. A batch
// split into several requests counts once per request.
type Stats struct {
	Sent         uint64 // accepted by the collector (2xx)
	Rejected     uint64 // refused for good (400, 413) and discarded
	Failed       uint64 // delivery attempts that failed (then spooled)
	Spooled      uint64 // batches written to the spool
	SpoolDropped uint64 // batches lost because the spool was unwritable
	Drained      uint64 // spooled batches later accepted by the collector
	Unauthorized bool   // a 401 was seen; sending stopped
}

// New returns a Client for cfg. It starts nothing: the sender goroutine is
// started by the first Send.
func New(cfg Config) *Client {
	cfg.fill()
	c := &Client{
		cfg:     cfg,
		spool:   spool{dir: cfg.SpoolDir, name: spoolName(cfg.SpoolName)},
		changed: make(chan struct{}),
		wake:    make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
	c.needDrain.Store(true)
	return c
}

// Send queues b for delivery and returns at once. It returns false, and
// keeps nothing, when the queue is full or the client is closed; the caller
// still owns b then. After a successful Send the client owns b: the caller
// must not modify it.
func (c *Client) Send(b *wire.Batch) bool {
	c.mu.Lock()
	if c.closed || len(c.queue) >= c.cfg.QueueLen {
		c.mu.Unlock()
		return false
	}
	c.queue = append(c.queue, b)
	if !c.started {
		c.started = true
		go c.loop()
	}
	c.mu.Unlock()
	c.wakeSender()
	return true
}

// wakeSender tells the sender goroutine to look at the queue.
func (c *Client) wakeSender() {
	select {
	case c.wake <- struct{}{}:
	default:
	}
}

// Spool writes batches straight to the spool, synchronously, in one file.
// It is for batches that must not wait (the process is about to exit).
// Errors are counted in Stats.SpoolDropped, never returned.
func (c *Client) Spool(bs ...*wire.Batch) {
	var lines [][]byte
	for _, b := range bs {
		if b == nil {
			continue
		}
		l, err := encode(b)
		if err != nil {
			c.stats.spoolDropped.Add(1)
			continue
		}
		lines = append(lines, l...)
	}
	c.spoolLines(lines)
}

// Flush waits until every queued batch was delivered or spooled, at most
// timeout. On timeout it spools what is still queued, aborts the request in
// flight (whose batch is spooled too) and returns false. Flush returns
// within timeout plus a few hundred milliseconds of spool writing.
func (c *Client) Flush(timeout time.Duration) bool {
	if c.waitIdle(time.Now().Add(timeout)) {
		return true
	}
	c.mu.Lock()
	q := c.queue
	c.queue = nil
	c.hurry = true
	if c.cancel != nil {
		c.cancel()
	}
	c.mu.Unlock()
	c.Spool(q...)
	c.waitIdle(time.Now().Add(250 * time.Millisecond))
	c.mu.Lock()
	if !c.closed {
		c.hurry = false
	}
	c.mu.Unlock()
	return false
}

// Close hands over last (the process's final batches, in order after
// anything queued), flushes (see Flush, bounded by timeout), stops the
// sender goroutine and refuses later Sends. It is safe to call more than
// once; batches given to a closed client are spooled.
//
// When the sender goroutine never started (a short-lived shell whose only
// batch is its last), Close delivers last on the caller's goroutine under
// one deadline: no goroutine, queue hand-off or wake-up stands between the
// shell's exit and the collector's answer. What is not delivered by the
// deadline is spooled, as on the other path.
func (c *Client) Close(timeout time.Duration, last ...*wire.Batch) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		c.Spool(last...)
		return
	}
	started := c.started
	if !started {
		c.closed = true
		c.mu.Unlock()
		c.deliverNow(timeout, last)
		return
	}
	c.queue = append(c.queue, last...) // past QueueLen: final batches are not refused
	c.mu.Unlock()
	c.wakeSender()
	c.Flush(timeout)
	c.mu.Lock()
	c.closed = true
	c.hurry = true
	c.mu.Unlock()
	c.wakeSender()
	select {
	case <-c.done:
	case <-time.After(250 * time.Millisecond):
	}
}

// deliverNow delivers bs in order on the caller's goroutine, spooling what
// the deadline (now plus timeout) leaves undelivered. The client must be
// closed and its sender goroutine never started: deliverNow then owns the
// fields that are the sender goroutine's.
func (c *Client) deliverNow(timeout time.Duration, bs []*wire.Batch) {
	if len(bs) == 0 {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for _, b := range bs {
		if b != nil {
			c.deliver(ctx, b, false)
		}
	}
}

// Stats returns the counters so far.
func (c *Client) Stats() Stats {
	return Stats{
		Sent:         c.stats.sent.Load(),
		Rejected:     c.stats.rejected.Load(),
		Failed:       c.stats.failed.Load(),
		Spooled:      c.stats.spooled.Load(),
		SpoolDropped: c.stats.spoolDropped.Load(),
		Drained:      c.stats.drained.Load(),
		Unauthorized: c.unauthorized.Load(),
	}
}

// notifyLocked wakes every waitIdle; c.mu must be held.
func (c *Client) notifyLocked() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// waitIdle waits until the queue is empty and nothing is in flight, or the
// deadline passes; it reports which.
func (c *Client) waitIdle(deadline time.Time) bool {
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		c.mu.Lock()
		if len(c.queue) == 0 && !c.inflight {
			c.mu.Unlock()
			return true
		}
		ch := c.changed
		c.mu.Unlock()
		d := time.Until(deadline)
		if d <= 0 {
			return false
		}
		if timer == nil {
			timer = time.NewTimer(d)
		} else {
			timer.Reset(d)
		}
		select {
		case <-ch:
		case <-timer.C:
			return false
		}
	}
}

// loop is the sender goroutine.
func (c *Client) loop() {
	defer close(c.done)
	for {
		c.mu.Lock()
		for len(c.queue) == 0 {
			if c.closed {
				c.mu.Unlock()
				return
			}
			c.mu.Unlock()
			<-c.wake
			c.mu.Lock()
		}
		b := c.queue[0]
		copy(c.queue, c.queue[1:])
		c.queue[len(c.queue)-1] = nil
		c.queue = c.queue[:len(c.queue)-1]
		c.inflight = true
		ctx, cancel := context.WithCancel(context.Background())
		c.cancel = cancel
		hurry := c.hurry
		c.mu.Unlock()

		c.deliver(ctx, b, hurry)
		cancel()

		c.mu.Lock()
		c.inflight = false
		c.cancel = nil
		c.notifyLocked()
		c.mu.Unlock()
	}
}

// result of one POST.
type result int

const (
	resOK result = iota
	resRejected
	resUnauthorized
	resFailed
)

// sendLines posts lines in order, counting each success in sent and
// skipping empty lines. When hold says to stop, the context is done, the
// collector refuses the token, or a post fails (which starts a backoff), it
// hands the unsent lines to keep and reports false.
func (c *Client) sendLines(ctx context.Context, lines [][]byte, sent *atomic.Uint64, hold func() bool, keep func(rest [][]byte)) bool {
	for i, line := range lines {
		if len(line) == 0 {
			continue
		}
		if hold() || ctx.Err() != nil || c.unauthorized.Load() {
			keep(lines[i:])
			return false
		}
		switch c.post(ctx, line) {
		case resOK:
			sent.Add(1)
		case resRejected:
			c.stats.rejected.Add(1)
		case resUnauthorized:
			c.unauthorized.Store(true)
			keep(lines[i:])
			return false
		default:
			c.stats.failed.Add(1)
			c.backoffUntil = time.Now().Add(c.cfg.Backoff)
			keep(lines[i:])
			return false
		}
	}
	return true
}

// deliver sends one batch (possibly split in several requests), spools what
// could not be sent, and drains the spool after a success when needed.
func (c *Client) deliver(ctx context.Context, b *wire.Batch, hurry bool) {
	lines, err := encode(b)
	if err != nil {
		c.stats.spoolDropped.Add(1)
		return
	}
	hold := func() bool { return hurry || time.Now().Before(c.backoffUntil) }
	if !c.sendLines(ctx, lines, &c.stats.sent, hold, c.spoolLines) {
		return
	}
	if c.needDrain.Load() && c.spool.dir != "" {
		c.drain(ctx)
	}
}

// post sends one encoded batch and classifies the answer.
func (c *Client) post(ctx context.Context, body []byte) result {
	ep, ok := c.route()
	if !ok {
		return resFailed
	}
	code, err := postHTTP(ctx, ep, c.cfg.Token, body, c.cfg.Timeout)
	switch {
	case err != nil:
		return resFailed
	case code >= 200 && code < 300:
		return resOK
	case code == 401:
		return resUnauthorized
	case code == 400 || code == 413:
		return resRejected
	default:
		return resFailed
	}
}

// route picks the unix socket when its file exists, else the URL; ok is
// false when there is no route (no socket, and no usable URL).
func (c *Client) route() (endpoint, bool) {
	if c.cfg.Socket != "" {
		if _, err := os.Stat(c.cfg.Socket); err == nil {
			return endpoint{network: "unix", addr: c.cfg.Socket, host: "localhost", path: "/shell-event"}, true
		}
	}
	if c.cfg.URL == "" {
		return endpoint{}, false
	}
	if !c.urlParsed {
		c.urlParsed = true
		c.url, c.urlErr = parseURL(c.cfg.URL)
	}
	return c.url, c.urlErr == nil
}

// spoolLines writes encoded batches to one spool file, counting failures.
func (c *Client) spoolLines(lines [][]byte) {
	if len(lines) == 0 {
		return
	}
	if err := c.spool.write(lines); err != nil {
		c.stats.spoolDropped.Add(uint64(len(lines)))
		return
	}
	c.stats.spooled.Add(uint64(len(lines)))
	c.needDrain.Store(true)
}

// encode marshals b as one or more JSON documents of at most
// wire.MaxBatchBytes each: a batch too large is split in halves; a single
// event too large loses its preview and argv tail (marked truncated), and
// as a last resort is replaced by a dropped event of reason "cap" carrying
// its seq, so the seq sequence stays explained.
func encode(b *wire.Batch) ([][]byte, error) {
	data, err := marshal(b)
	if err != nil {
		return nil, err
	}
	if len(data) <= wire.MaxBatchBytes {
		return [][]byte{data}, nil
	}
	if n := len(b.Events); n > 1 {
		lo, hi := *b, *b
		lo.Events, hi.Events = b.Events[:n/2], b.Events[n/2:]
		l1, err := encode(&lo)
		if err != nil {
			return nil, err
		}
		l2, err := encode(&hi)
		if err != nil {
			return nil, err
		}
		return append(l1, l2...), nil
	}
	if len(b.Events) == 0 {
		return nil, fmt.Errorf("encode batch: %d bytes without events", len(data))
	}
	one := *b
	e := shrink(b.Events[0])
	one.Events = []wire.Event{e}
	data, err = marshal(&one)
	if err != nil {
		return nil, err
	}
	if len(data) > wire.MaxBatchBytes {
		one.Events = []wire.Event{{Kind: wire.KindDropped, Seq: e.Seq, TS: e.TS, Count: 1, Reason: wire.ReasonCap}}
		if data, err = marshal(&one); err != nil {
			return nil, err
		}
	}
	return [][]byte{data}, nil
}

// shrink drops the bulky parts of an event.
func shrink(e wire.Event) wire.Event {
	t := true
	e.PreviewB64 = ""
	e.Truncated = &t
	const keep = 64 << 10
	if len(e.Input) > keep {
		e.Input = e.Input[:keep]
	}
	total := 0
	for i, a := range e.Argv {
		if total+len(a) > keep {
			argv := make([]string, i+1)
			copy(argv, e.Argv[:i])
			argv[i] = a[:min(len(a), keep-total)]
			e.Argv = argv
			break
		}
		total += len(a)
	}
	return e
}

// marshal encodes without HTML escaping (smaller, and the collector renders
// previews as text anyway).
func marshal(b *wire.Batch) ([]byte, error) {
	// the same bytes as encoding/json (HTML escaping off), without its
	// reflection cost on every shell's first batch
	return b.AppendJSON(make([]byte, 0, 512)), nil
}

var errLocked = errors.New("spool is being drained by another process")
