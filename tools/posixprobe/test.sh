#### test unary files
touch f; mkdir d; ln -s f l; mkfifo p
for op in -b -c -d -e -f -g -h -L -p -r -S -s -u -w -x -k; do for x in f d l p /dev/null nosuch; do test $op $x; printf %s $?; done; echo " $op"; done
#### test strings
test; echo $?; test ''; echo $?; test x; echo $?; test -n; echo $?; test -z; echo $?
test = ; echo $?; test ! ; echo $?; test '(' ; echo $?
#### test 3 args
test a = a; echo $?; test ! -z x; echo $?; test '(' x ')'; echo $?; test x -a ''; echo $?; test '' -o x; echo $?
test -n = -n; echo $?; test ! = !; echo $?
#### test 4 args
test ! a = b; echo $?; test '(' -n x ')'; echo $?; test ! '(' x ')'; echo $?
#### test numbers
test 1 -eq 01; echo $?; test ' 2' -gt 1; echo $?; test 2 -le x; echo $?; test -1 -lt 0; echo $?
test 99999999999999999999 -gt 1; echo $?
#### test precedence
test x -o '' -a ''; echo $?; test '' -a x -o x; echo $?; test ! '' -a x; echo $?
#### test nt ot ef
touch -d '2000-01-01' old; touch new; test new -nt old; echo $?; test old -ot new; echo $?; test new -ef new; echo $?; test new -nt nosuch; echo $?
#### test -t
test -t 0; echo $?; test -t; echo $?; test -t 99; echo $?
#### bracket missing
[ a = a; echo $?
#### test string compare
test a '<' b; echo $?; test b '>' a; echo $?; [ a \< b ]; echo $?
#### test too many
test a b c d e; echo $?
#### test = with -a ambiguity
test -a = -a; echo $?; test '(' = '('; echo $?
#### test -e on empty
test -e ''; echo $?; test -d ''; echo $?
