package interp

import "strings"

// A # starts a comment in bash only at the start of a word: in
// a$x#b, "a"#b or $(cmd)#b it is part of the word, wherever the word is.
// mvdan's lexer knows this only for words of commands outside command
// substitutions, case clauses and array values: in $( ), `…`, <( ), a
// case item or a=( ) it takes such a # for a comment, which then
// swallows the rest of the line (the closing ")" or ";;" too, a syntax
// error, or the rest of a `…`, run without it). wordHashFix quotes those
// #s, which changes nothing else: a quoted # is the same character, and
// the quotes are shown as written (quoteRegion).

// wordHashFix returns text with the #s quoted that continue a word after
// a part that ends a token for mvdan's lexer (a parameter, a quoted
// string, a substitution), and the edits that made it.
func wordHashFix(text string) (string, []parseEdit) {
	if !mayHoldWordHash(text) {
		return text, nil
	}
	var at []int
	s := newJoinScanner(text)
	s.hashes, s.comment = &at, -1
	s.run()
	if len(at) == 0 {
		return text, nil
	}
	ins := make([]textInsert, 0, 2*len(at))
	for _, i := range at {
		ins = append(ins, textInsert{i, synthQuote}, textInsert{i + 1, `"`})
	}
	fixed, edits, _ := applyInserts(text, ins)
	return fixed, edits
}

// wordHash reports whether the # at i follows, in the same word, a part
// after which mvdan's lexer starts a new token: one that just closed or
// a parameter ($name, $1, $@ …).
func (s *joinScanner) wordHash(i int) bool {
	if i == s.partEnd {
		return true
	}
	b := s.b
	j := i - 1
	if j < 1 {
		return false
	}
	if strings.IndexByte("@*#?-$!0123456789", b[j]) >= 0 && b[j-1] == '$' {
		return j < 2 || b[j-2] != '\\'
	}
	k := j
	for k >= 0 && isNameChar(b[k]) {
		k--
	}
	return k < j && k >= 0 && b[k] == '$' && !isDigit(b[k+1]) && (k == 0 || b[k-1] != '\\')
}

// mayHoldWordHash reports whether text has a # that wordHash may take:
// one after a byte that ends a word part or a parameter. Most scripts
// have only comments (a # after a blank or a newline, or another #), and
// the scan is spared.
func mayHoldWordHash(text string) bool {
	for i := 1; i < len(text); i++ {
		k := strings.IndexByte(text[i:], '#')
		if k < 0 {
			return false
		}
		i += k
		switch c := text[i-1]; {
		case strings.IndexByte("'\"})`", c) >= 0 || isNameChar(c):
			return true
		case strings.IndexByte("@*#?-$!", c) >= 0 && i >= 2 && text[i-2] == '$':
			return true
		}
	}
	return false
}
