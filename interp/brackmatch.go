package interp

import (
	"strings"
	"sync"
)

// Some bracket expressions end in a place that depends on the character
// being matched: bash's BRACKMATCH (lib/glob/sm_loop.c) parses the members
// until one matches, then finds the closing ']' with a second, simpler
// scan, and the two disagree on text such as [[=a=]] (the parse goes on
// past that ']' for other characters), [[:alnum:]a-[:digit:]] (the parse
// takes "a-[" as a range; the scan skips "[:digit:]" as a unit) or
// [[=ab=]]. nash compiles ordinary bracket expressions into a charClass;
// those whose text could make the two disagree become an opBrack node
// that runs a port of BRACKMATCH over the text when matching and goes on
// with the rest of the pattern compiled for each place it may end.

// rawBracket is a bracket expression matched by brackMatch.
type rawBracket struct {
	pat     string // the pattern text the node was compiled from
	at      int    // index in pat just past the '['
	fold    bool
	extglob bool
	bytes   bool
	ct      *byteCtype // the single-byte locale's classes, or nil
	// rs are the characters of pat from at on, offs their indexes in
	// pat (and len(pat) after them)
	rs   []rune
	offs []int
	// conts holds, for each index of pat where brackMatch told matching
	// to go on, the rest of the pattern from there, compiled when first
	// needed: compiling each place ahead would compile the later raw
	// brackets' places again for each of this one's
	mu    sync.Mutex
	conts map[int][]patNode
}

// needsRawBracket reports whether the bracket expression whose members
// start at pat[i] (and whose ordinary parse ends before pat[end]) holds
// text on which BRACKMATCH's parse and its closing scan may disagree: an
// equivalence class or collating symbol, a range ending in '[', or a
// character class with a ']' before its ":]".
func needsRawBracket(pat string, i, end int) bool {
	s := pat[i:min(end, len(pat))]
	if !strings.Contains(s, "[") {
		return false
	}
	if strings.Contains(s, "[=") || strings.Contains(s, "[.") || strings.Contains(s, "-[") {
		return true
	}
	for k := 0; k < len(s); {
		j := strings.Index(s[k:], "[:")
		if j < 0 {
			return false
		}
		k += j + 2
		c := strings.Index(s[k:], ":]")
		if b := strings.IndexByte(s[k:], ']'); b >= 0 && (c < 0 || b < c) {
			return true
		}
	}
	return false
}

// newRawBracket makes the node for the bracket expression whose members
// start at pat[i].
func newRawBracket(pat string, i int, fold, extglob, bytes bool, ct *byteCtype) *rawBracket {
	b := &rawBracket{pat: pat, at: i, fold: fold, extglob: extglob, bytes: bytes, ct: ct}
	for k := i; k < len(pat); {
		r, n := decodeCharIn(pat[k:], bytes)
		b.rs = append(b.rs, r)
		b.offs = append(b.offs, k)
		k += n
	}
	b.offs = append(b.offs, len(pat))
	return b
}

// cont is the rest of the pattern from pat[k], where brackMatch told
// matching to go on (after a ']', or after the '[' of an expression that
// turned out unclosed), compiled once.
func (b *rawBracket) cont(k int) []patNode {
	b.mu.Lock()
	defer b.mu.Unlock()
	if nodes, ok := b.conts[k]; ok {
		return nodes
	}
	if b.conts == nil {
		b.conts = map[int][]patNode{}
	}
	nodes := compileNodes(b.pat[k:], b.fold, b.extglob, b.bytes, b.ct)
	b.conts[k] = nodes
	return nodes
}

