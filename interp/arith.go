package interp

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Arithmetic evaluation, as bash's expr.c does it: the expression is
// first turned into text (expansions inside it done, like bash's
// expand_arith_string), then tokenized and evaluated in one recursive
// descent pass, with short-circuited parts parsed but not evaluated.
// Variables whose values are expressions are evaluated recursively as
// expressions of their own. Errors name the innermost expression being
// evaluated and the text from the start of the last token read, which is
// what bash prints as the "error token".

// arithError is an arithmetic evaluation error. expr is the expression
// text (leading blanks dropped) and token the rest of it from the last
// token read; cmd is the command name prefix ("((", "let" or "").
type arithError struct {
	cmd   string
	expr  string
	msg   string
	token string
	// inSubscript: raised evaluating an indexed array's subscript,
	// which bash does with no command name, whatever the command, and
	// after which it abandons the command line (array_expand_index)
	inSubscript bool
	// toTop: raised evaluating a subscript or an integer variable's
	// value, after which bash runs top_level_cleanup (array_expand_index,
	// make_variable_value): the whole -c string, eval'd text or sourced
	// file is abandoned, not only the command line. An error in $(( ))
	// or in a (( )) expression is not.
	toTop bool
	// inText: raised by an expansion in the text of a (( )), for (( ))
	// or quoted let expression ((( $((1/0)) ))), which bash expands as
	// a word before evaluating it: an expansion error, after which it
	// abandons the command line rather than failing the command
	inText bool
}

// unwindsToTop marks an arithmetic error as one that abandons everything
// up to the top level (arithError.toTop) and returns it.
func unwindsToTop(err error) error {
	if ae, ok := err.(*arithError); ok {
		ae.toTop = true
	}
	return err
}

// subscriptError marks an arithmetic error as raised in an indexed
// array's subscript: reported without a command name, it unwinds to the
// top level (array_expand_index).
func subscriptError(err error) error {
	if ae, ok := err.(*arithError); ok {
		ae.inSubscript, ae.toTop = true, true
	}
	return err
}

// namedByCmd gives an integer variable's arithmetic error, raised by an
// assignment in an expansion (${i:=1/0}), the name of the command
// running, as bash's evalerror prefixes this_command_name: "[[: " or
// "((: " there, nothing for a simple command's words.
func (r *Runner) namedByCmd(err error) error {
	if ae, ok := err.(*arithError); ok && !ae.inSubscript && ae.cmd == "" {
		ae.cmd = r.thisCmd
	}
	return err
}

// abandonsLine reports whether err is an arithmetic error after which
// bash abandons the command line even in (( )), let or [[ ]].
func abandonsLine(err error) bool {
	ae, ok := err.(*arithError)
	return ok && (ae.inSubscript || ae.toTop || ae.inText)
}

// textError marks an arithmetic error raised while an expression's text
// was expanded (arithError.inText) and returns it.
func textError(err error) error {
	if ae, ok := err.(*arithError); ok {
		ae.inText = true
	}
	return err
}

func (e *arithError) Error() string {
	s := ""
	if e.cmd != "" {
		s = e.cmd + ": "
	}
	return s + e.expr + ": " + e.msg + " (error token is \"" + e.token + "\")"
}

// arithMaxDepth is bash's MAX_EXPR_RECURSION_LEVEL.
const arithMaxDepth = 1024

// arith evaluates an arithmetic expression node of the current source
// ($(( )), subscripts, slices) with bash's 64-bit wrapping semantics.
func (r *Runner) arith(x syntax.ArithmExpr) (int64, error) {
	return r.arithNode(x, "")
}

// arithExpansion evaluates the expression of a $(( )) expansion. In a
// non-interactive POSIX-mode shell its errors are fatal, as in bash.
func (r *Runner) arithExpansion(x syntax.ArithmExpr) (int64, error) {
	return r.arithExpansionAt(x, r.dblDepth)
}

// quotedArithExpansion is arithExpansion for a $(( )) or $[ ] between
// double quotes: bash reads a "$[ ]" as double-quoted text, where a
// $'…' is not quoted again (arithAnsiC).
func (r *Runner) quotedArithExpansion(p *syntax.ArithmExp) (int64, error) {
	if p.Bracket {
		return r.arithExpansionAt(p.X, -1)
	}
	return r.arithExpansion(p.X)
}

// arithExpansionAt is arithExpansion with arithDbl set to dbl.
func (r *Runner) arithExpansionAt(x syntax.ArithmExpr, dbl int) (int64, error) {
	oldDbl, oldAnsi := r.arithDbl, r.arithAnsiWord
	r.arithDbl = dbl // "$(( ))" is arithmetic text of its own (arithAnsiC)
	r.arithAnsiWord = false
	n, err := r.arith(x)
	r.arithDbl, r.arithAnsiWord = oldDbl, oldAnsi
	// (not an error in an array subscript: bash's array_expand_index
	// jumps to the top level with DISCARD before that)
	if ae, ok := err.(*arithError); ok && !ae.inSubscript && r.opts.on(optPosix) && !r.isInteractive() {
		return n, &expandError{msg: ae.Error(), fatal: true, unreported: true}
	}
	if isReadonlyErr(err) {
		// an assignment to a readonly variable in $(( )) too (bash's
		// expr_bind_variable: FORCE_EOF in POSIX mode), after
		// err_readonly's report_error
		fatal := r.opts.on(optPosix) && !r.isInteractive()
		return n, &expandError{msg: err.Error(), fatal: fatal, report: true, lastStatus: true}
	}
	return n, err
}

// arithCmd evaluates the expression of (( )) or of a for (( )) part.
func (r *Runner) arithCmd(x syntax.ArithmExpr) (int64, error) {
	return r.arithNode(x, "((")
}

