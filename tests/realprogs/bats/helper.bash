# helper.bash is loaded by suite.bats with `load helper`.

# greet prints a greeting for its first argument.
greet() {
  printf 'hello, %s\n' "${1:-world}"
}

# count_lines reads stdin and prints the number of lines.
count_lines() {
  local n=0 line
  while IFS= read -r line; do
    n=$((n + 1))
  done
  echo "$n"
}

HELPER_LOADED=yes
