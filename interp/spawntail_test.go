package interp

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// freeFD returns the lowest descriptor number from min up that is not
// open in this process, so that a test placing descriptors at fixed
// numbers does not close one that another part of the process holds.
func freeFD(t *testing.T, min int) int {
	t.Helper()
	for fd := min; fd < 1024; fd++ {
		if _, err := fcntlGetfd(fd); err != nil {
			return fd
		}
	}
	t.Fatal("no free descriptor")
	return -1
}

func TestInPlaceTail(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	at := func(fd int) *os.File {
		t.Helper()
		if err := syscall.Dup3(int(f.Fd()), fd, syscall.O_CLOEXEC); err != nil {
			t.Fatal(err)
		}
		return os.NewFile(uintptr(fd), "test")
	}
	// well above f, whose number starts the child's scratch range
	lo := freeFD(t, int(f.Fd())+64)
	hi := freeFD(t, lo+10)
	f70, f90 := at(lo), at(hi)
	defer f70.Close()
	defer f90.Close()
	a := freeFD(t, hi+1)
	b := freeFD(t, a+20)
	fa, fb := at(a), at(b)
	defer fa.Close()
	defer fb.Close()
	table := func(m map[int]*os.File, n int) []*os.File {
		fs := make([]*os.File, n)
		for i, g := range m {
			fs[i] = g
		}
		return fs
	}
	for _, tc := range []struct {
		name  string
		files []*os.File
		k     int
		keep  []int
	}{
		{"std only", table(map[int]*os.File{0: f, 1: f, 2: f}, 3), 3, nil},
		{"few closed slots", table(map[int]*os.File{0: f, 1: f, 2: f, 10: f70}, 11), 11, nil},
		{"inherited high fd", table(map[int]*os.File{0: f, 1: f, 2: f, lo: f70}, lo+1), 3, []int{lo}},
		{"two in place", table(map[int]*os.File{0: f, 1: f, 2: f, lo: f70, hi: f90}, hi+1), 3, []int{lo, hi}},
		{"moved one stops the trim", table(map[int]*os.File{0: f, 1: f, 2: f, 5: f70, hi: f90}, hi+1), 6, []int{hi}},
		{"not in place at the end", table(map[int]*os.File{0: f, 1: f, 2: f, hi: f70}, hi+1), hi + 1, nil},
		// the list would end at a-1 and the child move its error pipe to
		// a (one past the list and past every number in it): a goes in
		// the list
		{"kept where the child moves its pipe", table(map[int]*os.File{0: f, 1: f, 2: f, a - 2: f, a: fa, b: fb}, b+1), a + 1, []int{b}},
	} {
		k, keep := inPlaceTail(tc.files)
		if k != tc.k || !slices.Equal(keep, tc.keep) {
			t.Errorf("%s: inPlaceTail = %d, %v; want %d, %v", tc.name, k, keep, tc.k, tc.keep)
		}
	}
}

// TestSpawnInheritsInPlace checks what a program gets when the list is
// trimmed: the inherited descriptor in place, not one the script closed
// for it, and none of this process's close-on-exec ones.
func TestSpawnInheritsInPlace(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc")
	}
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// fd n80 is inherited (in the table, in place); fd n60 is only this
	// process's, close-on-exec
	n60 := freeFD(t, 60)
	n80 := freeFD(t, n60+10)
	if err := syscall.Dup3(int(f.Fd()), n80, syscall.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	f80 := os.NewFile(uintptr(n80), "fd80")
	defer f80.Close()
	if err := syscall.Dup3(int(f.Fd()), n60, syscall.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(n60)
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	r, err := New(StdIO(f, out, out), Env([]string{"PATH=/usr/bin:/bin"}), Dir(dir),
		ExtraFiles(map[int]*os.File{n80: f80}))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.NewReplacer("80", strconv.Itoa(n80), "60", strconv.Itoa(n60)).Replace(
		`/bin/sh -c 'for fd in 60 80; do [ -e /proc/self/fd/$fd ] && echo "open $fd"; done; echo end'
/bin/sh -c '[ -e /proc/self/fd/80 ] && echo "still 80"; echo end' 80>&-
`)
	if st := r.RunIncremental(src, "t"); st != 0 {
		t.Fatalf("status %d", st)
	}
	got, _ := os.ReadFile(out.Name())
	if want := "open " + strconv.Itoa(n80) + "\nend\nend\n"; string(got) != want {
		t.Errorf("programs saw %q, want %q", got, want)
	}
	// close-on-exec is back on the inherited descriptor
	if fl, err := fcntlGetfd(n80); err != nil || fl&syscall.FD_CLOEXEC == 0 {
		t.Errorf("fd %d flags %#x, %v: close-on-exec not restored", n80, fl, err)
	}
}
