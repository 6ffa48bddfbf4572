# extras.sh: the rarer paths: zstd, lz4 and openssl-encrypted archives,
# --copy (the archive copies itself to TMPDIR and runs the copy),
# --confirm, --noexec-cleanup, --nodiskspace, --chown, --needroot,
# --tar with arbitrary tar arguments, a relative and an absolute
# --target, an archive run from another directory, progress output
# (--noprogress absent), --threads and --complevel, and the
# archive's own --help and --version-like flags.
. "$(dirname "$0")/common.inc"
mkcontent content
D='Thu Jan  2 03:04:05 UTC 2020'
for opt in --zstd '--zstd --threads 2' '--complevel 1' '--ssl-encrypt --ssl-passwd secret' --copy '--gzip --tar-format posix'; do
	echo "=== $opt"
	# shellcheck disable=SC2086
	makeself --packaging-date "$D" --noprogress --quiet $opt content ar.run "label $opt" ./setup.sh one
	case $opt in
	*ssl*) run "$SHELL" ./ar.run --nox11 --quiet --ssl-pass-src pass:secret two ;;
	*) run "$SHELL" ./ar.run --nox11 --quiet two ;;
	esac
	run "$SHELL" ./ar.run --check
	rm -f ar.run
done
echo '=== lz4 via --compress'
makeself --packaging-date "$D" --noprogress --quiet --compress content l4.run 'compress' ./setup.sh
echo '=== progress'
makeself --packaging-date "$D" content p.run 'progress' ./setup.sh 2>&1 | sed 's/[0-9][0-9]* KB/N KB/'
run "$SHELL" ./p.run --nox11
echo '=== confirm'
echo y | run "$SHELL" ./p.run --nox11 --confirm
echo n | run "$SHELL" ./p.run --nox11 --confirm
echo '=== noexec-cleanup'
run "$SHELL" ./p.run --noexec-cleanup --nox11 --quiet
echo '=== nodiskspace chown'
run "$SHELL" ./p.run --nox11 --quiet --nodiskspace --chown
echo '=== tar'
run "$SHELL" ./p.run --tar tf | LC_ALL=C sort
echo '=== targets'
mkdir elsewhere
(cd elsewhere && run "$SHELL" ../p.run --nox11 --quiet --target rel --noexec && tree rel)
run "$SHELL" ./p.run --nox11 --quiet --target "$PWD/abs dir" --noexec
tree "abs dir"
echo '=== keep-umask'
(umask 027; run "$SHELL" ./p.run --nox11 --quiet --target km --noexec; ls -ld km | cut -c1-10)
echo '=== needroot'
makeself --packaging-date "$D" --noprogress --quiet --needroot content r.run 'root' ./setup.sh
run "$SHELL" ./r.run --nox11 --quiet
echo '=== argument errors'
run "$SHELL" ./p.run --target
run "$SHELL" ./p.run --tar
run "$SHELL" ./p.run --noexec --keep --target t2 --quiet
run "$SHELL" ./p.run --xwin
run "$SHELL" ./p.run --phase2
