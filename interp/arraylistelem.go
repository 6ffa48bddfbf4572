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
// inserts the "+" (nestedListRewrite) and the assignment reports the
// error (listElemError).

// nestedListError is mvdan's message for name[sub]=(.
const nestedListError = "arrays cannot be nested"

// nestedListAt reports whether the parse error err, at offset at of
// text, is an element assignment given a list: at is the "=" of "]=(".
func nestedListAt(err error, text string, at int) bool {
	return err != nil && strings.Contains(err.Error(), nestedListError) &&
		at > 0 && at+1 < len(text) && text[at-1] == ']' && text[at] == '=' && text[at+1] == '('
}

// listElemError is the error of an assignment of a list to an element,
// a.Index and a.Array both set; nil for any other assignment.
func (r *Runner) listElemError(a *syntax.Assign) error {
	if a == nil || a.Index == nil || a.Array == nil || a.Name == nil {
		return nil
	}
	return &discardError{msg: a.Name.Value + "[" + r.nodeText(a.Index) + "]: cannot assign list to array member", noPrefix: true}
}