// letText is the expanded text of one of let's arguments.
func (r *Runner) letText(x syntax.ArithmExpr) (string, error) {
	s, err := r.arithText(x, true)
	if err != nil {
		return "", err
	}
	// an argument is a word: the blanks after it separate it from the
	// next one and are not part of its expression, as they are in $(( ))
	src, end := r.curSrc, int(x.End().Offset())
	for k := end; x.End().IsValid() && k < len(src) && strings.IndexByte(" \t\n", src[k]) >= 0 && len(s) > 0; k++ {
		s = s[:len(s)-1]
	}
	return s, nil
}

func (r *Runner) arithNode(x syntax.ArithmExpr, cmd string) (int64, error) {
	if x == nil {
		return 0, nil
	}
	s, ok := r.staticArithText(x)
	if !ok {
		var err error
		if s, err = r.arithText(x, false); err != nil {
			return 0, textError(err)
		}
	}
	return r.arithStringCmd(s, cmd)
}

// staticArithText returns the text of an expression that contains no
// expansions, remembered per node, so a loop's (( … )) does not walk its
// syntax tree on every iteration.
func (r *Runner) staticArithText(x syntax.ArithmExpr) (string, bool) {
	if e, ok := r.arithMemo.get(x); ok {
		return e.text, e.static && e.src == r.curSrc
	}
	sh := r.sh
	sh.mu.Lock()
	e, ok := sh.arithStatic[x]
	sh.mu.Unlock()
	if ok {
		r.arithMemo.put(x, e)
		return e.text, e.static && e.src == r.curSrc
	}
	static := true
	walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Dollar.IsValid() {
				static = false
			}
		case *syntax.CmdSubst, *syntax.ArithmExp, *syntax.DblQuoted, *syntax.ProcSubst, *syntax.SglQuoted:
			static = false
		}
		return static
	})
	text := ""
	if static {
		var err error
		if text, err = r.arithText(x, false); err != nil {
			static = false
		}
	}
	sh.mu.Lock()
	if sh.arithStatic == nil || len(sh.arithStatic) > 1<<14 {
		sh.arithStatic = map[syntax.ArithmExpr]arithStaticText{}
	}
	e = arithStaticText{text: text, static: static, src: r.curSrc}
	sh.arithStatic[x] = e
	sh.mu.Unlock()
	r.arithMemo.put(x, e)
	return text, static
}

// arithStaticText caches the text of an expansion-free expression node;
// src identifies the source text the node's positions refer to.
type arithStaticText struct {
	text   string
	static bool
	src    string
}

// arithString evaluates a string as an arithmetic expression.
func (r *Runner) arithString(s string) (int64, error) {
	return r.arithStringCmd(s, "")
}

// arithStringCmd evaluates s; errors carry cmd as their prefix.
func (r *Runner) arithStringCmd(s string, cmd string) (int64, error) {
	ev := arithEval{r: r, expanded: cmd == "let"}
	n, err := ev.subexpr(s)
	if ae, ok := err.(*arithError); ok && !ae.inSubscript {
		ae.cmd = cmd
	}
	return n, err
}

// arithText returns the text of an arithmetic expression with the
// expansions in it done and double quotes removed (single quotes too
// for let, whose arguments are ordinary words). The text runs from the
// blanks before the node (not for let) through those after its end, as
// bash keeps them.
func (r *Runner) arithText(x syntax.ArithmExpr, removeSingle bool) (string, error) {
	s, err := r.arithSrcText(x, removeSingle)
	if strings.Contains(s, emptyExtglob) {
		// an empty "()" after + ! ? * @ is no pattern in arithmetic:
		// the evaluator sees it as written and rejects it
		s = writtenEmptyExtglob(s)
	}
	return decodeRawBytes(s), err // the source's bytes as written (rawbytes.go)
}

// arithSrcText is arithText in the text as parsed.
func (r *Runner) arithSrcText(x syntax.ArithmExpr, removeSingle bool) (string, error) {
	src := r.curSrc
	start, end := int(x.Pos().Offset()), int(x.End().Offset())
	if !x.Pos().IsValid() || src == "" || start < 0 || end > len(src) || start > end {
		return r.nodeText(x), nil
	}
	for end < len(src) && (src[end] == ' ' || src[end] == '\t' || src[end] == '\n') {
		end++
	}
	// and from the blanks before its start: an error names the text
	// from the first character that is not a space or tab, a newline
	// among the blanks included (let's arguments, and a subscript
	// read as a word, have none: removeSingle)
	for !removeSingle && start > 0 && (src[start-1] == ' ' || src[start-1] == '\t' || src[start-1] == '\n') {
		if src[start-1] == '\n' && start > 1 && src[start-2] == '\\' {
			break // a line continuation, which bash removed
		}
		start--
	}
	// mvdan ends an element written with a blank before its "]",
	// $(( a[0 ] )), at the subscript: the "]" is still the expression's
	for open := strings.Count(src[start:end], "[") - strings.Count(src[start:end], "]"); open > 0 && end < len(src) && strings.IndexByte(" \t\n]", src[end]) >= 0; end++ {
		if src[end] == ']' {
			open--
		}
	}
	for end < len(src) && (src[end] == ' ' || src[end] == '\t' || src[end] == '\n') {
		end++ // the blanks after that "]"
	}
	if !removeSingle && strings.IndexByte(src[start:end], '[') >= 0 && arithExpands(src[start:end]) {
		return r.arithPartsText(src, start, end, arithTextParts(x), false)
	}
	var b strings.Builder
	pos := start
	var ferr error
	walk(x, func(n syntax.Node) bool {
		if ferr != nil {
			return false
		}
		var part syntax.WordPart
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Dollar.IsValid() {
				part = n
			}
		case *syntax.CmdSubst, *syntax.ArithmExp, *syntax.DblQuoted, *syntax.ProcSubst:
			part = n.(syntax.WordPart)
		case *syntax.SglQuoted:
			if removeSingle || n.Dollar || sglExpands(n) {
				part = n
			}
		}
		if part == nil {
			return true
		}
		ps, pe := int(part.Pos().Offset()), int(part.End().Offset())
		if ps < pos || pe > end {
			return true
		}
		var s string
		var err error
		if sq, ok := part.(*syntax.SglQuoted); ok && !removeSingle && !sq.Dollar {
			s, err = r.arithSglText(sq)
		} else {
			s, err = r.arithPartLiteral(part, !removeSingle && r.dblDepth == r.arithDbl && r.hdocDepth == 0)
		}
		if err != nil {
			ferr = err
			return false
		}
		b.WriteString(arithUnescape(src[pos:ps], removeSingle))
		b.WriteString(r.arithAnsiC(part, s, removeSingle))
		pos = pe
		return false
	})
	if ferr != nil {
		return "", ferr
	}
	if pos == start {
		return arithUnescape(src[start:end], removeSingle), nil
	}
	b.WriteString(arithUnescape(src[pos:end], removeSingle))
	return b.String(), nil
}

