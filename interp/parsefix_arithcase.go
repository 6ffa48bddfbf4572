package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash keeps the text of a $(…) inside $((…)) as it prints the command
// back, and decides when it expands $((…)) whether it is arithmetic by
// counting the parentheses of that text (chk_arithsub). A case clause is
// printed without "(" before its patterns, so a $((…)) holding a $(…)
// with a case item never balances: bash runs it as the command
// substitution $( (…)), the text between the outer parentheses a
// subshell ("1+10: command not found"). arithCaseRewrite inserts the
// blank that makes mvdan's parser read it so.

// arithCaseFix applies arithCaseRewrite to text, which parsed as f, and
// returns the text, its parse and edits with the rewrite's added; all
// unchanged when there is nothing to rewrite (or it would not parse).
func arithCaseFix(f *syntax.File, text, name string, edits []parseEdit) (string, *syntax.File, []parseEdit) {
	if !mayHoldArithCase(text) {
		return text, f, edits
	}
	return keepRewrite(f, text, name, edits, arithCaseRewrite)
}

// keepRewrite applies rewrite to text, which parsed as f, and returns the
// text, its parse and edits with the rewrite's added; all unchanged when
// there is nothing to rewrite or the result does not parse.
func keepRewrite(f *syntax.File, text, name string, edits []parseEdit, rewrite func(*syntax.File, string) (string, []parseEdit, bool)) (string, *syntax.File, []parseEdit) {
	fixed, ed, ok := rewrite(f, text)
	if !ok {
		return text, f, edits
	}
	f2, err := parseBash(fixed, name)
	if err != nil {
		return text, f, edits
	}
	return fixed, f2, append(edits, ed...)
}

// mayHoldArithCase reports whether src may hold such a $((…)): a "$(("
// with a "$(" after it and a "case" after that.
func mayHoldArithCase(src string) bool {
	i := strings.Index(src, "$((")
	if i < 0 {
		return false
	}
	j := strings.Index(src[i+len("$(("):], "$(")
	return j >= 0 && strings.Contains(src[i+len("$((")+j:], "case")
}

// arithCaseRewrite returns src with a blank after the "$(" of every
// $((…)) of f that bash runs as a command substitution, and the edits.
func arithCaseRewrite(f *syntax.File, src string) (string, []parseEdit, bool) {
	var at []int
	walkWhere(f, src, mayHoldArithCase, func(n syntax.Node) bool {
		if ae, ok := n.(*syntax.ArithmExp); ok && !ae.Bracket && holdsComsubCase(ae.X) {
			at = append(at, int(ae.Left.Offset()))
		}
		return true
	})
	if len(at) == 0 {
		return "", nil, false
	}
	// Walk visits an outer $((…)) before those inside it: insert from
	// the right, so each offset is one of the text before it
	edits := make([]parseEdit, 0, len(at))
	for k := len(at) - 1; k >= 0; k-- {
		i := at[k] + len("$(")
		if i > len(src) || !strings.HasPrefix(src[at[k]:], "$((") {
			return "", nil, false
		}
		src = src[:i] + dparenBlank + src[i:]
		edits = append(edits, parseEdit{i, 1})
	}
	return src, edits, true
}

// holdsComsubCase reports whether n holds a $(…) (not `…`, whose text
// bash keeps as written) with a case clause that has an item.
func holdsComsubCase(n syntax.Node) bool {
	if n == nil {
		return false
	}
	found := false
	walk(n, func(n syntax.Node) bool {
		if found {
			return false
		}
		if cs, ok := n.(*syntax.CmdSubst); ok {
			if cs.Backquotes {
				return false
			}
			walk(cs, func(n syntax.Node) bool {
				if cc, ok := n.(*syntax.CaseClause); ok && len(cc.Items) > 0 {
					found = true
				}
				return !found
			})
			return false
		}
		return true
	})
	return found
}
