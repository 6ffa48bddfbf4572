#!/bin/bash
# autotoolstests.sh: run the test suites of GNU autoconf 2.71, make 4.3 and
# m4 1.4.19 with a given shell installed as /bin/sh and /bin/bash, so that
# configure, every make recipe and every autotest script run under it. Run
# once with bash and once with nash and compare the two result files. A
# development tool, not part of CI.
#
# It also runs the sh test suites of GNU grep 3.8, sed 4.9 and findutils
# 4.9.0 (gnulib's tests/init.sh over automake's parallel harness): these are
# configured and built once under the real bash in $SRC itself (C builds say
# nothing about the shell), then copied and only `make check` runs under the
# shell compared, restricted to the package's own tests (not gnulib-tests,
# which are C unit tests of the library). Per-test results (from the .trs
# files) go to run-KIND/SUITE.results; compare two runs with
#
#   tools/autotoolstests.sh compare SUITE
#
# which lists the tests whose result differs between run-bash and run-nash,
# and the test logs whose lines differ: with CHECKFLAGS=VERBOSE=yes the
# logs hold each test's set -x trace, the finer comparison (timings, inode
# numbers and free-space figures still differ between runs).
# CHECKFLAGS is added to their make check (RUN_EXPENSIVE_TESTS=yes runs
# the expensive tests too). Many tests skip without locales such as
# en_US.UTF-8 and ru_RU.KOI8-R: compile them into a directory
# (localedef -i ru_RU -f KOI8-R DIR/ru_RU.KOI8-R, plus links named with the
# normalized codeset, ru_RU.koi8r) and export LOCPATH=DIR before the first
# run, as configure looks for them too; never compile them into the
# machine's archive.
# Their sources: `apt-get source grep sed findutils` (or the orig tarballs)
# unpacked in $SRC; findutils' DejaGnu tests need runtest and skip alike
# without it.
#
# automake runs a subset of GNU automake 1.16.5's own test suite (its
# t/*.sh and t/*.tap scripts over t/ax/test-lib.sh; see automake_tests),
# built once under the real bash like grep's (the orig tarball unpacked
# in $SRC): the test library's self checks, the parallel and TAP
# harnesses, and the sh programs automake ships in lib/. The tests run
# under AM_TEST_RUNNER_SHELL=/bin/bash, the configure scripts and recipes
# they make under /bin/sh: both are the shell compared. AUTOMAKE_JOBS
# (default 2) is make's -j for them.
#
# libtool runs GNU libtool 2.4.7's autotest suite (tests/testsuite, about
# 170 groups: ltmain.sh, libtoolize and the generated configure scripts of
# its demo packages). Its configured tree holds absolute paths, so the
# pristine source ($SRC/libtool-2.4.7, the orig tarball unpacked) is copied
# first and that copy is configured and built under the real bash outside
# the namespace; only `make check-local` (the testsuite, not gnulib-tests)
# runs under the shell compared. LTFLAGS is given to the testsuite (default
# -j2; e.g. LTFLAGS='-k libtoolize -j2' for a sample, '-v -x -k NAME' for a
# trace). Autotest suites (autoconf, libtool) report "N: title  result" per
# group on stdout: those lines make run-KIND/SUITE.results, and compare
# then lists the groups whose result differs.
#
# tar, patch, diffutils and gzip run the test suites of GNU tar 1.34,
# patch 2.7.6, diffutils 3.8 and gzip 1.12 (Debian's orig tarballs unpacked
# in $SRC), configured and built once under the real bash in $SRC like
# grep's (tar with FORCE_UNSAFE_CONFIGURE=1, as root, and its genfile,
# checkseekhole and ckmtime test programs built then too). Their copies
# hold the tree's absolute path (every Makefile, tar's tests/atconfig):
# it is rewritten to the copy's, keeping file times, so that the tests
# make their files in the copy. tar's suite is autotest (tests/testsuite,
# about 230 groups: genfile, here-documents, traps); TARFLAGS is given to
# it (default -j2; '-j1 -v -x' prints each group's set -x trace in
# check.log, which compare then splits by group). patch's tests are sh
# scripts over tests/test-lib.sh under the parallel harness: it has no
# VERBOSE switch, but CHECKFLAGS="LOG_COMPILER='/bin/sh -x'" traces them
# into their logs. diffutils' and gzip's are gnulib init.sh tests like
# grep's (CHECKFLAGS=VERBOSE=yes); gzip's own gunzip, zcat, zdiff, zgrep,
# ... are sh scripts, run under the shell compared too.
#
# xz runs xz-utils 5.4.1's (the orig tarball unpacked in $SRC) configure,
# libtool build and make check under the shell compared: its tests/test_*.sh
# are sh, and test_scripts.sh drives xzgrep and xzdiff, sh scripts too.
# Compare cfg.log, config.status, config.h, config.log and the Makefiles of
# run-bash/xz-5.4.1-tests and run-nash/xz-5.4.1-tests besides the results.
#
# Prerequisites: root (unshare -m and bind mounts), deb-src in apt sources,
# `apt-get source autoconf make-dfsg m4` unpacked in $SRC (default
# /tmp/autotools-src), gcc, perl, autoconf, automake, autopoint and gettext
# (make-dfsg ships no configure: this script runs autoreconf -fi on it).
#
#   tools/autotoolstests.sh bash|NASH [autoconf|make|m4|grep|sed|findutils|automake|libtool|tar|patch|diffutils|gzip|xz ...]
#
# grep-gnulib, sed-gnulib and findutils-gnulib run the gnulib-tests
# directory of the package instead (C unit tests and a few sh ones, all
# under the harness's sh test driver); their programs are built and run
# once under the real bash in $SRC first.
#
# Each suite is copied to $SRC/run-KIND/ (KIND is bash or nash) and built
# there; results go to run-KIND/SUITE/check.log. On this machine /bin/sh is a
# symlink to dash, so the shell is bind-mounted over /usr/bin/dash and
# /usr/bin/bash inside a private mount namespace: the machine itself is not
# touched. autoconf's testsuite compares `set` dumps of two configure runs and
# does not ignore SHLVL, which differs between runs that a shell execs as its
# last command and runs it forks first (alike in bash and nash):
# tests/local.at is edited to drop SHLVL as it drops PPID, so that about 65
# tests do not fail alike under both shells.
set -u
shell=${1:?usage: autotoolstests.sh bash|NASH|compare [autoconf|make|m4|grep|sed|findutils|automake|libtool|tar|patch|diffutils|gzip|xz ...]}
shift
SRC=${SRC:-/tmp/autotools-src}

