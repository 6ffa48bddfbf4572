// Command bench measures nash against bash and dash in one run and prints
// a table of medians and ratios to bash (make bench). Machines here are
// noisy: every figure is the median of several runs, and all shells are
// measured interleaved so that load affects them alike.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"time"

	"nash/corpus"
	"nash/transport/receiver"
)

type benchCase struct {
	name   string
	target string // the target, for the table
	script string // run with SHELL -c (or a file)
	posix  bool   // dash can run it
	reps   int
	setup  func(dir string) error
	env    []string
	direct bool // script is a full command line run by /bin/sh -c with $SH substituted
}

func main() {
	nash := flag.String("nash", "bin/nash", "nash binary")
	bash := flag.String("bash", "/usr/bin/bash", "bash binary")
	dash := flag.String("dash", "/usr/bin/dash", "dash binary")
	reps := flag.Int("reps", 5, "runs per case (median reported)")
	corpusRE := flag.String("corpus-run", "^(oneliners|git|make|heredoc|herestring|procsubst|fds|jobs)/", "corpus cases timed with capture=tap versus off (empty: skip)")
	only := flag.String("run", "", "only cases whose name contains this")
	flag.Parse()
	nashAbs, _ := filepath.Abs(*nash)
	dir, err := os.MkdirTemp("", "nash-bench")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	shells := []struct{ name, path string }{{"bash", *bash}, {"dash", *dash}, {"nash", nashAbs}}
	fmt.Printf("%-34s %-8s %10s %10s %10s %8s %8s\n", "benchmark", "target", "bash", "dash", "nash", "nash/bash", "dash/bash")
	for _, c := range cases() {
		if *only != "" && !strings.Contains(c.name, *only) {
			continue
		}
		if c.setup != nil {
			if err := c.setup(dir); err != nil {
				fmt.Printf("%-34s setup failed: %v\n", c.name, err)
				continue
			}
		}
		n := c.reps
		if n == 0 {
			n = *reps
		}
		res := map[string][]float64{}
		for i := 0; i < n; i++ {
			for _, sh := range shells {
				if sh.name == "dash" && !c.posix {
					continue
				}
				d, _, err := runOnce(sh.path, c, dir)
				if err != nil {
					fmt.Fprintf(os.Stderr, "%s under %s: %v\n", c.name, sh.name, err)
					continue
				}
				res[sh.name] = append(res[sh.name], d)
			}
		}
		b, dsh, ns := median(res["bash"]), median(res["dash"]), median(res["nash"])
		fmt.Printf("%-34s %-8s %10s %10s %10s %8s %8s\n", c.name, c.target, fmtDur(b), fmtDur(dsh), fmtDur(ns), ratio(ns, b), ratio(dsh, b))
	}
	// peak RSS (before the receiver below grows this process: a child's
	// ru_maxrss counts what it inherited at fork)
	for _, rc := range []struct{ name, script string }{
		{"peak RSS -c true", "true"},
		{"peak RSS 200k arith loop", "i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done"},
	} {
		var line []string
		for _, sh := range shells {
			// the median of reps runs: a loop's peak moves with when
			// the collector happens to run
			var kbs []float64
			for range max(1, *reps) {
				if rss, err := peakRSS(sh.path, rc.script, dir); err == nil {
					kbs = append(kbs, float64(rss))
				}
			}
			if len(kbs) == 0 {
				line = append(line, "err")
				continue
			}
			line = append(line, fmt.Sprintf("%.1fMiB", median(kbs)/1024))
		}
		fmt.Printf("%-34s %-8s %10s %10s %10s\n", rc.name, "<=4/16M", line[0], line[1], line[2])
	}
	observation(nashAbs, dir, *reps, *corpusRE)
}

