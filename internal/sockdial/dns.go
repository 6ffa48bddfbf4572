package sockdial

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// resolvConf is the resolver configuration read for DNS lookups.
const resolvConf = "/etc/resolv.conf"

// dnsConfig is the part of resolv.conf a lookup needs.
type dnsConfig struct {
	servers []string // "ip:port"
	search  []string // domains tried for names with fewer than ndots dots
	ndots   int
	timeout time.Duration // per query and server
}

// readDNSConfig parses a resolv.conf; without one, or without servers,
// the local resolver is tried, as glibc does.
func readDNSConfig(path string) dnsConfig {
	c := dnsConfig{ndots: 1, timeout: 1 * time.Second}
	if f, err := os.Open(path); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 2 || strings.HasPrefix(fields[0], "#") || strings.HasPrefix(fields[0], ";") {
				continue
			}
			switch fields[0] {
			case "nameserver":
				if ip := ParseIP(fields[1]); ip != nil {
					c.servers = append(c.servers, JoinHostPort(fields[1], "53"))
				}
			case "search":
				c.search = append([]string(nil), fields[1:]...)
			case "domain":
				c.search = []string{fields[1]}
			case "options":
				for _, o := range fields[1:] {
					if v, ok := strings.CutPrefix(o, "ndots:"); ok {
						if n, err := strconv.Atoi(v); err == nil && n >= 0 {
							c.ndots = min(n, 15)
						}
					}
					if v, ok := strings.CutPrefix(o, "timeout:"); ok {
						if n, err := strconv.Atoi(v); err == nil && n > 0 {
							c.timeout = time.Duration(min(n, 30)) * time.Second
						}
					}
				}
			}
		}
		f.Close()
	}
	if len(c.servers) == 0 {
		c.servers = []string{"127.0.0.1:53", "[::1]:53"}
	}
	return c
}

// candidates lists the fully qualified names to try for name, in the
// order of resolv(5): as given first when it has ndots dots or more (or
// ends in a dot), otherwise after the search domains.
func (c dnsConfig) candidates(name string) []string {
	if strings.HasSuffix(name, ".") {
		return []string{name}
	}
	var out []string
	for _, d := range c.search {
		out = append(out, name+"."+strings.TrimSuffix(d, ".")+".")
	}
	if strings.Count(name, ".") >= c.ndots {
		return append([]string{name + "."}, out...)
	}
	return append(out, name+".")
}

// errNoSuchHost is an authoritative "no such name" (or no address).
var errNoSuchHost = errors.New("no such host")

// lookupDNS resolves name to an IPv4 address (an IPv6 one when it has
// none) by asking c's servers over UDP, giving up at deadline.
func lookupDNS(c dnsConfig, name string, deadline time.Time) ([]byte, error) {
	var last error = errNoSuchHost
	for _, fqdn := range c.candidates(name) {
		for _, qtype := range []uint16{1, 28} { // A, then AAAA
			ip, err := c.query(fqdn, qtype, deadline)
			if err == nil {
				return ip, nil
			}
			if !errors.Is(err, errNoSuchHost) {
				last = err
			}
			if !deadline.IsZero() && time.Now().After(deadline) {
				return nil, last
			}
		}
	}
	return nil, last
}

// query asks each server in turn until one answers.
func (c dnsConfig) query(fqdn string, qtype uint16, deadline time.Time) ([]byte, error) {
	msg, id, err := dnsQuery(fqdn, qtype)
	if err != nil {
		return nil, err
	}
	var last error
	for _, s := range c.servers {
		wait := c.timeout
		if !deadline.IsZero() {
			left := time.Until(deadline)
			if left <= 0 {
				return nil, fmt.Errorf("i/o timeout")
			}
			wait = min(wait, left)
		}
		resp, err := exchangeUDP(s, msg, id, wait)
		if err != nil {
			last = err
			continue
		}
		return parseDNSAnswer(resp, id, qtype)
	}
	return nil, last
}

