// Command replay runs the corpus cases under the real bash and under nash
// and reports every divergence in stdout, stderr, exit status and files.
//
// Usage:
//
//	go run ./corpus/cmd/replay [-nash bin/nash] [-bash /usr/bin/bash] [-run RE] [-j 2] [-v] [-min PCT]
//	go run ./corpus/cmd/replay -check-bash   # determinism check: bash vs bash
//	go run ./corpus/cmd/replay -observe      # nash observed at capture=tap
//
// With -observe a reference receiver listens on a unix socket in the work
// directory and only the nash runs get NUCLEIC_SESSION_ID, NUCLEIC_HOOK_TOKEN,
// NUCLEIC_SHELL_SOCKET and NUCLEIC_SHELL_SPOOL, so every case runs observed
// at capture=tap and must still match bash. The events received are counted
// at the end.
//
// It ends with the line "N passed, M failed" (", K skipped" when some were
// skipped) and exits 0 when every failing case is listed in
// DIVERGENCES.md and the pass rate is at least -min; 1 otherwise; 2 on
// usage or setup errors.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"syscall"

	"nash/corpus"
	"nash/transport/receiver"
)

func main() {
	os.Exit(run())
}

func run() int {
	nash := flag.String("nash", "bin/nash", "path of the nash binary under test")
	bash := flag.String("bash", corpus.RealBash(), "path of the reference bash")
	runRE := flag.String("run", "", "run only cases whose name matches this regexp")
	verbose := flag.Bool("v", false, "also report passing and skipped cases")
	jobs := flag.Int("j", 2, "cases run in parallel")
	minPct := flag.Float64("min", 0, "fail when the pass rate is below this percentage")
	checkBash := flag.Bool("check-bash", false, "run every case twice under bash and report nondeterministic cases")
	casesDir := flag.String("cases", defaultPath("corpus/cases", "cases"), "directory of case files")
	divFile := flag.String("divergences", defaultPath("corpus/DIVERGENCES.md", "DIVERGENCES.md"), "list of deliberate divergences")
	knownFile := flag.String("known", defaultPath("corpus/KNOWN_FAILURES.md", "KNOWN_FAILURES.md"), "list of known bugs: failing cases that do not fail the run (they still count as failed)")
	workDir := flag.String("workdir", "", "directory for the runs (default: a new temporary directory)")
	keep := flag.Bool("keep", false, "keep the work directory")
	show := flag.Bool("show", false, "only print what bash does on the selected cases (for writing cases)")
	observed := flag.Bool("observe", false, "run nash observed (capture=tap) against a reference receiver")
	noFallback := flag.Bool("no-fallback", false, "run nash with NUCLEIC_NASH_NO_FALLBACK=1: a script nash cannot parse fails instead of going to the real bash")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "replay: unexpected arguments:", flag.Args())
		return 2
	}
	fail := func(err error) int {
		fmt.Fprintln(os.Stderr, "replay:", err)
		return 2
	}
	// Created files and directories get the same modes on every machine.
	syscall.Umask(0o022)

	cases, err := corpus.LoadCases(*casesDir)
	if err != nil {
		return fail(err)
	}
	div, err := corpus.LoadDivergences(*divFile)
	if err != nil {
		return fail(err)
	}
	knownBugs, err := corpus.LoadDivergences(*knownFile)
	if err != nil {
		return fail(err)
	}
	var filter *regexp.Regexp
	if *runRE != "" {
		if filter, err = regexp.Compile(*runRE); err != nil {
			return fail(err)
		}
	}
	oracle, err := shell("bash", *bash)
	if err != nil {
		return fail(err)
	}
	var subject corpus.Shell
	if !*checkBash && !*show {
		if subject, err = shell("nash", *nash); err != nil {
			return fail(err)
		}
	}
	root := *workDir
	if root == "" {
		if root, err = os.MkdirTemp("", "nash-corpus-"); err != nil {
			return fail(err)
		}
	} else if err := os.MkdirAll(root, 0o755); err != nil {
		return fail(err)
	}
	if !*keep && *workDir == "" {
		defer os.RemoveAll(root)
	}

	if *show {
		return showCases(cases, filter, oracle, root)
	}
	if *noFallback && subject.Path != "" {
		// measures nash alone: by default a script nash's parser rejects
		// goes to the real bash, as in production, and passes whatever
		// nash would have done
		subject.Env = append(subject.Env, "NUCLEIC_NASH_NO_FALLBACK=1")
	}
	if *observed && subject.Path != "" {
		col, env, err := startReceiver(root)
		if err != nil {
			return fail(err)
		}
		defer col.close()
		subject.Env = append(subject.Env, env...)
		defer func() { fmt.Println(col.summary()) }()
		for _, c := range cases {
			if c.Unobserved != "" && c.Skip == "" {
				c.Skip = "unobserved: " + c.Unobserved
			}
		}
	}
	s := corpus.Run(corpus.Options{
		Cases: cases, Filter: filter, Oracle: oracle, Subject: subject,
		CheckOracle: *checkBash, Root: root, Jobs: *jobs, Verbose: *verbose, Out: os.Stdout,
	})
	ok := true
	if *checkBash {
		if s.Failed > 0 {
			fmt.Printf("%d case(s) are not deterministic under bash; fix them\n", s.Failed)
			ok = false
		}
	} else {
		unlisted, nowPassing, _ := s.Verdict(div)
		known := map[string]bool{}
		for _, c := range cases {
			known[c.Name] = true
		}
		for name := range div {
			if !known[name] {
				fmt.Printf("DIVERGENCES.md lists %s, which is not a case\n", name)
			}
		}
		for _, name := range nowPassing {
			fmt.Printf("now passing, remove from DIVERGENCES.md: %s\n", name)
		}
		// known bugs still count as failures in the totals and the pass
		// rate; they only keep the run from failing on them alone
		var bugs, fresh []string
		for _, name := range unlisted {
			if _, isKnown := knownBugs[name]; isKnown {
				bugs = append(bugs, name)
			} else {
				fresh = append(fresh, name)
			}
		}
		for _, oc := range s.Outcomes {
			if _, isKnown := knownBugs[oc.Case.Name]; isKnown && oc.Passed() {
				fmt.Printf("now passing, remove from KNOWN_FAILURES.md: %s\n", oc.Case.Name)
			}
		}
		if len(bugs) > 0 {
			fmt.Printf("%d failing case(s) are known bugs listed in KNOWN_FAILURES.md\n", len(bugs))
		}
		if len(fresh) > 0 {
			fmt.Printf("%d failing case(s) not listed in DIVERGENCES.md or KNOWN_FAILURES.md:\n", len(fresh))
			for _, name := range fresh {
				fmt.Printf("  %s\n", name)
			}
			ok = false
		}
		listed := s.Failed - len(unlisted)
		if listed > 0 {
			fmt.Printf("%d failing case(s) are listed deliberate divergences\n", listed)
		}
	}
	fmt.Printf("pass rate %.1f%%\n", s.PassRate())
	if s.PassRate() < *minPct {
		fmt.Printf("pass rate below -min %.1f%%\n", *minPct)
		ok = false
	}
	fmt.Println(s.Line())
	if !ok {
		return 1
	}
	return 0
}

