package interp

import (
	"errors"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Bash decides some constructs by trying one reading and falling back to
// another, and leaves arithmetic unparsed until it runs; mvdan's parser
// commits to one reading and parses arithmetic at once, so it rejects
// programs bash runs. parseProgram re-parses after rewriting the text at
// the place the parser failed, the way bash itself disambiguates:
//
//   - "((" or "$((" whose text up to the matching ")" is not followed by
//     another ")" is not arithmetic: bash reads "( (" or "$( (" instead;
//   - arithmetic that is well delimited but does not parse is wrapped in
//     double quotes (see quoteRegion), so it is expanded and evaluated (and fails) from its
//     text when it runs, as bash's evaluator does;
//   - a let clause that does not parse becomes a call of the let builtin
//     (a quoted "let", see quoteRegion), whose arguments are ordinary
//     words;
//   - a lone "!" (a negated empty pipeline, status 1) becomes a group
//     negating an empty command, `{ ! ${-+}; }`, which also lets it be
//     negated again ("! !");
//   - negations mvdan's parser does not take: "! ! cmd" is cmd (bash
//     toggles the inversion; the two "!" become blanks), and "time ! cmd"
//     times a group, "time { ! cmd; }" (each such group's "{" is
//     followed by negationBlank, for the printer);
//   - a word of a compound assignment that starts with "=" ("[k]==" or
//     "=x", which mvdan takes for an operator) has it escaped;
//   - a parameter expansion bash rejects when it expands it (see
//     parsefix_subst.go);
//   - an element of a compound assignment that appends, [k]+=v, becomes
//     [k]=${__nash_append_elem+=}v: the assignment knows the marker
//     (appendElemValue), writtenText shows it as written;
//   - an empty extended pattern list, "+()", gets a marker for a
//     pattern (see parsefix_extglob.go);
//   - a case toggle, ${x~} or ${x~~}, becomes a marked ${x^} or ${x^^}
//     (see parsefix_toggle.go);
//   - ${##word}, $# without a prefix, names $# otherwise (see
//     parsefix_argc.go);
//   - a `…` whose text does not parse becomes a marker command that
//     reports the error when it runs (see parsefix_bqerr.go);
//   - an array subscript (or $[ ]) that does not parse as arithmetic (bash takes it
//     as text: an associative array's key, or arithmetic evaluated when
//     it is used) is wrapped in double quotes, which expand as bash
//     expands a subscript.
//
// A rewrite is kept only when the parser gets further with it, so text
// that merely looks like these constructs (inside quotes or comments, or
// a construct that already parsed) is never changed. The rewritten text is
// what the statements' positions refer to; it keeps every line where it
// was, so line numbers are unchanged.

// maxParseFixes bounds the rewrites of one program.
const maxParseFixes = 256

// maxFixCandidates bounds the places tried for one parse error.
const maxFixCandidates = 16

// parseEdit is one insertion into the text: n bytes at offset at (an
// offset of the text as it was before the insertion).
type parseEdit struct{ at, n int }

// parseProgram parses src as bash does. It returns the program, the text
// its positions refer to (src itself unless something was rewritten or
// it holds bytes that are not UTF-8, see rawbytes.go) and the first
// syntax error bash would also report, positioned in src.
func parseProgram(src, name string) (*syntax.File, string, error) {
	f, text, _, err := parseProgramEdits(src, name)
	return f, text, err
}

// parseProgramEdits is parseProgram, also returning the insertions that
// made the text from src (after encodeRawBytes and moveLineJoins, which
// keep lengths).
func parseProgramEdits(src, name string) (*syntax.File, string, []parseEdit, error) {
	src = moveLineJoins(encodeRawBytes(src))
	f, err := parseBash(src, name)
	if err != nil {
		if text, ok := requoteHdocText(src); ok {
			if f2, err2 := parseBash(text, name); parsedFurther(err2, err) {
				src, f, err = text, f2, err2
			}
		}
	}
	for range maxHdocRequotes {
		if err != nil {
			break
		}
		text, ok := requoteHdocDelims(f, src)
		if !ok {
			break
		}
		src = text
		f, err = parseBash(src, name)
	}
	var edits []parseEdit
	written := src // before the rewrites that keep the parse
	if fixed, ed := wordHashFix(src); len(ed) > 0 {
		src, edits = fixed, ed
		f, err = parseBash(src, name)
	}
	if err != nil {
		if fixed, f2, err2, ed, ok := condHdocScanFix(src, name, err); ok {
			src, f, err, edits = fixed, f2, err2, ed
		}
	}
	if err == nil {
		src, f, edits = clauseFixes(f, src, name, edits)
	}
	lets := mayHoldLetClause(src) // see parsefix_letwords.go
	if err == nil && !mayHoldHdocParen(src) && (!lets || letWordsAt(f, src) < 0) {
		f, src = dqAnsiFix(f, src, name) // see parsefix_dqansi.go
		if bad, rerr := bashRejectsError(f, src, name); rerr != nil {
			return nil, bad, edits, unmapParseError(rerr, edits, written)
		}
		finishParse(f, src, name)
		return f, src, edits, nil
	}
	text := src
	for range maxParseFixes {
		if mayHoldHdocParen(text) {
			stmts := parseStmtsBefore(f, err, text, name)
			if fixed, ed, ok := hdocParenFix(stmts, text); ok {
				text = fixed
				edits = append(edits, ed...)
				f, err = parseBash(text, name)
				continue
			}
		}
		if err == nil {
			at := -1
			if lets {
				at = letWordsAt(f, text)
			}
			if at < 0 {
				break
			}
			fixed, ed, _ := quoteRegion(text, at, at+len("let"))
			text = fixed
			edits = append(edits, ed...)
			f, err = parseBash(text, name)
			continue
		}
		fixed, ed, f2, err2, ok := fixParseError(text, name, err)
		if !ok {
			break
		}
		text, f, err = fixed, f2, err2
		edits = append(edits, ed...)
	}
	if err == nil {
		text, f, edits = clauseFixes(f, text, name, edits)
		f, text = dqAnsiFix(f, text, name)
		if bad, rerr := bashRejectsError(f, text, name); rerr != nil {
			return nil, bad, edits, unmapParseError(rerr, edits, written)
		}
		fixInsertedLines(f, text)
		finishParse(f, text, name)
		return f, text, edits, nil
	}
	return nil, text, edits, unmapParseError(err, edits, written)
}

// clauseFixes applies, to f, the parse of text, the rewrites of clauses
// mvdan's parser reads otherwise though they parse (time --, a $((…))
// bash runs as $( (…)), a [[ ]] ending a line with here-documents
// pending), each returning the text, its parse and the edits with its
// own added.
func clauseFixes(f *syntax.File, text, name string, edits []parseEdit) (string, *syntax.File, []parseEdit) {
	text, f, edits = timeIgnFix(f, text, name, edits)
	text, f, edits = arithCaseFix(f, text, name, edits)
	return condHdocFix(f, text, name, edits)
}

// finishParse corrects what mvdan's parser reads otherwise in a parsed
// program, text being what its positions refer to.
func finishParse(f *syntax.File, text, name string) {
	bquoteNested(f, text, name)
	bquoteSingleQuotes(f, text)
	paramProcSubsts(f, text)
	if mayHoldLongFd(text) {
		fdWords(f)
	}
	if mayHoldDashClose(text) {
		dashCloseWords(f)
	}
	if hasRawRunes(text) {
		decodeRawNode(f)
	}
	if strings.Contains(text, funcNameMark) {
		unwriteFuncNames(f)
	}
	if mayHoldExtglobMarks(text) {
		unmarkExtglobs(f)
	}
}

// parseStmtsBefore returns the statements of f, or when the text did not
// parse (err), those read completely before the error.
func parseStmtsBefore(f *syntax.File, err error, text, name string) []*syntax.Stmt {
	if err == nil {
		return f.Stmts
	}
	var stmts []*syntax.Stmt
	p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
	// no break: mvdan's iterator yields again after an error
	for st, e := range p.StmtsSeq(strings.NewReader(text)) {
		if e == nil && st != nil {
			stmts = append(stmts, st)
		}
	}
	return stmts
}

// parseBash is one plain parse of a bash program.
func parseBash(src, name string) (*syntax.File, error) {
	p := bashParsers.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), name)
	if err == nil {
		// a parser that failed may hold state its reset leaves (the
		// last backquote's escaping): only a clean one is reused
		bashParsers.Put(p)
	}
	return f, err
}

