# bats features and the bash they lean on, each test reporting what it saw
bats_require_minimum_version 1.5.0

setup() {
  load helper
}

@test "run flags and captured streams" {
  run -0 helper_fn x
  [ "$output" = "helper x" ]
  run -3 bash -c 'echo one; echo; echo three; exit 3'
  [ "${#lines[@]}" -eq 2 ]
  run --keep-empty-lines bash -c 'echo one; echo; echo three'
  [ "${#lines[@]}" -eq 3 ]
  run --separate-stderr bash -c 'echo o; echo e >&2; exit 2'
  [ "$status" -eq 2 ] && [ "$stderr" = e ] && [ "${stderr_lines[0]}" = e ]
}

@test "process substitution, read -d and printf -v" {
  local a b
  read -r -d '' a < <(printf 'x\ny\0')
  printf -v b '%s-%03d' "$a" 7
  [ "$b" = $'x\ny-007' ]
  mapfile -t arr < <(printf '%s\n' p q r)
  [ "${arr[*]}" = "p q r" ]
}

@test "declare -f and function introspection" {
  local body
  body=$(declare -f helper_fn)
  [[ "$body" == *'echo "helper $1"'* ]]
  [ "$(type -t helper_fn)" = function ]
  [ "${FUNCNAME[0]}" = "$BATS_TEST_NAME" ]
}

@test "fd juggling with exec" {
  exec 5>"$BATS_TEST_TMPDIR/f5"
  echo five >&5
  exec 5>&-
  [ "$(cat "$BATS_TEST_TMPDIR/f5")" = five ]
  { echo to-three >&3; } 3>"$BATS_TEST_TMPDIR/f3"
  [ "$(cat "$BATS_TEST_TMPDIR/f3")" = to-three ]
}

@test "a failing assertion deep in helpers reports the stack" {
  check() { [ "$1" = "$2" ]; }
  outer() { check "$@"; }
  outer a b
}

@test "set -u failure inside a helper" {
  use_unset() { echo "${NOT_SET_ANYWHERE}"; }
  set -u
  use_unset
}

@test "readonly assignment failure" {
  readonly RO=1
  RO=2
}

@test "failure with output on both streams and fd 3" {
  echo "normal out"
  echo "error out" >&2
  echo "# direct" >&3
  [ 1 -eq 0 ]
}

@test "ERR trap inside a subshell and pipeline" {
  run bash -c 'set -eE; trap "echo caught \$LINENO" ERR; f() { false; }; f'
  [ "$status" -eq 1 ]
  [ "$output" = "caught 1" ]
  result=$(echo abc | tr a-c x-z)
  [ "$result" = xyz ]
}

@test "bats_pipe and run with pipes" {
  run bats_pipe printf 'a\nb\n' \| wc -l
  [ "${output// /}" = 2 ]
}

@test "skip inside a helper" {
  maybe_skip() { skip "from helper"; }
  maybe_skip
  false
}

@test "BATS_TEST_* and tmpdirs" {
  [ -d "$BATS_TEST_TMPDIR" ] && [ -d "$BATS_FILE_TMPDIR" ] && [ -d "$BATS_RUN_TMPDIR" ]
  [ "$BATS_TEST_DESCRIPTION" = "BATS_TEST_* and tmpdirs" ]
  [ "$(basename "$BATS_TEST_FILENAME")" = features.bats ]
}

@test "unset variable in arithmetic under set -u" {
  set -u
  (( missing_var + 1 ))
}

@test "a command not found" {
  no_such_command_xyz arg
}

@test "return status of a failing pipeline with pipefail" {
  set -o pipefail
  false | true
}
