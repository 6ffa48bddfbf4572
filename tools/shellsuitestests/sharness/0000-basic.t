#!/bin/sh
# 0000-basic.t: sharness testing itself: sub-test scripts written into the
# trash directory and run with $SHELL_PATH, their TAP output compared with
# what is expected (passing, failing, known breakage, fixed breakage,
# --immediate, --verbose, prerequisites, SKIP_TESTS, skip_all, chain
# lint, test_when_finished, test_must_fail and friends).

test_description='Test Sharness itself'

. ./sharness.sh

test_expect_success 'success is reported like this' '
	:
'

test_expect_failure 'pretend we have a known breakage' '
	false
'

run_sub_test_lib_test () {
	name="$1" descr="$2" # stdin is the body of the test code
	prefix="$3"	# optionally run sub-test under command
	opt="$4"	# optionally call the sub-test with options
	mkdir "$name" &&
	(
		cd "$name" &&
		cat >".$name.t" <<-EOF &&
		#!$SHELL_PATH

		test_description='$descr (run in sub sharness)

		This is run in a sub sharness so that we do not get incorrect
		passing metrics
		'

		# Point to the test/sharness.sh, which isn't in ../ as usual
		. "\$SHARNESS_TEST_SRCDIR"/sharness.sh
		EOF
		cat >>".$name.t" &&
		chmod +x ".$name.t" &&
		export SHARNESS_TEST_SRCDIR &&
		$prefix "$SHELL_PATH" ".$name.t" $opt --chain-lint >out 2>err
	)
}

check_sub_test_lib_test () {
	name="$1" # stdin is the expected output from the test
	(
		cd "$name" &&
		! test -s err &&
		sed -e 's/^> //' -e 's/Z$//' >expect &&
		test_cmp expect out
	)
}

test_expect_success 'pretend we have a fully passing test suite' "
	run_sub_test_lib_test full-pass '3 passing tests' <<-\\EOF &&
	for i in 1 2 3
	do
		test_expect_success \"passing test #\$i\" 'true'
	done
	test_done
	EOF
	check_sub_test_lib_test full-pass <<-\\EOF
	> ok 1 - passing test #1
	> ok 2 - passing test #2
	> ok 3 - passing test #3
	> # passed all 3 test(s)
	> 1..3
	EOF
"

test_expect_success 'pretend we have a partially passing test suite' "
	test_must_fail run_sub_test_lib_test \
		partial-pass '2/3 tests passing' <<-\\EOF &&
	test_expect_success 'passing test #1' 'true'
	test_expect_success 'failing test #2' 'false'
	test_expect_success 'passing test #3' 'true'
	test_done
	EOF
	check_sub_test_lib_test partial-pass <<-\\EOF
	> ok 1 - passing test #1
	> not ok 2 - failing test #2
	#	false
	> ok 3 - passing test #3
	> # failed 1 among 3 test(s)
	> 1..3
	EOF
"

test_expect_success 'pretend we have a known breakage' "
	run_sub_test_lib_test failing-todo 'A failing TODO test' <<-\\EOF &&
	test_expect_success 'passing test' 'true'
	test_expect_failure 'pretend we have a known breakage' 'false'
	test_done
	EOF
	check_sub_test_lib_test failing-todo <<-\\EOF
	> ok 1 - passing test
	> not ok 2 - pretend we have a known breakage # TODO known breakage
	> # still have 1 known breakage(s)
	> # passed all remaining 1 test(s)
	> 1..2
	EOF
"

test_expect_success 'pretend we have fixed a known breakage' "
	run_sub_test_lib_test passing-todo 'A passing TODO test' <<-\\EOF &&
	test_expect_failure 'pretend we have fixed a known breakage' 'true'
	test_done
	EOF
	check_sub_test_lib_test passing-todo <<-\\EOF
	> ok 1 - pretend we have fixed a known breakage # TODO known breakage vanished
	> # 1 known breakage(s) vanished; please update test(s)
	> 1..1
	EOF
"

test_expect_success 'pretend we have a pass, fail, and known breakage' "
	test_must_fail run_sub_test_lib_test \
		mixed-results1 'mixed results #1' <<-\\EOF &&
	test_expect_success 'passing test' 'true'
	test_expect_success 'failing test' 'false'
	test_expect_failure 'pretend we have a known breakage' 'false'
	test_done
	EOF
	check_sub_test_lib_test mixed-results1 <<-\\EOF
	> ok 1 - passing test
	> not ok 2 - failing test
	> #	false
	> not ok 3 - pretend we have a known breakage # TODO known breakage
	> # still have 1 known breakage(s)
	> # failed 1 among remaining 2 test(s)
	> 1..3
	EOF
"

test_expect_success 'pretend we have a mix of all possible results' "
	test_must_fail run_sub_test_lib_test \
		mixed-results2 'mixed results #2' <<-\\EOF &&
	test_expect_success 'passing test' 'true'
	test_expect_success 'passing test' 'true'
	test_expect_success 'failing test' 'false'
	test_expect_success 'failing test' 'false'
	test_expect_failure 'pretend we have a known breakage' 'false'
	test_expect_failure 'pretend we have fixed a known breakage' 'true'
	test_done
	EOF
	check_sub_test_lib_test mixed-results2 <<-\\EOF
	> ok 1 - passing test
	> ok 2 - passing test
	> not ok 3 - failing test
	> #	false
	> not ok 4 - failing test
	> #	false
	> not ok 5 - pretend we have a known breakage # TODO known breakage
	> ok 6 - pretend we have fixed a known breakage # TODO known breakage vanished
	> # 1 known breakage(s) vanished; please update test(s)
	> # still have 1 known breakage(s)
	> # failed 2 among remaining 4 test(s)
	> 1..6
	EOF
