// Package realprogs runs real programs written in shell (bats and its
// test suites, Debian's shell-script tools) and hostile input under the
// real bash and under nash, and requires the same stdout, stderr, exit
// status and resulting files. See README.md for what CI must install.
package realprogs

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// realBash is the oracle.
const realBash = "/usr/bin/bash"

// repoRoot finds the module root (the directory holding go.mod) above the
// test's working directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("go.mod not found above the test directory")
		}
		dir = parent
	}
}

// shells returns the two interpreters to compare: bash and nash, each
// with a shim directory holding bash and sh symlinks to it, so that
// nested `bash`, `sh` and `#!/usr/bin/env bash` reach the same shell.
// It skips the test when bin/nash or bash is missing.
func shells(t *testing.T) []shell {
	t.Helper()
	nash := filepath.Join(repoRoot(t), "bin", "nash")
	if _, err := os.Stat(nash); err != nil {
		t.Skipf("bin/nash not built (run `make nash`): %v", err)
	}
	if _, err := os.Stat(realBash); err != nil {
		t.Skipf("the oracle %s is missing", realBash)
	}
	var out []shell
	for _, s := range []struct{ name, bin string }{{"bash", realBash}, {"nash", nash}} {
		dir := t.TempDir()
		for _, link := range []string{"bash", "sh"} {
			if err := os.Symlink(s.bin, filepath.Join(dir, link)); err != nil {
				t.Fatal(err)
			}
		}
		out = append(out, shell{name: s.name, bin: s.bin, shim: dir})
	}
	return out
}

type shell struct {
	name string // "bash" or "nash"
	bin  string // the interpreter binary
	shim string // directory with bash and sh symlinks to bin
}

// result is what one run produced.
type result struct {
	stdout, stderr string
	status         int
	files          string // listing of the work directory afterwards
}

// run runs argv (argv[0] looked up in the shim first) in dir with a
// fixed environment, a timeout and stdin, and collects the result.
func (s shell) run(t *testing.T, dir string, timeout time.Duration, stdin string, argv ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	bin := argv[0]
	if !strings.Contains(bin, "/") {
		bin = filepath.Join(s.shim, bin)
	}
	cmd := exec.CommandContext(ctx, bin, argv[1:]...)
	cmd.Dir = dir
	cmd.Env = []string{
		"PATH=" + s.shim + ":/usr/local/bin:/usr/bin:/bin",
		"HOME=" + dir,
		"LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TERM=dumb", "TMPDIR=" + dir,
		"NUCLEIC_NASH_NO_FALLBACK=1",
	}
	cmd.Stdin = strings.NewReader(stdin)
	var so, se bytes.Buffer
	cmd.Stdout, cmd.Stderr = &so, &se
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Errorf("%s: %q timed out after %v", s.name, argv, timeout)
	}
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	// the shim directory differs between the shells; it shows up where a
	// -c script names itself ($0) in messages
	stderr := strings.ReplaceAll(se.String(), s.shim, "SHIM")
	return result{stdout: so.String(), stderr: stderr, status: status, files: snapshot(t, dir)}
}

