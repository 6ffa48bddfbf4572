package collector

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"nash/collector/store"
	"nash/transport/wire"
)

// listPreviewB64 is how much of a preview (in base64 characters, a multiple
// of 4) list and stream views carry; the detail view has all of it.
const listPreviewB64 = 4 * 128 // 384 bytes

// EventView is how the API renders a stored event: its store metadata plus
// the event itself. In lists the preview is shortened and PreviewCut set.
type EventView struct {
	store.Event
	Data       json.RawMessage `json:"event"`
	PreviewCut bool            `json:"previewCut,omitempty"`
	PrevHash   string          `json:"prevHash,omitempty"` // detail view only
}

func listView(e store.Event) EventView {
	v := EventView{Event: e, Data: e.Body}
	if len(e.Body) < listPreviewB64+64 || !strings.Contains(string(e.Body), `"previewB64"`) {
		return v
	}
	var ev struct {
		ShellID string `json:"shellId"`
		wire.Event
	}
	if err := json.Unmarshal(e.Body, &ev); err != nil || len(ev.PreviewB64) <= listPreviewB64 {
		return v
	}
	ev.PreviewB64 = ev.PreviewB64[:listPreviewB64]
	if b, err := json.Marshal(ev); err == nil {
		v.Data, v.PreviewCut = b, true
	}
	return v
}

func (s *Server) handleSessions(w http.ResponseWriter, r *http.Request) {
	ss, err := s.cfg.Store.Sessions(r.Context())
	if err != nil {
		s.internal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, ss)
}

func (s *Server) handleShells(w http.ResponseWriter, r *http.Request) {
	tree, err := s.cfg.Store.ShellTree(r.Context(), r.PathValue("id"))
	if err != nil {
		s.internal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, tree)
}

func (s *Server) handleVerify(w http.ResponseWriter, r *http.Request) {
	v, err := s.cfg.Store.Verify(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNoSession) {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "Not Found", Reason: "no such session"})
		return
	}
	if err != nil {
		s.internal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, v)
}

func (s *Server) handleStats(w http.ResponseWriter, r *http.Request) {
	st, err := s.cfg.Store.Stats(r.Context())
	if err != nil {
		s.internal(w, err)
		return
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *Server) internal(w http.ResponseWriter, err error) {
	s.cfg.Log.Printf("nashd: %v", err)
	writeJSON(w, http.StatusInternalServerError, errorBody{Error: "Internal Server Error"})
}

func badQuery(w http.ResponseWriter, reason string) {
	writeJSON(w, http.StatusBadRequest, errorBody{Error: "Bad Request", Reason: reason})
}

// parseFilter reads the event filter query parameters:
//
//	session, shell     exact ids
//	kind               comma-separated kinds
//	q                  text contained in argv, paths, names, messages, preview head
//	failing=1          exit code present and non-zero
//	after              event id greater than (the SSE cursor)
//	afterSeq           per-shell seq greater than
//	before             event id less than
//	limit              at most 1000, default 200
//	order=desc         newest first
func parseFilter(r *http.Request) (store.Filter, error) {
	q := r.URL.Query()
	f := store.Filter{Session: q.Get("session"), Shell: q.Get("shell"), Text: q.Get("q")}
	if k := q.Get("kind"); k != "" {
		for _, x := range strings.Split(k, ",") {
			if x = strings.TrimSpace(x); x != "" {
				f.Kinds = append(f.Kinds, x)
			}
		}
		if len(f.Kinds) > 16 {
			return f, fmt.Errorf("too many kinds")
		}
	}
	switch q.Get("failing") {
	case "", "0", "false":
	case "1", "true":
		f.Failing = true
	default:
		return f, fmt.Errorf("failing must be 0 or 1")
	}
	var err error
	num := func(name string) int64 {
		v := q.Get(name)
		if v == "" || err != nil {
			return 0
		}
		n, e := strconv.ParseInt(v, 10, 64)
		if e != nil || n < 0 {
			err = fmt.Errorf("%s must be a non-negative integer", name)
		}
		return n
	}
	f.After = num("after")
	f.AfterSeq = uint64(num("afterSeq"))
	f.Before = num("before")
	f.Limit = int(min(num("limit"), store.MaxLimit))
	f.Desc = q.Get("order") == "desc"
	if len(f.Text) > 256 {
		err = fmt.Errorf("q longer than 256 bytes")
	}
	return f, err
}

func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	f, err := parseFilter(r)
	if err != nil {
		badQuery(w, err.Error())
		return
	}
	evs, err := s.cfg.Store.Events(r.Context(), f)
	if err != nil {
		s.internal(w, err)
		return
	}
	out := make([]EventView, len(evs))
	for i, e := range evs {
		out[i] = listView(e)
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) handleEvent(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		badQuery(w, "event id must be an integer")
		return
	}
	e, err := s.cfg.Store.Event(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusNotFound, errorBody{Error: "Not Found"})
		return
	}
	if err != nil {
		s.internal(w, err)
		return
	}
	v := EventView{Event: e, Data: e.Body}
	if e.Chain > 1 {
		if prev, err := s.cfg.Store.Events(r.Context(), store.Filter{Session: e.SessionID, Before: e.ID, Desc: true, Limit: 1}); err == nil && len(prev) == 1 && prev[0].Chain == e.Chain-1 {
			v.PrevHash = prev[0].Hash
		}
	}
	writeJSON(w, http.StatusOK, v)
}

