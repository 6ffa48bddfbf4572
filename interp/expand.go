package interp

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// field is one word being built by expansion. buf is its final text; pat
// is the same text as a glob pattern, with quoted characters escaped;
// glob is set when an unquoted pattern character is present.
type field struct {
	buf  []byte
	pat  []byte
	glob bool
	// valid is set once something (even an empty quoted string) made the
	// field exist; unquoted empty expansions do not.
	valid bool
	// qslash holds the offsets in pat of quoted slashes: plain slashes
	// to the glob, but, as bash's CTLESC-quoted ones, they do not close a
	// bracket expression for the is-it-a-pattern test
	qslash []int
}

// fieldBuilder accumulates the fields of one or more words.
type fieldBuilder struct {
	noTilde bool // no tilde expansion (bash's W_NOTILDE)
	// noAssignTilde: the word is not assignment-like for bash (no
	// W_ASSIGNMENT: an element of a compound array assignment, or a word
	// brace expansion made): no tilde expansion after its = or :
	noAssignTilde bool
	fields        []field
	cur           field
	needEnd       bool // an IFS whitespace delimiter was seen: end cur before more text
	ifs           string
	// mb: the locale is UTF-8, so IFS holds characters, not bytes: é
	// in IFS splits at é only (bash's multibyte IFS)
	mb      bool
	noGlob  bool
	patMode bool // building a pattern (no splitting), keep pat only
	// trace, when set, also builds the pattern as xtrace shows it
	// (tracedPattern)
	trace *patTrace
	// bufOnly: the caller reads the text only (patMode callers such as
	// literal), so the pattern form is not built
	bufOnly bool
	// atFields records that a quoted $@ or ${a[@]} produced fields
	atFields bool
	// logOn keeps the word's steps in log, for a word that may assign
	// IFS while it expands (see resplitWord)
	logOn bool
	log   []piece
	// atJoin builds the word of ${x-$@} under bash's W_NOSPLIT2 quirk
	// (see expandOpWord): the elements of $@ stay whole
	atJoin bool
	// joinSep, when set, builds a POSIX-mode redirection word, which
	// bash does not split (W_NOSPLIT): the builder's IFS is empty and
	// the elements of $@, $* and arrays are joined with joinSep
	joinSep string
	// noComsub leaves command substitutions unrun, their text standing
	// in as an expansion's result (bash's W_NOCOMSUB, for the word an
	// "ambiguous redirect" message names)
	noComsub bool
	// assignRHS: the word is an assignment's value (bash's W_ASSIGNRHS),
	// which bash passes on to the word of a ${x-word} in it: a ~ after a
	// ':' there expands too
	assignRHS bool
	// colonTilde: a ':' ends the word's leading tilde prefix, as in an
	// assignment, though no ~ after a ':' expands (the word of
	// ${x=word}: bash's W_ASSIGNRHS without an assignment's :~)
	colonTilde bool
	// assignWord: the word is an assignment's value or a here-string,
	// which bash does not split: a quoted list that string_list_pos_params
	// joined with IFS's first character stays so (quotedIFSJoinOp)
	assignWord bool
	// ctlRHS: the word is expanded as an assignment's right-hand side
	// (PF_ASSIGNRHS: an assignment statement's value, a here-string,
	// the word of ${x=word}, or of another operator in one of these;
	// not a declaration builtin's argument, which bash expands as an
	// ordinary word), where bash leaves a slice of $* or ${a[*]}
	// unescaped (see ctlDequote)
	ctlRHS bool
	// starSpace: bash's expand_no_split_dollar_star is off for the
	// word (a declaration builtin's argument, the word of ${x-word} or
	// ${x+word} in an assignment's value while IFS is null), though it
	// is not split: with a null IFS, the * lists that bash joins as it
	// would $@ are joined with spaces (see starJoinsAsAt). elemSpace: a
	// compound assignment's [i]=value, where every * list is.
	starSpace, elemSpace bool
	// firstOnly builds a case pattern: bash's execute_case_command takes
	// the first word of the expansion only, so the pattern ends where a
	// quoted "$@" first starts a new word (cutAt, once cut is set)
	firstOnly, cut bool
	cutAt          int
	// replMode builds the replacement of ${x/pat/rep}: pat is then
	// bash's quote_string_for_repl form, where only a quoted & or
	// backslash is escaped and unquoted text stays as it is
	replMode bool
}

// piece is one step of building a word's fields: bash splits a word
// once, at its end, with the IFS it has then, so a word whose ${IFS=x}
// changes IFS is built again from its steps.
type piece struct {
	kind  byte   // 'q' quoted, 'l' literal, 'u' unquoted expansion, 'f' forced split, 'e' list element
	s     string // the text ('q', 'l', 'u')
	ifs   string // 'u', 'e': IFS when expanded
	first bool   // 'e': the list's first element
}

func (b *fieldBuilder) logPiece(p piece) {
	b.log = append(b.log, p)
}

// listElem starts element i (with value s) of an unquoted $* or $@.
func (b *fieldBuilder) listElem(i int, s string) {
	if b.logOn {
		b.logPiece(piece{kind: 'e', ifs: b.ifs, first: i == 0})
	}
	if i > 0 && b.ifs != "" && strings.IndexByte(" \t\n", b.ifs[0]) < 0 {
		// bash joins the elements with IFS's first character before
		// splitting: when that is not a blank, the boundary delimits
		// as that character does, so an empty element is a field
		logOn := b.logOn
		b.logOn = false
		b.unquotedExp(firstIFSChar(b.ifs, b.mb))
		b.logOn = logOn
	} else if i > 0 && (b.cur.valid || len(b.cur.buf) > 0) {
		b.needEnd = true
	}
	if b.ifs == "" && s != "" {
		b.flushPending()
	}
}

func (b *fieldBuilder) flushPending() {
	if b.needEnd {
		b.endField()
		b.needEnd = false
	}
}

