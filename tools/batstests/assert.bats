# bats-assert and bats-file (Debian packages bats-assert, bats-file,
# bats-support, under /usr/lib/bats): failing assertions print
# bats-support's formatted reports
setup() {
  bats_load_library bats-support
  bats_load_library bats-assert
  bats_load_library bats-file
}

@test "assert_output passes" {
  run echo "hello world"
  assert_success
  assert_output "hello world"
  assert_output --partial world
  assert_output --regexp '^h.*d$'
  refute_output --partial nope
}

@test "assert_output fails single line" {
  run echo "hello world"
  assert_output "hello there"
}

@test "assert_output fails multi line" {
  run printf 'a\nb\nc\n'
  assert_output "$(printf 'a\nB\nc')"
}

@test "assert_line by index and partial" {
  run printf 'one\ntwo\nthree\n'
  assert_line --index 1 two
  assert_line --partial hre
  assert_line --index 2 --regexp '^t.*e$'
  refute_line four
  assert_line --index 0 zero
}

@test "assert_failure with status" {
  run bash -c 'echo bad; exit 3'
  assert_failure 4
}

@test "assert_equal and assert with expression" {
  assert_equal "$(echo x)" x
  assert [ 1 -lt 2 ]
  assert_equal "a b" "a  b"
}

@test "refute and assert_regex" {
  refute [ -z x ]
  assert_regex "abc123" '^[a-z]+[0-9]+$'
  assert_not_equal 1 2
  assert_regex "abc" '^[0-9]+$'
}

@test "assert_success fails with output" {
  run bash -c 'echo "line one"; echo "line two"; exit 1'
  assert_success
}

@test "bats-file assertions" {
  touch "$BATS_TEST_TMPDIR/exists"
  assert_file_exists "$BATS_TEST_TMPDIR/exists"
  assert_dir_exists "$BATS_TEST_TMPDIR"
  assert_file_not_exists "$BATS_TEST_TMPDIR/missing"
  assert_file_empty "$BATS_TEST_TMPDIR/exists"
  assert_file_exists "$BATS_TEST_TMPDIR/missing"
}

@test "fail with message" {
  fail "custom failure
on two lines"
}
