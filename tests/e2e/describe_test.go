package e2e

import (
	"encoding/base64"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"nash/transport/wire"
)

// describe renders an event as one line holding every field that is not
// volatile: seq, ts, durationMs and pid are left out, and so is cwd when
// it equals home (written as "~" otherwise relative to it). Previews are
// decoded and quoted. A pipe's pipelineId is kept: it is deterministic
// within one shell.
func describe(e wire.Event, home string) string {
	var b strings.Builder
	b.WriteString(e.Kind)
	f := func(k string, v any) { fmt.Fprintf(&b, " %s=%v", k, v) }
	if e.CmdSeq != 0 {
		f("cmdSeq", e.CmdSeq)
	}
	if e.Argv != nil {
		q := make([]string, len(e.Argv))
		for i, a := range e.Argv {
			q[i] = strconv.Quote(a)
		}
		f("argv", "["+strings.Join(q, " ")+"]")
	}
	if e.ResolvedPath != "" {
		f("path", shimDir.ReplaceAllString(e.ResolvedPath, "<shim>/"))
	}
	if e.Builtin != nil {
		f("builtin", *e.Builtin)
	}
	if e.Cwd != "" && e.Cwd != home {
		f("cwd", tilde(e.Cwd, home))
	}
	if e.ExitCode != nil {
		f("exit", *e.ExitCode)
	}
	if e.Pipeline != nil {
		f("pipeline", fmt.Sprintf("{%d,%d,%d}", e.Pipeline.ID, e.Pipeline.Index, e.Pipeline.Len))
	}
	if e.Nesting != nil {
		f("nesting", fmt.Sprintf("%s/%d", e.Nesting.Kind, e.Nesting.Depth))
	}
	if e.Op != "" {
		f("op", e.Op)
	}
	if e.Target != nil {
		switch {
		case e.Target.Heredoc:
			f("target", "heredoc")
		case e.Target.FD != nil:
			f("target", "fd:"+strconv.Itoa(*e.Target.FD))
		default:
			f("target", tilde(e.Target.Path, home))
		}
	}
	if e.Mode != "" {
		f("mode", e.Mode)
	}
	if e.Special != nil && *e.Special {
		f("special", true)
	}
	if e.PipelineID != nil {
		f("link", fmt.Sprintf("%d:%d->%d", *e.PipelineID, deref(e.FromIndex), deref(e.ToIndex)))
	}
	if e.Bytes != nil {
		f("bytes", *e.Bytes)
	}
	if e.Truncated != nil && *e.Truncated {
		f("truncated", true)
	}
	if e.Binary != nil && *e.Binary {
		f("binary", true)
	}
	if e.TapFailed != nil && *e.TapFailed {
		f("tapFailed", true)
	}
	if e.Blake3 != "" {
		f("blake3", e.Blake3[:12])
	}
	if e.PreviewB64 != "" {
		p, err := base64.StdEncoding.DecodeString(e.PreviewB64)
		if err != nil {
			f("preview", "!bad base64")
		} else {
			f("preview", strconv.Quote(string(p)))
		}
	}
	if e.From != "" || e.To != "" {
		f("from", tilde(e.From, home))
		f("to", tilde(e.To, home))
	}
	if e.Names != nil {
		f("names", e.Names)
	}
	if e.Reason != "" {
		f("reason", e.Reason)
	}
	if e.Count != 0 {
		f("count", e.Count)
	}
	if e.Input != "" {
		f("input", strconv.Quote(e.Input))
	}
	return b.String()
}

// shimDir matches the temporary directory runShell puts first in PATH.
var shimDir = regexp.MustCompile(`^.*/shim[0-9]+/`)

// matchLines compares described events with expectations. Expected lines
// starting with "~ " form, with their "~ " neighbours, a group whose
// order is free (commands of one pipeline, a background job and the
// foreground, start concurrently and draw their seqs in either order).
func matchLines(got, want []string) (ok bool) {
	if len(got) != len(want) {
		return false
	}
	for i := 0; i < len(want); {
		if !strings.HasPrefix(want[i], "~ ") {
			if got[i] != want[i] {
				return false
			}
			i++
			continue
		}
		j := i
		var w []string
		for j < len(want) && strings.HasPrefix(want[j], "~ ") {
			w = append(w, want[j][2:])
			j++
		}
		g := slices.Clone(got[i:j])
		slices.Sort(g)
		slices.Sort(w)
		if !slices.Equal(g, w) {
			return false
		}
		i = j
	}
	return true
}

// tilde writes home at the start of p as "~".
func tilde(p, home string) string {
	if home != "" && strings.HasPrefix(p, home) {
		return "~" + p[len(home):]
	}
	return p
}

func deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}
