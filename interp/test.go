package interp

import (
	"os"
	"regexp"
	resyntax "regexp/syntax"
	"strconv"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/syntax"
)

// testExpr evaluates a [[ ]] expression.
func (r *Runner) testExpr(x syntax.TestExpr) (bool, error) {
	switch x := x.(type) {
	case *syntax.Word:
		s, err := r.literal(x)
		if err == nil && r.opts.on(optXtrace) {
			r.traceCond(r.takeCondNot(), "-n", s)
		}
		return s != "", err
	case *syntax.ParenTest:
		return r.testExpr(x.X)
	case *syntax.UnaryTest:
		if x.Op == syntax.TsNot {
			// each "!" toggles the term's inversion in bash's parser:
			// an even run of them is none, and traces none
			if inner, ok := x.X.(*syntax.UnaryTest); ok && inner.Op == syntax.TsNot {
				return r.testExpr(inner.X)
			}
			if b, ok := x.X.(*syntax.BinaryTest); ok && (b.Op == syntax.AndTest || b.Op == syntax.OrTest) {
				// the parser gives ! the whole "a || b" that follows it;
				// in bash ! binds to the next term only: (! a) || b
				return r.testExpr(&syntax.BinaryTest{OpPos: b.OpPos, Op: b.Op,
					X: &syntax.UnaryTest{OpPos: x.OpPos, Op: x.Op, X: b.X}, Y: b.Y})
			}
			r.condNot = isCondTerm(x.X)
			ok, err := r.testExpr(x.X)
			if isRegexFailure(err) {
				// bash's execute_cond_node inverts any status but 0
				return true, nil
			}
			return !ok, err
		}
		w, ok := x.X.(*syntax.Word)
		if !ok {
			return false, expErr("unexpected argument")
		}
		operand := r.literal
		if x.Op == syntax.TsVarSet {
			operand = r.condVarWord
		}
		s, err := operand(w)
		if err != nil {
			return false, err
		}
		if r.opts.on(optXtrace) {
			r.traceCond(r.takeCondNot(), unaryOpWritten(x, r.curSrc), s)
		}
		if x.Op == syntax.TsVarSet {
			return r.condVarLookup(s), nil
		}
		return r.unaryTest(x.Op.String(), s)
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.AndTest:
			ok, err := r.testExpr(x.X)
			if err != nil || !ok {
				return false, err
			}
			return r.testExpr(x.Y)
		case syntax.OrTest:
			ok, err := r.testExpr(x.X)
			if isRegexFailure(err) {
				// status 2 is a failure: the right side decides
				return r.testExpr(x.Y)
			}
			if err != nil || ok {
				return ok, err
			}
			return r.testExpr(x.Y)
		}
		lw, _ := x.X.(*syntax.Word)
		rw, _ := x.Y.(*syntax.Word)
		operand := r.literal
		switch x.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			operand = r.condArithWord
		}
		left, err := operand(lw)
		if err != nil {
			return false, err
		}
		switch x.Op {
		case syntax.TsMatch, syntax.TsMatchShort, syntax.TsNoMatch:
			var pat string
			if r.opts.on(optXtrace) {
				var trace string
				if pat, trace, err = r.tracedPattern(rw); err != nil {
					return false, err
				}
				r.traceCond(r.takeCondNot(), x.Op.String(), left, trace)
			} else if pat, err = r.pattern(rw); err != nil {
				return false, err
			}
			m := r.condMatch(pat, left)
			if x.Op == syntax.TsNoMatch {
				return !m, nil
			}
			return m, nil
		case syntax.TsReMatch:
			// the right side is expanded once: the trace and the match
			// both come from it
			expr, err := r.regexFromWord(rw)
			if err != nil {
				return false, err
			}
			if r.opts.on(optXtrace) {
				r.traceCond(r.takeCondNot(), x.Op.String(), left, traceRegex(expr))
			}
			return r.regexMatch(left, expr)
		}
		right, err := operand(rw)
		if err != nil {
			return false, err
		}
		if r.opts.on(optXtrace) {
			r.traceCond(r.takeCondNot(), x.Op.String(), left, right)
		}
		switch x.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			// an operand that is not a valid expression makes the
			// term false, with bash's "[[: " message; the rest of the
			// conditional still runs
			a, err := r.arithStringCmd(left, "[[")
			if err != nil {
				return r.condArithError(err)
			}
			b, err := r.arithStringCmd(right, "[[")
			if err != nil {
				return r.condArithError(err)
			}
			return intCompare(x.Op.String(), a, b), nil
		}
		return r.binaryTest(x.Op.String(), left, right)
	}
	return false, expErr("unexpected test expression")
}

