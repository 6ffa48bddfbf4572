package interp

import "testing"

// The RETURN trap runs after a sourced file too; its $? is the status
// from before a return, and the frame keeps its own status.
func TestReturnTrapStatus(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"source", `trap 'echo RET $?' RETURN; echo false > a.sh; printf 'false\nreturn\n' > b.sh; echo 'return 3' > c.sh; . ./a.sh; echo $?; . ./b.sh; echo $?; . ./c.sh; echo $?`},
		{"function", `trap 'echo RET $?' RETURN; set -T; f(){ return 5; }; f; echo $?; g(){ false; }; g; echo $?`},
	})
}
