#!/bin/bash
# quilttests.sh: run quilt 0.66 (Debian's quilt package: /usr/bin/quilt and
# the bash scripts of /usr/share/quilt) through a scripted scenario under
# the real bash and under nash, and compare what each step prints and its
# exit status. A development tool, not part of CI. (The quilt source with
# its test/*.test suite could not be fetched here: the scenario covers the
# same commands.)
#
#   tools/quilttests.sh NASH [--trace|--trace=verbose]
#
# quilt runs each command as `bash -c ". $QUILT_DIR/CMD"` and its helper
# scripts by their #!/bin/bash line: the shell compared is bind-mounted
# over /usr/bin/bash in a private mount namespace (unshare -m, so root),
# as tools/autotoolstests.sh does; the machine's bash is untouched and no
# mount outlives the run. The scenario: new, add, diff (-p0, -U, -c, -z),
# refresh (--diffstat), header (-r, -a), series, applied, unapplied, top,
# next, previous, files, patches, push/pop (-a, -f, -q, -v), edit
# ($EDITOR), delete, fork, rename, annotate, grep, graph, snapshot, revert,
# remove, fold, import, upgrade, mail, bad names, setup of a series with a
# tarball, shell, and the bash completion (COMPREPLY for many command
# lines). With LANGUAGE=de in $QENV quilt's messages come out in German
# (bash's own diagnostics too, which nash does not translate). --trace
# runs quilt's commands under set -x (-v too with =verbose): those traces
# differ in pipeline-stage order, in temporary names and where test -nt
# meets files written in the same clock tick, so compare them by eye.
# Needs quilt, patch, diffstat, perl. Prints "same"/"DIFF" per part;
# outputs stay in $OUT (default /tmp/quilttests.out). The scenario's
# `quilt --trace top` step traces the stages of its pipelines in an order
# that varies from run to run: outputs equal once sorted count as same.
set -u
NASH=$(readlink -f "${1:?usage: quilttests.sh NASH [--trace|--trace=verbose]}")
QX=${2:-}
QUILT=${QUILT:-/usr/bin/quilt}
OUT=${OUT:-/tmp/quilttests.out}
mkdir -p "$OUT" || exit 2

scenario() {
mkdir -p proj/src && cd proj || exit 1
printf 'line1\nline2\nline3\n' > src/a.c
printf 'alpha\nbeta\n' > src/b.c
printf 'one\ntwo\nthree\nfour\n' > README
step q --version
step q
step q -h
step q nosuch
step q series
step q top
step q applied
step q unapplied
step q new first.patch
step q add src/a.c
step q add src/a.c
sed -i 's/line2/LINE2/' src/a.c
step q diff
step q refresh
step q refresh
cat patches/first.patch
cat patches/series
step q new -p ab second.diff
step q add README src/b.c
echo five >> README
printf 'alpha\nBETA\n' > src/b.c
step q diff -p0
step q diff -u -U1
step q diff -c
step q diff -z
step q refresh --no-timestamps --diffstat
cat patches/second.diff
step q header -r <<'H'
A header line
Second header line
H
step q header
step q header -a <<'H'
Appended
H
step q header
step q series -v
step q applied
step q top
step q previous
step q files
step q files -v -a
step q files -l -a
step q patches src/a.c
step q patches -v README
step q pop
step q pop
step q pop
step q unapplied
step q next
step q push
step q push -a
step q push
step q pop -a
step q push second.diff
step q push -v
step q pop -a -q
step q push -a -q
step q new third
step q edit src/a.c
step q refresh
cat patches/third
step q delete third
step q delete -r second.diff
step q series
step q delete first.patch
step q new fourth
step q add src/new.c
echo new > src/new.c
step q refresh -p0
step q fork
step q series
step q rename renamed
step q series
step q annotate src/a.c
step q grep LINE
step q graph --all
step q snapshot
echo change >> src/new.c
step q diff --snapshot
step q revert src/new.c
step q remove src/new.c
step q files
step q fold -p 1 <<'P'
--- a/README
+++ b/README
@@ -1,4 +1,5 @@
 one
 two
 three
 four
+added by fold
P
step q refresh
step q diff
printf -- '--- a/src/b.c\n+++ b/src/b.c\n@@ -1,2 +1,3 @@\n alpha\n beta\n+gamma\n' > ../ext.patch
step q import ../ext.patch
step q import -P other.patch ../ext.patch
step q series -v
step q push -a
step q push -f
step q pop -f -a
step q upgrade
step q mail --mbox ../mbox --sender a@x --from 'A <a@x>' --subject S
grep -c '^Subject' ../mbox
step q new 'bad name/../x'
step q add
step q diff nosuch
step q pop nosuch
step q --trace top
step q --quiltrc - series
echo "== final tree"
find . -path ./.pc -prune -o -type f -print | sort
for f in $(find patches -type f | sort); do echo "--- $f"; cat "$f"; done
ls -a .pc | sort
echo "== setup"
cd .. && mkdir -p setupdir/pkg-1.0 && printf 'x\ny\n' > setupdir/pkg-1.0/f && (cd setupdir && tar czf pkg-1.0.tar.gz pkg-1.0 && rm -rf pkg-1.0)
printf -- '--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n x\n y\n+z\n' > setupdir/add-z.patch
printf '# Source: pkg-1.0.tar.gz\n# Patchdir: pkg-1.0\nadd-z.patch\n' > setupdir/series
cd setupdir && step quilt setup -v -d v series
step quilt setup -d out series
ls -R out 2>&1 | sort
cd out/pkg-1.0 2>/dev/null && { step quilt series; step quilt push -a; cat f; step quilt shell <<'S'
echo in quilt shell; echo f >> f
S
step quilt diff -z; cd ../..; }
cd ..
}

