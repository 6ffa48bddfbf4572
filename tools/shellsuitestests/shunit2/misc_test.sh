#! /bin/sh
# misc_test.sh: whole unit-test scripts written into SHUNIT_TMPDIR and run
# with ${SHUNIT_SHELL:-sh}: set -u and set -e in tests, exit and signals
# inside a test (the EXIT, INT and TERM traps), test selection on the
# command line, suite(), SHUNIT_TEST_PREFIX, colour, standalone mode,
# setUp/tearDown order and failing fixtures.

runUnit() {
  # runUnit NAME [ARGS...]: writes ${unittestF} first, then runs it
  rname=$1
  shift
  ( exec "${SHUNIT_SHELL:-sh}" "${unittestF}" "$@" >"${stdoutF}" 2>"${stderrF}" )
  rtrn=$?
  echo "--- ${rname} rc=${rtrn}"
  sed "s#${SHUNIT_TMPDIR}#TMP#g" "${stdoutF}"
  echo "--- stderr"
  sed -e "s#${SHUNIT_TMPDIR}#TMP#g" -e 's/line [0-9]*:/line N:/' "${stderrF}" | grep -v 'egrep: warning'
}

mkUnit() {
  cat >"${unittestF}"
  echo ". '${TH_SHUNIT}'" >>"${unittestF}"
}

testUnboundVariable() {
  mkUnit <<'EOF2'
set -u
testUnbound() { echo "value ${no_such_var_}"; echo 'not reached'; }
testAfter() { assertTrue 0; }
EOF2
  runUnit unbound
}

testSetE() {
  mkUnit <<'EOF2'
set -e
testFalse() { false; echo 'after false'; }
testOk() { assertEquals 1 1; }
EOF2
  runUnit sete
}

testExitInTest() {
  mkUnit <<'EOF2'
testExit() { echo 'exiting'; exit 3; }
testNever() { echo 'never'; }
tearDown() { echo 'tearDown'; }
oneTimeTearDown() { echo 'oneTimeTearDown'; }
EOF2
  runUnit exit
}

testTermSignal() {
  mkUnit <<'EOF2'
testKill() { echo 'killing'; kill -TERM $$; echo 'after kill'; }
testNever() { echo 'never'; }
oneTimeTearDown() { echo 'oneTimeTearDown'; }
EOF2
  runUnit term
}

testIntSignal() {
  mkUnit <<'EOF2'
testKill() { echo 'interrupting'; kill -INT $$; echo 'after int'; }
oneTimeTearDown() { echo 'oneTimeTearDown'; }
EOF2
  runUnit int
}

testSelection() {
  mkUnit <<'EOF2'
testA() { echo A; }
testB() { echo B; }
testC() { echo C; }
EOF2
  runUnit select -- testC testA
}

testSuite() {
  mkUnit <<'EOF2'
suite() { suite_addTest testTwo; suite_addTest helperOne; }
testOne() { echo one; }
testTwo() { echo two; }
helperOne() { echo helper; assertEquals 'x' 'y'; }
EOF2
  runUnit suite
}

testPrefixAndFunctionKeyword() {
  mkUnit <<'EOF2'
SHUNIT_TEST_PREFIX='pre: '
function testKeyword { assertEquals 'a' 'b'; }
  testIndented () { echo indented; }
test_under_score() { assertNotNull ''; }
EOF2
  runUnit prefix
}

testColor() {
  mkUnit <<'EOF2'
SHUNIT_COLOR=always
testPass() { assertTrue 0; }
testFail() { assertTrue 1; }
testSkip() { startSkipping; assertTrue 1; }
EOF2
  ( export TERM=xterm; runUnit color )
}

testFixtures() {
  mkUnit <<'EOF2'
oneTimeSetUp() { echo "oneTimeSetUp $#"; }
setUp() { echo "setUp ${_shunit_test_:-}"; }
tearDown() { echo "tearDown ${_shunit_test_:-}"; return 1; }
oneTimeTearDown() { echo 'oneTimeTearDown'; }
testOne() { echo one; }
testTwo() { echo two; assertEquals 1 2; }
EOF2
  runUnit fixtures
}

testFailingOneTimeSetUp() {
  mkUnit <<'EOF2'
oneTimeSetUp() { echo 'oneTimeSetUp fails'; return 1; }
testOne() { echo one; }
EOF2
  runUnit onetimesetup
}

testFailingSetUp() {
  mkUnit <<'EOF2'
setUp() { echo setUp; return 1; }
testOne() { echo one; }
EOF2
  runUnit setup
}

testStandalone() {
  cat >"${unittestF}" <<'EOF2'
testStandaloneOne() { assertEquals 'standalone' 'standalone'; echo "parent=${SHUNIT_PARENT:-unset}"; }
testStandaloneTwo() { assertContains 'abc' 'd'; }
EOF2
  ( exec "${SHUNIT_SHELL:-sh}" "${TH_SHUNIT}" "${unittestF}" >"${stdoutF}" 2>"${stderrF}" )
  echo "standalone rc=$?"
  sed "s#${SHUNIT_TMPDIR}#TMP#g" "${stdoutF}" "${stderrF}" | grep -v 'egrep: warning'
}

testTmpdir() {
  mkUnit <<'EOF2'
testTmp() {
  case ${SHUNIT_TMPDIR} in /*/tmp) echo 'tmpdir ok' ;; esac
  [ -d "${SHUNIT_TMPDIR}" ] && echo 'is dir'
  touch "${SHUNIT_TMPDIR}/f" && echo 'writable'
  command -v noexec >/dev/null && echo 'phantom noexec found'
}
EOF2
  runUnit tmpdir
}

testReadonlyConstants() {
  mkUnit <<'EOF2'
testRO() {
  ( __SHUNIT_MODE_SOURCED=x ) 2>&1 | sed 's/^.*: line [0-9]*: /X: /'
  readonly -p | grep -c __SHUNIT_
  echo "version ${SHUNIT_VERSION}"
}
EOF2
  runUnit readonly
}

# the test functions inside the here-documents are not this file's tests
suite() {
  suite_addTest testUnboundVariable
  suite_addTest testSetE
  suite_addTest testExitInTest
  suite_addTest testTermSignal
  suite_addTest testIntSignal
  suite_addTest testSelection
  suite_addTest testSuite
  suite_addTest testPrefixAndFunctionKeyword
  suite_addTest testColor
  suite_addTest testFixtures
  suite_addTest testFailingOneTimeSetUp
  suite_addTest testFailingSetUp
  suite_addTest testStandalone
  suite_addTest testTmpdir
  suite_addTest testTmp
  suite_addTest testReadonlyConstants
  suite_addTest testRO
}

oneTimeSetUp() {
  th_oneTimeSetUp
  unittestF="${SHUNIT_TMPDIR}/unittest"
}

. ./shunit2_test_helpers
[ -n "${ZSH_VERSION:-}" ] && SHUNIT_PARENT=$0
. "${TH_SHUNIT}"
