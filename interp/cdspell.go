package interp

import (
	"os"
	"strings"
)

// cdSpell is bash's dirspell (lib/sh/spell.c, after Kernighan and
// Pike's spname), which cd tries under shopt cdspell in an interactive
// shell when the directory named does not work: each component of name
// is replaced by the entry of the directory so far that is nearest to
// it (identical, two characters swapped, one wrong, extra or missing),
// the last of equally near ones in directory order winning. It returns
// "" when some component has no entry that near.
func (r *Runner) cdSpell(name string) string {
	var out strings.Builder
	best := ""
	i := 0
	for {
		for i < len(name) && name[i] == '/' {
			out.WriteByte('/')
			i++
		}
		if i == len(name) {
			got := out.String()
			if len(name) == 1 && len(got) == 1 && name[0] != '.' && got[0] == '.' {
				return "" // "." is rarely the right thing
			}
			return got
		}
		j := i
		for j < len(name) && name[j] != '/' {
			j++
		}
		var dist int
		best, dist = r.spellMin(out.String(), name[i:j], best)
		if dist >= 3 {
			return ""
		}
		out.WriteString(best)
		i = j
	}
}

// spellMin is spell.c's mindist: the entry of dir ("" is the current
// directory) nearest to guess and its distance, 3 for none; best is what
// an earlier component chose, kept when nothing here is near.
func (r *Runner) spellMin(dir, guess, best string) (string, int) {
	if dir == "" {
		dir = "."
	}
	f, err := os.Open(r.absPath(dir))
	if err != nil {
		return best, 3
	}
	names, _ := f.Readdirnames(-1) // directory order, as readdir gives it
	f.Close()
	dist := 3
	// readdir gives . and .. first; Readdirnames leaves them out
	for _, n := range append([]string{".", ".."}, names...) {
		if x := spellDist(n, guess); x <= dist && x != 3 {
			best, dist = n, x
			if dist == 0 {
				break
			}
		}
	}
	if best == "." {
		dist = 3
	}
	return best, dist
}

// spellDist is spell.c's spdist: 0 for identical names, 1 for two
// adjacent characters swapped, 2 for one character wrong, extra or
// missing, 3 otherwise.
func spellDist(cur, guess string) int {
	k := 0
	for k < len(cur) && k < len(guess) && cur[k] == guess[k] {
		k++
	}
	if k == len(cur) && k == len(guess) {
		return 0
	}
	cur, guess = cur[k:], guess[k:]
	if cur != "" {
		if guess != "" {
			if len(cur) > 1 && len(guess) > 1 && cur[0] == guess[1] && cur[1] == guess[0] && cur[2:] == guess[2:] {
				return 1
			}
			if cur[1:] == guess[1:] {
				return 2
			}
		}
		if cur[1:] == guess {
			return 2 // an extra character
		}
	}
	if guess != "" && cur == guess[1:] {
		return 2 // a missing one
	}
	return 3
}
