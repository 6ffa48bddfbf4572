package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash's lexer returns a "--" right after "time" or "time -p" as the
// token TIMEIGN, part of the timespec: it selects the POSIX format, as
// -p does, and what follows is a pipeline read as any other, reserved
// words included (`time -- { cmd; }`, `time -- time cmd`, `time -- ! cmd`).
// mvdan's parser takes the "--" for the command's name. timeIgnRewrite
// makes "time --" "time -p" followed by timeIgnMark, and "time -p --"
// "time -p ", timeIgnMark and two blanks: the mark says that "--" was
// written (the time utility run in POSIX mode gets it, posixTimeCall;
// text shown as written has it again, writtenTimeIgn).

// timeIgnMark follows the "-p" or blanks timeIgnRewrite wrote: a carriage
// return, which the lexer takes for a blank and no program text holds
// (encodeRawBytes turns a written one into a raw rune).
const timeIgnMark = "\r"

// timeIgnAt reports whether the "--" at offset i of text is a word that
// follows "time" or "time -p" where a command starts.
func timeIgnAt(text string, i int) bool {
	if !strings.HasPrefix(text[i:], "--") || i+2 < len(text) && strings.IndexByte(" \t\n;&|)", text[i+2]) < 0 {
		return false
	}
	k := i
	for k > 0 && (text[k-1] == ' ' || text[k-1] == '\t') {
		k--
	}
	if k == i {
		return false
	}
	if afterWord(text, k, "time") {
		return true
	}
	return k >= 2 && text[k-2:k] == "-p" && k-2 > 0 && (text[k-3] == ' ' || text[k-3] == '\t') && afterWord(text, k-2, "time")
}

// timeIgnRewrite rewrites the "--" at offset i that timeIgnAt accepts.
func timeIgnRewrite(i int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		if !timeIgnAt(text, i) {
			return "", nil, false
		}
		k := i
		for text[k-1] == ' ' || text[k-1] == '\t' {
			k--
		}
		if afterWord(text, k, "time") {
			// time --: time -p\r
			out := text[:i] + "-p" + timeIgnMark + text[i+2:]
			return out, []parseEdit{{i + 2, len(timeIgnMark)}}, true
		}
		// time -p --: time -p \r and two blanks
		out := text[:i] + timeIgnMark + "  " + text[i+2:]
		return out, []parseEdit{{i, len(timeIgnMark)}}, true
	}
}

// timeIgnFix applies timeIgnRewrite to each time clause of f, the parse
// of text, whose command mvdan read starting with the word "--", and
// returns the text, its parse and edits with the rewrites' added; all
// unchanged when there is nothing to rewrite or the result does not
// parse. What follows the "--" is read again: it may need other fixes
// (`time -- ! cmd`), and may hold another such clause (`time -- time --
// cmd`).
func timeIgnFix(f *syntax.File, text, name string, edits []parseEdit) (string, *syntax.File, []parseEdit) {
	if !mayHoldTimeIgn(text) {
		return text, f, edits
	}
	f0, text0, edits0 := f, text, edits
	for range maxParseFixes {
		at := timeIgnClauses(f, text)
		if len(at) == 0 {
			return text, f, edits
		}
		// Walk visits an outer clause before those inside it: rewrite
		// from the right, so each offset is one of the text before it
		for k := len(at) - 1; k >= 0; k-- {
			out, ed, ok := timeIgnRewrite(at[k])(text)
			if !ok {
				return text0, f0, edits0
			}
			text = out
			edits = append(edits, ed...)
		}
		var err error
		f, err = parseBash(text, name)
		for n := 0; err != nil; n++ {
			fixed, ed, f2, err2, ok := fixParseError(text, name, err)
			if !ok || n == maxParseFixes {
				return text0, f0, edits0
			}
			text, f, err = fixed, f2, err2
			edits = append(edits, ed...)
		}
	}
	return text0, f0, edits0
}

// mayHoldTimeIgn is a cheap test of whether text may hold such a
// clause.
func mayHoldTimeIgn(text string) bool {
	return strings.Contains(text, "time") && strings.Contains(text, "--")
}

// timeIgnClauses returns the offsets of the "--" words that start the
// commands of f's time clauses, in the order syntax.Walk visits them.
func timeIgnClauses(f *syntax.File, text string) []int {
	var at []int
	walkWhere(f, text, mayHoldTimeIgn, func(n syntax.Node) bool {
		c, ok := n.(*syntax.TimeClause)
		if !ok || c.Stmt == nil || c.Stmt.Negated {
			return true
		}
		call, ok := c.Stmt.Cmd.(*syntax.CallExpr)
		if !ok || len(call.Assigns) > 0 || len(call.Args) == 0 || call.Args[0].Lit() != "--" {
			return true
		}
		if i := int(call.Args[0].Pos().Offset()); timeIgnAt(text, i) {
			at = append(at, i)
		}
		return true
	})
	return at
}

// timeIgnWords returns the words written after "time" in the time
// clause c (with -p or "--", timeIgnRewrite's): "-p", "--" or both; src
// is the text c's positions refer to.
func timeIgnWords(src string, c *syntax.TimeClause) []string {
	if !c.PosixFormat {
		return nil
	}
	i := int(c.Time.Offset()) + len("time")
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if !strings.HasPrefix(src[i:], "-p") {
		return []string{"-p"}
	}
	i += 2
	if strings.HasPrefix(src[i:], timeIgnMark) {
		return []string{"--"}
	}
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if strings.HasPrefix(src[i:], timeIgnMark) {
		return []string{"-p", "--"}
	}
	return []string{"-p"}
}

// writtenTimeIgn is s, a piece of a rewritten program, with the "--" of
// a time clause (timeIgnRewrite's) as written.
func writtenTimeIgn(s string) string {
	s = strings.ReplaceAll(s, "-p"+timeIgnMark, "--")
	return strings.ReplaceAll(s, " "+timeIgnMark+"  ", " --")
}