// bashParsers holds parsers for parseBash to reuse. A parser is some 2 KB
// of buffers that each new one allocates and clears, which for the short
// texts of eval, source and trap actions cost more than the parse itself;
// Parse resets what a parse changes. It shares nothing between runners:
// each parse has a parser of its own while it runs.
var bashParsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
}}

// fixParseError tries the rewrites that may apply at pe, nearest first,
// and returns the first one with which the parser gets further.
func fixParseError(text, name string, perr error) (string, []parseEdit, *syntax.File, error, bool) {
	return fixParseErrorNested(text, name, perr, maxNestedFixes)
}

// maxNestedFixes bounds the rewrites tried on top of another for one
// parse error (fixParseErrorNested), each a whole round of candidates.
const maxNestedFixes = 2

// fixParseErrorNested is fixParseError. When a rewrite leaves the error
// where it was, the text may need a second one there: "$((( ++ ,n )) &&
// echo ok)" is "$( (( ++ ,n )) && echo ok)", whose arithmetic bash
// evaluates when it runs (quoted then). Up to nested times, such a
// rewrite is tried with another on top.
func fixParseErrorNested(text, name string, perr error, nested int) (string, []parseEdit, *syntax.File, error, bool) {
	pos, incomplete, ok := parseErrorPos(perr)
	if !ok {
		return "", nil, nil, nil, false
	}
	at := int(pos.Offset())
	if at > len(text) {
		at = len(text)
	}
	cands := fixCandidates(text, at)
	if envElemError(perr) {
		// nothing else applies to an element assignment before a
		// command name
		cands = nil
		if envElemAt(text, at) {
			cands = []parseRewrite{insertRewrite(at, envElemMarker)}
		} else {
			// see arrayglued.go, envcompound.go
			cands = []parseRewrite{gluedCompoundRewrite(at), envCompoundRewrite(at)}
		}
	}
	if msg := perr.Error(); strings.Contains(msg, "invalid func name") || strings.Contains(msg, "`function` must be followed by a name") {
		cands = append([]parseRewrite{funcNameRewrite(at)}, cands...) // see parsefix_funcname.go
	}
	if strings.Contains(text, "[[") && mayHoldExtGlob(text) && !mayHoldExtglobMarks(text) {
		cands = append(cands, extglobEscRewrite) // see parsefix_extglobesc.go
	}
	if strings.Contains(perr.Error(), "can only contain words and redirects") {
		cands = append([]parseRewrite{envDeclRewrite(at)}, cands...) // see parsefix_envdecl.go
	}
	if strings.Contains(perr.Error(), "statements must be separated") {
		cands = append([]parseRewrite{declRedirRewrite(at)}, cands...) // see parsefix_declredir.go
	}
	if bracketWordAt(perr, text, at) {
		// tried last: the other readings of the "[" come first
		cands = append(cands, bracketWordRewrite(at)) // see arraybracketword.go
	}
	if k := coprocCompoundAt(text, at); k >= 0 {
		// see envcompound.go
		cands = append([]parseRewrite{envCompoundRewrite(k)}, cands...)
	}
	if nestedListAt(perr, text, at) {
		cands = []parseRewrite{listElemRewrite(at)} // see arraylistelem.go
	}
	if mayHoldHdocParen(text) {
		// a here-document in a $( ) read on past its ")" line: to the
		// end of the input, or to a delimiter line further on (then the
		// $( ) is left open, or takes in the lines after it)
		if fixed, ed, f, err, ok := hdocParenTextFix(text, name); ok {
			return fixed, ed, f, err, true
		}
	}
	if stop, ok := unclosedHdocStop(perr); ok {
		cands = append([]parseRewrite{hdocEOFRewrite(stop)}, cands...)
		// <<-'<TAB>END' or <<"\\END": the error is positioned at the
		// redirection
		if k := strings.Index(text[at:], "<<"); k >= 0 {
			if rw, ok := hdocStopRewrite(text, at+k); ok {
				cands = append([]parseRewrite{rw}, cands...)
			}
		}
	}
	if hdocDelimError(perr) {
		cands = append([]parseRewrite{hdocDelimRewrite(hdocOpBefore(text, at))}, cands...)
	}
	if strings.Contains(text, "<<") {
		// first: bash reads the body as text until the command runs,
		// so no other reading of what is in it applies
		cands = append(hdocUnclosedRewrites(text, at), cands...)
	}
	if strings.IndexByte(text, '`') >= 0 {
		// after all others: a `…` bash parses only when it runs it,
		// read from the start of the statement that holds the error;
		// first when the error is a here-document left open in it
		// (ending that one at the end of the text would leave its
		// delimiter there when the `…` is rewritten)
		from, _ := parseReach(text, name)
		bq := bqErrorRewrites(text, from, at)
		if _, ok := unclosedHdocStop(perr); ok && bqEncloses(text, from, at) {
			cands = append(bq, cands...)
		} else {
			cands = append(cands, bq...)
		}
	}
	var same []sameFix
	for _, c := range cands {
		fixed, ed, ok := c(text)
		if !ok {
			continue
		}
		reached, err := parseReach(fixed, name)
		if err == nil {
			f, err := parseBash(fixed, name)
			if err == nil {
				return fixed, ed, f, nil, true
			}
			continue
		}
		pos2, incomplete2, ok := parseErrorPos(err)
		if !ok {
			continue
		}
		// further: the next error is after this one, or the statements
		// read completely now reach past it (an error about a construct
		// left open is positioned at its start), or the text is only
		// short of more input
		if unmapOffset(int(pos2.Offset()), ed) > at || unmapOffset(reached, ed) > at ||
			incomplete2 && !incomplete {
			return fixed, ed, nil, err, true
		}
		if len(same) < nested && unmapOffset(int(pos2.Offset()), ed) == at {
			same = append(same, sameFix{fixed, ed, err})
		}
	}
	// no rewrite alone gets further: one on top of another that left
	// the error where it was
	for _, sf := range same {
		fixed2, ed2, f2, err2, ok := fixParseErrorNested(sf.text, name, sf.err, 0)
		if !ok {
			continue
		}
		all := append(append([]parseEdit(nil), sf.edits...), ed2...)
		if err2 == nil {
			return fixed2, all, f2, nil, true
		}
		if pos3, incomplete3, ok := parseErrorPos(err2); ok && (unmapOffset(int(pos3.Offset()), all) > at || incomplete3 && !incomplete) {
			// further, or only short of more input (a line reader
			// reads on: the function holding the error is open)
			return fixed2, all, nil, err2, true
		}
	}
	return "", nil, nil, nil, false
}

