package receiver

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

const good = `{"type":"shell-batch","source":"nash","sessionId":"s","shellId":"x","parentShell":null,"events":[{"kind":"cd","seq":1,"ts":1,"from":"/","to":"/tmp"}]}`

func TestReceiverAnswers(t *testing.T) {
	tests := []struct {
		name   string
		method string
		path   string
		auth   string
		body   string
		want   int
		reason string
	}{
		{"ok", "POST", "/shell-event", "Bearer t", good, 202, ""},
		{"bad token", "POST", "/shell-event", "Bearer u", good, 401, ""},
		{"no token", "POST", "/shell-event", "", good, 401, ""},
		{"bad json", "POST", "/shell-event", "Bearer t", `{"type":`, 400, "bad JSON"},
		{"trailing data", "POST", "/shell-event", "Bearer t", good + good, 400, "data after"},
		{"wrong type", "POST", "/shell-event", "Bearer t", strings.Replace(good, "shell-batch", "x", 1), 400, "type"},
		{"unknown kind", "POST", "/shell-event", "Bearer t", strings.Replace(good, `"cd"`, `"zz"`, 1), 400, "unknown kind"},
		{"seq zero", "POST", "/shell-event", "Bearer t", strings.Replace(good, `"seq":1`, `"seq":0`, 1), 400, "seq"},
		{"too big", "POST", "/shell-event", "Bearer t", `{"x":"` + strings.Repeat("a", 1<<20) + `"}`, 413, ""},
		{"wrong path", "POST", "/other", "Bearer t", good, 404, ""},
		{"wrong method", "GET", "/shell-event", "Bearer t", "", 405, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := New("t")
			req := httptest.NewRequest(tc.method, tc.path, strings.NewReader(tc.body))
			if tc.auth != "" {
				req.Header.Set("Authorization", tc.auth)
			}
			w := httptest.NewRecorder()
			r.ServeHTTP(w, req)
			if w.Code != tc.want {
				t.Fatalf("status %d, want %d (%s)", w.Code, tc.want, w.Body)
			}
			if tc.reason != "" && !strings.Contains(w.Body.String(), tc.reason) {
				t.Fatalf("reason %q does not mention %q", w.Body, tc.reason)
			}
		})
	}
}

func TestReceiverIdempotent(t *testing.T) {
	r := New("t")
	for i := 0; i < 3; i++ {
		req := httptest.NewRequest("POST", "/shell-event", strings.NewReader(good))
		req.Header.Set("Authorization", "Bearer t")
		w := httptest.NewRecorder()
		r.ServeHTTP(w, req)
		if w.Code != 202 {
			t.Fatal(w.Code)
		}
	}
	if n := len(r.Events("x")); n != 1 {
		t.Fatalf("stored %d events, want 1", n)
	}
	if r.Duplicates() != 2 || len(r.Batches()) != 3 {
		t.Fatalf("dups %d batches %d", r.Duplicates(), len(r.Batches()))
	}
}

func TestReceiverFaultsOverUnixSocket(t *testing.T) {
	dir := t.TempDir()
	r := New("t")
	s, err := ListenUnix(dir+"/s", r)
	if err != nil {
		t.Skipf("unix socket: %v", err)
	}
	defer s.Close()
	c := &http.Client{Transport: &http.Transport{DialContext: unixDialer(s.Path)}}
	post := func() (int, error) {
		req, _ := http.NewRequest("POST", "http://x/shell-event", bytes.NewReader([]byte(good)))
		req.Header.Set("Authorization", "Bearer t")
		resp, err := c.Do(req)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode, nil
	}
	for _, tc := range []struct {
		f    Fault
		want int
	}{{FaultNone, 202}, {FaultUnauthorized, 401}, {FaultServerError, 500}, {FaultGarbage, 0}} {
		r.SetFault(tc.f)
		got, err := post()
		if tc.want == 0 {
			if err == nil {
				t.Fatalf("fault %d: got status %d, want a broken reply", tc.f, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Fatalf("fault %d: got %d %v, want %d", tc.f, got, err, tc.want)
		}
	}
}

func unixDialer(path string) func(ctx context.Context, _, _ string) (net.Conn, error) {
	return func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", path)
	}
}