// peakRSS returns a shell's own peak RSS in KiB. A child started by this
// (Go) process counts the parent's pages it shared before exec in its
// ru_maxrss, so the figure comes from GNU time, which forks from a small
// process, when it is installed; otherwise from wait4 (an overestimate).
func peakRSS(shell, script, dir string) (int64, error) {
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		_, rss, err := runOnce(shell, benchCase{script: script}, dir)
		return rss, err
	}
	cmd := exec.Command("/usr/bin/time", "-f", "%M", shell, "-c", script)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, err
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	var kb int64
	_, err = fmt.Sscan(lines[len(lines)-1], &kb)
	return kb, err
}

func ratio(a, b float64) string {
	if a == 0 || b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", a/b)
}

func fmtDur(s float64) string {
	if s == 0 {
		return "-"
	}
	if s < 1 {
		return fmt.Sprintf("%.1fms", s*1000)
	}
	return fmt.Sprintf("%.3fs", s)
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	return s[len(s)/2]
}

// runOnce runs a case under one shell and returns wall seconds and the
// child's peak RSS in KiB.
func runOnce(shell string, c benchCase, dir string) (float64, int64, error) {
	var cmd *exec.Cmd
	if c.direct {
		cmd = exec.Command("/bin/sh", "-c", strings.ReplaceAll(c.script, "$SH", shell))
	} else {
		cmd = exec.Command(shell, "-c", c.script)
	}
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SH="+shell)
	cmd.Env = append(cmd.Env, c.env...)
	cmd.Stdout = nil
	cmd.Stderr = os.Stderr
	start := time.Now()
	err := cmd.Run()
	d := time.Since(start).Seconds()
	var rss int64
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			rss = ru.Maxrss
		}
	}
	return d, rss, err
}

func cases() []benchCase {
	return []benchCase{
		{name: "startup -c true x200", target: "<=1.2x", posix: true, direct: true,
			script: `i=0; while [ $i -lt 200 ]; do "$SH" -c true; i=$((i+1)); done`},
		{name: "make -j1, 500 recipes, SHELL=", target: "<=1.4x", posix: true, direct: true, setup: writeMakefile,
			script: `make -s -j1 -f mk500 SHELL="$SH" >/dev/null`},
		{name: "2000 execs of /bin/true", target: "<=0.85x", posix: true,
			script: `i=0; while [ $i -lt 2000 ]; do /bin/true; i=$((i+1)); done`},
		{name: "500 /bin/true &, then wait", target: "<=1.0x", posix: true,
			script: `i=0; while [ $i -lt 500 ]; do /bin/true & i=$((i+1)); done; wait`},
		{name: "200k arithmetic loop", target: "<=1.0x",
			script: `i=0; s=0; while (( i < 200000 )); do (( s += i, i++ )); done; echo $s`},
		{name: "string building 50k", target: "<=1.0x",
			script: `s=; for ((i=0; i<50000; i++)); do s+=x; done; echo ${#s}`},
		{name: "50k function calls", target: "<=1.0x",
			script: `f() { return 0; }; for ((i=0; i<50000; i++)); do f; done`},
		{name: "100k case loop", target: "<=1.0x",
			script: `n=0; for ((i=0; i<100000; i++)); do case "x$i" in x*5) n=$((n+1));; x1*) ;; *) ;; esac; done; echo $n`},
		{name: "10k array fill and sum", target: "<=1.0x",
			script: `a=(); for ((i=0; i<10000; i++)); do a[i]=$i; done; s=0; for ((i=0; i<10000; i++)); do (( s += a[i] )); done; echo $s`},
		// shapes that were once far from linear in nash (quadratic or
		// worse), kept here so that a regression shows as a ratio
		{name: "20k a+=(x) appends", target: "<=1.0x",
			script: `a=(); for ((i=0; i<20000; i++)); do a+=($i); done; echo ${#a[@]}`},
		{name: "10k ${s:i:1} over 10 KB", target: "<=1.0x",
			script: `s=$(printf '%*s' 10000 ''); for ((i=0; i<10000; i++)); do c=${s:i:1}; done`},
		{name: "2000 EXIT trap set and cleared", target: "<=1.0x",
			script: `for ((i=0; i<2000; i++)); do trap 'echo x' EXIT; trap - EXIT; done`},
		{name: "[[ 3000 a's == *a*a*a*b ]] x5", target: "<=1.0x",
			script: `s=$(printf 'a%.0s' {1..3000}); for i in 1 2 3 4 5; do [[ $s == *a*a*a*b ]]; done; :`},
		{name: "20k a[0]+=xy and m[k]+=xy", target: "<=1.0x",
			script: `declare -A m; for ((i=0; i<20000; i++)); do a[0]+=xy; m[k]+=xy; done; echo ${#a[0]} ${#m[k]}`},
		{name: "source a 5,000-line library x20", target: "<=1.0x", setup: writeLibrary,
			script: `for i in {1..20}; do . ./lib5k; done; lib_f0 x`},
		{name: "read 50k-line file", target: "<=1.0x", setup: writeLines,
			script: `n=0; while IFS= read -r line; do n=$((n+1)); done < lines50k; echo $n`},
		{name: "5000 $(...)", target: "<=0.1x", posix: true,
			script: `i=0; while [ $i -lt 5000 ]; do x=$(echo $i); i=$((i+1)); done`},
		{name: "5000 ( : )", target: "<=0.1x", posix: true,
			script: `i=0; while [ $i -lt 5000 ]; do ( : ); i=$((i+1)); done`},
		{name: "1GiB head | cat | wc -c", target: "<=1.1x", posix: true, reps: 3,
			script: `head -c 1073741824 /dev/zero | cat | wc -c >/dev/null`},
	}
}

