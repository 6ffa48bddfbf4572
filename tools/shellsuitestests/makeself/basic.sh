# basic.sh: a gzip archive built and run: extraction to a temporary
# directory, the startup script and its arguments, --list, --info, --check,
# --lsm, --dumpconf, --noexec --target, --keep, and the archive's exit
# status following the startup script's.
. "$(dirname "$0")/common.inc"
mkcontent content
printf 'LSM data\nline two\n' >lsm.txt
makeself --packaging-date 'Thu Jan  2 03:04:05 UTC 2020' --lsm lsm.txt --noprogress content ar.run 'Basic label' ./setup.sh first 'sec ond'
ls -l ar.run | awk '{print $1}'
echo '--- run'
run "$SHELL" ./ar.run --nox11
echo '--- run with args'
run "$SHELL" ./ar.run --nox11 -- extra 'two words' '*'
echo '--- run failing'
SETUP_EXIT=3 run "$SHELL" ./ar.run --nox11 --quiet
echo '--- list'
run "$SHELL" ./ar.run --list | sed 's/ 20[0-9-]* [0-9:]* / DATE /'
echo '--- info'
run "$SHELL" ./ar.run --info
echo '--- check'
run "$SHELL" ./ar.run --check
echo '--- lsm'
run "$SHELL" ./ar.run --lsm
echo '--- dumpconf'
run "$SHELL" ./ar.run --dumpconf
echo '--- noexec target'
run "$SHELL" ./ar.run --noexec --target out --nox11
tree out
echo '--- keep'
run "$SHELL" ./ar.run --keep --nox11 --quiet
tree content
echo '--- help'
run "$SHELL" ./ar.run --help
echo '--- bad option'
run "$SHELL" ./ar.run --no-such-option