// dnsQuery builds a recursive query for fqdn (which ends in a dot).
func dnsQuery(fqdn string, qtype uint16) ([]byte, uint16, error) {
	var seed [2]byte
	if f, err := os.Open("/dev/urandom"); err == nil {
		f.Read(seed[:])
		f.Close()
	}
	id := binary.BigEndian.Uint16(seed[:]) ^ uint16(time.Now().UnixNano())
	m := binary.BigEndian.AppendUint16(nil, id)
	m = append(m, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0) // RD; one question
	for _, label := range strings.Split(strings.TrimSuffix(fqdn, "."), ".") {
		if label == "" || len(label) > 63 {
			return nil, 0, fmt.Errorf("invalid name %q", fqdn)
		}
		m = append(m, byte(len(label)))
		m = append(m, label...)
	}
	m = append(m, 0)
	m = binary.BigEndian.AppendUint16(m, qtype)
	m = binary.BigEndian.AppendUint16(m, 1) // IN
	return m, id, nil
}

// exchangeUDP sends msg to server ("ip:port") and returns the first
// reply carrying id, waiting at most wait.
func exchangeUDP(server string, msg []byte, id uint16, wait time.Duration) ([]byte, error) {
	sa, err := sockaddr("tcp", server, time.Time{}) // an IP literal: no lookup
	if err != nil {
		return nil, err
	}
	family := syscall.AF_INET
	if _, ok := sa.(*syscall.SockaddrInet6); ok {
		family = syscall.AF_INET6
	}
	fd, err := syscall.Socket(family, syscall.SOCK_DGRAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, os.NewSyscallError("socket", err)
	}
	defer syscall.Close(fd)
	if err := syscall.Connect(fd, sa); err != nil {
		return nil, os.NewSyscallError("connect", err)
	}
	tv := syscall.NsecToTimeval(max(wait, time.Millisecond).Nanoseconds())
	syscall.SetsockoptTimeval(fd, syscall.SOL_SOCKET, syscall.SO_RCVTIMEO, &tv)
	if _, err := syscall.Write(fd, msg); err != nil {
		return nil, os.NewSyscallError("write", err)
	}
	end := time.Now().Add(wait)
	buf := make([]byte, 1500)
	for time.Now().Before(end) {
		n, err := syscall.Read(fd, buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			if err == syscall.EAGAIN {
				break
			}
			return nil, os.NewSyscallError("read", err)
		}
		if n >= 12 && binary.BigEndian.Uint16(buf) == id {
			return buf[:n], nil
		}
	}
	return nil, fmt.Errorf("i/o timeout")
}

// parseDNSAnswer returns the first address of type qtype in a response.
func parseDNSAnswer(m []byte, id, qtype uint16) ([]byte, error) {
	if len(m) < 12 || binary.BigEndian.Uint16(m) != id || m[2]&0x80 == 0 {
		return nil, errors.New("malformed DNS response")
	}
	switch rcode := m[3] & 0x0f; rcode {
	case 0:
	case 3:
		return nil, errNoSuchHost
	default:
		return nil, fmt.Errorf("DNS server failure (rcode %d)", rcode)
	}
	qd, an := binary.BigEndian.Uint16(m[4:]), binary.BigEndian.Uint16(m[6:])
	off := 12
	for range qd {
		var ok bool
		if off, ok = skipName(m, off); !ok || off+4 > len(m) {
			return nil, errors.New("malformed DNS response")
		}
		off += 4
	}
	for range an {
		var ok bool
		if off, ok = skipName(m, off); !ok || off+10 > len(m) {
			return nil, errors.New("malformed DNS response")
		}
		typ, class := binary.BigEndian.Uint16(m[off:]), binary.BigEndian.Uint16(m[off+2:])
		rdlen := int(binary.BigEndian.Uint16(m[off+8:]))
		off += 10
		if off+rdlen > len(m) {
			return nil, errors.New("malformed DNS response")
		}
		if class == 1 && typ == qtype && (rdlen == 4 && typ == 1 || rdlen == 16 && typ == 28) {
			return append([]byte(nil), m[off:off+rdlen]...), nil
		}
		off += rdlen // a CNAME: its target's records follow in the answer
	}
	return nil, errNoSuchHost
}

// skipName steps over a possibly compressed name at off.
func skipName(m []byte, off int) (int, bool) {
	for off < len(m) {
		l := int(m[off])
		switch {
		case l == 0:
			return off + 1, true
		case l&0xc0 == 0xc0:
			return off + 2, off+2 <= len(m)
		case l&0xc0 != 0:
			return 0, false
		}
		off += 1 + l
	}
	return 0, false
}
