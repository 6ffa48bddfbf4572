package interp

import (
	"reflect"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Inside $( ), bash ends a here-document at a line that starts with its
// delimiter and holds a ")" after it, warns that the document was
// delimited by end-of-file, and reads the rest of the line, from the
// ")", as more of the command substitution (make_here_document's
// "backwards compatibility": x=$(cat <<EOF ... EOF)). mvdan's parser
// reads on to a line that is the delimiter alone, or to the end of the
// input. hdocParenFix breaks the line after the delimiter and puts a
// mark line there, "#\x00here-document-paren" (a comment to the parser;
// no script holds a NUL). The two lines added are taken out of the
// positions of what follows (fixInsertedLines), so that line numbers are
// those of the text as written, and the runner finds the mark to warn
// (warnHdocParen).
const hdocParenMark = "#\x00here-document-paren\n"

// hdocParenInsert is what hdocParenFix inserts after the delimiter.
const hdocParenInsert = "\n" + hdocParenMark

// mayHoldHdocParen reports whether text may hold a here-document in a
// command substitution: only then are the statements searched.
func mayHoldHdocParen(text string) bool {
	return strings.Contains(text, "<<") && strings.Contains(text, "$(")
}

// hdocParenFix finds in stmts the first here-document inside a $( ) whose
// body holds a line that ends it as bash reads it, and returns text with
// that line broken after the delimiter.
func hdocParenFix(stmts []*syntax.Stmt, text string) (string, []parseEdit, bool) {
	at := -1
	substHdocs(stmts, func(rd *syntax.Redirect, _ *syntax.CmdSubst) bool {
		at = hdocParenLine(text, rd)
		return at >= 0
	})
	if at < 0 {
		return "", nil, false
	}
	return text[:at] + hdocParenInsert + text[at:], []parseEdit{{at, len(hdocParenInsert)}}, true
}

// substHdocs calls fn for each here-document redirect inside a $( ) of
// stmts, with the outermost $( ) holding it, in source order, until fn
// returns true; it reports whether fn did. Both the fix and its check
// walk the same nodes this way. A document with an empty body has no
// Hdoc node.
func substHdocs(stmts []*syntax.Stmt, fn func(*syntax.Redirect, *syntax.CmdSubst) bool) bool {
	done := false
	var visit func(n syntax.Node, cs *syntax.CmdSubst)
	visit = func(n syntax.Node, cs *syntax.CmdSubst) {
		walk(n, func(n syntax.Node) bool {
			if done {
				return false
			}
			switch n := n.(type) {
			case *syntax.CmdSubst:
				if cs == nil && !n.Backquotes {
					for _, st := range n.Stmts {
						visit(st, n)
					}
					return false
				}
			case *syntax.Redirect:
				if cs != nil && (n.Op == syntax.Hdoc || n.Op == syntax.DashHdoc) {
					done = fn(n, cs)
				}
			}
			return !done
		})
	}
	for _, st := range stmts {
		if visit(st, nil); done {
			break
		}
	}
	return done
}

// hdocParenLine returns the offset just after the delimiter on the first
// line of rd's body that starts with the delimiter (after tabs, for <<-)
// and holds a ")" after it, or -1.
func hdocParenLine(text string, rd *syntax.Redirect) int {
	if rd.Hdoc == nil {
		return -1 // an empty body: no line in it can end it
	}
	start, end := int(rd.Hdoc.Pos().Offset()), int(rd.Hdoc.End().Offset())
	if end > len(text) || start > end {
		return -1
	}
	delim := hdocDelim(rd.Word)
	if delim == "" {
		return -1
	}
	for start > 0 && text[start-1] != '\n' {
		start--
	}
	for i := start; i < end; {
		j := strings.IndexByte(text[i:end], '\n')
		if j < 0 {
			j = end - i
		}
		line := text[i : i+j]
		k := i
		if rd.Op == syntax.DashHdoc {
			for k < i+j && text[k] == '\t' {
				k++
			}
			line = text[k : i+j]
		}
		if rest, ok := strings.CutPrefix(line, delim); ok && rest != "" && strings.Contains(rest, ")") {
			return k + len(delim)
		}
		i += j + 1
	}
	return -1
}

// hdocParenTextFix is hdocParenFix for a statement that did not parse
// because a here-document in a $( ) read on past its ")" line (its body
// reached the end of the input, ended the body of another one, or ended
// at a later delimiter line, leaving the $( ) open or taking the lines
// after it into the $( ) until they fail to parse): the here-document
// operators after the statements that parsed are read from the text, and
// for each the first line that would end it as bash reads it; the first
// such line that is a ")" line is broken, and the break is kept when the
// statement then parses and that here-document is in a $( ). When one
// statement holds several such here-documents, no single break lets it
// parse: each candidate is also tried on top of the breaks before it, and
// kept when the statement then parses with every break in a $( ).
func hdocParenTextFix(text, name string) (string, []parseEdit, *syntax.File, error, bool) {
	reached, _ := parseReach(text, name)
	tries := 0
	acc, shift := text, 0 // text with the breaks so far, and their length
	var accAt []int
	for i := reached; i < len(text) && tries < maxFixCandidates; {
		k := strings.Index(text[i:], "<<")
		if k < 0 {
			break
		}
		op := i + k
		if strings.HasPrefix(text[op:], "<<<") {
			i = op + 3
			continue
		}
		i = op + 2
		delim, dash, ok := hdocWordAt(text, op)
		if !ok {
			continue
		}
		at, paren := hdocEndLine(text, op, delim, dash)
		if !paren {
			continue
		}
		tries++
		fixed := text[:at] + hdocParenInsert + text[at:]
		f, err := parseBash(fixed, name)
		if hdocParenMarked(parseStmtsBefore(f, err, fixed, name), fixed, at) {
			return fixed, []parseEdit{{at, len(hdocParenInsert)}}, f, err, true
		}
		acc = acc[:at+shift] + hdocParenInsert + acc[at+shift:]
		accAt = append(accAt, at+shift)
		shift += len(hdocParenInsert)
		if len(accAt) == 1 {
			continue // that is fixed, tried above
		}
		f, err = parseBash(acc, name)
		stmts := parseStmtsBefore(f, err, acc, name)
		all := true
		for _, a := range accAt {
			all = all && hdocParenMarked(stmts, acc, a)
		}
		if all {
			edits := make([]parseEdit, len(accAt))
			for j, a := range accAt {
				edits[j] = parseEdit{a, len(hdocParenInsert)}
			}
			return acc, edits, f, err, true
		}
	}
	return "", nil, nil, nil, false
}

// hdocWordAt reads the delimiter of the here-document operator at offset
// op of text, after quote removal, and whether the operator is "<<-".
func hdocWordAt(text string, op int) (string, bool, bool) {
	i := op + 2
	dash := i < len(text) && text[i] == '-'
	if dash {
		i++
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	var sb strings.Builder
	var quote byte
	for ; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				sb.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\' && i+1 < len(text):
			i++
			sb.WriteByte(text[i])
		case strings.IndexByte(" \t\n;&|<>()", c) >= 0:
			return sb.String(), dash, sb.Len() > 0
		default:
			sb.WriteByte(c)
		}
	}
	return "", false, false
}