// arithPartLiteral expands a part of an arithmetic expression's text,
// which bash expands as between double quotes, whatever quotes the
// expression is in: a "..." there is a string of its own, not one that
// closes and reopens outer quotes ("$(( "\a" ))" is \a), and the word of
// a ${x:-word} is read as inside double quotes ($(( ${x:-"\a"} )) is a).
//
// With ansi (where arithAnsiC quotes a $'…'), a $'…' in the word of a
// ${…} is the decoded text single-quoted too, read as written there
// (arithAnsiWord): bash's parser translated it so in the ${…}'s text.
func (r *Runner) arithPartLiteral(part syntax.WordPart, ansi bool) (string, error) {
	old, oldAnsi := r.dblDepth, r.arithAnsiWord
	defer func() { r.dblDepth, r.arithAnsiWord = old, oldAnsi }()
	r.arithAnsiWord = false
	if _, ok := part.(*syntax.DblQuoted); ok {
		r.dblDepth = 0
	} else if _, ok := part.(*syntax.ParamExp); ok {
		if old == 0 {
			r.dblDepth = 1
		}
		r.arithAnsiWord = ansi
	}
	return r.literal(&syntax.Word{Parts: []syntax.WordPart{part}})
}

// arithAnsiC is the text a part of an arithmetic expression expanded to
// (s) as the evaluator sees it: bash's parser turns a $'…' read there
// (in (( )), $(( )), $[ ] or a subscript, not in a let argument, an
// ordinary word, nor in a subscript or offset inside double quotes,
// "${a[$'1']}", though in "$(( ))") into the decoded text single-quoted
// (sh_single_quote), which the evaluator then rejects as it rejects '1'.
func (r *Runner) arithAnsiC(p syntax.WordPart, s string, word bool) string {
	if sq, ok := p.(*syntax.SglQuoted); ok && sq.Dollar && !word && r.dblDepth == r.arithDbl && r.hdocDepth == 0 {
		return singleQuote(s)
	}
	return s
}

// compoundIndex evaluates the subscript of an element of a compound
// assignment to an indexed array, a=([i]=v). bash expands the words of
// the list (quote removal included) before it takes the subscripts, so
// a single-quoted part there, ['1'] or [$'1'], is text, not the quoted
// operand (sh_single_quote) it is in other arithmetic; and it expands
// the subscript's text once more as it evaluates it (array_expand_index),
// so k='$y' makes [$k] the element $y.
func (r *Runner) compoundIndex(x syntax.ArithmExpr) (int64, error) {
	s, err := r.arithText(x, true)
	if err != nil {
		return 0, err
	}
	return r.compoundIndexFrom(s)
}

// compoundIndexFrom is compoundIndex of a subscript whose words have
// been expanded to s already, which must not run their expansions again.
func (r *Runner) compoundIndexFrom(s string) (int64, error) {
	// the text is expanded a second time, as arithmetic, and that
	// pass takes each \001 from the first (a $'\001') for bash's quoting
	// escape (CTLESC), which quote removal drops
	s = strings.ReplaceAll(s, "\001", "")
	// (array_expand_index: a $x the first pass left is expanded now)
	s, err := r.arithSubscriptText(s)
	if err != nil {
		return 0, err
	}
	n, err := r.arithString(s)
	return n, unwindsToTop(err)
}

// sglQuotedIn reports whether x holds single quotes.
func sglQuotedIn(x syntax.ArithmExpr) bool {
	quoted := false
	walk(x, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.SglQuoted); ok {
			quoted = true
		}
		return !quoted
	})
	return quoted
}

// arithParts returns the outermost expansions of an arithmetic
// expression, in order.
func arithParts(x syntax.ArithmExpr) []syntax.WordPart { return arithPartsWith(x, false) }

// arithTextParts is arithParts with the single-quoted parts that hold
// something to expand (sglExpands), for arithPartsText.
func arithTextParts(x syntax.ArithmExpr) []syntax.WordPart {
	return arithPartsWith(x, true)
}

// arithPartsWith is arithParts, taking with sgl the single-quoted parts
// sglExpands accepts too.
func arithPartsWith(x syntax.ArithmExpr, sgl bool) []syntax.WordPart {
	var parts []syntax.WordPart
	walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Dollar.IsValid() {
				parts = append(parts, n)
				return false
			}
		case *syntax.CmdSubst, *syntax.ArithmExp, *syntax.DblQuoted, *syntax.ProcSubst:
			parts = append(parts, n.(syntax.WordPart))
			return false
		case *syntax.SglQuoted:
			if n.Dollar || sgl && sglExpands(n) {
				parts = append(parts, n)
				return false
			}
		}
		return true
	})
	return parts
}

// sglExpands reports whether a single-quoted part of an arithmetic
// expression holds what bash expands there: it expands the expression's
// text as between double quotes (expand_arith_string), where a single
// quote is an ordinary character, so '$x' is the value of x in quotes.
func sglExpands(sq *syntax.SglQuoted) bool {
	return !sq.Dollar && strings.ContainsAny(sq.Value, "$`\\\"")
}

// arithSglText is a single-quoted part of an arithmetic expression as
// bash expands it (sglExpands): the quotes kept, the text between them
// expanded as between double quotes, double quotes removed, and its
// subscripts expanded once and quoted (arithSubscriptText).
func (r *Runner) arithSglText(sq *syntax.SglQuoted) (string, error) {
	s, err := r.arithSubscriptText(sq.Value)
	return "'" + s + "'", err
}

