package interp

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// errTwoWords stops braceExpands' walk at a second word.
var errTwoWords = errors.New("two words")

// braceExpands runs syntax.SplitBraces on bw and reports whether brace
// expansion changes it: mvdan's SplitBraces also reports words whose
// braces expand to nothing ($x{, {1..a}), which bash leaves as they are,
// with their assignment flags (declare v=~/x{ still expands the ~). A
// sequence of one element ({3..3}, x{a..a..5}y) does expand, to one word.
func braceExpands(bw *syntax.Word) bool {
	if !syntax.SplitBraces(bw) {
		return false
	}
	n := 0
	err := braceWords(bw, func(*syntax.Word) error {
		if n++; n > 1 {
			return errTwoWords
		}
		return nil
	})
	if err == errTwoWords {
		return true
	}
	for _, p := range bw.Parts {
		if be, ok := p.(*syntax.BraceExp); ok && be.Sequence && seqExpands(be) {
			return true
		}
	}
	return false
}

// seqExpands reports whether bash's mkseq accepts the sequence be, rather
// than leaving it as written: no valid sequence's first element starts
// with a brace.
func seqExpands(be *syntax.BraceExp) bool {
	first := "{"
	braceSequence(be, func(s string) error {
		first = s
		return errTwoWords
	})
	return !strings.HasPrefix(first, "{")
}

// braceWords calls yield with each word of w's brace expansion, in bash's
// order, one at a time: {1..100000} never materialises as a list. w must
// have been through syntax.SplitBraces.
func braceWords(w *syntax.Word, yield func(*syntax.Word) error) error {
	idx := -1
	for i, p := range w.Parts {
		if _, ok := p.(*syntax.BraceExp); ok {
			idx = i
			break
		}
	}
	if idx < 0 {
		return yield(w)
	}
	be := w.Parts[idx].(*syntax.BraceExp)
	prefix, suffix := w.Parts[:idx], w.Parts[idx+1:]
	emit := func(mid []syntax.WordPart) error {
		parts := make([]syntax.WordPart, 0, len(prefix)+len(mid)+len(suffix))
		parts = appendJoinLits(parts, prefix)
		parts = appendJoinLits(parts, mid)
		parts = appendJoinLits(parts, suffix)
		return braceWords(&syntax.Word{Parts: joinShortParams(parts)}, yield)
	}
	if !be.Sequence {
		for _, e := range be.Elems {
			if err := emit(e.Parts); err != nil {
				return err
			}
		}
		return nil
	}
	return braceSequence(be, func(s string) error {
		if s == "" {
			// the lone backslash of {Z..a}: an empty word that stays
			return emit([]syntax.WordPart{&syntax.SglQuoted{}})
		}
		return emit([]syntax.WordPart{&syntax.Lit{Value: s}})
	})
}

// appendJoinLits appends ps to parts, joining adjacent literals and
// dropping empty ones, so that the words read as bash's textual brace
// expansion leaves them: the ~ of {~,b} is a word of its own that tilde
// expansion sees whole, not ~ followed by an empty literal.
func appendJoinLits(parts, ps []syntax.WordPart) []syntax.WordPart {
	for _, p := range ps {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			parts = append(parts, p)
			continue
		}
		if lit.Value == "" {
			continue
		}
		if n := len(parts); n > 0 {
			if prev, ok := parts[n-1].(*syntax.Lit); ok {
				parts[n-1] = &syntax.Lit{ValuePos: prev.ValuePos, ValueEnd: lit.ValueEnd, Value: prev.Value + lit.Value}
				continue
			}
		}
		parts = append(parts, p)
	}
	return parts
}

// joinShortParams redoes, after brace expansion, what bash's textual
// brace expansion gives for free: in $var{x,y} the words are $varx and
// $vary, so a short $name directly followed by a literal that starts with
// name characters takes those characters into its name. The parser can only
// produce that adjacency through brace expansion, since it reads names
// greedily.
func joinShortParams(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for i := 0; i < len(parts); i++ {
		pe, ok := parts[i].(*syntax.ParamExp)
		if !ok || !pe.Short || pe.Param == nil || !isIdentStart(pe.Param.Value) || i+1 >= len(parts) {
			if out != nil {
				out = append(out, parts[i])
			}
			continue
		}
		name := pe.Param.Value
		var rest *syntax.Lit
		j := i + 1
		for ; j < len(parts); j++ {
			lit, ok := parts[j].(*syntax.Lit)
			if !ok {
				break
			}
			n := 0
			for n < len(lit.Value) && isNameByte(lit.Value[n]) {
				n++
			}
			name += lit.Value[:n]
			if n < len(lit.Value) {
				rest = &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[n:]}
				j++
				break
			}
		}
		if name == pe.Param.Value {
			if out != nil {
				out = append(out, parts[i])
			}
			continue
		}
		if out == nil {
			out = append(make([]syntax.WordPart, 0, len(parts)), parts[:i]...)
		}
		joined := *pe
		joined.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: name}
		out = append(out, &joined)
		if rest != nil {
			out = append(out, rest)
		}
		i = j - 1
	}
	if out == nil {
		return parts
	}
	return out
}

