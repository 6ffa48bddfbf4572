// Package receiver is a reference implementation of the collector's
// POST /shell-event endpoint (design sections 4 and 5), small enough to
// read in one sitting: it checks the bearer token, decodes and validates
// batches, stores events once per (shellId, seq), and can be switched into
// fault modes. Tests use it to exercise the transport; the real collector
// must answer the same way.
package receiver

import (
	"bytes"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"sort"
	"sync"

	"nash/transport/wire"
)

// Fault makes the receiver misbehave on purpose.
type Fault int

// Fault modes.
const (
	FaultNone         Fault = iota // answer normally
	FaultHang                      // read the request, never answer (until Close or the client gives up)
	FaultUnauthorized              // answer 401 whatever the token
	FaultServerError               // answer 500
	FaultGarbage                   // write bytes that are not HTTP and hang up
)

type key struct {
	shell string
	seq   uint64
}

// Receiver is an http.Handler for POST /shell-event. Methods are safe for
// concurrent use.
type Receiver struct {
	token string

	mu       sync.Mutex
	fault    Fault
	requests int
	batches  []wire.Batch
	seen     map[key]bool
	events   map[string][]wire.Event
	dups     int
	closed   chan struct{}
	once     sync.Once
}

// New returns a Receiver accepting the bearer token.
func New(token string) *Receiver {
	return &Receiver{
		token:  token,
		seen:   map[key]bool{},
		events: map[string][]wire.Event{},
		closed: make(chan struct{}),
	}
}

// SetFault switches the fault mode for the following requests.
func (r *Receiver) SetFault(f Fault) {
	r.mu.Lock()
	r.fault = f
	r.mu.Unlock()
}

// Close releases requests held by FaultHang.
func (r *Receiver) Close() {
	r.once.Do(func() { close(r.closed) })
}

// ServeHTTP answers 202 for a valid batch with the right token, 400 with a
// reason for malformed JSON or schema, 401 for a bad token, 413 above
// wire.MaxBatchBytes, 404/405 for other paths and methods.
func (r *Receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	r.requests++
	fault := r.fault
	r.mu.Unlock()

	if req.URL.Path != "/shell-event" {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	if req.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	switch fault {
	case FaultHang:
		io.Copy(io.Discard, req.Body)
		select {
		case <-req.Context().Done():
		case <-r.closed:
		}
		return
	case FaultUnauthorized:
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	case FaultServerError:
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	case FaultGarbage:
		if hj, ok := w.(http.Hijacker); ok {
			if conn, buf, err := hj.Hijack(); err == nil {
				buf.WriteString("\x00\x01garbage, not HTTP\r\n\r\n")
				buf.Flush()
				conn.Close()
				return
			}
		}
		w.WriteHeader(http.StatusOK) // cannot hijack: at least a broken body
		w.Write([]byte("\x00garbage"))
		return
	}

	if !r.authorized(req.Header.Get("Authorization")) {
		http.Error(w, "bad or missing bearer token", http.StatusUnauthorized)
		return
	}
	if req.ContentLength > wire.MaxBatchBytes {
		http.Error(w, "batch above 1 MiB", http.StatusRequestEntityTooLarge)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, req.Body, wire.MaxBatchBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			http.Error(w, "batch above 1 MiB", http.StatusRequestEntityTooLarge)
			return
		}
		http.Error(w, "read body: "+err.Error(), http.StatusBadRequest)
		return
	}
	b, err := Decode(body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	r.store(b)
	w.WriteHeader(http.StatusAccepted)
}

// Decode parses and validates one batch body. The error is the reason a
// receiver puts in its 400 answer.
func Decode(body []byte) (*wire.Batch, error) {
	var b wire.Batch
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("bad JSON: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("bad JSON: data after the batch")
	}
	if err := b.Validate(); err != nil {
		return nil, fmt.Errorf("bad batch: %w", err)
	}
	return &b, nil
}

func (r *Receiver) authorized(h string) bool {
	const p = "Bearer "
	if len(h) < len(p) || h[:len(p)] != p || r.token == "" {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(h[len(p):]), []byte(r.token)) == 1
}

func (r *Receiver) store(b *wire.Batch) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.batches = append(r.batches, *b)
	for _, e := range b.Events {
		k := key{b.ShellID, e.Seq}
		if r.seen[k] {
			r.dups++
			continue
		}
		r.seen[k] = true
		r.events[b.ShellID] = append(r.events[b.ShellID], e)
	}
}

// Requests returns how many requests reached the handler, whatever the
// answer.
func (r *Receiver) Requests() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.requests
}

// Batches returns the accepted batches in arrival order, duplicates
// included.
func (r *Receiver) Batches() []wire.Batch {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]wire.Batch(nil), r.batches...)
}

// Events returns the distinct events of one shell, sorted by seq.
func (r *Receiver) Events(shellID string) []wire.Event {
	r.mu.Lock()
	evs := append([]wire.Event(nil), r.events[shellID]...)
	r.mu.Unlock()
	sort.Slice(evs, func(i, j int) bool { return evs[i].Seq < evs[j].Seq })
	return evs
}

// Duplicates returns how many events arrived again for a (shellId, seq)
// already stored.
func (r *Receiver) Duplicates() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.dups
}

// Server is an HTTP server on a unix socket.
type Server struct {
	// Path is the socket's file name.
	Path string
	srv  *http.Server
	ln   net.Listener
}

// ListenUnix serves h on a new unix socket at path (an existing socket file
// there is removed first) until Close.
func ListenUnix(path string, h http.Handler) (*Server, error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSocket != 0 {
		os.Remove(path)
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("receiver: listen on %s: %w", path, err)
	}
	s := &Server{Path: path, srv: &http.Server{Handler: h}, ln: ln}
	go s.srv.Serve(ln)
	return s, nil
}

// Close stops the server, closing open connections, and removes the socket
// file.
func (s *Server) Close() error {
	err := s.srv.Close()
	os.Remove(s.Path)
	if err != nil {
		return fmt.Errorf("receiver: close: %w", err)
	}
	return nil
}