// hdocEndLine finds the line after the operator at op that ends a
// here-document delimited by delim as bash reads it in a $( ): it
// returns the offset after the delimiter and true when that line goes on
// with a ")", false when it is the delimiter alone or there is none.
func hdocEndLine(text string, op int, delim string, dash bool) (int, bool) {
	nl := strings.IndexByte(text[op:], '\n')
	if nl < 0 {
		return 0, false
	}
	for i := op + nl + 1; i < len(text); {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			j = len(text) - i
		}
		k := i
		for dash && k < i+j && text[k] == '\t' {
			k++
		}
		line := text[k : i+j]
		if line == delim {
			return 0, false
		}
		if rest, ok := strings.CutPrefix(line, delim); ok && strings.Contains(rest, ")") {
			return k + len(delim), true
		}
		i += j + 1
	}
	return 0, false
}

// hdocParenMarked reports whether the here-document whose delimiter ends
// at offset at, followed by the mark, is in a $( ) of stmts.
func hdocParenMarked(stmts []*syntax.Stmt, text string, at int) bool {
	return substHdocs(stmts, func(rd *syntax.Redirect, cs *syntax.CmdSubst) bool {
		return hdocParenEnd(text, rd, cs) == at
	})
}

// hdocParenEnd returns the offset of the mark that ends rd, a
// here-document in the $( ) cs, when hdocParenFix ended it, else -1. The
// mark follows its delimiter: the end of the body node, or for an empty
// body (no node), the first mark after the operator and before the end
// of cs that follows a delimiter line.
func hdocParenEnd(text string, rd *syntax.Redirect, cs *syntax.CmdSubst) int {
	if rd.Op != syntax.Hdoc && rd.Op != syntax.DashHdoc {
		return -1
	}
	if rd.Hdoc != nil {
		i := int(rd.Hdoc.End().Offset())
		if i <= len(text) && strings.HasPrefix(text[i:], hdocParenInsert) {
			return i
		}
		return -1
	}
	if rd.Word == nil || cs == nil {
		return -1
	}
	from, limit := int(rd.Word.End().Offset()), min(int(cs.Right.Offset()), len(text))
	if from >= limit {
		return -1
	}
	k := strings.Index(text[from:limit], hdocParenInsert)
	if k < 0 {
		return -1
	}
	at := from + k
	line := text[strings.LastIndexByte(text[:at], '\n')+1 : at]
	if rd.Op == syntax.DashHdoc {
		line = strings.TrimLeft(line, "\t")
	}
	if line != hdocDelim(rd.Word) {
		return -1
	}
	return at
}