func writeMakefile(dir string) error {
	var sb strings.Builder
	sb.WriteString("all:")
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&sb, " t%d", i)
	}
	sb.WriteString("\n")
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&sb, "t%d:\n\t@x=%d; test $$x -ge 0\n", i, i)
	}
	sb.WriteString(".PHONY: all")
	for i := 0; i < 500; i++ {
		fmt.Fprintf(&sb, " t%d", i)
	}
	sb.WriteString("\n")
	return os.WriteFile(filepath.Join(dir, "mk500"), []byte(sb.String()), 0o644)
}

func writeLines(dir string) error {
	var sb strings.Builder
	for i := 0; i < 50000; i++ {
		fmt.Fprintf(&sb, "line %d with some words in it\n", i)
	}
	return os.WriteFile(filepath.Join(dir, "lines50k"), []byte(sb.String()), 0o644)
}

// libFunc is one function of writeLibrary's file, %[1]d its number.
const libFunc = `lib_f%[1]d() {
	local cur="${1:-}" words=() i n=0
	if [[ -z $cur || $cur == -* ]]; then
		cur=$(printf '%%s' "${cur#-}")
	elif [ -d "$cur" ] && test -r "$cur"; then
		cur=` + "`echo \"$cur\" | tr a-z A-Z`" + `
	fi
	case $cur in
	a*|b*) words+=("$cur" alpha) ;;
	[0-9]*) n=$(( ${cur%%%%[!0-9]*} * 2 + %[1]d )) ;;
	*) words=(${cur//:/ }) ;;
	esac
	for ((i = 0; i < ${#words[@]}; i++)); do
		[[ ${words[i]} =~ ^x(.*)$ ]] && words[i]=${BASH_REMATCH[1]}
	done
	while read -r line; do n=$((n + ${#line})); done <<EOF
${words[*]} $n
EOF
	echo "${cur:+$cur }$n"
}
`

// writeLibrary writes lib5k, 250 functions of 20 lines in the style of
// the shell libraries agents source (nvm.sh, bash_completion): tests,
// case, loops, $(…), backquotes, here-documents, arithmetic, arrays.
func writeLibrary(dir string) error {
	var sb strings.Builder
	for i := 0; i < 250; i++ {
		fmt.Fprintf(&sb, libFunc, i)
	}
	return os.WriteFile(filepath.Join(dir, "lib5k"), []byte(sb.String()), 0o644)
}

