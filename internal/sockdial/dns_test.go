package sockdial

import (
	"bytes"
	"encoding/binary"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestReadDNSConfig(t *testing.T) {
	p := filepath.Join(t.TempDir(), "resolv.conf")
	os.WriteFile(p, []byte("# comment\nnameserver 10.0.0.2\nnameserver fe80::1\nnameserver bogus\nsearch a.example b.example\noptions ndots:5 timeout:2 rotate\n"), 0o644)
	c := readDNSConfig(p)
	want := dnsConfig{servers: []string{"10.0.0.2:53", "[fe80::1]:53"}, search: []string{"a.example", "b.example"}, ndots: 5, timeout: 2 * time.Second}
	if !reflect.DeepEqual(c, want) {
		t.Fatalf("got %+v, want %+v", c, want)
	}
	if c := readDNSConfig(filepath.Join(t.TempDir(), "absent")); len(c.servers) == 0 || c.ndots != 1 {
		t.Fatalf("no resolv.conf: got %+v, want the local resolver and ndots 1", c)
	}
}

func TestCandidates(t *testing.T) {
	c := dnsConfig{search: []string{"svc.local", "local."}, ndots: 1}
	tests := []struct {
		name string
		want []string
	}{
		{"collector", []string{"collector.svc.local.", "collector.local.", "collector."}},
		{"c.example", []string{"c.example.", "c.example.svc.local.", "c.example.local."}},
		{"abs.", []string{"abs."}},
	}
	for _, tt := range tests {
		if got := c.candidates(tt.name); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("candidates(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// fakeDNS answers A/AAAA queries on loopback UDP from records (name with
// final dot, type) -> rdata; names absent get NXDOMAIN. cname maps a
// name to a target whose A record is put after a compressed CNAME.
type fakeDNS struct {
	records map[string][]byte
	cname   map[string]string
	garbage bool // answer with bytes that are not a DNS message
	silent  bool // never answer
	queries []string
}

func (f *fakeDNS) start(t *testing.T) string {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback UDP: %v", err)
	}
	done := make(chan struct{})
	t.Cleanup(func() { <-done }) // cleanups run last first: after the Close below
	t.Cleanup(func() { pc.Close() })
	go func() {
		defer close(done)
		buf := make([]byte, 1500)
		for {
			n, addr, err := pc.ReadFrom(buf)
			if err != nil {
				return
			}
			if f.silent {
				continue
			}
			if f.garbage {
				pc.WriteTo([]byte{buf[0], buf[1], 0x80, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0xff}, addr)
				continue
			}
			pc.WriteTo(f.answer(buf[:n]), addr)
		}
	}()
	return pc.LocalAddr().String()
}

func (f *fakeDNS) answer(q []byte) []byte {
	// question name as text
	var labels []string
	off := 12
	for q[off] != 0 {
		l := int(q[off])
		labels = append(labels, string(q[off+1:off+1+l]))
		off += 1 + l
	}
	name := strings.Join(labels, ".") + "."
	qtype := binary.BigEndian.Uint16(q[off+1:])
	qend := off + 5
	key := name + "/" + map[uint16]string{1: "A", 28: "AAAA"}[qtype]
	f.queries = append(f.queries, key)
	r := append([]byte(nil), q[:qend]...)
	r[2] |= 0x80 // response
	rr := func(r []byte, namePtr uint16, typ uint16, data []byte) []byte {
		r = binary.BigEndian.AppendUint16(r, 0xc000|namePtr)
		r = binary.BigEndian.AppendUint16(r, typ)
		r = append(r, 0, 1, 0, 0, 0, 60)
		r = binary.BigEndian.AppendUint16(r, uint16(len(data)))
		return append(r, data...)
	}
	if target, ok := f.cname[name]; ok {
		tk := target + "/" + map[uint16]string{1: "A", 28: "AAAA"}[qtype]
		data, ok := f.records[tk]
		if !ok {
			r[3] = 3
			return r
		}
		var tn []byte
		for _, l := range strings.Split(strings.TrimSuffix(target, "."), ".") {
			tn = append(append(tn, byte(len(l))), l...)
		}
		tn = append(tn, 0)
		cnameAt := len(r) + 12 // where the CNAME's rdata (the target name) starts
		r = rr(r, 12, 5, tn)
		r = rr(r, uint16(cnameAt), qtype, data)
		binary.BigEndian.PutUint16(r[6:], 2)
		return r
	}
	data, ok := f.records[key]
	if !ok {
		if _, other := f.records[name+"/A"]; other || f.records[name+"/AAAA"] != nil {
			return r // the name exists, not this type: empty answer
		}
		r[3] = 3 // NXDOMAIN
		return r
	}
	r = rr(r, 12, qtype, data)
	binary.BigEndian.PutUint16(r[6:], 1)
	return r
}

func TestLookupDNS(t *testing.T) {
	v6 := bytes.Repeat([]byte{0xfd}, 16)
	f := &fakeDNS{
		records: map[string][]byte{
			"collector.svc.local./A":  {10, 1, 2, 3},
			"alias-target.example./A": {10, 9, 9, 9},
			"only6.example./AAAA":     v6,
		},
		cname: map[string]string{"alias.example.": "alias-target.example."},
	}
	c := dnsConfig{servers: []string{f.start(t)}, search: []string{"svc.local"}, ndots: 1, timeout: time.Second}
	tests := []struct {
		name string
		want []byte
	}{
		{"collector", []byte{10, 1, 2, 3}},
		{"alias.example", []byte{10, 9, 9, 9}},
		{"only6.example", v6},
	}
	for _, tt := range tests {
		got, err := lookupDNS(c, tt.name, time.Now().Add(5*time.Second))
		if err != nil || !bytes.Equal(got, tt.want) {
			t.Errorf("lookupDNS(%q) = %v, %v; want %v", tt.name, got, err, tt.want)
		}
	}
	if _, err := lookupDNS(c, "missing", time.Now().Add(5*time.Second)); err == nil || !strings.Contains(err.Error(), "no such host") {
		t.Errorf("missing name: err %v, want no such host", err)
	}
}

func TestLookupDNSBadServers(t *testing.T) {
	garbage := &fakeDNS{garbage: true}
	c := dnsConfig{servers: []string{garbage.start(t)}, ndots: 1, timeout: time.Second}
	if ip, err := lookupDNS(c, "x.example", time.Now().Add(2*time.Second)); err == nil {
		t.Errorf("garbage answer: got %v, want an error", ip)
	}
	silent := &fakeDNS{silent: true}
	c = dnsConfig{servers: []string{silent.start(t)}, ndots: 1, timeout: 5 * time.Second}
	start := time.Now()
	_, err := lookupDNS(c, "x.example", time.Now().Add(300*time.Millisecond))
	if err == nil {
		t.Fatal("silent server: want an error")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("silent server: gave up after %v, want about the 300ms deadline", d)
	}
}

func TestParseDNSAnswerTruncated(t *testing.T) {
	f := &fakeDNS{records: map[string][]byte{"a.example./A": {1, 2, 3, 4}}}
	q, id, err := dnsQuery("a.example.", 1)
	if err != nil {
		t.Fatal(err)
	}
	full := f.answer(q)
	if ip, err := parseDNSAnswer(full, id, 1); err != nil || !bytes.Equal(ip, []byte{1, 2, 3, 4}) {
		t.Fatalf("full answer: %v %v", ip, err)
	}
	for n := 0; n < len(full); n++ {
		if ip, err := parseDNSAnswer(full[:n], id, 1); err == nil {
			t.Errorf("answer cut at %d bytes: got %v, want an error", n, ip)
		}
	}
}
