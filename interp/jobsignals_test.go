package interp

import "testing"

// TestJobSignalsMatchBash compares with bash the signals kill sends to
// asynchronous subshells (which nash runs in process): trapped ones run
// the subshell's trap and interrupt its wait, ignored ones (including
// SIGINT and SIGQUIT without job control) do nothing, others end it with
// bash's notice. It also checks the notice for the last command of a
// ( ) subshell, which bash execs and reports with the subshell's text.
func TestJobSignalsMatchBash(t *testing.T) {
	norm := ` 2>&1 | sed 's/ *[0-9]\{3,\} / PID /'`
	compareWithBash(t, []string{
		`( trap 'echo got; exit 42' TERM; sleep 5 & wait; echo "w=$?" ) & q=$!
sleep 0.2; kill $q; wait $q; echo "st=$?"`,
		`( trap 'echo got' USR1; sleep 0.5 & wait; echo "w=$?"; exit 3 ) & q=$!
sleep 0.2; kill -USR1 $q; wait $q; echo "st=$?"`,
		`( trap 'echo usr' USR2; sleep 5 & p=$!; wait $p; echo "wp=$?"; kill $p ) & q=$!
sleep 0.2; kill -USR2 $q; wait $q; echo "st=$?"`,
		`( trap 'echo hup' HUP; sleep 0.4; echo after ) & q=$!
sleep 0.2; kill -HUP $q; wait $q; echo "st=$?"`,
		`( trap '' TERM; sleep 0.4; echo survived ) & q=$!
sleep 0.2; kill $q; wait $q; echo "st=$?"`,
		// in a subshell: the in-process runner's own trap '' would
		// ignore the signal in the test process
		`( trap '' USR1; ( sleep 0.4; echo survived ) & q=$!
sleep 0.2; kill -USR1 $q; wait $q; echo "st=$?" )`,
		`{ sleep 0.4; echo x; } & sleep 0.1; kill -INT $!; wait $!; echo "int=$?"
{ sleep 0.4; echo x; } & sleep 0.1; kill -QUIT $!; wait $!; echo "quit=$?"`,
		`{ { sleep 1; } & kill -9 $!; wait $!; echo "st=$?"; }` + norm,
		`( trap 'echo t' TERM; trap - TERM; sleep 1; echo after ) & q=$!; sleep 0.2; kill $q; wait $q; echo "st=$?"`,
		`{ ( true && sh -c 'kill -KILL $$' ); echo "g=$?"; }` + norm,
		`{ ( sh -c 'kill -KILL $$' ); echo "a=$?"; }` + norm,
		`{ ( true && sh -c 'kill -KILL $$' >/dev/null ); echo "b=$?"; }` + norm,
		`{ ( ( sh -c 'kill -KILL $$' ) ); echo "c=$?"; }` + norm,
		`{ ( sh -c 'kill -KILL $$'; true ); echo "d=$?"; }` + norm,
		`{ ( trap 'echo x' EXIT; sh -c 'kill -KILL $$' ); echo "e=$?"; }` + norm,
		`{ ( sh -c 'kill -KILL $$' ) & wait $!; echo "f=$?"; }` + norm,
	})
}
