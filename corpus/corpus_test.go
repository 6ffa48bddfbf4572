package corpus

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseCase(t *testing.T) {
	src := `# a comment line
# note: not a directive
# mode: sh
# args: a 'b c' "d\"e" f\ g
# stdin: hello
# timeout: 3s
# env: FOO=bar
# exclude: .git/index
-- script --
echo hi
-- files/dir/x.txt --
one
two
-- files/bin/tool 0755 --
#!/bin/sh
`
	c, err := ParseCase("g/n", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if c.Mode != "sh" || c.Timeout != 3*time.Second || c.Stdin != "hello\n" || !c.HasStdin {
		t.Errorf("directives: %+v", c)
	}
	if got := strings.Join(c.Args, "|"); got != `a|b c|d"e|f g` {
		t.Errorf("args = %q", got)
	}
	if c.Comment != "a comment line\nnote: not a directive" {
		t.Errorf("comment = %q", c.Comment)
	}
	if len(c.Env) != 1 || c.Env[0] != "FOO=bar" || len(c.Exclude) != 1 {
		t.Errorf("env/exclude: %v %v", c.Env, c.Exclude)
	}
	if c.Script != "echo hi\n" {
		t.Errorf("script = %q", c.Script)
	}
	if len(c.Files) != 2 || c.Files[0].Path != "dir/x.txt" || string(c.Files[0].Data) != "one\ntwo\n" ||
		c.Files[0].Mode != 0o644 || c.Files[1].Mode != 0o755 || string(c.Files[1].Data) != "#!/bin/sh\n" {
		t.Errorf("files = %+v", c.Files)
	}
	if !c.excluded(".git/index") || c.excluded(".git/HEAD") {
		t.Error("exclude matching")
	}
}

func TestParseCaseErrors(t *testing.T) {
	bad := map[string]string{
		"no script":       "# x\n-- files/a --\nx\n",
		"bad header":      "echo\n-- script --\n",
		"bad mode":        "# mode: zsh\n-- script --\n",
		"bad timeout":     "# timeout: soon\n-- script --\n",
		"escaping file":   "-- script --\n-- files/../x --\n",
		"unknown section": "-- script --\n-- output --\n",
		"duplicate":       "-- script --\n-- script --\n",
		"skip no reason":  "# skip:\n-- script --\n",
		"bad quote":       "# args: 'a\n-- script --\n",
	}
	for name, src := range bad {
		if _, err := ParseCase("x", []byte(src)); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestParseDivergences(t *testing.T) {
	src := "# Divergences\n\nprose - not a list\n" + DivergencesBegin + "\n- `a/b`: reason one\n- c/d: reason two\n" + DivergencesEnd + "\n- e/f: outside\n"
	d, err := ParseDivergences(strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(d) != 2 || d["a/b"] != "reason one" || d["c/d"] != "reason two" {
		t.Errorf("got %v", d)
	}
	if _, err := ParseDivergences(strings.NewReader(DivergencesBegin + "\n- `a/b`\n" + DivergencesEnd)); err == nil {
		t.Error("entry without reason accepted")
	}
}

func TestTextDiff(t *testing.T) {
	d := TextDiff("a", []byte("1\n2\n3\n4\n5\n6\n7\n"), "b", []byte("1\n2\n3\nX\n5\n6\n7"))
	want := "--- a\n+++ b\n@@ -2 +2 @@\n 2\n 3\n-4\n+X\n 5\n 6\n-7\n+7\n\\ No newline at end\n"
	if d != want {
		t.Errorf("got\n%s\nwant\n%s", d, want)
	}
}

func TestCompareFiles(t *testing.T) {
	a := &Result{Files: []Entry{{Path: "a", Kind: 'f', Mode: 0o644, Data: []byte("x\n")}, {Path: "l", Kind: 'l', Target: "a"}}}
	b := &Result{Files: []Entry{{Path: "a", Kind: 'f', Mode: 0o755, Data: []byte("y\n")}, {Path: "m", Kind: 'd', Mode: 0o755}}}
	ds := Compare("bash", a, "nash", b)
	if len(ds) != 1 || ds[0].What != "files" {
		t.Fatalf("got %+v", ds)
	}
	for _, s := range []string{"a: mode bash 0644, nash 0755", "a: content differs", "only in bash: l", "only in nash: m"} {
		if !strings.Contains(ds[0].Text, s) {
			t.Errorf("missing %q in\n%s", s, ds[0].Text)
		}
	}
}

// testCases are small cases for the comparator tests: the first two behave
// alike under bash and dash, the others use bash-only features.
var testCases = []string{
	"-- script --\necho out; echo err >&2; printf 'a\\n' > f; mkdir d; ln -s f l; chmod 600 f; exit 4\n",
	"# args: x 'y z'\n# stdin: line\n-- script --\nread -r v; echo \"$v $# $2\"; cat in/seed\n-- files/in/seed --\nseed\n",
	"-- script --\na=(1 2 3); echo ${#a[@]}\n",
	"-- script --\n[[ abc =~ b ]] && echo \"$BASH_REMATCH\" > m.txt\n",
}

func runCases(t *testing.T, subject Shell, check bool) *Summary {
	t.Helper()
	var cases []*Case
	for i, src := range testCases {
		c, err := ParseCase("t/case"+string(rune('0'+i)), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	var out bytes.Buffer
	s := Run(Options{Cases: cases, Oracle: Shell{Label: "bash", Path: "/usr/bin/bash"}, Subject: subject,
		CheckOracle: check, Root: t.TempDir(), Jobs: 2, Out: &out})
	t.Log(out.String())
	return s
}

func TestBashVsBash(t *testing.T) {
	if _, err := os.Stat("/usr/bin/bash"); err != nil {
		t.Skip("no /usr/bin/bash")
	}
	s := runCases(t, Shell{Label: "bash2", Path: "/usr/bin/bash"}, false)
	if s.Failed != 0 || s.Passed != len(testCases) {
		t.Errorf("bash vs bash: %s", s.Line())
	}
	s = runCases(t, Shell{}, true)
	if s.Failed != 0 {
		t.Errorf("check-bash: %s", s.Line())
	}
}

// TestOracleVaried checks the second look at the oracle: a subject that
// matches the oracle's second result, when its first differed, passes
// with a note; one that matches neither still fails.
func TestOracleVaried(t *testing.T) {
	if _, err := os.Stat("/usr/bin/bash"); err != nil {
		t.Skip("no /usr/bin/bash")
	}
	dir := t.TempDir()
	// an oracle whose first run of each case prints something else
	flaky := filepath.Join(dir, "flaky")
	src := "#!/usr/bin/bash\nf=" + dir + "/ran-$(basename \"$PWD\")\n" +
		"if [ ! -e \"$f\" ]; then : >\"$f\"; echo first; exit 0; fi\nexec /usr/bin/bash \"$@\"\n"
	if err := os.WriteFile(flaky, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other")
	if err := os.WriteFile(other, []byte("#!/usr/bin/bash\necho other\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, script, subject string
		pass                  bool
	}{
		{"t/varied", "echo same", "/usr/bin/bash", true},
		// a subject that prints something else than either run
		{"t/varied2", "echo same", other, false},
	} {
		c, err := ParseCase(tc.name, []byte("-- script --\n"+tc.script+"\n"))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		s := Run(Options{Cases: []*Case{c}, Oracle: Shell{Label: "bash", Path: flaky}, Subject: Shell{Label: "subject", Path: tc.subject},
			Root: t.TempDir(), Jobs: 1, Out: &out})
		oc := s.Outcomes[0]
		if oc.Passed() != tc.pass || oc.OracleVaried != tc.pass {
			t.Errorf("%s: passed %v, varied %v; report:\n%s", tc.name, oc.Passed(), oc.OracleVaried, out.String())
		}
		if tc.pass && !strings.Contains(out.String(), "NOTE "+tc.name+": the oracle gave two different results") {
			t.Errorf("%s: no note in the report:\n%s", tc.name, out.String())
		}
	}
}

func TestBashVsDash(t *testing.T) {
	dash, err := exec.LookPath("dash")
	if err != nil {
		t.Skip("no dash")
	}
	s := runCases(t, Shell{Label: "dash", Path: dash}, false)
	if s.Passed != 2 || s.Failed != 2 {
		t.Errorf("bash vs dash: %s", s.Line())
	}
	for _, oc := range s.Outcomes[2:] {
		if len(oc.Diffs) == 0 {
			t.Errorf("%s: no divergence detected", oc.Case.Name)
		}
	}
	// case3 writes m.txt only under bash: the file comparison must say so.
	var files bool
	for _, d := range s.Outcomes[3].Diffs {
		files = files || d.What == "files" && strings.Contains(d.Text, "only in bash: m.txt")
	}
	if !files {
		t.Errorf("missing file divergence: %+v", s.Outcomes[3].Diffs)
	}
}

// TestCorpus runs the whole corpus against the nash binary named by
// NASH_BIN and fails on any divergence not listed in DIVERGENCES.md.
func TestCorpus(t *testing.T) {
	bin := os.Getenv("NASH_BIN")
	if bin == "" {
		t.Skip("NASH_BIN not set")
	}
	bin, err := filepath.Abs(bin)
	if err != nil {
		t.Fatal(err)
	}
	cases, err := LoadCases("cases")
	if err != nil {
		t.Fatal(err)
	}
	div, err := LoadDivergences("DIVERGENCES.md")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	s := Run(Options{Cases: cases, Oracle: Shell{Label: "bash", Path: RealBash()}, Subject: Shell{Label: "nash", Path: bin},
		Root: t.TempDir(), Jobs: 2, Out: &out})
	unlisted, nowPassing, _ := s.Verdict(div)
	if len(unlisted) > 0 {
		t.Log(out.String())
		t.Errorf("%d failing cases not in DIVERGENCES.md: %v", len(unlisted), unlisted)
	}
	if len(nowPassing) > 0 {
		t.Logf("listed but now passing: %v", nowPassing)
	}
	t.Log(s.Line())
}