// arithUnescape removes the backslashes quote removal takes from the
// literal text of an expression: in $(( )) and (( )), as between double
// quotes, those before $ ` " \ and newline; in a let argument, an
// ordinary word, all of them.
func arithUnescape(s string, word bool) string { return unbackslash(s, dblQuotable, word) }

// nodeText returns the source text of a node when known.
func (r *Runner) nodeText(n syntax.Node) string {
	if n == nil {
		return ""
	}
	src := r.curSrc
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if src != "" && start >= 0 && end <= len(src) && start <= end && n.Pos().IsValid() {
		return decodeRawBytes(writtenText(src[start:end]))
	}
	var sb strings.Builder
	syntax.NewPrinter().Print(&sb, n)
	return sb.String()
}

// Tokens. Single-character operators are their own byte value.
const (
	tEOF = iota + 256
	tNum
	tStr
	tEqEq
	tNeq
	tLeq
	tGeq
	tLsh
	tRsh
	tLand
	tLor
	tPower
	tPreInc
	tPreDec
	tPostInc
	tPostDec
	tOpAssign
	tCond
)

// arithEval is the evaluation state of an expression: the runner and the
// recursion depth. Nested expressions get a copy one level deeper; it is
// held by value so that evaluating (( )) allocates nothing for it.
type arithEval struct {
	r     *Runner
	depth int
	// expanded: the text is a let argument, already expanded as a word
	// (bash's EXP_EXPANDED), whose associative subscripts
	// assoc_expand_once takes as they are
	expanded bool
}

// keyAsIs reports whether the subscript of name, an array reference in
// the expression, is an associative key to take as it is: under
// assoc_expand_once in an already expanded expression (bash's
// expr_skipsubscript and AV_NOEXPAND).
func (c *arithCtx) keyAsIs(name string) bool {
	r := c.ev.r
	if !c.ev.expanded || !r.opts.sh(shAssocExpandOnce) || !validName(name) {
		return false
	}
	v := r.vars.get(r.resolveRef(name))
	return v != nil && v.kind == kAssoc
}

