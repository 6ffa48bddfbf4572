#!/bin/sh
# 0002-edges.t: the edges of sharness: a test body that exits (FATAL via
# the EXIT trap), set -e and traps inside bodies, reading stdin (which is
# /dev/null), test_pause without --verbose, --root, a sharness.d
# extension, SHARNESS_TEST_EXTENSION, a body that is a long &&-chain with
# a here-document under --chain-lint, and test_when_finished nesting.

test_description='sharness edge cases'

. ./sharness.sh

sub () {
	name=$1
	shift
	mkdir -p "$name" &&
	cat >"$name/$name.t" &&
	(cd "$name" && SHARNESS_TEST_SRCDIR=$SHARNESS_TEST_SRCDIR && export SHARNESS_TEST_SRCDIR &&
	"$SHELL_PATH" "$name.t" "$@" >out 2>err; echo "exit $?" >>out)
	sed "s#$SHARNESS_TRASH_DIRECTORY#TRASH#g" "$name/out" "$name/err"
}

test_expect_success 'a body that exits' '
	sub exiting <<-\EOF
	test_description="exits"
	. "$SHARNESS_TEST_SRCDIR/sharness.sh"
	test_expect_success "exit 3" "exit 3"
	test_done
	EOF
'

test_expect_success 'set -e, traps and stdin' '
	sub setetrap --verbose <<-\EOF
	test_description="set -e"
	. "$SHARNESS_TEST_SRCDIR/sharness.sh"
	test_expect_success "read from stdin" "read x; echo \"read rc=\$? x=[\$x]\""
	test_expect_success "trap in subshell" "(trap \"echo bye\" EXIT; true)"
	test_expect_success "set -e in subshell" "(set -e; false; echo not here) || echo caught"
	test_expect_success "local in function" "f() { local v=inner; echo \$v; }; v=outer; f && echo \$v"
	test_done
	EOF
'

test_expect_success 'test_pause without verbose' '
	sub pause <<-\EOF
	test_description="pause"
	. "$SHARNESS_TEST_SRCDIR/sharness.sh"
	test_expect_success "pause" "test_pause"
	test_done
	EOF
'

test_expect_success '--root and extensions' '
	mkdir -p ext/sharness.d &&
	cp "$SHARNESS_TEST_SRCDIR/sharness.sh" ext/ &&
	echo "ext_loaded=yes" >ext/sharness.d/one.sh &&
	echo "return 3" >ext/sharness.d/two.sh &&
	cat >ext/ext.t <<-\EOF &&
	test_description="extensions"
	. ./sharness.sh
	test_expect_success "ext" "test \"\$ext_loaded\" = yes"
	test_done
	EOF
	(cd ext && unset SHARNESS_TEST_SRCDIR SHARNESS_TEST_DIRECTORY SHARNESS_BUILD_DIRECTORY && "$SHELL_PATH" ext.t --debug; echo "exit $?") 2>&1 | sed "s#$SHARNESS_TRASH_DIRECTORY#TRASH#g" &&
	rm ext/sharness.d/two.sh &&
	(cd ext && unset SHARNESS_TEST_SRCDIR SHARNESS_TEST_DIRECTORY SHARNESS_BUILD_DIRECTORY && "$SHELL_PATH" ext.t --root="$PWD/rootdir"; echo "exit $?") 2>&1 &&
	ls -a rootdir ext | sed "s/[0-9][0-9]*/N/"
'

test_expect_success 'chain lint with a here-document' '
	sub chain <<-\EOF
	test_description="chain"
	. "$SHARNESS_TEST_SRCDIR/sharness.sh"
	test_expect_success "good" "
		cat >f <<-\\EOT &&
		x
		EOT
		test -s f
	"
	test_expect_success "bad" "
		cat >f <<-\\EOT
		x
		EOT
		test -s f
	"
	test_done
	EOF
'

test_expect_success 'nested test_when_finished and return codes' '
	sub finished -v <<-\EOF
	test_description="finished"
	. "$SHARNESS_TEST_SRCDIR/sharness.sh"
	test_expect_success "two cleanups" "
		test_when_finished \"echo first\" &&
		test_when_finished \"echo second\" &&
		true
	"
	test_expect_success "cleanup fails" "
		test_when_finished false &&
		true
	"
	test_expect_success "code" "test_expect_code 0 true"
	test_expect_success "might fail signal" "test_might_fail sh -c \"kill -PIPE \\\$\\\$\""
	test_done
	EOF
'

test_done
