# screenfetch shuffles the logo's lines when awk's time-seeded rand() picks
# one of five numbers in 999 (an easter egg): an exported awk function
# answers that one call with a number that does not, so both shells print
# the same lines.
awk() {
	if [ "$*" = 'BEGIN{srand();print int(rand()*(1000-1))+1 }' ]; then
		echo 1
	else
		command awk "$@"
	fi
}
export -f awk
screenfetch -V | head -5
screenfetch -h | head -30
screenfetch -n -N -d '-mem;-uptime;-cpu;-gpu;-pkgs;-disk;-shell' 2>&1
screenfetch -N -d '-mem;-uptime;-cpu;-gpu;-pkgs;-disk;-shell' -A 'Arch Linux' 2>&1 | head -30
screenfetch -N -d '-mem;-uptime;-cpu;-gpu;-pkgs;-disk;-shell' -D 'Debian' -c '1,2' 2>&1
screenfetch -s -x 2>&1 | head; screenfetch -L 2>&1 | head -5
screenfetch -E -v -n -d '-mem;-uptime;-cpu;-gpu;-pkgs;-disk;-shell' 2>&1
screenfetch -z 2>&1; echo rc=$?
