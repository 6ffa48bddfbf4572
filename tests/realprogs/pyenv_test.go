package realprogs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pyenvRoot is where the machine image installs pyenv with its plugins
// and their own bats suites.
const pyenvRoot = "/root/.pyenv"

// pyenvSuites are parts of the bats suites pyenv's plugins ship, chosen
// for what they found: python-build's build log ("${!NAME_ARRAY}" of no
// array gave make an empty argument) and checksums ("${url/\#}" was
// read as an anchor), pyenv-virtualenv's installer (its teardown removes
// the directory the test cd'ed into, then bats runs rm there).
var pyenvSuites = []struct {
	dir    string // below pyenvRoot
	filter string // bats -f
	files  []string
}{
	{"plugins/python-build", "yaml is installed for python|package flags come later|apply python patch before|PYTHON_MAKE_INSTALL_OPTS|valid checksum|invalid checksum|md5",
		[]string{"test/build.bats", "test/checksum.bats"}},
	{"plugins/pyenv-virtualenv", "", []string{"test/installer.bats"}},
}

// TestPyenvSuites runs those suites with bats, the test helpers and
// pyenv's own commands under each shell. Their helpers reset PATH to
// /usr/bin:/bin and the scripts start with #!/usr/bin/env bash, so for
// nash the run is made in a private mount namespace where bin/nash is
// bind-mounted over /usr/bin/bash (root only; skipped otherwise).
func TestPyenvSuites(t *testing.T) {
	need(t, "bats", "/usr/bin/unshare", filepath.Join(pyenvRoot, "plugins/python-build/test/test_helper.bash"))
	if err := exec.Command("/usr/bin/unshare", "-m", "true").Run(); err != nil {
		t.Skipf("no private mount namespace (unshare -m: %v): nash cannot stand in for /usr/bin/bash", err)
	}
	sh := shells(t)
	for _, s := range pyenvSuites {
		s := s
		t.Run(filepath.Base(s.dir), func(t *testing.T) {
			dir := filepath.Join(pyenvRoot, s.dir)
			if _, err := os.Stat(dir); err != nil {
				t.Skipf("%s is not installed", dir)
			}
			cmd := "exec bats --tap"
			if s.filter != "" {
				cmd += " -f " + singleQuoteGo(s.filter)
			}
			cmd += " " + strings.Join(s.files, " ")
			var res [2]result
			for i, shl := range sh {
				script := "cd " + singleQuoteGo(dir) + " && " + cmd
				if shl.name == "nash" {
					script = "mount --bind " + singleQuoteGo(shl.bin) + " /usr/bin/bash && " + script
				}
				res[i] = shl.run(t, t.TempDir(), 180*time.Second, "",
					"/usr/bin/unshare", "-m", "--propagation", "private", "/bin/sh", "-c", script)
				res[i].files = ""
			}
			if !strings.Contains(res[0].stdout, "\nok 1 ") {
				t.Fatalf("bats under bash did not run the suite:\n%s\n%s", res[0].stdout, res[0].stderr)
			}
			compare(t, "bats "+strings.Join(s.files, " "), res[0], res[1])
		})
	}
}
