package collector

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"nash/collector/store"
	"nash/collector/token"
)

// Config configures a Server. Store and Keys are required.
type Config struct {
	Store *store.Store
	Keys  *token.Keyring
	// Hub receives committed events for the live stream; it must be the
	// hub whose Publish the store calls. Nil disables live updates.
	Hub *Hub
	// MaxBody caps a batch request body (default MaxBatchBytes).
	MaxBody int64
	// MaxInflight bounds batches decoded and stored at once (default 32).
	MaxInflight int
	// QueueWait is how long a batch waits for a free slot before 503
	// (default 10s).
	QueueWait time.Duration
	// BodyTimeout bounds reading one request body (default 10s).
	BodyTimeout time.Duration
	// Now returns the current time (default time.Now); tests override it.
	Now func() time.Time
	// Log receives operational messages (default log.Default()).
	Log *log.Logger
}

// Server handles the collector's HTTP routes.
type Server struct {
	cfg  Config
	sem  chan struct{}
	m    *metrics
	bufs sync.Pool
}

// New returns a Server for cfg.
func New(cfg Config) *Server {
	if cfg.MaxBody <= 0 {
		cfg.MaxBody = MaxBatchBytes
	}
	if cfg.MaxInflight <= 0 {
		cfg.MaxInflight = 32
	}
	if cfg.QueueWait <= 0 {
		cfg.QueueWait = 10 * time.Second
	}
	if cfg.BodyTimeout <= 0 {
		cfg.BodyTimeout = 10 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = log.Default()
	}
	if cfg.Hub == nil {
		cfg.Hub = NewHub()
	}
	return &Server{
		cfg:  cfg,
		sem:  make(chan struct{}, cfg.MaxInflight),
		m:    newMetrics(),
		bufs: sync.Pool{New: func() any { return new(bytes.Buffer) }},
	}
}

// Routes registers every collector route on mux:
//
//	POST /shell-event               ingest a batch
//	GET  /api/sessions              sessions, most recent first
//	GET  /api/sessions/{id}/shells  shells of a session as a tree
//	GET  /api/sessions/{id}/verify  recompute a session's hash chain
//	GET  /api/events                events, filtered (see handleEvents)
//	GET  /api/events/{id}           one event in full
//	GET  /api/stream                Server-Sent Events of new events
//	GET  /api/stats                 store summary
//	GET  /metrics                   Prometheus text format
//	GET  /healthz                   liveness
//	GET  /                          the feed UI
func (s *Server) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /shell-event", s.handleIngest)
	mux.HandleFunc("GET /api/sessions", s.handleSessions)
	mux.HandleFunc("GET /api/sessions/{id}/shells", s.handleShells)
	mux.HandleFunc("GET /api/sessions/{id}/verify", s.handleVerify)
	mux.HandleFunc("GET /api/events", s.handleEvents)
	mux.HandleFunc("GET /api/events/{id}", s.handleEvent)
	mux.HandleFunc("GET /api/stream", s.handleStream)
	mux.HandleFunc("GET /api/stats", s.handleStats)
	mux.HandleFunc("GET /metrics", s.handleMetrics)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") })
	// "/" rather than "GET /" so that method-less patterns other packages
	// mount (the runner) never conflict with it; uiHandler refuses non-GET.
	mux.Handle("/", uiHandler())
}

// IngestRoutes registers only what a sandboxed shell needs: POST
// /shell-event and GET /healthz. The unix socket, which is mounted into
// sandboxes, serves these alone so that one session cannot read another's
// events through it.
func (s *Server) IngestRoutes(mux *http.ServeMux) {
	mux.HandleFunc("POST /shell-event", s.handleIngest)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok\n") })
}

// Handler returns a mux with Routes registered.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	s.Routes(mux)
	return mux
}

// HTTPServer wraps h in an http.Server with the timeouts that keep slow or
// hostile clients from holding resources: headers must arrive within 5 s,
// idle connections close after 60 s, headers are capped at 64 KiB. Bodies
// have their own deadline per request (Config.BodyTimeout); there is no
// global write timeout because the live stream is long-lived.
func HTTPServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(io.Discard, "", 0),
	}
}