// bracketEnd returns the index of the ] closing the [ at s[open],
// counting brackets only, or -1 (skipsubscript with VA_NOEXPAND).
func bracketEnd(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// arithCtx is the tokenizer and parser state of one expression string.
type arithCtx struct {
	ev       arithEval
	expr     string
	tp       int // next unread position
	lasttp   int // start of the last token read (-1: none)
	curtok   int
	lasttok  int
	tokval   int64
	tokstr   string // name (with [subscript]) of a tStr token
	assigntk int    // operator of an OP= token
	noeval   int
	lv       arithLvalue // the variable tokstr names, as read
	// cut, when set, ends the expression text in messages: bash
	// terminates the string after a number token while converting it.
	cut int
}

// arithLvalue remembers which element a name token referred to.
type arithLvalue struct {
	name  string // variable name
	sub   bool   // has a subscript
	index int64  // evaluated index of an indexed array
	key   string // key of an associative array
	assoc bool
	// bad: the subscript is one an arithmetic expression cannot use,
	// @ or * (see allSubscript) or an empty one; tok is the name token
	bad badSubscript
	tok string
	// v is the binding of a plain name's variable as lvalueOf found it
	// (see isBinding)
	v *variable
	// pending is the name token of an assignment target whose
	// subscript is evaluated only when it is assigned
	pending string
	// written is the name as the expression wrote it, before any
	// nameref was followed, for bash's readonly message
	written string
}

// badSubscript classifies a subscript an arithmetic expression cannot use.
type badSubscript uint8

const (
	badNone     badSubscript = iota
	badAll                   // name[@] or name[*]
	badEmpty                 // name[]
	badEmptyKey              // an associative array's key that expands to ""
)

// subexpr evaluates the expression string s (bash's subexpr).
func (ev arithEval) subexpr(s string) (int64, error) {
	i := 0
	for i < len(s) && isArithBlank(s[i]) {
		i++
	}
	if i == len(s) {
		return 0, nil
	}
	ev.depth++
	c := arithCtx{ev: ev, expr: s, lasttp: -1}
	return c.run()
}

// run evaluates the whole expression; errors travel as arithPanic and are
// caught here, once.
func (c *arithCtx) run() (val int64, err error) {
	defer func() {
		if p := recover(); p != nil {
			e, ok := p.(arithPanic)
			if !ok {
				panic(p)
			}
			err = e.err
		}
	}()
	c.readtok()
	val = c.expComma()
	if c.curtok != tEOF {
		c.fail("syntax error in expression")
	}
	return val, nil
}

// arithPanic carries an error out of the recursive descent.
type arithPanic struct{ err error }

func isArithBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// fail reports msg with bash's expression and error token.
func (c *arithCtx) fail(msg string) {
	full := c.expr
	if c.cut > 0 {
		full = full[:c.cut]
	}
	expr := strings.TrimLeft(full, " \t")
	tok := ""
	if c.lasttp >= 0 && c.lasttp < len(full) {
		tok = full[c.lasttp:]
	}
	panic(arithPanic{&arithError{expr: expr, msg: msg, token: tok}})
}

func (c *arithCtx) throw(err error) { panic(arithPanic{err}) }

func (c *arithCtx) expComma() int64 {
	v := c.expAssign()
	for c.curtok == ',' {
		c.readtok()
		v = c.expAssign()
	}
	return v
}

func (c *arithCtx) expAssign() int64 {
	value := c.expCond()
	if c.curtok != '=' && c.curtok != tOpAssign {
		return value
	}
	special := c.curtok == tOpAssign
	if c.lasttok != tStr {
		c.fail("attempted assignment to non-variable")
	}
	op, lvalue := 0, value
	if special {
		op = c.assigntk
	}
	if c.tokstr == "" {
		c.fail("syntax error in variable assignment")
	}
	lv := c.lv
	c.readtok()
	value = c.expAssign()
	if special {
		if (op == '/' || op == '%') && value == 0 {
			if c.noeval == 0 {
				c.fail("division by 0")
			}
			value = 1
		}
		switch op {
		case '*':
			lvalue *= value
		case '/', '%':
			lvalue = arithDivMod(op, lvalue, value)
		case '+':
			lvalue += value
		case '-':
			lvalue -= value
		case tLsh:
			lvalue <<= uint64(value) & 63
		case tRsh:
			lvalue >>= uint64(value) & 63
		case '&':
			lvalue &= value
		case '|':
			lvalue |= value
		case '^':
			lvalue ^= value
		}
		value = lvalue
	}
	if c.noeval == 0 {
		c.bind(lv, value)
	}
	c.tokstr = ""
	return value
}

func arithDivMod(op int, a, b int64) int64 {
	if b == -1 {
		if op == '/' {
			return -a
		}
		return 0
	}
	if op == '/' {
		return a / b
	}
	return a % b
}

func (c *arithCtx) expCond() int64 {
	cval := c.expLor()
	if c.curtok != '?' {
		return cval
	}
	if cval == 0 {
		c.noeval++
	}
	c.readtok()
	if c.curtok == tEOF || c.curtok == ':' {
		c.fail("expression expected")
	}
	val1 := c.expComma()
	if cval == 0 {
		c.noeval--
	}
	if c.curtok != ':' {
		c.fail("`:' expected for conditional expression")
	}
	if cval != 0 {
		c.noeval++
	}
	c.readtok()
	if c.curtok == tEOF {
		c.fail("expression expected")
	}
	val2 := c.expCond()
	if cval != 0 {
		c.noeval--
	}
	c.lasttok = tCond
	if cval != 0 {
		return val1
	}
	return val2
}

func (c *arithCtx) expLor() int64 {
	v := c.expLand()
	for c.curtok == tLor {
		skip := v != 0
		if skip {
			c.noeval++
		}
		c.readtok()
		v2 := c.expLand()
		if skip {
			c.noeval--
		}
		v = b2i(v != 0 || v2 != 0)
		c.lasttok = tLor
	}
	return v
}

func (c *arithCtx) expLand() int64 {
	v := c.expBinary(0)
	for c.curtok == tLand {
		skip := v == 0
		if skip {
			c.noeval++
		}
		c.readtok()
		v2 := c.expBinary(0)
		if skip {
			c.noeval--
		}
		v = b2i(v != 0 && v2 != 0)
		c.lasttok = tLand
	}
	return v
}

// binaryLevel is the level of a left-associative binary operator token,
// from loosest to tightest: | ^ & (== !=) (< > <= >=) (<< >>) (+ -);
// -1 for any other token.
func binaryLevel(t int) int {
	switch t {
	case '|':
		return 0
	case '^':
		return 1
	case '&':
		return 2
	case tEqEq, tNeq:
		return 3
	case '<', '>', tLeq, tGeq:
		return 4
	case tLsh, tRsh:
		return 5
	case '+', '-':
		return 6
	}
	return -1
}

// expBinary evaluates the binary operators of level and tighter (bash's
// expbor down to exp3, one function a level there). Climbing the
// precedences in one loop reads the same tokens in the same order and
// groups them the same way, without a call per level for every operand.
func (c *arithCtx) expBinary(level int) int64 {
	v := c.expMulDiv()
	for {
		l := binaryLevel(c.curtok)
		if l < level {
			return v
		}
		op := c.curtok
		c.readtok()
		v2 := c.expBinary(l + 1)
		switch op {
		case '|':
			v |= v2
		case '^':
			v ^= v2
		case '&':
			v &= v2
		case tEqEq:
			v = b2i(v == v2)
		case tNeq:
			v = b2i(v != v2)
		case '<':
			v = b2i(v < v2)
		case '>':
			v = b2i(v > v2)
		case tLeq:
			v = b2i(v <= v2)
		case tGeq:
			v = b2i(v >= v2)
		case tLsh:
			v <<= uint64(v2) & 63
		case tRsh:
			v >>= uint64(v2) & 63
		case '+':
			v += v2
		case '-':
			v -= v2
		}
		c.lasttok = tNum
	}
}

func (c *arithCtx) expMulDiv() int64 {
	v := c.expPower()
	for c.curtok == '*' || c.curtok == '/' || c.curtok == '%' {
		op := c.curtok
		stp := c.tp
		c.readtok()
		v2 := c.expPower()
		if op != '*' && v2 == 0 {
			if c.noeval == 0 {
				c.lasttp = stp
				for c.lasttp < len(c.expr) && (c.expr[c.lasttp] == ' ' || c.expr[c.lasttp] == '\t') {
					c.lasttp++
				}
				c.fail("division by 0")
			}
			v2 = 1
		}
		if op == '*' {
			v *= v2
		} else {
			v = arithDivMod(op, v, v2)
		}
		c.lasttok = tNum
	}
	return v
}

func (c *arithCtx) expPower() int64 {
	v := c.exp1()
	for c.curtok == tPower {
		c.readtok()
		v2 := c.expPower()
		c.lasttok = tNum
		if v2 == 0 {
			return 1
		}
		if v2 < 0 {
			c.fail("exponent less than 0")
		}
		n := int64(1)
		for b := v2; b != 0; b >>= 1 {
			if b&1 == 1 {
				n *= v
			}
			v *= v
		}
		v = n
	}
	return v
}

func (c *arithCtx) exp1() int64 {
	switch c.curtok {
	case '!':
		c.readtok()
		v := b2i(c.exp1() == 0)
		c.lasttok = tNum
		return v
	case '~':
		c.readtok()
		v := ^c.exp1()
		c.lasttok = tNum
		return v
	case '-':
		c.readtok()
		v := -c.exp1()
		c.lasttok = tNum
		return v
	case '+':
		c.readtok()
		v := c.exp1()
		c.lasttok = tNum
		return v
	}
	return c.exp0()
}

func (c *arithCtx) exp0() int64 {
	var val int64
	switch c.curtok {
	case tPreInc, tPreDec:
		stok := c.curtok
		c.lasttok = stok
		c.readtok()
		if c.curtok != tStr {
			c.fail("identifier expected after pre-increment or pre-decrement")
		}
		val = c.tokval + 1
		if stok == tPreDec {
			val = c.tokval - 1
		}
		if c.noeval == 0 {
			c.bind(c.lv, val)
		}
		c.curtok = tNum
		c.readtok()
	case '(':
		c.readtok()
		val = c.expComma()
		if c.curtok != ')' {
			c.fail("missing `)'")
		}
		c.readtok()
	case tNum, tStr:
		val = c.tokval
		if c.curtok == tStr && c.mayPostIncDec() {
			saved := *c
			c.noeval = 1
			c.readtok()
			stok := c.curtok
			if stok == tPostInc || stok == tPostDec {
				c.tokstr, c.noeval, c.lv = saved.tokstr, saved.noeval, saved.lv
				c.lasttok = tStr
				v2 := val + 1
				if stok == tPostDec {
					v2 = val - 1
				}
				if c.noeval == 0 {
					c.bind(c.lv, v2)
				}
				c.curtok = tNum
			} else {
				*c = saved
			}
		}
		c.readtok()
	default:
		c.fail("syntax error: operand expected")
	}
	return val
}

func isArithOpChar(c int) bool {
	switch c {
	case '=', '>', '<', '+', '-', '*', '/', '%', '!', '(', ')', '&', '|', '^', '~', '?', ':', ',':
		return true
	}
	return false
}

func isMultiOp(t int) bool {
	switch t {
	case tEqEq, tNeq, tLeq, tGeq, tLand, tLor, tLsh, tRsh, tOpAssign, tCond, tPower,
		tPreInc, tPreDec, tPostInc, tPostDec:
		return true
	}
	return false
}

func isNameStart(c byte) bool {
	return c == '_' || (c|0x20) >= 'a' && (c|0x20) <= 'z'
}

func isNameChar(c byte) bool { return isNameStart(c) || isDigit(c) }

// opAhead looks at the text from cp for a token that reading could not
// fail on nor act on: the end, or an operator character. It returns that
// character (0 at the end) and the one after it. The peeks bash makes
// after a name (is it an assignment, a post-increment) then need no
// reading of the token.
func (c *arithCtx) opAhead(cp int) (op, next byte, ok bool) {
	s := c.expr
	for cp < len(s) && isArithBlank(s[cp]) {
		cp++
	}
	if cp >= len(s) {
		return 0, 0, true
	}
	if !isArithOpChar(int(s[cp])) {
		return 0, 0, false
	}
	if cp+1 < len(s) {
		next = s[cp+1]
	}
	return s[cp], next, true
}

// mayPostIncDec reports whether the token after the current name may be
// ++ or --, so that exp0 must read it to know.
func (c *arithCtx) mayPostIncDec() bool {
	op, next, ok := c.opAhead(c.tp)
	return !ok || (op == '+' || op == '-') && next == op
}

// readtok reads the next token into curtok (bash's readtok).
func (c *arithCtx) readtok() {
	s := c.expr
	cp := c.tp
	for cp < len(s) && isArithBlank(s[cp]) {
		cp++
	}
	if cp >= len(s) {
		c.lasttok = c.curtok
		c.curtok = tEOF
		c.tp = cp
		return
	}
	c.lasttp = cp
	c.tp = cp
	ch := s[cp]
	cp++
	switch {
	case isNameStart(ch):
		for cp < len(s) && isNameChar(s[cp]) {
			cp++
		}
		sub := false
		if cp < len(s) && s[cp] == '[' {
			var e int
			if c.keyAsIs(s[c.tp:cp]) {
				e = bracketEnd(s, cp)
			} else {
				e = subscriptEnd(s, cp)
			}
			if e < 0 {
				c.fail("bad array subscript")
			}
			cp = e + 1
			sub = true
		}
		tok := s[c.tp:cp]
		// peek at the next token to see whether this is an assignment
		var peek int
		if op, next, ok := c.opAhead(cp); ok {
			if op == '=' && next != '=' {
				peek = '='
			}
		} else {
			saved := *c
			c.tp = cp
			c.noeval = 1
			c.curtok = tStr
			c.readtok()
			peek = c.curtok
			*c = saved
		}
		c.tp = cp
		c.tokstr = tok
		if c.lasttok == tPreInc || c.lasttok == tPreDec || peek != '=' {
			c.tokval = c.streval(tok, sub)
		} else {
			// the target of a plain assignment: bash evaluates its
			// subscript when it assigns, after the value
			c.tokval = 0
			c.lv = arithLvalue{pending: tok, sub: sub}
		}
		c.lasttok = c.curtok
		c.curtok = tStr
		return
	case isDigit(ch):
		for cp < len(s) && (isAlnum(s[cp]) || s[cp] == '#' || s[cp] == '@' || s[cp] == '_') {
			cp++
		}
		c.cut = cp
		c.tokval = c.strlong(s[c.tp:cp])
		c.cut = 0
		c.lasttok = c.curtok
		c.curtok = tNum
		c.tp = cp
		return
	}
	var c1 byte
	if cp < len(s) {
		c1 = s[cp]
	}
	cp++
	tok := int(ch)
	switch {
	case ch == '=' && c1 == '=':
		tok = tEqEq
	case ch == '!' && c1 == '=':
		tok = tNeq
	case ch == '>' && c1 == '=':
		tok = tGeq
	case ch == '<' && c1 == '=':
		tok = tLeq
	case ch == '<' && c1 == '<', ch == '>' && c1 == '>':
		tok = tLsh
		if ch == '>' {
			tok = tRsh
		}
		if cp < len(s) && s[cp] == '=' {
			c.assigntk = tok
			tok = tOpAssign
			cp++
		}
	case ch == '&' && c1 == '&':
		tok = tLand
	case ch == '|' && c1 == '|':
		tok = tLor
	case ch == '*' && c1 == '*':
		tok = tPower
	case (ch == '-' || ch == '+') && c1 == ch && c.curtok == tStr:
		tok = tPostInc
		if ch == '-' {
			tok = tPostDec
		}
	case (ch == '-' || ch == '+') && c1 == ch && c.curtok == tNum && (c.lasttok == tPreInc || c.lasttok == tPreDec):
		c.fail(string([]byte{ch, ch}) + ": assignment requires lvalue")
	case (ch == '-' || ch == '+') && c1 == ch:
		xp := cp
		for xp < len(s) && isArithBlank(s[xp]) {
			xp++
		}
		if xp < len(s) && isNameStart(s[xp]) {
			tok = tPreInc
			if ch == '-' {
				tok = tPreDec
			}
		} else {
			cp--
		}
	case c1 == '=' && strings.IndexByte("*/%+-&^|", ch) >= 0:
		c.assigntk = int(ch)
		tok = tOpAssign
	case !isArithOpChar(int(ch)):
		if c.curtok == 0 || c.curtok == tEOF || isArithOpChar(c.curtok) || isMultiOp(c.curtok) {
			c.fail("syntax error: operand expected")
		}
		c.fail("syntax error: invalid arithmetic operator")
	default:
		cp--
	}
	c.lasttok = c.curtok
	c.curtok = tok
	c.tp = cp
}

// strlong converts an integer constant: decimal, 0octal, 0xhex or
// base#digits (bash's strlong).
func (c *arithCtx) strlong(num string) int64 {
	s := num
	base := int64(10)
	foundBase := false
	if s[0] == '0' {
		s = s[1:]
		if s == "" {
			return 0
		}
		if s[0] == 'x' || s[0] == 'X' {
			base = 16
			s = s[1:]
		} else {
			base = 8
		}
		foundBase = true
	}
	var val int64
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '#' {
			if foundBase {
				c.fail("invalid number")
			}
			if val < 2 || val > 64 {
				c.fail("invalid arithmetic base")
			}
			base, val, foundBase = val, 0, true
			if i+1 >= len(s) || !(isAlnum(s[i+1]) || s[i+1] == '_' || s[i+1] == '@') {
				c.fail("invalid integer constant")
			}
			continue
		}
		var d int64
		switch {
		case isDigit(ch):
			d = int64(ch - '0')
		case ch >= 'a' && ch <= 'z':
			d = int64(ch-'a') + 10
		case ch >= 'A' && ch <= 'Z':
			d = int64(ch - 'A')
			if base <= 36 {
				d += 10
			} else {
				d += 36
			}
		case ch == '@':
			d = 62
		case ch == '_':
			d = 63
		default:
			return val
		}
		if d >= base {
			c.fail("value too great for base")
		}
		val = val*base + d
	}
	return val
}

