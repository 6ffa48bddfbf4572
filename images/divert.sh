#!/bin/sh
# divert.sh: make nash the system shell of a merged-/usr Debian root, or undo it.
#
# Run as root inside the image or chroot (it touches only the root it runs in):
#   divert.sh [--version-file FILE] [NASH_BINARY]   install (NASH_BINARY defaults
#                                                   to the nash already installed)
#   divert.sh --undo                                put the real shells back
#   divert.sh --manifest                            print the state of every path,
#                                                   diversion and login shell it manages
#
# What "install" does, in this order, so that /bin/sh, /bin/bash and /bin/dash
# never stop existing while it runs (every replacement is a rename(2) over the
# old name: ln -s to a temporary name, then mv -T):
#   1. checks that NASH_BINARY runs and copies it to /usr/local/bin/nash;
#   2. for bash, then dash: hard-links the real binary as /usr/bin/S.real, adds
#      the local diversions /usr/bin/S -> /usr/bin/S.real and /bin/S -> /bin/S.real
#      (see below), then points /usr/bin/S (= /bin/S) at nash;
#   3. points /bin/sh at nash (its old target is saved for --undo);
#   4. writes SHELL=/bin/bash and NUCLEIC_REAL_BASH=/usr/bin/bash.real to
#      /etc/profile.d/nash.sh and /etc/environment;
#   5. sets the login shell of root and of the uid-1000 user (if any) to /bin/bash;
#   6. writes nash's version to /etc/nash-version.
# A second run changes nothing. --undo reverses every step.
#
# Diversions on merged /usr: /bin is a symlink to usr/bin, but dpkg knows files
# by the path their package ships. Bookworm's bash and dash ship /bin/bash and
# /bin/dash, later releases ship /usr/bin/...; dpkg compares diversion paths as
# strings, so both spellings are diverted. dpkg-divert refuses two diversions
# with one target string ("clashes with"), so the /bin one diverts to
# /bin/S.real, which is the same file as /usr/bin/S.real through the /bin
# symlink. An upgrade of bash or dash therefore writes the new real shell to
# /usr/bin/S.real whichever spelling its package uses, and keeps our symlink.
# /bin/sh is left to dash's own diversion (/bin/sh -> /bin/sh.distrib by dash):
# a dash upgrade may reset /bin/sh to "dash", which still resolves to nash.
set -eu

NASH=/usr/local/bin/nash
STATE=/var/lib/nash-divert
PROFILE=/etc/profile.d/nash.sh
ENVIRONMENT=/etc/environment
VERSION_FILE=/etc/nash-version
REAL_BASH=/usr/bin/bash.real
SHELLS="bash dash"
ENV_LINES="SHELL=/bin/bash
NUCLEIC_REAL_BASH=$REAL_BASH"

die() {
	echo "divert.sh: $*" >&2
	exit 1
}

say() {
	echo "divert.sh: $*"
}

# atomic_symlink TARGET PATH: make PATH a symlink to TARGET without PATH ever
# being absent. Does nothing when it already is one.
atomic_symlink() {
	if [ -L "$2" ] && [ "$(readlink "$2")" = "$1" ]; then
		return 0
	fi
	tmp="$2.nash-tmp.$$"
	rm -f "$tmp"
	ln -s "$1" "$tmp"
	mv -T "$tmp" "$2"
	say "$2 -> $1"
}

# diverter PATH prints who diverts PATH (LOCAL, a package name, or nothing).
diverter() {
	dpkg-divert --listpackage "$1"
}

# add_diversion PATH DIVERT_TO: add a local diversion without renaming
# anything (the caller has already put the real file in place).
add_diversion() {
	if [ "$(diverter "$1")" = LOCAL ] && [ "$(dpkg-divert --truename "$1")" = "$2" ]; then
		return 0
	fi
	dpkg-divert --local --no-rename --divert "$2" --add "$1"
}

remove_diversion() {
	if [ "$(diverter "$1")" = LOCAL ]; then
		dpkg-divert --local --no-rename --remove "$1"
	fi
}

# login_users prints root and the uid-1000 user, one name a line.
login_users() {
	getent passwd | awk -F: '$3 == 0 || $3 == 1000 { print $1 }'
}

login_shell() {
	getent passwd "$1" | awk -F: '{ print $7 }'
}

