#!/usr/bin/env bats
load helper

setup_file() {
  export FILE_VAR=filevalue
}

teardown_file() {
  :
}

setup() {
  TMPV=set
}

teardown() {
  unset TMPV
}

@test "passes simply" {
  [ 1 -eq 1 ]
}

@test "run captures output and status" {
  run helper_fn abc
  [ "$status" -eq 0 ]
  [ "$output" = "helper abc" ]
  [ "${lines[0]}" = "helper abc" ]
}

@test "fails with a plain test" {
  x=3
  [ "$x" -eq 4 ]
}

@test "fails in helper function" {
  echo some output
  fails_in_helper
}

@test "skipped test" {
  skip "not today"
  false
}

@test "skip without reason" {
  skip
}

@test "setup_file variable visible" {
  [ "$FILE_VAR" = filevalue ]
  [ "$TMPV" = set ]
}

@test "run with status check -1" {
  run -1 false
  run ! true
}

@test "run --separate-stderr" {
  run --separate-stderr bash -c 'echo out; echo err >&2'
  [ "$output" = out ]
  [ "$stderr" = err ]
}

@test "failing command in middle with set -e" {
  true
  false
  echo never
}

@test "multi-line failure inside if" {
  if true; then
    [ "a" = "b" ]
  fi
}

@test "bats_pipe" {
  run bats_pipe echo hi \| tr a-z A-Z
  [ "$output" = HI ]
}

@test "failing run status" {
  run bash -c 'exit 3'
  [ "$status" -eq 0 ]
}

@test "output to fd 3" {
  echo "# to fd3" >&3
}

@test "test with 'quotes' and \$dollar" {
  true
}

@test "BATS variables" {
  [ -n "$BATS_TEST_FILENAME" ]
  [ "$BATS_TEST_NAME" = "test_BATS_variables" ]
  [ "$BATS_TEST_NUMBER" -eq 16 ]
  [ "$BATS_TEST_DESCRIPTION" = "BATS variables" ]
}
