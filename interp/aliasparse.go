package interp

import (
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Aliases are expanded when a line is parsed, as bash's parser does: a
// top-level group (the commands read together, one line or one compound
// command) sees the aliases defined before it was read, never those its
// own commands define, and a function body keeps the aliases of its
// definition. nash parses ahead, so when aliases exist runTopGroup
// re-parses the group's text with the aliases substituted in command-word
// positions before running it; while that text runs, the run-time
// expansion in tryAlias is off. With no aliases nothing is re-parsed.

// runTopGroup runs one top-level group whose text is r.curSrc up to the
// offset end (the start of the next group, or the end of the source), so
// that here-document bodies and trailing comments come with it.
func (r *Runner) runTopGroup(g []*syntax.Stmt, end int) {
	if r.sh.pretty != nil {
		r.prettyGroup(g)
		return
	}
	defer r.oneCommandEnd()
	oldTop := r.aliasTopSrc
	defer func() { r.aliasTopSrc = oldTop }()
	if r.opts.on(optVerbose) && len(g) > 0 && r.noticeLine > 0 && !r.readAtPrompt {
		// bash's shell_getc reports on the jobs before it reads (and
		// echoes) the line (runTop's notice, made early)
		r.notifyJobs(r.noticeLine + 1)
	}
	r.echoVerbose(g) // (read before bash warns about what it read)
	r.warnHdocParen(g)
	r.warnHdocEOF(g, end == len(r.curSrc))
	r.parenEnds = r.sh.cmdString && endsWithParen(g, r.curSrc, end)
	if r.hist != nil || r.histOn() {
		r.histRecordGroup(g)
	}
	if len(r.aliases) > 0 && r.opts.sh(shExpandAliases) {
		if stmts, src, base, ok := r.aliasExpandGroup(g, end); ok {
			r.echoVerbose(g)
			oldSrc, oldOff := r.curSrc, r.lineOff
			r.curSrc, r.lineOff = src, oldOff+base
			r.aliasTopSrc = src
			r.runTop(stmts)
			if r.curSrc == src {
				r.curSrc, r.lineOff = oldSrc, oldOff
			}
			return
		}
	}
	r.aliasTopSrc = r.curSrc
	r.runTop(g)
}

// oneCommandEnd ends a shell reading a script or standard input after
// the command it read, once set -t (onecmd) is on: bash's reader_loop
// takes just_one_command as end of input. A -c string, run by
// parse_and_execute, goes on.
func (r *Runner) oneCommandEnd() {
	if r.opts.on(optOnecmd) && !r.sh.cmdString && r.flow == flowNone {
		r.beginExit(r.exit)
	}
}

// aliasesParsed reports whether the code running was parsed with its
// aliases already expanded (a top-level group's text), so tryAlias must
// not expand again.
func (r *Runner) aliasesParsed() bool {
	return len(r.curSrc) > 0 && sameString(r.aliasTopSrc, r.curSrc)
}

// aliasExpandGroup substitutes the defined aliases in the group's text
// and re-parses it. It returns the new statements, their text and the
// number of lines before the text in the script; ok is false when no
// alias applies or the result does not parse (the group then runs as
// parsed).
func (r *Runner) aliasExpandGroup(g []*syntax.Stmt, end int) (stmts []*syntax.Stmt, src string, base int, ok bool) {
	if len(g) == 0 {
		return nil, "", 0, false
	}
	full := r.curSrc
	start := int(g[0].Pos().Offset())
	if end > len(full) || start > end {
		return nil, "", 0, false
	}
	// start at the beginning of the line, so columns stay the same
	for start > 0 && full[start-1] != '\n' {
		start--
	}
	type edit struct {
		from, to int
		val      string
	}
	var edits []edit
	for _, st := range g {
		walk(st, func(n syntax.Node) bool {
			if r.deferredAliasSubst(n) {
				return false
			}
			c, isCall := n.(*syntax.CallExpr)
			if !isCall || len(c.Args) == 0 {
				return true
			}
			for i := 0; i < len(c.Args); i++ {
				w, plain := aliasName(c.Args[i])
				if !plain {
					break
				}
				v, isAlias := r.aliases[w]
				if !isAlias {
					break
				}
				from, to := int(c.Args[i].Pos().Offset()), int(c.Args[i].End().Offset())
				if from < start || to > end {
					break
				}
				chain := endsInBlank(v)
				v = r.aliasValue(w, v, map[string]bool{w: true})
				if aliasNeedsSpace(v) {
					edits = append(edits, edit{from - start, to - start, v + " "})
				} else {
					edits = append(edits, edit{from - start, to - start, v})
				}
				// a value ending in a blank makes the next word a
				// candidate too
				if !chain {
					break
				}
			}
			return true
		})
	}
	if len(edits) == 0 {
		return nil, "", 0, false
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
	text := full[start:end]
	var sb strings.Builder
	last := 0
	for _, e := range edits {
		if e.from < last {
			continue
		}
		sb.WriteString(text[last:e.from])
		sb.WriteString(e.val)
		last = e.to
	}
	sb.WriteString(text[last:])
	f, src, err := parseProgram(sb.String(), "")
	if err != nil {
		return nil, "", 0, false
	}
	// the line g starts on, less one: the text may hold lines that
	// parseProgram added (fixInsertedLines), which its positions leave out
	return f.Stmts, src, int(g[0].Pos().Line()) - 1, true
}

// substAliases is how the body of a command or process substitution
// whose aliases are expanded as it runs is read: with none defined as it
// starts, a line at a time (byGroups); with some, as runAliasRest reads
// it (body); or, where its text is not at hand, command by command as it
// runs (tryAlias: neither).
type substAliases struct {
	body     string // the body's text; "" for none at hand
	off      int    // the offset in curSrc of body's start (byGroups)
	base     int    // the number of lines before the body's first
	byGroups bool
	name     string // for its syntax errors (comsubErrName, procSubstErrName)
}

// substAliasesAtRun sets up c, the shell about to run a substitution's
// body, to expand its aliases as it runs, and says how it reads the body.
// pc is the body as printed back when reprinted; else body is its text
// in c.curSrc from offset off, its first line line base+1 of the script
// (ok false when not at hand). line is the command's line.
func (c *Runner) substAliasesAtRun(pc *printedComsub, reprinted bool, body string, off, base int, ok bool, line int, name string) substAliases {
	c.aliasTopSrc = ""
	var at substAliases
	switch {
	case reprinted:
		at = substAliases{body: pc.text, base: line - 1, name: name}
	case ok:
		at = substAliases{body: body, off: off, base: base, name: name}
	default:
		return at
	}
	if c.aliasActive() {
		c.tail = nil
	} else {
		at.byGroups = true
	}
	return at
}

// substStmts runs stmts, the body of a substitution, read as at says.
func (r *Runner) substStmts(stmts []*syntax.Stmt, at substAliases) {
	switch {
	case at.body == "":
		r.stmts(stmts)
	case at.byGroups:
		r.substByGroups(stmts, at)
	default:
		// its syntax errors are the substitution's
		r.runAliasRest(at.body, at.base, at.name, true, true)
	}
}

// substByGroups runs stmts, the body of a substitution whose aliases are
// expanded as it runs, with none defined as it starts. bash's
// parse_and_execute reads the body a line at a time: a line's commands
// see only the aliases defined before it was read, not those an earlier
// command of the same line defines (x=$(alias k=…; k) runs no alias),
// and from the first line read with one defined the rest is read as
// runAliasRest reads it. A line is read with extglob as it is then: one
// with an extended pattern read while it is off is the substitution's
// syntax error, which runAliasRest reports as bash does.
func (r *Runner) substByGroups(stmts []*syntax.Stmt, at substAliases) {
	mayExtGlob := mayHoldExtGlob(at.body)
	for _, g := range topLevelGroups(stmts, r.curSrc) {
		if r.aliasActive() || mayExtGlob && r.extglobParseError(g, "") != nil {
			start := min(max(groupLineStart(r.curSrc, g)-at.off, 0), len(at.body))
			r.tail = nil
			r.runAliasRest(at.body[start:], at.base+strings.Count(at.body[:start], "\n"), at.name, true, true)
			return
		}
		r.aliasTopSrc = r.curSrc // read as parsed: nothing expands at run time
		r.stmts(g)
		if r.flow != flowNone {
			return
		}
	}
}

// comsubAliasesAtRun reports whether the aliases in cs's body are
// expanded when it runs rather than when the command holding it is read:
// bash defers them for backquotes, and for $( ) outside POSIX mode (where
// it expands them as it first reads the substitution).
func (r *Runner) comsubAliasesAtRun(cs *syntax.CmdSubst) bool {
	return cs.Backquotes || !r.opts.on(optPosix)
}

// procAliasesAtRun is comsubAliasesAtRun for a <(…) or >(…), whose text
// bash keeps and parses again as it runs, as a $(…)'s.
func (r *Runner) procAliasesAtRun() bool {
	return !r.opts.on(optPosix)
}

// deferredAliasSubst reports whether n is a substitution whose aliases
// are expanded when it runs (comsubAliasesAtRun, procAliasesAtRun).
func (r *Runner) deferredAliasSubst(n syntax.Node) bool {
	switch n := n.(type) {
	case *syntax.CmdSubst:
		return r.comsubAliasesAtRun(n)
	case *syntax.ProcSubst:
		return r.procAliasesAtRun()
	}
	return false
}

// aliasValue expands the alias named at the start of an alias's value in
// turn, each alias at most once while its own text is being read (bash's
// recursion guard); when a word's alias has a value ending in a blank,
// the value's next word is a candidate too, as bash's reader checks the
// word after such a value ("foo" as "bar stuff " with "bar" as "x y "
// expands "stuff" as well). Whether the word after the whole value is a
// candidate is the value's own business (endsInBlank of it, not of what
// it expanded to: with a as "b" and b as "c ", the word after a is not).
func (r *Runner) aliasValue(name, v string, seen map[string]bool) string {
	var sb strings.Builder
	i := 0 // v[:i] is done
	for {
		k := i
		for k < len(v) && (v[k] == ' ' || v[k] == '\t') {
			k++
		}
		j := k
		for j < len(v) && !strings.ContainsRune(" \t\n;&|<>()'\"\\$`", rune(v[j])) {
			j++
		}
		word := v[k:j]
		if word == "" || seen[word] || (j < len(v) && strings.ContainsRune("'\"\\$`", rune(v[j]))) {
			break
		}
		inner, ok := r.aliases[word]
		if !ok {
			break
		}
		// the guard holds the aliases whose text encloses this word:
		// one that ended before it may expand again
		nested := make(map[string]bool, len(seen)+1)
		for n := range seen {
			nested[n] = true
		}
		nested[word] = true
		exp := r.aliasValue(word, inner, nested)
		sb.WriteString(v[i:k])
		sb.WriteString(exp)
		i = j
		if !endsInBlank(inner) {
			break
		}
	}
	sb.WriteString(v[i:])
	return sb.String()
}

// endsInBlank reports whether an alias value ends in a blank, which
// makes the word after the alias a candidate for expansion too.
func endsInBlank(v string) bool {
	return v != "" && (v[len(v)-1] == ' ' || v[len(v)-1] == '\t')
}

// groupLineStart is the offset of the start of the line a group begins on.
func groupLineStart(src string, g []*syntax.Stmt) int {
	i := int(g[0].Pos().Offset())
	if i > len(src) {
		return len(src)
	}
	for i > 0 && src[i-1] != '\n' {
		i--
	}
	return i
}
