package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash reads name[sub]=(…) as an assignment word with a compound value
// and rejects it when it assigns: "name[sub]: cannot assign list to array
// member", status 1, the rest of the line dropped, before any of the
// list is expanded. mvdan's parser refuses the word outright ("arrays
// cannot be nested") but reads name[sub]+=(…) into an Assign with both
// an Index and an Array, which bash rejects the same way; parseProgram
// inserts the "+" (listElemRewrite), with a mark after the "(" that says
// the word was written "=" (the printer's assign), and the assignment
// reports the error (listElemError).

// nestedListError is mvdan's message for name[sub]=(.
const nestedListError = "arrays cannot be nested"

// nestedListAt reports whether the parse error err, at offset at of
// text, is an element assignment given a list: at is the "=" of "]=(".
func nestedListAt(err error, text string, at int) bool {
	return err != nil && strings.Contains(err.Error(), nestedListError) &&
		at > 0 && at+1 < len(text) && text[at-1] == ']' && text[at] == '=' && text[at+1] == '('
}

// listElemMark opens the list of a name[sub]=(…) made name[sub]+=(…): an
// element never expanded, as the assignment fails first.
const listElemMark = "${__nash_list_elem-}"

// listElemRewrite makes the name[sub]=(…) whose "=" is at offset at
// name[sub]+=(…), marked.
func listElemRewrite(at int) parseRewrite {
	return func(text string) (string, []parseEdit, bool) {
		out := text[:at] + "+=(" + listElemMark + text[at+2:]
		return out, []parseEdit{{at, 1}, {at + 3, len(listElemMark)}}, true
	}
}

// listElemWritten reports whether the list opening at offset lparen of
// src was written name[sub]=(…) (see listElemRewrite).
func listElemWritten(src string, lparen int) bool {
	return lparen >= 0 && lparen < len(src) && strings.HasPrefix(src[lparen+1:], listElemMark)
}

// listElemError is the error of an assignment of a list to an element,
// a.Index and a.Array both set; nil for any other assignment.
func (r *Runner) listElemError(a *syntax.Assign) error {
	if a == nil || a.Index == nil || a.Array == nil || a.Name == nil {
		return nil
	}
	// the subscript as written, its blanks too (mvdan's Index
	// may not span them)
	lhs := r.nodeText(a.Index)
	if s, e := int(a.Name.End().Offset()), int(a.Array.Lparen.Offset()); s < e && e <= len(r.curSrc) {
		t := strings.TrimSuffix(strings.TrimSuffix(r.curSrc[s:e], "="), "+")
		if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
			lhs = decodeRawBytes(writtenText(t[1 : len(t)-1]))
		}
	}
	return &discardError{msg: a.Name.Value + "[" + lhs + "]: cannot assign list to array member", noPrefix: true, report: true}
}
