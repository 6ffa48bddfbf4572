#!/usr/bin/env bats
# A small bats suite run under bash and under nash; the TAP output must match.

load helper
bats_require_minimum_version 1.5.0

setup() {
  WORK="$BATS_TEST_TMPDIR/work"
  mkdir -p "$WORK"
  printf 'alpha\nbeta\ngamma\n' >"$WORK/words"
}

teardown() {
  rm -rf "$WORK"
}

@test "load makes helper functions available" {
  [ "$HELPER_LOADED" = yes ]
  run greet nash
  [ "$status" -eq 0 ]
  [ "$output" = "hello, nash" ]
}

@test "BATS_TEST_DIRNAME points at the suite directory" {
  [ -f "$BATS_TEST_DIRNAME/helper.bash" ]
  [ "$(basename "$BATS_TEST_FILENAME")" = suite.bats ]
}

@test "run captures status and output of a failing command" {
  run sh -c 'echo oops >&2; exit 3'
  [ "$status" -eq 3 ]
  [ "$output" = oops ]
}

@test "run splits output into lines" {
  run cat "$WORK/words"
  [ "${#lines[@]}" -eq 3 ]
  [ "${lines[0]}" = alpha ]
  [ "${lines[2]}" = gamma ]
}

@test "pipes and functions" {
  result=$(grep a "$WORK/words" | sort -r | count_lines)
  [ "$result" -eq 3 ]
  run bash -c "printf '%s\n' x y z | tr a-z A-Z | paste -sd, -"
  [ "$output" = "X,Y,Z" ]
}

@test "setup ran and teardown will clean up" {
  [ -d "$WORK" ]
  [ -s "$WORK/words" ]
}

@test "skipped test" {
  skip "not relevant here"
  false
}

@test "deliberately failing test" {
  run echo actual
  [ "$output" = expected ]
}

@test "arithmetic, arrays and parameter expansion" {
  local -a arr=(one two three)
  [ "${#arr[@]}" -eq 3 ]
  [ "${arr[*]:1}" = "two three" ]
  s=abc.tar.gz
  [ "${s%%.*}" = abc ]
  [ "${s#*.}" = tar.gz ]
  [ $(( 6 * 7 )) -eq 42 ]
}

@test "run with ! inverts status" {
  run ! false
  [ "$status" -eq 1 ]
}