// condArithError reports an arithmetic error in a [[ ]] comparison
// operand, which makes that term false; other errors stop the command.
func (r *Runner) condArithError(err error) (bool, error) {
	if isReadonlyErr(err) {
		// an assignment to a readonly variable: bash's err_readonly
		// (a report_error, which exits under set -e), then the
		// evaluator's longjmp, after which the term is false as for
		// any other bad expression
		r.reportErr(err)
		return false, nil
	}
	if _, ok := err.(*arithError); ok && !abandonsLine(err) {
		r.reportErr(err)
		return false, nil
	}
	return false, err
}

// isCondTerm reports whether x is a single [[ ]] term (what a preceding
// ! shows on in the trace).
func isCondTerm(x syntax.TestExpr) bool {
	switch x := x.(type) {
	case *syntax.Word:
		return true
	case *syntax.UnaryTest:
		return x.Op != syntax.TsNot
	case *syntax.BinaryTest:
		return x.Op != syntax.AndTest && x.Op != syntax.OrTest
	}
	return false
}

// takeCondNot returns and clears the pending ! of the next [[ ]] term.
func (r *Runner) takeCondNot() bool {
	n := r.condNot
	r.condNot = false
	return n
}

func intCompare(op string, a, b int64) bool {
	switch op {
	case "-eq":
		return a == b
	case "-ne":
		return a != b
	case "-le":
		return a <= b
	case "-ge":
		return a >= b
	case "-lt":
		return a < b
	case "-gt":
		return a > b
	}
	return false
}

// isRegexFailure reports whether err is an =~ whose regular expression
// does not compile: sh_regmatch's status 2, without a message. In [[ ]]
// it is a failing term ("||" goes on to its right side, "!" makes it
// true); as the status of the whole command it is 2.
func isRegexFailure(err error) bool {
	ee, ok := err.(*expandError)
	return ok && ee.badRegex
}

// regexMatch implements =~ with POSIX extended regular expressions and
// sets BASH_REMATCH. expr is the expanded right side (regexFromWord).
func (r *Runner) regexMatch(s string, expr []reChar) (bool, error) {
	bytes := !r.utf8Locale()
	re, err := r.compileRegex(expr, bytes)
	if err != nil {
		return false, &expandError{msg: "", status: 2, badRegex: true}
	}
	subject, back := mapReSubject(s, bytes)
	m := re.FindStringSubmatchIndex(subject)
	if back != nil {
		for i, k := range m {
			if k >= 0 {
				m[i] = back[k]
			}
		}
	}
	// bash's sh_regmatch unbinds the global BASH_REMATCH and makes a new
	// global array: its attributes (readonly, export …) are dropped and
	// a function's local BASH_REMATCH is left as it is
	v := r.vars.global("BASH_REMATCH")
	*v = variable{kind: kIndexed, set: true, arr: &indexedArray{}, gen: v.gen, born: v.born}
	if m == nil {
		return false, nil
	}
	for i := 0; i < len(m); i += 2 {
		if m[i] < 0 {
			v.arr.vals = append(v.arr.vals, "")
			continue
		}
		v.arr.vals = append(v.arr.vals, s[m[i]:m[i+1]])
	}
	return true, nil
}