func isIdentStart(s string) bool {
	return s != "" && (s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// seqStep resolves the increment of {start..end..incr} as bash's mkseq
// does: zero is one, and its sign follows the direction of the sequence.
// ok is false for a sequence mkseq refuses, which then stays as written:
// a negated INTMAX_MIN, ends too far apart to subtract (checked only for
// a nonzero start, as its SUBOVERFLOW does), or more elements than a C
// int counts.
func seqStep(start, end, incr int64) (step int64, ok bool) {
	if incr == 0 {
		incr = 1
	}
	if start > end && incr > 0 {
		incr = -incr
	} else if start < end && incr < 0 {
		if incr == math.MinInt64 {
			return 0, false
		}
		incr = -incr
	}
	if start > 0 && end < math.MinInt64+3+start || start < 0 && end > math.MaxInt64-2+start {
		return 0, false
	}
	span, size := end-start, incr
	if span < 0 {
		span = -span // INTMAX_MIN stays negative, as with sh_imaxabs
	}
	if size < 0 {
		size = -size
	}
	q := span / size
	if q == math.MaxInt64 || q > math.MaxInt32-3 || q < 0 {
		// q < 0: from 0 to INTMAX_MIN, where bash's element count
		// wraps and it writes past its vector
		return 0, false
	}
	return incr, true
}

// seqValues calls yield with start, start+step, ... up to end, stopping
// before a step that would overflow (mkseq's ADDOVERFLOW check).
func seqValues(start, end, step int64, yield func(int64) error) error {
	for n := start; ; {
		if err := yield(n); err != nil {
			return err
		}
		if n > 0 && step > math.MaxInt64-n || n < 0 && step < math.MinInt64-n {
			return nil
		}
		n += step
		if step < 0 && n < end || step > 0 && n > end {
			return nil
		}
	}
}

// braceSequence generates {x..y[..incr]}: integers (zero-padded when
// either end is written with a leading zero) or single characters.
func braceSequence(be *syntax.BraceExp, yield func(string) error) error {
	lits := make([]string, len(be.Elems))
	for i, e := range be.Elems {
		lits[i] = e.Lit()
	}
	asWritten := func() error { return yield("{" + strings.Join(lits, "..") + "}") }
	incr := int64(1)
	if len(lits) == 3 {
		n, err := strconv.ParseInt(lits[2], 10, 64)
		if err != nil {
			return asWritten()
		}
		incr = n
	}
	start, err1 := strconv.ParseInt(lits[0], 10, 64)
	end, err2 := strconv.ParseInt(lits[1], 10, 64)
	if err1 == nil && err2 == nil {
		step, ok := seqStep(start, end, incr)
		if !ok {
			return asWritten()
		}
		width := 0
		if zeroPadded(lits[0]) || zeroPadded(lits[1]) {
			width = len(lits[0])
			if len(lits[1]) > width {
				width = len(lits[1])
			}
		}
		format := func(n int64) string {
			if width == 0 {
				return strconv.FormatInt(n, 10)
			}
			// bash prints a zero-padded element with %0*d of an int
			n = int64(int32(n))
			s := strconv.FormatInt(n, 10)
			if len(s) >= width {
				return s
			}
			if n < 0 {
				return "-" + strings.Repeat("0", width-len(s)) + s[1:]
			}
			return strings.Repeat("0", width-len(s)) + s
		}
		return seqValues(start, end, step, func(n int64) error { return yield(format(n)) })
	}
	if len(lits[0]) == 1 && len(lits[1]) == 1 {
		a, b := int64(lits[0][0]), int64(lits[1][0])
		step, ok := seqStep(a, b, incr)
		if !ok {
			return asWritten()
		}
		return seqValues(a, b, step, func(c int64) error {
			if c == '\\' {
				// bash's quote removal leaves nothing of a lone backslash
				return yield("")
			}
			return yield(string(rune(c)))
		})
	}
	return asWritten()
}

func zeroPadded(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return len(s) > 1 && s[0] == '0'
}
