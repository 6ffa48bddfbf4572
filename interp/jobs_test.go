package interp

import "testing"

func TestJobSpecResolve(t *testing.T) {
	tb := newJobTable()
	j1 := tb.add(101, "sleep 30")
	j2 := tb.add(102, "sleep 31")
	j3 := tb.add(103, "echo hi | cat")
	tb.add(104, "procsubst")
	cases := []struct {
		spec string
		want *job
		err  jobSpecError
	}{
		{"%1", j1, 0}, {"1", j1, 0}, {"%3", j3, 0}, {"%4", nil, noSuchJob},
		{"%%", j3, 0}, {"%+", j3, 0}, {"%", j3, 0}, {"%-", j2, 0},
		{"%echo", j3, 0}, {"%sleep", nil, ambiguousJob}, {"%sleep 31", j2, 0},
		{"%?HI", j3, 0}, {"%?3", nil, ambiguousJob}, {"%nope", nil, noSuchJob},
		{"", nil, noSuchJob},
	}
	for _, c := range cases {
		got, err := tb.resolve(c.spec)
		if got != c.want || err != c.err {
			t.Errorf("resolve(%q) = %v, %v; want %v, %v", c.spec, got, err, c.want, c.err)
		}
	}
	// removing the previous job makes the newest older running job
	// previous; removing all resets numbering
	tb.remove(j2)
	if got, _ := tb.resolve("%-"); got != j1 {
		t.Errorf("after removing %%2, %%- = %v; want job 1", got)
	}
	j3.finish(0)
	tb.remove(j3)
	if got, _ := tb.resolve("%+"); got != j1 {
		t.Errorf("after removing %%3, %%+ = %v; want job 1", got)
	}
	if got, _ := tb.resolve("%-"); got != j1 {
		t.Errorf("single job is both %%+ and %%-; got %v", got)
	}
	tb.forget(j1)
	if j := tb.add(105, "true"); j.id != 1 {
		t.Errorf("numbering restarts at 1 in an empty table, got %d", j.id)
	}
	for i := range 2 {
		// found again outside POSIX mode (bash's bgp_search)
		if st, ok := tb.savedStatus(102, false); !ok || st != 0 {
			t.Errorf("lookup %d: removed job's pid keeps its status: %v %v", i, st, ok)
		}
	}
	if st, ok := tb.savedStatus(103, true); !ok || st != 0 {
		t.Errorf("removed job's pid keeps its status: %v %v", st, ok)
	}
	if _, ok := tb.savedStatus(103, true); ok {
		t.Errorf("POSIX mode forgets a saved status once wait has returned it")
	}
	if _, ok := tb.savedStatus(101, false); ok {
		t.Errorf("a reaped job's pid is forgotten")
	}
}
