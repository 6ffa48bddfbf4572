package interp

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// archiveHasLocale against archives written by glibc's own localedef:
// names match whole (the search through the whole file it replaces also
// found the tail of a name) and a deleted locale is gone.
func TestArchiveHasLocale(t *testing.T) {
	localedef, prefix := localedefPrefix(t)
	for _, args := range [][]string{
		{"-c", "-i", "POSIX", "-f", "UTF-8", "nash_TEST.UTF-8"},
		{"-c", "-i", "POSIX", "-f", "ANSI_X3.4-1968", "nash_ZZ"},
		{"--delete-from-archive", "nash_ZZ"},
	} {
		// -c: the POSIX source lacks some categories, for which localedef
		// warns and exits 1 after writing the locale
		out, err := exec.Command(localedef, append([]string{"--prefix=" + prefix}, args...)...).CombinedOutput()
		if err != nil && args[0] != "-c" {
			t.Skipf("localedef %v: %v\n%s", args, err, out)
		}
	}
	archive := filepath.Join(prefix, localeArchive)
	if _, err := os.Stat(archive); err != nil {
		t.Skipf("localedef wrote no archive: %v", err)
	}
	for _, tc := range []struct {
		names []string
		want  bool
	}{
		{[]string{"nash_TEST.UTF-8", "nash_TEST.utf8"}, true},
		{[]string{"nash_TEST.UTF-8"}, false}, // stored normalized
		{[]string{"TEST.utf8"}, false},
		{[]string{"nash_TEST"}, false},
		{[]string{"nash_ZZ"}, false}, // deleted
		{[]string{"nash_ZZ.ansix341968"}, true},
	} {
		if got := archiveHasLocale(archive, tc.names); got != tc.want {
			t.Errorf("archiveHasLocale(%v) = %v, want %v", tc.names, got, tc.want)
		}
	}
	junk := filepath.Join(prefix, "junk")
	if err := os.WriteFile(junk, []byte("nash_TEST.utf8\x00 not an archive"), 0o644); err != nil {
		t.Fatal(err)
	}
	if archiveHasLocale(junk, []string{"nash_TEST.utf8"}) {
		t.Error("a file without the archive's magic number holds a locale")
	}
}

// The decimal point of a locale in the archive, where Debian's locales
// package puts them: fr_FR's is a comma.
func TestArchiveRadix(t *testing.T) {
	localedef, prefix := localedefPrefix(t)
	if out, err := exec.Command(localedef, "--prefix="+prefix, "-c", "-i", "fr_FR", "-f", "UTF-8", "nash_FR.UTF-8").CombinedOutput(); err != nil {
		if _, serr := os.Stat(filepath.Join(prefix, localeArchive)); serr != nil {
			t.Skipf("localedef: %v\n%s", err, out)
		}
	}
	archive := filepath.Join(prefix, localeArchive)
	names := []string{"nash_FR.UTF-8", "nash_FR.utf8"}
	if got := parseRadix(archiveCategory(archive, names, lcNumeric)); got != "," {
		t.Errorf("radix of the archived nash_FR.UTF-8 = %q, want \",\"", got)
	}
	if got := parseRadix(archiveCategory(archive, []string{"nash_XX.utf8"}, lcNumeric)); got != "" {
		t.Errorf("radix of a locale not in the archive = %q, want none", got)
	}
	if parseByteCtype(archiveCategory(archive, names, lcCtype)) != nil {
		t.Error("a UTF-8 locale read as a single-byte one")
	}
}

// localedefPrefix returns glibc's localedef and a new directory for its
// --prefix, under which it writes usr/lib/locale/locale-archive; the
// test is skipped without localedef.
func localedefPrefix(t *testing.T) (localedef, prefix string) {
	localedef, err := exec.LookPath("localedef")
	if err != nil {
		t.Skip("no localedef")
	}
	prefix = t.TempDir()
	if err := os.MkdirAll(filepath.Join(prefix, "usr/lib/locale"), 0o755); err != nil {
		t.Fatal(err)
	}
	return localedef, prefix
}