// regexFromWord expands the right side of =~, marking the characters that
// were quoted, which match literally. At compatibility level 31 and below
// quoting is only removed, as bash expands the word like the left side
// there: every character keeps its meaning in the regex.
func (r *Runner) regexFromWord(w *syntax.Word) ([]reChar, error) {
	if r.compatLevel() <= 31 {
		s, err := r.literal(w)
		if err != nil {
			return nil, err
		}
		return appendReChars(nil, s, false), nil
	}
	var cs []reChar
	for i, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.SglQuoted:
			val := p.Value
			if p.Dollar {
				val = ansiC(val, r.escBytes())
			}
			cs = appendReChars(cs, val, true)
		case *syntax.DblQuoted:
			b := &fieldBuilder{patMode: true}
			if err := r.expandDbl(b, p); err != nil {
				return nil, err
			}
			cs = appendReChars(cs, string(b.cur.buf), true)
		case *syntax.Lit:
			v := p.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				// tilde expansion, whose directory matches literally
				// (bash quotes it)
				b := &fieldBuilder{patMode: true}
				v = r.tildeLit(b, v, false, len(w.Parts) == 1)
				cs = appendReChars(cs, string(b.cur.buf), true)
			}
			for k := 0; k < len(v); k++ {
				if v[k] == '\\' && k+1 < len(v) {
					cs = append(cs, reChar{v[k+1], true})
					k++
					continue
				}
				cs = append(cs, reChar{v[k], false})
			}
		default:
			b := &fieldBuilder{patMode: true}
			if err := r.expandWord(b, &syntax.Word{Parts: []syntax.WordPart{part}}, false); err != nil {
				return nil, err
			}
			cs = appendReChars(cs, string(b.cur.buf), false)
		}
	}
	return unquoteRegexBrackets(cs), nil
}

// compileRegex returns the compiled form of the regex cs, cached by its
// text as written (so a loop's [[ =~ ]] neither translates nor compiles
// it again).
func (r *Runner) compileRegex(cs []reChar, bytes bool) (reMatcher, error) {
	fold := r.opts.sh(shNocasematch)
	var ct *byteCtype
	if bytes {
		ct = r.charset().ct
	}
	noColl := !bytes && r.collNoRules()
	key := "\x00re:"
	if noColl {
		key = "\x00rc:"
	}
	k := patKey{pat: key + reKey(cs), nocase: fold, bytes: bytes, ct: ct}
	r.sh.mu.Lock()
	if m := r.sh.patterns[k]; m != nil {
		r.sh.mu.Unlock()
		return m.re, nil
	}
	r.sh.mu.Unlock()
	expr, err := ereToGo(cs, bytes, fold, noColl, ct)
	if err != nil {
		return nil, err
	}
	re, err := compileERE(expr, fold)
	if err != nil {
		return nil, err
	}
	r.sh.mu.Lock()
	r.sh.patterns[k] = &compiledPattern{re: re}
	r.sh.mu.Unlock()
	return re, nil
}

// reKey is cs as a cache key: a quoted character is marked by a NUL
// before it, a byte no shell string holds.
func reKey(cs []reChar) string {
	b := make([]byte, 0, len(cs)+4)
	for _, c := range cs {
		if c.quoted {
			b = append(b, 0)
		}
		b = append(b, c.c)
	}
	return string(b)
}

