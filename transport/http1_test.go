package transport

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

func TestReadStatus(t *testing.T) {
	tests := []struct {
		in   string
		code int
		ok   bool
	}{
		{"HTTP/1.1 202 Accepted\r\n", 202, true},
		{"HTTP/1.0 401\r\n", 401, true},
		{"HTTP/1.1 500 Internal Server Error\n", 500, true},
		{"\x00\x01garbage, not HTTP\r\n", 0, false},
		{"HTTP/1.1 2x2 Bad\r\n", 0, false},
		{"HTTP/1.1 2022 Long\r\n", 0, false},
		{"", 0, false},
		{strings.Repeat("x", 2000), 0, false},
	}
	for _, tc := range tests {
		code, err := readStatus(bufio.NewReaderSize(strings.NewReader(tc.in), 512))
		if (err == nil) != tc.ok || code != tc.code {
			t.Errorf("readStatus(%q) = %d, %v", tc.in, code, err)
		}
	}
}

func TestParseURL(t *testing.T) {
	ep, err := parseURL("http://127.0.0.1/hook?x=1")
	if err != nil || ep.addr != "127.0.0.1:80" || ep.path != "/hook?x=1" || ep.network != "tcp" {
		t.Fatalf("%+v %v", ep, err)
	}
	if _, err := parseURL("https://127.0.0.1/"); err == nil {
		t.Fatal("https accepted")
	}
}

// parseURL replaced url.Parse and net.JoinHostPort; it must give the
// endpoint they gave for the URLs a hook can have.
func TestParseURLMatchesNetURL(t *testing.T) {
	ref := func(raw string) (endpoint, error) {
		u, err := url.Parse(raw)
		if err != nil || u.Scheme != "http" {
			return endpoint{}, fmt.Errorf("bad")
		}
		addr := u.Host
		if u.Port() == "" {
			addr = net.JoinHostPort(u.Hostname(), "80")
		}
		path := u.EscapedPath()
		if path == "" {
			path = "/"
		}
		if u.RawQuery != "" {
			path += "?" + u.RawQuery
		}
		return endpoint{network: "tcp", addr: addr, host: u.Host, path: path}, nil
	}
	for _, raw := range []string{
		"http://127.0.0.1/hook?x=1", "http://127.0.0.1:8080/shell-event", "HTTP://localhost:9/", "http://localhost",
		"http://[::1]:8080/a/b", "http://[::1]/x", "http://h:/p", "http://h?x=1", "http://u:p@h:81/p#frag",
		"http://collector.local:8080/shell-event?a=1&b=2", "https://h/", "ftp://h/", "h:80",
	} {
		got, gerr := parseURL(raw)
		want, werr := ref(raw)
		if (gerr == nil) != (werr == nil) || got != want {
			t.Errorf("parseURL(%q) = %+v, %v; url.Parse gives %+v, %v", raw, got, gerr, want, werr)
		}
	}
}

func TestPostHTTP(t *testing.T) {
	var gotAuth, gotType string
	var gotLen int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotAuth, gotType = r.Header.Get("Authorization"), r.Header.Get("Content-Type")
		b, _ := io.ReadAll(r.Body)
		gotLen = len(b)
		w.WriteHeader(http.StatusAccepted)
	}))
	defer srv.Close()
	ep, _ := parseURL(srv.URL + "/shell-event")
	code, err := postHTTP(context.Background(), ep, "tk", []byte(`{"a":1}`), time.Second)
	if err != nil || code != 202 || gotAuth != "Bearer tk" || gotType != "application/json" || gotLen != 7 {
		t.Fatalf("code %d err %v auth %q type %q len %d", code, err, gotAuth, gotType, gotLen)
	}
	if _, err := postHTTP(context.Background(), ep, "a\r\nX: y", nil, time.Second); err == nil {
		t.Fatal("header injection through the token")
	}
}

// answer413Early accepts one connection on ln, reads the request line
// only, answers 413 and hangs up without reading the body.
func answer413Early(ln net.Listener) {
	c, err := ln.Accept()
	if err != nil {
		return
	}
	bufio.NewReader(c).ReadString('\n')
	c.Write([]byte("HTTP/1.1 413 Request Entity Too Large\r\nConnection: close\r\n\r\n"))
	c.Close()
}

// TestPostHTTPEarlyAnswer: a server that answers 413 without reading a big
// body is understood, not mistaken for a network failure.
func TestPostHTTPEarlyAnswer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go answer413Early(ln)
	ep := endpoint{network: "tcp", addr: ln.Addr().String(), host: "x", path: "/shell-event"}
	code, err := postHTTP(context.Background(), ep, "t", make([]byte, 8<<20), 2*time.Second)
	if err != nil || code != 413 {
		t.Fatalf("code %d err %v", code, err)
	}
}
