package interp

import "strings"

// bash reads a compound assignment before a command name, a=(x  y) cmd,
// as one assignment word whose value is the text "(x y)": the words
// between the parentheses as written, joined by one blank, then expanded
// as an assignment's value (quotes removed, nothing split or globbed).
// The command gets it in its environment as that string. mvdan's parser
// rejects the command ("inline variables cannot be arrays");
// envCompoundRewrite escapes the parentheses and the blank that joins two
// words, and puts every run of blanks inside ${__nash_blanks+…}, which
// expands to nothing, so the word is the plain assignment bash sees and
// every line stays where it was.

// blanksName is the parameter, never set, whose ${…+} holds blanks to drop.
const blanksName = "__nash_blanks"

// parenMark goes before each parenthesis the rewrite escapes.
const parenMark = "${" + blanksName + "-}"

// envCompoundRewrite is that rewrite for the assignment word at offset at.
func envCompoundRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		ins, ok := envCompoundInserts(text, at)
		if !ok {
			return "", nil, false
		}
		return applyInserts(text, ins)
	}
}

// applyInserts makes the insertions ins, in order, into text, as a
// parseRewrite returns them.
func applyInserts(text string, ins []textInsert) (string, []parseEdit, bool) {
	var sb strings.Builder
	edits := make([]parseEdit, 0, len(ins))
	from, shift := 0, 0
	for _, in := range ins {
		sb.WriteString(text[from:in.at])
		sb.WriteString(in.s)
		// each edit is at an offset of the text with the ones before
		edits = append(edits, parseEdit{in.at + shift, len(in.s)})
		shift += len(in.s)
		from = in.at
	}
	sb.WriteString(text[from:])
	return sb.String(), edits, true
}

// editBuilder builds a rewritten text left to right, recording what it
// inserts as edits: each at an offset of the text with the edits before
// it made, which building left to right is the length so far.
type editBuilder struct {
	strings.Builder
	edits []parseEdit
}

// insert appends s to the text as an inserted edit.
func (b *editBuilder) insert(s string) {
	b.edits = append(b.edits, parseEdit{b.Len(), len(s)})
	b.WriteString(s)
}

// textInsert is a string to insert at an offset of the original text.
type textInsert struct {
	at int
	s  string
}

// envCompoundInserts returns the insertions, in order, that make the
// name=(…) or name+=(…) at offset at a plain assignment word, or false
// when there is none there or it holds what the rewrite cannot keep (a
// comment, an unbalanced parenthesis).
func envCompoundInserts(text string, at int) ([]textInsert, bool) {
	i := at
	for i < len(text) && isNameChar(text[i]) {
		i++
	}
	if i == at || !validName(text[at:i]) {
		return nil, false
	}
	if strings.HasPrefix(text[i:], "+") {
		i++
	}
	if !strings.HasPrefix(text[i:], "=(") {
		return nil, false
	}
	return compoundParenInserts(text, i+1)
}

// compoundParenInserts returns the insertions, in order, that make the
// parenthesized list opening at offset open the string bash reads, or
// false when it holds what the rewrite cannot keep (a comment, a nested
// list).
func compoundParenInserts(text string, open int) ([]textInsert, bool) {
	end := matchParen(text, open)
	if end < 0 {
		return nil, false
	}
	ins := []textInsert{{open, parenMark + `\`}}
	for k := open + 1; k < end; k++ {
		if text[k] == '#' && strings.IndexByte("( \t\n", text[k-1]) >= 0 {
			return nil, false // a comment
		}
		switch text[k] {
		case '\\':
			k++
		case '\'', '"', '`':
			if k = skipQuoted(text, k); k < 0 || k > end {
				return nil, false
			}
		case '$':
			if k+1 < end && (text[k+1] == '(' || text[k+1] == '{') {
				closing := byte(')')
				if text[k+1] == '{' {
					closing = '}'
				}
				e := matchPair(text, k+1, text[k+1], closing, false)
				if e < 0 || e > end {
					return nil, false
				}
				k = e
			}
		case '(', ')':
			return nil, false // a nested list
		case ' ', '\t', '\n':
			e := k
			for e < end && strings.IndexByte(" \t\n", text[e]) >= 0 {
				e++
			}
			if e < end && text[e] == '#' {
				return nil, false
			}
			pre := "${" + blanksName + "+"
			if k > open+1 && e < end {
				pre = `\ ` + pre // the one blank joining two words
			}
			ins = append(ins, textInsert{k, pre}, textInsert{e, "}"})
			k = e - 1
			continue
		}
		// the rest of a word: up to a blank or the end
		for k+1 < end && strings.IndexByte(" \t\n'\"`\\$", text[k+1]) < 0 {
			if text[k+1] == '(' || text[k+1] == ')' {
				return nil, false
			}
			k++
		}
	}
	return append(ins, textInsert{end, parenMark + `\`}), true
}

// writtenBlanks drops from s the runs of blanks envCompoundRewrite put
// in ${__nash_blanks+…}, with their markers: the words are joined by the
// one blank before such a run, unescaped, as bash joins them; the
// marked parentheses lose their escapes.
func writtenBlanks(s string) string {
	s = strings.ReplaceAll(s, parenMark+`\(`, "(")
	s = strings.ReplaceAll(s, parenMark+`\)`, ")")
	pre := "${" + blanksName + "+"
	s = strings.ReplaceAll(s, `\ `+pre, " "+pre)
	for {
		i := strings.Index(s, pre)
		if i < 0 {
			return s
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			return s
		}
		s = s[:i] + s[i+j+1:]
	}
}

// coprocCompoundAt returns the offset of the name=(…) that follows a
// "coproc" on the line of offset at, before it, or -1. bash reads it as
// a simple command's prefix assignment (coproc takes a name only before
// a compound command); mvdan's parser takes name= for the coprocess's
// name and fails on the list.
func coprocCompoundAt(text string, at int) int {
	start := strings.LastIndexByte(text[:min(at, len(text))], '\n') + 1
	for i := at - 1; i >= start; i-- {
		if !strings.HasPrefix(text[i:], "coproc") || !isCmdStart(text, i) {
			continue
		}
		k := i + len("coproc")
		if k >= len(text) || text[k] != ' ' && text[k] != '\t' {
			continue
		}
		for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
			k++
		}
		if _, ok := envCompoundInserts(text, k); ok && k < at {
			return k
		}
	}
	return -1
}
