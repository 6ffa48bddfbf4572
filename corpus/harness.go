package corpus

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Options configures Run.
type Options struct {
	// Cases are the cases to consider (see LoadCases).
	Cases []*Case
	// Filter, when not nil, selects cases by name.
	Filter *regexp.Regexp
	// Oracle is the reference shell (the real bash).
	Oracle Shell
	// Subject is the shell under test. Ignored when CheckOracle is set.
	Subject Shell
	// CheckOracle runs every case twice under Oracle and reports the cases
	// whose two results differ (a determinism check of the corpus).
	CheckOracle bool
	// Root is the directory below which runs happen. It must exist.
	Root string
	// Jobs is the number of cases run in parallel (at least 1).
	Jobs int
	// Verbose reports passing and skipped cases too.
	Verbose bool
	// Out receives the report. Nil discards it.
	Out io.Writer
}

// Outcome is the verdict on one case.
type Outcome struct {
	Case    *Case
	Skipped bool
	Err     error  // the harness could not run the case
	Diffs   []Diff // empty when the case passed
	// OracleVaried is set when the subject differed from the oracle's
	// first result, the oracle's second run gave another result, and the
	// subject matched that one: the case passed, but is not deterministic
	// under the load the run had.
	OracleVaried bool
}

// Passed reports whether the case ran and both results were identical.
func (o *Outcome) Passed() bool { return !o.Skipped && o.Err == nil && len(o.Diffs) == 0 }

// Summary is the result of Run.
type Summary struct {
	Outcomes                []*Outcome // in case-name order
	Passed, Failed, Skipped int
}

// PassRate returns the percentage of run (not skipped) cases that passed;
// 100 when none ran.
func (s *Summary) PassRate() float64 {
	n := s.Passed + s.Failed
	if n == 0 {
		return 100
	}
	return 100 * float64(s.Passed) / float64(n)
}

// Line returns the closing line: "N passed, M failed" plus ", K skipped"
// when some were skipped.
func (s *Summary) Line() string {
	l := fmt.Sprintf("%d passed, %d failed", s.Passed, s.Failed)
	if s.Skipped > 0 {
		l += fmt.Sprintf(", %d skipped", s.Skipped)
	}
	return l
}

// Run executes the selected cases and writes each failure to o.Out as it
// is found. It does not write the closing line; callers decide what else
// to print first.
func Run(o Options) *Summary {
	out := o.Out
	if out == nil {
		out = io.Discard
	}
	var cases []*Case
	for _, c := range o.Cases {
		if o.Filter == nil || o.Filter.MatchString(c.Name) {
			cases = append(cases, c)
		}
	}
	jobs := o.Jobs
	if jobs < 1 {
		jobs = 1
	}
	outcomes := make([]*Outcome, len(cases))
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				oc := runOne(cases[i], o)
				outcomes[i] = oc
				mu.Lock()
				report(out, oc, o.Verbose)
				mu.Unlock()
			}
		}()
	}
	for i := range cases {
		next <- i
	}
	close(next)
	wg.Wait()
	s := &Summary{Outcomes: outcomes}
	for _, oc := range outcomes {
		switch {
		case oc.Skipped:
			s.Skipped++
		case oc.Passed():
			s.Passed++
		default:
			s.Failed++
		}
	}
	return s
}

func runOne(c *Case, o Options) *Outcome {
	oc := &Outcome{Case: c}
	if c.Skip != "" {
		oc.Skipped = true
		return oc
	}
	l := LayoutFor(o.Root, c)
	defer func() {
		_ = removeAll(l.CaseDir)
		_ = removeAll(l.ShimDir)
		_ = removeAll(l.OutDir)
	}()
	a, err := RunCase(c, o.Oracle, l)
	if err != nil {
		oc.Err = fmt.Errorf("%s run: %w", o.Oracle.Label, err)
		return oc
	}
	second, label := o.Subject, o.Subject.Label
	la := o.Oracle.Label
	if o.CheckOracle {
		second, la, label = o.Oracle, o.Oracle.Label+"#1", o.Oracle.Label+"#2"
	}
	b, err := RunCase(c, second, l)
	if err != nil {
		oc.Err = fmt.Errorf("%s run: %w", label, err)
		return oc
	}
	oc.Diffs = Compare(la, a, label, b)
	if len(oc.Diffs) > 0 && !o.CheckOracle {
		// As the Go differential tests do: when bash itself gives another
		// result on a second run (a timing case on a loaded machine), the
		// subject may match either. A subject that is alone in its result
		// still fails.
		if a2, err := RunCase(c, o.Oracle, l); err == nil && len(Compare(la, a, la, a2)) > 0 && len(Compare(la, a2, label, b)) == 0 {
			oc.Diffs, oc.OracleVaried = nil, true
		}
	}
	return oc
}

