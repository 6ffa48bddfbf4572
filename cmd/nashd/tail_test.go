package main

import (
	"strings"
	"testing"

	"nash/transport/wire"
)

func TestFormatTail(t *testing.T) {
	zero, two, fd := 0, 2, 1
	ms := int64(12)
	n := int64(5)
	tests := []struct {
		name string
		ev   wire.Event
		want []string
		not  []string
	}{
		{"exec ok", wire.Event{Kind: "exec", Argv: []string{"ls", "-l"}, ExitCode: &zero, DurationMs: &ms}, []string{"$", "ls -l", "→ 0", "(12ms)"}, nil},
		{"exec failing", wire.Event{Kind: "exec", Argv: []string{"false"}, ExitCode: &two}, []string{"→ 2"}, nil},
		{"redirect path", wire.Event{Kind: "redirect", Op: ">>", Target: &wire.Target{Path: "/tmp/log"}, Bytes: &n}, []string{">>", "/tmp/log", "5B"}, nil},
		{"redirect fd", wire.Event{Kind: "redirect", Op: "2>&1", Target: &wire.Target{FD: &fd}}, []string{"2>&1", "&1"}, nil},
		{"escape sequences neutralised", wire.Event{Kind: "exec", Argv: []string{"echo", "\x1b[2J\rgotcha"}}, []string{"·[2J·gotcha"}, []string{"\x1b", "\r"}},
		{"fallback", wire.Event{Kind: "fallback", Reason: "parse-error", Input: "if"}, []string{"⚠", "fallback: parse-error if"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := formatTail(&tailEvent{ID: 1, SessionID: "s-1", ShellID: "shell-abcdef123", Seq: 3, TS: 1, Event: tc.ev}, false)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(got, w) {
					t.Errorf("%q contains %q", got, w)
				}
			}
		})
	}
}
