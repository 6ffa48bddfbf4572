g() { echo "--- $*"; "$@"; echo "rc=$?"; }
mkdir -p src/sub; printf 'hello\n' > src/a.txt; printf 'x\ty\n\\back $HOME `q`\n' > src/sub/b.txt; head -c 300 /usr/bin/ls > src/bin.dat; chmod 755 src/a.txt
touch -d @1000000000 src/a.txt src/sub/b.txt src/bin.dat
shar -q src > plain.shar; shar -q -M -D src > mixed.shar 2>/dev/null; shar -q -B src > uu.shar 2>/dev/null; shar -q -z src > gz.shar 2>/dev/null
for a in plain mixed uu gz; do mkdir x-$a; (cd x-$a && g sh ../$a.shar 2>&1 | sed 's/[0-9]\{4,\}/N/g'); (cd x-$a && find . -type f | sort | xargs md5sum); done
mkdir again; cd again; sh ../plain.shar >/dev/null 2>&1; g sh ../plain.shar 2>&1 | sed "s/_sh[0-9]*/_shN/" | head; g sh ../plain.shar -c 2>&1 | sed "s/_sh[0-9]*/_shN/" | head -5; cd ..
g unshar -d un plain.shar 2>&1 | head -3
