package realprogs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// need skips the test when one of the programs (names looked up in PATH,
// or absolute paths) is not installed.
func need(t *testing.T, progs ...string) {
	t.Helper()
	for _, p := range progs {
		var err error
		if strings.Contains(p, "/") {
			_, err = os.Stat(p)
		} else {
			_, err = exec.LookPath(p)
		}
		if err != nil {
			t.Skipf("%s is not installed (see README.md for the apt packages)", p)
		}
	}
}

// scriptCase is a bash script run in a fresh directory under each shell;
// setup prepares the directory, keepFiles says whether the files left
// behind are compared too.
type scriptCase struct {
	name      string
	script    string
	setup     func(t *testing.T, dir string)
	keepFiles bool
	timeout   time.Duration
}

// runScripts runs each case as `bash script.sh` under bash and under nash
// (in the same directory path for both, so that paths in the output
// match) and compares the results.
func runScripts(t *testing.T, cases []scriptCase) {
	sh := shells(t)
	for _, c := range cases {
		c := c
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "work")
			timeout := c.timeout
			if timeout == 0 {
				timeout = 60 * time.Second
			}
			var res [2]result
			for i, s := range sh {
				os.RemoveAll(dir)
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if c.setup != nil {
					c.setup(t, dir)
				}
				if err := os.WriteFile(filepath.Join(dir, "script.sh"), []byte(c.script), 0o644); err != nil {
					t.Fatal(err)
				}
				res[i] = s.run(t, dir, timeout, "", "bash", "script.sh")
				if !c.keepFiles {
					res[i].files = ""
				}
			}
			if res[0].stdout == "" && res[0].stderr == "" {
				t.Fatalf("%s printed nothing under bash: the case does not exercise anything", c.name)
			}
			compareKnown(t, c.name, res[0], res[1])
		})
	}
}

// TestNeofetch runs neofetch (10,000 lines of bash) with output that
// depends only on the machine: memory, uptime, CPU speed and the package
// count, which can change between the two runs, are left out.
func TestNeofetch(t *testing.T) {
	need(t, "neofetch")
	const off = "--disable memory uptime cpu packages"
	runScripts(t, []scriptCase{
		{name: "neofetch --stdout", script: "neofetch --stdout " + off + "\n"},
		{name: "neofetch --config none", script: "neofetch --config none --stdout " + off + "\n"},
		{name: "neofetch --off", script: "neofetch --off " + off + " --color_blocks off\n"},
		{name: "neofetch ascii", script: "neofetch --ascii_distro arch " + off + " --colors 1 2 3 4 5 6 --bold off --underline off --separator ' ->'\n"},
		{name: "neofetch -v", script: "neofetch -v " + off + " 2>&1 >/dev/null | grep -v '^\\[!\\] \\[.*\\] Info: Time'\n"},
		{name: "neofetch help and errors", script: "neofetch --help | head -40; neofetch --version; neofetch --nosuchflag " + off + "; echo rc=$?; neofetch --print_config | head -30\n"},
	})
}

// TestShunit2 runs the examples shunit2 ships and our own shunit2 test
// files (assertions, failures, skipping, line-numbered ASSERT macros, a
// suite function) through shunit2 itself.
func TestShunit2(t *testing.T) {
	need(t, "/usr/share/shunit2/shunit2")
	own := filepath.Join(repoRoot(t), "tests", "realprogs", "shunit2")
	setup := func(t *testing.T, dir string) {
		t.Helper()
		// the examples source ../shunit2
		ex := filepath.Join(dir, "ex")
		copyFiles(t, "/usr/share/doc/shunit2/examples", ex)
		copyFiles(t, own, ex)
		copyFiles(t, "/usr/share/shunit2", dir)
	}
	var cases []scriptCase
	for _, ex := range []string{"equality_test.sh", "lineno_test.sh", "math_test.sh", "mkdir_test.sh",
		"mock_file_test.sh", "party_test.sh", "suite_test.sh"} {
		cases = append(cases, scriptCase{name: "example " + ex, setup: setup,
			script: "cd ex && [ -f " + ex + " ] || exit 0\nbash ./" + ex + "; echo rc=$?\n"})
	}
	cases = append(cases,
		scriptCase{name: "my_test", setup: setup, script: "cd ex && PATH=$PWD/..:$PATH bash ./my_test.sh; echo rc=$?\n"},
		scriptCase{name: "my_test as sh", setup: setup, script: "cd ex && PATH=$PWD/..:$PATH sh ./my_test.sh; echo rc=$?\n"},
		scriptCase{name: "my_test selected", setup: setup, script: "cd ex && PATH=$PWD/..:$PATH bash ./my_test.sh -- testEquality testFailures; echo rc=$?\n"},
		scriptCase{name: "suite_test", setup: setup, script: "cd ex && PATH=$PWD/..:$PATH SHUNIT_COLOR=always bash ./suite_test.sh; echo rc=$?\n"},
	)
	runScripts(t, cases)
}