# results prints "RESULT test" for each .trs file under directory $1.
results() {
	find "$1" -name '*.trs' | while read -r t; do
		r=$(sed -n 's/^:test-result: //p' "$t" | sort -u | tr '\n' ' ')
		echo "${r% } ${t#"$1"/}"
	done | sort -k2
}

# normlog prints the lines of a test log sorted, with what two runs cannot
# share made alike: the run directory, timestamps (tar tv's too), mktemp
# suffixes and the pid-named directories of help-version tests. Sorting hides the order in
# which the members of a traced pipeline print their set -x lines, a race.
normlog() {
	normalize <"$1" 2>/dev/null | LC_ALL=C sort
}

# normalize copies its input with what two runs cannot share made alike (see
# normlog).
normalize() {
	sed -E 's,/run-(bash|nash)/,/run-KIND/,g
		s/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9:.]+ [+-][0-9]{4}/TIME/g
		s/[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}/TIME/g
		s/[A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}/TIME/g
		s/((gt|sed|fu)-[A-Za-z0-9_.-]*)\.[A-Za-z0-9]{4}/\1.XXXX/g
		s/(tmp|in|in2|dir|out|vc-git)[-.][0-9]+/\1-PID/g'
}

# atlog prints the lines of the stdout of an autotest run (file $1; with -v
# -x it holds each group's trace) normalized and sorted, each prefixed with
# the number of the group it belongs to ("N." of its "testing" line).
atlog() {
	normalize <"$1" 2>/dev/null |
		awk '/^[0-9]+\. .*: testing / { g = $1 } { print g, $0 }' | LC_ALL=C sort
}

# automake_tests lists the tests of automake's tree $1 that exercise the shell
# more than automake's perl: the test library's self checks, the parallel and
# TAP harnesses and drivers, and the sh programs automake ships in lib/
# (install-sh, missing, compile, depcomp, mkinstalldirs, py-compile,
# test-driver). AUTOMAKE_TESTS overrides the list.
automake_tests() {
	if [ -n "${AUTOMAKE_TESTS:-}" ]; then
		echo "$AUTOMAKE_TESTS"
		return
	fi
	(cd "$1" && ls t | grep -E '\.(sh|tap)$' |
		grep -E '^(self-check|parallel-tests|tap-|test-driver|testsuite-summary|missing|compile|depcomp|install-sh|mkinst|py-compile|test-(trs|harness|log|metadata|missing)|check-)' |
		sed 's,^,t/,' | tr '\n' ' ')
}

