package interp

import (
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// DumpStrings makes the runner list the $"…" strings of the commands it
// reads instead of running them, as bash -D (--dump-strings) does: each
// as written, in double quotes; with po, as entries of a gettext po file
// (--dump-po-strings) located at where:LINE. The caller also sets -n.
func (r *Runner) DumpStrings(po bool, where string) {
	r.dump = &stringDump{po: po, where: where}
}

// stringDump is the state of DumpStrings.
type stringDump struct {
	po    bool
	where string
}

// dumpStrings writes the $"…" strings of st, a command read under
// DumpStrings, in the order bash's parser meets them; here-document
// bodies hold none (there $"…" is plain text).
func (r *Runner) dumpStrings(st *syntax.Stmt) {
	var sb strings.Builder
	walkOutsideHeredocs(st, func(n syntax.Node) bool {
		if dq, ok := n.(*syntax.DblQuoted); ok && dq.Dollar {
			r.dumpString(&sb, dq)
		}
		return true
	})
	io.WriteString(r.fds.writer(1), sb.String())
}

// dumpString writes one $"…" string in the format asked for.
func (r *Runner) dumpString(sb *strings.Builder, dq *syntax.DblQuoted) {
	text := r.nodeText(dq)
	if len(text) < 3 || !strings.HasPrefix(text, `$"`) || !strings.HasSuffix(text, `"`) {
		return
	}
	text = text[2 : len(text)-1]
	if !r.dump.po {
		sb.WriteString(`"` + text + "\"\n")
		return
	}
	sb.WriteString("#: " + r.dump.where + ":" + itoa(int64(r.lineAt(int(dq.Pos().Line())))) + "\n")
	quote := func(s string) string {
		s = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s)
		return `"` + s + `"`
	}
	if !strings.Contains(text, "\n") {
		sb.WriteString("msgid " + quote(text) + "\n")
	} else {
		// a string of several lines: one quoted line each, after an
		// empty first
		sb.WriteString("msgid \"\"\n")
		for _, line := range strings.SplitAfter(text, "\n") {
			if line != "" {
				sb.WriteString(quote(line) + "\n")
			}
		}
	}
	sb.WriteString("msgstr \"\"\n")
}
