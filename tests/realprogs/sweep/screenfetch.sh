screenfetch -V | head -5
screenfetch -h | head -30
screenfetch -n -N -d '-mem;-uptime;-cpu;-gpu;-pkgs;-disk;-shell' 2>&1
screenfetch -N -d '-mem;-uptime;-cpu;-gpu;-pkgs;-disk;-shell' -A 'Arch Linux' 2>&1 | head -30
screenfetch -N -d '-mem;-uptime;-cpu;-gpu;-pkgs;-disk;-shell' -D 'Debian' -c '1,2' 2>&1
screenfetch -s -x 2>&1 | head; screenfetch -L 2>&1 | head -5
screenfetch -E -v -n -d '-mem;-uptime;-cpu;-gpu;-pkgs;-disk;-shell' 2>&1
screenfetch -z 2>&1; echo rc=$?