// lvalueOf resolves a name token (name or name[sub]) to the element it
// names, evaluating an indexed array's subscript.
func (c *arithCtx) lvalueOf(tok string, sub bool) arithLvalue {
	r := c.ev.r
	if !sub {
		name, v, _ := r.followRefVar(tok)
		return arithLvalue{name: name, v: v, written: tok}
	}
	i := strings.IndexByte(tok, '[')
	name := r.resolveRef(tok[:i])
	idx := tok[i+1 : len(tok)-1]
	lv := arithLvalue{name: name, sub: true, tok: tok, written: tok[:i]}
	v := r.vars.get(name)
	switch {
	case idx == "":
		lv.bad = badEmpty
		return lv
	case (idx == "@" || idx == "*") && r.allSubscript(v):
		lv.bad = badAll
	}
	if v != nil && v.kind == kAssoc {
		lv.assoc = true
		// the key is the subscript expanded as a word
		// (expand_subscript_string): an expanded subscript comes
		// backslash-quoted (see quoteArithSubscript)
		k := idx
		if !c.keyAsIs(tok[:i]) {
			var err error
			if k, err = r.subscriptText(idx); err != nil {
				c.throw(err)
			}
		}
		lv.key = k
		if k == "" && lv.bad == badNone {
			lv.bad = badEmptyKey
		}
		return lv
	}
	if c.noeval != 0 || lv.bad != badNone {
		return lv
	}
	idx, err := r.arithSubscriptText(idx)
	if err != nil {
		c.throw(err)
	}
	// bash's array_expand_index evaluates the subscript with evalexp,
	// whose expression stack (expr_depth, for the recursion limit) goes
	// on from the expression holding it, its check first (pushexp,
	// which names the holding expression)
	if c.ev.depth >= arithMaxDepth && strings.TrimLeft(idx, " \t\n") != "" {
		c.fail("expression recursion level exceeded")
	}
	n, err := arithEval{r: r, depth: c.ev.depth}.subexpr(idx)
	if ae, ok := err.(*arithError); ok {
		ae.inSubscript, ae.toTop = true, true
	}
	if err != nil {
		c.throw(err)
	}
	lv.index = n
	return lv
}