// showCases prints the reference shell's results for the selected cases.
func showCases(cases []*corpus.Case, filter *regexp.Regexp, sh corpus.Shell, root string) int {
	for _, c := range cases {
		if filter != nil && !filter.MatchString(c.Name) {
			continue
		}
		r, err := corpus.RunCase(c, sh, corpus.LayoutFor(root, c))
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", c.Name, err)
			return 2
		}
		fmt.Printf("=== %s: exit %d", c.Name, r.Exit)
		if r.TimedOut {
			fmt.Print(" (timed out)")
		}
		fmt.Printf("\n--- stdout\n%s--- stderr\n%s--- files\n", r.Stdout, r.Stderr)
		for _, e := range r.Files {
			fmt.Printf("%c %04o %s %d\n", e.Kind, uint32(e.Mode.Perm()), e.Path, len(e.Data))
		}
	}
	return 0
}

// shell resolves a shell binary to an absolute path and checks it runs.
func shell(label, p string) (corpus.Shell, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return corpus.Shell{}, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return corpus.Shell{}, fmt.Errorf("%s: %w", label, err)
	}
	if st.IsDir() || st.Mode().Perm()&0o111 == 0 {
		return corpus.Shell{}, fmt.Errorf("%s: %s is not an executable file", label, abs)
	}
	return corpus.Shell{Label: label, Path: abs}, nil
}

// defaultPath returns the first candidate that exists, so the command
// works from the repository root and from corpus/.
func defaultPath(candidates ...string) string {
	for _, c := range candidates {
		if _, err := os.Stat(c); err == nil {
			return c
		}
	}
	return candidates[0]
}

// observer is the receiver of -observe.
type observer struct {
	r     *receiver.Receiver
	srv   *receiver.Server
	spool string
}

// startReceiver listens on root/observe.sock and returns the environment
// that makes a nash send its events there.
func startReceiver(root string) (*observer, []string, error) {
	const token = "corpus-token"
	r := receiver.New(token)
	srv, err := receiver.ListenUnix(filepath.Join(root, "observe.sock"), r)
	if err != nil {
		return nil, nil, err
	}
	o := &observer{r: r, srv: srv, spool: filepath.Join(root, "observe-spool")}
	env := []string{
		"NUCLEIC_SESSION_ID=corpus",
		"NUCLEIC_HOOK_TOKEN=" + token,
		"NUCLEIC_SHELL_SOCKET=" + srv.Path,
		"NUCLEIC_SHELL_SPOOL=" + o.spool,
		"NUCLEIC_SHELL_CAPTURE=tap",
	}
	return o, env, nil
}

func (o *observer) close() {
	o.r.Close()
	o.srv.Close()
}

// summary counts what the receiver got and what was spooled instead.
func (o *observer) summary() string {
	shells, events := map[string]bool{}, 0
	for _, b := range o.r.Batches() {
		shells[b.ShellID] = true
		events += len(b.Events)
	}
	files, _ := filepath.Glob(filepath.Join(o.spool, "*.jsonl"))
	return fmt.Sprintf("observed: %d events from %d shells received, %d spool files", events, len(shells), len(files))
}
