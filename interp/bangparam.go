package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bangParam rewrites a ${!…} that bash reads as $! followed by an
// operator, not as an indirection: bash indirects only through a name,
// a number and $#, $?, $@, $* (VALID_INDIR_PARAM), and in POSIX mode not
// through $# and $? either. mvdan reads ${!-:-y} as an indirection
// through $- with the :- operator; bash reads the parameter !, the -
// operator and the word :-y, all that follows. ok is false when pe is
// no such expansion.
func (r *Runner) bangParam(pe *syntax.ParamExp) (*syntax.ParamExp, bool) {
	if !pe.Excl || pe.Names != 0 || pe.Index != nil || pe.Length || pe.Width || pe.IsSet {
		return nil, false
	}
	var op syntax.ParExpOperator
	switch pe.Param.Value {
	case "-":
		op = syntax.DefaultUnset
	case "#":
		op = syntax.RemSmallPrefix
	case "?":
		op = syntax.ErrorUnset
	default:
		return nil, false
	}
	if op != syntax.DefaultUnset && !r.opts.on(optPosix) {
		return nil, false
	}
	// the operator's word: what mvdan read as an operator and its word
	var word *syntax.Word
	if pe.Repl != nil || pe.Slice != nil {
		// ${!-/a/b}, ${!-:1}: the text as written, when it is literal
		text := r.nodeText(pe)
		rest := strings.TrimSuffix(text[min(len(text), 4):], "}")
		if len(text) < 5 || strings.ContainsAny(rest, "$`'\"\\") {
			return nil, false
		}
		word = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: rest}}}
	} else if pe.Exp != nil {
		word = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: pe.Exp.Op.String()}}}
		if pe.Exp.Word != nil {
			word.Parts = append(word.Parts, pe.Exp.Word.Parts...)
		}
	}
	bang := *pe.Param
	bang.Value = "!"
	return &syntax.ParamExp{Dollar: pe.Dollar, Rbrace: pe.Rbrace, Param: &bang, Exp: &syntax.Expansion{Op: op, Word: word}}, true
}

// bangOpText is bangParam for a ${!?word} or ${!#word} that did not
// parse as an expansion at all (text is it as written): in POSIX mode
// bash reads $! with the ? or # operator there too, not an indirection
// through $? or $#. Only a literal word is taken; ok is false otherwise.
func bangOpText(pe *syntax.ParamExp, text string) (*syntax.ParamExp, bool) {
	rest, ok := strings.CutPrefix(text, "${!")
	if !ok || len(rest) < 2 || !strings.HasSuffix(rest, "}") {
		return nil, false
	}
	rest = rest[:len(rest)-1]
	var op syntax.ParExpOperator
	switch {
	case strings.HasPrefix(rest, "##"):
		op, rest = syntax.RemLargePrefix, rest[2:]
	case rest[0] == '#':
		op, rest = syntax.RemSmallPrefix, rest[1:]
	case rest[0] == '?':
		op, rest = syntax.ErrorUnset, rest[1:]
	default:
		return nil, false
	}
	if strings.ContainsAny(rest, "$`'\"\\{}") {
		return nil, false
	}
	word := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: rest}}}
	return &syntax.ParamExp{Dollar: pe.Dollar, Rbrace: pe.Rbrace, Param: &syntax.Lit{Value: "!"}, Exp: &syntax.Expansion{Op: op, Word: word}}, true
}
