suite() {
  suite_addTest testB
  suite_addTest testA
}
testA() { assertEquals A A; }
testB() { assertTrue 'false'; }
testNotRun() { fail "should not run"; }
. shunit2
