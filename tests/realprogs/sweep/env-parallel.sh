export SHELL=$(command -v bash) PARALLEL_HOME=$PWD/.parallel
. /usr/bin/env_parallel.bash; echo "src=$?"
myfunc() { echo "f:$1:$myvar"; }
myvar=V; myarr=(x y z); alias myal='echo aliased'
env_parallel --session; echo "sess=$?"
env_parallel -k myfunc ::: a b c; echo rc=$?
env_parallel -k 'echo ${myarr[{}]}' ::: 0 1 2; echo rc=$?
env_parallel --env myfunc -k myfunc ::: q; echo rc=$?
env_parallel --end-session
parset v1,v2 echo ::: one two; echo "$v1 $v2"
parset arr -k seq ::: 2 3; declare -p arr
env_parallel --record-env; ls -a | grep parallel
declare -A assoc=([k1]=v1 [k2]="v 2"); fn2() { local x; for x in "${myarr[@]}"; do printf '<%s>' "$x"; done; echo " ${assoc[k2]} $1"; }
myarr=(a 'b c' $'d\ne'); shopt -s expand_aliases; alias al2='echo al2:'
env_parallel -k --env fn2 --env myarr --env assoc fn2 ::: 1 2; echo rc=$?
env_parallel -k --env al2 al2 ::: z; echo rc=$?
env_parallel -k 'echo {} $myvar' ::: p q; echo rc=$?
env_parallel -k --env _ fn2 ::: star; echo rc=$?
