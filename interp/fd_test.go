package interp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runScript runs src in a fresh Runner in dir whose fds 1 and 2 are
// files, and returns what it wrote to each.
func runScript(t *testing.T, dir, src string) (string, string, int) {
	t.Helper()
	tmp := t.TempDir()
	stdout, err := os.Create(filepath.Join(tmp, "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer stdout.Close()
	stderr, err := os.Create(filepath.Join(tmp, "err"))
	if err != nil {
		t.Fatal(err)
	}
	defer stderr.Close()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	r, err := New(StdIO(null, stdout, stderr), Env([]string{"PATH=/usr/bin:/bin"}), Dir(dir))
	if err != nil {
		t.Fatal(err)
	}
	st := r.RunIncremental(src, "t")
	o, _ := os.ReadFile(stdout.Name())
	e, _ := os.ReadFile(stderr.Name())
	return string(o), string(e), st
}

func countFDs(t *testing.T) int {
	t.Helper()
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	return len(ents)
}

// TestRedirectionsDoNotLeakFDs runs many redirections, here-documents,
// process substitutions and exec'd fds in one Runner and checks that the
// process's descriptor count comes back to its baseline.
func TestRedirectionsDoNotLeakFDs(t *testing.T) {
	dir := t.TempDir()
	src := "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do\n" +
		"echo $i > f; echo $i >> f; cat < f > /dev/null\n" +
		"exec 3>f; echo x >&3; exec 3>&-\n" +
		"exec {v}<f; read -u $v l; exec {v}<&-\n" +
		"cat <<END >/dev/null\ndoc $i\nEND\n" +
		"read x <<< \"$i\"\n" +
		"echo <(true) >/dev/null\n" +
		"while read -r l; do :; done < <(echo a; echo b)\n" +
		"mapfile -t m < <(printf '%s\\n' 1 2)\n" +
		"cat <(echo p) >/dev/null\n" +
		"echo q > >(cat >/dev/null)\n" +
		"x=$(echo sub; cat f)\n" +
		"{ echo g; } 2>&1 >/dev/null\n" +
		"( exec 4>f; echo y >&4 )\n" +
		"echo nope 2>/dev/null > /nonexistent/f\n" +
		"echo bad 2>/dev/null >&9\n" +
		"exec 5<>f; exec 6>&5-; exec 6>&-\n" +
		"done\nwait\n"
	runScript(t, dir, "cat </dev/null; echo <(true)") // runtime fds created lazily
	before := countFDs(t)
	_, errs, _ := runScript(t, dir, src)
	if errs != "" {
		t.Errorf("stderr: %q", errs)
	}
	if after := countFDs(t); after > before {
		t.Errorf("fd count %d before, %d after", before, after)
	}
}

// TestFDTableClone checks that a clone shares open files but not slots,
// and that a file is closed only when its last table lets go.
func TestFDTableClone(t *testing.T) {
	pr, pw, err := newPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pr.Close()
	base := newFDTable(os.Stdin, os.Stdout, os.Stderr)
	base.set(5, newShared(pw, true))
	c := base.clone()
	c.close(5)
	if base.get(5) != pw {
		t.Fatal("closing in a clone closed the parent's slot")
	}
	if _, err := pw.Write([]byte("x")); err != nil {
		t.Fatalf("file closed while the parent still uses it: %v", err)
	}
	c.set(7, base.entry(5).retain())
	base.close(5)
	if _, err := pw.Write([]byte("y")); err != nil {
		t.Fatalf("file closed while the clone still uses it: %v", err)
	}
	c.releaseAll()
	if _, err := pw.Write([]byte("z")); err == nil {
		t.Fatal("file still open after every table let go")
	}
	base.releaseAll()
}

// TestRedirectionSemantics pins dup ordering, exec persistence, closing,
// moves, {var} allocation and /dev/fd resolution through the table.
func TestRedirectionSemantics(t *testing.T) {
	cases := []struct{ name, src, out, err string }{
		{"dup-order", "{ echo out; echo err >&2; } 2>&1 >/dev/null", "err\n", ""},
		{"dup-order2", "{ echo out; echo err >&2; } >/dev/null 2>&1", "", ""},
		{"exec-persists", "exec 3>f\necho a >&3\necho b >&3\nexec 3>&-\ncat f", "a\nb\n", ""},
		{"closed", "exec 3>&-\necho x >&3", "", "bash: line 2: 3: Bad file descriptor\n"},
		{"move", "exec 3>f 4>&3-\necho m >&4\necho n >&3\ncat f", "m\n", "bash: line 3: 3: Bad file descriptor\n"},
		{"named", "exec {v}>f\necho $v\necho hi >&$v\nexec {v}>&-\ncat f", "10\nhi\n", ""},
		{"devfd", "exec 7>f\necho via >/dev/fd/7\ncat f; [ -e /dev/fd/7 ] && echo open; exec 7>&-; [ -e /dev/fd/7 ] || echo closed", "via\nopen\nclosed\n", ""},
		{"procsubst", "while read -r l; do n=$l; done < <(echo 1; echo 2); echo $n; echo <(true) <(true)", "2\n/dev/fd/63 /dev/fd/62\n", ""},
		{"procsubst-closed", "x=<(echo a); cat $x 2>/dev/null || echo gone", "gone\n", ""},
		{"both", "f() { echo o; echo e >&2; }\nf &> a\nf &>> a\ncat a", "o\ne\no\ne\n", ""},
		{"rw", "echo abcdef > rw\nexec 4<>rw\nread -n 3 x <&4\necho XY >&4\nexec 4>&-\ncat rw", "abcXY\n\n", ""},
		{"subshell-isolated", "(exec 3>f; echo s >&3)\necho t >&3\ncat f", "s\n", "bash: line 2: 3: Bad file descriptor\n"},
		{"noclobber", "echo a > f\nset -C\necho b > f\necho c >| f\ncat f", "c\n", "bash: line 3: f: cannot overwrite existing file\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errs, _ := runScript(t, t.TempDir(), c.src)
			if out != c.out || errs != c.err {
				t.Errorf("got out %q err %q, want out %q err %q", out, errs, c.out, c.err)
			}
		})
	}
}

// TestReadMatchesBash compares read and mapfile with bash on field
// splitting, escapes, options and error messages.
func TestReadMatchesBash(t *testing.T) {
	nash := os.Getenv("NASH_BIN")
	if nash == "" {
		t.Skip("NASH_BIN not set")
	}
	if _, err := os.Stat("/usr/bin/bash"); err != nil {
		t.Skip("no bash")
	}
	nash, _ = filepath.Abs(nash)
	cases := []string{
		`IFS=, read -a f <<< "a,,b,"; declare -p f`,
		`IFS=, read p q <<< "1,2,3,"; IFS=, read r s <<< "1,2,"; declare -p p q r s`,
		`IFS=', ' read p q <<< "1 , 2 ,  "; declare -p p q`,
		`read p q <<< 'x y z\ '; read r s <<< 'x y\ '; declare -p p q r s`,
		`read <<< '  lead\ ing  '; read v <<< '  lead\ ing  '; declare -p REPLY v`,
		`read -N 4 y <<< 'a\bcde'; read -n 2 z <<< 'a\bcde'; declare -p y z`,
		`read -d '' z < <(printf 'a b\0c'); echo "$? $z"; read z < <(printf 'no nl'); echo "$? $z"`,
		`read -t 0 < /dev/null; echo $?; read -t 0.1 w < <(printf part; sleep 1); echo "$? $w"`,
		`read -t x; read -n x; read -u x; read -u 9; read 1x; read -z; echo $?`,
		`readonly ro; read ro <<< hi; echo $?; read 'a[2]' <<< "h w"; declare -p a`,
		`printf 'a\\\nb\n' | { read v; echo "$v"; }`,
		`mapfile -t -C 'echo cb' -c 2 l < <(seq 5); declare -p l`,
		`mapfile -d , -O 3 -s 1 -n 2 z <<< "a,b,c,d"; declare -p z`,
		`mapfile -c 0 e; mapfile -n -1 e; mapfile -O x e; mapfile 1bad; declare -A as; mapfile as </dev/null; echo $?`,
		`x=s; mapfile -O 1 x <<< l; declare -p x; printf '1\n2\n3\n' > f; { mapfile -n 1 a; cat; } < f`,
	}
	for i, src := range cases {
		dir := t.TempDir()
		run := func(sh string) string {
			cmd := exec.Command(sh, "-c", src)
			cmd.Dir = dir
			out, _ := cmd.CombinedOutput()
			return strings.ReplaceAll(string(out), sh+": ", "SH: ")
		}
		want, got := run("/usr/bin/bash"), run(nash)
		if want != got {
			t.Errorf("case %d %q:\nbash:\n%s\nnash:\n%s", i, src, want, got)
		}
	}
}
