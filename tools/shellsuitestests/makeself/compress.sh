# compress.sh: the same content archived with each compressor at hand
# (--gzip, --bzip2, --xz, --nocomp, --compress none), --sha256, --nocrc
# --nomd5, --current, --tar-extra, and a corrupted archive failing its
# check.
. "$(dirname "$0")/common.inc"
mkcontent content
for opt in --gzip --bzip2 --xz --nocomp --sha256 '--nomd5 --nocrc' --current '--notemp'; do
	echo "=== $opt"
	# shellcheck disable=SC2086
	makeself --packaging-date 'Thu Jan  2 03:04:05 UTC 2020' --noprogress --quiet $opt content ar.run "label $opt" ./setup.sh
	run "$SHELL" ./ar.run --check
	run "$SHELL" ./ar.run --nox11 --quiet arg
	run "$SHELL" ./ar.run --noexec --target "out$opt" --quiet
	tree "out$opt"
	rm -rf ar.run "out$opt"
done
echo '=== corrupt'
makeself --packaging-date 'Thu Jan  2 03:04:05 UTC 2020' --noprogress --quiet content ar.run 'corrupt' ./setup.sh
size=$(wc -c <ar.run)
printf 'XXXX' | dd of=ar.run bs=1 seek=$((size - 100)) conv=notrunc 2>/dev/null
run "$SHELL" ./ar.run --check
run "$SHELL" ./ar.run --nox11 --quiet
echo '=== truncated'
head -c $((size - 200)) ar.run >short.run
run "$SHELL" ./short.run --check
