package main

import (
	"os"

	"nash/interp"
	"nash/observe"
)

// session is the shell's observation: inert (all methods no-ops) when
// NUCLEIC_SESSION_ID or the token is unset or capture is off.
type session struct {
	obs *observe.Observer
}

func startObservation(argv []string) *session {
	return &session{obs: observe.FromEnv(os.Environ())}
}

// gate returns the Gate to install, or nil (never a typed nil).
func (s *session) gate() interp.Gate {
	if s.obs == nil {
		return nil
	}
	return s.obs
}

func (s *session) shellID() string { return s.obs.ShellID() }

// flush sends what is queued before exec replaces the process.
func (s *session) flush() { s.obs.Close() }

func (s *session) close() { s.obs.Close() }

// fallback records that the real bash takes over, and flushes.
func (s *session) fallback(reason, input string) { s.obs.Fallback(reason, input) }
