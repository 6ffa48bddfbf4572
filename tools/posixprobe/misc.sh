#### dollar dash
echo $-; sh -c 'echo $-'; echo 'echo $-' | sh; sh -s -c 'echo $-' </dev/null; sh -ae -c 'echo $-'
#### set -a
set -a; x=1; sh -c 'echo ${x-unset}'; set +a; y=2; sh -c 'echo ${y-unset}'
#### set -a read getopts
set -a; echo v | { read r; sh -c 'echo $r'; }; getopts a o -a; sh -c 'echo $o $OPTIND'
#### set -n in script
echo a; set -n; echo b
#### set -o listing
set -o
#### set +o listing
set +o
#### set -b
set -b; echo $-
#### set -h
set -h; echo $-; set +h; echo $-
#### set -o vi noninteractive
set -o vi; echo $?; set -o emacs; echo $?
#### set -o ignoreeof nolog
set -o ignoreeof; echo $?; set -o nolog; echo $?
#### PWD from env
mkdir d; cd d; PWD=/wrong sh -c pwd | sed 's#.*/##'; PWD=$PWD/../d sh -c 'echo $PWD' | sed 's#.*/w/##'
#### PWD symlink env
mkdir r; ln -s r l; cd l; sh -c 'pwd' | sed 's#.*/##'; cd -P .; sh -c pwd | sed 's#.*/##'
#### cd dotdot logical
mkdir -p r/s; ln -s r/s l; cd l; cd ..; pwd | sed 's#.*/w/##'; cd -P ..; pwd | sed 's#.*/w/##'
#### cd empty
cd ''; echo $?
#### cd with -L -P mix
mkdir -p r; ln -s r l; cd -L -P l; pwd | sed 's#.*/##'; cd ..; cd -P -L l; pwd | sed 's#.*/##'
#### cd too many args
cd a b; echo $?
#### default vars
echo "[$PS1][$PS2][$PS4][${IFS}]" | od -c | head -3; echo ${OPTIND} ${MAILCHECK-u}
#### PS4 expansion
x=1; PS4='+$x '; set -x; echo a 2>&1; set +x
#### xtrace quoting
set -x; echo 'a b' "c'd" '' x\ y 2>&1; x='q r'; set +x
#### xtrace assignments redirect
set -x; x=1 y='a b'; echo hi > /dev/null; set +x
#### xtrace compound
set -x; for i in 1; do case $i in 1) :;; esac; done; [ 1 ]; set +x
#### IFS unset default split
unset IFS; x='a  b	c'; set -- $x; echo $#
#### OPTIND reset
getopts a o -a; echo $OPTIND; OPTIND=1; getopts a o -a; echo $o $OPTIND
#### getopts OPTARG unset on no-arg
OPTARG=old; getopts a o -a; echo ${OPTARG-unset}
#### getopts end
getopts a o x; echo $? $o $OPTIND
#### getopts -- end
getopts a o -- -a; echo $? $o $OPTIND
#### ulimit -a
ulimit -a | head -3
#### kill -l all
kill -l | head -3
#### command -p
command -p echo hi; PATH=; command -p ls / >/dev/null && echo found
#### command -v function alias keyword
f(){ :; }; alias a='echo x'; command -v f a while
#### type alias keyword
alias a='echo x'; type a while cd
#### exec -a? 
exec -c true 2>&1; echo $?