func (b *fieldBuilder) endField() {
	b.fields = append(b.fields, b.cur)
	b.cur = field{}
}

// finishWord ends the current word: a field is emitted when valid.
func (b *fieldBuilder) finishWord() {
	b.needEnd = false
	if b.cur.valid || len(b.cur.buf) > 0 {
		b.endField()
	}
	b.cur = field{}
}

// quoted appends text that is neither split nor globbed.
func (b *fieldBuilder) quoted(s string) {
	if b.logOn {
		b.logPiece(piece{kind: 'q', s: s})
	}
	b.flushPending()
	b.cur.valid = true
	b.cur.buf = append(b.cur.buf, s...)
	if b.trace != nil {
		b.trace.quoted(s)
	}
	if b.bufOnly {
		return
	}
	if b.replMode {
		b.cur.pat = appendQuotedRepl(b.cur.pat, s)
		return
	}
	for {
		i := strings.IndexByte(s, '/')
		if i < 0 || b.patMode {
			break
		}
		b.cur.pat = appendQuotedPat(b.cur.pat, s[:i])
		b.cur.qslash = append(b.cur.qslash, len(b.cur.pat))
		b.cur.pat = append(b.cur.pat, '/')
		s = s[i+1:]
	}
	b.cur.pat = appendQuotedPat(b.cur.pat, s)
}

// literal appends unquoted literal text: globbed but not split.
func (b *fieldBuilder) literal(s string) {
	if s == "" {
		// an empty unquoted piece (the empty alternative of {,x}) makes
		// no field by itself
		return
	}
	if b.logOn {
		b.logPiece(piece{kind: 'l', s: s})
	}
	b.flushPending()
	b.cur.valid = true
	b.cur.buf = append(b.cur.buf, s...)
	if b.trace != nil {
		b.trace.plain(s)
	}
	if b.bufOnly {
		return
	}
	b.cur.pat = append(b.cur.pat, s...)
	if !b.cur.glob && hasGlobChars(s) {
		b.cur.glob = true
	}
}

// unquotedExp appends the result of an unquoted expansion: split by IFS
// and globbed.
func (b *fieldBuilder) unquotedExp(s string) {
	if b.patMode {
		b.flushPending()
		b.cur.valid = true
		b.cur.buf = append(b.cur.buf, s...)
		if b.trace != nil {
			b.trace.plain(s)
		}
		if b.bufOnly {
			return
		}
		b.cur.pat = append(b.cur.pat, s...)
		b.cur.glob = true
		return
	}
	if b.logOn {
		b.logPiece(piece{kind: 'u', s: s, ifs: b.ifs})
	}
	ifs := b.ifs
	if ifs == "" {
		if s == "" {
			return
		}
		b.flushPending()
		b.cur.buf = append(b.cur.buf, s...)
		b.cur.pat = append(b.cur.pat, s...)
		b.cur.valid = true
		if hasGlobChars(s) {
			b.cur.glob = true
		}
		return
	}
	start := -1 // start of a pending run of ordinary bytes
	emit := func(end int) {
		if start < 0 {
			return
		}
		b.flushPending()
		t := s[start:end]
		b.cur.buf = append(b.cur.buf, t...)
		b.cur.pat = append(b.cur.pat, t...)
		b.cur.valid = true
		if !b.cur.glob && hasGlobChars(t) {
			b.cur.glob = true
		}
		start = -1
	}
	mb := b.mb && !asciiOnly(ifs)
	for i, w := 0, 1; i < len(s); i += w {
		c := s[i]
		w = 1
		if mb && c >= utf8.RuneSelf {
			w = charLen(s[i:])
		}
		if !isIFSChar(ifs, s[i:i+w], mb) {
			if start < 0 {
				start = i
			}
			continue
		}
		emit(i)
		if c == ' ' || c == '\t' || c == '\n' {
			if b.cur.valid || len(b.cur.buf) > 0 {
				b.needEnd = true
			}
			continue
		}
		// a non-whitespace delimiter ends the field, even an empty one,
		// unless whitespace just ended it (they form one delimiter)
		if b.needEnd {
			b.endField()
			b.needEnd = false
			// bash's list_string steps over one byte of that
			// delimiter: the rest of a multibyte one (invalid bytes,
			// each found among IFS's bytes) delimits empty fields
			w = 1
		} else {
			b.endField()
		}
	}
	emit(len(s))
}

// forceSplit starts a new field: the boundary between "$@" elements.
func (b *fieldBuilder) forceSplit() {
	if b.patMode {
		// no field splitting here (assignment, here-string, case,
		// [[ ]]): the elements are joined with a space
		if b.firstOnly && !b.cut {
			b.cut, b.cutAt = true, len(b.cur.pat)
		}
		// (a trace shows the joining space bare)
		t := b.trace
		b.trace = nil
		b.quoted(" ")
		if b.trace = t; t != nil {
			t.plain(" ")
		}
		return
	}
	if b.logOn {
		b.logPiece(piece{kind: 'f'})
	}
	b.needEnd = false
	b.endField()
}

// resplitWord builds again, from its logged steps, the fields of the
// word that started at field nf, as bash splits: once, with the IFS the
// word ends with. Text expanded while IFS was null keeps its spaces
// (bash quotes them), and an unquoted $* expanded then makes the whole
// word split at spaces alone (W_SPLITSPACE).
func (r *Runner) resplitWord(b *fieldBuilder, nf int) {
	final := r.ifs()
	log := b.log
	b.logOn, b.log = false, b.log[:0]
	if final == b.ifs {
		same := true
		for _, p := range log {
			if (p.kind == 'u' || p.kind == 'e') && p.ifs != final {
				same = false
				break
			}
		}
		if same {
			return
		}
	}
	split := final
	for _, p := range log {
		if p.kind == 'e' && p.ifs == "" {
			split = " "
			if v := r.vars.get("IFS"); v == nil || !v.set {
				split = " \t\n"
			}
			break
		}
	}
	b.fields, b.cur, b.needEnd = b.fields[:nf], field{}, false
	for _, p := range log {
		switch p.kind {
		case 'q':
			b.quoted(p.s)
		case 'l':
			b.literal(p.s)
		case 'f':
			b.forceSplit()
		case 'u':
			b.ifs = split
			if p.ifs == "" {
				b.ifs = strings.ReplaceAll(split, " ", "")
			}
			b.unquotedExp(p.s)
		case 'e':
			if !p.first {
				sep := " "
				if p.ifs != "" {
					sep = firstIFSChar(p.ifs, b.mb)
				}
				b.ifs = split
				b.unquotedExp(sep)
			}
		}
	}
	b.ifs = final
}