// unaryTest implements the file and string unary operators.
func (r *Runner) unaryTest(op, s string) (bool, error) {
	switch op {
	case "-z":
		return s == "", nil
	case "-n":
		return s != "", nil
	case "-o":
		if i, ok := setOptIndex(s); ok {
			return r.opts.on(i), nil
		}
		return false, nil
	case "-v":
		return r.varIsSet(s), nil
	case "-R":
		v := r.vars.get(s)
		return v != nil && v.kind == kNameRef && v.set, nil
	case "-t":
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil {
			return false, nil
		}
		f := r.fds.get(n)
		return f != nil && isTerminal(f), nil
	}
	if s == "" {
		return false, nil
	}
	path := s
	if strings.HasPrefix(s, "/dev/fd/") {
		if n, err := strconv.Atoi(s[8:]); err == nil {
			if f := r.fds.get(n); f != nil {
				fi, err := f.Stat()
				if err != nil {
					return false, nil
				}
				return fileTest(op, fi, s, r)
			}
		}
	}
	abs := r.absPath(path)
	var fi os.FileInfo
	var err error
	if op == "-L" || op == "-h" {
		fi, err = os.Lstat(abs)
		if err != nil {
			return false, nil
		}
		return fi.Mode()&os.ModeSymlink != 0, nil
	}
	fi, err = os.Stat(abs)
	if err != nil {
		return false, nil
	}
	return fileTest(op, fi, abs, r)
}

func fileTest(op string, fi os.FileInfo, abs string, r *Runner) (bool, error) {
	m := fi.Mode()
	st, _ := fi.Sys().(*syscall.Stat_t)
	switch op {
	case "-e", "-a":
		return true, nil
	case "-f":
		return m.IsRegular(), nil
	case "-d":
		return m.IsDir(), nil
	case "-c":
		return m&os.ModeCharDevice != 0, nil
	case "-b":
		return m&os.ModeDevice != 0 && m&os.ModeCharDevice == 0, nil
	case "-p":
		return m&os.ModeNamedPipe != 0, nil
	case "-S":
		return m&os.ModeSocket != 0, nil
	case "-k":
		return m&os.ModeSticky != 0, nil
	case "-g":
		return m&os.ModeSetgid != 0, nil
	case "-u":
		return m&os.ModeSetuid != 0, nil
	case "-s":
		return fi.Size() > 0, nil
	case "-r":
		return syscall.Access(abs, 4) == nil, nil
	case "-w":
		return syscall.Access(abs, 2) == nil, nil
	case "-x":
		return syscall.Access(abs, 1) == nil, nil
	case "-O":
		return st != nil && int(st.Uid) == os.Geteuid(), nil
	case "-G":
		return st != nil && int(st.Gid) == os.Getegid(), nil
	case "-N":
		if st == nil {
			return false, nil
		}
		return st.Mtim.Nano() > st.Atim.Nano(), nil
	}
	return false, expErr("%s: unary operator expected", op)
}

func (r *Runner) varIsSet(s string) bool { return r.varIsSetSub(s, false) }

// varIsSetSub is varIsSet; with expand, the subscript is expanded first,
// as bash's get_array_value does when -v looks the element up (the test
// builtin's unless assoc_expand_once; see condVarLookup for [[ -v ]]).
func (r *Runner) varIsSetSub(s string, expand bool) bool {
	if i := strings.IndexByte(s, '['); i > 0 && strings.HasSuffix(s, "]") {
		name, key := s[:i], s[i+1:len(s)-1]
		target := r.resolveRef(name)
		v := r.lookup(target)
		if expand && key != "@" && key != "*" {
			// a key is expanded as a word, an index as an arithmetic
			// expression's text (array_expand_index)
			expandKey := r.arithSubscriptText
			if v != nil && v.kind == kAssoc {
				expandKey = r.subscriptText
			}
			k, err := expandKey(key)
			if err != nil {
				return false
			}
			key = k
		}
		if v != nil {
			name = target // a nameref's errors name what it refers to
		}
		if v != nil && v.kind == kAssoc {
			if !v.set {
				return false
			}
			if (key == "@" || key == "*") && r.compatLevel() <= 51 {
				// its elements, not keys (see compat.go)
				return len(v.assoc.m) > 0
			}
			_, ok := v.assoc.m[key]
			return ok
		}
		if key == "@" || key == "*" {
			// a scalar's name[@] expands to it
			return v != nil && v.set && (v.kind != kIndexed || v.arr.length() > 0)
		}
		return r.indexIsSet(name, v, key)
	}
	if n, ok := legalNumber(s); ok {
		// -v N: is $N set (bash's legal_number: a sign and blanks
		// around are allowed)
		return n >= 0 && n <= int64(len(r.params))
	}
	if !validName(s) {
		// special parameters ($@, $#, $? …) are not variables
		return false
	}
	if r.circularRef(s) && !r.circularLocalRef(s) {
		// bash warns and finds no variable
		r.errorf("warning: %s: circular name reference", s)
		return false
	}
	// an array name alone tests element 0 ([[ -v a ]] is [[ -v a[0] ]])
	t := r.resolveRef(s)
	if r.isElemRef(t) {
		// a reference to an element: bash's find_variable looks for a
		// variable named a[1], which there is not
		return false
	}
	v := r.lookup(t)
	return v.isSetScalar()
}

