#!/bin/sh
# rootfs-test.sh: prove images/divert.sh on a real Debian root filesystem,
# without a container engine.
#
# Builds (once, then cached under /var/cache/nash-rootfs/) a Debian minbase
# root with debootstrap from the mirror the host's apt uses, extracts a fresh
# copy, installs bin/nash in it with divert.sh under chroot, and checks that
# every way of starting a shell lands in nash while the real bash stays usable:
# package maintainer scripts, #!/bin/sh and #!/usr/bin/env bash scripts, make
# recipes, xargs, dpkg --configure -a, a reinstall of bash and dash, then
# idempotence (manifest unchanged by a second run) and --undo. When bin/nashd
# exists, the same steps run with a collector socket bind-mounted at
# /run/nucleic and the exported events are checked for parent links.
#
# Needs root and debootstrap. Environment knobs:
#   NASH_BIN      the nash binary to install       (default: REPO/bin/nash)
#   NASHD_BIN     the collector binary              (default: REPO/bin/nashd)
#   SUITE         Debian suite                      (default: bookworm)
#   DEBIAN_MIRROR mirror URL                        (default: from host apt sources)
#   NASH_ROOTFS_CACHE cache directory               (default: /var/cache/nash-rootfs)
#   STEP_TIMEOUT  seconds one step in the root may take (default: 180)
#   KEEP_ROOT=1   keep the extracted root after the run, for debugging
#   REQUIRE_COLLECTOR=1  fail, not skip, when the collector checks cannot run
# Ends with "image-test: N passed, M failed[, K skipped]"; exits 1 on any failure.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
NASH_BIN=${NASH_BIN:-$repo/bin/nash}
NASHD_BIN=${NASHD_BIN:-$repo/bin/nashd}
SUITE=${SUITE:-bookworm}
CACHE_DIR=${NASH_ROOTFS_CACHE:-/var/cache/nash-rootfs}
# Bump when the content of the cached root changes (packages, users, downloads).
CACHE_VERSION=1
# Installed in the cached root: make runs recipes through /bin/sh.
INCLUDE="make"
# Downloaded (not installed) into the cached root's apt cache, so that runs
# install them offline: less has preinst, postinst and prerm scripts
# (#!/bin/sh, update-alternatives); bash and dash are reinstalled to prove
# that the diversions survive an upgrade.
DOWNLOAD="less"
REINSTALL="bash dash"
T=/tmp/nash-test # inside the root
STEP_TIMEOUT=${STEP_TIMEOUT:-180} # seconds for one step inside the root

passed=0
failed=0
skipped=0
started=$(date +%s)
work=
root=
mounts=
nashd_pid=

log() { printf '%s\n' "rootfs-test: $*" >&2; }
die() {
	log "error: $*"
	exit 1
}

pass() {
	passed=$((passed + 1))
	printf 'PASS %s\n' "$1"
}

fail() {
	failed=$((failed + 1))
	printf 'FAIL %s\n' "$1"
	if [ -n "${2-}" ]; then printf '%s\n' "$2" | sed 's/^/    /' | head -n 40; fi
}

skip() {
	skipped=$((skipped + 1))
	printf 'SKIP %s\n' "$1"
}

# ---- mounts and cleanup -------------------------------------------------

do_mount() { # do_mount TARGET ARGS...: mount and remember TARGET for cleanup
	t=$1
	shift
	mount "$@" "$t"
	mounts="$t
$mounts"
}

unmount_all() {
	printf '%s\n' "$mounts" | while IFS= read -r m; do
		[ -n "$m" ] || continue
		umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || log "could not unmount $m"
	done
	mounts=
}

# mounted_under DIR succeeds when anything is still mounted below DIR.
mounted_under() {
	awk -v d="$1/" 'index($5, d) == 1 { found = 1 } END { exit !found }' /proc/self/mountinfo
}

