package transport

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"nash/internal/sockdial"
)

// The client speaks just enough HTTP/1.1 to POST a batch and read the
// status code, on a fresh connection each time (Connection: close). It does
// not use net/http: that package and the TLS stack it drags in make every
// nash binary larger and every nash start slower, and a shell starts far
// more often than it sends. Consequently the fallback URL must be plain
// http:// (the collector listens on a unix socket and loopback TCP). For
// the same reason the URL is parsed here and the connection is dialed by
// internal/sockdial rather than by net and net/url, whose package
// initialisers ran on every start: the host is an IP address, a name in
// /etc/hosts, localhost, or a name sockdial's small DNS client resolves
// through /etc/resolv.conf.

// endpoint is where a request goes.
type endpoint struct {
	network, addr string // for net.Dial
	host, path    string // Host header and request target
}

// parseURL turns an http:// URL into an endpoint:
// http://[user@]host[:port][/path][?query][#fragment].
func parseURL(raw string) (endpoint, error) {
	scheme, rest, ok := strings.Cut(raw, "://")
	if !ok || !strings.EqualFold(scheme, "http") {
		return endpoint{}, fmt.Errorf("hook URL %q: only http:// is supported", raw)
	}
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		rest = rest[:i]
	}
	host, path := rest, ""
	if i := strings.IndexAny(rest, "/?"); i >= 0 {
		host, path = rest[:i], rest[i:]
	}
	if i := strings.LastIndexByte(host, '@'); i >= 0 {
		host = host[i+1:]
	}
	if host == "" || strings.ContainsAny(host, " \t\r\n") {
		return endpoint{}, fmt.Errorf("hook URL %q: no valid host", raw)
	}
	addr := host
	if _, port, err := sockdial.SplitHostPort(host); err != nil || port == "" {
		// no port: the default one
		h := strings.TrimSuffix(host, ":")
		if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
			h = h[1 : len(h)-1]
		}
		addr = sockdial.JoinHostPort(h, "80")
	}
	if path == "" || path[0] == '?' {
		path = "/" + path
	}
	return endpoint{network: "tcp", addr: addr, host: host, path: path}, nil
}

var errNotHTTP = errors.New("reply is not HTTP")

// conn is a connection to the collector: a unixConn, or a socket file
// from sockdial.
type conn interface {
	io.ReadWriter
	Close() error
	// abort makes a blocked Read or Write fail at once; it may be called
	// from another goroutine.
	abort()
}

// fileConn is a non-blocking socket from sockdial, whose deadlines work
// through the runtime's poller.
type fileConn struct{ *os.File }

func (c fileConn) abort() { c.SetDeadline(time.Unix(1, 0)) }

// dial connects to ep, giving up at deadline or when ctx is done. A unix
// socket is a plain blocking socket (see unixConn); TCP is dialed by
// sockdial.
func dial(ctx context.Context, ep endpoint, deadline time.Time) (conn, error) {
	if ep.network == "unix" {
		return dialUnix(ep.addr, deadline)
	}
	f, err := sockdial.Dial(ctx, ep.network, ep.addr, time.Until(deadline))
	if err != nil {
		return nil, err
	}
	f.SetDeadline(deadline)
	return fileConn{f}, nil
}

// postHTTP sends body and returns the response's status code. The whole
// exchange is bounded by timeout (and by ctx's deadline) and aborted when
// ctx is done.
func postHTTP(ctx context.Context, ep endpoint, token string, body []byte, timeout time.Duration) (int, error) {
	if strings.ContainsAny(token, "\r\n") {
		return 0, fmt.Errorf("post: token contains a line break")
	}
	deadline := time.Now().Add(timeout)
	if d, ok := ctx.Deadline(); ok && d.Before(deadline) {
		deadline = d
	}
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("post: %w", err)
	}
	c, err := dial(ctx, ep, deadline)
	if err != nil {
		return 0, fmt.Errorf("post: %w", err)
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, c.abort)
	defer stop()

	// one buffer, one write: the header and a typical batch are small
	req := make([]byte, 0, 256+len(ep.path)+len(ep.host)+len(token)+len(body))
	req = append(req, "POST "...)
	req = append(req, ep.path...)
	req = append(req, " HTTP/1.1\r\nHost: "...)
	req = append(req, ep.host...)
	req = append(req, "\r\nUser-Agent: nash\r\nContent-Type: application/json\r\nAuthorization: Bearer "...)
	req = append(req, token...)
	req = append(req, "\r\nContent-Length: "...)
	req = strconv.AppendInt(req, int64(len(body)), 10)
	req = append(req, "\r\nConnection: close\r\n\r\n"...)
	req = append(req, body...)
	_, werr := c.Write(req)
	// A server may answer (413, 401) and close before reading the whole
	// body: try to read its status line even when the write failed.
	code, rerr := readStatus(bufio.NewReaderSize(c, 512))
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