// indexIsSet is -v for name[key], v being the variable name resolves to
// (nil when there is none) and not an associative array. As bash's
// get_array_value, it evaluates the subscript even when there is no
// such array, for its side effects and errors (which it reports and
// unwinds from); a negative one counts back from the end of an indexed
// array, and is a bad subscript for anything else.
func (r *Runner) indexIsSet(name string, v *variable, key string) bool {
	n, err := r.arithString(key)
	if err != nil {
		// bash reports it and unwinds (array_expand_index)
		r.errorf("%s", subscriptError(err).Error())
		r.exit = 1
		r.topUnwind(err)
		return false
	}
	if n < 0 && v != nil && v.kind == kIndexed && v.arr != nil {
		n += int64(v.arr.maxIndex()) + 1
	}
	if n < 0 {
		r.errorf("%s: bad array subscript", name)
		return false
	}
	if v == nil || !v.set {
		return false
	}
	if v.kind == kIndexed {
		_, ok := v.arr.get(int(n))
		return ok
	}
	// a scalar is its own element 0
	return n == 0
}

// binaryTest implements string and file binary operators.
func (r *Runner) binaryTest(op, a, b string) (bool, error) {
	switch op {
	case "=", "==":
		return a == b, nil
	case "!=":
		return a != b, nil
	case "<":
		return a < b, nil
	case ">":
		return a > b, nil
	case "-nt", "-ot":
		fa, ea := r.statOperand(a)
		fb, eb := r.statOperand(b)
		if op == "-nt" {
			if ea != nil {
				return false, nil
			}
			return eb != nil || fa.ModTime().After(fb.ModTime()), nil
		}
		if eb != nil {
			return false, nil
		}
		return ea != nil || fa.ModTime().Before(fb.ModTime()), nil
	case "-ef":
		fa, ea := r.statOperand(a)
		fb, eb := r.statOperand(b)
		return ea == nil && eb == nil && os.SameFile(fa, fb), nil
	}
	return false, expErr("%s: binary operator expected", op)
}

func isTerminal(f *os.File) bool {
	return IsTerminal(int(f.Fd()))
}

// compileERE compiles a regular expression translated by ereToGo with
// leftmost-longest matching; as with regcomp without REG_NEWLINE, . and
// [^...] match a newline and ^ and $ only the ends of the text. It folds
// case for shopt -s nocasematch. An expression with back-references gets
// a backrefRE.
func compileERE(expr string, fold bool) (reMatcher, error) {
	flags := resyntax.ClassNL | resyntax.OneLine | resyntax.PerlX | resyntax.DotNL | resyntax.UnicodeGroups
	if fold {
		flags |= resyntax.FoldCase
	}
	t, err := resyntax.Parse(expr, flags)
	if err != nil {
		return nil, err
	}
	if hasBackref(t) {
		return &backrefRE{re: t, ncap: t.MaxCap()}, nil
	}
	re, err := regexp.Compile(t.String())
	if err != nil {
		return nil, err
	}
	re.Longest()
	return re, nil
}