cleanup() {
	rc=$?
	set +e
	if [ -n "$nashd_pid" ]; then
		kill "$nashd_pid" 2>/dev/null
		wait "$nashd_pid" 2>/dev/null
	fi
	unmount_all
	if [ -n "$work" ] && [ -d "$work" ]; then
		if mounted_under "$work"; then
			log "something is still mounted under $work: leaving it in place"
		elif [ "${KEEP_ROOT-}" = 1 ]; then
			log "kept $work"
		else
			rm -rf "$work"
		fi
	fi
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

mount_system() { # mount_system ROOT
	do_mount "$1/proc" -t proc proc
	do_mount "$1/sys" -t sysfs sysfs
	do_mount "$1/dev" --bind /dev
}

# ---- the cached root ----------------------------------------------------

# host_mirror prints the first deb URI the host's apt uses for $SUITE.
host_mirror() {
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk -v suite="$SUITE" '
			BEGIN { RS = ""; FS = "\n" }
			{
				types = ""; uris = ""; suites = ""; enabled = "yes"
				for (i = 1; i <= NF; i++) {
					line = $i
					if (line ~ /^#/) continue
					split(line, kv, ":")
					key = tolower(kv[1]); val = substr(line, length(kv[1]) + 2)
					gsub(/^[ \t]+|[ \t]+$/, "", val)
					if (key == "types") types = val
					else if (key == "uris") uris = val
					else if (key == "suites") suites = val
					else if (key == "enabled") enabled = tolower(val)
				}
				if (enabled == "no") next
				if ((" " types " ") !~ / deb /) next
				if ((" " suites " ") !~ (" " suite " ")) next
				split(uris, u, /[ \t]+/); print u[1]; exit
			}' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk -v suite="$SUITE" '
			$1 == "deb" {
				i = 2
				if ($i ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
				if ($(i + 1) == suite) { print $i; exit }
			}' "$f"
	done
}

build_cache() { # build_cache TARBALL
	mirror=${DEBIAN_MIRROR:-$(host_mirror | head -n 1)}
	[ -n "$mirror" ] || die "no deb source for $SUITE in /etc/apt; set DEBIAN_MIRROR"
	command -v debootstrap >/dev/null 2>&1 || die "debootstrap is not installed (apt-get install -y debootstrap)"
	log "building the $SUITE root (debootstrap --variant=minbase, cold run)"
	b=$work/build
	mkdir -p "$b"
	debootstrap --variant=minbase --include="$INCLUDE" "$SUITE" "$b" "$mirror" >"$work/debootstrap.log" 2>&1 ||
		{ tail -n 30 "$work/debootstrap.log" >&2; die "debootstrap failed"; }
	mount_system "$b"
	chroot "$b" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive sh -ec "
		apt-get update -qq
		apt-get install -y -qq --download-only $DOWNLOAD
		apt-get install -y -qq --download-only --reinstall $REINSTALL
		useradd --create-home --uid 1000 --shell /bin/sh agent
	" >"$work/prepare.log" 2>&1 || { tail -n 30 "$work/prepare.log" >&2; die "preparing the root failed"; }
	unmount_all
	mkdir -p "$CACHE_DIR"
	tar -C "$b" --numeric-owner -cf "$1.tmp" .
	mv -f "$1.tmp" "$1"
	rm -rf "$b"
}

# ---- running inside the root ----------------------------------------------

session_env= # NUCLEIC_*=... words from nashd session new, one a line

# in_root CMD...: run CMD in the root with a clean environment, killing its
# whole process group after $STEP_TIMEOUT seconds (exit status 124), so a
# shell that hangs fails its step instead of the whole run.
in_root() {
	# shellcheck disable=SC2086 # session_env is KEY=VALUE words without blanks
	timeout --kill-after=10 "$STEP_TIMEOUT" chroot "$root" /usr/bin/env -i \
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
		$session_env "$@"
}

# check NAME CMD...: pass when CMD succeeds in the root.
check() {
	name=$1
	shift
	if out=$(in_root "$@" 2>&1 </dev/null); then pass "$name"; else fail "$name" "$(status_note $?)$out"; fi
}

status_note() {
	case $1 in
	124 | 137) echo "(timed out after ${STEP_TIMEOUT}s)" ;;
	*) echo "(exit status $1)" ;;
	esac
}

# expect NAME WANT CMD...: pass when CMD succeeds in the root and prints WANT.
expect() {
	name=$1
	want=$2
	shift 2
	if out=$(in_root "$@" 2>&1 </dev/null); then st=0; else st=$?; fi
	if [ "$st" = 0 ] && [ "$out" = "$want" ]; then
		pass "$name"
	else
		fail "$name" "$(status_note "$st")
want: $want
got:  $out"
	fi
}

manifest() { # manifest FILE
	in_root /bin/sh "$T/divert.sh" --manifest >"$1" 2>&1 || echo "divert.sh --manifest failed: $(status_note $?)" >>"$1"
}

same_manifest() { # same_manifest NAME A B
	if grep -q 'manifest failed' "$2" "$3"; then
		fail "$1" "$(grep -h 'manifest failed' "$2" "$3")"
	elif d=$(diff "$2" "$3"); then
		pass "$1"
	else
		fail "$1" "$d"
	fi
}

# ---- the collector (optional) ---------------------------------------------

session_id=
api= # host:port of the collector's loopback query API

# skip_or_fail NAME: a check that cannot run is a skip, or a failure under
# REQUIRE_COLLECTOR=1 (make image-test, so CI never passes without them).
skip_or_fail() {
	if [ "${REQUIRE_COLLECTOR-}" = 1 ]; then fail "$1 (REQUIRE_COLLECTOR=1)"; else skip "$1"; fi
}

start_collector() {
	if [ ! -x "$NASHD_BIN" ]; then
		skip_or_fail "collector events: $NASHD_BIN is not built - event and parent-link checks not run"
		return 1
	fi
	state=$work/nashd
	run=$work/nashd-run # bind-mounted at /run/nucleic: the socket only, not the store
	mkdir -p "$state" "$run"
	"$NASHD_BIN" serve --state "$state" --socket "$run/control.sock" \
		--listen 127.0.0.1:0 --no-runner >"$work/nashd.log" 2>&1 &
	nashd_pid=$!
	i=0
	until [ -S "$run/control.sock" ] && [ -s "$state/serve.json" ]; do
		i=$((i + 1))
		if [ "$i" -gt 150 ] || ! kill -0 "$nashd_pid" 2>/dev/null; then
			fail "collector: nashd serve did not come up" "$(tail -n 20 "$work/nashd.log")"
			return 1
		fi
		sleep 0.1
	done
	api=$(sed -n 's/.*"listen":"\([^"]*\)".*/\1/p' "$state/serve.json")
	if ! out=$("$NASHD_BIN" session new --state "$state" --socket /run/nucleic/control.sock --label image-test 2>&1); then
		fail "collector: nashd session new" "$out"
		return 1
	fi
	session_env=$(printf '%s\n' "$out" | sed -n 's/^export //; /^NUCLEIC_[A-Z_]*=[^ ]*$/p' | tr -d "'\"")
	session_id=$(printf '%s\n' "$session_env" | sed -n 's/^NUCLEIC_SESSION_ID=//p')
	if [ -z "$session_id" ] || ! printf '%s\n' "$session_env" | grep -q '^NUCLEIC_HOOK_TOKEN='; then
		fail "collector: nashd session new printed no session id and token" "$out"
		session_env=
		return 1
	fi
	mkdir -p "$root/run/nucleic"
	do_mount "$root/run/nucleic" --bind "$run"
	pass "collector: nashd serve and session new ($session_id)"
	# Independent of nash: perl-base (in minbase) speaks to the socket.
	# shellcheck disable=SC2016 # perl code
	expect "collector: GET /healthz over /run/nucleic/control.sock from inside the root" 200 \
		perl -MIO::Socket::UNIX -e '
			my $s = IO::Socket::UNIX->new(Peer => "/run/nucleic/control.sock") or die "connect: $!\n";
			print $s "GET /healthz HTTP/1.0\r\nHost: nash\r\n\r\n";
			my $l = <$s>; $l =~ m{^HTTP/\S+ (\d+)} or die "bad reply: $l"; print "$1\n";'
	return 0
}

# event_check NAME JQ: pass when the jq expression is true over $ev (the
# exported events) and $parent (shell id -> parent shell id).
event_check() {
	if jq -e -n --slurpfile ev "$work/export.jsonl" --slurpfile tree "$work/shells.json" '
		($tree[0] | [.. | objects | select(has("maxSeq"))]
			| map({key: .id, value: (.parentId // "")}) | from_entries) as $parent
		| def shells(p): [$ev[] | select(.kind == "exec") | select(.event.argv // [] | p) | .shellId] | unique;
		def child_of(c; p): (p) as $ps | any(c[]; . as $s | $ps | index($parent[$s]) != null);
		'"$2" >/dev/null 2>"$work/jq.err"; then
		pass "$1"
	else
		fail "$1" "$(cat "$work/jq.err")
events: $(wc -l <"$work/export.jsonl"), shells: $(jq -c '[.. | objects | select(has("maxSeq")) | {id, parentId}]' "$work/shells.json" | head -c 1500)"
	fi
}

# shellcheck disable=SC2016 # jq programs
check_events() {
	state=$work/nashd
	if ! command -v jq >/dev/null 2>&1 || ! command -v curl >/dev/null 2>&1; then
		skip_or_fail "collector events: jq or curl is not installed"
		return
	fi
	sleep 1 # shells flush at exit; let the collector commit the last batches
	if ! "$NASHD_BIN" export --state "$state" --session "$session_id" >"$work/export.jsonl" 2>"$work/export.err"; then
		fail "collector: nashd export" "$(cat "$work/export.err")"
		return
	fi
	if ! curl -fsS --max-time 10 "http://$api/api/sessions/$session_id/shells" >"$work/shells.json" 2>"$work/curl.err"; then
		fail "collector: shell tree from the query API" "$(cat "$work/curl.err")"
		return
	fi
	event_check "collector: exec events arrived from inside the root" \
		'[$ev[] | select(.kind == "exec")] | length > 0'
	event_check "collector: nested sh -c has the bash -c shell as parent" \
		'child_of(shells(.[0] == ":" and (join(" ") | test("nash-nested-marker")));
			shells(.[0] == "sh" and (join(" ") | test("nash-nested-marker"))))'
	event_check "collector: sh started by xargs has the shell running xargs as parent" \
		'child_of(shells(.[0] == "readlink"); shells(.[0] == "xargs"))'
	event_check "collector: less's maintainer scripts ran in nash, under the shell that ran apt-get" \
		'child_of(shells(.[0] == "update-alternatives"); shells(.[0] == ":" and .[1] == "nash-m-apt-parent"))'
	for m in $launch_markers; do
		event_check "collector: launch path $m sent events, with the nash that started it as parent" \
			'child_of(shells(.[0] == ":" and .[1] == "nash-m-'"$m"'"); shells(.[0] == ":" and .[1] == "nash-m-parent"))'
	done
	event_check "collector: make's recipes ran in nash (cat in.txt exec)" \
		'shells(.[0] == "cat" and .[1] == "in.txt") | length > 0'
	if out=$("$NASHD_BIN" verify --state "$state" --session "$session_id" 2>&1); then
		pass "collector: nashd verify accepts the session's chain"
	else
		fail "collector: nashd verify" "$out"
	fi
}

# ---- the test -------------------------------------------------------------

[ "$(id -u)" = 0 ] || die "must run as root (chroot, mount)"
[ -x "$NASH_BIN" ] || die "no nash binary at $NASH_BIN (build it: make nash)"
arch=$(dpkg --print-architecture)
tarball=$CACHE_DIR/$SUITE-$arch-minbase-v$CACHE_VERSION.tar
work=$(mktemp -d /var/tmp/nash-rootfs-test.XXXXXX)
root=$work/root

mkdir -p "$CACHE_DIR"
exec 9>"$CACHE_DIR/.lock"
flock 9 # one builder at a time; the others wait and reuse its tarball
[ -s "$tarball" ] || build_cache "$tarball"
flock -u 9
exec 9>&-
log "using $tarball"
mkdir -p "$root"
tar -C "$root" --numeric-owner -xf "$tarball"
mount_system "$root"
mkdir -p "$root$T"
cp "$repo/images/divert.sh" "$root$T/divert.sh"
cp "$NASH_BIN" "$root$T/nash"
chmod 0755 "$root$T/divert.sh" "$root$T/nash"

# Fixtures: scripts and a Makefile that report which shell runs them.
# shellcheck disable=SC2016 # expanded by the shell under test
probe='echo "${NUCLEIC_NASH-unset} $(readlink -f /proc/$$/exe)"'
printf '#!/bin/sh\n%s\n' "$probe" >"$root$T/posix.sh"
printf '#!/usr/bin/env bash\n%s\n' "$probe" >"$root$T/bash.sh"
chmod 0755 "$root$T/posix.sh" "$root$T/bash.sh"
mkdir -p "$root$T/mk"
# shellcheck disable=SC2016 # make and the recipe shell expand these
printf '%s\n' 'out.txt: in.txt' \
	'	echo "$${NUCLEIC_NASH-unset} $$(readlink -f /proc/$$$$/exe)" >$@' \
	'	cat $< >>$@' >"$root$T/mk/Makefile"
echo from-make >"$root$T/mk/in.txt"
# Launch paths run from one nash parent; each leaves a ": nash-m-NAME" exec
# event, so the collector checks can tell which shell ran it.
printf '#!/bin/sh\n: nash-m-posix-script\n' >"$root$T/m-posix.sh"
printf '#!/usr/bin/env bash\n: nash-m-envbash-script\n' >"$root$T/m-bash.sh"
chmod 0755 "$root$T/m-posix.sh" "$root$T/m-bash.sh"
mkdir -p "$root$T/mk2"
# a ';' so make hands the recipe to a shell rather than exec'ing it itself
printf 'all:\n\t: nash-m-make; true\n' >"$root$T/mk2/Makefile"
launch_markers="sh-c bash-c env-bash xargs-sh posix-script envbash-script make"
nash=/usr/local/bin/nash
is_nash="1 $nash"

collector=no
if start_collector; then collector=yes; fi

manifest "$work/m0"
# Bad input changes nothing.
check "divert.sh refuses an unknown option" sh -c "! /bin/sh $T/divert.sh --bogus $T/nash"
check "divert.sh refuses a nash binary that does not run" sh -c "! /bin/sh $T/divert.sh /etc/passwd"
manifest "$work/m0b"
same_manifest "the refused runs of divert.sh changed nothing" "$work/m0" "$work/m0b"
check "divert.sh installs nash" /bin/sh "$T/divert.sh" "$T/nash"
manifest "$work/m1"
check "divert.sh runs a second time (under nash as /bin/sh)" /bin/sh "$T/divert.sh" "$T/nash"
manifest "$work/m2"
same_manifest "divert.sh is idempotent (manifest unchanged by the second run)" "$work/m1" "$work/m2"

for p in /bin/sh /bin/bash /bin/dash /usr/bin/sh /usr/bin/bash /usr/bin/dash; do
	expect "$p resolves to nash" "$nash" readlink -f "$p"
done
# shellcheck disable=SC2016 # expanded inside the root
{
	expect "/bin/sh -c runs nash" "$is_nash" /bin/sh -c "$probe"
	expect "bash -c runs nash" "$is_nash" bash -c "$probe"
	expect "bash -c sees NUCLEIC_NASH=1" 1 bash -c 'echo "$NUCLEIC_NASH"'
	expect "env bash runs nash" "$is_nash" /usr/bin/env bash -c "$probe"
	expect "sh started by xargs runs nash" "$is_nash" sh -c "echo x | xargs sh -c '$probe'"
	expect "#!/bin/sh script runs under nash" "$is_nash" "$T/posix.sh"
	expect "#!/usr/bin/env bash script runs under nash" "$is_nash" "$T/bash.sh"
	expect "nested shells run nash" "$is_nash" bash -c "sh -c ': nash-nested-marker; $probe'"
	check "every launch path, from one nash parent" bash -c ": nash-m-parent
		/bin/sh -c ': nash-m-sh-c'
		bash -c ': nash-m-bash-c'
		/usr/bin/env bash -c ': nash-m-env-bash'
		echo x | xargs sh -c ': nash-m-xargs-sh'
		$T/m-posix.sh
		$T/m-bash.sh
		make -s -C $T/mk2"
	expect "/usr/bin/bash.real is the real bash" "unset /usr/bin/bash.real" /usr/bin/bash.real -c "$probe"
	expect "/usr/bin/dash.real is the real dash" "unset /usr/bin/dash.real" /usr/bin/dash.real -c "$probe"
	expect "nash's fallback reaches the real bash (NUCLEIC_NASH_DISABLE=1 bash -c)" "unset /usr/bin/bash.real" \
		/usr/bin/env NUCLEIC_NASH_DISABLE=1 bash -c "$probe"
	expect "login bash gets SHELL and NUCLEIC_REAL_BASH" "/bin/bash /usr/bin/bash.real" \
		bash -lc 'echo "$SHELL $NUCLEIC_REAL_BASH"'
}
expect "login shells of root and uid 1000 are /bin/bash" "root:/bin/bash agent:/bin/bash" \
	sh -c "getent passwd root agent | cut -d: -f1,7 | tr '\n' ' ' | sed 's/ \$//'"
# shellcheck disable=SC2016 # expanded inside the root
check "/etc/nash-version holds nash's version" sh -c 'v=$('"$nash"' -c "printf %s \"\$NASH_VERSION\"") &&
	[ -n "$v" ] && [ "$(cat /etc/nash-version)" = "$v" ] || { echo "file: $(cat /etc/nash-version), nash: $v"; exit 1; }'
check "nash doctor is healthy inside the root" "$nash" doctor
if [ "$collector" = yes ] && command -v jq >/dev/null 2>&1; then
	# every field the issue names: both shells are nash, where the real bash
	# is, the collector, the capture level and the version
	if out=$(in_root "$nash" doctor --json 2>&1) &&
		printf '%s\n' "$out" | jq -e --arg v "$(in_root /bin/sh -c 'cat /etc/nash-version')" '
			.healthy and .collector.reachable and .session.hasToken and .capture == "tap"
			and .version == $v and .nash == "/usr/local/bin/nash"
			and ([.shells[] | select(.isNash)] | length) == 2
			and .realBash.found and .realBash.path == "/usr/bin/bash.real"' >/dev/null; then
		pass "nash doctor --json: shells, real bash, collector, session, capture, version"
	else
		fail "nash doctor --json: shells, real bash, collector, session, capture, version" "$out"
	fi
fi
# From a nash parent, so the maintainer scripts' shells can be checked as
# its descendants.
check "apt-get install runs maintainer scripts under nash (less)" \
	bash -c ': nash-m-apt-parent; apt-get install -y --no-download less'
expect "less's postinst ran (pager alternative)" /usr/bin/less readlink -f /usr/bin/pager
check "make runs its recipes" make -C "$T/mk"
expect "make's recipe shell is nash" "$is_nash
from-make" cat "$T/mk/out.txt"
check "dpkg --configure -a" dpkg --configure -a
# shellcheck disable=SC2016 # expanded inside the root
check "dpkg --audit finds nothing" sh -c '[ -z "$(dpkg --audit)" ]'

# An upgrade of bash and dash must keep the diversions and the symlinks.
# shellcheck disable=SC2086 # a list of package names
check "apt-get reinstall of bash and dash" apt-get install -y --no-download --reinstall $REINSTALL
for p in /bin/sh /bin/bash /bin/dash; do
	expect "$p still resolves to nash after the reinstall" "$nash" readlink -f "$p"
done
expect "bash.real is the reinstalled real bash" "unset /usr/bin/bash.real" /usr/bin/bash.real -c "$probe"
check "divert.sh after the reinstall" /bin/sh "$T/divert.sh"
manifest "$work/m3"
same_manifest "divert.sh after the reinstall restores the installed state" "$work/m1" "$work/m3"

if [ "$collector" = yes ]; then check_events; fi

check "divert.sh --undo" /bin/sh "$T/divert.sh" --undo
expect "/bin/bash is the real bash again" "unset /usr/bin/bash" /bin/bash -c "$probe"
expect "/bin/sh is dash again" "unset /usr/bin/dash" /bin/sh -c "$probe"
manifest "$work/m4"
same_manifest "--undo restores the manifest from before divert.sh" "$work/m0" "$work/m4"
check "dpkg --configure -a after --undo" dpkg --configure -a

elapsed=$(($(date +%s) - started))
log "done in ${elapsed}s"
if [ "$skipped" -gt 0 ]; then
	echo "image-test: $passed passed, $failed failed, $skipped skipped"
else
	echo "image-test: $passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
