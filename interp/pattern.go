package interp

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/pattern"
)

type patKey struct {
	pat     string
	nocase  bool
	extglob bool
}

// compiledPattern is a glob pattern compiled once and cached by source
// text, so loops over case or ${x#pat} never recompile.
type compiledPattern struct {
	src     string
	literal bool   // no pattern characters: plain string compare
	lit     string // the unescaped literal for literal patterns
	full    *regexp.Regexp
	anyPos  *regexp.Regexp // unanchored, leftmost-longest
}

func (r *Runner) compilePattern(pat string, nocase, extglob bool) (*compiledPattern, error) {
	k := patKey{pat, nocase, extglob}
	r.sh.mu.Lock()
	m := r.sh.patterns[k]
	r.sh.mu.Unlock()
	if m != nil {
		return m, nil
	}
	m = &compiledPattern{src: pat}
	if lit, ok := literalPattern(pat); ok && !nocase {
		m.literal, m.lit = true, lit
	} else {
		mode := pattern.EntireString
		if extglob {
			mode |= pattern.ExtendedOperators
		}
		if nocase {
			mode |= pattern.NoGlobCase
		}
		expr, err := pattern.Regexp(pat, mode)
		if err != nil {
			// bash treats an invalid pattern (e.g. an unclosed [) literally
			expr = "^" + regexp.QuoteMeta(unescapePattern(pat)) + "$"
		}
		full, err := regexp.Compile("(?s)" + expr)
		if err != nil {
			return nil, err
		}
		m.full = full
		inner := strings.TrimSuffix(strings.TrimPrefix(expr, "^"), "$")
		if any, err := regexp.Compile("(?s)" + inner); err == nil {
			any.Longest()
			m.anyPos = any
		}
	}
	r.sh.mu.Lock()
	if len(r.sh.patterns) > 8192 {
		r.sh.patterns = map[patKey]*compiledPattern{}
	}
	r.sh.patterns[k] = m
	r.sh.mu.Unlock()
	return m, nil
}

