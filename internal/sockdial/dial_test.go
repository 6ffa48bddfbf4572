package sockdial

import (
	"bytes"
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The parsers must agree with package net, which they replace.
func TestParseIPMatchesNet(t *testing.T) {
	for _, s := range []string{
		"127.0.0.1", "0.0.0.0", "255.255.255.255", "256.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1..2.3",
		"::1", "::", "fe80::1", "2001:db8::8a2e:370:7334", "2001:0db8:0000:0000:0000:ff00:0042:8329",
		"::ffff:192.0.2.1", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", ":1", "1:", "::1.2.3",
		"localhost", "", "g::1", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4",
	} {
		got := ParseIP(s)
		want := net.ParseIP(s)
		if want != nil && want.To4() != nil && !strings.Contains(s, ":") {
			want = want.To4()
		}
		if !bytes.Equal(got, want) {
			t.Errorf("ParseIP(%q) = %v, net says %v", s, got, []byte(want))
		}
	}
}

func TestSplitJoinHostPortMatchNet(t *testing.T) {
	for _, s := range []string{"a:80", "[::1]:8080", "127.0.0.1:9", "a", "::1:80", "[::1:80", ":80"} {
		h, p, err := SplitHostPort(s)
		nh, np, nerr := net.SplitHostPort(s)
		if (err == nil) != (nerr == nil) || h != nh || p != np {
			t.Errorf("SplitHostPort(%q) = %q %q %v, net: %q %q %v", s, h, p, err, nh, np, nerr)
		}
	}
	for _, h := range []string{"a", "::1", "127.0.0.1"} {
		if got, want := JoinHostPort(h, "80"), net.JoinHostPort(h, "80"); got != want {
			t.Errorf("JoinHostPort(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestLookupHosts(t *testing.T) {
	p := filepath.Join(t.TempDir(), "hosts")
	os.WriteFile(p, []byte("# c\n127.0.0.1 localhost\n10.1.2.3 collector coll # x\n::1 ip6-localhost\n"), 0o644)
	if ip := lookupHosts(p, "COLL"); !bytes.Equal(ip, []byte{10, 1, 2, 3}) {
		t.Errorf("coll: %v", ip)
	}
	if ip := lookupHosts(p, "ip6-localhost"); len(ip) != 16 || ip[15] != 1 {
		t.Errorf("ip6-localhost: %v", ip)
	}
	if ip := lookupHosts(p, "x"); ip != nil {
		t.Errorf("x: %v", ip)
	}
}

// echo accepts one connection and writes back what it reads.
func echo(t *testing.T, l net.Listener) {
	go func() {
		c, err := l.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		io.Copy(c, c)
	}()
}

func roundTrip(t *testing.T, f *os.File) {
	t.Helper()
	defer f.Close()
	if _, err := f.Write([]byte("ping")); err != nil {
		t.Fatal(err)
	}
	f.SetReadDeadline(time.Now().Add(5 * time.Second))
	buf := make([]byte, 4)
	if _, err := io.ReadFull(f, buf); err != nil || string(buf) != "ping" {
		t.Fatalf("read %q, %v", buf, err)
	}
}

func TestDialUnixAndTCP(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s.sock")
	ul, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer ul.Close()
	echo(t, ul)
	f, err := Dial(context.Background(), "unix", sock, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, f)

	tl, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer tl.Close()
	echo(t, tl)
	f, err = Dial(context.Background(), "tcp", tl.Addr().String(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, f)
}

func TestDialErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "none.sock")
	_, err := Dial(context.Background(), "unix", missing, time.Second)
	if err == nil || err.Error() != "dial unix "+missing+": connect: no such file or directory" {
		t.Errorf("missing socket: %v", err)
	}
	// a closed port on loopback: refused at once
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	addr := l.Addr().String()
	l.Close()
	if _, err := Dial(context.Background(), "tcp", addr, time.Second); err == nil || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("closed port: %v", err)
	}
	if _, err := Dial(context.Background(), "tcp", "no-such-host.invalid:80", time.Second); err == nil || !strings.Contains(err.Error(), "lookup no-such-host.invalid") {
		t.Errorf("unknown host: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// 192.0.2.0/24 is TEST-NET-1: the connect stays in progress (or the
	// network is unreachable); either way it must end at once
	start := time.Now()
	if _, err := Dial(ctx, "tcp", "192.0.2.1:80", 5*time.Second); err == nil {
		t.Errorf("canceled dial succeeded")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("canceled dial took %v", d)
	}
}
