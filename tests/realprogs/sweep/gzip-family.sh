printf 'one\ntwo\nthree\n' > a; printf 'one\nTWO\nthree\n' > b
cp a a2; gzip -k a; gzip -c b > b.gz; bzip2 -k a 2>/dev/null; xz -k a 2>/dev/null
g() { local a; for a; do case $a in /usr/*) [ -e "$a" ] || { echo "absent $a"; return; };; esac; done
  echo "--- $*"; "$@"; echo "rc=$?"; }
g sh /usr/bin/zcmp a.gz b.gz; g sh /usr/bin/zcmp a.gz a2; g sh /usr/bin/zcmp -s a.gz a
g sh /usr/bin/zdiff -u a.gz b.gz | sed 's/\t.*//'
[ -f a.bz2 ] && { g sh /usr/bin/bzdiff a.bz2 b; g sh /usr/bin/bzgrep -n t a.bz2; g sh /usr/bin/bzcmp a.bz2 a; }
[ -f a.xz ] && { g sh /usr/bin/xzdiff a.xz b; g sh /usr/bin/xzgrep -c o a.xz; g sh /usr/bin/xzgrep -h --version | head -2; }
cp a.gz c; g sh /usr/bin/zforce c; ls
gzip -c a > old.gz; g sh /usr/bin/zmore old.gz </dev/null; g sh /usr/bin/zless a.gz </dev/null
printf '#!/bin/sh\necho exe-ran "$@"\n' > prog; chmod +x prog; g sh /usr/bin/gzexe prog; g ./prog x y; g sh /usr/bin/gzexe -d prog; g ./prog z; ls
g sh /usr/bin/znew -v -t old.gz 2>&1 | sed 's/[0-9.]*%/P%/'
compress -c a > comp.Z 2>/dev/null && { g sh /usr/bin/znew comp.Z; ls; }
g sh /usr/bin/zgrep --help | head -5; g sh /usr/bin/zdiff --version | head -1; g sh /usr/bin/zforce --help | head -3; g sh /usr/bin/gzexe --bad
g sh /usr/bin/uncompress -c a.gz
g sh /usr/bin/lesspipe a.gz; g sh /usr/bin/lessfile; g sh /usr/bin/lesspipe | head -3
g sh /usr/bin/zipgrep x nofile.zip 2>&1 | head -3
