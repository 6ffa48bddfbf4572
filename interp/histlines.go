package interp

import (
	"io"
	"strings"
)

// histPreprocess is bash's pre_process_line for a line read (without
// its newline) while history expansion is on: the expanded line, echoed
// to stderr when it changed; ok is false when the line is dropped (an
// expansion error, reported, or a :p that only prints it).
func (r *Runner) histPreprocess(line string, lineNo int, before string) (string, bool) {
	exp, sub, _ := r.histChars()
	if exp == 0 || (strings.IndexByte(line, exp) < 0 && (sub == 0 || !strings.HasPrefix(line, string(sub)))) {
		return line, true
	}
	hdoc, qs := histReadState(before)
	if hdoc {
		return line, true // a here-document's body is not expanded
	}
	out, res, _ := r.histExpandIn(line, qs)
	switch {
	case res < 0:
		old := r.line
		if lineNo > 0 {
			r.line = lineNo
		}
		r.errorf("%s", out)
		r.line = old
		return "", false
	case res == 2:
		io.WriteString(r.fds.writer(2), out+"\n")
		if r.histOn() && out != "" {
			r.histCheckAdd(out)
		}
		return "", false
	case res == 1:
		io.WriteString(r.fds.writer(2), out+"\n")
	}
	return out, true
}

// runExpandingLines runs text, the rest of a script from line
// consumed+1 on, as bash reads it while history expansion is on: a line
// at a time, each expanded before it is parsed. It ends with the script.
func (r *Runner) runExpandingLines(text, name string, consumed int) {
	var buf strings.Builder
	r.writtenSrc, r.writtenFor = "", ""
	// lines counts the input lines in buf: an expansion may hold
	// newlines, which bash's line numbers do not count
	lines := 0
	for text != "" && r.flow != flowExit {
		var line string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i+1], text[i+1:]
		} else {
			line, text = text, ""
		}
		eof := text == ""
		if r.histExpanding() {
			body := strings.TrimSuffix(line, "\n")
			nl := line[len(body):]
			if exp, ok := r.histPreprocess(body, consumed+lines+1, buf.String()); ok {
				line = exp + nl
				lines++
			} else {
				line = "" // bash does not count the dropped line
			}
		} else {
			lines++
		}
		buf.WriteString(line)
		src := buf.String()
		if strings.TrimSpace(src) == "" {
			if r.opts.on(optVerbose) {
				io.WriteString(r.fds.writer(2), src)
			}
			r.histRecordComments(src) // a line of blanks is remembered
			consumed += lines
			lines = 0
			buf.Reset()
			continue
		}
		file, fixed, st := r.parseLines(src, name, eof, consumed)
		if st == linesMore {
			continue
		}
		if st == linesBad {
			return
		}
		if st == linesSkip {
			consumed += lines
			lines = 0
			buf.Reset()
			continue
		}
		r.lineOff = consumed + r.discardShift
		r.writtenSrc, r.writtenFor = src, fixed
		r.curSrc = fixed
		r.verboseLine = 0
		if len(file.Stmts) == 0 {
			r.histRecordComments(src)
		}
		groups := topLevelGroups(file.Stmts, fixed)
		for i, g := range groups {
			end := len(fixed)
			if i+1 < len(groups) {
				end = groupLineStart(fixed, groups[i+1])
			}
			r.runTopGroup(g, end)
			if r.flow == flowExit {
				break
			}
		}
		consumed += lines
		lines = 0
		buf.Reset()
	}
}

// histExpandRead expands a line read from a script on stdin (with its
// newline, if any); a dropped line leaves only its newline.
func (r *Runner) histExpandRead(line []byte, lineNo int, before string) []byte {
	body := strings.TrimSuffix(string(line), "\n")
	nl := string(line[len(body):])
	if r.sh.interactive {
		lineNo = 0
	}
	exp, ok := r.histPreprocess(body, lineNo, before)
	if !ok {
		return nil // bash does not count the dropped line
	}
	return []byte(exp + nl)
}

// runExpandingRest runs the script src (being run by Run) from byte
// offset end, the start of a line, with history expansion.
func (r *Runner) runExpandingRest(src string, end int) {
	line := strings.Count(src[:end], "\n")
	written := r.asWritten(src)
	rest := written[lineStart(written, line+1):]
	r.runExpandingLines(rest, r.sourceName, r.lineOff+line)
}

// histReadState is the state bash's reader is in after the lines of an
// unfinished command, before: in a here-document's body, or in a quoted
// string (its quote character).
func histReadState(before string) (hdoc bool, quote byte) {
	var pending []string // here-document delimiters of the line
	s := before
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			}
		case quote == '$':
			if c == '\\' {
				i++
			} else if c == '\'' {
				quote = 0
			}
		case quote == '"':
			if c == '\\' {
				i++
			} else if c == '"' {
				quote = 0
			}
		case c == '\\':
			i++
		case c == '\'':
			quote = '\''
			if i > 0 && s[i-1] == '$' {
				quote = '$'
			}
		case c == '"':
			quote = '"'
		case c == '#' && (i == 0 || strings.IndexByte(" \t\n;&|()", s[i-1]) >= 0):
			for i+1 < len(s) && s[i+1] != '\n' {
				i++
			}
		case c == '<' && strings.HasPrefix(s[i:], "<<") && !strings.HasPrefix(s[i:], "<<<"):
			j := i + 2
			dash := j < len(s) && s[j] == '-'
			if dash {
				j++
			}
			for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
				j++
			}
			k := j
			for k < len(s) && strings.IndexByte(" \t\n;&|()<>", s[k]) < 0 {
				k++
			}
			if k > j {
				d := strings.NewReplacer("'", "", `"`, "", `\\`, "").Replace(s[j:k])
				if dash {
					d = "-" + d
				}
				pending = append(pending, d)
			}
			i = k - 1
		case c == '\n' && len(pending) > 0:
			// the bodies follow this line
			rest := s[i+1:]
			for len(pending) > 0 {
				d := pending[0]
				strip := strings.HasPrefix(d, "-")
				d = strings.TrimPrefix(d, "-")
				found := false
				for rest != "" {
					var l string
					if n := strings.IndexByte(rest, '\n'); n >= 0 {
						l, rest = rest[:n], rest[n+1:]
					} else {
						l, rest = rest, ""
					}
					i += len(l) + 1
					if strip {
						l = strings.TrimLeft(l, "\t")
					}
					if l == d {
						found = true
						break
					}
				}
				if !found {
					return true, 0
				}
				pending = pending[1:]
			}
		}
	}
	if quote == '$' {
		quote = '\''
	}
	return len(pending) > 0 && strings.HasSuffix(s, "\n"), quote
}