nash_version() {
	# shellcheck disable=SC2016 # expanded by nash, not here
	v=$(env -u NASH_VERSION "$NASH" -c 'printf "%s" "${NASH_VERSION-}"' 2>/dev/null) || v=
	if [ -z "$v" ]; then
		# A line such as "nash 0.3.1" or "NASH_VERSION=0.3.1" in --version.
		v=$("$NASH" --version 2>/dev/null |
			sed -n 's/^[Nn][Aa][Ss][Hh][^0-9]*\([0-9][0-9A-Za-z.+~-]*\).*/\1/p' |
			head -n 1) || v=
	fi
	if [ -z "$v" ] && [ -n "$version_file" ] && [ -s "$version_file" ]; then
		v=$(head -n 1 "$version_file")
	fi
	printf '%s\n' "${v:-unknown}"
}

preflight() {
	[ "$(id -u)" = 0 ] || die "must run as root"
	command -v dpkg-divert >/dev/null 2>&1 || die "dpkg-divert not found: not a Debian root?"
	[ "$(readlink -f /bin)" = /usr/bin ] || die "/bin is not /usr/bin: only merged-/usr roots (bookworm and later) are supported"
	for s in $SHELLS; do
		for p in "/usr/bin/$s" "/bin/$s"; do
			d=$(diverter "$p")
			[ -z "$d" ] || [ "$d" = LOCAL ] || die "$p is already diverted by package $d"
		done
		if [ ! -e "/usr/bin/$s.real" ] && { [ -L "/usr/bin/$s" ] || [ ! -f "/usr/bin/$s" ]; }; then
			die "/usr/bin/$s is not the real $s and /usr/bin/$s.real does not exist"
		fi
	done
}

install_binary() {
	src=$1
	if [ -f "$NASH" ] && cmp -s "$src" "$NASH"; then
		return 0
	fi
	mkdir -p "$(dirname "$NASH")"
	cp "$src" "$NASH.tmp.$$"
	chmod 0755 "$NASH.tmp.$$"
	mv -f "$NASH.tmp.$$" "$NASH"
	say "installed $NASH"
}

# save_state records, once, what --undo needs to put back.
save_state() {
	[ -d "$STATE" ] && return 0
	mkdir -p "$STATE.tmp"
	readlink /bin/sh >"$STATE.tmp/sh-target" || echo dash >"$STATE.tmp/sh-target"
	for u in $(login_users); do
		printf '%s:%s\n' "$u" "$(login_shell "$u")"
	done >"$STATE.tmp/login-shells"
	if [ -e "$ENVIRONMENT" ]; then : >"$STATE.tmp/environment-existed"; fi
	mv -T "$STATE.tmp" "$STATE"
}

divert_shell() {
	s=$1
	if [ ! -e "/usr/bin/$s.real" ]; then
		ln "/usr/bin/$s" "/usr/bin/$s.real"
	fi
	add_diversion "/usr/bin/$s" "/usr/bin/$s.real"
	add_diversion "/bin/$s" "/bin/$s.real"
	atomic_symlink "$NASH" "/usr/bin/$s"
}

undivert_shell() {
	s=$1
	if [ -f "/usr/bin/$s.real" ] && [ ! -L "/usr/bin/$s.real" ]; then
		mv -T "/usr/bin/$s.real" "/usr/bin/$s"
		say "restored /usr/bin/$s"
	fi
	remove_diversion "/bin/$s"
	remove_diversion "/usr/bin/$s"
}

# write_file PATH CONTENT: replace PATH atomically when its content differs.
write_file() {
	if [ -f "$1" ] && [ "$(cat "$1")" = "$2" ]; then
		return 0
	fi
	printf '%s\n' "$2" >"$1.tmp.$$"
	chmod 0644 "$1.tmp.$$"
	mv -f "$1.tmp.$$" "$1"
	say "wrote $1"
}

write_environment() {
	mkdir -p "$(dirname "$PROFILE")"
	write_file "$PROFILE" "# Written by nash's divert.sh; removed by divert.sh --undo.
export SHELL=/bin/bash
export NUCLEIC_REAL_BASH=$REAL_BASH"
	touch "$ENVIRONMENT"
	printf '%s\n' "$ENV_LINES" | while IFS= read -r line; do
		grep -qxF "$line" "$ENVIRONMENT" || printf '%s\n' "$line" >>"$ENVIRONMENT"
	done
}