// hdocParenEnded reports whether rd, a here-document with a body, is one
// that hdocParenFix ended: the mark follows its delimiter.
func hdocParenEnded(text string, rd *syntax.Redirect) bool {
	return rd.Hdoc != nil && hdocParenEnd(text, rd, nil) >= 0
}

// fixInsertedLines takes the lines hdocParenFix added out of the
// positions in f that come after them.
func fixInsertedLines(f *syntax.File, text string) {
	var offs []int
	for i := 0; ; {
		k := strings.Index(text[i:], hdocParenInsert)
		if k < 0 {
			break
		}
		for j := range strings.Count(hdocParenInsert, "\n") {
			offs = append(offs, i+k+j)
		}
		i += k + len(hdocParenInsert)
	}
	if len(offs) > 0 {
		shiftLines(f, offs)
	}
}

// shiftLines takes out of each position in f one line for each newline
// offset in nls (newlines of the text that the script did not have)
// before it.
func shiftLines(f *syntax.File, nls []int) {
	mapPositions(f, func(p syntax.Pos) syntax.Pos {
		if n := countBelow(nls, int(p.Offset())); n > 0 && uint(n) < p.Line() {
			return syntax.NewPos(p.Offset(), p.Line()-uint(n), p.Col())
		}
		return p
	})
}

// mapPositions replaces each valid position held in the tree under node
// by what fn makes of it.
func mapPositions(node syntax.Node, fn func(syntax.Pos) syntax.Pos) {
	posType := reflect.TypeFor[syntax.Pos]()
	var fix func(v reflect.Value)
	fix = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer, reflect.Interface:
			if !v.IsNil() {
				fix(v.Elem())
			}
		case reflect.Slice:
			for i := range v.Len() {
				fix(v.Index(i))
			}
		case reflect.Struct:
			if v.Type() == posType {
				if p := v.Interface().(syntax.Pos); p.IsValid() && v.CanSet() {
					v.Set(reflect.ValueOf(fn(p)))
				}
				return
			}
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					fix(v.Field(i))
				}
			}
		}
	}
	fix(reflect.ValueOf(node))
}

