#!/bin/bash
oneTimeSetUp() { echo "one-time setup"; TMPD=$(mktemp -d); }
oneTimeTearDown() { rm -rf "$TMPD"; echo "one-time teardown"; }
setUp() { COUNT=0; }
tearDown() { :; }
testEquality() { assertEquals "equal" 1 1; assertEquals 'msg' "a b" "a b"; }
testFailures() {
  assertEquals "not equal" 1 2
  ${_ASSERT_EQUALS_} '"macro"' 3 4
  assertNotEquals 5 5
  assertContains "haystack" "needle"
  assertNull "x"
  ${_ASSERT_NOT_NULL_} '""'
  assertTrue "[ 1 -eq 2 ]"
  ${_ASSERT_FALSE_} 0
  assertSame a b
}
testStrings() {
  local out
  out=$(printf '%s\n' a b c | sort -r)
  assertEquals "c
b
a" "$out"
  assertTrue 'test -d "$TMPD"'
  assertFalse '[[ abc == b* ]]'
}
testSkip() { startSkipping; assertEquals 1 2; endSkipping; assertEquals 1 1; }
testFail() { fail "explicit failure"; ${_FAIL_} '"macro fail"'; failNotEquals "m" 1 2; }
testExitStatus() { ( exit 3 ); assertEquals 3 $?; false; assertFalse $?; }
testArrays() { local a=(x "y z"); assertEquals 2 ${#a[@]}; assertEquals "y z" "${a[1]}"; }

. shunit2