// handleStream is the live feed: a text/event-stream of "event" messages
// whose data is an EventView and whose id is the event id. It first replays
// stored events after the cursor (Last-Event-ID or ?after=, at most 500),
// then sends new ones as they commit. A "lag" message means events were
// skipped; the client should refetch from its cursor. Filters as for
// /api/events (session, shell, kind, failing).
func (s *Server) handleStream(w http.ResponseWriter, r *http.Request) {
	f, err := parseFilter(r)
	if err != nil {
		badQuery(w, err.Error())
		return
	}
	if le := r.Header.Get("Last-Event-ID"); le != "" {
		if n, err := strconv.ParseInt(le, 10, 64); err == nil && n > 0 {
			f.After = n
		}
	}
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	rc := http.NewResponseController(w)
	rc.SetWriteDeadline(time.Time{})
	kinds := map[string]bool{}
	for _, k := range f.Kinds {
		kinds[k] = true
	}
	match := func(e *store.Event) bool {
		return (f.Session == "" || e.SessionID == f.Session) &&
			(f.Shell == "" || e.ShellID == f.Shell) &&
			(len(kinds) == 0 || kinds[e.Kind]) &&
			(!f.Failing || e.ExitCode != nil && *e.ExitCode != 0)
	}
	sub := s.cfg.Hub.subscribe(match)
	if sub == nil {
		w.Header().Set("Retry-After", "5")
		writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: "Service Unavailable", Reason: "too many live streams"})
		return
	}
	defer s.cfg.Hub.unsubscribe(sub)
	s.m.sseClients.Add(1)
	defer s.m.sseClients.Add(-1)

	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 2000\n\n")

	last := f.After
	send := func(e store.Event) error {
		if e.ID <= last {
			return nil
		}
		b, err := json.Marshal(listView(e))
		if err != nil {
			return err
		}
		last = e.ID
		_, err = fmt.Fprintf(w, "id: %d\nevent: event\ndata: %s\n\n", e.ID, b)
		return err
	}
	if f.After > 0 || r.URL.Query().Get("replay") == "1" {
		bf := f
		bf.Limit, bf.Desc, bf.Text = 500, false, ""
		evs, err := s.cfg.Store.Events(r.Context(), bf)
		if err != nil {
			return
		}
		for _, e := range evs {
			if send(e) != nil {
				return
			}
		}
	}
	fl.Flush()
	ping := time.NewTicker(15 * time.Second)
	defer ping.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case evs := <-sub.ch:
			sub.done(evs)
			for _, e := range evs {
				if send(e) != nil {
					return
				}
			}
		case <-ping.C:
			if _, err := fmt.Fprint(w, ": ping\n\n"); err != nil {
				return
			}
		}
		if sub.lagged.Swap(false) {
			fmt.Fprintf(w, "event: lag\ndata: {\"after\":%d}\n\n", last)
		}
		fl.Flush()
	}
}
