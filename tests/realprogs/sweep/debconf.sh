# the real debconf config scripts of installed packages (tzdata, locales,
# ca-certificates, man-db, ...) through debconf's confmodule and frontend,
# on a private copy of the debconf database, noninteractive and with the
# readline frontend answering from stdin; the database written is compared
mkdir db
cp /var/cache/debconf/config.dat /var/cache/debconf/templates.dat db/
cat > debconf.conf <<C
Config: configdb
Templates: templatedb

Name: configdb
Driver: File
Mode: 644
Filename: $PWD/db/config.dat

Name: templatedb
Driver: File
Mode: 644
Filename: $PWD/db/templates.dat
C
export DEBCONF_SYSTEMRC=$PWD/debconf.conf DEBCONF_NOWARNINGS=yes DEBIAN_FRONTEND=noninteractive
for c in tzdata locales ca-certificates man-db debconf fontconfig-config iproute2 sysstat libdebuginfod-common postgresql-common; do
  f=/var/lib/dpkg/info/$c.config; [ -f $f ] || continue
  sh=$(head -1 $f); sh=${sh##*/}; sh=${sh%% *}
  { echo "#!/usr/bin/env $sh"; tail -n +2 $f; } > $c.config; chmod +x $c.config
  echo "--- $c ($sh)"; ./$c.config configure 0.1 2>&1; echo "rc=$?"
done
echo "--- readline frontend"
printf '1\n' | DEBIAN_FRONTEND=readline ./debconf.config configure 2>&1 | head -20
printf 'Europe\nParis\n' | DEBIAN_FRONTEND=readline ./tzdata.config reconfigure 2>&1 | tail -5
cat > own.config <<'S'
#!/usr/bin/env sh
set -e
. /usr/share/debconf/confmodule
db_version 2.0
db_capb backup escape
echo "capb: $RET" >&2
db_get tzdata/Areas; echo "area: $RET" >&2
db_metaget tzdata/Areas type; echo "type: $RET" >&2
db_set tzdata/Areas Asia; db_get tzdata/Areas; echo "now: $RET" >&2
db_fget tzdata/Areas seen; echo "seen: $RET" >&2
db_input high tzdata/Areas || echo "input rc=$?" >&2
db_go; echo "go rc=$?" >&2
db_get no/such/question || echo "missing rc=$? [$RET]" >&2
db_stop
S
chmod +x own.config; ./own.config configure; echo rc=$?
grep -A3 -E '^Name: (tzdata/Areas|locales/default|ca-certificates/trust|man-db/auto-update|debconf/frontend)$' db/config.dat
