package interp

import (
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// bash takes the digits before a redirection operator for its file
// descriptor only when they fit in an int; longer ones are a word of the
// command (1111111111111111111111</dev/stdin runs the command
// 1111111111111111111111 with its input redirected). mvdan's parser takes
// any digits for the descriptor: fdWords moves such digits back among the
// command's words, where they stood.

// fdWords applies that reading to the simple commands of node.
func fdWords(node syntax.Node) {
	eachRedir(node, func(st *syntax.Stmt, i int) {
		rd := st.Redirs[i]
		if rd.N == nil || fitsFd(rd.N.Value) {
			return
		}
		w := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: rd.N.ValuePos, ValueEnd: rd.N.ValueEnd, Value: rd.N.Value}}}
		if !putBackWord(st, w) {
			return // after a compound command bash finds a word: left as is
		}
		nrd := *rd
		nrd.N = nil
		st.Redirs[i] = &nrd
	})
}

// eachRedir calls fix with each statement of node that has redirections
// and the index of each of them; fix may replace st.Redirs[i].
func eachRedir(node syntax.Node, fix func(st *syntax.Stmt, i int)) {
	walk(node, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			for i := range st.Redirs {
				fix(st, i)
			}
		}
		return true
	})
}

// putBackWord inserts w among the words of st's simple command, where its
// position puts it (a command of only redirections gets one). It reports
// false, having done nothing, when st is a compound command.
func putBackWord(st *syntax.Stmt, w *syntax.Word) bool {
	var call *syntax.CallExpr
	switch c := st.Cmd.(type) {
	case nil:
		call = &syntax.CallExpr{}
		st.Cmd = call
	case *syntax.CallExpr:
		call = c
	default:
		return false
	}
	at := indexAfter(call.Args, w.Pos())
	if as := assignFromWord(w); at == 0 && as != nil {
		// before the command name, name=value is an assignment
		call.Assigns = slices.Insert(call.Assigns, indexAfter(call.Assigns, w.Pos()), as)
		return true
	}
	call.Args = slices.Insert(call.Args, at, w)
	return true
}

// indexAfter is the index of the first of nodes that starts after p, or
// len(nodes): where a node at p goes among them.
func indexAfter[N syntax.Node](nodes []N, p syntax.Pos) int {
	for k, n := range nodes {
		if n.Pos().Offset() > p.Offset() {
			return k
		}
	}
	return len(nodes)
}

// assignFromWord returns w as the assignment it spells when it starts
// with name= or name+= in a literal, or nil.
func assignFromWord(w *syntax.Word) *syntax.Assign {
	if len(w.Parts) == 0 {
		return nil
	}
	first, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return nil
	}
	i := strings.IndexByte(first.Value, '=')
	if i <= 0 {
		return nil
	}
	name, appendVal := strings.CutSuffix(first.Value[:i], "+")
	if !validName(name) {
		return nil
	}
	p := first.ValuePos
	val := &syntax.Word{}
	if rest := first.Value[i+1:]; rest != "" {
		val.Parts = append(val.Parts, &syntax.Lit{ValuePos: posShift(p, i+1), ValueEnd: first.ValueEnd, Value: rest})
	}
	val.Parts = append(val.Parts, w.Parts[1:]...)
	as := &syntax.Assign{Append: appendVal, Name: &syntax.Lit{ValuePos: p, ValueEnd: posShift(p, len(name)), Value: name}}
	if len(val.Parts) > 0 {
		as.Value = val
	}
	return as
}

// mayHoldLongFd reports whether text has a run of ten or more digits,
// which a descriptor too large for an int needs: without one fdWords has
// nothing to do, and the walk of every parsed program is saved.
func mayHoldLongFd(text string) bool {
	run := 0
	for i := 0; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			run = 0
			continue
		}
		if run++; run >= 10 {
			return true
		}
	}
	return false
}

// fitsFd reports whether digits, the text before a redirection operator,
// is a number that fits in an int as bash's parser requires.
func fitsFd(digits string) bool {
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return true // not a number: not this case
		}
	}
	_, err := strconv.ParseInt(digits, 10, 32)
	return err == nil
}

// bash's lexer returns an unquoted "-" that follows <& or >& (blanks
// between allowed) as a token of its own, the close of `n>&-`; what comes
// after it is the command's next word. So `echo a 2>&-5 b` closes fd 2
// and prints "a 5 b", where mvdan's parser reads the target word "-5" (an
// ambiguous redirect). dashCloseWords moves that rest back among the
// command's words, where it stood.

// dashCloseWords applies that reading to the simple commands of node.
func dashCloseWords(node syntax.Node) {
	eachRedir(node, func(st *syntax.Stmt, i int) {
		rd := st.Redirs[i]
		rest := dashCloseRest(rd)
		if rest == nil || !putBackWord(st, rest) {
			return // after a compound command bash finds a word: left as is
		}
		nrd := *rd
		first := rd.Word.Parts[0].(*syntax.Lit)
		nrd.Word = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: first.ValuePos, ValueEnd: posShift(first.ValuePos, 1), Value: "-"}}}
		st.Redirs[i] = &nrd
	})
}

// dashCloseRest returns the word that follows the "-" of a <& or >&
// redirection whose target starts with an unquoted "-" and goes on, or
// nil for any other redirection.
func dashCloseRest(rd *syntax.Redirect) *syntax.Word {
	if (rd.Op != syntax.DplIn && rd.Op != syntax.DplOut) || rd.Word == nil || len(rd.Word.Parts) == 0 {
		return nil
	}
	first, ok := rd.Word.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(first.Value, "-") {
		return nil
	}
	if first.Value == "-" {
		if len(rd.Word.Parts) == 1 {
			return nil // the plain close
		}
		return &syntax.Word{Parts: slices.Clone(rd.Word.Parts[1:])}
	}
	lit := &syntax.Lit{ValuePos: posShift(first.ValuePos, 1), ValueEnd: first.ValueEnd, Value: first.Value[1:]}
	return &syntax.Word{Parts: append([]syntax.WordPart{lit}, rd.Word.Parts[1:]...)}
}

// posShift is the position n bytes after p (before it for a negative n),
// on p's line.
func posShift(p syntax.Pos, n int) syntax.Pos {
	return syntax.NewPos(uint(int(p.Offset())+n), p.Line(), uint(int(p.Col())+n))
}

// mayHoldDashClose reports whether text has a <& or >& followed, after
// blanks, by a "-" and something more than a word's end: without one
// dashCloseWords has nothing to do, and the walk of every parsed program
// is saved.
func mayHoldDashClose(text string) bool {
	for i := 0; i+1 < len(text); i++ {
		if text[i+1] != '&' || (text[i] != '<' && text[i] != '>') {
			continue
		}
		j := i + 2
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j+1 < len(text) && text[j] == '-' && !strings.ContainsRune(" \t\n;&|()<>", rune(text[j+1])) {
			return true
		}
	}
	return false
}