// mayAssignIFS reports whether expanding w can assign IFS: ${IFS=x} or
// ${IFS:=x}, at any depth outside command substitutions.
func mayAssignIFS(parts []syntax.WordPart) bool {
	for _, part := range parts {
		switch p := part.(type) {
		case *syntax.DblQuoted:
			if mayAssignIFS(p.Parts) {
				return true
			}
		case *syntax.ParamExp:
			if p.Exp == nil {
				continue
			}
			if p.Param != nil && p.Param.Value == "IFS" &&
				(p.Exp.Op == syntax.AssignUnset || p.Exp.Op == syntax.AssignUnsetOrNull) {
				return true
			}
			if p.Exp.Word != nil && mayAssignIFS(p.Exp.Word.Parts) {
				return true
			}
		}
	}
	return false
}

func hasGlobChars(s string) bool {
	return strings.ContainsAny(s, "*?[") || strings.Contains(s, "(") &&
		(strings.Contains(s, "+(") || strings.Contains(s, "@(") || strings.Contains(s, "!("))
}

// appendQuotedPat appends s to a pattern with every pattern-special
// character escaped (and &, special in a ${x/pat/rep} replacement; - and
// ^, which a bracket expression would read as a range or a negation).
func appendQuotedPat(p []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; strings.IndexByte(quotedPatChars, c) >= 0 {
			p = append(p, '\\', c)
		} else {
			p = append(p, c)
		}
	}
	return p
}

// quotedPatChars are the characters appendQuotedPat escapes.
const quotedPatChars = "*?[]\\()|+@!{}&-^"

// appendQuotedRepl appends quoted text to a replacement's template form:
// & and backslash escaped, as bash's quote_string_for_repl does with
// quoted characters.
func appendQuotedRepl(p []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '&' || c == '\\' {
			p = append(p, '\\', c)
		} else {
			p = append(p, c)
		}
	}
	return p
}

// expandError is an error raised during expansion, already worded as bash
// words it (without the "name: line N: " prefix).
type expandError struct {
	msg   string
	fatal bool // exits a non-interactive shell (set -u, ${x:?})
	// unreported: a fatal error bash prints with internal_error, not
	// report_error (an arithmetic error in POSIX mode): set -e does
	// not exit before the jump to the top level, so a -c string still
	// ends with 127
	unreported bool
	// byExpr: raised by the arithmetic evaluator (an unbound variable
	// under set -u), whose jump to the top level (expr.c) skips the
	// top_level_cleanup of one from a word's expansion (exitByExpansion)
	byExpr bool
	// status is the exit status when not fatal (1 by default).
	status int
	// badRegex: an =~ regular expression that does not compile
	// (isRegexFailure)
	badRegex bool
	// reported: written already, in other words than the prefixed msg
	reported bool
	// placed: a bad substitution that names the string it was in
	// (see placeBadSubst)
	placed bool
	// quoteCut: a bad substitution whose text leaves a quote open,
	// read unquoted between double quotes (see quoteInSubst)
	quoteCut bool
	// outer: a bad substitution naming the outermost string it was in,
	// which each enclosing string replaces (arithcomment.go)
	outer bool
	// exitNow, when not 0, is the status the shell exits with at once
	// (reportError)
	exitNow int
	// report: bash prints this error with report_error, which under
	// set -e exits the shell even where errexit is otherwise ignored;
	// with the last command's status when lastStatus, else 1
	report, lastStatus bool
	// badTarget: an assignment's subscript was bad; the assignment
	// failed, not the expansion of a word
	badTarget bool
}

func (e *expandError) Error() string { return e.msg }

// reportError is bash's report_error: it prints the message, and with
// errexit on (not cleared, as in a command substitution, which does not
// inherit it) the shell exits at once, even where errexit is ignored (an
// if condition, a || list), with the last command's status or 1. It
// returns that exit as an error for the caller to pass up, or nil.
func (r *Runner) reportError(format string, a ...any) error {
	r.errorf(format, a...)
	if !r.reportExits() {
		return nil
	}
	return &expandError{msg: sprintf(format, a...), reported: true, exitNow: r.reportStatus()}
}

func expErr(format string, a ...any) error {
	return &expandError{msg: sprintf(format, a...)}
}

// reportErrf is an expansion error that bash prints with report_error
// (see expandError.report).
func reportErrf(format string, a ...any) error {
	return &expandError{msg: sprintf(format, a...), report: true}
}

// badSubscriptErr is bash's err_badarraysub for text, the array
// reference, as report_error prints it.
func badSubscriptErr(text string) error {
	return reportLastErrf("%s: bad array subscript", text)
}

// badTargetErr is badSubscriptErr for the subscript of an assignment
// (see expandError.badTarget).
func badTargetErr(text string) error {
	return &expandError{msg: text + ": bad array subscript", report: true, lastStatus: true, badTarget: true}
}

// retextBadTarget names an out-of-range element assignment as the
// builtin's argument wrote it (printf -v 'a[-9]', declare 'a[ -9 ]=x'),
// as bash's err_badarraysub does: the element was assigned with the
// subscript already evaluated, so the error had no text for it.
func retextBadTarget(err error, text string) error {
	if ee, ok := err.(*expandError); ok && ee.badTarget {
		return badTargetErr(text)
	}
	return err
}

