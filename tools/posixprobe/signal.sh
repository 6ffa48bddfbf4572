#### killed child status
sh -c 'kill -TERM $$'; echo $?
#### killed child message
sh -c 'kill -KILL $$'; echo $?
#### killed in pipeline
sh -c 'kill -TERM $$' | cat; echo $?
#### killed async wait
sh -c 'kill -TERM $$' & wait $!; echo $?
#### self kill with trap
trap 'echo caught TERM' TERM; kill $$; echo after
#### trap ignored for child
trap '' TERM; sh -c 'kill -TERM $$; echo survived'
#### trap reset in child
trap 'echo parent' TERM; sh -c 'kill -TERM $$; echo survived'; echo $?
#### trap in subshell output
trap 'echo x' TERM; (trap; trap 'y' INT; trap)
#### trap in cmdsub output
trap 'echo x' TERM; x=$(trap); echo "$x"
#### trap EXIT in function
f() { trap 'echo exit trap' EXIT; }; f; echo after
#### trap exit status in exit trap
trap 'echo $?; (exit 9)' EXIT; (exit 4)
#### exit in exit trap
trap 'exit 5' EXIT; exit 3
#### trap -- 
trap -- 'echo a' USR1; trap -- - USR1; trap; echo $?
#### trap multiple sigs
trap 'echo hi' USR1 USR2 HUP; trap
#### trap signal names lower
trap 'echo x' usr1; echo $?; trap 'echo y' SIGUSR2; echo $?; trap
#### trap 0 variants
trap 'echo e' 0; trap - EXIT; trap; echo done
#### trap first numeric
trap 1 2; trap
#### trap single arg reset
trap 'echo x' INT; trap INT; trap
#### trap while waiting
trap 'echo usr1' USR1; (sleep 0.2; kill -USR1 $$) & wait; echo status $?
#### signal during foreground
trap 'echo usr1' USR1; (sleep 0.2; kill -USR1 $$) & sleep 0.5; echo done
#### kill list numbers
kill -l 1 2 9 15 64 65 ; echo $?
#### kill no args
kill; echo $?
#### kill -0
kill -0 $$; echo $?
#### kill bad pid
kill 999999; echo $?
#### kill %job
sleep 5 & kill %1; wait; echo $?
#### wait for job spec
sleep 0 & wait %1; echo $?; wait %1; echo $?
#### jobs output
sleep 0.3 & jobs; jobs -p | grep -c .; wait
#### set -m background
set -m; sleep 0 & wait; echo $?; jobs
#### fg noninteractive
sleep 0 & fg; echo $?
#### bg noninteractive
bg; echo $?
#### job done notification
set -m; sleep 0.1 & sleep 0.3; jobs; echo end
