#! /bin/sh
# asserts_test.sh: every shunit2 assert, passing and failing, with and
# without a message, on values holding spaces, quotes, backslashes,
# newlines and glob characters; each run in a subshell whose output the
# test helpers check.

commonEqualsSame() {
  fn=$1
  ( ${fn} 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput "${fn} equal" $? "${stdoutF}" "${stderrF}"
  ( ${fn} 'some message' 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput "${fn} equal with message" $? "${stdoutF}" "${stderrF}"
  ( ${fn} 'abc def' 'abc def' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput "${fn} spaces" $? "${stdoutF}" "${stderrF}"
  ( ${fn} 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput "${fn} not equal" $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( ${fn} 'msg "quoted" \back' 'a*b' 'a[b]' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput "${fn} glob" $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( ${fn} 'line1
line2' 'line1
line3' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput "${fn} newline" $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( ${fn} '' '' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput "${fn} null values" $? "${stdoutF}" "${stderrF}"
  ( ${fn} arg1 >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError "${fn} too few arguments" $? "${stdoutF}" "${stderrF}"
  cat "${stderrF}"
}

testAssertEquals() { commonEqualsSame 'assertEquals'; }
testAssertSame() { commonEqualsSame 'assertSame'; }

testAssertNotEquals() {
  ( assertNotEquals 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'not same' $? "${stdoutF}" "${stderrF}"
  ( assertNotEquals 'some message' 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'not same, with message' $? "${stdoutF}" "${stderrF}"
  ( assertNotEquals 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'same' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertNotEquals '' '' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'null values' $? "${stdoutF}" "${stderrF}"
  ( assertNotEquals arg1 >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError 'too few arguments' $? "${stdoutF}" "${stderrF}"
  ( assertNotEquals arg1 arg2 arg3 arg4 >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError 'too many arguments' $? "${stdoutF}" "${stderrF}"
  cat "${stderrF}"
}

testAssertContains() {
  ( assertContains 'abcdef' 'abc' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'found' $? "${stdoutF}" "${stderrF}"
  ( assertContains 'abcdef' 'bcd' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'found middle' $? "${stdoutF}" "${stderrF}"
  ( assertContains 'some message' 'abcdef' 'def' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'found, with message' $? "${stdoutF}" "${stderrF}"
  ( assertContains 'abcdef' 'xyz' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'not found' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertContains 'abcdef' 'zab' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'partial' $? "${stdoutF}" "${stderrF}"
  ( assertContains 'abc.def' '.' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'dot' $? "${stdoutF}" "${stderrF}"
  ( assertContains 'abcdef' '.' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'dot not regex' $? "${stdoutF}" "${stderrF}"
  ( assertContains 'a-b' '-b' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'dash' $? "${stdoutF}" "${stderrF}"
  ( assertContains 'a
b' 'b' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'multiline' $? "${stdoutF}" "${stderrF}"
  ( assertContains 'abcdef' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError 'too few arguments' $? "${stdoutF}" "${stderrF}"
  cat "${stderrF}"
}

testAssertNotContains() {
  ( assertNotContains 'abcdef' 'xyz' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'not found' $? "${stdoutF}" "${stderrF}"
  ( assertNotContains 'abcdef' 'cde' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'found' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertNotContains 'a*c' '*' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'star' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
}

testAssertNull() {
  ( assertNull '' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'null' $? "${stdoutF}" "${stderrF}"
  ( assertNull 'some message' '' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'null, with message' $? "${stdoutF}" "${stderrF}"
  ( assertNull 'x' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'not null' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertNull >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError 'too few arguments' $? "${stdoutF}" "${stderrF}"
  ( assertNull 'a' 'b' 'c' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError 'too many' $? "${stdoutF}" "${stderrF}"
  cat "${stderrF}"
}

testAssertNotNull() {
  ( assertNotNull 'x' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'not null' $? "${stdoutF}" "${stderrF}"
  ( assertNotNull 'x"b' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'embedded double quote' $? "${stdoutF}" "${stderrF}"
  ( assertNotNull "x'b" >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'embedded single quote' $? "${stdoutF}" "${stderrF}"
  ( assertNotNull 'x$b' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'embedded dollar' $? "${stdoutF}" "${stderrF}"
  ( assertNotNull 'x`b' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'embedded backtick' $? "${stdoutF}" "${stderrF}"
  ( assertNotNull 'x\b' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'embedded backslash' $? "${stdoutF}" "${stderrF}"
  ( assertNotNull '' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'null' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( unset x; assertNotNull "${x:-}" >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'unset' $? "${stdoutF}" "${stderrF}"
}

testAssertTrue() {
  ( assertTrue 0 >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'true' $? "${stdoutF}" "${stderrF}"
  ( assertTrue 'some message' 0 >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'true, with message' $? "${stdoutF}" "${stderrF}"
  ( assertTrue '[ 0 -eq 0 ]' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'true condition' $? "${stdoutF}" "${stderrF}"
  ( assertTrue 'test "a" = "a"' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'test command' $? "${stdoutF}" "${stderrF}"
  ( assertTrue 1 >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'false' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertTrue '[ 0 -eq 1 ]' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'false condition' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertTrue '' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'null' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertTrue 'false; true' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'list' $? "${stdoutF}" "${stderrF}"
  ( assertTrue 'msg' '(exit 3)' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'subshell exit' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertTrue >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError 'too few arguments' $? "${stdoutF}" "${stderrF}"
  cat "${stderrF}"
}

testAssertFalse() {
  ( assertFalse 1 >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'false' $? "${stdoutF}" "${stderrF}"
  ( assertFalse 'some message' 1 >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'false, with message' $? "${stdoutF}" "${stderrF}"
  ( assertFalse '[ 0 -eq 1 ]' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'false condition' $? "${stdoutF}" "${stderrF}"
  ( assertFalse 0 >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'true' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( assertFalse '[ 0 -eq 0 ]' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'true condition' $? "${stdoutF}" "${stderrF}"
  ( assertFalse '' >"${stdoutF}" 2>"${stderrF}" )
  th_assertTrueWithNoOutput 'null' $? "${stdoutF}" "${stderrF}"
  ( assertFalse 'no_such_command_x' >"${stdoutF}" 2>"${stderrF}" )
  echo "rc=$?"; cat "${stdoutF}"; sed 's/^.*line [0-9]*: /X: /' "${stderrF}"
  ( assertFalse >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError 'too few arguments' $? "${stdoutF}" "${stderrF}"
  cat "${stderrF}"
}

testSkipping() {
  startSkipping
  ( assertEquals 1 2 >"${stdoutF}" 2>"${stderrF}" )
  echo "skipped rc=$?"; cat "${stdoutF}" "${stderrF}"
  isSkipping; echo "isSkipping=$?"
  endSkipping
  isSkipping; echo "isSkipping=$?"
}

oneTimeSetUp() {
  th_oneTimeSetUp
}

. ./shunit2_test_helpers
[ -n "${ZSH_VERSION:-}" ] && SHUNIT_PARENT=$0
. "${TH_SHUNIT}"