// reportLastErrf is reportErrf for an error bash reports without
// setting the status to 1 first.
func reportLastErrf(format string, a ...any) error {
	return &expandError{msg: sprintf(format, a...), report: true, lastStatus: true}
}

// fields expands words as command arguments: brace, tilde, parameter,
// command, arithmetic and process substitution, splitting, globbing and
// quote removal.
func (r *Runner) fields(words []*syntax.Word) ([]string, error) {
	return r.fieldsOf(words, false)
}

// fieldsOf is fields; noAssignTilde expands words that bash does not take
// as assignment-like (the elements of a=(...)), without tilde expansion
// after a = or :.
func (r *Runner) fieldsOf(words []*syntax.Word, noAssignTilde bool) ([]string, error) {
	// fast path: plain literal words
	out := make([]string, 0, len(words))
	var b *fieldBuilder
	for _, w := range words {
		if s, ok := plainLit(w); ok {
			out = append(out, s)
			continue
		}
		if b == nil {
			b = &fieldBuilder{ifs: r.ifs(), mb: r.utf8Locale(), noGlob: r.opts.on(optNoglob), noAssignTilde: noAssignTilde}
		}
		if err := r.expandWordBraces(b, w); err != nil {
			return nil, err
		}
		r.globFields(b, &out)
		if r.pendingErr != nil {
			return nil, r.takeErr()
		}
	}
	return out, nil
}

// plainLit reports whether w is a single literal needing no expansion.
func plainLit(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return l.Value, plainText(l.Value)
}

// plainText reports whether s, a literal's text, needs no expansion.
func plainText(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '*', '?', '[', '{', '~', '\'', '"', '$', '`':
			return false
		}
	}
	return true
}

func (r *Runner) expandWordBraces(b *fieldBuilder, w *syntax.Word) error {
	expand := func(word *syntax.Word) error {
		if b.patMode || !mayAssignIFS(word.Parts) {
			return r.expandWord(b, word, false)
		}
		nf := len(b.fields)
		b.logOn, b.log = true, b.log[:0]
		err := r.expandWord(b, word, false)
		if err != nil {
			b.logOn = false
			return err
		}
		r.resplitWord(b, nf)
		return nil
	}
	if r.opts.on(optBraceexpand) && hasBraceCandidate(w) {
		bw := &syntax.Word{Parts: append([]syntax.WordPart(nil), w.Parts...)}
		if braceExpands(bw) {
			old := b.noAssignTilde
			b.noAssignTilde = true
			defer func() { b.noAssignTilde = old }()
			return braceWords(bw, func(word *syntax.Word) error {
				if err := expand(word); err != nil {
					return err
				}
				b.finishWord()
				return nil
			})
		}
	}
	if err := expand(w); err != nil {
		return err
	}
	b.finishWord()
	return nil
}

func hasBraceCandidate(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

// expandWord appends the expansion of w to b without ending the word.
// assign enables tilde expansion after ':' (assignment values).
func (r *Runner) expandWord(b *fieldBuilder, w *syntax.Word, assign bool) (err error) {
	defer func() {
		if err != nil {
			err = r.placeBadSubst(err, w)
		}
	}()
	parts, skip := w.Parts, 0
	if !assign && !b.colonTilde && r.dblDepth == 0 && !b.noTilde {
		if skip, err = r.tildeSpanning(b, parts, false); err != nil {
			return err
		}
		parts = parts[skip:]
	}
	for i, part := range parts {
		i += skip // (a tilde prefix read from several parts is done)
		switch p := part.(type) {
		case *syntax.Lit:
			s := p.Value
			// the word of "${x:-~}" is in double quotes: no tilde
			if i == 0 && len(s) > 0 && s[0] == '~' && r.dblDepth == 0 && !b.noTilde {
				s = r.tildeLit(b, s, assign || b.colonTilde, len(w.Parts) == 1)
			}
			if i == 0 && !assign && !b.patMode && !b.noAssignTilde && !r.opts.on(optPosix) {
				if eq := assignPrefixLen(s); eq > 0 && eq < len(s) && s[eq] == '~' {
					b.literal(s[:eq])
					s = r.tildeLit(b, s[eq:], true, len(w.Parts) == 1)
					if strings.Contains(s, ":~") {
						s = r.tildeAfterColons(b, s, i == len(w.Parts)-1)
					}
				} else if eq > 0 && strings.Contains(s[eq:], ":~") {
					// echo foo=bar:~ expands like an assignment
					b.literal(s[:eq])
					s = r.tildeAfterColons(b, s[eq:], i == len(w.Parts)-1)
				}
			}
			if assign && !b.noTilde && r.dblDepth == 0 && strings.Contains(s, ":~") {
				s = r.tildeAfterColons(b, s, i == len(w.Parts)-1)
			}
			if r.dblDepth > 0 {
				// the word of a ${x:-word} inside "..." or a
				// here-document: a backslash quotes only $ ` " \ }
				b.quoted(opWordUnescape(s))
				continue
			}
			r.unquotedLit(b, s, false)
		case *syntax.SglQuoted:
			switch {
			case r.arithAnsiWord && p.Dollar && r.dblDepth > 0:
				// '…' as written there (arithPartLiteral)
				if err := r.sglInDbl(b, ansiC(p.Value, r.escBytes())); err != nil {
					return err
				}
			case r.hdocPatDollar && p.Dollar:
				b.quoted("$" + p.Value)
			case r.dblDepth > 0 && !p.Dollar:
				if err := r.sglInDbl(b, p.Value); err != nil {
					return err
				}
			case r.dblDepth > 0 && r.hdocDepth > 0:
				b.quoted("$'" + p.Value + "'")
			case p.Dollar:
				b.quoted(ansiC(p.Value, r.escBytes()))
			default:
				b.quoted(p.Value)
			}
		case *syntax.DblQuoted:
			restore := func() {}
			if p.Dollar {
				restore = r.translatedSrc(p)
			}
			if r.dblDepth > 0 {
				p = innerDbl(p)
			}
			if r.hdocPatDollar && p.Dollar {
				b.quoted("$")
			}
			err := r.expandDbl(b, p)
			restore()
			if err != nil {
				return err
			}
		case *syntax.ParamExp:
			if err := r.expandParamPart(b, p, false); err != nil {
				return err
			}
		case *syntax.CmdSubst:
			if b.noComsub {
				b.unquotedExp(r.shownText(p))
				continue
			}
			s, err := r.cmdSubst(p)
			if err != nil {
				return err
			}
			b.unquotedExp(s)
		case *syntax.ArithmExp:
			if err := r.arithCommentError(p); err != nil {
				return err
			}
			n, err := r.arithExpansion(p.X)
			if err != nil {
				return err
			}
			b.unquotedExp(itoa(n))
		case *syntax.ProcSubst:
			s, err := r.procSubst(p)
			if err != nil {
				return err
			}
			b.quoted(s)
		case *syntax.ExtGlob:
			b.literal(p.Op.String())
			if err := r.expandExtglobPattern(b, extglobText(p)); err != nil {
				return err
			}
			b.literal(")")
		case *syntax.BraceExp:
			// left over from brace splitting when brace expansion is off
			b.literal(braceString(p))
		default:
			return expErr("unsupported word part %T", part)
		}
	}
	return nil
}

// assignPrefixLen returns the length of "NAME=" at the start of s, or 0.
func assignPrefixLen(s string) int {
	i := 0
	for i < len(s) {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			i++
			continue
		}
		break
	}
	if i > 0 && i < len(s) && s[i] == '=' {
		return i + 1
	}
	return 0
}