func report(w io.Writer, oc *Outcome, verbose bool) {
	switch {
	case oc.Skipped:
		if verbose {
			fmt.Fprintf(w, "SKIP %s: %s\n", oc.Case.Name, oc.Case.Skip)
		}
	case oc.Err != nil:
		fmt.Fprintf(w, "FAIL %s: %v\n\n", oc.Case.Name, oc.Err)
	case len(oc.Diffs) == 0 && oc.OracleVaried:
		fmt.Fprintf(w, "NOTE %s: the oracle gave two different results; the subject matched the second\n", oc.Case.Name)
	case len(oc.Diffs) == 0:
		if verbose {
			fmt.Fprintf(w, "ok   %s\n", oc.Case.Name)
		}
	default:
		fmt.Fprintf(w, "FAIL %s\n", oc.Case.Name)
		for _, d := range oc.Diffs {
			t := strings.TrimRight(d.Text, "\n")
			if d.What == "exit" || d.What == "timeout" {
				fmt.Fprintf(w, "  %s\n", t)
				continue
			}
			fmt.Fprintf(w, "  %s:\n%s\n", d.What, indent(t))
		}
		fmt.Fprintln(w)
	}
}

// Divergences maps a case name to the reason nash deliberately differs
// from bash on it.
type Divergences map[string]string

// Marker lines delimiting the list in DIVERGENCES.md.
const (
	DivergencesBegin = "<!-- divergences:begin -->"
	DivergencesEnd   = "<!-- divergences:end -->"
)

// ParseDivergences reads the marked list of a DIVERGENCES.md file. Between
// the begin and end markers, each non-blank line must be a list item
// "- `group/name`: reason" (backquotes optional); a missing reason is an
// error, since a listed case needs one.
func ParseDivergences(r io.Reader) (Divergences, error) {
	d := Divergences{}
	sc := bufio.NewScanner(r)
	in, seenBegin := false, false
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == DivergencesBegin:
			in, seenBegin = true, true
			continue
		case line == DivergencesEnd:
			in = false
			continue
		}
		if !in || line == "" {
			continue
		}
		item, ok := strings.CutPrefix(line, "- ")
		if !ok {
			return nil, fmt.Errorf("DIVERGENCES line %d: list items start with \"- \"", n)
		}
		name, reason, _ := strings.Cut(item, ":")
		name = strings.Trim(strings.TrimSpace(name), "`")
		reason = strings.TrimSpace(reason)
		if name == "" || reason == "" {
			return nil, fmt.Errorf("DIVERGENCES line %d: want \"- `group/name`: reason\"", n)
		}
		d[name] = reason
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if !seenBegin {
		return nil, fmt.Errorf("DIVERGENCES: no %s marker", DivergencesBegin)
	}
	return d, nil
}

// LoadDivergences parses the file at path; a missing file is an empty list.
func LoadDivergences(path string) (Divergences, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return Divergences{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseDivergences(f)
}

// Verdict sorts the failures of s against the divergence list: failures
// not listed (which fail the run), listed cases that now pass (so the
// list can shrink) and listed names that match no selected case.
func (s *Summary) Verdict(d Divergences) (unlisted, nowPassing, unknown []string) {
	seen := map[string]bool{}
	for _, oc := range s.Outcomes {
		name := oc.Case.Name
		seen[name] = true
		_, listed := d[name]
		switch {
		case oc.Skipped:
		case oc.Passed() && listed:
			nowPassing = append(nowPassing, name)
		case !oc.Passed() && !listed:
			unlisted = append(unlisted, name)
		}
	}
	for name := range d {
		if !seen[name] {
			unknown = append(unknown, name)
		}
	}
	sort.Strings(unknown)
	return unlisted, nowPassing, unknown
}

// RealBash returns the path of the reference bash: $NUCLEIC_REAL_BASH,
// else the diverted /usr/bin/bash.real of a nash image, else /usr/bin/bash.
func RealBash() string {
	if p := os.Getenv("NUCLEIC_REAL_BASH"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/bash.real"); err == nil {
		return "/usr/bin/bash.real"
	}
	return "/usr/bin/bash"
}
