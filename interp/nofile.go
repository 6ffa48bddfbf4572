package interp

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// The Go runtime raises its soft open-files limit to the hard limit (less
// one) when the process starts, and restores the original in the
// children it starts; the original, which bash's ulimit -n shows, is not
// kept anywhere this package can read. So when the soft limit is the
// runtime's (hard - 1), a child is asked: the real bash started without
// the raise reports the limit the shell was given. The answer is a fact
// about the process, the same for every Runner in it, asked once.
var startNofile struct {
	once sync.Once
	cur  uint64
	ok   bool
}

// nofileCur is the soft open-files limit the shell was started with, for
// the limit l the process has now.
func (r *Runner) nofileCur(l syscall.Rlimit) uint64 {
	if l.Max == rlimInfinity || l.Cur+1 != l.Max || r.sh.realBash == nil {
		return l.Cur // not raised: the runtime sets exactly hard - 1
	}
	startNofile.once.Do(func() {
		startNofile.cur, startNofile.ok = askNofile(r.sh.realBash())
	})
	if startNofile.ok && startNofile.cur <= l.Max {
		return startNofile.cur
	}
	return l.Cur
}

// askNofile runs bash -c 'ulimit -Sn' and parses its answer.
func askNofile(bash string) (uint64, bool) {
	if bash == "" {
		return 0, false
	}
	outR, out, err := newPipe()
	if err != nil {
		return 0, false
	}
	p, err := startShared(bash, []string{"bash", "-c", "ulimit -Sn"}, &os.ProcAttr{
		Dir:   "/",
		Files: []*os.File{nil, out, nil},
		Env:   []string{"PATH=/usr/bin:/bin", "LC_ALL=C"},
	})
	out.Close()
	if err != nil {
		outR.Close()
		return 0, false
	}
	data, _ := readAllFile(outR)
	outR.Close()
	p.Wait()
	s := strings.TrimSpace(string(data))
	if s == "unlimited" {
		return rlimInfinity, true
	}
	n, err := strconv.ParseUint(s, 10, 64)
	return n, err == nil
}