func braceString(p *syntax.BraceExp) string {
	var sb strings.Builder
	sb.WriteByte('{')
	sep := ","
	if p.Sequence {
		sep = ".."
	}
	for i, e := range p.Elems {
		if i > 0 {
			sb.WriteString(sep)
		}
		sb.WriteString(e.Lit())
	}
	sb.WriteByte('}')
	return sb.String()
}

// unquotedLit appends unquoted literal text: a backslash quotes the next
// byte (and drops with a following newline); the rest is added as a
// literal, or, with split (the word of an in-place ${x+word}), split on IFS
// like the result of an expansion, as bash does.
func (r *Runner) unquotedLit(b *fieldBuilder, s string, split bool) {
	add := b.literal
	if split {
		add = b.unquotedExp
	}
	for len(s) > 0 {
		i := strings.IndexByte(s, '\\')
		if i < 0 {
			add(s)
			return
		}
		if i > 0 {
			add(s[:i])
		}
		if i+1 >= len(s) {
			b.quoted("\\")
			return
		}
		if s[i+1] != '\n' {
			b.quoted(s[i+1 : i+2])
		}
		s = s[i+2:]
	}
}

// tildeLit performs tilde expansion on a leading literal.
func (r *Runner) tildeLit(b *fieldBuilder, s string, assign, whole bool) string {
	end := len(s)
	if i := strings.IndexByte(s, '/'); i >= 0 {
		end = i
	}
	slash := end
	if !assign && strings.IndexByte(s[:slash], '\\') >= 0 {
		return s // a backslash quotes: bash_tilde_find_word finds no prefix
	}
	if assign && !b.assignRHS && !b.colonTilde && !r.tildeColonOnly {
		// not an assignment statement's value (echo a=~=~, an
		// array element): "=~" ends a prefix and starts the next
		seg := slash
		if i := strings.IndexByte(s[:slash], ':'); i >= 0 {
			seg = i
		}
		if (seg < len(s) || whole) && strings.Contains(s[:seg], "=~") && strings.IndexByte(s[:seg], '\\') < 0 {
			b.quoted(r.tildeEqPieces(s[:seg]))
			return s[seg:]
		}
	}
	// a ':' ends the prefix in any word: bash's tilde_expand takes ":"
	// as a suffix (echo ~root:x is /root:x). Outside an assignment bash
	// first reads the prefix on to the '/', and a quote on the way
	// stops the expansion: a literal with neither a '/' nor the whole
	// word behind it is left alone.
	if i := r.tildeSuffixAt(s[:end], assign, assign && (b.assignRHS || b.colonTilde)); i >= 0 && (assign || whole || end < len(s)) {
		end = i
	}
	if end < len(s) || whole {
		prefix := s[1:end]
		if h, ok := r.tildeDir(prefix); ok {
			if !assign {
				// the suffix is part of tilde_expand's result,
				// quoted with it: [[ /h:x == ~:* ]] is false
				b.quoted(h + s[end:slash])
				return s[slash:]
			}
			b.quoted(h)
			return s[end:]
		}
	}
	return s
}

