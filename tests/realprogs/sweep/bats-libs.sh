# bats-support, bats-assert and bats-file (Debian's /usr/lib/bats) under
# bats: passing assertions and failing ones, whose messages bats-support
# formats (key/value columns, multi-line values, regex and partial
# matches); the failures' output is the point of the comparison
L=/usr/lib/bats
cat > libs.bats <<BATS
setup() {
  load '$L/bats-support/load'
  load '$L/bats-assert/load'
  load '$L/bats-file/load'
  mkdir -p d && : > d/empty && echo data > d/full && ln -sf full d/link
}
@test "assert success and output" {
  run echo "hello world"
  assert_success
  assert_output "hello world"
  assert_output --partial "lo wo"
  assert_output --regexp '^h.*d\$'
  refute_output "bye"
}
@test "assert_line forms" {
  run printf 'a\nbb\nccc\n'
  assert_line bb
  assert_line --index 2 ccc
  assert_line --partial cc
  assert_line --index 0 --regexp '^a\$'
  refute_line zz
  refute_line --index 1 a
}
@test "assert_failure with status" {
  run bash -c 'echo oops >&2; exit 3'
  assert_failure
  assert_failure 3
  assert_equal "\$status" 3
  assert_not_equal "\$status" 0
}
@test "assert and refute expressions" {
  assert [ 1 -lt 2 ]
  refute [ -e nosuch ]
  assert_regex "abc123" '^[a-z]+[0-9]+\$'
  refute_regex "abc" '[0-9]'
}
@test "bats-file assertions" {
  assert_file_exists d/full
  assert_file_not_exists d/nosuch
  assert_dir_exists d
  assert_file_empty d/empty
  assert_file_not_empty d/full
  assert_link_exists d/link
  assert_file_contains d/full 'da.a'
  assert_file_executable /bin/sh
}
@test "FAIL assert_output mismatch" {
  run printf 'one\ntwo\n'
  assert_output "one"
}
@test "FAIL assert_output partial and regexp" {
  run echo "value 42"
  assert_output --partial "43"
}
@test "FAIL assert_output regexp" {
  run echo "value 42"
  assert_output --regexp '^x'
}
@test "FAIL assert_line index" {
  run printf 'a\nb\n'
  assert_line --index 1 c
}
@test "FAIL assert_line missing multi-line" {
  run printf 'line one\nline two\nline three\n'
  assert_line "line four"
}
@test "FAIL refute_line found" {
  run printf 'x\ny\n'
  refute_line --partial y
}
@test "FAIL assert_success with output" {
  run bash -c 'printf "err1\nerr2\n"; exit 4'
  assert_success
}
@test "FAIL assert_failure on success" {
  run echo fine
  assert_failure
}
@test "FAIL assert_failure wrong status" {
  run bash -c 'exit 2'
  assert_failure 5
}
@test "FAIL assert_equal multi-line" {
  assert_equal "\$(printf 'a\nb')" "\$(printf 'a\nc')"
}
@test "FAIL assert expression" {
  assert [ 3 -eq 4 ]
}
@test "FAIL refute expression" {
  refute [ -d d ]
}
@test "FAIL assert_regex" {
  assert_regex "abc" '^b'
}
@test "FAIL invalid regex" {
  run echo x
  assert_output --regexp '[['
}
@test "FAIL bats-file missing" {
  assert_file_exists d/nosuch
}
@test "FAIL bats-file not empty" {
  assert_file_empty d/full
}
@test "FAIL bats-file contains" {
  assert_file_contains d/full 'nothing'
}
@test "fail and batslib helpers" {
  run fail "custom message"
  assert_failure
  assert_output "custom message"
  run batslib_print_kv_single 5 key value longer-key v2
  assert_output --partial "longer-key"
  run batslib_print_kv_multi key \$'v1\nv2'
  assert_line --index 1 "  v1"
  run batslib_prefix '> ' <<< \$'a\nb'
  assert_output \$'> a\n> b'
  run batslib_mark '>' 1 <<< \$'a\nb\nc'
  assert_line --index 1 '>b'
  run batslib_decorate "title" <<< "body"
  assert_line --index 0 "-- title --"
}
@test "skip with reason" {
  skip "not today"
}
BATS
bats --tap libs.bats; echo "rc=$?"
echo "== pretty formatter"
bats --formatter tap13 libs.bats | head -30; echo "rc=$?"
bats -f 'assert_line' libs.bats; echo "rc=$?"