# atresults prints "RESULT N:title" for each group of an autotest run whose
# stdout is in file $1 (its title with blanks squeezed out; with -v, whose
# result lines name no title, "RESULT N:file.at:line").
atresults() {
	sed -nE 's/^ *([0-9]+): (.*[^ ]) +(ok|skipped|FAILED|expected failure|UNEXPECTED PASS)( \(.*\))?$/\1:\2@@\3/p
		s/^([0-9]+)\. ([^ ]+:[0-9]+): +(ok|skipped|FAILED|expected failure|UNEXPECTED PASS)( \(.*\))?$/\1:\2@@\3/p' "$1" |
		tr ' ' _ | awk -F@@ '{ print $2, $1 }' | sort -k2
}

if [ "$shell" = compare ]; then
	for s in "$@"; do
		a=$SRC/run-bash/$s.results b=$SRC/run-nash/$s.results
		echo "$s: $(wc -l <"$a") tests under bash, $(wc -l <"$b") under nash; differing (bash | nash):"
		join -1 2 -2 2 -a1 -a2 -e MISSING -o 0,1.1,2.1 <(sort -k2 "$a") <(sort -k2 "$b") | awk '$2 != $3'
		case $s in
		autoconf | libtool | tar)
			# with -v -x the check.log holds the traces: count differing lines per group
			l=$(cat "$SRC/run-bash/$s.tree" 2>/dev/null)
			[ -n "$l" ] || continue
			echo "$s: groups whose check.log lines differ (sorted, normalized; group lines):"
			comm -3 <(atlog "$SRC/run-bash/$l/check.log") <(atlog "$SRC/run-nash/$l/check.log") |
				awk '{ n[$1]++ } END { for (g in n) print g, n[g] }' | sort -n
			continue ;;
		esac
		d=$(cat "$SRC/run-bash/$s.testdir" 2>/dev/null) || continue
		[ -n "$d" ] || continue
		echo "$s: test logs whose lines differ (sorted, normalized; lines bash | nash):"
		(cd "$SRC/run-bash/$d" && find . -name '*.log' ! -name test-suite.log) | while read -r l; do
			n=$(comm -3 <(normlog "$SRC/run-bash/$d/$l") <(normlog "$SRC/run-nash/$d/$l") | wc -l)
			[ "$n" = 0 ] || echo "${l#./} $n"
		done
	done
	exit 0
fi
suites=${*:-autoconf make m4}
if [ "$shell" = bash ]; then
	kind=bash bin=$SRC/bash-copy
	cp -f /usr/bin/bash "$bin"
else
	kind=nash bin=$(readlink -f "$shell")
fi
export NUCLEIC_NASH_NO_FALLBACK=1 CONFIG_SHELL=/bin/sh SHELL=/bin/sh FORCE_UNSAFE_CONFIGURE=1

# inns runs "$@" with $bin as /bin/sh and /bin/bash.
inns() {
	unshare -m --propagation private /usr/bin/bash -c '
mount --bind "$0" /usr/bin/dash && mount --bind "$0" /usr/bin/bash || exit 1
exec "$@"' "$bin" "$@"
}