// sameFix is a rewrite after which the parse error stays where it was.
type sameFix struct {
	text  string
	edits []parseEdit
	err   error
}

// parseErrorPos returns the position of a syntax error (of bash's syntax
// or a feature mvdan's parser knows from another shell) and whether the
// text was only incomplete.
func parseErrorPos(err error) (syntax.Pos, bool, bool) {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		return pe.Pos, pe.Incomplete, true
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		return le.Pos, false, true
	}
	return syntax.Pos{}, false, false
}

// parseReach parses text statement by statement and returns the end of
// the last top-level statement read before the first error, and that
// error.
func parseReach(text, name string) (int, error) {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
	reached := 0
	err := stmtsUntil(p, strings.NewReader(text), func(st *syntax.Stmt) bool {
		reached = int(st.End().Offset())
		return true
	})
	if err != nil {
		// mvdan's Stmts names no file in its errors; Parse does
		var pe syntax.ParseError
		var le syntax.LangError
		switch {
		case errors.As(err, &pe):
			pe.Filename = name
			err = pe
		case errors.As(err, &le):
			le.Filename = name
			err = le
		}
	}
	return reached, err
}

// parseRewrite produces a rewritten text and its insertions, or false
// when it does not apply.
type parseRewrite func(text string) (string, []parseEdit, bool)

