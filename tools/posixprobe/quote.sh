#### dq backslash
echo "\$ \` \" \\ \a \n"
#### dq in backquote
echo "`echo "\$x"`"; x=1; echo "`echo \$x`"
#### backquote escapes
echo `echo \\\\`; echo `echo '\\'`; echo `echo \$HOME | tr -d /`
#### nested backquote
echo `echo \`echo inner\``
#### cmdsub case
echo $(case x in x) echo matched;; esac)
#### cmdsub comment
echo $( echo a # comment )
)
#### cmdsub heredoc
echo $(cat <<E
h)
E
)
#### cmdsub trailing newlines
x=$(printf 'a\n\n\n'); echo "[$x]"
#### cmdsub status
x=$(exit 3); echo $?; x=1 $(exit 4); echo $?
#### cmdsub empty
$(); echo $?; `true`; echo $?
#### single in double
echo "'$HOME'" | tr -d /
#### dollar single
echo $'a\tb' | od -c | head -1
#### quote removal in assignment
x="a"'b'\c; echo $x
#### backslash newline
echo a\
b
#### backslash newline in word
ec\
ho joined
#### quoted empty args
set -- "" '' "$nosuch"; echo $#
#### dq @ empty
set --; set -- "$@"; echo $#; set -- "${nosuch-}"; echo $#
#### lineno heredoc
cat <<E
$LINENO
E
echo $LINENO
#### lineno continuation
echo \
$LINENO
#### lineno cmdsub
x=$(
echo $LINENO
); echo $x
#### lineno function
f() {
  echo $LINENO
}
echo $LINENO
f
#### lineno eval
eval 'echo $LINENO
echo $LINENO'
#### lineno dot
printf 'echo $LINENO\necho $LINENO\n' > s; . ./s
#### lineno in sh -c
sh -c 'echo $LINENO
echo $LINENO'
#### lineno error message
echo ok
nosuch
f() {
  nosuch2
}
f
#### lineno syntax error
echo ok
if then
