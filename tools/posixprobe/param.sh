#### unset error
echo ${x?msg}
echo after
#### unset error nomsg
echo ${x?}
echo after
#### null error colon
x=
echo ${x:?is null}
echo after
#### assign default
echo ${x=def} $x
echo ${y:=def2} $y
#### positional assign error
echo ${1=a}
echo after
#### length
x=hello; echo ${#x} ${#}
set -- a b c; echo ${#} ${#1}
#### prefix suffix
x=aabbcc
echo ${x#a} ${x##a*b} ${x%c} ${x%%b*}
#### pattern quoting
x='a*b'
echo ${x#"a*"} ${x#a*}
#### special params
set -- 1 2 3
echo $# $* "$@"
echo "$*"
IFS=:; echo "$*"
#### $- value
case $- in *h*) echo h;; esac; echo ok
#### unset -u
set -u
echo ${nosuch-ok}
echo $nosuch
echo after
#### set -u positional
set -u
echo $1
echo after
#### set -u $@
set -u
echo "$@" x
echo $# $*
#### IFS splitting
IFS=' :'
x='a: b ::c'
set -- $x; echo $#; printf '<%s>' "$@"; echo
#### IFS empty
IFS=
x='a b'
set -- $x; echo $#
#### empty expansion removed
x=
set -- $x "" $x; echo $#
#### tilde
HOME=/home/u
echo ~ ~/a x=~/b
echo "~"
#### tilde in assign
HOME=/h
x=~:~/a; echo $x
#### $0
echo $0
#### LINENO
echo $LINENO
f() {
echo $LINENO
}
f
#### $$ and subshell same
a=$$; b=$(echo $$); [ $a = $b ] && echo same
#### PPID readonly?
PPID=1; echo $?
#### nested expansion
x=abc; echo ${x#${x%c}}
#### at in quotes with prefix
set -- a b; echo "x$@y"
#### star unquoted IFS
set -- 'a b' c; IFS=; echo $*; for i in $*; do echo "[$i]"; done
