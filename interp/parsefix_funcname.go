package interp

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// bash's grammar takes any word as a function's name ("function 'a b'
// { …; }", "'x.y'() …", "function $x …"); the definition fails when it
// runs (execute_intern_function): a word with quotes or a "$" is "not a
// valid identifier", status 1, fatal to a POSIX shell. mvdan's parser
// takes only a literal word and rejects the rest. funcNameRewrite makes
// such a name literal: funcNameMark before it and a backslash before each
// of its characters, which writtenFuncName undoes.

// funcNameMark starts a function name funcNameRewrite escaped.
const funcNameMark = "__nash_fname_"

// funcNameRewrite escapes the name of the function definition at offset
// at: after the keyword when text[at:] starts with "function", else the
// word at at, which must be followed by "(".
func funcNameRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		start := at
		if strings.HasPrefix(text[at:], "function") {
			if !isCmdStart(text, at) {
				return "", nil, false
			}
			start = skipBlanks(text, at+len("function"))
			if start == at+len("function") {
				return "", nil, false
			}
		} else if !isCmdStart(text, at) {
			return "", nil, false
		}
		end, ok := funcNameEnd(text, start)
		if !ok || end == start || strings.HasPrefix(text[start:], funcNameMark) {
			return "", nil, false
		}
		if start == at && !strings.HasPrefix(text[skipBlanks(text, end):], "(") {
			return "", nil, false
		}
		var sb strings.Builder
		sb.WriteString(text[:start])
		sb.WriteString(funcNameMark)
		edits := []parseEdit{{start, len(funcNameMark)}}
		for i := start; i < end; {
			_, n := utf8.DecodeRuneInString(text[i:])
			edits = append(edits, parseEdit{sb.Len(), 1})
			sb.WriteByte('\\')
			sb.WriteString(text[i : i+n])
			i += n
		}
		sb.WriteString(text[end:])
		out := sb.String()
		if start != at {
			// function 'a b' for …: the body without "()" too
			if t, ed, ok := funcKeywordBodyRewrite(at)(out); ok {
				return t, append(edits, ed...), true
			}
		}
		return out, edits, true
	}
}

// funcNameEnd returns the end of the word starting at offset i of text,
// reading quotes and "${…}", or false for a word this rewrite leaves
// alone (one holding a newline, a command substitution or an unclosed
// quote).
func funcNameEnd(text string, i int) (int, bool) {
	for i < len(text) {
		switch c := text[i]; {
		case strings.IndexByte(" \t\n;&|()<>", c) >= 0:
			return i, true
		case c == '\\':
			if i+1 >= len(text) || text[i+1] == '\n' {
				return 0, false
			}
			i += 2
		case c == '\'':
			j := strings.IndexByte(text[i+1:], '\'')
			if j < 0 || strings.IndexByte(text[i+1:i+1+j], '\n') >= 0 {
				return 0, false
			}
			i += j + 2
		case c == '"':
			j := i + 1
			for j < len(text) && text[j] != '"' {
				if strings.IndexByte("\n`", text[j]) >= 0 || strings.HasPrefix(text[j:], "$(") {
					return 0, false
				}
				if text[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(text) {
				return 0, false
			}
			i = j + 1
		case c == '`' || strings.HasPrefix(text[i:], "$("):
			return 0, false
		case strings.HasPrefix(text[i:], "${"):
			j := strings.IndexByte(text[i:], '}')
			if j < 0 || strings.ContainsAny(text[i:i+j], "\n'\"`(") {
				return 0, false
			}
			i += j + 1
		default:
			i++
		}
	}
	return i, true
}

// writtenFuncName returns a function name as written: one
// funcNameRewrite escaped, unescaped, else name itself.
func writtenFuncName(name string) string {
	if !strings.HasPrefix(name, funcNameMark) {
		return name
	}
	var sb strings.Builder
	s := name[len(funcNameMark):]
	for len(s) >= 2 && s[0] == '\\' {
		_, n := utf8.DecodeRuneInString(s[1:])
		sb.WriteString(s[1 : 1+n])
		s = s[1+n:]
	}
	sb.WriteString(s)
	return sb.String()
}

// writtenFuncNames undoes funcNameRewrite in s, a piece of a rewritten
// program.
func writtenFuncNames(s string) string {
	for {
		i := strings.Index(s, funcNameMark)
		if i < 0 {
			return s
		}
		j := i + len(funcNameMark)
		for j+1 < len(s) && s[j] == '\\' {
			_, n := utf8.DecodeRuneInString(s[j+1:])
			j += 1 + n
		}
		s = s[:i] + writtenFuncName(s[i:j]) + s[j:]
	}
}

// unwriteFuncNames gives the functions defined in f their names as
// written, for definitions and printing.
func unwriteFuncNames(f *syntax.File) {
	walk(f, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Name != nil {
			fd.Name.Value = writtenFuncName(fd.Name.Value)
		}
		return true
	})
}

// quotedFuncName reports whether a function's name, as written, holds
// quoting or a "$": bash's check_identifier refuses the word whatever the
// mode.
func quotedFuncName(name string) bool {
	return strings.ContainsAny(name, `\'"$`)
}
