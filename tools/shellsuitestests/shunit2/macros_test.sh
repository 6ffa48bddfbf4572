#! /bin/sh
# macros_test.sh: the ${_ASSERT_*_} and ${_FAIL_*_} macros, which expand
# to an eval of the assert with --lineno "${LINENO:-}": the failure
# message must carry the line of the macro's use.

testAssertEquals() {
  isLinenoWorking || startSkipping
  ( ${_ASSERT_EQUALS_} 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  grep '^ASSERT:\[[0-9]*\] *' "${stdoutF}" >/dev/null
  rtrn=$?
  assertTrue '_ASSERT_EQUALS_ failure' ${rtrn}
  cat "${stdoutF}"
  ( ${_ASSERT_EQUALS_} '"some msg"' 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_EQUALS_} '"msg with $dollar"' 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  echo "rc=$?"; cat "${stdoutF}"
}

testAssertNotEquals() {
  ( ${_ASSERT_NOT_EQUALS_} 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_NOT_EQUALS_} '"some msg"' 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
}

testSame() {
  ( ${_ASSERT_SAME_} 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_NOT_SAME_} 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
}

testContains() {
  ( ${_ASSERT_CONTAINS_} 'abc' 'x' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_NOT_CONTAINS_} 'abc' 'b' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
}

testNull() {
  ( ${_ASSERT_NULL_} 'x' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_NULL_} '"some msg"' 'x' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_NOT_NULL_} '""' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
}

testTrueFalse() {
  ( ${_ASSERT_TRUE_} "${SHUNIT_FALSE}" >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_TRUE_} '"some msg"' "${SHUNIT_FALSE}" >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_FALSE_} "${SHUNIT_TRUE}" >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_ASSERT_FALSE_} '"[ 1 = 1 ]"' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
}

testFail() {
  ( ${_FAIL_} >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_FAIL_} '"some msg"' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_FAIL_NOT_EQUALS_} 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_FAIL_SAME_} 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_FAIL_NOT_SAME_} 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_FAIL_FOUND_} 'x' 'x' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  ( ${_FAIL_NOT_FOUND_} 'x' 'y' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
}

testMultiLine() {
  ( ${_ASSERT_EQUALS_} \
      'x' \
      'y' >"${stdoutF}" 2>"${stderrF}" )
  cat "${stdoutF}"
  if true; then
    while :; do
      ( ${_ASSERT_EQUALS_} 'in' 'loop' >"${stdoutF}" 2>"${stderrF}" ); break
    done
  fi
  cat "${stdoutF}"
  x=$( ${_ASSERT_EQUALS_} 'cmd' 'subst' )
  echo "$x"
  f() {
    ${_ASSERT_EQUALS_} 'in' 'func'
  }
  f
}

oneTimeSetUp() {
  th_oneTimeSetUp
}

isLinenoWorking() {
  ln='eval echo "--lineno ${LINENO:-}"'
  case ${ln} in
    --lineno) return ${SHUNIT_FALSE} ;;
  esac
  return ${SHUNIT_TRUE}
}

. ./shunit2_test_helpers
[ -n "${ZSH_VERSION:-}" ] && SHUNIT_PARENT=$0
. "${TH_SHUNIT}"