for s in $suites; do
	tests= build=make
	case $s in
	autoconf) dir=autoconf-2.71 check='make check TESTSUITEFLAGS="-j2"' ;;
	make) dir=make-dfsg-4.3 check='make check' ;;
	m4) dir=m4-1.4.19 check='make -j2 check' ;;
	grep) dir=grep-3.8 check='make -j2 -C tests check' tests=tests ;;
	sed) dir=sed-4.9 check='make -j2 check SUBDIRS=.' tests=testsuite ;;
	findutils) dir=findutils-4.9.0 check='make -j2 check SUBDIRS=' tests=tests ;;
	automake)
		dir=automake-1.16.5 tests=t
		check="make -j${AUTOMAKE_JOBS:-2} check TESTS='$(automake_tests "$SRC/$dir")'" ;;
	libtool) dir=libtool-2.4.7 check="make check-local TESTSUITEFLAGS='${LTFLAGS:--j2}'" ;;
	tar) dir=tar-1.34+dfsg check="make -C tests check TESTSUITEFLAGS='${TARFLAGS:--j2}'" ;;
	patch) dir=patch-2.7.6 check='make -j2 -C tests check' tests=tests ;;
	diffutils) dir=diffutils-3.8 check='make -j2 -C tests check' tests=tests ;;
	gzip) dir=gzip-1.12 check='make -j2 -C tests check' tests=tests ;;
	xz) dir=xz-5.4.1 check='make -j2 check' build='make -j2' tests=tests ;;
	*-gnulib) # gnulib's own tests as the package ships them
		case $s in
		grep-*) dir=grep-3.8 ;; sed-*) dir=sed-4.9 ;; findutils-*) dir=findutils-4.9.0 ;;
		*) echo "unknown suite $s" >&2; exit 2 ;;
		esac
		check='make -j2 -C gnulib-tests check' tests=gnulib-tests ;;
	*) echo "unknown suite $s" >&2; exit 2 ;;
	esac
	[ -d "$SRC/$dir" ] || { echo "missing $SRC/$dir" >&2; exit 1; }
	prebuilt=false
	case $s in grep | sed | findutils | automake | *-gnulib | tar | patch | diffutils | gzip) prebuilt=true ;; esac
	[ $s = libtool ] && [ -x "$SRC/$dir/configure" ] && [ -f "$SRC/$dir/Makefile" ] &&
		{ echo "$SRC/$dir must stay unconfigured (see libtool above)" >&2; exit 1; }
	if $prebuilt && [ ! -f "$SRC/$dir/Makefile" ]; then
		# built once under the real bash, outside the namespace
		(cd "$SRC/$dir" && ./configure --quiet >cfg.log 2>&1 && make -j2 >build.log 2>&1) ||
			{ echo "building $dir failed" >&2; exit 1; }
		if [ $s = tar ]; then
			(cd "$SRC/$dir" && make -C tests genfile checkseekhole ckmtime >>build.log 2>&1) ||
				{ echo "building $dir test programs failed" >&2; exit 1; }
		fi
	fi
	if [ "$tests" = gnulib-tests ] && [ ! -f "$SRC/$dir/gnulib-build.log" ]; then
		# the C test programs, built once under the real bash too
		(cd "$SRC/$dir" && make -j2 -C gnulib-tests check >gnulib-build.log 2>&1)
	fi
	if [ ! -x "$SRC/$dir/configure" ]; then
		(cd "$SRC/$dir" && autoreconf -fi >/dev/null 2>&1) || { echo "autoreconf $dir failed" >&2; exit 1; }
	fi
	# a tree per suite: grep and grep-gnulib copy the same directory
	w=$SRC/run-$kind/$dir${tests:+-$tests}
	rm -rf "$w"
	mkdir -p "$SRC/run-$kind"
	cp -a "$SRC/$dir" "$w"
	repath=
	case $s in
	automake) repath='config.status Makefile pre-inst-env runtest t/ax/test-defs.sh' ;;
	tar | patch | diffutils | gzip)
		repath=$(cd "$w" && find . -name Makefile -o -name atconfig -o -name config.status) ;;
	esac
	if [ -n "$repath" ]; then
		# configure wrote the tree's absolute path into these: point them
		# at the copy, keeping their times so that make regenerates nothing
		for f in $repath; do
			touch -r "$w/$f" "$w/$f.time" && sed -i "s,$SRC/$dir,$w,g" "$w/$f" &&
				touch -r "$w/$f.time" "$w/$f" && rm "$w/$f.time"
		done
	fi
	if [ $s = libtool ]; then
		# configured and built in the copy (absolute paths), under the real bash
		(cd "$w" && ./configure --quiet >cfg.log 2>&1 && make -j2 >build.log 2>&1) ||
			{ echo "building $w failed" >&2; exit 1; }
		prebuilt=true
	fi
	if [ $s = autoconf ]; then
		# ignore SHLVL where the suite ignores PPID (see above)
		sed -i 's,^\(\t*\)/^PPID=/ d$,&\n\1/^SHLVL=/ d,' "$w/tests/local.at"
	fi
	start=$(date +%s)
	if $prebuilt; then
		(cd "$w" && inns /bin/sh -c "$check ${CHECKFLAGS:-} >check.log 2>&1")
	else
		(cd "$w" && inns /bin/sh -c "./configure >cfg.log 2>&1 && $build >build.log 2>&1 && $check >check.log 2>&1")
	fi
	rc=$?
	case $s in
	autoconf | libtool | tar) atresults "$w/check.log" >"$SRC/run-$kind/$s.results" ;;
	*) results "$w${tests:+/$tests}" >"$SRC/run-$kind/$s.results" ;;
	esac
	echo "$s $kind rc=$rc secs=$(($(date +%s) - start)) log=$w/check.log results=$SRC/run-$kind/$s.results"
	echo "${tests:+${w##*/}/$tests}" >"$SRC/run-$kind/$s.testdir"
	echo "${w##*/}" >"$SRC/run-$kind/$s.tree"
done