// copyFiles copies the regular files of dir src into dst.
func copyFiles(t *testing.T, src, dst string) {
	t.Helper()
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Skipf("%s: %v", src, err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), data, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// bashCompletionDriver sources bash-completion and completes command
// lines by calling the completion functions as readline would, printing
// COMPREPLY.
const bashCompletionDriver = `. /usr/share/bash-completion/bash_completion
mkdir -p dir1/sub dir2; touch file1.txt file2.c .hidden 'sp ace' dir1/x; ln -s dir1 link1
drive() {
  local line=$1
  COMP_LINE=$line; COMP_POINT=${#line}
  read -ra COMP_WORDS <<<"$line"
  [[ $line == *' ' ]] && COMP_WORDS+=("")
  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
  local cmd=${COMP_WORDS[0]} spec func
  spec=$(complete -p "$cmd" 2>/dev/null) || { __load_completion "$cmd"; spec=$(complete -p "$cmd" 2>/dev/null); }
  COMPREPLY=()
  if [[ $spec =~ -F\ ([^ ]+) ]]; then
    func=${BASH_REMATCH[1]}
    "$func" "$cmd" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    echo "[$line] $func rc=$? n=${#COMPREPLY[@]}: ${COMPREPLY[*]:0:60}"
  else
    echo "[$line] spec: $spec"
  fi
}
`

// TestBashCompletion sources bash-completion (2,000 lines of bash and a
// completion file per command) and calls its functions directly.
func TestBashCompletion(t *testing.T) {
	need(t, "/usr/share/bash-completion/bash_completion")
	lines := []string{"ls --col", "ls ", "ls d", "cd d", "grep --i", "kill -", "kill -s ", "man ls", "ssh ",
		"tar x", "tar -", "tar -xf ", "make ", "chmod ", "chown ro", "git ", "apt-get ins", "dpkg -",
		"systemctl ", "systemctl st", "find . -na", "sudo ls --al", "export PA", "unset BASH_V", "type l",
		"declare -", "set -o ", "shopt -s ext", "complete -", "help compg", "curl --he", "diff -",
		"sort --", "head -", "gzip -", "useradd -", "su ", "nice ", "timeout ", "cp -", "rm -r",
		"mkdir -", "stat ", "readlink -", "dd ", "printf ", "alias ", "ulimit -", "umask -", "cut -",
		"wc -", "od -", "base64 -", "sha256sum ", "iconv -", "locale -", "service ", "env ", "xargs ",
		"bind ", "bind -", "arp ", "gdbus ", "gsettings ", "gresource ", "function ", "sysctl kernel.h"}
	var sb strings.Builder
	sb.WriteString(bashCompletionDriver)
	for _, l := range lines {
		sb.WriteString("drive " + singleQuoteGo(l) + "\n")
	}
	// a completion file that sets completion-ignore-case changes what
	// the later ones list
	sb.WriteString("drive 'larch --'\nbind 'set completion-ignore-case on' 2>/dev/null\ndrive 'prlimit x'\ndrive 'ls F'\n")
	runScripts(t, []scriptCase{
		{name: "complete -p", script: ". /usr/share/bash-completion/bash_completion\ncomplete -p; echo; complete -p ls cd nosuch; echo rc=$?\n"},
		{name: "completion functions", script: sb.String()},
		{name: "helpers", script: bashCompletionDriver + `mkdir -p 'd one' d2/sub .hid; touch 'sp ace.txt' "q'uote.txt" a.tar.gz b.zip c.pdf 'd one/x.txt'
mkdir -p .ssh; printf 'Host alpha beta\n  HostName a.example\nHost *.wild\nHost gamma\n' > .ssh/config
printf 'delta.example,10.0.0.4 ssh-rsa AAA\n|1|hashed ssh-rsa BBB\n[eps]:2222 ssh-rsa CCC\n' > .ssh/known_hosts
p() { printf '<%s>' "${COMPREPLY[@]}"; echo " ($1)"; COMPREPLY=(); }
for c in "" f "'s" '"sp' 'sp\ a' d 'd\ o' "'d o" '~/d' './d' 'q' '$HO'; do cur=$c; _filedir; p "filedir [$c]"; done
cur=''; _filedir -d; p "filedir -d"
cur=''; _filedir '@(gz|zip)'; p "filedir ext"
cur=''; _filedir_xspec unzip 2>/dev/null; p xspec
COMP_WORDS=(ssh al); COMP_CWORD=1; COMP_LINE='ssh al'; COMP_POINT=6; cur=al
_known_hosts_real -a -F .ssh/config -- ''; p "kh all"
_known_hosts_real -- al; p "kh al"
_known_hosts_real -p pre@ -- ''; p "kh prefix"
HOSTFILE=/dev/null _known_hosts_real -c -- 'd'; p "kh -c"
cur=r; _usergroup; p usergroup
cur=root:r; _usergroup; p usergroup2
cur=''; _services 2>/dev/null; p "services ${#COMPREPLY[@]}" >/dev/null; echo services
cur=lo; _available_interfaces; p ifaces
cur=SIGT; _signals SIG; p signals
cur=''; _user_at_host 2>/dev/null; p uah
COMP_WORDS=(cmd --opt=val x); COMP_CWORD=1; COMP_LINE='cmd --opt=val x'; COMP_POINT=9
_get_comp_words_by_ref -n = -c c -p pv -w w -i ci; echo "c=$c pv=$pv ci=$ci w=${w[*]}"
_get_cword; echo; _get_pword; echo
COMP_WORDS=(cmd a b); COMP_CWORD=2; COMP_LINE='cmd a b'; COMP_POINT=7; _count_args; echo "args=$args"
_upvars -v x 1 -a2 arr a b; echo "x=$x arr=${arr[*]}"
_split_longopt; echo "split=$?"
__ltrim_colon_completions "a:"; echo ok
COMPREPLY=(a:b:c a:b:d); cur=a:b:; __ltrim_colon_completions "$cur"; p ltrim
_comp_cmd_x 2>/dev/null; echo "nofunc=$?"
_xfunc ssh _ssh_ciphers 2>/dev/null; p ciphers
have ls && echo have-ls; _have nosuch || echo no-nosuch
_rl_enabled completion-ignore-case && echo rl-on || echo rl-off
_ncpus >/dev/null && echo ncpus
_included_ssh_config_files .ssh/config; echo "incl=$?"
_tilde '~r'; echo "tilde=$?"
_dvd_devices 2>/dev/null; p dvd
_terms 2>/dev/null; echo terms=${#COMPREPLY[@]}; COMPREPLY=()
`},
	})
}

func singleQuoteGo(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// TestMakeself builds self-extracting archives with makeself and runs
// them (list, check, extract, run the setup script, a corrupted archive).
// gzip stores the time it compressed the payload, so the checksums are
// masked and the archives themselves not compared; the files extracted
// are.
func TestMakeself(t *testing.T) {
	need(t, "makeself")
	runScripts(t, []scriptCase{{name: "makeself", script: `mkdir payload
echo "hello payload" > payload/data.txt
printf '#!/bin/sh\necho "setup ran, args: $*"\ncat data.txt\n' > payload/setup.sh
chmod +x payload/setup.sh
touch -d @1000000000 payload payload/*
export TZ=UTC
makeself --nox11 --packaging-date "Mon Jan 1 00:00:00 UTC 2024" payload out.run "Test archive" ./setup.sh a1 2>&1 |
	sed 's/[0-9]* KB/N KB/; s/^\(CRC\|MD5\): .*/\1: X/'
sh ./out.run --info
sh ./out.run --list
sh ./out.run --check
sh ./out.run --nox11 --quiet -- extra
sh ./out.run --noexec --target tgt; ls tgt
sh ./out.run --lsm
bash ./out.run --nox11 --target t2 xx
makeself --bzip2 --notemp --packaging-date X payload out3.run "T3" >/dev/null 2>&1
rm -rf payload
sh ./out3.run --nox11 --noexec; echo "rc=$?"; ls payload
head -c 100 out.run > trunc.run; sh ./trunc.run; echo "rc=$?"
printf x >> out.run; sh ./out.run --check; echo "rc=$?"
ls -lR tgt t2 payload | sed 's/ [A-Z][a-z][a-z] [ 0-9][0-9] [0-9:]* / DATE /'
`}})
}

// TestRbenv runs rbenv's commands (bash scripts in libexec) on a fake
// RBENV_ROOT with two "installed" versions.
func TestRbenv(t *testing.T) {
	need(t, "rbenv")
	runScripts(t, []scriptCase{{name: "rbenv", script: `export RBENV_ROOT=$PWD/.rbenv
rbenv --version; rbenv help | head -20; rbenv root
rbenv versions; echo rc=$?
mkdir -p $RBENV_ROOT/versions/3.1.0/bin $RBENV_ROOT/versions/2.7.8/bin
printf '#!/bin/sh\necho "ruby $*"\n' > $RBENV_ROOT/versions/3.1.0/bin/ruby; chmod +x $RBENV_ROOT/versions/3.1.0/bin/ruby
cp $RBENV_ROOT/versions/3.1.0/bin/ruby $RBENV_ROOT/versions/2.7.8/bin/ruby
rbenv rehash; ls $RBENV_ROOT/shims; rbenv versions
rbenv global 3.1.0; rbenv version
echo 2.7.8 > .ruby-version; rbenv version; rbenv version-name; rbenv version-origin
rbenv local; rbenv local 3.1.0; cat .ruby-version
rbenv which ruby; rbenv whence ruby; rbenv exec ruby -v
RBENV_VERSION=9.9 rbenv version; echo rc=$?
rbenv shell; echo rc=$?
rbenv init - | head -30
rbenv commands; rbenv completions local; rbenv prefix 3.1.0
rbenv nosuch; echo rc=$?
rbenv version-file; rbenv hooks exec
eval "$(rbenv init -)"; rbenv shell 2.7.8; echo $RBENV_VERSION; rbenv version
`}})
}

// TestPass runs pass, the password store (a 700-line bash script), with a
// throwaway GnuPG home and a key without passphrase.
func TestPass(t *testing.T) {
	need(t, "pass", "gpg")
	// the gpg-agent of the first run is stopped at the end: the second
	// run uses the same directory
	runScripts(t, []scriptCase{{name: "pass", timeout: 120 * time.Second, script: `export GNUPGHOME=$PWD/gnupg PASSWORD_STORE_DIR=$PWD/store
mkdir -m 700 -p $GNUPGHOME
trap 'gpgconf --kill all' EXIT
gpg --batch --quiet --passphrase '' --quick-gen-key 'Test <t@example.com>' default default never 2>/dev/null
fpr=$(gpg --list-keys --with-colons 2>/dev/null | awk -F: '/^fpr/{print $10; exit}')
[ -n "$fpr" ] || { echo "no key: gpg cannot make one here"; exit 0; }
pass init "$fpr" | sed "s/$fpr/FPR/"
echo "s3cret" | pass insert -e web/site1; echo rc=$?
printf 'pw2\npw2\n' | pass insert web/site2; echo rc=$?
printf 'line1\nline2\n' | pass insert -m notes/multi; echo rc=$?
pass ls; pass show web/site1; pass web/site2; pass show notes/multi
pass show nosuch; echo rc=$?
pass generate -n gen/one 16 >/dev/null; echo rc=$?; pass show gen/one | wc -c
pass mv web/site1 web/moved; pass ls web
pass cp web/moved web/copy; pass find mov; pass grep s3c
pass rm -f web/copy; pass ls
pass version | head -3; pass help | head -5
pass show -c web/moved; echo rc=$?
# an identity of its own: whether git finds one for root depends on the
# machine (an MTA's /etc/mailname gives one); the first commit's hash and
# line counts are of gpg's random output (before .gitattributes, git may
# take a .gpg file for text)
export GIT_AUTHOR_NAME=n GIT_AUTHOR_EMAIL=a@b GIT_COMMITTER_NAME=n GIT_COMMITTER_EMAIL=a@b
pass git init 2>&1 | grep -v -e '^hint:' -e ' changed, ' | sed 's/Initialized empty Git repository in .*/INIT/; s/[0-9a-f]\{7,\}/HASH/g'
git -C $PASSWORD_STORE_DIR config user.email a@b; git -C $PASSWORD_STORE_DIR config user.name n
h() { "$@" 2>&1 | sed 's/[0-9a-f]\{7,\}/HASH/g'; }
echo one | h pass insert -e a/b
EDITOR='sed -i s/one/two/' h pass edit a/b
pass a/b; pass git log --format=%s
h pass generate --no-symbols a/c 12 | tail -1 | wc -c
h pass generate --in-place a/c 8 | tail -1 | wc -c
h pass generate a/c <<<n | wc -l
pass init -p sub "$fpr" 2>&1 | sed "s/$fpr/FPR/g; s/[0-9a-f]\\{7,\\}/HASH/g"
pass insert -m sub/x <<<'multi' >/dev/null; pass show sub/x
h pass rm -r sub <<<y
pass ls a; pass show a/nonexist; echo rc=$?
pass mv nope x; echo rc=$?
h pass cp -f a/b a/d; pass a/d
pass show --qrcode a/b; echo rc=$?
pass grep -i TWO; pass find x y
`}})
}
