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
	// The subshell creates $d/r once its traps are set; w waits for it
	// (and a little more, for the subshell to reach its wait or sleep).
	// A fixed sleep instead lost the race on a loaded machine, where a
	// subshell can take longer than that to start.
	ready := func(src string) string {
		return `d=$(mktemp -d); w() { until [ -e $d/r ]; do sleep 0.01; done; sleep 0.1; }
` + src + `
rm -rf $d`
	}
	compareWithBash(t, []string{
		ready(`( trap 'echo got; exit 42' TERM; sleep 5 & : >$d/r; wait; echo "w=$?" ) & q=$!
w; kill $q; wait $q; echo "st=$?"`),
		ready(`( trap 'echo got' USR1; sleep 1 & : >$d/r; wait; echo "w=$?"; exit 3 ) & q=$!
w; kill -USR1 $q; wait $q; echo "st=$?"`),
		ready(`( trap 'echo usr' USR2; sleep 5 & p=$!; : >$d/r; wait $p; echo "wp=$?"; kill $p ) & q=$!
w; kill -USR2 $q; wait $q; echo "st=$?"`),
		ready(`( trap 'echo hup' HUP; : >$d/r; sleep 0.4; echo after ) & q=$!
w; kill -HUP $q; wait $q; echo "st=$?"`),
		ready(`( trap '' TERM; : >$d/r; sleep 0.4; echo survived ) & q=$!
w; kill $q; wait $q; echo "st=$?"`),
		// in a subshell: the in-process runner's own trap '' would
		// ignore the signal in the test process
		`( trap '' USR1; ( sleep 0.4; echo survived ) & q=$!
sleep 0.2; kill -USR1 $q; wait $q; echo "st=$?" )`,
		ready(`{ : >$d/r; sleep 0.4; echo x; } & w; kill -INT $!; wait $!; echo "int=$?"
rm $d/r; { : >$d/r; sleep 0.4; echo x; } & w; kill -QUIT $!; wait $!; echo "quit=$?"`),
		`{ { sleep 1; } & kill -9 $!; wait $!; echo "st=$?"; }` + norm,
		ready(`( trap 'echo t' TERM; trap - TERM; : >$d/r; sleep 1; echo after ) & q=$!; w; kill $q; wait $q; echo "st=$?"`),
		`{ ( true && sh -c 'kill -KILL $$' ); echo "g=$?"; }` + norm,
		`{ ( sh -c 'kill -KILL $$' ); echo "a=$?"; }` + norm,
		`{ ( true && sh -c 'kill -KILL $$' >/dev/null ); echo "b=$?"; }` + norm,
		`{ ( ( sh -c 'kill -KILL $$' ) ); echo "c=$?"; }` + norm,
		`{ ( sh -c 'kill -KILL $$'; true ); echo "d=$?"; }` + norm,
		`{ ( trap 'echo x' EXIT; sh -c 'kill -KILL $$' ); echo "e=$?"; }` + norm,
		`{ ( sh -c 'kill -KILL $$' ) & wait $!; echo "f=$?"; }` + norm,
	})
}
