# bats-mock's stub/unstub (binstub: a plan file of expected calls)
M=$(npm root -g 2>/dev/null)/bats-mock; [ -f $M/stub.bash ] || M=/usr/lib/node_modules/bats-mock
cat > m.bats <<BATS
load '$M/stub'
@test "stub matches its plan" {
  stub date '+%Y : echo 2024' '-u : echo utc'
  run date +%Y; [ "\$output" = 2024 ]
  run date -u; [ "\$output" = utc ]
  unstub date
}
@test "stub wildcard and exit status" {
  stub git '* : echo "git \$*"' 'push : exit 3'
  run git anything at all; [ "\$output" = "git anything at all" ]
  run git push; [ "\$status" = 3 ]
  unstub git
}
@test "FAIL unexpected call" {
  stub curl '-s x : echo ok'
  run curl -s y
  echo "status=\$status output=\$output"
  unstub curl
}
@test "FAIL plan not used up" {
  stub ls 'a : true' 'b : true'
  ls a
  unstub ls
}
BATS
bats --tap m.bats; echo "rc=$?"
