#### cd basics
mkdir -p d/e; cd d/e; pwd | sed 's#.*/w/##'; cd ..; pwd | sed 's#.*/w/##'
#### cd -
mkdir d; cd d; cd - | sed 's#.*/##'; cd - | sed 's#.*/##'
#### cd nonexistent
cd /nonexistent; echo $?
#### cd -P symlink
mkdir -p real; ln -s real link; cd link; pwd | sed 's#.*/##'; cd -P .; pwd | sed 's#.*/##'; pwd -P | sed 's#.*/##'
#### cd CDPATH
mkdir -p a/sub; CDPATH=a; cd sub; pwd | sed 's#.*/w/##'
#### cd CDPATH prints
mkdir -p a/sub; CDPATH=:a; cd sub | sed 's#.*/w/##'
#### cd OLDPWD unset
unset OLDPWD; cd -; echo $?
#### pwd -L after rename
mkdir x; cd x; pwd -L | sed 's#.*/##'
#### command -v
command -v echo cd ls if nosuch; echo $?
#### command -V
f() { :; }; alias a=b
command -V echo if f a 2>&1 | sed 's/is \/.*/is path/'
#### type
f() { :; }
type echo f if 2>&1
#### type notfound
type nosuch; echo $?
#### getopts basic
set -- -a -b arg -c x
while getopts ab:c o; do echo "$o ${OPTARG-}"; done; echo $OPTIND
#### getopts silent
set -- -x -b
while getopts :ab o; do echo "$o ${OPTARG-}"; done
#### getopts missing arg
set -- -b
while getopts b: o; do echo "$o ${OPTARG-none}"; done
#### getopts silent missing
set -- -b
while getopts :b: o; do echo "$o ${OPTARG-none}"; done
#### getopts combined
set -- -ab -- -c
while getopts abc o; do echo $o; done; echo $OPTIND
#### getopts explicit args
while getopts a:b o -a 1 -b; do echo $o ${OPTARG-}; done
#### getopts invalid optvar
getopts a 1x; echo $?
#### read basic
printf 'a b c\n' | { read x y; echo "$x|$y"; }
#### read backslash
printf 'a\\ b\\\nc d\n' | { read x y; echo "$x|$y"; }
#### read -r
printf 'a\\ b\n' | { read -r x y; echo "$x|$y"; }
#### read IFS
printf 'a:b:c\n' | { IFS=: read x y; echo "$x|$y"; }
#### read eof
printf 'abc' | { read x; echo $? "$x"; }
#### read leading IFS ws
printf '  a  b  \n' | { read x y; echo "[$x][$y]"; }
#### read nonws ifs
printf 'a::b:\n' | { IFS=: read x y z; echo "[$x][$y][$z]"; }
#### read trailing IFS one var
printf 'a:b::\n' | { IFS=: read x; echo "[$x]"; }
printf 'a:b::\n' | { IFS=: read x y; echo "[$x][$y]"; }
#### read no args
echo x | read; echo $?
#### umask
umask 022; umask; umask -S; umask u=rwx,g=rx,o=; umask
#### umask bad
umask 999; echo $?
#### ulimit
ulimit -f unlimited; ulimit -f
#### kill -l
kill -l 15; kill -l 143 ; kill -l TERM
#### kill -s
trap 'echo got' USR1; kill -s USR1 $$; kill -USR1 $$; echo done
#### kill bad
kill -s NOSUCH $$; echo $?
#### wait status
(exit 3) & wait $!; echo $?
#### wait nonexistent
wait 99999; echo $?
#### wait all
(exit 3) & (exit 4) & wait; echo $?
#### trap print
trap 'echo x' INT; trap 'a b' 0; trap
#### trap -
trap 'echo x' INT; trap - INT; trap
#### trap invalid
trap 'x' NOSUCH; echo $?
#### trap numeric
trap 'echo one' 1; trap
#### trap ignored inherit
trap '' INT; (trap)
#### trap in subshell reset
trap 'echo x' INT; (trap)
#### trap exit in subshell
(trap 'echo sub exit' EXIT; exit 2); echo $?
#### trap $? preserved
trap 'echo in trap; false' USR1; true; kill -USR1 $$; echo $?
#### export -p
export X=1 Y; export -p | grep -E ' (X|Y)'
#### readonly -p
readonly X=1 Y; readonly -p | grep -E ' (X|Y)'
#### export unset var
export Z; echo ${Z-unset}; env | grep '^Z'
#### set output
x='a b' y="it's"; set | grep -E '^(x|y)='
#### set -- 
set -- a b; set --; echo $#
#### set -o
set -o | grep -E '^(errexit|noglob|posix)'
#### set +o
set +o | grep -E 'errexit|noglob|posix'
#### shift
set -- a b c; shift 2; echo $@; shift; echo $#; shift; echo $?
#### unset function
f() { :; }; unset -f f; f; echo $?
#### unset both
f=1; f() { echo fn; }; unset f; f; echo ${f-unset}
#### eval
eval 'x=1; echo $x'; eval; echo $?
#### true false colon
true; echo $?; false; echo $?; : a b; echo $?
#### hash
hash ls; echo $?; hash -r; echo $?
#### hash missing
hash nosuchcmd; echo $?
#### fc noninteractive
fc -l 2>&1; echo $?
#### jobs nonint
sleep 0 & wait; jobs; echo $?
#### newgrp etc
command -V newgrp 2>&1 | sed 's/is \/.*/is path/'
#### dot PATH search
mkdir p; echo 'echo sourced $1' > p/s.sh; PATH=$PWD/p:$PATH; . s.sh arg
#### dot positional
echo 'echo $# $1' > s; set -- x y; . ./s; . ./s a
#### dot return
printf 'echo a\nreturn 3\necho b\n' > s; . ./s; echo $?