// fixCandidates lists the rewrites worth trying for an error at offset
// at: the "((" and "let" before it on the same command, nearest first.
func fixCandidates(text string, at int) []parseRewrite {
	var out []parseRewrite
	if at < len(text) && text[at] == '=' && at > 0 && strings.IndexByte("= \t\n(", text[at-1]) >= 0 && !inDparen(text, at) {
		// mvdan's parser takes a word's leading "=" for an
		// assignment's ([0x3d]== in a list, echo =x): the run of them
		// is quoted, as writtenText shows it again
		end := at + 1
		for end < len(text) && text[end] == '=' {
			end++
		}
		out = append(out, func(text string) (string, []parseEdit, bool) { return quoteRegion(text, at, end) })
	}
	if at < len(text) && text[at] == '(' {
		out = append(out, evalAssignRewrite(at), declFuncRewrite(at), gluedCompoundRewrite(at))
	}
	if strings.HasPrefix(text[at:], "function") {
		out = append(out, funcKeywordBodyRewrite(at))
	}
	if k := loneBang(text, at); k >= 0 {
		out = append(out, func(text string) (string, []parseEdit, bool) {
			const group = "{" + negationBlank + "! " + nullWord + "; }"
			// one edit inserting all but the "!" itself, before it
			return text[:k] + group + text[k+1:], []parseEdit{{k, len(group) - 1}}, true
		})
	}
	if at < len(text) && text[at] == '!' {
		out = append(out, negationRewrite(at))
	}
	if emptyExtglobAt(text, at) >= 0 {
		out = append(out, emptyExtglobRewrite(at))
	}
	// the places before the error, nearest first, then the rest of its
	// line (mvdan may point before the construct it could not read)
	end := min(at+2, len(text))
	for i := end - 1; i >= 0 && len(out) < maxFixCandidates; i-- {
		out = append(out, rewritesAt(text, i)...)
	}
	// the rest of the line has its own budget: the constructs of the
	// lines before must not crowd out the one mvdan stopped short of
	// (foo[bar\${x}bie]=v fails at its "o")
	for i, before := end, len(out); i < len(text) && text[i] != '\n' && len(out)-before < maxFixCandidates; i++ {
		out = append(out, rewritesAt(text, i)...)
	}
	if at < len(text) {
		// last: it must not take the place of a construct tried above
		out = append(out, declNameRewrite(at), declBracketRewrite(at))
	}
	return out
}

// inDparen reports whether offset at is inside a "((" not closed
// before it: a "=" there is arithmetic bash evaluates when it runs
// ((a = = 1)), for the "((" rewrite to quote, not a compound
// assignment's word.
func inDparen(text string, at int) bool {
	i := strings.LastIndex(text[:at], "((")
	return i >= 0 && !strings.Contains(text[i:at], "))")
}

// declNameRewrite quotes the name of a declaration's argument when it is
// not a valid name (export 1abc=x, declare -- -x=1), which mvdan's parser
// rejects: bash hands the word to the builtin, which reports it, and
// the name in the quotes of quoteRegion is that same word. A name with a
// backslash (export \c=$2) is no assignment for bash's parser either:
// the word is expanded as any other (split, no tilde after "="), and the
// builtin gets c=...; the name after an empty pair of those quotes is
// that same word.
func declNameRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		end := at
		escaped := false
		for end < len(text) && strings.IndexByte("=+[ \t\n;&|()<>\"'$`\\", text[end]) < 0 ||
			end+1 < len(text) && text[end] == '\\' && text[end+1] != '\n' ||
			end < len(text) && text[end] == '+' && !strings.HasPrefix(text[end:], "+=") {
			// (a "+" not before "=" is part of the name: +v=1)
			if text[end] == '\\' {
				escaped = true
				end++
			}
			end++
		}
		if end == at || !strings.HasPrefix(text[end:], "=") && !strings.HasPrefix(text[end:], "+=") {
			return "", nil, false
		}
		name := text[at:end]
		// synthQuote: declare -f shows the word as written (writtenText)
		if escaped {
			return text[:at] + synthQuote + `"` + text[at:], []parseEdit{{at, len(synthQuote) + 1}}, true
		}
		if validName(name) {
			return "", nil, false
		}
		return quoteRegion(text, at, end)
	}
}

