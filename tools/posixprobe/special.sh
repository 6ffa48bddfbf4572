#### set bad option exits
set -o nosuchopt
echo not reached
#### shift too many
shift 3
echo reached $?
#### readonly assign exits
readonly r=1
r=2
echo not reached
#### readonly assign in command exits
readonly r=1
r=2 true
echo reached $?
#### export readonly
readonly r=1
export r=3
echo after $?
#### unset readonly
readonly r=1
unset r
echo after $?
#### dot missing exits
. /nonexistent/file
echo after
#### special builtin redir error
: > /nonexistent/x
echo after $?
#### regular builtin redir error
echo hi > /nonexistent/x
echo after $?
#### eval syntax error
eval 'if'
echo after $?
#### return outside function
return 3
echo after $?
#### break outside loop
break
echo after $?
#### continue too many
for i in 1 2; do continue 5; echo no; done; echo after $?
#### break 0
for i in 1; do break 0; done; echo after $?
#### exit with trap
trap 'echo trapped $?' EXIT
exit 7
#### exit status default
false
exit
#### assignment persists special
x=1 :
echo $x
#### assignment not persist regular
x=1 true
echo ${x-unset}
#### assignment before function
f() { echo in f $x; }
x=1 f
echo ${x-unset}
#### command removes special
command readonly r=1
command r=2 2>/dev/null
echo after
#### times output
times >/dev/null; echo $?
#### exec nonexistent
exec /nonexistent/cmd
echo after $?
#### exec redirect persists
exec 3>out
echo hi >&3
exec 3>&-
cat out
