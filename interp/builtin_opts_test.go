package interp

import "testing"

func TestUsageLine(t *testing.T) {
	if got, want := usageLine("trap"), "trap: usage: trap [-lp] [[arg] signal_spec ...]\n"; got != want {
		t.Errorf("usageLine(trap) = %q, want %q", got, want)
	}
	if got := optBit('a') | optBit('Z'); got != 1|1<<51 {
		t.Errorf("optBit = %b", got)
	}
}

func TestSymbolicUmask(t *testing.T) {
	for _, tc := range []struct {
		cur  int
		mode string
		want int
		bad  byte
		op   bool
	}{
		{0o022, "u-w", 0o222, 0, false},
		{0o022, "go-w", 0o022, 0, false},
		{0o022, "a=r", 0o333, 0, false},
		{0o022, "u=rwx,g=rx,o=", 0o027, 0, false},
		{0o022, "abc", 0, 'b', true},
		{0o022, "u+z", 0, 'z', false},
		{0o022, "u", 0, 0, true},
		{0o022, "u=r,", 0, 0, true},
		{0o022, ",", 0, ',', true},
		{0o022, "u=rwxx", 0o022, 0, false},
	} {
		got, ok, bad, op := symbolicUmask(tc.cur, tc.mode)
		if ok != (bad == 0 && !op) || got != tc.want || bad != tc.bad || op != tc.op {
			t.Errorf("symbolicUmask(%o, %q) = %o %q %v, want %o %q %v", tc.cur, tc.mode, got, bad, op, tc.want, tc.bad, tc.op)
		}
	}
}