// rewritesAt lists the rewrites of a construct starting at offset i.
func rewritesAt(text string, i int) []parseRewrite {
	switch {
	case i+1 < len(text) && text[i] == '(' && text[i+1] == '(':
		if i > 0 && text[i-1] == '(' {
			return nil // the inner pair of "(((" is tried on its own
		}
		return []parseRewrite{dparenRewrite(i)}
	case strings.HasPrefix(text[i:], "${!-"):
		// $! with "-": mvdan reads ${!-…} as indirection through $-;
		// $! is never set and empty, so ":-" means the same; the mark
		// before it says it was "-" (writtenMarkers)
		return []parseRewrite{bangDashRewrite(i), badSubstRewrite(i)}
	case text[i] == '$' && i+1 < len(text) && text[i+1] == '{':
		return []parseRewrite{badSubstRewrite(i), sliceRewrite(i), toggleCaseRewrite(i), argcRewrite(i)}
	case text[i] == '[' && i > 0 && (isNameChar(text[i-1]) || text[i-1] == '$'):
		return []parseRewrite{subscriptRewrite(i, false)}
	case text[i] == '[' && i > 0 && strings.IndexByte("( \t\n", text[i-1]) >= 0:
		return []parseRewrite{appendElemRewrite(i), subscriptRewrite(i, true)}
	case text[i] == '(' && i > 0 && text[i-1] == '=':
		// mvdan may stop inside an argument of let that is a compound
		// assignment (let a=1 b=( 4 ) fails at its "4")
		return []parseRewrite{evalAssignRewrite(i)}
	case timeIgnAt(text, i):
		return []parseRewrite{timeIgnRewrite(i)} // see parsefix_timeign.go
	case strings.HasPrefix(text[i:], "let") && isCmdStart(text, i):
		if i+3 == len(text) || strings.IndexByte(" \t\n;&|)", text[i+3]) >= 0 {
			return []parseRewrite{func(text string) (string, []parseEdit, bool) {
				return quoteRegion(text, i, i+len("let"))
			}}
		}
	}
	return nil
}

// negationRewrite puts in a group the pipeline negated by the "!" at
// offset at when it follows "time" (or "time -p", "time --"), or by the
// next "!" when there are two.
func negationRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		k := at + 1
		for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
			k++
		}
		switch {
		case k < len(text) && text[k] == '!':
			// bash toggles the inversion: two cancel out
			return text[:at] + " " + text[at+1:k] + " " + text[k+1:], nil, true
		case afterTimespec(text, at):
			k = at
		default:
			return "", nil, false
		}
		// the pipeline after the "!"s: up to its end, not through && or ||
		from := k
		for from < len(text) && strings.IndexByte("! \t", text[from]) >= 0 {
			from++
		}
		end := pipelineEnd(text[from:])
		if end <= 0 {
			return "", nil, false
		}
		end += from
		// the blank after the "{" is negationBlank: the printer shows
		// the "!" where it was written
		out := text[:k] + "{" + negationBlank + text[k:end] + "; }" + text[end:]
		return out, []parseEdit{{k, 2}, {end + 2, 3}}, true
	}
}

// afterTimespec reports whether offset i follows bash's timespec:
// "time", then maybe "-p", then maybe "--".
func afterTimespec(text string, i int) bool {
	for _, opt := range []string{"--", "-p"} {
		k := i
		// (timeIgnMark: "--" made "-p")
		for k > 0 && (text[k-1] == ' ' || text[k-1] == '\t' || text[k-1] == timeIgnMark[0]) {
			k--
		}
		if k > len(opt) && text[k-len(opt):k] == opt && (text[k-len(opt)-1] == ' ' || text[k-len(opt)-1] == '\t') {
			i = k - len(opt)
		}
	}
	return afterWord(text, i, "time")
}

// negationBlank follows the "{" of the groups negationRewrite and the
// rewrite of a lone "!" make: the printer shows the "!" where it was
// written, without the group (printer_time.go).
const negationBlank = "\r"

// nullWord is the command of the lone "!"'s group: it expands to nothing.
const nullWord = "${-+}"

// afterWord reports whether the word w comes just before offset i (blanks
// between).
func afterWord(text string, i int, w string) bool {
	for i > 0 && (text[i-1] == ' ' || text[i-1] == '\t') {
		i--
	}
	return i >= len(w) && text[i-len(w):i] == w && isCmdStart(text, i-len(w))
}

// pipelineEnd returns the length of the pipeline text starts with, or 0
// when it does not parse.
func pipelineEnd(text string) int {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
	var first *syntax.Stmt
	err := stmtsUntil(p, strings.NewReader(text), func(st *syntax.Stmt) bool {
		first = st
		return false
	})
	var perr syntax.ParseError
	if first == nil && errors.As(err, &perr) && perr.Pos.Offset() > 0 && int(perr.Pos.Offset()) < len(text) {
		// the pipeline ends a $( ) or ( ): what comes before the ")"
		// mvdan stopped at
		return pipelineEnd(text[:perr.Pos.Offset()])
	}
	if first == nil || first.Background || first.Coprocess {
		return 0
	}
	var n syntax.Node = first
	for {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			break
		}
		b, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || b.Op != syntax.AndStmt && b.Op != syntax.OrStmt || len(st.Redirs) > 0 || st.Negated {
			break
		}
		n = b.X
	}
	if st, ok := n.(*syntax.Stmt); ok && st.Semicolon.IsValid() {
		return int(st.Semicolon.Offset()) // the ";" ends the statement, not the pipeline
	}
	return int(n.End().Offset())
}

