// Command mvdantests uses the script snippets of mvdan.cc/sh's interpreter
// tests as differential input: it reads interp/interp_test.go from the
// module cache at run time, takes the `in` string of every entry of the
// runTests, runTestsUnix and runTests64bit tables (their `want` strings are
// mvdan's, not bash's, and are ignored), runs each as `SHELL -c IN` under
// the real bash and under nash, and reports where stdout, stderr or the
// exit status differ. It is a development tool for finding divergences,
// not part of CI.
//
//	go run ./tools/mvdantests -nash bin/nash [-run REGEXP] [-q]
//
// Each run gets a fresh temporary directory as its working directory and
// HOME, stdin from /dev/null, a fixed small environment (with the
// variables mvdan's TestMain sets, such as INTERP_GLOBAL), and a timeout.
// Snippets that need mvdan's test binary as a helper program (GOSH_PROG)
// are skipped. nash runs by a symlink named bash, so that both shells have
// the same name; each run's directory is masked as $TMP before comparing.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"time"
)

// mode and fallback are the -mode and -fallback flags.
var (
	mode     string
	fallback bool
)

// tables are the test tables whose `in` scripts are portable to Linux.
var tables = map[string]bool{"runTests": true, "runTestsUnix": true, "runTests64bit": true}

// skip matches snippets that cannot run outside mvdan's test binary, and
// times, whose output is measured CPU time.
var skip = regexp.MustCompile(`GOSH_PROG|GOSH_CMD|^times$`)

func main() {
	bash := flag.String("bash", "/usr/bin/bash", "the reference `shell`")
	nash := flag.String("nash", "bin/nash", "the shell under test")
	file := flag.String("file", "", "mvdan's interp_test.go (default: from the module cache)")
	run := flag.String("run", "", "only snippets matching this `regexp`")
	jobs := flag.Int("j", 2, "parallel snippets")
	quiet := flag.Bool("q", false, "print only the summary and the differing scripts")
	timeout := flag.Duration("timeout", 5*time.Second, "per-run timeout")
	asSh := flag.Bool("sh", false, "run both shells by the name sh (bash's POSIX mode)")
	syntaxTests := flag.Bool("syntax", false, "take instead the inputs of the parser's fileTests table (syntax/filetests_test.go)")
	flag.BoolVar(&fallback, "fallback", false, "let nash hand a script it cannot parse to the real bash, as in production")
	flag.StringVar(&mode, "mode", "c", "how the shell gets the snippet: `c` (-c IN), file (a script file's name) or stdin (the script on its standard input)")
	flag.Parse()

	if *file == "" {
		out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "mvdan.cc/sh/v3").Output()
		if err != nil {
			fatal(fmt.Errorf("locating mvdan.cc/sh/v3: %v", err))
		}
		*file = filepath.Join(strings.TrimSpace(string(out)), "interp", "interp_test.go")
		if *syntaxTests {
			*file = filepath.Join(filepath.Dir(filepath.Dir(*file)), "syntax", "filetests_test.go")
		}
	}
	extract := snippets
	if *syntaxTests {
		extract = fileTestInputs
	}
	ins, err := extract(*file)
	if err != nil {
		fatal(err)
	}
	var re *regexp.Regexp
	if *run != "" {
		re = regexp.MustCompile(*run)
	}
	nashPath, err := filepath.Abs(*nash)
	if err != nil {
		fatal(err)
	}
	// nash runs by a symlink named bash (both by ones named sh with
	// -sh), so that its messages and $0 carry the same name as bash's
	name := "bash"
	if *asSh {
		name = "sh"
	}
	bashPath, err := filepath.Abs(*bash)
	if err != nil {
		fatal(err)
	}
	shim, err := os.MkdirTemp("", "mvdantests-shim.")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(shim)
	for _, d := range []string{"nash", "bash"} {
		if err := os.Mkdir(filepath.Join(shim, d), 0o755); err != nil {
			fatal(err)
		}
	}
	if err := os.Symlink(nashPath, filepath.Join(shim, "nash", name)); err != nil {
		fatal(err)
	}
	nashPath = filepath.Join(shim, "nash", name)
	if *asSh {
		if err := os.Symlink(bashPath, filepath.Join(shim, "bash", name)); err != nil {
			fatal(err)
		}
		bashPath = filepath.Join(shim, "bash", name)
	}

	var todo []string
	skipped := 0
	for _, in := range ins {
		switch {
		case re != nil && !re.MatchString(in):
		case skip.MatchString(in):
			skipped++
		default:
			todo = append(todo, in)
		}
	}
	diffs := make([]string, len(todo))
	var wg sync.WaitGroup
	sem := make(chan struct{}, *jobs)
	for i, in := range todo {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			b := runShell(bashPath, in, *timeout)
			n := runShell(nashPath, in, *timeout)
			if b != n {
				diffs[i] = report(in, b, n, *quiet)
			}
		}()
	}
	wg.Wait()
	differ := 0
	for _, d := range diffs {
		if d != "" {
			differ++
			fmt.Print(d)
		}
	}
	fmt.Printf("%d identical, %d differ (%d skipped)\n", len(todo)-differ, differ, skipped)
}

