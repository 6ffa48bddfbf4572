# setup_file fails: every test is reported as not run
setup_file() {
  false
}

@test "first" {
  true
}

@test "second" {
  true
}
