helper_fn() {
  echo "helper $1"
}
fails_in_helper() {
  local x=1
  [ "$x" -eq 2 ]
}
