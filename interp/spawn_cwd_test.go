package interp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Runner that starts in the process's directory lets children inherit
// it instead of changing directory per spawn; once the script changes
// directory (even back to where it started) children are placed
// explicitly. Either way a child must run where the shell is.
func TestChildDirectoryWithoutDirOption(t *testing.T) {
	if _, err := os.Stat("/bin/pwd"); err != nil {
		t.Skip("no /bin/pwd")
	}
	cwd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	phys, _ := filepath.EvalSymlinks(cwd)
	other := t.TempDir()
	otherPhys, _ := filepath.EvalSymlinks(other)
	src := `/bin/pwd -P
(cd "$1" && /bin/pwd -P)
/bin/pwd -P
cd "$1"; /bin/pwd -P
cd - >/dev/null; /bin/pwd -P
exec /bin/pwd -P`
	out, errOut, st := runCaptured(t, src, Env([]string{"PATH=/usr/bin:/bin"}), Params("t", other))
	want := strings.Join([]string{phys, otherPhys, phys, otherPhys, phys, phys}, "\n") + "\n"
	if out != want || st != 0 {
		t.Errorf("got status %d, stdout:\n%s\nstderr:\n%s\nwant:\n%s", st, out, errOut, want)
	}
}
