f1() { f2; }
f2() { return 1; }

@test "nested function failure" {
  f1
}

@test "pipeline failure" {
  echo a | grep b
}

@test "failure after subshell" {
  ( exit 0 )
  (( 1 == 2 ))
}

@test "[[ failure" {
  [[ abc == x* ]]
}

@test "command substitution failing" {
  x=$(false)
}

@test "failing in a loop" {
  for i in 1 2 3; do
    [ $i -lt 2 ]
  done
}

@test "failure in while" {
  local n=0
  while [ $n -lt 3 ]; do
    n=$((n+1))
  done
  [ $n -eq 4 ]
}

@test "exit in a test" {
  exit 5
}

@test "return 1 explicitly" {
  return 1
}

@test "function defined in test failing" {
  inner() {
    false
  }
  inner
}

@test "eval failure" {
  eval 'false'
}

@test "output on failure" {
  echo "stdout line"
  echo "stderr line" >&2
  false
}

@test "unset var with set -u" {
  set -u
  echo "$UNDEFINED_VAR_XYZ"
}

@test "failure in case" {
  case x in
    x) false ;;
  esac
}