// literalPattern reports whether pat has no unescaped pattern characters,
// returning its unescaped text.
func literalPattern(pat string) (string, bool) {
	if !strings.ContainsAny(pat, "*?[\\+@!(") {
		return pat, true
	}
	var sb strings.Builder
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch c {
		case '\\':
			if i+1 < len(pat) {
				i++
				sb.WriteByte(pat[i])
				continue
			}
			sb.WriteByte(c)
		case '*', '?', '[':
			return "", false
		case '+', '@', '!':
			if i+1 < len(pat) && pat[i+1] == '(' {
				return "", false
			}
			sb.WriteByte(c)
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String(), true
}

func unescapePattern(pat string) string {
	var sb strings.Builder
	for i := 0; i < len(pat); i++ {
		if pat[i] == '\\' && i+1 < len(pat) {
			i++
		}
		sb.WriteByte(pat[i])
	}
	return sb.String()
}

func (m *compiledPattern) matchString(s string) bool {
	if m.literal {
		return s == m.lit
	}
	return m.full.MatchString(s)
}

// remove implements ${x#p} ${x##p} ${x%p} ${x%%p}.
func (m *compiledPattern) remove(s string, suffix, small bool) string {
	if m.literal {
		if suffix {
			return strings.TrimSuffix(s, m.lit)
		}
		return strings.TrimPrefix(s, m.lit)
	}
	bounds := runeBounds(s)
	if !suffix {
		if small {
			for _, i := range bounds {
				if m.full.MatchString(s[:i]) {
					return s[i:]
				}
			}
			return s
		}
		for k := len(bounds) - 1; k >= 0; k-- {
			if m.full.MatchString(s[:bounds[k]]) {
				return s[bounds[k]:]
			}
		}
		return s
	}
	if small {
		for k := len(bounds) - 1; k >= 0; k-- {
			if m.full.MatchString(s[bounds[k]:]) {
				return s[:bounds[k]]
			}
		}
		return s
	}
	for _, i := range bounds {
		if m.full.MatchString(s[i:]) {
			return s[:i]
		}
	}
	return s
}

// runeBounds returns the byte offsets of every character boundary of s,
// 0 and len(s) included.
func runeBounds(s string) []int {
	b := make([]int, 0, len(s)+1)
	for i := range s {
		b = append(b, i)
	}
	return append(b, len(s))
}

// replace implements ${x/p/r}, ${x//p/r}, ${x/#p/r} and ${x/%p/r}.
func (m *compiledPattern) replace(s string, anchor byte, all bool, with func(string) string) string {
	switch anchor {
	case '#':
		bounds := runeBounds(s)
		for k := len(bounds) - 1; k >= 0; k-- {
			if m.matchString(s[:bounds[k]]) {
				if bounds[k] == 0 && !m.matchString("") {
					continue
				}
				return with(s[:bounds[k]]) + s[bounds[k]:]
			}
		}
		return s
	case '%':
		for _, i := range runeBounds(s) {
			if m.matchString(s[i:]) {
				return s[:i] + with(s[i:])
			}
		}
		return s
	}
	var sb strings.Builder
	i := 0
	done := false
	for i <= len(s) && !done {
		start, end, ok := m.findAt(s, i)
		if !ok {
			break
		}
		sb.WriteString(s[i:start])
		sb.WriteString(with(s[start:end]))
		if end == start {
			if end < len(s) {
				_, n := utf8.DecodeRuneInString(s[end:])
				sb.WriteString(s[end : end+n])
				end += n
			} else {
				i = end + 1
				done = true
				break
			}
		}
		i = end
		if !all {
			done = true
		}
	}
	if i <= len(s) {
		sb.WriteString(s[i:])
	}
	return sb.String()
}

// findAt finds the leftmost-longest non-empty match starting at or after i.
func (m *compiledPattern) findAt(s string, i int) (int, int, bool) {
	if m.literal {
		if m.lit == "" {
			return 0, 0, false
		}
		j := strings.Index(s[i:], m.lit)
		if j < 0 {
			return 0, 0, false
		}
		return i + j, i + j + len(m.lit), true
	}
	for p := i; p <= len(s); {
		// longest match anchored at p
		for e := len(s); e > p; {
			if m.full.MatchString(s[p:e]) {
				return p, e, true
			}
			_, n := utf8.DecodeLastRuneInString(s[p:e])
			e -= n
		}
		if p == len(s) {
			break
		}
		_, n := utf8.DecodeRuneInString(s[p:])
		p += n
	}
	return 0, 0, false
}

// match reports whether s matches the glob pattern pat (case, [[ == ]]).
func (r *Runner) match(pat, s string) bool {
	m, err := r.compilePattern(pat, r.opts.sh(shNocasematch), true)
	if err != nil {
		return false
	}
	return m.matchString(s)
}

// globFields moves the builder's fields into out, applying pathname
// expansion to those with unquoted pattern characters.
func (r *Runner) globFields(b *fieldBuilder, out *[]string) {
	for _, f := range b.fields {
		if !f.glob || b.noGlob {
			*out = append(*out, string(f.buf))
			continue
		}
		matches := r.glob(string(f.pat))
		if len(matches) == 0 {
			if r.opts.sh(shFailglob) {
				r.pendingErr = &expandError{msg: "no match: " + string(f.buf), status: 1}
				b.fields = b.fields[:0]
				return
			}
			if r.opts.sh(shNullglob) {
				continue
			}
			*out = append(*out, string(f.buf))
			continue
		}
		*out = append(*out, matches...)
	}
	b.fields = b.fields[:0]
}

// glob expands a pattern against the file system, relative to the
// runner's directory. Results are sorted bytewise (the C collation).
func (r *Runner) glob(pat string) []string {
	if !hasMeta(pat) {
		return nil
	}
	abs := strings.HasPrefix(pat, "/")
	parts := strings.Split(pat, "/")
	var bases []string
	if abs {
		bases = []string{"/"}
		parts = parts[1:]
	} else {
		bases = []string{""}
	}
	extglob := r.opts.sh(shExtglob)
	for pi, part := range parts {
		last := pi == len(parts)-1
		if part == "" {
			if last {
				// trailing slash: keep only directories
				var out []string
				for _, b := range bases {
					if fi, err := os.Stat(r.absPath(b)); err == nil && fi.IsDir() {
						out = append(out, b)
					}
				}
				bases = out
			}
			continue
		}
		var next []string
		if part == "**" && r.opts.sh(shGlobstar) {
			for _, b := range bases {
				next = append(next, r.globStar(b, last)...)
			}
			bases = next
			continue
		}
		if !hasMeta(part) {
			lit := unescapePattern(part)
			for _, b := range bases {
				p := joinGlob(b, lit)
				if _, err := os.Lstat(r.absPath(p)); err == nil {
					next = append(next, p)
				}
			}
			bases = next
			continue
		}
		m, err := r.compilePattern(part, r.opts.sh(shNocaseglob), extglob)
		if err != nil {
			return nil
		}
		dotOK := r.opts.sh(shDotglob) || strings.HasPrefix(part, ".") || strings.HasPrefix(part, "\\.")
		for _, b := range bases {
			dir := b
			if dir == "" {
				dir = "."
			}
			ents, err := os.ReadDir(r.absPath(dir))
			if err != nil {
				continue
			}
			var names []string
			for _, e := range ents {
				name := e.Name()
				if name[0] == '.' && !dotOK {
					continue
				}
				if !last && !isDirEntry(r, b, e) {
					continue
				}
				if m.matchString(name) {
					names = append(names, name)
				}
			}
			if dotOK && !r.opts.sh(shGlobskipdots) || dotOK && strings.HasPrefix(part, ".") && !r.opts.sh(shGlobskipdots) {
				for _, d := range []string{".", ".."} {
					if m.matchString(d) {
						names = append(names, d)
					}
				}
			}
			sort.Strings(names)
			for _, n := range names {
				next = append(next, joinGlob(b, n))
			}
		}
		bases = next
		if len(bases) == 0 {
			return nil
		}
	}
	sort.Strings(bases)
	return bases
}

func isDirEntry(r *Runner, base string, e os.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&os.ModeSymlink != 0 {
		fi, err := os.Stat(r.absPath(joinGlob(base, e.Name())))
		return err == nil && fi.IsDir()
	}
	return false
}

func (r *Runner) globStar(base string, last bool) []string {
	var out []string
	if last {
		if base != "" {
			out = append(out, base)
		}
	} else {
		out = append(out, base)
	}
	var walk func(b string)
	walk = func(b string) {
		dir := b
		if dir == "" {
			dir = "."
		}
		ents, err := os.ReadDir(r.absPath(dir))
		if err != nil {
			return
		}
		for _, e := range ents {
			name := e.Name()
			if name[0] == '.' && !r.opts.sh(shDotglob) {
				continue
			}
			p := joinGlob(b, name)
			if e.IsDir() {
				if last {
					out = append(out, p)
				} else {
					out = append(out, p)
				}
				walk(p)
			} else if last {
				out = append(out, p)
			}
		}
	}
	walk(base)
	if !last {
		// only directories serve as bases for the next component
		var dirs []string
		for _, p := range out {
			d := p
			if d == "" {
				dirs = append(dirs, p)
				continue
			}
			if fi, err := os.Stat(r.absPath(d)); err == nil && fi.IsDir() {
				dirs = append(dirs, p)
			}
		}
		return dirs
	}
	return out
}

func joinGlob(base, name string) string {
	switch base {
	case "":
		return name
	case "/":
		return "/" + name
	}
	return base + "/" + name
}

func hasMeta(p string) bool {
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		case '+', '@', '!':
			if i+1 < len(p) && p[i+1] == '(' {
				return true
			}
		}
	}
	return false
}
