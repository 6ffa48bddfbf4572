package realprogs

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// sweepCases are the programs of the real-programs sweep: each script in
// sweep/ drives one program (or a family) through its commands under
// bash and nash, and runs when the programs it needs are installed.
var sweepCases = []struct {
	script string   // file in sweep/
	needs  []string // programs (PATH names or absolute paths)
	why    string   // what it exercises
}{
	{"git-shell.sh", []string{"git", "/usr/lib/git-core/git-sh-setup"},
		"git's shell commands: bisect (run, log, skip, visualize), filter-branch, submodule, request-pull, subtree, merge-octopus, mergetool, git-sh-setup"},
	{"git-completion.sh", []string{"git", "/usr/share/bash-completion/completions/git"},
		"git's bash completion (COMP_WORDS driven, 57 command lines) and __git_ps1"},
	{"git-extras.sh", []string{"git", "git-extras"},
		"git-extras' 50 bash commands; git-effort throttles its jobs with ${nJobs@P} (\\j)"},
	{"todo-txt.sh", []string{"todo-txt"}, "todo.txt-cli (1,500 lines of bash)"},
	{"screenfetch.sh", []string{"screenfetch"}, "screenFetch (6,700 lines of bash), its logos and options"},
	{"easy-rsa.sh", []string{"/usr/share/easy-rsa/easyrsa", "openssl"}, "easy-rsa (4,000 lines of sh): a CA, requests, signing, revocation"},
	{"dehydrated-gitflow-vcsh.sh", []string{"dehydrated", "git-flow", "vcsh", "keychain", "git"},
		"dehydrated, git-flow (shFlags), vcsh and keychain"},
	{"liquidprompt.sh", []string{"/usr/share/liquidprompt/liquidprompt", "git"},
		"liquidprompt's prompt building, its ${PS1@P} with a $ in the directory"},
	{"lsb-init.sh", []string{"/lib/lsb/init-functions"}, "/lib/lsb/init-functions and the /etc/init.d scripts' usage and status"},
	{"gzip-family.sh", []string{"gzip", "/usr/bin/zcmp"}, "zcmp, zdiff, bzdiff, xzdiff, zforce, gzexe, znew, zmore, lesspipe"},
	{"shar.sh", []string{"shar", "unshar"}, "shell archives made by shar (plain, mixed, uuencoded, gzipped) unpacked by the shell"},
	{"dkms.sh", []string{"/usr/sbin/dkms"}, "dkms (2,500 lines of bash) on a private tree: add, status, build errors, remove"},
	{"env-parallel.sh", []string{"parallel", "/usr/bin/env_parallel.bash"},
		"GNU parallel's env_parallel, which ships functions, arrays, associative arrays and aliases to its jobs through declare -p, typeset -f and alias output"},
	{"git-contrib.sh", []string{"git", "/usr/share/doc/git/contrib/rerere-train.sh", "/usr/share/doc/git/contrib/git-jump/git-jump"},
		"git's contrib scripts: rerere-train, git-resurrect, git-jump, remotes2config"},
	{"debian-tools.sh", []string{"/usr/bin/dpkg-maintscript-helper"},
		"dpkg-maintscript-helper, *-config scripts, c89/c99, sensible-*, autoconf, libtoolize, tzselect and more (each where installed)"},
	{"bats-libs.sh", []string{"bats", "/usr/lib/bats/bats-support/load.bash", "/usr/lib/bats/bats-assert/load.bash", "/usr/lib/bats/bats-file/load.bash"},
		"bats-support, bats-assert and bats-file: passing assertions and the failure messages bats-support formats"},
	{"bats-mock.sh", []string{"bats", "/usr/lib/node_modules/bats-mock/stub.bash"}, "bats-mock (npm): stub/unstub and binstub's plan of expected calls"},
	{"n.sh", []string{"n"}, "n, the node version manager (npm, 1,750 lines of bash), offline on a fake cache; also under -x (readonly NAME= traced)"},
	{"venv.sh", []string{"/usr/bin/python3"}, "python's venv activate/deactivate sourced into the shell"},
	{"git-hooks.sh", []string{"git", "/usr/share/git-core/templates/hooks/pre-commit.sample"},
		"git's sample hooks run by git (pre-commit, commit-msg, pre-rebase, pre-push, update ...), rebase -i with a sequence editor script, ! aliases"},
	{"debconf.sh", []string{"/usr/share/debconf/confmodule", "/usr/share/debconf/frontend"},
		"the installed packages' debconf config scripts through confmodule and the frontend, on a private database"},
	{"lynis.sh", []string{"/usr/sbin/lynis"}, "lynis (30,000 lines of sh): its show commands and a quick audit of two groups"},
	{"xdg.sh", []string{"/usr/bin/xdg-mime"}, "xdg-utils (xdg-mime, xdg-settings, xdg-open, xdg-icon-resource, xdg-desktop-menu ...) on a private XDG tree"},
}

// TestSweep runs the sweep's scripts; see sweepCases.
func TestSweep(t *testing.T) {
	dir := filepath.Join(repoRoot(t), "tests", "realprogs", "sweep")
	for _, c := range sweepCases {
		c := c
		t.Run(c.script, func(t *testing.T) {
			need(t, c.needs...)
			text, err := os.ReadFile(filepath.Join(dir, c.script))
			if err != nil {
				t.Fatal(err)
			}
			t.Log(c.why)
			runScripts(t, []scriptCase{{name: c.script, script: string(text), timeout: 120 * time.Second}})
		})
	}
}
