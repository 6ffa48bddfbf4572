#### rw redirect
echo abc > f; exec 3<>f; read x <&3; echo $x; echo def >&3; exec 3>&-; cat f
#### noclobber
set -C; echo a > f; echo b > f; echo $?; echo c >| f; cat f
#### noclobber devnull
set -C; echo a > /dev/null; echo $?
#### heredoc tabs
cat <<-EOT
	a
		b
	EOT
#### heredoc quoted
x=1; cat <<'E'
$x \$x
E
cat <<E
$x \$x \\ \a "q"
E
#### heredoc backslash newline
cat <<E
a\
b
E
#### heredoc two on line
cat <<A; cat <<B
a
A
b
B
#### heredoc in cmdsub
x=$(cat <<E
in
E
); echo $x
#### dup closed fd
echo x >&5; echo $?
#### redirect order
ls /nonexistent 2>&1 >/dev/null | sed 's/.*/err/'
#### compound redirect
{ echo a; echo b >&2; } > out 2>&1; cat out
#### while redirect
printf '1\n2\n' > in; while read l; do echo got $l; done < in
#### redirect fd number
echo x 1>&2 2>/dev/null
#### close stdin
cat <&-; echo $?
#### redirect with expansion
f=out; echo x > $f; cat out
#### redirect glob
echo x > *.nomatch; ls
#### redirect ambiguous
set -- a b; echo x > $@; echo $?
#### redirect field splitting
f='a b'; echo x > $f; ls
#### fd > 9
echo x 10>f; echo $?; cat f
#### heredoc with function
f() { cat; } <<E
from def
E
f
#### exec keeps fd
exec 4>o; echo one >&4; sh -c 'echo two >&4'; cat o
#### fd inherited closed
exec 4>o; sh -c 'echo x >&4' ; echo $?
#### redirection no command
> f1; echo $?; ls f1
#### redirection no command assign
x=1 > f2; echo $x; ls f2
#### redir error no command
x=2 > /nonexistent/f; echo $? $x
#### <& dash
exec 3<&-; echo $?
#### heredoc eof without delimiter
cat <<E
abc