// tildeSpanning expands the tilde prefix of a word outside an assignment
// when the literal that starts it holds a ':' but not the '/' that ends
// the prefix. bash's bash_tilde_find_word takes the word's text as
// written on to the first '/' and tilde_expand keeps everything after
// the ':' as the suffix, unexpanded: with HOME=/h, ~:$u is /h:$u and
// ~:x$(echo a)/y is /h:x$(echo a)/y. A quote or backslash before the '/'
// leaves the tilde alone. It returns how many parts it consumed (a
// literal holding the '/' is consumed, its text from the '/' on added as
// the word's own, split when split is set), or 0.
func (r *Runner) tildeSpanning(b *fieldBuilder, parts []syntax.WordPart, split bool) (int, error) {
	if len(parts) < 2 {
		return 0, nil
	}
	lit, ok := parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "~") || strings.ContainsAny(lit.Value, `/\`) {
		return 0, nil
	}
	colon := r.tildeSuffixAt(lit.Value, false, false)
	if colon < 0 {
		return 0, nil
	}
	home, ok := r.tildeDir(lit.Value[1:colon])
	if !ok {
		return 0, nil
	}
	suffix := lit.Value[colon:]
	for j := 1; j < len(parts); j++ {
		var text string
		if l, ok := parts[j].(*syntax.Lit); ok {
			text = l.Value
		} else {
			text = r.writtenSubscript(parts[j])
		}
		slash := strings.IndexByte(text, '/')
		if slash < 0 {
			slash = len(text)
		}
		if strings.ContainsAny(text[:slash], `\'"`) {
			return 0, nil
		}
		if slash == len(text) {
			suffix += text
			continue
		}
		if l, ok := parts[j].(*syntax.Lit); ok {
			b.quoted(home + suffix + l.Value[:slash])
			r.unquotedLit(b, l.Value[slash:], split)
			return j + 1, nil
		}
		// the '/' is inside an expansion: bash expands the rest of
		// the word's text from there as a word (~:${u:-a/$u}x is
		// /h:${u:-a/}x; ~:$(echo a/b) is /h:$(echo a/b)), the text
		// as it is when that does not parse
		b.quoted(home + suffix + text[:slash])
		if rest, src, ok := parseWordText(text[slash:]); ok && rest != nil {
			defer r.withSrc(src)()
			return j + 1, r.expandWord(b, rest, false)
		}
		b.quoted(text[slash:])
		return j + 1, nil
	}
	b.quoted(home + suffix)
	return len(parts), nil
}

// tildeSuffixAt is where the tilde prefix of p, read on to a '/', ends
// before a suffix tilde_expand knows, or -1: a ':', or before an
// assignment's value has had a tilde expansion (tildeColonOnly), an "=~"
// outside an assignment statement's value (rhs). It notes that an assignment statement's
// value (rhs, bash's W_ASSIGNRHS) makes bash drop the "=~" for the rest
// of the shell's life.
func (r *Runner) tildeSuffixAt(p string, assign, rhs bool) int {
	if rhs {
		r.tildeColonOnly = true
	}
	i := strings.IndexByte(p, ':')
	if !rhs && !r.tildeColonOnly {
		if j := strings.Index(p, "=~"); j >= 0 && (i < 0 || j < i) {
			i = j
		}
	}
	return i
}

// tildeAfterColons expands the ~ prefixes after the colons of s, a
// literal of an assignment-like word; last tells that nothing follows s
// in the word. bash's bash_tilde_find_word reads a prefix on to a '/' or
// ':', and a quote or expansion on the way leaves it unexpanded
// (v=a:~"/x" keeps its ~).
func (r *Runner) tildeAfterColons(b *fieldBuilder, s string, last bool) string {
	var out strings.Builder
	parts := strings.Split(s, ":")
	for i, p := range parts {
		if i > 0 {
			out.WriteByte(':')
		}
		if i > 0 && (last || i < len(parts)-1 || strings.IndexByte(p, '/') >= 0) {
			switch {
			case b.assignRHS && strings.HasPrefix(p, "~"):
				r.tildeColonOnly = true // see tildeSuffixAt
				p = r.tildePath(p)
			case !b.assignRHS && !r.tildeColonOnly && strings.Contains(p, "=~"):
				// outside an assignment statement "=~" ends
				// and starts a prefix: echo a=b:~=~ is a=b:/h=/h
				p = r.tildeEqPieces(p)
			default:
				p = r.tildePath(p)
			}
		}
		out.WriteString(p)
	}
	return out.String()
}

// tildeEqPieces expands the tilde prefixes of p, a part of a word
// outside an assignment statement that starts one, where "=~" ends a
// prefix and starts the next (before the first '/'): ~=~/x is /h=/h/x
// and ~=b=~ is ~=b=/h.
func (r *Runner) tildeEqPieces(p string) string {
	head, tail := p, ""
	if i := strings.IndexByte(p, '/'); i >= 0 {
		head, tail = p[:i], p[i:]
	}
	pieces := strings.Split(head, "=~")
	pieces[len(pieces)-1] += tail
	for k := range pieces {
		if k > 0 {
			pieces[k] = "~" + pieces[k]
		}
		pieces[k] = r.tildePath(pieces[k])
	}
	return strings.Join(pieces, "=")
}

// tildePath expands a ~ or ~user prefix of p (up to its first slash) to
// the home directory; p is returned as it is when there is none to expand.
func (r *Runner) tildePath(p string) string {
	if !strings.HasPrefix(p, "~") {
		return p
	}
	end := len(p)
	if j := strings.IndexByte(p, '/'); j >= 0 {
		end = j
	}
	if h, ok := r.tildeDir(p[1:end]); ok {
		return h + p[end:]
	}
	return p
}

func (r *Runner) tildeDir(user string) (string, bool) {
	switch user {
	case "":
		if v := r.lookup("HOME"); v.isSetScalar() {
			return v.value(), true
		}
		return homeOf(""), true
	case "+":
		v := r.lookup("PWD")
		return v.value(), v.isSetScalar()
	case "-":
		v := r.lookup("OLDPWD")
		return v.value(), v.isSetScalar()
	}
	if d, ok := r.tildeDirStack(user); ok {
		return d, true
	}
	for i := 0; i < len(user); i++ {
		if c := user[i]; c == '\\' || c == '$' || c == '\'' || c == '"' {
			return "", false
		}
	}
	h := homeOf(user)
	return h, h != ""
}

