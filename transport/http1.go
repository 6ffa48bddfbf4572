package transport

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The client speaks just enough HTTP/1.1 to POST a batch and read the
// status code, on a fresh connection each time (Connection: close). It does
// not use net/http: that package and the TLS stack it drags in make every
// nash binary larger and every nash start slower, and a shell starts far
// more often than it sends. Consequently the fallback URL must be plain
// http:// (the collector listens on a unix socket and loopback TCP).

// endpoint is where a request goes.
type endpoint struct {
	network, addr string // for net.Dial
	host, path    string // Host header and request target
}

// parseURL turns an http:// URL into an endpoint.
func parseURL(raw string) (endpoint, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return endpoint{}, fmt.Errorf("hook URL: %w", err)
	}
	if u.Scheme != "http" {
		return endpoint{}, fmt.Errorf("hook URL %q: only http:// is supported", raw)
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

var errNotHTTP = errors.New("reply is not HTTP")

// postHTTP sends body and returns the response's status code. The whole
// exchange is bounded by timeout and aborted when ctx is done.
func postHTTP(ctx context.Context, ep endpoint, token string, body []byte, timeout time.Duration) (int, error) {
	if strings.ContainsAny(token, "\r\n") {
		return 0, fmt.Errorf("post: token contains a line break")
	}
	d := net.Dialer{Timeout: timeout}
	conn, err := d.DialContext(ctx, ep.network, ep.addr)
	if err != nil {
		return 0, fmt.Errorf("post: %w", err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(timeout))
	stop := context.AfterFunc(ctx, func() { conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()

	var hdr bytes.Buffer
	hdr.Grow(256)
	hdr.WriteString("POST ")
	hdr.WriteString(ep.path)
	hdr.WriteString(" HTTP/1.1\r\nHost: ")
	hdr.WriteString(ep.host)
	hdr.WriteString("\r\nUser-Agent: nash\r\nContent-Type: application/json\r\nAuthorization: Bearer ")
	hdr.WriteString(token)
	hdr.WriteString("\r\nContent-Length: ")
	hdr.WriteString(strconv.Itoa(len(body)))
	hdr.WriteString("\r\nConnection: close\r\n\r\n")
	bufs := net.Buffers{hdr.Bytes(), body}
	_, werr := bufs.WriteTo(conn)
	// A server may answer (413, 401) and close before reading the whole
	// body: try to read its status line even when the write failed.
	code, rerr := readStatus(bufio.NewReaderSize(conn, 512))
	if rerr != nil {
		if werr != nil {
			return 0, fmt.Errorf("post: %w", werr)
		}
		return 0, fmt.Errorf("post: %w", rerr)
	}
	return code, nil
}

// readStatus parses "HTTP/1.x NNN reason" from the first line.
func readStatus(br *bufio.Reader) (int, error) {
	line, err := br.ReadSlice('\n')
	if err != nil {
		if errors.Is(err, bufio.ErrBufferFull) {
			return 0, errNotHTTP
		}
		return 0, err
	}
	s := string(bytes.TrimRight(line, "\r\n"))
	if !strings.HasPrefix(s, "HTTP/1.") || len(s) < 12 || s[8] != ' ' {
		return 0, errNotHTTP
	}
	code, err := strconv.Atoi(s[9:12])
	if err != nil || code < 100 || code > 999 || (len(s) > 12 && s[12] != ' ') {
		return 0, errNotHTTP
	}
	return code, nil
}