completion() {
mkdir -p cp/src && cd cp || exit 1
printf 'a\n' > src/a.c; printf 'b\n' > src/b.c; touch other.txt
quilt new p1.diff >/dev/null; quilt add src/a.c >/dev/null; echo A >> src/a.c; quilt refresh >/dev/null
quilt new p2.diff >/dev/null; quilt add src/b.c >/dev/null; echo B >> src/b.c; quilt refresh >/dev/null
quilt pop >/dev/null
. /usr/share/bash-completion/bash_completion 2>/dev/null
. /usr/share/bash-completion/completions/quilt
complete -p quilt
comp() {
	COMP_LINE=$1 COMP_POINT=${#1}
	read -ra COMP_WORDS <<<"$1"
	case $1 in *' ') COMP_WORDS+=(""); esac
	COMP_CWORD=$((${#COMP_WORDS[@]}-1))
	COMPREPLY=()
	_quilt_completion quilt "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
	printf '%s|' "$1" ; printf '%s ' "${COMPREPLY[@]}" | tr ' ' '\n' | sort | tr '\n' ' '; echo
}
for l in 'quilt ' 'quilt p' 'quilt pu' 'quilt push ' 'quilt push -' 'quilt pop ' 'quilt add ' 'quilt add src/' 'quilt diff -P ' 'quilt diff -p ' 'quilt diff --' 'quilt files ' 'quilt refresh -' 'quilt delete ' 'quilt header -' 'quilt import -p ' 'quilt fold -p ' 'quilt mail --' 'quilt new ' 'quilt series -' 'quilt graph --' 'quilt edit s' 'quilt remove ' 'quilt patches ' 'quilt setup -' 'quilt top -' 'quilt zz ' 'quilt annotate -P ' 'quilt grep -' 'quilt rename -P ' 'quilt revert ' 'quilt snapshot -' 'quilt upgrade ' 'quilt fork ' 'quilt next ' 'quilt previous ' 'quilt unapplied ' 'quilt applied '; do comp "$l"; done
}

step() { echo "== $*"; "$@" 2>&1; echo "exit $?"; }
q() { quilt "$@"; }

# run SHELL PART OUTFILE runs a part in a fresh directory with SHELL as
# bash.
run() {
	local w
	w=$(mktemp -d /tmp/qrun.XXXXXX)
	mkdir -p "$w/shim" "$w/home" "$w/run"
	ln -s "$1" "$w/shim/bash"
	printf '#!/bin/sh\nexec %s %s %s "$@"\n' "$1" "$QUILT" "$QX" >"$w/shim/quilt"
	printf '#!/bin/sh\nsed -i s/line3/LINE3/ "$@"\n' >"$w/shim/ed-it"
	chmod +x "$w/shim/quilt" "$w/shim/ed-it"
	# quilt graph writes to /dev/stdout, which would truncate a file
	(cd "$w/run" && env -i PATH="$w/shim:/usr/bin:/bin" HOME="$w/home" LANG=C.UTF-8 TERM=dumb \
		QUILT_NO_DIFF_TIMESTAMPS=1 EDITOR=ed-it NUCLEIC_NASH_NO_FALLBACK=1 LOGNAME=u ${QENV-} \
		unshare -m --propagation private /usr/bin/bash -c \
		'mount --bind "$0" /usr/bin/bash || exit 1; exec "$@"' "$1" \
		/usr/bin/bash -c "$(declare -f step q "$2"); $2" 2>&1 | cat) >"$3"
	sed -i -E "s#$w#W#g; s#/tmp/quilt[.-][A-Za-z0-9]{6}#TMP#g" "$3"
	rm -rf "$w"
}

fail=0
cp -f /usr/bin/bash "$OUT/bash-copy"
for p in scenario completion; do
	run "$OUT/bash-copy" $p "$OUT/$p.bash"
	run "$NASH" $p "$OUT/$p.nash"
	if cmp -s "$OUT/$p.bash" "$OUT/$p.nash"; then
		echo "same $p"
	elif cmp -s <(sort "$OUT/$p.bash") <(sort "$OUT/$p.nash"); then
		echo "same $p (lines in another order: pipeline stages tracing)"
	else
		echo "DIFF $p"
		fail=1
	fi
done
exit $fail