// warnHdocParen writes, before the group g runs, bash's warnings about
// the here-documents of its command substitutions: one a ")" line ended
// (hdocParenFix), and the count of those whose body was still to come
// when the $( ) closed (bash reads them from the lines after it).
func (r *Runner) warnHdocParen(g []*syntax.Stmt) {
	if !r.srcHasHdocParen() {
		return
	}
	for _, st := range g {
		walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				r.warnEmptyHdocParen(n)
				if k := hdocsAfterSubst(n); k > 0 {
					s := "s"
					if k == 1 {
						s = ""
					}
					r.writeErrLine(r.errName() + r.lineSep() + itoa(int64(int(n.Right.Line())+r.lineOff)) +
						": warning: command substitution: " + itoa(int64(k)) + " unterminated here-document" + s)
				}
			case *syntax.Redirect:
				if hdocParenEnded(r.curSrc, n) {
					r.warnHdoc(int(n.Hdoc.End().Line())+r.lineOff, int(n.Hdoc.Pos().Line())-1+r.lineOff, hdocDelim(n.Word))
				}
			}
			return true
		})
	}
}

// warnEmptyHdocParen is warnHdocParen for a here-document of cs (not of
// a $( ) in it) with an empty body that hdocParenFix ended: with no body
// node, its delimiter line is found from the mark. The line numbers are
// those of the script: each mark before it added two lines.
func (r *Runner) warnEmptyHdocParen(cs *syntax.CmdSubst) {
	text := r.curSrc
	substRedirs(cs, func(rd *syntax.Redirect) {
		if rd.Hdoc != nil {
			return
		}
		if at := hdocParenEnd(text, rd, cs); at >= 0 {
			line := strings.Count(text[:at], "\n") + 1 -
				strings.Count(hdocParenInsert, "\n")*strings.Count(text[:at], hdocParenInsert)
			r.warnHdoc(line+r.lineOff, line-1+r.lineOff, hdocDelim(rd.Word))
		}
	})
}

// substRedirs calls fn for each redirection of cs's own commands (not of
// a $( ) in them); none for `…`, whose text bash reads when it runs it.
func substRedirs(cs *syntax.CmdSubst, fn func(*syntax.Redirect)) {
	if cs.Backquotes {
		return
	}
	for _, st := range cs.Stmts {
		walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst:
				return false
			case *syntax.Redirect:
				fn(n)
			}
			return true
		})
	}
}

// hdocsAfterSubst counts the here-documents of cs (not of a $( ) in it)
// whose body starts after its closing parenthesis.
func hdocsAfterSubst(cs *syntax.CmdSubst) int {
	k := 0
	substRedirs(cs, func(rd *syntax.Redirect) {
		if rd.Op != syntax.Hdoc && rd.Op != syntax.DashHdoc {
			return
		}
		if rd.Hdoc != nil && rd.Hdoc.Pos().Offset() > cs.Right.Offset() ||
			rd.Hdoc == nil && rd.Pos().Line() == cs.Right.Line() {
			k++
		}
	})
	return k
}

// srcHasHdocParen reports whether the running text may hold what
// warnHdocParen warns about: hdocParenMark, or a here-document and a
// $( ). It looks at each text once.
func (r *Runner) srcHasHdocParen() bool {
	if !sameString(r.hdocParenSrc, r.curSrc) {
		r.hdocParenSrc = r.curSrc
		r.hdocParenHas = strings.Contains(r.curSrc, hdocParenMark) || mayHoldHdocParen(r.curSrc)
	}
	return r.hdocParenHas
}
