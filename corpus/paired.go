package corpus

import (
	"fmt"
	"io"
	"regexp"
	"time"
)

// Paired is the timing of one case under two shells, in milliseconds.
type Paired struct {
	Name string
	A    []float64 // each round's time under the first shell
	Diff []float64 // each round's time under the second minus the first
}

// TimePaired runs every case under a and under b once per round, back to
// back, alternating which goes first, so that the load of a shared
// machine falls on both runs of a pair alike; medians of the per-pair
// differences then measure what b costs over a far more steadily than
// two separate wall clocks. Case errors are reported to errs.
func TimePaired(root string, cases []*Case, a, b Shell, rounds int, errs io.Writer) []*Paired {
	out := make([]*Paired, len(cases))
	for i, c := range cases {
		out[i] = &Paired{Name: c.Name}
	}
	run := func(c *Case, sh Shell) float64 {
		start := time.Now()
		if _, err := RunCase(c, sh, LayoutFor(root, c)); err != nil && errs != nil {
			fmt.Fprintf(errs, "%s: %v\n", c.Name, err)
		}
		return time.Since(start).Seconds() * 1000
	}
	for r := 0; r < rounds; r++ {
		for i, c := range cases {
			var ta, tb float64
			if r%2 == 0 {
				ta = run(c, a)
				tb = run(c, b)
			} else {
				tb = run(c, b)
				ta = run(c, a)
			}
			out[i].A = append(out[i].A, ta)
			out[i].Diff = append(out[i].Diff, tb-ta)
		}
	}
	return out
}

// Select returns the cases whose name re matches, leaving out the skipped
// ones: the cases a timing runs.
func Select(cases []*Case, re *regexp.Regexp) []*Case {
	var sel []*Case
	for _, c := range cases {
		if re.MatchString(c.Name) && c.Skip == "" {
			sel = append(sel, c)
		}
	}
	return sel
}
