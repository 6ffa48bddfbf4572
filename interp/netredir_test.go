package interp

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"nash/internal/sockdial"
)

func TestNetRedirPath(t *testing.T) {
	for path, want := range map[string]bool{
		"/dev/tcp/h/80": true, "/dev/udp/h/53": true, "/dev/tcp//": true, "/dev/tcp/h/1/2": true,
		"/dev/tcp/h": false, "/dev/tcp/": false, "/dev/tcpx/h/1": false, "dev/tcp/h/1": false, "/dev/sctp/h/1": false,
	} {
		if got := netRedirPath(path); got != want {
			t.Errorf("netRedirPath(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestInetAton checks the IPv4 forms getaddrinfo takes as numbers.
func TestInetAton(t *testing.T) {
	for s, want := range map[string][]byte{
		"127.0.0.1": {127, 0, 0, 1}, "127.1": {127, 0, 0, 1}, "0x7f000001": {127, 0, 0, 1},
		"10.1.2": {10, 1, 0, 2}, "017.0.0.1": {15, 0, 0, 1}, "1.2.3.255": {1, 2, 3, 255}, "0": {0, 0, 0, 0},
		"256.1.1.1": nil, "1.2.3.4.5": nil, "": nil, "a.b": nil, "1..2": nil, "09.1.1.1": nil, "1.2.65536": nil, "localhost": nil,
	} {
		got, ok := inetAton(s)
		if ok != (want != nil) || ok && !bytes.Equal(got, want) {
			t.Errorf("inetAton(%q) = %v, %v; want %v", s, got, ok, want)
		}
	}
}

// TestServicePort checks getaddrinfo's reading of the service: numbers
// as strtoul reads them, names in the services file.
func TestServicePort(t *testing.T) {
	for serv, want := range map[string]int{"80": 80, "": 0, "99999": 34463, "+22": 22, " 7": 7, "-1": -1, "4294967295": -1, "1/2": -1, "zzz": -1} {
		got, ok := servicePort(serv, true)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("servicePort(%q) = %d, want %d", serv, got, want)
		}
	}
	file := filepath.Join(t.TempDir(), "services")
	os.WriteFile(file, []byte("# comment\nhttp\t80/tcp\twww # web\nhttp 80/udp\ndomain 53/udp\nbad x/tcp\n"), 0o644)
	for _, c := range []struct {
		name, proto string
		port        int
		ok          bool
	}{{"http", "tcp", 80, true}, {"www", "tcp", 80, true}, {"domain", "tcp", 0, false}, {"domain", "udp", 53, true}, {"bad", "tcp", 0, false}} {
		port, ok := sockdial.LookupService(file, c.name, c.proto)
		if port != c.port || ok != c.ok {
			t.Errorf("lookupService(%q, %q) = %d, %v; want %d, %v", c.name, c.proto, port, ok, c.port, c.ok)
		}
	}
}
