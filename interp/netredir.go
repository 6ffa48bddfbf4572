package interp

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"nash/internal/sockdial"
)

// bash opens a redirection target of the form /dev/tcp/HOST/PORT or
// /dev/udp/HOST/PORT as a connected socket (its netopen), whether or not
// such a file exists: `exec 3<>/dev/tcp/host/80`, and the wait-for-it
// probe `(: </dev/tcp/db/5432) 2>/dev/null`. The host and the service are
// read as getaddrinfo reads them; the socket is blocking, as bash's.

// netRedirPath reports whether bash opens path as a network connection:
// it matches /dev/tcp/*/* or /dev/udp/*/*, whose stars match slashes too.
func netRedirPath(path string) bool {
	if !strings.HasPrefix(path, "/dev/tcp/") && !strings.HasPrefix(path, "/dev/udp/") {
		return false
	}
	return strings.IndexByte(path[len("/dev/tcp/"):], '/') >= 0
}

// netOpen connects to the host and service path names, reporting failures
// as bash's netopen does: a lookup failure with the line number and
// getaddrinfo's text (the redirection then fails with EINVAL), a failed
// connection as "connect: …" without one.
func (r *Runner) netOpen(path string) (*os.File, error) {
	rest := path[len("/dev/tcp/"):]
	i := strings.IndexByte(rest, '/')
	host, serv := rest[:i], rest[i+1:]
	stream := path[len("/dev/")] == 't'
	port, ok := servicePort(serv, stream)
	if !ok {
		r.errorf("%s: Servname not supported for ai_socktype", serv)
		return nil, syscall.EINVAL
	}
	addrs, msg := r.lookupHost(host)
	if msg != "" {
		r.errorf("%s: %s", host, msg)
		return nil, syscall.EINVAL
	}
	var err error
	for _, ip := range addrs {
		var fd int
		if fd, err = connectIP(ip, port, stream); err == nil {
			return os.NewFile(uintptr(fd), path), nil
		}
	}
	op := "connect"
	var se *os.SyscallError
	if errors.As(err, &se) {
		op = se.Syscall
	}
	// bash's sys_error: no line number
	r.errOut().Write([]byte(r.errName() + ": " + op + ": " + pathErrMsg(err) + "\n"))
	return nil, err
}

// servicePort reads serv as getaddrinfo does: a number as strtoul reads
// it, whole (truncated to 16 bits; one that reads as -1 is a name), else
// a name in the services database.
func servicePort(serv string, stream bool) (int, bool) {
	if n, ok := strtoulWhole(serv); ok && int32(n) != -1 {
		return int(uint16(n)), true
	}
	if serv == "" || strings.TrimLeft(serv, "0123456789") == "" {
		return 0, false
	}
	proto := "udp"
	if stream {
		proto = "tcp"
	}
	return sockdial.LookupService("/etc/services", serv, proto)
}

// strtoulWhole is C's strtoul(s, &end, 10) with *end == '\0' required:
// leading blanks, an optional sign (a minus negates modulo 2^64),
// saturation at the largest value. The empty string is 0.
func strtoulWhole(s string) (uint64, bool) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	if t == "" {
		return 0, s == ""
	}
	for i := 0; i < len(t); i++ {
		if t[i] < '0' || t[i] > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return ^uint64(0), true
	}
	if neg {
		n = -n
	}
	return n, true
}

// ipAddr is an address to connect to: 4 bytes for IPv4, 16 for IPv6.
type ipAddr []byte

// lookupHost returns host's addresses in the order they are tried, or
// getaddrinfo's message for why there are none. Numeric forms are read
// here, as getaddrinfo reads them (inet_aton's 127.1 and 0x7f000001
// too, IPv6 without a zone); a name is looked up by getaddrinfo itself, through getent, so
// that /etc/hosts, DNS, search domains and the order of the answers are
// the system's: the Go resolver would cost every start of the shell the
// initialisation of package net.
func (r *Runner) lookupHost(host string) ([]ipAddr, string) {
	if ip, ok := inetAton(host); ok {
		return []ipAddr{ip}, ""
	}
	if ip := sockdial.ParseIP(host); len(ip) == 16 {
		return []ipAddr{ip}, ""
	}
	if host == "" || strings.HasPrefix(host, "-") {
		return nil, "Name or service not known"
	}
	getent := r.lookPath("getent")
	if getent == "" {
		// a system without getent: /etc/hosts and DNS as the
		// transport's minimal resolver reads them
		ip, err := sockdial.Resolve(host, time.Now().Add(30*time.Second))
		if err != nil {
			return nil, "Name or service not known"
		}
		return []ipAddr{ip}, ""
	}
	out, ok := r.captureHelper(getent, []string{"getent", "ahosts", host})
	if !ok {
		return nil, "Name or service not known"
	}
	var ips []ipAddr
	seen := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || seen[f[0]] {
			continue
		}
		ip := sockdial.ParseIP(f[0])
		if ip != nil {
			seen[f[0]] = true
			ips = append(ips, ip)
		}
	}
	if len(ips) == 0 {
		return nil, "Name or service not known"
	}
	return ips, ""
}

