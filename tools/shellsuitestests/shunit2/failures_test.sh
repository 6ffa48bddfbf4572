#! /bin/sh
# failures_test.sh: fail, failNotEquals, failSame, failNotSame,
# failFound and failNotFound, with and without messages, with too few or
# too many arguments, and while skipping.

testFail() {
  ( fail >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'fail' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( fail 'some message' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithOutput 'fail with msg' $? "${stdoutF}" "${stderrF}"
  cat "${stdoutF}"
  ( fail 'a' 'b' >"${stdoutF}" 2>"${stderrF}" )
  th_assertFalseWithError 'too many' $? "${stdoutF}" "${stderrF}"
  cat "${stderrF}"
}

testFailTwoArgs() {
  for f in failNotEquals failSame failNotSame failFound failNotFound; do
    ( ${f} 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
    echo "${f} rc=$?"; cat "${stdoutF}" "${stderrF}"
    ( ${f} 'msg' 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
    echo "${f} msg rc=$?"; cat "${stdoutF}" "${stderrF}"
    ( ${f} >"${stdoutF}" 2>"${stderrF}" )
    echo "${f} none rc=$?"; cat "${stdoutF}" "${stderrF}"
    ( ${f} 1 2 3 4 >"${stdoutF}" 2>"${stderrF}" )
    echo "${f} four rc=$?"; cat "${stdoutF}" "${stderrF}"
  done
}

testFailWhileSkipping() {
  startSkipping
  for f in fail failNotEquals failSame failNotSame failFound failNotFound; do
    ( ${f} 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
    echo "${f} rc=$?"; cat "${stdoutF}" "${stderrF}"
  done
}

testRealFailures() {
  assertEquals 'expected failure 1' 'a' 'b'
  assertNull 'expected failure 2' 'x'
  fail 'expected failure 3'
  echo 'after failures'
}

oneTimeSetUp() {
  th_oneTimeSetUp
}

. ./shunit2_test_helpers
[ -n "${ZSH_VERSION:-}" ] && SHUNIT_PARENT=$0
. "${TH_SHUNIT}"
