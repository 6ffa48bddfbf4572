# options.sh: makeself's own options: --target fixed in the archive,
# --append to an archive, --header, --help-header, --cleanup scripts,
# --nooverwrite, --tar-extra --exclude, --license with --accept,
# --export-conf, a label and arguments holding quotes, and makeself's
# usage errors.
. "$(dirname "$0")/common.inc"
mkcontent content
mkdir more && printf 'more\n' >more/m.txt && touch -d '2020-01-02 03:04:05 UTC' more more/m.txt
D='Thu Jan  2 03:04:05 UTC 2020'
echo '=== target'
makeself --packaging-date "$D" --noprogress --quiet --target fixed content t.run 'fixed target' ./setup.sh
run "$SHELL" ./t.run --nox11 --quiet
tree fixed
echo '=== nooverwrite'
makeself --packaging-date "$D" --noprogress --quiet --target fixed --nooverwrite content n.run 'no overwrite' ./setup.sh
run "$SHELL" ./n.run --nox11 --quiet
echo '=== append'
makeself --packaging-date "$D" --noprogress --quiet --nocomp content app.run 'append' ./setup.sh
makeself --packaging-date "$D" --noprogress --quiet --nocomp --append more app.run
run "$SHELL" ./app.run --noexec --target appout --quiet
tree appout
run "$SHELL" ./app.run --check
echo '=== quotes'
makeself --packaging-date "$D" --noprogress --quiet content q.run "it's \"quoted\" \$HOME \`x\`" ./setup.sh "a'b" 'c"d' '$e' 'f g'
run "$SHELL" ./q.run --nox11
run "$SHELL" ./q.run --info | grep -i label
echo '=== cleanup'
printf '#!/bin/sh\necho "cleanup ran: $*"\n' >content/clean.sh && chmod 755 content/clean.sh
touch -d "2020-01-02 03:04:05 UTC" content content/clean.sh
makeself --packaging-date "$D" --noprogress --quiet --cleanup ./clean.sh content c.run 'cleanup' ./setup.sh
run "$SHELL" ./c.run --nox11 --quiet --cleanup-args one two -- x
rm content/clean.sh
echo '=== license'
printf 'LICENSE TEXT\n' >lic.txt
makeself --packaging-date "$D" --noprogress --quiet --license lic.txt content l.run 'license' ./setup.sh
echo n | run "$SHELL" ./l.run --nox11 --quiet
echo y | run "$SHELL" ./l.run --nox11 --quiet
run "$SHELL" ./l.run --nox11 --quiet --accept
echo '=== help header'
printf 'Extra help line\nsecond\n' >hh.txt
makeself --packaging-date "$D" --noprogress --quiet --help-header hh.txt content h.run 'help header' ./setup.sh
run "$SHELL" ./h.run --help | head -5
echo '=== export conf'
makeself --packaging-date "$D" --noprogress --quiet --export-conf content e.run 'export' 'echo "label=$ARCHIVE_LABEL"'
SETUP_NOSHOW=1 run "$SHELL" ./e.run --nox11 --quiet
echo '=== tar-extra exclude'
makeself --packaging-date "$D" --noprogress --quiet --tar-extra '--exclude=a.txt' content x.run 'exclude' ./setup.sh
run "$SHELL" ./x.run --list | sed 's/ 20[0-9-]* [0-9:]* / DATE /'
echo '=== errors'
makeself
makeself content
makeself --no-such-opt content z.run label ./setup.sh
makeself no-such-dir z.run label ./setup.sh 2>&1 | head -3
makeself --header /nonexistent content z.run label ./setup.sh 2>&1 | head -3
makeself --help | head -3
makeself --version
