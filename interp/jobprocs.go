package interp

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// A background pipeline is one job of several processes to bash (one
// PROCESS per element); jobs -l lists each (print_pipeline, JLIST_LONG):
// the job's line with the first element, then a line per other element
// with its own pid and state, the state left blank where it repeats the
// first element's. nash runs such a job as one process or goroutine: the
// first element shows the job's pid, the others the pids after it.

// jobProc is one element of a pipeline job.
type jobProc struct {
	text string
	// ended: the element finished (with status, or killed by sig)
	ended  bool
	status int
	sig    syscall.Signal
	core   bool
}

// pipelineStages returns the elements of the pipeline c as bash forks
// them: a |& element with its stderr joined to its stdout.
func pipelineStages(c *syntax.BinaryCmd) []*syntax.Stmt {
	stages, both := pipelineElems(c)
	for i, b := range both {
		if b {
			stages[i] = withStderrDup(stages[i])
		}
	}
	return stages
}

// pipelineElems returns the elements of the pipeline c as written, and
// for each whether |& follows it.
func pipelineElems(c *syntax.BinaryCmd) (stages []*syntax.Stmt, both []bool) {
	var collect func(n *syntax.BinaryCmd)
	collect = func(n *syntax.BinaryCmd) {
		if x, ok := n.X.Cmd.(*syntax.BinaryCmd); ok && (x.Op == syntax.Pipe || x.Op == syntax.PipeAll) && !n.X.Negated && !n.X.Background && len(n.X.Redirs) == 0 {
			collect(x)
		} else {
			stages = append(stages, n.X)
			both = append(both, false)
		}
		both[len(both)-1] = n.Op == syntax.PipeAll
		stages = append(stages, n.Y)
		both = append(both, false)
	}
	collect(c)
	return stages, both
}

// setJobProcs gives job, started for st, its elements when st is a
// pipeline.
func (r *Runner) setJobProcs(job *job, st *syntax.Stmt) {
	c, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok || c.Op != syntax.Pipe && c.Op != syntax.PipeAll || len(st.Redirs) > 0 {
		return
	}
	stages, both := pipelineElems(c)
	procs := make([]jobProc, len(stages))
	for i, s := range stages {
		p := newCmdPrinter(r.curSrc)
		p.escBytes = r.escBytes()
		p.list([]*syntax.Stmt{s})
		p.flushDeferred("")
		procs[i].text = strings.TrimRight(p.sb.String(), "\n")
		if both[i] {
			procs[i].text += " 2>&1" // bash's |& is that redirection
		}
	}
	job.procs = procs
}

// stageEnded records that element i of j ended with status, or by a
// signal (death.sig).
func (j *job) stageEnded(i, status int, death stageDeath) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if i < len(j.procs) {
		p := &j.procs[i]
		p.ended, p.status, p.sig, p.core = true, status, death.sig, death.core
	}
}

// lastStageKilled returns the signal that killed the last element of
// j, a pipeline job, when status (the job's exit status) is that
// death's: bash's job status is its last process's, killed by the
// signal, which a nash that ran the pipeline can only exit with.
func (j *job) lastStageKilled(status int) (syscall.Signal, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.procs) < 2 {
		return 0, false
	}
	p := j.procs[len(j.procs)-1]
	if !p.ended || p.sig == 0 || status != 128+int(p.sig) {
		return 0, false
	}
	return p.sig, p.core
}

// procsListing is the lines of jobs -l for j's elements after the
// first (state is the first element's, from listing), each ending in a
// newline but the last.
func (r *Runner) procsListing(j *job, firstState string) (first string, rest []string) {
	j.mu.Lock()
	procs := append([]jobProc(nil), j.procs...)
	j.mu.Unlock()
	done := j.finished()
	state := func(p jobProc) (string, bool) {
		switch {
		case !done:
			return "Running", !p.ended
		case !p.ended:
			return firstState, false // all we know: the job's own
		case p.sig != 0:
			s := signalDescription(p.sig)
			if p.core {
				s += " (core dumped)"
			}
			return s, false
		case p.status != 0 && r.opts.on(optPosix):
			return "Done(" + itoa(int64(p.status)) + ")", false
		case p.status != 0:
			return "Exit " + itoa(int64(p.status)), false
		}
		return "Done", false
	}
	s0, run0 := state(procs[0])
	pid := j.pid()
	for i, p := range procs[1:] {
		s, run := state(p)
		if run == run0 && s == s0 {
			s = ""
		}
		pad := 24 - len(s)
		if s == "" {
			pad = 22 // bash counts the "| " that follows
		}
		rest = append(rest, "     "+padLeft(itoa(int64(pid+i+1)), 5)+" "+s+strings.Repeat(" ", pad)+"| "+p.text)
	}
	return s0, rest
}

// watchReport makes the pipe a nash started for j reports on, when j is
// a pipeline, and returns its write end for the process (nil otherwise);
// a goroutine reads the reports into j.procs.
func (j *job) watchReport() *os.File {
	if len(j.procs) < 2 {
		return nil
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil
	}
	done := make(chan struct{})
	j.reportDone = done
	go func() {
		defer close(done)
		defer pr.Close()
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) != 4 {
				continue
			}
			i, _ := strconv.Atoi(f[0])
			st, _ := strconv.Atoi(f[1])
			sig, _ := strconv.Atoi(f[2])
			j.stageEnded(i, st, stageDeath{sig: syscall.Signal(sig), core: f[3] == "1"})
		}
	}()
	return pw
}

// awaitReport waits, once j's process has ended, for the reports it
// left, briefly: a program it started may hold the pipe open.
func (j *job) awaitReport() {
	if j.reportDone == nil {
		return
	}
	select {
	case <-j.reportDone:
	case <-time.After(100 * time.Millisecond):
	}
}

// bgReportFile is the report descriptor of a nash started for a
// background pipeline (bgState.ReportFD), nil for any other; it is kept
// from the programs the job starts.
func bgReportFile(fd int) *os.File {
	if fd < 3 {
		return nil
	}
	syscall.CloseOnExec(fd)
	return os.NewFile(uintptr(fd), "bgreport")
}

// reportStage tells the shell that element i of its background pipeline
// ended.
func (r *Runner) reportStage(i, status int, d stageDeath) {
	core := 0
	if d.core {
		core = 1
	}
	fmt.Fprintf(r.sh.bgReport, "%d %d %d %d\n", i, status, int(d.sig), core)
}
