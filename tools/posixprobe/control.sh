#### errexit and-or
set -e; false && true; echo after1; true && false || true; echo after2
#### errexit last in andor
set -e; true && false; echo not reached
#### errexit negation
set -e; ! true; echo after; ! false; echo after2
#### errexit subshell
set -e; (false; echo in sub); echo not
#### errexit subshell status
(set -e; false; echo no); echo $?
#### errexit function in if
set -e; f() { false; echo in f; }; if f; then echo then; fi
#### errexit cmdsub
set -e; x=$(false); echo not
#### errexit cmdsub arg
set -e; echo $(false) after
#### errexit pipeline
set -e; false | true; echo after; true | false; echo no
#### errexit while cond
set -e; while false; do :; done; echo after
#### errexit compound
set -e; { false; echo no; }; echo no2
#### errexit case
set -e; case x in x) false;; esac; echo no
#### errexit trap
set -e; trap 'echo trap $?' EXIT; false
#### errexit eval
set -e; eval false; echo no
#### errexit dot
set -e; echo false > s; . ./s; echo no
#### errexit async
set -e; false & wait $!; echo after $?
#### if status
if false; then :; fi; echo $?
if false; then :; else (exit 3); fi; echo $?
#### while status
while false; do :; done; echo $?
i=0; while [ $i -lt 2 ]; do i=$((i+1)); (exit 5); done; echo $?
#### until
i=0; until [ $i = 3 ]; do i=$((i+1)); done; echo $i
#### for status
for i in; do :; done; echo $?
false; for i in; do :; done; echo $?
#### for no in
set -- a b; for i do echo $i; done
#### for newline in
for i
in a b; do echo $i; done
#### for reserved word var
for do in x; do echo $do; done
#### case patterns
for w in a b ab '*' '' ; do case $w in a|b) echo "$w:1";; a*) echo "$w:2";; \*) echo "$w:3";; '') echo empty;; esac; done
#### case fallthrough
case a in a) echo a;& b) echo b;; esac
#### case ;;& 
case a in a) echo a;;& *) echo star;; esac
#### case paren
case a in (a) echo open;; esac
#### case esac word
case esac in esac) echo matched;; esac
#### case quoted pattern
x='*'; case abc in "$x") echo q;; $x) echo uq;; esac
#### case bracket
case b in [abc]) echo in;; esac; case '!' in [!a]) echo notin;; esac; case - in [a-]) echo dash;; esac
#### case status
case x in y) :;; esac; echo $?; false; case x in x) ;; esac; echo $?
#### case backslash
case 'a\b' in 'a\b') echo lit;; esac; case 'ab' in a\b) echo esc;; esac
#### break nested
for i in 1 2; do for j in a b; do break 2; done; echo no; done; echo $i $j
#### continue nested
for i in 1 2; do for j in a b; do continue 2; done; echo no; done; echo $i $j
#### break in function
f() { break; }; for i in 1 2; do f; echo $i; done
#### loop in pipeline
printf '1\n2\n' | while read x; do echo l$x; done | cat
#### function
f() { echo $# "$@"; return 4; }; f a 'b c'; echo $?
#### function positional restore
set -- x; f() { set -- y; echo $1; }; f; echo $1
#### function redirect
f() { echo body; } > out; f; cat out
#### function compound body
f() if true; then echo if-body; fi; f
f() (echo subshell-body); f
#### function name special builtin
eval 'echo() { :; }'; echo $?
#### function name special builtin
eval 'export() { :; }'; echo $?
#### function return status last
f() { false; }; f; echo $?
#### return in dot in function
echo 'return 5' > s; f() { . ./s; echo after dot $?; }; f
#### subshell
x=1; (x=2; echo $x); echo $x
#### grouping
{ echo a; echo b; } | cat
#### pipeline status
false | true; echo $?; true | false; echo $?; ! true | false; echo $?
#### pipeline lastpipe
x=0; echo 1 | read x; echo $x
#### async stdin
cat & wait
#### async $!
sleep 0 & p=$!; [ "$p" -gt 0 ] && echo pid; wait
#### async status
true & echo $?
#### async trap
trap 'echo x' INT; (kill -INT $$ ) ; echo after
