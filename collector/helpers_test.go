package collector

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"nash/collector/store"
	"nash/collector/token"
	"nash/transport/wire"
)

// testEnv is a collector on an httptest server with one issued session.
type testEnv struct {
	t       *testing.T
	srv     *httptest.Server
	coll    *Server
	store   *store.Store
	keys    *token.Keyring
	session string
	tok     string
}

func newEnv(t testing.TB, cfg Config, sopts store.Options) *testEnv {
	t.Helper()
	dir := t.TempDir()
	keys, err := token.LoadOrCreate(dir)
	if err != nil {
		t.Fatal(err)
	}
	hub := NewHub()
	sopts.OnCommit = hub.Publish
	st, err := store.Open(filepath.Join(dir, store.DBFile), sopts)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.Keys, cfg.Hub = st, keys, hub
	c := New(cfg)
	hs := httptest.NewUnstartedServer(c.Handler())
	hs.Config.ReadHeaderTimeout = 2 * time.Second
	hs.Start()
	t.Cleanup(func() {
		hs.CloseClientConnections()
		hs.Close()
		st.Close()
	})
	e := &testEnv{srv: hs, coll: c, store: st, keys: keys, session: "s-1"}
	if tt, ok := t.(*testing.T); ok {
		e.t = tt
	}
	e.tok = keys.Issue(e.session, time.Now().Add(time.Hour))
	return e
}

func intp(i int) *int       { return &i }
func i64p(i int64) *int64   { return &i }
func boolp(b bool) *bool    { return &b }
func strp(s string) *string { return &s }

// execBatch builds a valid batch of n exec events for shell from seq from.
func execBatch(session, shell string, from uint64, n int) *wire.Batch {
	b := &wire.Batch{Type: wire.BatchType, Source: "nash", SessionID: session, ShellID: shell}
	now := time.Now().UnixMilli()
	for i := range n {
		seq := from + uint64(i)
		b.Events = append(b.Events, wire.Event{Kind: wire.KindExec, Seq: seq, TS: now,
			Argv: []string{"printf", "%s\\n", fmt.Sprint("line ", seq)}, Cwd: "/work",
			ExitCode: intp(0), DurationMs: i64p(1), Nesting: &wire.Nesting{Depth: 0, Kind: "top"}})
	}
	return b
}

func (e *testEnv) post(client *http.Client, body []byte, tok string) (int, string) {
	req, _ := http.NewRequest(http.MethodPost, e.srv.URL+"/shell-event", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	if client == nil {
		client = e.srv.Client()
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	buf.ReadFrom(resp.Body)
	return resp.StatusCode, buf.String()
}

// getJSON sends GET path to the test server and returns the status; an
// answer of 200 is decoded into v (when not nil) and must decode.
func (e *testEnv) getJSON(path string, v any) int {
	e.t.Helper()
	resp, err := e.srv.Client().Get(e.srv.URL + path)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusOK && v != nil {
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			e.t.Fatalf("GET %s: %v", path, err)
		}
	}
	return resp.StatusCode
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
