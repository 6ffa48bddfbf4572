package interp

// wordBufMax is the largest buffer kept for reuse: one long word should
// not pin its memory for the rest of the run.
const wordBufMax = 4096

// takeWordBuf lends r's spare buffer (empty, possibly nil) to a word
// being built whose text is copied out at its end: a loop that expands
// the same words again then grows no new buffer each time. A nested
// expansion finds none and allocates its own.
func (r *Runner) takeWordBuf() []byte {
	b := r.wordBuf
	r.wordBuf = nil
	return b[:0]
}

// giveWordBuf returns a buffer lent by takeWordBuf, or one grown from
// it, once nothing refers to its bytes.
func (r *Runner) giveWordBuf(b []byte) {
	if cap(b) <= wordBufMax {
		r.wordBuf = b[:0]
	}
}