// captureHelper runs path with argv and the shell's exported environment,
// stdin and stderr on /dev/null, and returns its standard output and
// whether it exited 0. It is the shell's own helper, not a command the
// script ran: no hook sees it.
func (r *Runner) captureHelper(path string, argv []string) ([]byte, bool) {
	var p [2]int
	if err := syscall.Pipe2(p[:], syscall.O_CLOEXEC); err != nil {
		return nil, false
	}
	null, err := syscall.Open("/dev/null", syscall.O_RDWR|syscall.O_CLOEXEC, 0)
	if err != nil {
		syscall.Close(p[0])
		syscall.Close(p[1])
		return nil, false
	}
	pid, err := syscall.ForkExec(path, argv, &syscall.ProcAttr{
		Dir:   r.dir,
		Env:   r.childEnv(),
		Files: []uintptr{uintptr(null), uintptr(p[1]), uintptr(null)},
	})
	syscall.Close(p[1])
	syscall.Close(null)
	if err != nil {
		syscall.Close(p[0])
		return nil, false
	}
	var out bytes.Buffer
	buf := make([]byte, 4096)
	for {
		n, err := syscall.Read(p[0], buf)
		if n > 0 {
			out.Write(buf[:n])
		}
		if err == syscall.EINTR {
			continue
		}
		if n <= 0 || out.Len() > 1<<20 {
			break
		}
	}
	syscall.Close(p[0])
	var ws syscall.WaitStatus
	for {
		if _, err := syscall.Wait4(pid, &ws, 0, nil); err != syscall.EINTR {
			break
		}
	}
	return out.Bytes(), ws.Exited() && ws.ExitStatus() == 0
}

// inetAton parses the IPv4 forms inet_aton accepts: one to four parts
// separated by dots, each decimal, octal (leading 0) or hex (0x); the
// last part fills the bytes the others leave.
func inetAton(s string) (ipAddr, bool) {
	parts := strings.Split(s, ".")
	if s == "" || len(parts) > 4 {
		return nil, false
	}
	vals := make([]uint64, len(parts))
	for i, p := range parts {
		base := 10
		switch {
		case len(p) > 1 && (p[:2] == "0x" || p[:2] == "0X"):
			base, p = 16, p[2:]
			if p == "" {
				p = "0" // inet_aton takes "0x" as 0
			}
		case len(p) > 1 && p[0] == '0':
			base, p = 8, p[1:]
		}
		v, err := strconv.ParseUint(p, base, 32)
		if err != nil || p == "" {
			return nil, false
		}
		vals[i] = v
	}
	var addr uint64
	last := len(vals) - 1
	for i, v := range vals[:last] {
		if v > 0xff {
			return nil, false
		}
		addr |= v << (24 - 8*i)
	}
	if vals[last] > 0xffffffff>>(8*last) {
		return nil, false
	}
	addr |= vals[last]
	return ipAddr{byte(addr >> 24), byte(addr >> 16), byte(addr >> 8), byte(addr)}, true
}

// connectIP makes a blocking socket connected to ip and port. The connect
// itself is non-blocking and waited for with ppoll: a blocking connect is
// cut short by the signals the Go runtime sends its threads.
func connectIP(ip ipAddr, port int, stream bool) (int, error) {
	typ := syscall.SOCK_DGRAM
	if stream {
		typ = syscall.SOCK_STREAM
	}
	var sa syscall.Sockaddr
	family := syscall.AF_INET
	if len(ip) == 4 {
		a := &syscall.SockaddrInet4{Port: port}
		copy(a.Addr[:], ip)
		sa = a
	} else {
		family = syscall.AF_INET6
		a := &syscall.SockaddrInet6{Port: port}
		copy(a.Addr[:], ip)
		sa = a
	}
	fd, err := syscall.Socket(family, typ|syscall.SOCK_CLOEXEC|syscall.SOCK_NONBLOCK, 0)
	if err != nil {
		return -1, os.NewSyscallError("socket", err)
	}
	err = syscall.Connect(fd, sa)
	for err == syscall.EINTR {
		err = syscall.Connect(fd, sa)
		if err == syscall.EALREADY {
			err = syscall.EINPROGRESS
		}
	}
	if err == syscall.EINPROGRESS {
		err = waitConnected(fd)
	}
	if err == nil {
		err = syscall.SetNonblock(fd, false)
	}
	if err != nil {
		syscall.Close(fd)
		return -1, os.NewSyscallError("connect", err)
	}
	return fd, nil
}

// waitConnected waits for a non-blocking connect on fd to finish and
// returns its outcome.
func waitConnected(fd int) error {
	pfd := []pollFd{{fd: int32(fd), events: pollOut}}
	for {
		if e := ppoll(pfd, nil); e != 0 {
			if e == syscall.EINTR {
				continue
			}
			return e
		}
		break
	}
	soErr, err := syscall.GetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_ERROR)
	if err != nil {
		return err
	}
	if soErr != 0 {
		return syscall.Errno(soErr)
	}
	return nil
}
