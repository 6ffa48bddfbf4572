g() { echo "--- $*"; "$@"; echo "rc=$?"; }
cat > lsbt <<'X'
. /lib/lsb/init-functions
log_success_msg "all good"; log_failure_msg "bad thing"; log_warning_msg "careful"
log_daemon_msg "Starting thing" "thingd"; log_progress_msg "step1"; log_end_msg 0
log_daemon_msg "Stopping" ; log_end_msg 1; echo "end=$?"
log_action_msg "acting"; log_action_begin_msg "begin"; log_action_cont_msg "cont"; log_action_end_msg 0; log_action_end_msg 1 "why"
pidofproc -p /nonexistent/pid /usr/sbin/nosuchd; echo "pidofproc=$?"
echo 99999999 > bad.pid; pidofproc -p bad.pid /bin/nosuch; echo "pidofproc2=$?"
status_of_proc -p bad.pid /usr/sbin/nosuchd nosuchd; echo "status=$?"
status_of_proc nosuchd nosuchd; echo "status2=$?"
killproc -p bad.pid /bin/nosuch; echo "killproc=$?"
init_is_upstart; echo "upstart=$?"
log_use_fancy_output; echo "fancy=$?"
X
g sh lsbt; g bash lsbt; TERM=xterm g sh lsbt
for s in /etc/init.d/*; do g sh $s bogus-action; g sh $s status; done 2>&1 | sed 's/[0-9]\{3,\}/N/g'
g sh /etc/init.d/procps 2>&1 | head
