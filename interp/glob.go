package interp

import (
	"os"
	"sort"
	"strings"
)

// This file holds pathname expansion, following bash's glob.c and
// pathexp.c: a pattern is expanded component by component against the
// runner's directory, names starting with '.' need an explicit '.'
// (unless dotglob), "." and ".." are never produced under globskipdots,
// a trailing '/' keeps only directories, "**" recurses under globstar,
// GLOBIGNORE filters the results and the whole list is sorted bytewise.

// globFields moves the builder's fields into out, applying pathname
// expansion to those with unquoted pattern characters.
func (r *Runner) globFields(b *fieldBuilder, out *[]string) {
	for _, f := range b.fields {
		// a '[' without its ']' does not make a pattern: the word stays,
		// even under nullglob; bash's test ignores extglob
		if !f.glob || b.noGlob || !hasMetaExt(globCheckPat(f), true) {
			*out = append(*out, string(f.buf))
			continue
		}
		matches := r.glob(string(f.pat))
		if len(matches) == 0 {
			if r.opts.sh(shFailglob) {
				r.pendingErr = &expandError{msg: "no match: " + string(f.buf), status: 1, report: true}
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

// globCheckPat is the text bash's unquoted_glob_pattern_p sees for f:
// its pattern with each quoted slash escaped, so that "[a"/"b]" is a
// pattern (which then matches nothing) while [a/b] is not.
func globCheckPat(f field) string {
	return backslashesAt(string(f.pat), f.qslash)
}

// backslashesAt returns s with a backslash inserted before each of the
// (ascending) byte offsets at.
func backslashesAt(s string, at []int) string {
	if len(at) == 0 {
		return s
	}
	var sb strings.Builder
	prev := 0
	for _, i := range at {
		sb.WriteString(s[prev:i])
		sb.WriteByte('\\')
		prev = i
	}
	sb.WriteString(s[prev:])
	return sb.String()
}

// globIgnore returns the compiled GLOBIGNORE patterns, nil when unset or
// empty.
func (r *Runner) globIgnore() []*compiledPattern {
	return r.ignorePatterns("GLOBIGNORE", r.opts.sh(shNocaseglob))
}

// ignorePatterns compiles the colon-separated pattern list of variable
// name (bash's setup_ignore_patterns), matching case-insensitively when
// fold is set and with extglob when on; nil when unset or empty.
func (r *Runner) ignorePatterns(name string, fold bool) []*compiledPattern {
	v := r.lookup(name)
	if v == nil || !v.set || v.str == "" {
		return nil
	}
	var out []*compiledPattern
	for _, p := range splitIgnoreSpec(v.str) {
		if m, _ := r.compilePattern(p, fold, r.opts.sh(shExtglob)); m != nil {
			out = append(out, m)
		}
	}
	return out
}

// splitIgnoreSpec splits a GLOBIGNORE value at colons that are outside
// bracket expressions and extended groups, dropping empty items.
func splitIgnoreSpec(s string) []string {
	var out []string
	start, depth, inBr := 0, 0, false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			inBr = true
		case ']':
			inBr = false
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case ':':
			if !inBr && depth == 0 {
				if i > start {
					out = append(out, s[start:i])
				}
				start = i + 1
			}
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// globState carries the options of one expansion.
type globState struct {
	r          *Runner
	dotglob    bool
	skipDots   bool
	nocase     bool
	extglob    bool
	globstar   bool
	ignoreDots bool // GLOBIGNORE set: "." and ".." are never results
}

// glob expands a pattern against the file system, relative to the
// runner's directory, as bash's shell_glob_filename: dotglob as it is
// set now (which glob.c then remembers, see globDots), GLOBIGNORE
// applied. It returns nil when nothing matches.
func (r *Runner) glob(pat string) []string {
	r.globDots = r.opts.sh(shDotglob)
	return r.globFiles(pat, r.globDots, r.globIgnore())
}

// globFiles expands pat, names with a leading '.' matching wildcards when
// dotglob, the results filtered by the GLOBIGNORE patterns ignore.
func (r *Runner) globFiles(pat string, dotglob bool, ignore []*compiledPattern) []string {
	g := globState{
		r:        r,
		dotglob:  dotglob,
		skipDots: r.opts.sh(shGlobskipdots),
		nocase:   r.opts.sh(shNocaseglob),
		extglob:  r.opts.sh(shExtglob),
		globstar: r.opts.sh(shGlobstar),
	}
	if !hasMetaExt(pat, g.extglob) {
		return nil
	}
	if ignore != nil {
		g.ignoreDots = true // (setting GLOBIGNORE turned dotglob on)
	}
	parts := splitPatternPath(pat, g.extglob)
	// bases are the expanded prefixes, each ending in '/' (or empty)
	bases := []string{""}
	globbed := false // a component before this one was a pattern
	for pi := 0; pi < len(parts) && len(bases) > 0; pi++ {
		part := parts[pi]
		last := pi == len(parts)-1
		switch {
		case part == "" && last:
			// trailing slash: only directories, the slash kept
			var next []string
			for _, b := range bases {
				if b == "" {
					continue
				}
				if fi, err := os.Stat(r.absPath(b)); err == nil && fi.IsDir() {
					next = append(next, b)
				}
			}
			bases = next
		case part == "" && globbed:
			// bash globs a directory part that is a pattern without
			// its last slash and joins names with one: after the first
			// pattern component, a run of slashes is one
		case part == "":
			for i := range bases {
				bases[i] += "/"
			}
		case part == "**" && g.globstar:
			for pi+1 < len(parts) && parts[pi+1] == "**" {
				pi++ // **/** is **
				globbed = true
			}
			last = pi == len(parts)-1
			// "**/" ends the pattern (a run of slashes is one)
			dirsOnly := pi+1 < len(parts)
			for _, q := range parts[pi+1:] {
				dirsOnly = dirsOnly && q == ""
			}
			var next []string
			for _, b := range bases {
				// a final ** gives its directory as "a/" after a literal
				// prefix (a/**) but as "a" after a pattern (*/**), as bash
				self := b
				if last && globbed {
					self = strings.TrimSuffix(b, "/")
				}
				next = g.globStar(next, b, self, last, dirsOnly)
			}
			globbed = true
			if dirsOnly {
				pi = len(parts) - 1
			}
			bases = next
		case !hasMetaExt(part, g.extglob):
			lit := unescapePattern(part)
			if strings.HasSuffix(lit, "\\") && !strings.HasSuffix(part, "\\\\") {
				lit = lit[:len(lit)-1] // from an escaped '/'
			}
			var next []string
			for _, b := range bases {
				p := b + lit
				if last {
					if _, err := os.Lstat(r.absPath(p)); err != nil {
						continue
					}
				} else {
					p += "/"
				}
				next = append(next, p)
			}
			bases = next
		default:
			m, _ := r.compilePattern(part, g.nocase, g.extglob)
			var next []string
			for _, b := range bases {
				next = g.matchDir(next, b, part, m, last)
			}
			bases = next
			globbed = true
		}
	}
	if ignore != nil {
		kept := bases[:0]
		for _, p := range bases {
			if globIgnored(p, ignore) {
				continue
			}
			kept = append(kept, p)
		}
		bases = kept
	}
	if len(bases) == 0 {
		return nil
	}
	sort.Strings(bases)
	return bases
}

// globIgnored reports whether GLOBIGNORE removes the result p.
func globIgnored(p string, ignore []*compiledPattern) bool {
	name := p
	if i := strings.LastIndexByte(p, '/'); i >= 0 && i+1 < len(p) {
		name = p[i+1:]
	}
	if name == "." || name == ".." {
		return true
	}
	for _, m := range ignore {
		f := mfPathname
		if m.fold {
			f |= mfFold
		}
		if m.literal {
			if p == m.lit {
				return true
			}
			continue
		}
		if (matcher{flags: f | m.byteFlag(), ct: m.ct}).match(m.nodes, p, true) {
			return true
		}
	}
	return false
}

// readDirNames lists a directory; "." is used for the empty base.
func (g *globState) readDir(base string) ([]os.DirEntry, error) {
	dir := base
	if dir == "" {
		dir = "."
	}
	return os.ReadDir(g.r.absPath(dir))
}

// matchDir appends the names in directory base that match the component
// pattern (with a '/' appended when more components follow).
func (g *globState) matchDir(out []string, base, part string, m *compiledPattern, last bool) []string {
	ents, err := g.readDir(base)
	if err != nil {
		return out
	}
	names := make([]string, 0, len(ents)+2)
	if !g.skipDots && !g.ignoreDots {
		names = append(names, ".", "..")
	}
	for _, e := range ents {
		names = append(names, e.Name())
	}
	for _, name := range names {
		if g.skipName(part, name) || !g.r.forText(m, name).matchName(name, g.dotglob) {
			continue
		}
		if last {
			out = append(out, base+name)
		} else {
			out = append(out, base+name+"/")
		}
	}
	return out
}

// skipName is bash's skipname: whether a name is excluded before matching
// because of its leading dot.
func (g *globState) skipName(pat, name string) bool {
	if g.extglob && len(pat) > 2 && isExtOp(pat[0]) && pat[1] == '(' {
		if end := patScan(pat, 2, 0); end > 0 {
			return g.extSkipName(pat, end, name)
		}
	}
	isDots := name == "." || name == ".."
	if g.skipDots && isDots {
		return true
	}
	litDot := strings.HasPrefix(pat, ".") || strings.HasPrefix(pat, "\\.")
	if g.dotglob {
		return !litDot && isDots
	}
	return name[0] == '.' && !litDot
}

// extSkipName applies skipName to the alternatives of a leading extended
// group: the name is kept when any alternative keeps it.
func (g *globState) extSkipName(pat string, end int, name string) bool {
	for p := 2; p < end; {
		q := patScan(pat, p, '|')
		if q < 0 {
			break
		}
		if !g.skipName(pat[p:q-1], name) {
			return false
		}
		p = q
	}
	if (pat[0] == '*' || pat[0] == '?') && end < len(pat) {
		return g.skipName(pat[end:], name)
	}
	return true
}

// globStar expands a "**" component below base: every file and directory
// at any depth (symbolic links are listed but not followed), the base
// itself included. With dirsOnly ("**/" ending the pattern) only
// directories are listed, with their slash; as an inner component the
// base and its real subdirectories become the next bases. self is how
// the base itself is listed.
func (g *globState) globStar(out []string, base, self string, last, dirsOnly bool) []string {
	if base != "" {
		fi, err := os.Stat(g.r.absPath(base))
		if err != nil || !fi.IsDir() {
			return out
		}
		out = append(out, self)
	} else if !last && !dirsOnly {
		out = append(out, base)
	}
	var walk func(dir string)
	walk = func(dir string) {
		ents, err := g.readDir(dir)
		if err != nil {
			return
		}
		for _, e := range ents {
			name := e.Name()
			if name[0] == '.' && !g.dotglob {
				continue
			}
			p := dir + name
			realDir := e.IsDir()
			switch {
			case dirsOnly:
				if realDir || e.Type()&os.ModeSymlink != 0 && isDirPath(g.r, p) {
					out = append(out, p+"/")
				}
			case last:
				out = append(out, p)
			case realDir:
				out = append(out, p+"/")
			}
			if realDir {
				walk(p + "/")
			}
		}
	}
	walk(base)
	return out
}

func isDirPath(r *Runner, p string) bool {
	fi, err := os.Stat(r.absPath(p))
	return err == nil && fi.IsDir()
}

// splitPatternPath splits a pattern into its pathname components. An
// escaped slash (from an unquoted expansion such as ./tmp${bs}/a/*) is a
// slash all the same, as bash's glob_filename splits at any '/'; the
// component before it keeps a trailing backslash, which a literal
// component drops (bash dequotes literal directory names) and a pattern
// component matches only literally. Under extglob a '/' inside an
// extended group does not split (bash's glob_dirscan skips the groups):
// the group is part of its component, where the '/' matches no name.
func splitPatternPath(pat string, extglob bool) []string {
	groups := extglob && strings.IndexByte(pat, '(') > 0
	if !groups && !strings.Contains(pat, "\\/") {
		return strings.Split(pat, "/")
	}
	var parts []string
	var cur strings.Builder
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case groups && isExtOp(c) && i+1 < len(pat) && pat[i+1] == '(':
			end := patScan(pat, i+2, 0)
			if end < 0 {
				end = len(pat) // unclosed: glob_dirscan skips to the end
			}
			cur.WriteString(pat[i:end])
			i = end - 1
		case c == '\\' && i+1 < len(pat) && pat[i+1] == '/':
			// the backslash stays with the component: a pattern
			// component then fails to match, as in bash
			cur.WriteByte(c)
			parts = append(parts, cur.String())
			cur.Reset()
			i++
		case c == '\\' && i+1 < len(pat):
			cur.WriteByte(c)
			cur.WriteByte(pat[i+1])
			i++
		case c == '/':
			parts = append(parts, cur.String())
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(parts, cur.String())
}

// hasMetaExt reports whether p is a pattern, as bash's
// unquoted_glob_pattern_p decides: '*' and '?' are, '[' only with a
// later ']' in the same pathname component, an extended group opener
// only under extglob; a '/' followed by '(' is too (a quirk of bash's
// fallthrough), and a trailing backslash makes nothing a pattern.
func hasMetaExt(p string, extglob bool) bool {
	open := false
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			if i+1 >= len(p) {
				return false
			}
			i++
		case '*', '?':
			return true
		case '[':
			open = true
		case ']':
			if open {
				return true
			}
		case '/':
			open = false
			if i+1 < len(p) && p[i+1] == '(' {
				return true
			}
		case '+', '@', '!':
			if extglob && i+1 < len(p) && p[i+1] == '(' {
				return true
			}
		}
	}
	return false
}
