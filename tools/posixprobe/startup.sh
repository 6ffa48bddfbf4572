#### sh -c args
sh -c 'echo $0 $1 $#' zero one two
#### sh -c no args
sh -c; echo $?
#### sh -c empty
sh -c ''; echo $?
#### sh -s args
echo 'echo $# $1' | sh -s a b
#### sh stdin
echo 'echo from stdin; exit 4' | sh; echo $?
#### sh nonexistent
sh ./nosuch; echo $?
#### sh directory
mkdir d; sh d; echo $?
#### sh -n
sh -n -c 'echo hi'; echo $?
#### sh -n syntax
sh -n -c 'if'; echo $?
#### sh -e
sh -e -c 'false; echo no'; echo $?
#### sh -x
sh -x -c 'x=1; echo $x "a b"' 2>&1
#### sh -v
sh -v -c 'echo v' 2>&1
#### sh -o
sh -o errexit -c 'echo $-; false; echo no'; echo $?
#### sh +o
sh +o posix -c 'echo ok'
#### sh bad option
sh -Z -c 'echo'; echo $?
#### sh -c syntax error
sh -c 'echo (' ; echo $?
#### sh -c exit status
sh -c 'exit 300'; echo $?
#### sh -- 
sh -c 'echo $0' -- x
#### sh -i noninteractive dollar
sh -c 'case $- in *i*) echo i;; *) echo noi;; esac'
#### script args
printf 'echo $0 $@\n' > s; sh s 1 2
#### script not executable via PATH
printf 'echo s ran\n' > s; chmod +x s; ./s; PATH=.:$PATH; s
#### ENV ignored non-interactive
echo 'echo envfile' > e; ENV=./e sh -c 'echo x'
#### script with CR
printf 'echo a\r\n' > s; sh s | od -c | head -2
#### cmd not found status
nosuchcmd 2>/dev/null; echo $?
#### not executable
touch f; chmod -x f; ./f; echo $?
#### directory exec
mkdir d; ./d; echo $?
#### binary file
printf '\0\1\2' > b; chmod +x b; ./b 2>/dev/null; echo $?
#### shell script no shebang exec
printf 'echo $0 nos\n' > s; chmod +x s; ./s