// expandDbl expands a double-quoted part.
func (r *Runner) expandDbl(b *fieldBuilder, q *syntax.DblQuoted) (err error) {
	defer func() {
		if err != nil {
			err = r.placeBadSubst(err, q)
		}
	}()
	if r.opts.on(optPosix) && posixCandidate(q) {
		if q2, text, ok := r.posixReread(q); ok {
			old := r.curSrc
			r.curSrc = text // the new nodes' offsets are into text
			defer func() { r.curSrc = old }()
			q = q2
		}
	}
	if len(q.Parts) == 1 {
		if pe, ok := q.Parts[0].(*syntax.ParamExp); ok && isAtExpansion(pe) {
			r.dblDepth++
			defer func() { r.dblDepth-- }()
			return r.expandParamPart(b, pe, true)
		}
	}
	b.flushPending()
	// "$xxx$@" with no positional parameters and nothing else but empty
	// expansions makes no word, as "$@" alone does
	hasAt, atList := false, false
	for _, part := range q.Parts {
		if pe, ok := part.(*syntax.ParamExp); ok && (isAtExpansion(pe) || r.indirectList(pe) != nil) {
			hasAt = true
			atList = atList || isAtExpansion(pe)
		}
	}
	oldAtWord, oldStart := r.dblAtWord, r.dblStart
	r.dblAtWord, r.dblStart = atList, [2]int{len(b.fields), len(b.cur.buf)}
	defer func() { r.dblAtWord, r.dblStart = oldAtWord, oldStart }()
	prevValid, nf, nb := b.cur.valid, len(b.fields), len(b.cur.buf)
	oldAt := b.atFields
	b.atFields = false
	b.cur.valid = true
	r.dblDepth++
	defer func() {
		r.dblDepth--
		if hasAt && !b.atFields && len(b.fields) == nf && len(b.cur.buf) == nb {
			b.cur.valid = prevValid
		}
		b.atFields = b.atFields || oldAt
	}()
	for _, part := range q.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.quoted(dblUnescape(p.Value))
		case *syntax.ParamExp:
			if err := r.expandParamPart(b, p, true); err != nil {
				return err
			}
		case *syntax.CmdSubst:
			if b.noComsub {
				b.quoted(r.shownText(p))
				continue
			}
			s, err := r.cmdSubst(p)
			if err != nil {
				return err
			}
			b.quoted(s)
		case *syntax.ArithmExp:
			if err := r.arithCommentError(p); err != nil {
				return err
			}
			n, err := r.quotedArithExpansion(p)
			if err != nil {
				return err
			}
			b.quoted(itoa(n))
		default:
			return expErr("unsupported quoted part %T", part)
		}
	}
	if q.Dollar {
		// $"..." is translated with the C locale: unchanged
	}
	return nil
}

// sglInDbl expands single-quoted text met in the word of a ${x:-word}
// inside double quotes (or a here-document): there the quotes are plain
// characters and the text between them is expanded as the rest of the word
// is: "${u:-'$x'}" is 'value' (and its double quotes are removed, see
// stripInnerDq).
func (r *Runner) sglInDbl(b *fieldBuilder, s string) error {
	b.quoted("'")
	s = stripInnerDq(s)
	if strings.ContainsAny(s, "$`\\") {
		w, text, err := parseDocument(s)
		if err != nil {
			return reportErrf("%s: bad substitution", s)
		}
		// the new nodes' offsets are into text (nodeText reads them)
		oldSrc := r.curSrc
		r.curSrc = text
		defer func() { r.curSrc = oldSrc }()
		for _, part := range w.Parts {
			if lit, ok := part.(*syntax.Lit); ok {
				b.quoted(opWordUnescape(lit.Value))
				continue
			}
			if err := r.expandDbl(b, &syntax.DblQuoted{Parts: []syntax.WordPart{part}}); err != nil {
				return err
			}
		}
	} else {
		b.quoted(s)
	}
	b.quoted("'")
	return nil
}

// innerDbl rewrites "..." met in the word of a ${x:-word} that is itself
// inside double quotes (or a here-document): bash reads the inner quotes
// as closing and reopening the outer ones, so a backslash there quotes any
// character ("${s:+"\p"}" is p). The literal parts are re-escaped for
// expandDbl's dblUnescape.
func innerDbl(q *syntax.DblQuoted) *syntax.DblQuoted {
	out := &syntax.DblQuoted{Left: q.Left, Right: q.Right, Dollar: q.Dollar, Parts: make([]syntax.WordPart, len(q.Parts))}
	for i, part := range q.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok || strings.IndexByte(lit.Value, '\\') < 0 {
			out.Parts[i] = part
			continue
		}
		var sb strings.Builder
		v := lit.Value
		for j := 0; j < len(v); j++ {
			c := v[j]
			if c == '\\' && j+1 < len(v) {
				j++
				c = v[j]
				if c == '\n' {
					continue
				}
			}
			if strings.IndexByte("\\$`\"", c) >= 0 {
				sb.WriteByte('\\')
			}
			sb.WriteByte(c)
		}
		out.Parts[i] = &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: sb.String()}
	}
	return out
}

// opWordUnescape removes the backslashes that quote $ ` " \ } or a
// newline in the word of a ${x:-word} inside double quotes.
func opWordUnescape(s string) string { return unbackslash(s, opWordQuotable, false) }

// dblUnescape removes backslashes that escape $ ` " \ or newline inside
// double quotes.
func dblUnescape(s string) string { return unbackslash(s, dblQuotable, false) }

// literal expands a word to one string without splitting or globbing, as
// for assignment values, here-strings, case subjects and [[ ]] operands.
func (r *Runner) literal(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	return r.wordText(w, false)
}

// assignValue expands an assignment's value (tilde after ':' too).
func (r *Runner) assignValue(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	return r.wordText(w, true)
}

// elemValue expands the value of an [i]=value element of a compound
// array assignment: as assignValue, but bash's W_ASSIGNMENT without
// W_ASSIGNRHS, so not in the word of a ${x-word} in it; a POSIX shell does
// no tilde expansion after [i]= (the word is no assignment statement's).
func (r *Runner) elemValue(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	return r.wordTextIn(w, true, &fieldBuilder{patMode: true, bufOnly: true, assignWord: true, noTilde: r.opts.on(optPosix), elemSpace: true})
}

