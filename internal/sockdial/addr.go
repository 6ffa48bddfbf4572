package sockdial

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// hostsFile is read to resolve names before DNS is asked.
const hostsFile = "/etc/hosts"

// SplitHostPort splits "host:port" or "[host]:port" as net.SplitHostPort.
func SplitHostPort(hostport string) (host, port string, err error) {
	i := strings.LastIndexByte(hostport, ':')
	if i < 0 {
		return "", "", fmt.Errorf("address %s: missing port in address", hostport)
	}
	host, port = hostport[:i], hostport[i+1:]
	if strings.HasPrefix(host, "[") {
		if !strings.HasSuffix(host, "]") {
			return "", "", fmt.Errorf("address %s: missing ']' in address", hostport)
		}
		host = host[1 : len(host)-1]
	} else if strings.ContainsAny(host, "[]:") {
		return "", "", fmt.Errorf("address %s: too many colons in address", hostport)
	}
	return host, port, nil
}

// JoinHostPort is net.JoinHostPort: brackets around an IPv6 host.
func JoinHostPort(host, port string) string {
	if strings.IndexByte(host, ':') >= 0 {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}

// Resolve returns the 4- or 16-byte address of host: an IP literal, a
// name in /etc/hosts (first match), localhost, or what the DNS servers
// of /etc/resolv.conf answer before deadline (zero: no bound).
func Resolve(host string, deadline time.Time) ([]byte, error) {
	if ip := ParseIP(host); ip != nil {
		return ip, nil
	}
	if ip := lookupHosts(hostsFile, host); ip != nil {
		return ip, nil
	}
	if strings.EqualFold(host, "localhost") {
		return []byte{127, 0, 0, 1}, nil
	}
	ip, err := lookupDNS(readDNSConfig(resolvConf), host, deadline)
	if err != nil {
		return nil, fmt.Errorf("lookup %s: %w", host, err)
	}
	return ip, nil
}

// lookupHosts finds name in a hosts file; nil when absent.
func lookupHosts(path, name string) []byte {
	var ip []byte
	eachLine(path, func(fields []string) bool {
		for _, n := range fields[1:] {
			if strings.EqualFold(n, name) {
				if ip = ParseIP(fields[0]); ip != nil {
					return false
				}
			}
		}
		return true
	})
	return ip
}

// LookupService finds the port of name (or one of its aliases) for proto
// in a services file (/etc/services), as glibc's files database does.
func LookupService(path, name, proto string) (int, bool) {
	port, found := 0, false
	eachLine(path, func(fields []string) bool {
		p, pr, ok := strings.Cut(fields[1], "/")
		if !ok || pr != proto || fields[0] != name && !slices.Contains(fields[2:], name) {
			return true
		}
		n, err := strconv.Atoi(p)
		if err == nil && n >= 0 && n <= 0xffff {
			port, found = n, true
			return false
		}
		return true
	})
	return port, found
}

// eachLine calls fn with the fields of each line of the file at path that
// has at least two once comments (from #) are cut, until fn returns
// false. A file that cannot be read has no lines.
func eachLine(path string, fn func(fields []string) bool) {
	f, err := os.Open(path)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		if fields := strings.Fields(line); len(fields) >= 2 && !fn(fields) {
			return
		}
	}
}

// ParseIP parses a dotted IPv4 address (4 bytes) or an IPv6 address
// without zone (16 bytes); nil when s is neither.
func ParseIP(s string) []byte {
	if ip := parseIPv4(s); ip != nil {
		return ip
	}
	if ip, err := parseIPv6(s); err == nil {
		return ip
	}
	return nil
}

func parseIPv4(s string) []byte {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return nil
	}
	ip := make([]byte, 4)
	for i, p := range parts {
		if p == "" || len(p) > 3 || (len(p) > 1 && p[0] == '0') {
			return nil
		}
		n, err := strconv.Atoi(p)
		if err != nil || n > 255 {
			return nil
		}
		ip[i] = byte(n)
	}
	return ip
}

var errBadIPv6 = errors.New("not an IPv6 address")

// parseIPv6 handles the "::" abbreviation and a trailing dotted IPv4.
func parseIPv6(s string) ([]byte, error) {
	if !strings.Contains(s, ":") {
		return nil, errBadIPv6
	}
	var head, tail []uint16
	var tail4 []byte
	halves := strings.Split(s, "::")
	if len(halves) > 2 {
		return nil, errBadIPv6
	}
	groups := func(part string, last bool) ([]uint16, error) {
		if part == "" {
			return nil, nil
		}
		var out []uint16
		fs := strings.Split(part, ":")
		for i, g := range fs {
			if last && i == len(fs)-1 && strings.Contains(g, ".") {
				if tail4 = parseIPv4(g); tail4 == nil {
					return nil, errBadIPv6
				}
				continue
			}
			if g == "" || len(g) > 4 {
				return nil, errBadIPv6
			}
			n, err := strconv.ParseUint(g, 16, 16)
			if err != nil {
				return nil, errBadIPv6
			}
			out = append(out, uint16(n))
		}
		return out, nil
	}
	var err error
	if head, err = groups(halves[0], len(halves) == 1); err != nil {
		return nil, err
	}
	if len(halves) == 2 {
		if tail, err = groups(halves[1], true); err != nil {
			return nil, err
		}
	}
	n := len(head) + len(tail)
	if tail4 != nil {
		n += 2
	}
	if (len(halves) == 1 && n != 8) || (len(halves) == 2 && n > 7) {
		return nil, errBadIPv6
	}
	ip := make([]byte, 16)
	for i, g := range head {
		ip[2*i], ip[2*i+1] = byte(g>>8), byte(g)
	}
	end := 16
	if tail4 != nil {
		copy(ip[12:], tail4)
		end = 12
	}
	for i := range tail {
		g := tail[len(tail)-1-i]
		ip[end-2*i-2], ip[end-2*i-1] = byte(g>>8), byte(g)
	}
	return ip, nil
}
