package interp

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

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
	f70, f90 := at(70), at(90)
	defer f70.Close()
	defer f90.Close()
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
		{"inherited high fd", table(map[int]*os.File{0: f, 1: f, 2: f, 70: f70}, 71), 3, []int{70}},
		{"two in place", table(map[int]*os.File{0: f, 1: f, 2: f, 70: f70, 90: f90}, 91), 3, []int{70, 90}},
		{"moved one stops the trim", table(map[int]*os.File{0: f, 1: f, 2: f, 5: f70, 90: f90}, 91), 6, []int{90}},
		{"not in place at the end", table(map[int]*os.File{0: f, 1: f, 2: f, 90: f70}, 91), 91, nil},
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
	// fd 80 is inherited (in the table, in place); fd 60 is only this
	// process's, close-on-exec
	if err := syscall.Dup3(int(f.Fd()), 80, syscall.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	f80 := os.NewFile(80, "fd80")
	defer f80.Close()
	if err := syscall.Dup3(int(f.Fd()), 60, syscall.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(60)
	dir := t.TempDir()
	out, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	r, err := New(StdIO(f, out, out), Env([]string{"PATH=/usr/bin:/bin"}), Dir(dir),
		ExtraFiles(map[int]*os.File{80: f80}))
	if err != nil {
		t.Fatal(err)
	}
	src := `/bin/sh -c 'for fd in 60 80; do [ -e /proc/self/fd/$fd ] && echo "open $fd"; done; echo end'
/bin/sh -c '[ -e /proc/self/fd/80 ] && echo "still 80"; echo end' 80>&-
`
	if st := r.RunIncremental(src, "t"); st != 0 {
		t.Fatalf("status %d", st)
	}
	got, _ := os.ReadFile(out.Name())
	if want := "open 80\nend\nend\n"; string(got) != want {
		t.Errorf("programs saw %q, want %q", got, want)
	}
	// close-on-exec is back on the inherited descriptor
	if fl, err := fcntlGetfd(80); err != nil || fl&syscall.FD_CLOEXEC == 0 {
		t.Errorf("fd 80 flags %#x, %v: close-on-exec not restored", fl, err)
	}
}