// streval is the value of a name token: the variable's value evaluated
// as an expression (bash's expr_streval).
func (c *arithCtx) streval(tok string, sub bool) int64 {
	if c.noeval != 0 {
		c.lv = arithLvalue{}
		return 0
	}
	r := c.ev.r
	lv := c.lvalueOf(tok, sub)
	c.lv = lv
	var val string
	v := lv.v
	if !isBinding(lv.name, v) {
		v = r.lookup(lv.name)
	}
	nounset := r.opts.on(optNounset)
	if nounset && (v == nil || !v.set) && (lv.bad == badNone || lv.bad == badAll) {
		// bash's expr_streval asks only whether the variable
		// exists: an unset element of a set array counts as 0, and
		// the error names the array, not the element
		name := lv.name
		if lv.sub {
			name = tok[:strings.IndexByte(tok, '[')]
		}
		c.throw(&expandError{msg: name + ": unbound variable", fatal: true, byExpr: true})
	}
	switch {
	case lv.bad == badAll:
		c.badSubscript(tok)
	case lv.bad == badEmpty:
		// bash finds the variable, then its value, and each
		// complains (array_variable_part)
		c.badSubscript(tok)
		c.badSubscript(tok)
	case lv.bad == badEmptyKey:
		// bash names the array when it reads (A[$k], k empty) and
		// the element when it assigns
		c.badSubscript(tok[:strings.IndexByte(tok, '[')])
	case lv.sub && v == nil && lv.index < 0 && !lv.assoc:
		c.badSubscript(tok[:strings.IndexByte(tok, '[')])
	case v == nil:
	case lv.assoc:
		val = v.assoc.m[lv.key]
	case lv.sub && v.kind == kIndexed && v.arr != nil:
		i := lv.index
		if i < 0 {
			i += int64(v.arr.maxIndex()) + 1
		}
		if i >= 0 {
			val, _ = v.arr.get(int(i))
		} else {
			// a negative index still before the first element
			// (array_value_internal's INDEX_ERROR); the value is 0
			c.badSubscript(lv.name)
		}
	case lv.sub && lv.index < 0:
		c.badSubscript(lv.name)
	case lv.sub:
		if lv.index == 0 && v.isSetScalar() {
			val = v.value()
		}
	default:
		if v.isSetScalar() {
			val = v.value()
		}
	}
	if nounset && lv.bad == badEmpty {
		// A[] written so: bash's expr_streval then finds no variable
		// and names it with a NULL pointer, which glibc prints as
		// (null). An empty key from an expansion (A[$k]) is only a
		// bad subscript, the value 0
		c.throw(&expandError{msg: "(null): unbound variable", fatal: true, byExpr: true})
	}
	if val == "" {
		return 0
	}
	// bash evaluates every value as an expression, a number too, and
	// its depth check comes first: at the limit the error is raised
	// reading a variable whose value is 1 (the token is that name's)
	if c.ev.depth >= arithMaxDepth && strings.TrimLeft(val, " \t\n") != "" {
		c.fail("expression recursion level exceeded")
	}
	if n, ok := parseDecimal(val); ok {
		return n
	}
	n, err := c.ev.subexpr(val)
	if err != nil {
		c.throw(err)
	}
	return n
}

