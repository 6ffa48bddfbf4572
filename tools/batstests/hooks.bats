# failures in setup, teardown and setup_file's companions
setup_file() {
  export SF=1
}

teardown_file() {
  [ "$SF" = 1 ]
}

setup() {
  if [ "$BATS_TEST_NUMBER" -eq 2 ]; then
    echo "setup failing"
    false
  fi
}

teardown() {
  if [ "$BATS_TEST_NUMBER" -eq 3 ]; then
    echo "teardown failing"
    return 4
  fi
}

@test "passes with hooks" {
  [ "$SF" = 1 ]
}

@test "setup fails" {
  echo never
}

@test "teardown fails" {
  true
}

@test "test and teardown both fine" {
  run true
}