unwrite_environment() {
	rm -f "$PROFILE"
	if [ -f "$ENVIRONMENT" ]; then
		printf '%s\n' "$ENV_LINES" >"$ENVIRONMENT.nash-lines.$$"
		grep -vxF -f "$ENVIRONMENT.nash-lines.$$" "$ENVIRONMENT" >"$ENVIRONMENT.tmp.$$" || true
		rm -f "$ENVIRONMENT.nash-lines.$$"
		if [ ! -s "$ENVIRONMENT.tmp.$$" ] && [ -d "$STATE" ] && [ ! -e "$STATE/environment-existed" ]; then
			rm -f "$ENVIRONMENT.tmp.$$" "$ENVIRONMENT"
		elif cmp -s "$ENVIRONMENT.tmp.$$" "$ENVIRONMENT"; then
			rm -f "$ENVIRONMENT.tmp.$$"
		else
			chmod 0644 "$ENVIRONMENT.tmp.$$"
			mv -f "$ENVIRONMENT.tmp.$$" "$ENVIRONMENT"
		fi
	fi
}

set_login_shells() {
	for u in $(login_users); do
		[ "$(login_shell "$u")" = /bin/bash ] && continue
		usermod -s /bin/bash "$u"
		say "login shell of $u is /bin/bash"
	done
}

restore_login_shells() {
	[ -f "$STATE/login-shells" ] || return 0
	while IFS=: read -r u sh; do
		getent passwd "$u" >/dev/null || continue
		[ "$(login_shell "$u")" = "$sh" ] && continue
		usermod -s "$sh" "$u"
		say "login shell of $u is $sh again"
	done <"$STATE/login-shells"
}

do_install() {
	src=$1
	preflight
	[ -n "$src" ] || src=$NASH
	[ -f "$src" ] || die "no nash binary: $src"
	"$src" -c 'exit 0' </dev/null || die "$src does not run"
	install_binary "$src"
	save_state
	# bash first: from the moment any shell path resolves to nash, the real
	# bash that nash falls back to is at /usr/bin/bash.real.
	for s in $SHELLS; do
		divert_shell "$s"
	done
	atomic_symlink "$NASH" /bin/sh
	write_environment
	set_login_shells
	write_file "$VERSION_FILE" "$(nash_version)"
}

do_undo() {
	[ "$(id -u)" = 0 ] || die "must run as root"
	# The reverse order: bash.real stays until nothing resolves to nash.
	target=dash
	[ -f "$STATE/sh-target" ] && target=$(cat "$STATE/sh-target")
	atomic_symlink "$target" /bin/sh
	undivert_shell dash
	undivert_shell bash
	unwrite_environment
	restore_login_shells
	rm -f "$VERSION_FILE" "$NASH"
	rm -rf "$STATE"
	say "undone"
}

# describe PATH prints one manifest line for PATH.
describe() {
	if [ -L "$1" ]; then
		printf '%s symlink %s\n' "$1" "$(readlink "$1")"
	elif [ -f "$1" ]; then
		printf '%s file %s\n' "$1" "$(sha256sum <"$1" | cut -d' ' -f1)"
	elif [ -e "$1" ]; then
		printf '%s other\n' "$1"
	else
		printf '%s absent\n' "$1"
	fi
}

do_manifest() {
	for p in "$NASH" /bin/sh /usr/bin/sh /bin/bash /bin/dash; do
		describe "$p"
	done
	for s in $SHELLS; do
		describe "/usr/bin/$s"
		describe "/usr/bin/$s.real"
	done
	for p in "$PROFILE" "$ENVIRONMENT" "$VERSION_FILE" "$STATE/sh-target" "$STATE/login-shells"; do
		describe "$p"
	done
	dpkg-divert --list | sort | sed 's/^/diversion: /'
	for u in $(login_users); do
		printf 'login-shell %s %s\n' "$u" "$(login_shell "$u")"
	done
}

mode=install
version_file=${NASH_VERSION_FILE-}
src=
while [ $# -gt 0 ]; do
	case $1 in
	--undo) mode=undo ;;
	--manifest) mode=manifest ;;
	--version-file)
		[ $# -ge 2 ] || die "--version-file needs a file"
		version_file=$2
		shift
		;;
	-h | --help)
		sed -n '2,/^set -eu/p' "$0" | sed '$d'
		exit 0
		;;
	-*) die "unknown option $1" ;;
	*) src=$1 ;;
	esac
	shift
done

case $mode in
install) do_install "$src" ;;
undo) do_undo ;;
manifest) do_manifest ;;
esac
