package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// compoundListError is mvdan's message for an operator or redirection
// where a compound assignment's list needs a word: x=(a & b). Its
// nestedListError, for x=([1]=(a)), is one to bash too.
const compoundListError = "array element values must be words"

// compoundDiscardLine reports whether err is a syntax error inside a
// compound assignment's list, and its line in the text parsed. bash's
// parse_compound_assignment does not stop the shell on it as on other
// syntax errors: it sets $? to 1 and discards the line being read
// (jump_to_top_level(DISCARD)), and a script goes on with the next line;
// only in posix mode does the shell exit (with status 1).
func compoundDiscardLine(err error) (int, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || pe.Text != compoundListError && pe.Text != nestedListError || pe.Incomplete {
		return 0, false
	}
	return int(pe.Pos.Line()), true
}

// discardCompoundLine handles a syntax error in a compound assignment
// (compoundDiscardLine) while a script runs statement by statement: it
// reports the error, sets $? to 1 and returns the offset in src of the
// line after the error's, where reading resumes. In posix mode the shell
// exits instead and ok is false. The statements of the failing line
// (pending, those read but not run) never run: bash parses a line whole.
func (r *Runner) discardCompoundLine(line int, err error, src, orig, name string) (int, bool) {
	// bash -n on the program as written words the error; the other
	// lines' own compound errors are reported when they are read
	r.reportSyntaxErrorLines(err, orig, name, line, line)
	r.exit = 1
	if r.opts.on(optPosix) {
		r.flow = flowExit
		r.exitCode = 1
		return 0, false
	}
	return lineStart(src, line+1), true
}

// lineStart returns the offset in text where line n (1-based) starts, or
// len(text) when it has fewer lines.
func lineStart(text string, n int) int {
	off := 0
	for ; n > 1; n-- {
		i := strings.IndexByte(text[off:], '\n')
		if i < 0 {
			return len(text)
		}
		off += i + 1
	}
	return off
}

// compoundEOF reports whether err is the end of the input inside a
// compound assignment's list (x=( or x=(a $( never closed), src being
// the text err is positioned in: bash's parse_compound_assignment
// reports it as any unclosed "(", but sets $? to 1 (then the input has
// ended).
func compoundEOF(err error, src string) bool {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || !pe.Incomplete {
		return false
	}
	end := min(int(pe.Pos.Offset())+1, len(src))
	for tries := 0; tries < maxFixCandidates; tries++ {
		open := strings.LastIndex(src[:end], "=(")
		if open < 0 {
			return false
		}
		open++ // the "("
		start := open - 1
		for start > 0 && strings.IndexByte(" \t\n;&|()", src[start-1]) < 0 {
			start--
		}
		if isAssignWord(src[start:open]) && matchParen(src, open) < 0 {
			return true
		}
		end = open - 1
	}
	return false
}

// compoundErrorStops applies what a syntax error in a compound
// assignment in eval'd or sourced text does beyond discarding its line,
// after the error is reported: bash's parse_compound_assignment stops a
// non-interactive shell in posix mode (FORCE_EOF, status 1), and
// parse_and_execute's DISCARD in a subshell environment leaves the
// subshell with status 1. It reports whether the shell stops.
func (r *Runner) compoundErrorStops() bool {
	r.exit = 1
	switch {
	case r.opts.on(optPosix) && !r.sh.interactive:
		r.forceEOF(1)
	case r.subLevel > 0:
		r.flow, r.exitCode = flowExit, 1
	default:
		return false
	}
	return true
}