// observation prints the cost of observing: the corpus subset's time
// under nash with capture=tap versus off (each case's runs paired, the
// sum of per-case medians), a tapped pipe's throughput versus an untapped
// one, and the events per second one shell can emit, all measured against
// a reference receiver on a unix socket. Medians of reps runs, tap and off
// interleaved.
func observation(nash, dir string, reps int, corpusRE string) {
	r := receiver.New("bench-token")
	srv, err := receiver.ListenUnix(filepath.Join(dir, "observe.sock"), r)
	if err != nil {
		fmt.Printf("observation: %v\n", err)
		return
	}
	defer func() { r.Close(); srv.Close() }()
	tap := []string{"NUCLEIC_SESSION_ID=bench", "NUCLEIC_HOOK_TOKEN=bench-token",
		"NUCLEIC_SHELL_SOCKET=" + srv.Path, "NUCLEIC_SHELL_SPOOL=" + filepath.Join(dir, "spool")}

	fmt.Printf("\n%-34s %-8s %10s %10s %10s\n", "observation", "target", "off", "tap", "tap/off")
	if corpusRE != "" {
		// paired per case (see corpus.TimePaired): two separate wall
		// clocks of the whole subset swing by more than the overhead
		// measured when other work shares the machine
		cases, err := corpus.LoadCases(filepath.Join(repoRoot(), "corpus", "cases"))
		if err != nil {
			fmt.Printf("corpus: %v\n", err)
		} else {
			sel := corpus.Select(cases, regexp.MustCompile(corpusRE))
			off := corpus.Shell{Label: "nash", Path: nash}
			on := off
			on.Env = tap
			var sumOff, sumDiff float64
			for _, p := range corpus.TimePaired(filepath.Join(dir, "corpus"), sel, off, on, max(3, reps), nil) {
				sumOff += median(p.A)
				sumDiff += median(p.Diff)
			}
			fmt.Printf("%-34s %-8s %10s %10s %9.1f%%\n", fmt.Sprintf("corpus subset (%d cases, paired)", len(sel)), "<3%",
				fmtDur(sumOff/1000), fmtDur((sumOff+sumDiff)/1000), 100*sumDiff/sumOff)
		}
	}

	// throughput: 512 MiB through two links, kernel pipes versus tapped
	pipe := benchCase{script: `head -c 536870912 /dev/zero | cat | wc -c >/dev/null`}
	var off, on []float64
	for i := 0; i < reps; i++ {
		if d, _, err := runOnce(nash, pipe, dir); err == nil {
			off = append(off, d)
		}
		pipe.env = tap
		if d, _, err := runOnce(nash, pipe, dir); err == nil {
			on = append(on, d)
		}
		pipe.env = nil
	}
	mo, mt := median(off), median(on)
	if mo > 0 && mt > 0 {
		fmt.Printf("%-34s %-8s %8.0fMB/s %8.0fMB/s %9.1f%%\n", "pipe throughput 512MiB, 2 links", ">=80%", 512*1.048576/mo, 512*1.048576/mt, 100*mo/mt)
	}

	// events per second: 20k ':' commands, counted at the receiver
	loop := benchCase{script: `for ((i=0; i<20000; i++)); do :; done`, env: tap}
	var rates []float64
	for i := 0; i < reps; i++ {
		before := countEvents(r)
		d, _, err := runOnce(nash, loop, dir)
		if err != nil {
			continue
		}
		rates = append(rates, float64(countEvents(r)-before)/d)
	}
	fmt.Printf("%-34s %-8s %10s %8.0f/s\n", "events/s, 20k ':' observed", "", "", median(rates))
}

// countEvents counts the events in the receiver's batches.
func countEvents(r *receiver.Receiver) int {
	n := 0
	for _, b := range r.Batches() {
		n += len(b.Events)
	}
	return n
}

// repoRoot is the directory holding go.mod (make bench runs from it).
func repoRoot() string {
	wd, _ := os.Getwd()
	for d := wd; d != "/"; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
	}
	return wd
}