// loneBang returns the offset of a "!" that negates nothing, the last of
// the run of "!" and blanks at offset at, or -1.
func loneBang(text string, at int) int {
	if pipedInto(text, at) {
		return -1 // a pipeline's stage may be negated, never empty
	}
	k := -1
	for i := at; i < len(text); i++ {
		switch text[i] {
		case '!':
			if !isCmdStart(text, i) {
				return -1
			}
			k = i
			continue
		case ' ', '\t':
			continue
		case ';':
			if i+1 < len(text) && (text[i+1] == ';' || text[i+1] == '&') {
				return -1 // ";;" or ";&" ends a case item, not the pipeline
			}
			return k
		case '#':
			if text[i-1] == ' ' || text[i-1] == '\t' {
				return k // a comment: the newline after it ends the pipeline
			}
		case '\n', '}':
			return k
		}
		return -1
	}
	return k
}

// pipedInto reports whether offset at follows a "|" or "|&" (blanks
// between), as the start of a pipeline's later stage.
func pipedInto(text string, at int) bool {
	i := at - 1
	for i >= 0 && (text[i] == ' ' || text[i] == '\t') {
		i--
	}
	if i >= 0 && text[i] == '&' {
		i--
		return i >= 0 && text[i] == '|'
	}
	return i >= 0 && text[i] == '|' && (i == 0 || text[i-1] != '|')
}

// isCmdStart reports whether offset i may start a command word.
func isCmdStart(text string, i int) bool {
	if i == 0 {
		return true
	}
	return strings.IndexByte(" \t\n;&|(){}", text[i-1]) >= 0
}

// bangDashMark goes before a ${!-…} that bangDashRewrite made ${!:-…}.
const bangDashMark = "${__nash_bang_dash-}"

// bangDashRewrite makes the ${!-…} at offset at ${!:-…}, marked.
func bangDashRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		out := text[:at] + bangDashMark + text[at:at+3] + ":" + text[at+3:]
		return out, []parseEdit{{at, len(bangDashMark)}, {at + len(bangDashMark) + 3, 1}}, true
	}
}

// insertRewrite inserts s at offset at.
func insertRewrite(at int, s string) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		return text[:at] + s + text[at:], []parseEdit{{at, len(s)}}, true
	}
}

// dparenRewrite applies bash's reading of the "((" at offset i: when the
// text after it up to the ")" matching the second "(" is followed by
// ")", it is arithmetic, and is quoted so that it parses whatever it
// holds; otherwise the two parentheses are two, "( (" or "$( (".
func dparenRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		j := matchParen(text, i+1)
		if j < 0 || j+1 >= len(text) || text[j+1] != ')' {
			return text[:i+1] + dparenBlank + text[i+1:], []parseEdit{{i + 1, 1}}, true
		}
		if !afterFor(text, i) {
			return quoteArith(text, i+2, j)
		}
		// for (( init; cond; step )): each part on its own
		var parts [][2]int
		from := i + 2
		for k := from; k <= j; k++ {
			switch {
			case k == j || text[k] == ';':
				if strings.TrimLeft(text[from:k], " \t\n") != "" {
					parts = append(parts, [2]int{from, k})
				}
				from = k + 1
			case text[k] == '(' && text[k-1] == '$':
				// as bash's skip_to_delim: a $( ) or $(( )) is read
				// whole, but a ";" between plain parentheses is a
				// delimiter too, for ((i=0; (i<1;2); i++)) four parts
				k = matchParen(text, k)
			case text[k] == '{' && text[k-1] == '$':
				k = matchPair(text, k, '{', '}', false)
			case text[k] == '\'' || text[k] == '"' || text[k] == '`':
				k = skipQuoted(text, k)
			}
			if k < 0 {
				return "", nil, false
			}
		}
		var edits []parseEdit
		for p := len(parts) - 1; p >= 0; p-- {
			// from the right, so that each part's insertions are at
			// offsets of the text before them
			var ed []parseEdit
			var ok bool
			if text, ed, ok = quoteArith(text, parts[p][0], parts[p][1]); !ok {
				return "", nil, false
			}
			edits = append(edits, ed...)
		}
		return text, edits, true
	}
}

// dparenBlank is the blank dparenRewrite puts between
// the two parentheses of a "((" that is not arithmetic: a carriage
// return, which the lexer takes for a blank and no program text holds
// (encodeRawBytes turns a written one into a raw rune), so that the text
// as written, "$((…) …)", can be shown again (withoutDparenBlanks) and is
// known as one bash keeps unprinted (writtenAsParen).
const dparenBlank = "\r"

// withoutDparenBlanks is s, a piece of a rewritten program, without the
// blanks dparenRewrite added (and timeIgnRewrite's marks, which are
// such blanks too). Only one right after a "(" is such a blank:
// s may already hold the script's own carriage returns, raw bytes mapped
// back or made by $'\r', which declare -f and messages show as they are.
func withoutDparenBlanks(s string) string {
	if !strings.Contains(s, dparenBlank) {
		return s
	}
	return writtenTimeIgn(strings.ReplaceAll(s, "("+dparenBlank, "("))
}

// afterFor reports whether the "((" at offset i follows the word for.
func afterFor(text string, i int) bool {
	k := i
	for k > 0 && (text[k-1] == ' ' || text[k-1] == '\t') {
		k--
	}
	return k >= 3 && text[k-3:k] == "for" && isCmdStart(text, k-3)
}

// appendElemName is the parameter marking an element written [k]+=v.
const appendElemName = "__nash_append_elem"