// snapshot lists the files below dir with their modes and contents;
// gzip files are listed by their decompressed contents, since the
// header holds a timestamp.
func snapshot(t *testing.T, dir string) string {
	var lines []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		info, err := d.Info()
		if err != nil {
			return nil
		}
		line := fmt.Sprintf("%s %v", rel, info.Mode())
		if info.Mode().IsRegular() {
			data, _ := os.ReadFile(p)
			if strings.HasSuffix(p, ".gz") {
				if zr, err := gzip.NewReader(bytes.NewReader(data)); err == nil {
					if plain, err := io.ReadAll(zr); err == nil {
						data = append([]byte("gunzipped:"), plain...)
					}
				}
			}
			line += fmt.Sprintf(" %q", data)
		}
		lines = append(lines, line)
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// compare reports every difference between the bash and nash results.
func compare(t *testing.T, what string, b, n result) {
	t.Helper()
	if b.stdout != n.stdout {
		t.Errorf("%s: stdout differs%s\nbash: %q\nnash: %q", what, firstDiff(b.stdout, n.stdout), clip(b.stdout), clip(n.stdout))
	}
	if b.stderr != n.stderr {
		t.Errorf("%s: stderr differs%s\nbash: %q\nnash: %q", what, firstDiff(b.stderr, n.stderr), clip(b.stderr), clip(n.stderr))
	}
	if b.status != n.status {
		t.Errorf("%s: exit status bash %d, nash %d", what, b.status, n.status)
	}
	if b.files != n.files {
		t.Errorf("%s: resulting files differ\nbash:\n%s\nnash:\n%s", what, b.files, n.files)
	}
}

// firstDiff shows the first line where two outputs differ, with the
// line before it, since clip may cut long outputs before that point.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) || i < len(lb); i++ {
		var x, y string
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y || i >= len(la) || i >= len(lb) {
			prev := ""
			if i > 0 {
				prev = la[i-1]
			}
			return fmt.Sprintf(" at line %d (after %q)\nbash: %q\nnash: %q", i+1, prev, x, y)
		}
	}
	return ""
}

func clip(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "…"
	}
	return s
}

// TestBats runs our bats suite with bats itself under bash and under
// nash (the bats driver and every test process run under the shell) and
// compares the TAP output and the exit status.
func TestBats(t *testing.T) {
	bats, err := exec.LookPath("bats")
	if err != nil {
		t.Skip("bats is not installed (apt-get install bats)")
	}
	sh := shells(t)
	suite := filepath.Join(repoRoot(t), "tests", "realprogs", "bats", "suite.bats")
	var res [2]result
	for i, s := range sh {
		dir := t.TempDir()
		// bats is a bash script: run the driver with the shell itself
		res[i] = s.run(t, dir, 60*time.Second, "", s.bin, bats, "--tap", suite)
		res[i].files = ""
	}
	if !strings.Contains(res[0].stdout, "not ok 8 deliberately failing test") {
		t.Fatalf("bats under bash did not run the suite as expected:\n%s\n%s", res[0].stdout, res[0].stderr)
	}
	compare(t, "bats --tap suite.bats", res[0], res[1])
}

