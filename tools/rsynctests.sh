#!/bin/bash
# rsynctests.sh: run rsync 3.2.7's test suite (testsuite/*.test, sh
# scripts over testsuite/rsync.fns, run by runtests.sh from `make check`)
# with a given shell installed as /bin/sh and /bin/bash, so that
# runtests.sh, every test script (testrun execs them as `sh -e`) and the
# shells rsync itself starts run under it. Run once with bash and once with
# nash and compare. A development tool, not part of CI.
#
#   tools/rsynctests.sh bash|NASH      # one run, results in $SRC/run-KIND
#   tools/rsynctests.sh compare        # tests whose result differs, then
#                                      # the per-test set -x traces that do
#
# Prerequisites: root (unshare -m and bind mounts), gcc, the orig tarball
# unpacked in $SRC (default /tmp/rsq: $SRC/rsync-3.2.7), and for fewer
# skips libacl1-dev, attr and fakeroot. The pristine tree is configured and
# built once under the real bash outside the namespace (xxhash, zstd, lz4,
# openssl and the man pages disabled), then copied per run; only
# `make check` runs under the shell compared. With loglevel=10 runtests.sh
# runs each test as `sh -e -x` and always_log/preserve_scratch keep every
# log, so run-KIND/testtmp/TEST/test.log holds the test's trace; compare
# diffs those after masking timings, dates, inode numbers and the run
# directory (the order stages of a pipeline trace in still varies).
#
# On this machine /bin/sh is a symlink to dash, so the shell is bind-mounted
# over /usr/bin/dash and /usr/bin/bash inside a private mount namespace
# (as tools/autotoolstests.sh does): the machine itself is not touched and
# no mount outlives the run.
set -u
shell=${1:?usage: rsynctests.sh bash|NASH|compare}
SRC=${SRC:-/tmp/rsq}
tree=$SRC/rsync-3.2.7

# mask removes what differs between any two runs from a test log.
mask() {
	sed -E -e "s#$SRC/run-(bash|nash)#RUN#g" -e 's/run-(bash|nash)/RUN/g' \
		-e 's/[0-9]{4}[/-][0-9]{2}[/-][0-9]{2} [0-9:]{8}/DATE/g' \
		-e 's/\([0-9]+\) DATE/(T) DATE/g' \
		-e 's/sent [0-9,]+ bytes  received [0-9,]+ bytes .*/sent N/' \
		-e 's/speedup is [0-9.]+/speedup is N/' \
		-e 's/pid=[0-9]+/pid=N/g' -e 's/\[[0-9]+\]/[PID]/g' \
		-e 's/\.([^ /]+)\.[A-Za-z0-9]{6}\>/.\1.XXXXXX/g' "$1"
}

if [ "$shell" = compare ]; then
	diff "$SRC/run-bash/results" "$SRC/run-nash/results"
	for log in "$SRC"/run-bash/testtmp/*/test.log; do
		t=${log%/test.log}
		t=${t##*/}
		n=$SRC/run-nash/testtmp/$t/test.log
		[ -f "$n" ] || {
			echo "== $t: no nash log"
			continue
		}
		if ! diff <(mask "$log" | sort) <(mask "$n" | sort) >/dev/null; then
			echo "== $t (lines differing, order aside)"
			diff <(mask "$log" | sort) <(mask "$n" | sort) | head -40
		fi
	done
	exit 0
fi

if [ ! -x "$tree/rsync" ]; then
	(cd "$tree" && ./configure --disable-xxhash --disable-zstd --disable-lz4 \
		--disable-openssl --disable-md2man >configure.log 2>&1 &&
		make -j2 >make.log 2>&1 &&
		make tls getgroups getfsdev trimslash t_unsafe wildtest testrun \
			testsuite/chown-fake.test testsuite/devices-fake.test \
			testsuite/xattrs-hlink.test >>make.log 2>&1) || {
		echo "build failed: see $tree/make.log" >&2
		exit 2
	}
fi
if [ "$shell" = bash ]; then
	kind=bash bin=$SRC/bash-copy
	cp -f /usr/bin/bash "$bin"
else
	kind=nash bin=$(readlink -f "$shell")
fi
run=$SRC/run-$kind
rm -rf "$run"
cp -a "$tree" "$run" || exit 2
cd "$run" || exit 2
export NUCLEIC_NASH_NO_FALLBACK=1 loglevel=10 always_log=yes preserve_scratch=yes
unshare -m --propagation private /usr/bin/bash -c '
mount --bind "$0" /usr/bin/dash && mount --bind "$0" /usr/bin/bash || exit 1
exec "$@"' "$bin" make check >check.log 2>&1
echo "make check: exit $?"
grep -E '^(PASS|SKIP|FAIL|XFAIL) +[a-z0-9-]+( \(|$)' check.log >results
grep -c '^PASS' results
grep -v '^PASS' results
