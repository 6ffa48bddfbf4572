package runner

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// Limits of the HTTP layer.
const (
	maxWait        = 30 * time.Second
	maxStdinBody   = 2 << 20
	maxSmallBody   = 4 << 10
	maxArtifactLen = 8 << 20
)

// Register mounts the HTTP API on mux; s must outlive mux's use. All
// bodies are JSON unless noted; errors are {"error": "..."} with the
// status codes listed on the Err* variables.
//
//	POST /v1/commands?wait_ms=W            Request -> 201 Status (with the Receipt
//	                                       if the command finished within W ms)
//	GET  /v1/commands/{id}                 -> Status (Receipt set once finished)
//	GET  /v1/commands/{id}/output?stream=stdout|stderr&offset=N&limit=M&wait_ms=W
//	                                       -> Output (bounded, redacted)
//	POST /v1/commands/{id}/stdin           {"data": "text"} or {"data_b64": "..."} -> {"written": n}
//	POST /v1/commands/{id}/stdin/close     -> {"ok": true}
//	POST /v1/commands/{id}/signal          {"name": "INT"} -> {"ok": true}
//	POST /v1/commands/{id}/terminate       -> 200 Status when ended in time, else 202 Status
//	GET  /v1/commands/{id}/receipt?wait_ms=W -> Receipt; 409 while running
//	GET  /v1/artifacts/{hash}?offset=N&length=M -> raw bytes (application/octet-stream),
//	                                       X-Artifact-Size: total size
//
// Bodies are decoded strictly: unknown fields, trailing data and unknown
// query parameters are 400; bodies above the limits are 413. wait_ms makes
// output and receipt long-poll for at most 30 s.
func (s *Service) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST /v1/commands", s.handleStart)
	mux.HandleFunc("GET /v1/commands/{id}", s.handleGet)
	mux.HandleFunc("GET /v1/commands/{id}/output", s.handleOutput)
	mux.HandleFunc("POST /v1/commands/{id}/stdin", s.handleStdin)
	mux.HandleFunc("POST /v1/commands/{id}/stdin/close", s.handleStdinClose)
	mux.HandleFunc("POST /v1/commands/{id}/signal", s.handleSignal)
	mux.HandleFunc("POST /v1/commands/{id}/terminate", s.handleTerminate)
	mux.HandleFunc("GET /v1/commands/{id}/receipt", s.handleReceipt)
	mux.HandleFunc("GET /v1/artifacts/{hash}", s.handleArtifact)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// writeErr maps err to a status code and writes it.
func writeErr(w http.ResponseWriter, err error) {
	code := http.StatusInternalServerError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe), errors.Is(err, ErrTooLarge):
		code = http.StatusRequestEntityTooLarge
	case errors.Is(err, ErrBadRequest):
		code = http.StatusBadRequest
	case errors.Is(err, ErrNotFound):
		code = http.StatusNotFound
	case errors.Is(err, ErrConflict):
		code = http.StatusConflict
	case errors.Is(err, ErrRange):
		code = http.StatusRequestedRangeNotSatisfiable
	case errors.Is(err, ErrBusy):
		code = http.StatusTooManyRequests
	case errors.Is(err, ErrBlocked), errors.Is(err, ErrClosed):
		code = http.StatusServiceUnavailable
	}
	writeJSON(w, code, map[string]string{"error": err.Error()})
}

// decode reads exactly one JSON value of at most limit bytes into v,
// refusing unknown fields.
func decode(w http.ResponseWriter, r *http.Request, limit int64, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && ct != "application/json" && !startsWith(ct, "application/json;") {
		return fmt.Errorf("%w: Content-Type must be application/json", ErrBadRequest)
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, limit))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return fmt.Errorf("%w: body exceeds %d bytes", ErrTooLarge, limit)
		}
		return fmt.Errorf("%w: %v", ErrBadRequest, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: trailing data after the JSON body", ErrBadRequest)
	}
	return nil
}

func startsWith(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

// query parses the allowed integer query parameters; others are refused.
func query(r *http.Request, allowed ...string) (map[string]int64, string, error) {
	out := map[string]int64{}
	q := r.URL.Query()
	stream := ""
	for k, vs := range q {
		if len(vs) != 1 {
			return nil, "", fmt.Errorf("%w: query parameter %q given %d times", ErrBadRequest, k, len(vs))
		}
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			return nil, "", fmt.Errorf("%w: unknown query parameter %q", ErrBadRequest, k)
		}
		if k == "stream" {
			stream = vs[0]
			continue
		}
		n, err := strconv.ParseInt(vs[0], 10, 64)
		if err != nil || n < 0 {
			return nil, "", fmt.Errorf("%w: %s must be a non-negative integer, got %q", ErrBadRequest, k, vs[0])
		}
		out[k] = n
	}
	return out, stream, nil
}

func waitParam(q map[string]int64) time.Duration {
	return min(time.Duration(q["wait_ms"])*time.Millisecond, maxWait)
}