// appendElemRewrite turns the element [k]+=v whose "[" is at offset i
// into [k]=${__nash_append_elem+=}v.
func appendElemRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		j := matchBracket(text, i)
		if j < 0 || !strings.HasPrefix(text[j+1:], "+=") {
			return "", nil, false
		}
		pre := "=${" + appendElemName
		out := text[:j+1] + pre + "+=}" + text[j+3:]
		return out, []parseEdit{{j + 1, len(pre)}, {j + 3 + len(pre), 1}}, true
	}
}

// appendElemValue returns the value word of a compound assignment's
// element and whether it was written [k]+=v (see appendElemRewrite).
func appendElemValue(el *syntax.ArrayElem) (*syntax.Word, bool) {
	w := el.Value
	if w == nil || len(w.Parts) == 0 {
		return w, false
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Param.Value != appendElemName || pe.Exp == nil || pe.Exp.Op != syntax.AlternateUnset {
		return w, false
	}
	return &syntax.Word{Parts: w.Parts[1:]}, true
}

// subscriptRewrite quotes the text of the subscript whose "[" is at
// offset i, up to its matching "]". An element of a compound assignment
// (elem) must be followed by "=" or "+=".
func subscriptRewrite(i int, elem bool) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		j := matchBracket(text, i)
		if j < 0 {
			return "", nil, false
		}
		if !elem && text[i-1] == '$' && !oddTrailingBackslashes(text[:i-1]) {
			// $[ ]: arithmetic, its text read to the matching "]"
			// whatever it holds, as for $(( ))
			return quoteArith(text, i+1, j)
		}
		assign := strings.HasPrefix(text[j+1:], "=") || strings.HasPrefix(text[j+1:], "+=")
		if elem && !assign {
			return "", nil, false
		}
		if !assign && !inParamExp(text, i) && strings.ContainsAny(text[i+1:j], "()") {
			// outside an assignment and ${ }, a[…] is a glob in a word,
			// where bash's lexer ends the word at the parenthesis: a
			// syntax error (echo a[(b)], $x[(1)])
			return "", nil, false
		}
		return quoteRegion(text, i+1, j)
	}
}

// inParamExp reports whether the name before the "[" at offset i opens a
// parameter expansion: ${a[…]}, ${#a[…]} or ${!a[…]}.
func inParamExp(text string, i int) bool {
	k := i
	for k > 0 && isNameChar(text[k-1]) {
		k--
	}
	if k > 0 && (text[k-1] == '#' || text[k-1] == '!') {
		k--
	}
	return k >= 2 && text[k-2:k] == "${"
}

// quoteRegion wraps text[from:to] in double quotes, unless it holds
// characters that would mean something else between them.
// The quotes open with an expansion to nothing, synthQuote, which nobody
// writes, so that the text can be shown as written (writtenText).
func quoteRegion(text string, from, to int) (string, []parseEdit, bool) {
	body := text[from:to]
	for k := 0; k < len(body); k++ {
		switch body[k] {
		case '"':
			return "", nil, false
		case '\\':
			// between double quotes a backslash still quotes these, and
			// only these, as it does unquoted
			if k+1 == len(body) || strings.IndexByte("$`\"\\\n", body[k+1]) < 0 {
				return "", nil, false
			}
			k++
		}
	}
	return text[:from] + synthQuote + body + `"` + text[to:], []parseEdit{{from, len(synthQuote)}, {to + len(synthQuote), 1}}, true
}

// synthQuote opens the double quotes quoteRegion adds. Their text starts
// with the expansion of an unset name (to nothing, even under set -u) so
// that writtenText finds only them: quotes as such, `"""` say, are also
// written by scripts ("""$(cmd)", '"""doc'), whose text must be shown as
// it is.
const synthQuote = `"${__nash_quote-}`

// writtenText is s, a piece of a rewritten program, as written: for
// traces, messages and $BASH_COMMAND.
func writtenText(s string) string { return writtenMarkers(withoutDparenBlanks(s)) }

