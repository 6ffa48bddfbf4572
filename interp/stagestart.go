package interp

import (
	"sync"
	"time"
)

// stageStart orders the start of a pipeline's stages as bash's forks do.
// bash forks the stages left to right, so what they print before they
// block (xtrace lines, "command not found", a builtin's message on
// stderr) comes in stage order. nash's stages are goroutines, which the
// scheduler starts in any order (the one spawned last first), so each
// stage waits until its left neighbour's first command is under way: a
// builtin returned, a program started or failed to, or the stage ended.
// The wait is bounded by stageStartMax, counted from when the neighbour
// began (after its own wait): a neighbour blocked in a builtin (reading
// a pipe, writing a full one) must not hold the stage back.
type stageStart struct {
	once   sync.Once
	ch     chan struct{}
	begun  chan struct{}
	parent *stageStart // the enclosing stage, when the pipeline is its first part
}

// stageStartMax bounds how long a stage waits for its left neighbour.
const stageStartMax = 3 * time.Millisecond

func newStageStart(parent *stageStart) *stageStart {
	return &stageStart{ch: make(chan struct{}), begun: make(chan struct{}), parent: parent}
}

// begin reports that the stage is done waiting for its own neighbour.
func (s *stageStart) begin() { close(s.begun) }

// fire reports that the stage's first command is under way; s may be nil.
func (s *stageStart) fire() {
	for ; s != nil; s = s.parent {
		s.once.Do(func() { close(s.ch) })
	}
}

// wait blocks until s began and then until it fired or stageStartMax
// passed. That s begins is certain: its own wait is bounded.
func (s *stageStart) wait() {
	<-s.begun
	select {
	case <-s.ch:
		return
	default:
	}
	t := time.NewTimer(stageStartMax)
	select {
	case <-s.ch:
	case <-t.C:
	}
	t.Stop()
}