// awaitDone waits at most d for c to finish, giving up early when the
// request's client goes away. It reports whether c finished.
func awaitDone(r *http.Request, c *command, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-c.done:
		return true
	case <-t.C:
	case <-r.Context().Done():
	}
	return false
}

func (s *Service) handleStart(w http.ResponseWriter, r *http.Request) {
	q, _, err := query(r, "wait_ms")
	if err != nil {
		writeErr(w, err)
		return
	}
	var req Request
	if err := decode(w, r, int64(s.cfg.maxCommand)+1<<20, &req); err != nil {
		writeErr(w, err)
		return
	}
	st, err := s.Start(req)
	if err != nil {
		writeErr(w, err)
		return
	}
	if d := waitParam(q); d > 0 {
		if c := s.lookup(st.ID); c != nil {
			awaitDone(r, c, d)
		}
		if now, err := s.Get(st.ID); err == nil {
			st = now
		}
	}
	writeJSON(w, http.StatusCreated, st)
}

func (s *Service) handleGet(w http.ResponseWriter, r *http.Request) {
	st, err := s.Get(r.PathValue("id"))
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Service) handleOutput(w http.ResponseWriter, r *http.Request) {
	q, stream, err := query(r, "stream", "offset", "limit", "wait_ms")
	if err != nil {
		writeErr(w, err)
		return
	}
	if stream == "" {
		stream = "stdout"
	}
	if q["limit"] > s.cfg.maxOutputLimit {
		writeErr(w, fmt.Errorf("%w: limit %d exceeds %d", ErrBadRequest, q["limit"], s.cfg.maxOutputLimit))
		return
	}
	o, err := s.Output(r.Context(), r.PathValue("id"), stream, q["offset"], q["limit"], waitParam(q))
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, o)
}

// stdinBody is the body of POST stdin: exactly one of the fields.
type stdinBody struct {
	Data    *string `json:"data"`
	DataB64 *string `json:"data_b64"`
}

func (s *Service) handleStdin(w http.ResponseWriter, r *http.Request) {
	var b stdinBody
	if err := decode(w, r, maxStdinBody, &b); err != nil {
		writeErr(w, err)
		return
	}
	var p []byte
	switch {
	case (b.Data == nil) == (b.DataB64 == nil):
		writeErr(w, fmt.Errorf("%w: give exactly one of data and data_b64", ErrBadRequest))
		return
	case b.Data != nil:
		p = []byte(*b.Data)
	default:
		var err error
		if p, err = base64.StdEncoding.DecodeString(*b.DataB64); err != nil {
			writeErr(w, fmt.Errorf("%w: data_b64: %v", ErrBadRequest, err))
			return
		}
	}
	n, err := s.WriteStdin(r.PathValue("id"), p)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]int{"written": n})
}

// emptyBody accepts an absent body or {}.
func emptyBody(w http.ResponseWriter, r *http.Request) error {
	if r.ContentLength == 0 {
		return nil
	}
	var v struct{}
	return decode(w, r, maxSmallBody, &v)
}

func (s *Service) handleStdinClose(w http.ResponseWriter, r *http.Request) {
	if err := emptyBody(w, r); err != nil {
		writeErr(w, err)
		return
	}
	if err := s.CloseStdin(r.PathValue("id")); err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

func (s *Service) handleSignal(w http.ResponseWriter, r *http.Request) {
	var b struct {
		Name string `json:"name"`
	}
	if err := decode(w, r, maxSmallBody, &b); err != nil {
		writeErr(w, err)
		return
	}
	if err := s.Signal(r.PathValue("id"), b.Name); err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
}

func (s *Service) handleTerminate(w http.ResponseWriter, r *http.Request) {
	if err := emptyBody(w, r); err != nil {
		writeErr(w, err)
		return
	}
	id := r.PathValue("id")
	if err := s.Terminate(id); err != nil {
		writeErr(w, err)
		return
	}
	c := s.lookup(id)
	code := http.StatusOK
	if c != nil && !awaitDone(r, c, s.cfg.grace+7*time.Second) {
		code = http.StatusAccepted
	}
	st, err := s.Get(id)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, code, st)
}

func (s *Service) handleReceipt(w http.ResponseWriter, r *http.Request) {
	q, _, err := query(r, "wait_ms")
	if err != nil {
		writeErr(w, err)
		return
	}
	id := r.PathValue("id")
	if c := s.lookup(id); c != nil {
		if d := waitParam(q); d > 0 {
			awaitDone(r, c, d)
		}
	}
	rc, err := s.Receipt(id)
	if err != nil {
		writeErr(w, err)
		return
	}
	writeJSON(w, http.StatusOK, rc)
}

func (s *Service) handleArtifact(w http.ResponseWriter, r *http.Request) {
	q, _, err := query(r, "offset", "length")
	if err != nil {
		writeErr(w, err)
		return
	}
	n, ok := q["length"]
	if !ok || n > maxArtifactLen {
		n = maxArtifactLen
	}
	b, size, err := s.ReadArtifact(r.PathValue("hash"), q["offset"], n)
	if err != nil {
		writeErr(w, err)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("X-Artifact-Size", strconv.FormatInt(size, 10))
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}
