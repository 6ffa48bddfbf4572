package interp

import "testing"

// TestAppendString checks x+=y's in-place append, including the empty
// cases where the buffer has no first byte.
func TestAppendString(t *testing.T) {
	steps := []struct{ add, want string }{
		{"", ""}, {"", ""}, {"a", "a"}, {"", "a"}, {"bc", "abc"},
	}
	var buf []byte
	s := ""
	for i, st := range steps {
		s = appendString(&buf, s, st.add)
		if s != st.want {
			t.Fatalf("step %d: appending %q gave %q, want %q", i, st.add, s, st.want)
		}
	}
	var fresh []byte
	if got := appendString(&fresh, "", ""); got != "" {
		t.Fatalf(`"" + "" = %q`, got)
	}
}