// snippets returns the `in` strings of the entries of the tables in file,
// in order; entries whose `in` is not a constant string are left out.
func snippets(file string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil, err
	}
	var ins []string
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for i, name := range vs.Names {
				if !tables[name.Name] || i >= len(vs.Values) {
					continue
				}
				lit, ok := vs.Values[i].(*ast.CompositeLit)
				if !ok {
					continue
				}
				for _, elt := range lit.Elts {
					entry, ok := elt.(*ast.CompositeLit)
					if !ok || len(entry.Elts) == 0 {
						continue
					}
					if s, ok := constString(entry.Elts[0]); ok {
						ins = append(ins, s)
					}
				}
			}
		}
	}
	if len(ins) == 0 {
		return nil, errors.New("no snippets found in " + file)
	}
	return ins, nil
}

// fileTestInputs returns the input strings of the fileTest calls in file
// (their first argument, a []string literal), each once, in order.
func fileTestInputs(file string) ([]string, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil, err
	}
	var ins []string
	seen := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return true
		}
		if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "fileTest" {
			return true
		}
		lit, ok := call.Args[0].(*ast.CompositeLit)
		if !ok {
			return true
		}
		for _, e := range lit.Elts {
			if s, ok := constString(e); ok && !seen[s] {
				seen[s] = true
				ins = append(ins, s)
			}
		}
		return true
	})
	if len(ins) == 0 {
		return nil, errors.New("no fileTest inputs found in " + file)
	}
	return ins, nil
}

// constString evaluates a string literal or a concatenation of them.
func constString(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		v := constant.MakeFromLiteral(e.Value, e.Kind, 0)
		if v.Kind() != constant.String {
			return "", false
		}
		return constant.StringVal(v), true
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok1 := constString(e.X)
		y, ok2 := constString(e.Y)
		return x + y, ok1 && ok2
	case *ast.ParenExpr:
		return constString(e.X)
	}
	return "", false
}

// runShell runs in under sh in a fresh directory and returns its stdout,
// stderr and status, with the run's own paths masked.
func runShell(sh, in string, timeout time.Duration) string {
	dir, err := os.MkdirTemp("", "mvdantests.")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	args := []string{"-c", in}
	script := ""
	if mode != "c" || strings.ContainsRune(in, 0) {
		// an argument cannot hold a NUL: such a snippet runs from a file
		// outside the working directory, as do all in the other modes
		f, err := os.CreateTemp("", "mvdantests-script.")
		if err != nil {
			fatal(err)
		}
		script = f.Name()
		defer os.Remove(script)
		f.WriteString(in)
		f.Close()
		args = []string{script}
		if mode == "stdin" {
			args = nil
		}
	}
	cmd := exec.CommandContext(ctx, sh, args...)
	if mode == "stdin" {
		f, err := os.Open(script)
		if err != nil {
			fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	// argv[0] is the bare name, which messages and $0 carry
	cmd.Args[0] = filepath.Base(sh)
	cmd.Dir = dir
	cmd.Env = []string{
		"PATH=/usr/local/bin:/usr/bin:/bin",
		"HOME=" + dir,
		"PWD=" + dir,
		"LANG=C.UTF-8",
		"LC_ALL=C.UTF-8",
		"TZ=UTC",
		"TERM=dumb",
		"USER=root",
		"INTERP_GLOBAL=value",
		"MULTILINE_INTERP_GLOBAL=\nwith\nnewlines\n\n",
		"MIXEDCASE_INTERP_GLOBAL=value",
		"PATH_PROG=sh",
		"ENV_PROG=env",
	}
	if !fallback {
		cmd.Env = append(cmd.Env, "NUCLEIC_NASH_NO_FALLBACK=1")
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	err = cmd.Run()
	status := "0"
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.String()
	} else if err != nil {
		status = err.Error()
	}
	if ctx.Err() != nil {
		status = "timeout"
	}
	norm := func(s string) string {
		s = strings.ReplaceAll(s, dir, "$TMP")
		if script != "" {
			s = strings.ReplaceAll(s, script, "$SCRIPT")
		}
		var keep []string
		for _, l := range strings.SplitAfter(s, "\n") {
			if !strings.HasPrefix(l, "NUCLEIC_") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "")
	}
	return fmt.Sprintf("stdout: %q\nstderr: %q\nstatus: %s\n", norm(stdout.String()), norm(stderr.String()), status)
}

func report(in, b, n string, quiet bool) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "=== %q\n", in)
	if !quiet {
		fmt.Fprintf(&sb, "--- bash\n%s--- nash\n%s", b, n)
	}
	return sb.String()
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "mvdantests:", err)
	os.Exit(1)
}