"

test_expect_success 'pretend we have some unstable tests with --immediate' "
	test_must_fail run_sub_test_lib_test \
		immediate 'stop at first failure' '' --immediate <<-\\EOF &&
	test_expect_success 'passing test' 'true'
	test_expect_success 'failing test' 'printf \"one\\ttwo\" && false'
	test_expect_success 'never' 'true'
	test_done
	EOF
	check_sub_test_lib_test immediate <<-\\EOF
	> ok 1 - passing test
	> not ok 2 - failing test
	> #	printf \"one\\ttwo\" && false
	EOF
"

test_expect_success 'verbose output of tests and a broken chain' "
	run_sub_test_lib_test verbose 'verbose' '' --verbose <<-\\EOF
	test_expect_success 'speaks' 'echo out; echo err >&2'
	test_expect_success 'multi
	line' '
		x=1 &&
		echo \"x=\$x\"
	'
	test_done
	EOF
	cat verbose/out verbose/err &&
	test_must_fail run_sub_test_lib_test broken-chain 'broken chain' <<-\\EOF &&
	test_expect_success 'chain' '
		true
		true
	'
	test_done
	EOF
	cat broken-chain/out broken-chain/err
"

test_expect_success 'prerequisites and skipping' "
	run_sub_test_lib_test prereqs 'prerequisites' <<-\\EOF &&
	test_set_prereq HAVEIT
	test_set_prereq OTHER
	test_expect_success HAVEIT 'have it' 'true'
	test_expect_success MISSING 'missing' 'false'
	test_expect_success !MISSING 'not missing' 'true'
	test_expect_success HAVEIT,!OTHER 'negated present' 'false'
	test_expect_success HAVEIT,OTHER 'both' 'true'
	test_have_prereq MISSING,HAVEIT || echo \"missing: \$missing_prereq\"
	test_done
	EOF
	cat prereqs/out &&
	SKIP_TESTS='.skiptests.2 .skip*.4' && export SKIP_TESTS &&
	run_sub_test_lib_test skiptests 'skip tests' <<-\\EOF &&
	for i in 1 2 3 4 5; do test_expect_success \"t\$i\" 'true'; done
	test_done
	EOF
	cat skiptests/out &&
	SKIP_TESTS=.skipall && export SKIP_TESTS &&
	run_sub_test_lib_test skipall 'skip all' <<-\\EOF &&
	test_expect_success 'never' 'false'
	test_done
	EOF
	cat skipall/out &&
	unset SKIP_TESTS &&
	run_sub_test_lib_test skipvar 'skip_all var' <<-\\EOF &&
	skip_all='no reason at all'
	test_done
	EOF
	cat skipvar/out
"

test_expect_success 'test helpers' "
	test_must_fail run_sub_test_lib_test helpers 'helpers' <<-\\EOF &&
	test_expect_success 'must fail' 'test_must_fail false'
	test_expect_success 'must fail on success' 'test_must_fail true'
	test_expect_success 'must fail on signal' 'test_must_fail sh -c \"kill -TERM \\\$\\\$\"'
	test_expect_success 'might fail' 'test_might_fail false && test_might_fail true'
	test_expect_success 'expect code' 'test_expect_code 3 sh -c \"exit 3\"'
	test_expect_success 'expect wrong code' 'test_expect_code 3 sh -c \"exit 4\"'
	test_expect_success 'seq' 'test_seq 3 >s && test_seq 2 4 >>s && cat s'
	test_expect_success 'empty' 'touch e && test_must_be_empty e'
	test_expect_success 'not empty' 'echo x >ne && test_must_be_empty ne'
	test_expect_success 'cmp differs' 'echo a >a && echo b >b && test_cmp a b'
	test_expect_success 'when finished' '
		test_when_finished \"echo cleanup ran >&3; rm -f wf\" &&
		touch wf &&
		false
	'
	test_expect_success 'wf gone' 'test ! -f wf'
	test_expect_success 'return early' 'return 0; false'
	test_expect_success 'debug' 'test_debug \"echo debugging\"'
	test_done
	EOF
	cat helpers/out helpers/err
"

test_expect_success 'test_done, cleanup and the trash directory' "
	run_sub_test_lib_test finalclean 'final cleanup' '' --debug <<-\\EOF &&
	final_cleanup='echo final cleanup ran'
	test_expect_success 'home is trash' 'test \"\$HOME\" = \"\$SHARNESS_TRASH_DIRECTORY\" && echo \$TERM \$LANG \$LC_ALL \$TZ'
	test_expect_success 'debug' 'test_debug \"echo debugging\"'
	test_done
	EOF
	cat finalclean/out finalclean/err &&
	ls -a finalclean | sed 's/[0-9][0-9]*/N/' &&
	test_must_fail run_sub_test_lib_test unexpected 'unexpected exit' <<-\\EOF &&
	test_expect_success 'ok' 'true'
	exit 0
	EOF
	cat unexpected/out unexpected/err &&
	test_must_fail run_sub_test_lib_test badopt 'bad option' '' --no-such-option <<-\\EOF &&
	test_done
	EOF
	cat badopt/out badopt/err &&
	run_sub_test_lib_test help 'help' '' --help <<-\\EOF &&
	test_done
	EOF
	cat help/out
"

test_done