// badSubscript reports an element bash refuses with err_badarraysub,
// whose report_error exits a set -e shell at once, with the last status
// or 1: the evaluation stops there.
func (c *arithCtx) badSubscript(name string) {
	if err := c.ev.r.reportError("%s: bad array subscript", name); err != nil {
		c.throw(err)
	}
}

// bind assigns n to the element lv names.
func (c *arithCtx) bind(lv arithLvalue, n int64) {
	r := c.ev.r
	if lv.pending != "" {
		lv = c.lvalueOf(lv.pending, lv.sub)
	}
	var err error
	switch {
	case lv.name == "":
		return
	case lv.bad == badAll && !lv.assoc:
		c.badSubscript(lv.tok)
		return
	case lv.bad == badEmpty:
		// bash's bind_int_variable: not a name, nothing assigned,
		// and the expression goes on
		// (sh_invalidid: builtin_error, named by this_command_name)
		r.bErr(r.thisCmd, "`%s': not a valid identifier", lv.tok)
		return
	case lv.bad == badEmptyKey:
		c.badSubscript(lv.tok)
		return
	case r.arrayReadonly(lv):
		// an array (or its element) is refused by bash's
		// assign_array_element, named as written; a scalar by
		// bind_variable, through the reference
		err = readonlyErr(lv.written)
	case lv.assoc:
		err = r.declSetValue(lv.name, lv.key, itoa(n), false, nil)
	case lv.sub && lv.index < 0 && r.negIndexBeforeStart(lv):
		// bash re-evaluates the subscript text when it binds a
		// negative index and names the element as written; nothing
		// is assigned and the expression goes on
		c.badSubscript(lv.tok)
		return
	case lv.sub:
		err = r.setIndex(lv.name, lv.index, itoa(n), false, nil)
	default:
		err = r.setScalar(lv.name, itoa(n), false)
		if ee, ok := err.(*expandError); ok && ee.badTarget {
			// a reference to a[@]: bash's bind_variable reports the
			// bad subscript and its bind_int_variable goes on
			r.errorf("%s", ee.msg)
			return
		}
	}
	if err != nil {
		c.throw(err)
	}
}

// arrayReadonly reports whether lv is an element of a readonly variable,
// or names a readonly array.
func (r *Runner) arrayReadonly(lv arithLvalue) bool {
	v := r.vars.get(lv.name)
	if v == nil || v.attrs&aReadonly == 0 || lv.written == "" {
		return false
	}
	return lv.sub || v.kind == kIndexed || v.kind == kAssoc
}

// negIndexBeforeStart reports whether lv's negative index, counted back
// from the end of its array (or a set scalar as element 0), still falls
// before element 0.
func (r *Runner) negIndexBeforeStart(lv arithLvalue) bool {
	v := r.lookup(lv.name)
	last := int64(-1)
	switch {
	case v == nil || !v.set:
	case v.kind == kIndexed && v.arr != nil:
		last = int64(v.arr.maxIndex())
	case v.kind == kString:
		last = 0
	}
	return lv.index+last+1 < 0
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// parseDecimal parses a plain decimal number without sign or blanks.
func parseDecimal(s string) (int64, bool) {
	if len(s) == 0 || len(s) > 18 {
		return 0, false
	}
	if s[0] == '0' && len(s) > 1 || !isDigit(s[0]) {
		// octal, or a sign that ParseInt would take before a leading
		// zero ("-010" is -8): the full evaluator decides
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// arithCmdError reports a failed (( )) expression: unlike $(( )), it
// does not abandon the rest of the command line; the status is 1.
func (r *Runner) arithCmdError(err error) {
	r.expansionError(err)
	if abandonsLine(err) {
		return
	}
	if r.flow == flowAbort {
		r.flow = flowNone
	}
	if r.flow == flowNone {
		r.exit = 1
	}
}