// LoopbackOnly rejects requests whose Host header is not a loopback name,
// so a web page on another origin cannot reach the API through DNS
// rebinding.
func LoopbackOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hp, _, err := net.SplitHostPort(host); err == nil {
			host = hp
		}
		host = strings.Trim(host, "[]")
		if host != "localhost" && host != "" {
			if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
				http.Error(w, "forbidden host", http.StatusForbidden)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

type errorBody struct {
	Error  string `json:"error"`
	Reason string `json:"reason,omitempty"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	enc := json.NewEncoder(w)
	enc.Encode(v)
}

func (s *Server) reject(w http.ResponseWriter, code int, metric, reason string) {
	s.m.reject(metric)
	writeJSON(w, code, errorBody{Error: http.StatusText(code), Reason: reason})
}

// IngestResult is the body of a 202 answer.
type IngestResult struct {
	Stored     int `json:"stored"`
	Duplicates int `json:"duplicates"`
}

func (s *Server) handleIngest(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	now := s.cfg.Now()
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		s.reject(w, http.StatusUnauthorized, rejectUnauthorized, "missing bearer token")
		return
	}
	// Cheap checks before spending a slot or reading the body.
	if _, err := token.Parse(tok, now); err != nil {
		s.reject(w, http.StatusUnauthorized, rejectUnauthorized, err.Error())
		return
	}
	if r.ContentLength > s.cfg.MaxBody {
		s.reject(w, http.StatusRequestEntityTooLarge, rejectTooLarge, fmt.Sprintf("batch larger than %d bytes", s.cfg.MaxBody))
		return
	}
	wait := time.NewTimer(s.cfg.QueueWait)
	select {
	case s.sem <- struct{}{}:
		wait.Stop()
	case <-wait.C:
		w.Header().Set("Retry-After", "1")
		s.reject(w, http.StatusServiceUnavailable, rejectBusy, "collector busy")
		return
	case <-r.Context().Done():
		wait.Stop()
		s.m.reject(rejectBusy)
		return
	}
	defer func() { <-s.sem }()
	s.m.inflight.Add(1)
	defer s.m.inflight.Add(-1)

	rc := http.NewResponseController(w)
	rc.SetReadDeadline(time.Now().Add(s.cfg.BodyTimeout)) // best effort: not all writers support it
	buf := s.bufs.Get().(*bytes.Buffer)
	buf.Reset()
	defer func() {
		if buf.Cap() <= 2*MaxBatchBytes {
			s.bufs.Put(buf)
		}
	}()
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			s.reject(w, http.StatusRequestEntityTooLarge, rejectTooLarge, fmt.Sprintf("batch larger than %d bytes", s.cfg.MaxBody))
			return
		}
		s.reject(w, http.StatusBadRequest, rejectRead, "could not read body: "+truncate(err.Error(), 120))
		return
	}
	b, err := DecodeBatch(buf.Bytes())
	if err != nil {
		s.reject(w, http.StatusBadRequest, rejectMalformed, err.(*ValidationError).Reason)
		return
	}
	if err := Validate(b); err != nil {
		s.reject(w, http.StatusBadRequest, rejectSchema, err.(*ValidationError).Reason)
		return
	}
	if err := s.cfg.Keys.Verify(b.SessionID, tok, now); err != nil {
		s.reject(w, http.StatusUnauthorized, rejectUnauthorized, err.Error())
		return
	}
	res, err := s.cfg.Store.Append(r.Context(), b)
	var ce *store.ConflictError
	switch {
	case errors.As(err, &ce):
		// 400, not 409: the sender must not retry (it would conflict again).
		s.reject(w, http.StatusBadRequest, rejectConflict, ce.Reason)
		return
	case err != nil:
		s.cfg.Log.Printf("nashd: store batch %s/%s: %v", b.SessionID, b.ShellID, err)
		w.Header().Set("Retry-After", "1")
		s.reject(w, http.StatusServiceUnavailable, rejectStore, "store unavailable")
		return
	}
	s.m.batches.Add(1)
	s.m.events.Add(int64(res.Stored))
	s.m.duplicates.Add(int64(res.Duplicates))
	s.m.observe(time.Since(start))
	writeJSON(w, http.StatusAccepted, IngestResult{Stored: res.Stored, Duplicates: res.Duplicates})
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

func (s *Server) handleMetrics(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	s.m.write(r.Context(), w, s.cfg.Store.UsedBytes)
}

// Serve runs h on ln until ctx ends, then shuts down gracefully (up to 5 s).
func Serve(ctx context.Context, ln net.Listener, h http.Handler) error {
	srv := HTTPServer(h)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(sctx)
		srv.Close()
		<-errc
		return nil
	}
}

// LimitListener returns a listener that accepts at most n simultaneous
// connections; further clients wait in the kernel backlog.
func LimitListener(l net.Listener, n int) net.Listener {
	return &limitListener{Listener: l, sem: make(chan struct{}, n), done: make(chan struct{})}
}

type limitListener struct {
	net.Listener
	sem       chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
}

func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
