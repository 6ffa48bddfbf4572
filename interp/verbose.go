package interp

import (
	"errors"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// stmtsEchoing runs the statements parsed from src (an eval string, a
// sourced file, a trap action). Under set -v it echoes src to stderr as
// bash's parser reads it, a line at a time: before each group of
// statements sharing a line, the lines read for it (comments and blank
// lines included); after the last group, the rest of the text. A final
// line without a newline is echoed with one. Lines read while set -v is
// off are not echoed later. catchAbort: see lineAbortCaught. Like bash,
// which reads such text a command at a time, it stops before a line that
// holds an extended pattern while extglob is off, and returns that syntax
// error (see extglobParseError) for the caller to report. Aliases are
// expanded as bash's parser reads the text, a line at a time: from the
// first line read while one is defined, the rest runs as runAliasRest
// reads it (name is for its syntax errors). Each command runs at bash's
// line_number as its parse_and_execute reads the text (stmtsByLine).
func (r *Runner) stmtsEchoing(stmts []*syntax.Stmt, src string, catchAbort bool, name string) error {
	oldTop := r.aliasTopSrc
	r.aliasTopSrc = r.curSrc // read as parsed: nothing expands at run time
	defer func() { r.aliasTopSrc = oldTop }()
	aliases := r.aliasActive() || strings.Contains(src, "alias")
	// (the option is tested per line: a line may turn it off)
	// (also for a "!(cmd)" that is a negated subshell with extglob off)
	checkExtglob := mayHoldExtGlob(src)
	pin := mayPinANSI(src) // bash reads the text a line at a time (ansipin.go)
	// bash's parse_and_execute restores line_number, which a ( ) in a
	// pipeline may lower for the lines read after it (parenline.go)
	defer r.keepNoticeLine()()
	notice := r.noticeLine
	paren := hasParenStage(stmts)
	if n, _ := hdocEOFCount(r.curSrc); n == 0 && !r.srcHasHdocParen() && !r.opts.on(optVerbose) && !strings.Contains(src, "v") {
		// set -v (or -o verbose) cannot turn on partway
		if !catchAbort && !checkExtglob && !aliases && !pin && !paren {
			r.stmtsByLine(stmts)
			return nil
		}
		var prev []*syntax.Stmt
		for _, g := range topLevelGroups(stmts, r.curSrc) {
			if aliases {
				if ran, err := r.aliasRestFrom(g, name, false, catchAbort); ran {
					return readAllErr(err)
				}
			}
			if checkExtglob {
				if err := r.extglobParseError(g, ""); err != nil {
					return r.sourcedExtglobError(err, src, g, name)
				}
			}
			if pin {
				r.pinANSI(stmtNodes(g)...)
			}
			r.groupRead(g, prev)
			prev = g
			r.discardLine, r.parenLeft = 0, false
			r.noticeLine = r.lineAt(readEnd(g))
			r.stmts(g)
			r.shiftAfterParen(notice, g)
			if !r.lineAbortCaught(catchAbort, g) {
				return nil
			}
		}
		return nil
	}
	off, read := 0, 0 // byte offset of line read+1
	echoTo := func(end int, vl verboseLines) {
		first := read + 1
		var lines []string
		for ; read < end && off < len(src); read++ {
			start := off
			if i := strings.IndexByte(src[off:], '\n'); i < 0 {
				off = len(src)
			} else {
				off += i + 1
			}
			lines = append(lines, src[start:off])
		}
		if text := verboseText(lines, first, vl); r.opts.on(optVerbose) && text != "" {
			if !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			io.WriteString(r.fds.writer(2), text)
		}
	}
	groups := topLevelGroups(stmts, r.curSrc)
	for i, g := range groups {
		if i > 0 {
			// (before the line is echoed: shell_getc notifies first)
			r.groupRead(g, groups[i-1])
		}
		if aliases {
			if ran, err := r.aliasRestFrom(g, name, false, catchAbort); ran {
				return readAllErr(err)
			}
		}
		end := readEndIn(g, r.curSrc) // here-document bodies too
		var vl verboseLines
		if r.opts.on(optVerbose) {
			vl = verboseLinesOf(g, r.curSrc, src)
			end = joinedEnd(src, end)
		}
		echoTo(end, vl)
		if checkExtglob {
			if err := r.extglobParseError(g, ""); err != nil {
				return r.sourcedExtglobError(err, src, g, name)
			}
		}
		r.warnHdocParen(g)
		r.warnHdocEOF(g, i == len(groups)-1)
		if pin {
			r.pinANSI(stmtNodes(g)...)
		}
		r.discardLine, r.parenLeft = 0, false
		r.noticeLine = r.lineAt(readEndIn(g, r.curSrc))
		r.stmts(g)
		r.shiftAfterParen(notice, g)
		if !r.lineAbortCaught(catchAbort, g) {
			return nil
		}
	}
	echoTo(len(src)+1, verboseLines{})
	return nil
}

// errReadAll is stmtsEchoing's report that the rest of its text was read
// and run as bash reads it with aliases (aliasRestFrom), to its end: a
// syntax error its caller met further on in the text as parsed without
// them is none.
var errReadAll = errors.New("text read to its end with aliases")

// readAllErr is err, from aliasRestFrom, or errReadAll for none.
func readAllErr(err error) error {
	if err == nil {
		return errReadAll
	}
	return err
}

// sourcedExtglobError reports err, the extglobParseError of group g of
// a file being sourced or an eval'd string (name), as Run reports a
// script's: from g's line on, which bash reads after running the lines
// before it (a shopt -s extglob among them). A trap's text keeps err for
// its caller to report.
func (r *Runner) sourcedExtglobError(err error, src string, g []*syntax.Stmt, name string) error {
	if n := len(r.calls); name != "eval" && (n == 0 || !r.calls[n-1].sourced || r.calls[n-1].source != name) {
		return err
	}
	pname := "" // (a sourced file's errors are named as the script's)
	if name == "eval" {
		pname = name
	}
	r.reportExtglobErrorAs(err, r.curSrc, src, groupLineStart(r.curSrc, g), pname)
	return reportedError{err}
}

// lineAbortCaught reports whether the next line of an eval'd string or a
// sourced file is to run. With catch, an error that abandoned the command
// line (flowAbort) ends only that line: bash's parse_and_execute goes on
// with the next command (outside a subshell, where it rethrows).
// The lines of the rest of the text then count from the command that
// failed (shiftAfterDiscard), g being the command line.
func (r *Runner) lineAbortCaught(catch bool, g []*syntax.Stmt) bool {
	if catch && r.flow == flowAbort && !r.abortTop {
		r.flow = flowNone
		r.shiftAfterDiscard(r.lineAt(readEnd(g)))
	}
	return r.flow == flowNone
}
