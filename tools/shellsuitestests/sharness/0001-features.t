#!/bin/sh
# 0001-features.t: ordinary tests as a project writes them: here-documents,
# loops and pipes inside test bodies, test_cmp on generated files,
# functions and variables shared between tests, subshells, traps and the
# file descriptors 3 and 4 that --verbose routes.

test_description='Ordinary sharness tests'

. ./sharness.sh

test_expect_success 'setup files' '
	cat >expect <<-\EOF &&
	line one
	line	two
	EOF
	printf "line one\nline\ttwo\n" >actual &&
	test_cmp expect actual
'

counter=0
bump() { counter=$((counter + 1)); }

test_expect_success 'shared state' '
	bump && bump &&
	test $counter = 2
'

test_expect_success 'state after a test' '
	test $counter = 2
'

test_expect_success 'loops and pipes' '
	for i in 3 1 2; do echo $i; done | sort >sorted &&
	test_seq 1 3 >want &&
	test_cmp want sorted
'

test_expect_success 'fd 3 and 4' '
	echo to-three >&3 &&
	echo to-four >&4 &&
	echo stdout &&
	echo stderr >&2
'

test_expect_success 'subshell and trap' '
	(
		trap "echo trapped >&3" EXIT
		exit 0
	) &&
	out=$(sh -c "echo \$0" 2>&1) &&
	test -n "$out"
'

test_expect_success 'variables set in a test persist' '
	persisted=yes
'

test_expect_success 'and are seen later' '
	test "$persisted" = yes
'

test_expect_failure 'known bug' '
	test 1 = 2
'

test_expect_success 'local files in the trash directory' '
	pwd | grep "trash directory.0001-features$" &&
	ls >listing &&
	grep expect listing
'

test_expect_success 'case and parameter expansion' '
	v="a/b/c.txt" &&
	test "${v##*/}" = c.txt &&
	test "${v%.*}" = a/b/c &&
	case $v in */c.*) : ;; *) false ;; esac
'

test_done