// fixture writes the input files the Debian scripts work on.
func fixture(t *testing.T, dir string) {
	t.Helper()
	write := func(name, text string, gz bool) {
		var data []byte
		if gz {
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			zw.Write([]byte(text))
			zw.Close()
			data = buf.Bytes()
		} else {
			data = []byte(text)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.txt.gz", "foo one\nbar two\nFOO three\n", true)
	write("b.txt.gz", "foo one\nbaz two\n", true)
	write("same.txt.gz", "foo one\nbar two\nFOO three\n", true)
	write("plain.txt", "a foo line\nnothing\n", false)
	write("app.log", "log line 1\n", false)
}

// debianCases are shell-script programs from Debian packages, run with
// real inputs: argv runs under the shell as `sh PROGRAM ARGS…` (they are
// #!/bin/sh scripts) unless it starts with "-c".
var debianCases = []struct {
	name string
	argv []string
}{
	{"zgrep match", []string{"sh", "/usr/bin/zgrep", "foo", "a.txt.gz"}},
	{"zgrep count several", []string{"sh", "/usr/bin/zgrep", "-c", "foo", "a.txt.gz", "b.txt.gz", "plain.txt"}},
	{"zgrep -in", []string{"sh", "/usr/bin/zgrep", "-i", "-n", "FOO", "a.txt.gz"}},
	{"zgrep -e -e -h", []string{"sh", "/usr/bin/zgrep", "-h", "-e", "bar", "-e", "baz", "a.txt.gz", "b.txt.gz"}},
	{"zgrep -l", []string{"sh", "/usr/bin/zgrep", "-l", "baz", "a.txt.gz", "b.txt.gz"}},
	{"zgrep no match", []string{"sh", "/usr/bin/zgrep", "nomatch", "a.txt.gz"}},
	{"zgrep missing file", []string{"sh", "/usr/bin/zgrep", "foo", "missing.gz"}},
	{"zgrep bad option", []string{"sh", "/usr/bin/zgrep", "--no-such-option", "foo", "a.txt.gz"}},
	{"zgrep stdin", []string{"-c", "gzip -c plain.txt | sh /usr/bin/zgrep foo"}},
	{"zdiff differ", []string{"sh", "/usr/bin/zdiff", "a.txt.gz", "b.txt.gz"}},
	{"zdiff same", []string{"sh", "/usr/bin/zdiff", "a.txt.gz", "same.txt.gz"}},
	{"zdiff one arg", []string{"sh", "/usr/bin/zdiff", "a.txt.gz"}},
	{"zdiff missing", []string{"sh", "/usr/bin/zdiff", "a.txt.gz", "missing.gz"}},
	{"zcat", []string{"sh", "/usr/bin/zcat", "a.txt.gz", "b.txt.gz"}},
	{"gunzip -k", []string{"sh", "/usr/bin/gunzip", "-k", "a.txt.gz"}},
	{"gunzip missing", []string{"sh", "/usr/bin/gunzip", "missing.gz"}},
	{"which", []string{"sh", "/usr/bin/which", "ls", "gzip", "nosuchprog"}},
	{"which -a", []string{"sh", "/usr/bin/which", "-a", "ls"}},
	{"which no args", []string{"sh", "/usr/bin/which"}},
	{"which bad option", []string{"sh", "/usr/bin/which", "-z", "ls"}},
	{"savelog -l twice", []string{"-c", "sh /usr/bin/savelog -l -c 3 app.log && echo again >app.log && sh /usr/bin/savelog -l -c 3 app.log; ls"}},
	{"savelog compress", []string{"-c", "sh /usr/bin/savelog -q -c 2 app.log; echo status $?; ls"}},
	{"savelog missing", []string{"sh", "/usr/bin/savelog", "nosuch.log"}},
	{"savelog -n empty", []string{"-c", ": >empty.log; sh /usr/bin/savelog -n empty.log; echo $?; ls"}},
	{"gettext.sh", []string{"-c", `. gettext.sh; n=3; f=x.txt
eval_gettext 'There are $n files in $f'; echo
eval_ngettext 'one file' '$n files' "$n"; echo
eval_ngettext 'one file' '$n files' 1; echo
gettext -s hello; echo "$(gettext_printf)" 2>/dev/null; echo done`}},
	{"gettext.sh posix", []string{"sh", "-c", `. gettext.sh; who=world; eval_gettext 'hello $who'; echo`}},
	{"egrep", []string{"sh", "/usr/bin/egrep", "fo+", "plain.txt"}},
	{"fgrep no match", []string{"sh", "/usr/bin/fgrep", "x.*", "plain.txt"}},
	{"ldd --version", []string{"-c", "bash /usr/bin/ldd --version | head -1"}},
	{"ldd missing", []string{"bash", "/usr/bin/ldd", "missing-file"}},
	{"ldd not dynamic", []string{"bash", "/usr/bin/ldd", "plain.txt"}},
}

// knownDivergences are differences understood and not fixed yet, by
// test name; the test logs them instead of failing. Keep this short.
var knownDivergences = map[string]string{
	// (zdiff's "((gzip … )" nested subshells, which mvdan's parser took
	// for arithmetic, run since interp's parse fix-ups of 2026-11-30.)
}

// TestDebianScripts runs Debian's shell-script tools under bash and nash
// with the same inputs and compares everything they produce.
func TestDebianScripts(t *testing.T) {
	sh := shells(t)
	for _, c := range debianCases {
		c := c
		t.Run(c.name, func(t *testing.T) {
			if p := c.argv[1]; strings.HasPrefix(p, "/usr/bin/") {
				if _, err := os.Stat(p); err != nil {
					t.Skipf("%s is not installed", p)
				}
			}
			dir := filepath.Join(t.TempDir(), "work")
			var res [2]result
			for i, s := range sh {
				os.RemoveAll(dir)
				if err := os.Mkdir(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				fixture(t, dir)
				argv := c.argv
				if argv[0] == "-c" {
					argv = append([]string{"bash"}, argv...)
				}
				res[i] = s.run(t, dir, 20*time.Second, "", argv...)
				// The two runs can straddle a second boundary; a
				// date(1) stamp is not what this test compares.
				res[i].stdout = dateStamp.ReplaceAllString(res[i].stdout, "DATE")
				res[i].stderr = dateStamp.ReplaceAllString(res[i].stderr, "DATE")
			}
			compareKnown(t, c.name, res[0], res[1])
		})
	}
}

// compareKnown compares like compare, but only logs the differences of a
// known divergence.
func compareKnown(t *testing.T, name string, b, n result) {
	t.Helper()
	why, known := knownDivergences[name]
	if !known {
		compare(t, name, b, n)
		return
	}
	if b.stdout != n.stdout || b.stderr != n.stderr || b.status != n.status || b.files != n.files {
		t.Logf("known divergence (%s):\nbash: status %d stdout %q stderr %q\nnash: status %d stdout %q stderr %q",
			why, b.status, clip(b.stdout), clip(b.stderr), n.status, clip(n.stdout), clip(n.stderr))
		return
	}
	t.Errorf("%s is listed as a known divergence but now matches bash: remove it from knownDivergences", name)
}

// dateStamp matches date(1)'s default output, e.g. "Mon Nov 30 13:29:14 UTC 2026".
var dateStamp = regexp.MustCompile(`[A-Z][a-z]{2} [A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} [A-Z]+ [0-9]{4}`)

// crashSigns are what a Go crash or an internal error looks like.
var crashSigns = regexp.MustCompile(`panic:|goroutine [0-9]+ \[|runtime error|nash: internal error|fatal error:`)

// hostileCase is one hostile script; compare says whether bash behaves
// sanely enough on it to be the oracle (otherwise only nash's own
// sanity is checked: no crash, no hang, a status that is not Go's 2
// from a panic with a trace).
type hostileCase struct {
	name    string
	script  func() []byte
	compare bool
}

func repeat(s string, n int) string { return strings.Repeat(s, n) }

var hostileCases = []hostileCase{
	{"binary garbage", func() []byte {
		b := make([]byte, 4096)
		x := uint32(7)
		for i := range b {
			x = x*1664525 + 1013904223
			b[i] = byte(x >> 24)
		}
		return b
	}, false},
	{"nul in first line", func() []byte { return []byte("echo a\x00b\necho c\n") }, true},
	{"nul later", func() []byte { return []byte("echo one\n" + repeat("#", 100) + "\necho a\x00b\n") }, false},
	{"deep arithmetic", func() []byte { return []byte("echo $((" + repeat("(", 10000) + "1" + repeat(")", 10000) + "))\n") }, true},
	{"deep braces", func() []byte { return []byte(repeat("{ ", 10000) + "echo hi; " + repeat("} ", 10000) + "\n") }, false},
	{"deep if", func() []byte {
		return []byte(repeat("if true; then ", 10000) + "echo hi; " + repeat("fi; ", 10000) + "\n")
	}, false},
	{"deep subshells", func() []byte { return []byte(repeat("( ", 10000) + "echo hi" + repeat(" )", 10000) + "\n") }, false},
	{"deep command substitution", func() []byte {
		return []byte("echo " + repeat("$(", 10000) + "echo hi" + repeat(")", 10000) + "\n")
	}, false},
	{"deep unterminated", func() []byte { return []byte(repeat("$(", 10000) + "\n") }, false}, // bash takes minutes
	{"1MB line", func() []byte {
		return []byte("x=" + repeat("a", 1<<20) + "; echo ${#x}; echo $x | wc -c; echo " + repeat("b", 1<<20) + " | wc -c\n")
	}, true},
	{"unterminated double quote", func() []byte { return []byte("echo \"unterminated\necho more\n") }, true},
	{"unterminated single quote", func() []byte { return []byte("echo 'unterminated\n") }, true},
	{"unterminated command substitution", func() []byte { return []byte("echo $(echo hi\n") }, true},
	{"unterminated here-doc", func() []byte { return []byte("cat <<EOF\nhello\n") }, false},
	{"invalid UTF-8 values", func() []byte {
		return []byte("x=$'\\xff\\xfe'; printf %s \"$x\" | od -An -c; echo ${#x}; y=$'a\\xc3b'; echo ${y^^} ${#y} ${y:1:1} | od -An -c\n" +
			"case $x in ?$'\\xfe') echo m;; *) echo nm;; esac; z=\"$x$y\"; echo ${z//$'\\xfe'/-} | od -An -c\n")
	}, true},
	{"invalid UTF-8 words", func() []byte { return []byte("x=\xff\xfe; echo \"$x\" | od -An -c; echo a\xc3b \xff*\n") }, false},
	{"huge here-doc", func() []byte {
		return []byte("cat <<EOF | wc -c\n" + repeat("line of here-doc text $HOME\n", 400000) + "EOF\n")
	}, true},
	{"100k arguments", func() []byte {
		return []byte("set -- $(seq 100000); echo $#; /bin/echo \"$@\" | wc -c; f(){ echo $#; }; f \"$@\"; a=(\"$@\"); echo ${#a[@]}\n")
	}, true},
	// bash recurses on its C stack and dies of SIGSEGV; nash must too,
	// not grow a Go stack to its limit and print a trace
	{"runaway eval recursion", func() []byte {
		return []byte("trap 'echo never' EXIT\necho start\na='eval \"$a\"'; eval \"$a\"\necho never\n")
	}, true},
	{"runaway source recursion", func() []byte {
		return []byte("echo '. ./r.sh' > r.sh\ntrap 'echo never' EXIT\n. ./r.sh\necho never\n")
	}, true},
	{"runaway trap recursion", func() []byte {
		return []byte("trap 'kill -USR1 $$' USR1\nkill -USR1 $$\necho never\n")
	}, true},
	{"runaway recursion in a subshell", func() []byte {
		return []byte("{ ( a='eval \"$a\"'; trap 'echo never' EXIT; eval \"$a\" ); } 2>/dev/null; echo $?\n" +
			"x=$(a='eval \"$a\"'; eval \"$a\"); echo $? ${#x}\n")
	}, true},
	{"100k brace expansion", func() []byte { return []byte("printf '%s\\n' {1..100000} | tail -1\n") }, false},
}

// TestHostileInput feeds nash scripts designed to break a parser or an
// interpreter: it must answer with bash's errors and statuses, never a Go
// panic, a stack trace or a hang.
func TestHostileInput(t *testing.T) {
	sh := shells(t)
	for _, c := range hostileCases {
		c := c
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			script := filepath.Join(dir, "script.sh")
			if err := os.WriteFile(script, c.script(), 0o644); err != nil {
				t.Fatal(err)
			}
			var res [2]result
			for i, s := range sh {
				if !c.compare && s.name == "bash" {
					continue
				}
				res[i] = s.run(t, dir, 30*time.Second, "", "bash", "script.sh")
				res[i].files = ""
			}
			n := res[1]
			if crashSigns.MatchString(n.stderr) || crashSigns.MatchString(n.stdout) {
				t.Fatalf("nash crashed: status %d\n%s", n.status, clip(n.stderr))
			}
			if c.compare {
				compareKnown(t, c.name, res[0], res[1])
			}
		})
	}
}
