package interp

import (
	"strconv"
	"testing"
)

// TestMayHoldLongFd checks that the gate before fdWords lets through
// every descriptor that does not fit in an int.
func TestMayHoldLongFd(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"echo 123456789>x", false},
		{"echo 12345 6789012>x", false},
		{"echo 2147483648>x", true},
		{"1111111111111111111111</dev/stdin", true},
		{"", false},
	}
	for _, tt := range tests {
		if got := mayHoldLongFd(tt.text); got != tt.want {
			t.Errorf("mayHoldLongFd(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
	// the gate is sound: any digits fitsFd rejects are ten or more
	for n := 1; n <= 9; n++ {
		digits := strconv.Itoa(999999999)[:n]
		if !fitsFd(digits) {
			t.Errorf("fitsFd(%q) = false: the gate would skip it", digits)
		}
	}
}