// withoutSynthQuotes removes from s the quotes quoteRegion added.
func withoutSynthQuotes(s string) string {
	for {
		i := strings.Index(s, synthQuote)
		if i < 0 {
			return s
		}
		j := i + len(synthQuote)
		for j < len(s) && s[j] != '"' {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(s) {
			return s
		}
		s = s[:i] + s[i+len(synthQuote):j] + s[j+1:]
	}
}

// unquoteRewrite undoes, in s, each rewrite that wrapped text as written
// in single quotes between the markers pre and post: it becomes the text
// again, between left and right.
func unquoteRewrite(s, pre, post, left, right string) string {
	for {
		i := strings.Index(s, pre)
		if i < 0 {
			return s
		}
		j := strings.Index(s[i+len(pre):], post)
		if j < 0 {
			return s
		}
		j += i + len(pre)
		s = s[:i] + left + strings.ReplaceAll(s[i+len(pre):j], `'\''`, "'") + right + s[j+len(post):]
	}
}

// writtenMarkers removes from s the markers of rewritten constructs,
// names nobody writes, and the quotes of quoteRegion, which open with
// one, giving the text as written.
func writtenMarkers(s string) string {
	if !strings.Contains(s, "__nash_") {
		return s
	}
	if strings.Contains(s, badSubstName) {
		s = writtenBadSubst(s)
	}
	if strings.Contains(s, appendElemName) {
		s = strings.ReplaceAll(s, "=${"+appendElemName+"+=}", "+=")
	}
	if strings.Contains(s, envElemName) {
		s = strings.ReplaceAll(s, envElemMarker, "")
	}
	if strings.Contains(s, bracketWordName) {
		s = writtenBracketWords(s)
	}
	if strings.Contains(s, funcNameMark) {
		s = writtenFuncNames(s)
	}
	if mayHoldExtglobMarks(s) {
		s = writtenExtglobMarks(s)
	}
	if strings.Contains(s, emptyExtglob) {
		s = writtenEmptyExtglob(s)
	}
	if strings.Contains(s, toggleCaseMark) {
		s = writtenToggleCase(s)
	}
	if strings.Contains(s, "__nash_hdoc_") {
		s = strings.ReplaceAll(strings.ReplaceAll(s, hdocDelimMark, ""), hdocUnquotedMark, "")
	}
	if strings.Contains(s, bqErrorName) {
		s = writtenBqError(s)
	}
	if strings.Contains(s, listElemMark) {
		s = strings.ReplaceAll(s, listElemMark, "")
	}
	if strings.Contains(s, bangDashMark) {
		s = strings.ReplaceAll(s, bangDashMark+"${!:-", "${!-")
	}
	if strings.Contains(s, argcName) {
		s = strings.ReplaceAll(s, "${"+argcName, "${#")
	}
	if strings.Contains(s, blanksName) {
		s = writtenBlanks(s)
	}
	if strings.Contains(s, synthQuote) {
		// last: other markers' text may hold one
		s = withoutSynthQuotes(s)
	}
	return s
}

// matchBracket returns the offset of the "]" matching the "[" at offset
// open (nested brackets and quoted text skipped), or -1; a subscript
// does not span lines.
func matchBracket(text string, open int) int { return matchPair(text, open, '[', ']', true) }

// matchParen returns the offset of the ")" matching the "(" at offset
// open, skipping quoted text and escaped characters as bash's
// parse_matched_pair does, or -1 when the text ends first.
func matchParen(text string, open int) int { return matchPair(text, open, '(', ')', false) }

// matchPair returns the offset of the closing byte matching the opening
// one at offset open, skipping nested pairs, quoted text and escaped
// characters, or -1 when the text (or, with oneLine, the line) ends
// first.
func matchPair(text string, open int, opening, closing byte, oneLine bool) int {
	depth := 0
	for k := open; k < len(text); k++ {
		switch c := text[k]; {
		case c == '\\':
			k++
		case c == '$' && k+1 < len(text) && text[k+1] == '\'':
			// $'…', where a backslash escapes the quote
			if k = dollarQuoteEnd(text, k+1) - 1; k < 0 {
				return -1
			}
		case c == '\'' || c == '"' || c == '`':
			if k = skipQuoted(text, k); k < 0 {
				return -1
			}
		case c == '\n' && oneLine:
			return -1
		case c == opening:
			depth++
		case c == closing:
			depth--
			if depth == 0 {
				return k
			}
		}
	}
	return -1
}

// skipQuoted returns the offset of the quote closing the one at offset
// k, or -1. Inside double quotes, ${…}, $(…) and `…` are skipped whole,
// as bash's parse_matched_pair does: "${a/#/"x '"}" is one string.
func skipQuoted(text string, k int) int {
	q := text[k]
	if q == '\'' {
		return closingQuote(text, k)
	}
	for k++; k < len(text) && text[k] != q; k++ {
		switch c := text[k]; {
		case c == '\\':
			k++
		case q != '"':
		case c == '$' && k+1 < len(text) && (text[k+1] == '{' || text[k+1] == '('):
			open, closing := text[k+1], byte(')')
			if open == '{' {
				closing = '}'
			}
			// unmatched, it is read as plain text
			if e := matchPair(text, k+1, open, closing, false); e > 0 {
				k = e
			}
		case c == '`':
			if e := skipQuoted(text, k); e > 0 {
				k = e
			}
		}
	}
	if k >= len(text) {
		return -1
	}
	return k
}

// unmapOffset turns an offset of the rewritten text into the offset of
// the same byte in the text before the edits (edits are in the order
// they were made, each relative to the text before it).
func unmapOffset(off int, edits []parseEdit) int {
	for k := len(edits) - 1; k >= 0; k-- {
		e := edits[k]
		switch {
		case off >= e.at+e.n:
			off -= e.n
		case off > e.at:
			off = e.at
		}
	}
	return off
}

// unmapParseError positions a parse error of the rewritten text in the
// original src, so it is reported against what the user wrote.
func unmapParseError(err error, edits []parseEdit, src string) error {
	if len(edits) == 0 {
		return err
	}
	unmap := func(p syntax.Pos) syntax.Pos {
		off := min(unmapOffset(int(p.Offset()), edits), len(src))
		line := 1 + strings.Count(src[:off], "\n")
		col := off - strings.LastIndexByte(src[:off], '\n')
		return syntax.NewPos(uint(off), uint(line), uint(col))
	}
	var pe syntax.ParseError
	var le syntax.LangError
	switch {
	case errors.As(err, &pe):
		pe.Pos = unmap(pe.Pos)
		return pe
	case errors.As(err, &le):
		le.Pos = unmap(le.Pos)
		return le
	}
	return err
}
