#! /bin/sh
# internals_test.sh: shunit2's internal helpers: _shunit_escapeCharInStr
# and _shunit_escapeCharactersInString (unquoted ''${s}'' word splitting
# and globbing before sed), _shunit_prepForSourcing,
# _shunit_extractTestFunctions on a script with every form of test
# function definition, _shunit_configureColor and _shunit_colors with
# TERM set, unset and unknown, and the assert counters.

testEscapeCharInStr() {
  for c in '"' '$' "'" '`' '\' '*'; do
    for s in "a${c}b" "${c}start" "end${c}" "two ${c} spaces  here" "x${c}${c}y" 'a*b [c]'; do
      printf '%s | %s | %s\n' "${c}" "${s}" "`_shunit_escapeCharInStr "${c}" "${s}"`"
    done
  done
  printf 'empty: [%s]\n' "`_shunit_escapeCharInStr '"' ''`"
}

testEscapeCharactersInString() {
  for s in 'plain' 'some "double" quotes' "single 'quote'" 'dollar $HOME' 'back`tick`' \
      'mixed "$x" `y` '"'z'" 'glob * ? [a]' '  leading and trailing  ' 'tab	here'; do
    printf '%s => %s\n' "${s}" "`_shunit_escapeCharactersInString "${s}"`"
  done
}

testPrepForSourcing() {
  for p in /abs/path ./rel rel 'with space' ../up ''; do
    echo "[${p}] -> [`_shunit_prepForSourcing "${p}"`]"
  done
}

testExtractTestFunctions() {
  f="${SHUNIT_TMPDIR}/extract_test.sh"
  cat <<'EOF2' >"${f}"
testABC() { echo 'ABC'; }
test_def() {
  echo 'def'
}
testG3 ()
{
  echo 'G3'
}
function test4() { echo '4'; }
	testFive() { echo '5'; }
some_test_function() { echo 'some func'; }
function test6 { echo '6'; }
test_with-dash() { echo 'dash'; }
#testCommented() { :; }
 testSpaced  () { :; }
EOF2
  _shunit_extractTestFunctions "${f}" 2>/dev/null
}

testColors() {
  for t in xterm dumb vt100 no-such-term ''; do
    ( TERM=$t; [ -z "$t" ] && unset TERM
      printf '%s: colors=%s ' "${t:-unset}" "`_shunit_colors`"
      _shunit_configureColor auto
      printf 'red=[%s]\n' "${__shunit_ansi_red}" )
  done
  ( _shunit_configureColor bogus ) 2>&1
  echo "rc=$?"
}

testCounters() {
  ( assertEquals 1 1; assertEquals 1 2; startSkipping; assertEquals 1 2; endSkipping
    echo "total=${__shunit_assertsTotal} passed=${__shunit_assertsPassed} failed=${__shunit_assertsFailed} skipped=${__shunit_assertsSkipped}" )
}

# the test functions inside the here-document are not this file's tests
suite() {
  suite_addTest testEscapeCharInStr
  suite_addTest testEscapeCharactersInString
  suite_addTest testPrepForSourcing
  suite_addTest testExtractTestFunctions
  suite_addTest testColors
  suite_addTest testCounters
}

oneTimeSetUp() {
  th_oneTimeSetUp
}

. ./shunit2_test_helpers
[ -n "${ZSH_VERSION:-}" ] && SHUNIT_PARENT=$0
. "${TH_SHUNIT}"