// wordText is literal, or assignValue when assign is set: the text of w
// after expansion, as one string, built in the runner's spare buffer.
func (r *Runner) wordText(w *syntax.Word, assign bool) (string, error) {
	return r.wordTextIn(w, assign, &fieldBuilder{patMode: true, bufOnly: true, assignRHS: assign, assignWord: assign, ctlRHS: assign})
}

// declValue expands the value of a declaration builtin's name=value
// argument: as assignValue, but as the ordinary word bash expands it as.
func (r *Runner) declValue(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	return r.wordTextIn(w, true, &fieldBuilder{patMode: true, bufOnly: true, assignRHS: true, assignWord: true, starSpace: true})
}

// wordTextIn is wordText with the builder b.
func (r *Runner) wordTextIn(w *syntax.Word, assign bool, b *fieldBuilder) (string, error) {
	if s, ok := plainLit(w); ok {
		return s, nil
	}
	b.cur.buf = r.takeWordBuf()
	err := r.expandWord(b, w, assign)
	s := string(b.cur.buf)
	r.giveWordBuf(b.cur.buf)
	if err != nil {
		return "", err
	}
	return s, nil
}

// assignValueNoTilde is assignValue without tilde expansion: bash's
// expand_subscript_string for the keys and values of an associative
// array's compound assignment, and POSIX mode's [i]=value elements.
func (r *Runner) assignValueNoTilde(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	if s, ok := plainLit(w); ok {
		return s, nil
	}
	b := &fieldBuilder{patMode: true, noTilde: true, bufOnly: true}
	b.cur.buf = r.takeWordBuf()
	err := r.expandWord(b, w, true)
	s := string(b.cur.buf)
	r.giveWordBuf(b.cur.buf)
	if err != nil {
		return "", err
	}
	return s, nil
}

// pattern expands a word into a glob pattern: quoted parts are escaped.
func (r *Runner) pattern(w *syntax.Word) (string, error) {
	return r.patternWord(w, false)
}

// casePattern expands the pattern of a case clause: as pattern, but of
// a word that "$@" makes several, the first only.
func (r *Runner) casePattern(w *syntax.Word) (string, error) {
	return r.patternWord(w, true)
}

func (r *Runner) patternWord(w *syntax.Word, first bool) (string, error) {
	return r.patternBuild(w, &fieldBuilder{patMode: true, firstOnly: first})
}

// patternBuild expands w as a pattern with the builder b (patMode).
func (r *Runner) patternBuild(w *syntax.Word, b *fieldBuilder) (string, error) {
	if w == nil {
		return "", nil
	}
	if s, ok := plainPattern(w); ok && b.trace == nil {
		return s, nil
	}
	// a pattern is a word of its own: in "${x#'a'}" and in a
	// here-document the single quotes still quote
	// bash reads $'…' and $"…" as such in the pattern of a
	// here-document's ${x#pattern}, but as "$" and a quoted string in
	// one nested in the word of another expansion, ${x:+${x#$'a'}}
	oldDbl, oldHdoc, oldPat, oldDollar := r.dblDepth, r.hdocDepth, r.patDbl, r.hdocPatDollar
	r.hdocPatDollar = oldHdoc > 0 && r.hdocParams > 1
	r.dblDepth, r.hdocDepth, r.patDbl = 0, 0, oldPat || oldDbl > 0
	defer func() { r.dblDepth, r.hdocDepth, r.patDbl, r.hdocPatDollar = oldDbl, oldHdoc, oldPat, oldDollar }()
	b.cur.pat = r.takeWordBuf()
	err := r.expandWord(b, w, false)
	if b.cut {
		b.cur.pat = b.cur.pat[:b.cutAt]
	}
	s := string(b.cur.pat)
	r.giveWordBuf(b.cur.pat)
	if err != nil {
		return "", err
	}
	return s, nil
}

// plainPattern returns the pattern of a word that is one unquoted
// literal with nothing in it to expand or quote: its text as it is (a
// case pattern like x*5 needs no field building on every iteration).
func plainPattern(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok || strings.HasPrefix(l.Value, "~") || strings.IndexByte(l.Value, '\\') >= 0 {
		return "", false
	}
	return l.Value, true
}

// document expands a here-document body.
func (r *Runner) document(w *syntax.Word) (string, error) {
	if w == nil {
		return "", nil
	}
	var sb strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			sb.WriteString(hdocUnescape(p.Value))
		case *syntax.ParamExp:
			// the body is expanded like "…", except that $'…' in the
			// word of ${x:-word} stays as written
			b := &fieldBuilder{patMode: true}
			r.dblDepth++
			r.hdocDepth++
			err := r.expandParamPart(b, p, true)
			r.dblDepth--
			r.hdocDepth--
			if err != nil {
				return "", placeBadSubstText(err, r.hdocBodyText(w))
			}
			sb.Write(b.cur.buf)
		case *syntax.CmdSubst:
			s, err := r.cmdSubst(p)
			if err != nil {
				return "", err
			}
			sb.WriteString(s)
		case *syntax.ArithmExp:
			if err := r.arithCommentError(p); err != nil {
				return "", placeBadSubstText(err, r.hdocBodyText(w))
			}
			n, err := r.arithExpansion(p.X)
			if err != nil {
				return "", err
			}
			sb.WriteString(itoa(n))
		default:
			return "", expErr("unsupported here-document part %T", part)
		}
	}
	return sb.String(), nil
}

// hdocUnescape is quote removal in an unquoted here-document's body.
func hdocUnescape(s string) string { return unbackslash(s, hdocQuotable, false) }

func (r *Runner) ifs() string {
	v := r.vars.get("IFS")
	if v == nil || !v.set {
		return " \t\n"
	}
	return v.str
}

func (r *Runner) takeErr() error {
	e := r.pendingErr
	r.pendingErr = nil
	return e
}
