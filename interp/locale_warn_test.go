package interp

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A shell's start looks up no locale named by LANG or LC_* (only LC_ALL,
// whose failure it reports): the lookups wait for the first assignment of
// a locale variable, whose warning is as if they had been done at start
// (the corpus case exp3/setlocale-startup compares the wording with bash).
func TestLocaleStartupLookupWaits(t *testing.T) {
	// a name no earlier run (of -count=N) has put in the process's cache
	name := "zz_ZZ.nash" + strconv.Itoa(os.Getpid()) + "x" + strconv.FormatInt(time.Now().UnixNano(), 36)
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	errR, errW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(StdIO(null, null, errW), Env([]string{"PATH=/usr/bin:/bin", "LANG=" + name}))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := localeCache.Load(name); ok {
		t.Fatalf("New looked up LANG=%s", name)
	}
	script := filepath.Join(t.TempDir(), "s.sh")
	if err := os.WriteFile(script, []byte("LC_CTYPE="+name+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(script)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var stderr bytes.Buffer
	done := make(chan struct{})
	go func() { stderr.ReadFrom(errR); close(done) }()
	r.RunReader(f, "s.sh")
	r.fds.releaseAll()
	errW.Close()
	<-done
	if _, ok := localeCache.Load(name); !ok {
		t.Errorf("assigning LC_CTYPE did not look up %s", name)
	}
	if want := "LC_CTYPE: cannot change locale (" + name + ")"; !strings.Contains(stderr.String(), want) {
		t.Errorf("stderr %q lacks %q", stderr.String(), want)
	}
}