// brackMatch is BRACKMATCH over the text: test is the subject character
// (folded when fold), orig the character as it is. It returns the index
// of pat where matching goes on, or -1 when the expression does not match.
func (b *rawBracket) brackMatch(test, orig rune, pathname bool) int {
	rs, offs := b.rs, b.offs
	n := len(rs)
	get := func(k int) rune {
		if k >= 0 && k < n {
			return rs[k]
		}
		return 0
	}
	fold := func(r rune) rune {
		if b.fold {
			return foldIn(r, b.ct)
		}
		return r
	}
	at := func(k int) int { return offs[min(k, n)] }
	savep := func() int {
		// an unclosed '[' is an ordinary character
		if test == '[' {
			return b.at
		}
		return -1
	}
	p := 0
	not := get(p) == '!' || get(p) == '^'
	if not {
		p++
	}
	c := get(p)
	p++
	// nextc reads the next character of the expression into c: false at
	// its end
	nextc := func() bool {
		c = get(p)
		p++
		return c != 0
	}
	for {
		cstart, cend := c, c
		// [=c=]: after one that does not match, the loop goes on with
		// the next character without checking for the closing ']'
		if c == '[' && get(p) == '=' && p+3 < n && get(p+2) == '=' && get(p+3) == ']' {
			pc := fold(get(p + 1))
			p += 4
			if test == pc {
				p++
				goto matched
			}
			if !nextc() {
				return savep()
			}
			c = fold(c)
			continue
		}
		if c == '[' && get(p) == ':' {
			ok := false
			closeAt := -1
			for k := p + 1; k < n; k++ {
				if rs[k] == ':' && get(k+1) == ']' {
					closeAt = k
					break
				}
			}
			if closeAt >= 0 {
				name := dequotePathname(string(rs[p+1 : closeAt]))
				if t, valid := ctypeName(name); valid {
					ok = inClass(orig, t, b.ct)
				}
				p = closeAt + 2
			}
			if ok {
				p++
				goto matched
			}
			if !nextc() {
				return savep()
			} else if c == ']' {
				break
			}
			c = fold(c)
			continue
		}
		// (a collating symbol forces collation order on a range, the
		// order of the characters in C.UTF-8)
		if c == '[' && get(p) == '.' {
			var v rune
			v, p = collSym(rs, p)
			cstart = v
			if v < 0 {
				cstart = test + 1 // an invalid symbol starts no range
			}
		}
		if c == '\\' {
			if get(p) == 0 {
				return -1
			}
			cstart = get(p)
			p++
		}
		cstart = fold(cstart)
		cend = cstart
		isrange := false
		if c == 0 {
			return savep()
		}
		c = fold(get(p))
		p++
		if c == 0 {
			return savep()
		}
		if pathname && c == '/' {
			return -1
		}
		if c == '-' && get(p) != ']' {
			cend = get(p)
			p++
			if cend == '\\' {
				cend = get(p)
				p++
			}
			if cend == 0 {
				return -1
			}
			if cend == '[' && get(p) == '.' {
				var v rune
				v, p = collSym(rs, p)
				cend = v
				if v < 0 {
					cend = test - 1
				}
			}
			cend = fold(cend)
			c = get(p)
			p++
			if cstart > cend {
				if c == ']' {
					break
				}
				c = fold(c)
				continue
			}
			isrange = true
		}
		if !isrange && test == cstart || isrange && test >= cstart && test <= cend {
			goto matched
		}
		if c == ']' {
			break
		}
	}
	if !not {
		return -1
	}
	return at(p)

matched:
	// skip the rest of the expression, which already matched
	p--
	c = get(p)
	brcnt := 1
	brchrp := -1
	for brcnt > 0 {
		if c == 0 {
			return savep()
		}
		oc := c
		c = get(p)
		p++
		switch {
		case c == '[' && (get(p) == '=' || get(p) == ':' || get(p) == '.'):
			brcnt++
			brchrp = p
			p++
			if c = get(p); c == 0 {
				return savep()
			}
		case c == ']' && brcnt > 1 && brchrp >= 0 && oc == get(brchrp):
			brcnt--
			brchrp = -1
		case c == ']' && (brchrp < 0 || get(brchrp) != '.'):
			brcnt = 0
		case c == '\\':
			if get(p) == 0 {
				return -1
			}
			p++
		}
	}
	if not {
		return -1
	}
	return at(p)
}

// collSym is PARSE_COLLSYM: rs[p] is the '.' of "[."; it returns the
// symbol's character (-1 when invalid) and the index past ".]" (or the
// end, when there is none).
func collSym(rs []rune, p int) (rune, int) {
	p++
	k := p
	for k < len(rs) && !(rs[k] == '.' && k+1 < len(rs) && rs[k+1] == ']') {
		k++
	}
	if k >= len(rs) {
		return -1, k
	}
	name := string(rs[p:k])
	if r, ok := collSymValue(name); ok {
		return r, k + 2
	}
	return -1, k + 2
}
