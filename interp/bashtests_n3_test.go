package interp

import "testing"

// The CHLD trap runs once per child that ends (bash reaps each one),
// counting the subshells, substitutions and pipeline stages bash forks.
func TestChldTrapPerChildMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"bg-wait", `trap 'echo chld' CHLD; sleep 0.3 & sleep 0.2 & sleep 0.1 & wait; echo after`},
		{"forks", `trap 'echo chld' CHLD; echo a; /bin/true; echo b; x=$(echo hi); echo c; echo d | cat; echo e; ( /bin/true; /bin/true ); echo f; g() { /bin/true; }; g; echo h`},
	})
}

// Coprocess fds are the high fds bash's sh_openpipe picks (63 and 60),
// and an ended coprocess is disposed of: fds closed, variables unset.
func TestCoprocFdsAndDisposeMatchBash(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"fds", `coproc { echo a b c; sleep 0.2; }; echo ${COPROC[@]}; read l <&${COPROC[0]}; echo $l; wait $COPROC_PID; coproc R { cat; }; echo ${R[@]}; echo x >&${R[1]}; read l <&${R[0]}; echo $l; { sleep 0.2; kill $R_PID; } & wait $R_PID; echo st=$?`},
		{"dispose", `coproc C { true; }; sleep 0.2; : ; echo "[${C[@]}] [${C_PID-unset}]"`},
	})
}
