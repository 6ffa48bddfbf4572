package interp

import (
	"testing"
	"time"
)

func TestFormatTime(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		format, want    string
		real, user, sys time.Duration
	}{
		{bashTimeFormat, "\nreal\t0m1.234s\nuser\t0m0.010s\nsys\t1m2.000s\n", 1234 * ms, 10 * ms, 62000 * ms},
		{posixTimeFormat, "real 1.23\nuser 0.01\nsys 62.00\n", 1239 * ms, 10 * ms, 62000 * ms},
		{"%0R %1lR %%R %P fmt", "1 0m1.9s %R 50.02 fmt\n", 1999 * ms, 500 * ms, 500 * ms},
		{"trailing %", "trailing %\n", 0, 0, 0},
	} {
		got, _, ok := formatTime(c.format, c.real, c.user, c.sys)
		if !ok || got != c.want {
			t.Errorf("formatTime(%q) = %q, %v; want %q", c.format, got, ok, c.want)
		}
	}
	if _, bad, ok := formatTime("%3x", 0, 0, 0); ok || bad != 'x' {
		t.Errorf("%%3x: got bad %q ok %v", bad, ok)
	}
}

func TestTimeFormatAgainstBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"timeformat", `TIMEFORMAT=fmt; time; time true; TIMEFORMAT='%%|%0U'; time true; TIMEFORMAT=; time true 2>&1; TIMEFORMAT='%y'; time true; echo $?`},
	})
}
