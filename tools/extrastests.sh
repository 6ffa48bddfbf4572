#!/bin/bash
# extrastests.sh: run neofetch and git-extras, unpacked from their Debian
# packages, under the real bash and under nash and compare what they do.
# A development tool, not part of CI.
#
#   tools/extrastests.sh [-v] [-x] NASH [neofetch|ascii|gitextras ...]
#
# DEBS (default /tmp/srcs5) holds neofetch_*_all.deb and
# git-extras_*_all.deb; they are unpacked with dpkg-deb -x under $OUT
# (default /tmp/extrastests.out), never installed.
#
# neofetch: ./neofetch runs with each line of extrastests/neofetch-args.txt
# as its arguments (a line "@A=1 B=2 -- args" adds A and B to the fixed
# environment: HOME and XDG_CONFIG_HOME under $OUT, TERM=xterm-256color,
# COLUMNS=120, LANG=C.UTF-8, SHELL=/bin/bash), stdin /dev/null (its image
# code reads the terminal's answer from stdin). The configs there define
# print_info with info, prin and get_* calls (neofetch-bash.conf: namerefs,
# mapfile, caller, extglob, case fall-through, ${v@Q} and more). ascii: every distro's ASCII
# art (--ascii_distro NAME for each name get_distro_ascii's case knows).
# The memory and uptime figures, which change between two runs, are
# masked. gitextras: each extrastests/gitextras-*.sh scenario runs under
# the real bash with a PATH whose bash (the scripts' #!/usr/bin/env bash)
# is the shell compared, and whose curl, xdg-open, open, pastebinit, ssh,
# scp and rsync only print their arguments (no network); fixed author,
# committer and dates; the resulting repositories (log of all refs,
# status, branches, local config, the tree) are compared too. Masked:
# mktemp names, git filter-branch's progress line (timing) and git-effort's
# output order (its jobs run in parallel, so the scenarios sort it).
#
# -x runs the shells with -x (PS4='+ ') and compares the traces as well;
# for git-extras the trace lines are compared sorted, since the stages of
# a pipeline trace in any order. Prints "same"/"DIFF" per run (-v: with
# a diff), then "N same, M differ"; the outputs stay in $OUT.
set -u
verbose=0 xflag=
while [ $# -gt 0 ]; do
	case $1 in
	-v) verbose=1 ;;
	-x) xflag=-x ;;
	*) break ;;
	esac
	shift
done
NASH=$(readlink -f "${1:?usage: extrastests.sh [-v] [-x] NASH [neofetch|ascii|gitextras ...]}")
shift
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(neofetch ascii gitextras)
HERE=$(cd "$(dirname "$0")/extrastests" && pwd)
DEBS=${DEBS:-/tmp/srcs5}
OUT=${OUT:-/tmp/extrastests.out}
rm -rf "$OUT"
mkdir -p "$OUT/root" "$OUT/res" || exit 2
for deb in "$DEBS"/neofetch_*_all.deb "$DEBS"/git-extras_*_all.deb; do
	dpkg-deb -x "$deb" "$OUT/root" || exit 2
done
same=0 diffs=0 n=0

# verdict NAME BASHFILE NASHFILE: counts and reports one comparison
verdict() {
	if cmp -s "$2" "$3"; then
		same=$((same + 1))
		[ $verbose = 1 ] && echo "same $n $1"
	else
		diffs=$((diffs + 1))
		echo "DIFF $n $1"
		[ $verbose = 1 ] && diff "$2" "$3" | head -40 | sed 's/^/    /'
	fi
	return 0
}

# neo LINE: neofetch with LINE's arguments under both shells
neo() {
	local line=$1 sh exe extra=() d=$OUT/neo
	n=$((n + 1))
	if [[ $line == @* ]]; then
		read -ra extra <<<"${line%% -- *}"
		extra[0]=${extra[0]#@}
		line=${line#* -- }
	fi
	eval "set -- $line"
	for sh in bash nash; do
		exe=/usr/bin/bash
		[ $sh = nash ] && exe=$NASH
		rm -rf "$d/home"
		mkdir -p "$d/home"
		(cd "$d" && env -i HOME="$d/home" XDG_CONFIG_HOME="$d/home/.config" TERM=xterm-256color \
			COLUMNS=120 LINES=40 LANG=C.UTF-8 SHELL=/bin/bash USER=u PATH=/usr/bin:/bin PS4='+ ' \
			"${extra[@]}" timeout 60 "$exe" $xflag ./neofetch "$@" </dev/null 2>&1
		echo "exit $?") | sed -E -e 's/(Memory[^:]*:[^ ]* )[0-9.]+[KMG]iB/\1N/' \
			-e 's/(Uptime[^:]*:[^ ]* ).*/\1X/' -e 's/^(\++ (mem_[a-z]+|memory|uptime|s|d|h|m|secs|days|hours|mins)=).*/\1N/' \
			>"$OUT/res/$n.$sh"
	done
	verdict "neofetch $line" "$OUT/res/$n.bash" "$OUT/res/$n.nash"
}

setup_neo() {
	mkdir -p "$OUT/neo"
	cp "$OUT/root/usr/bin/neofetch" "$HERE"/neofetch-*.conf "$OUT/neo/"
	printf '${c1}  /\\\\ \n${c2} /  \\\\ x\\n\n${c3}/____\\\\ %%s \t tab\n${c4}\303\251 \346\227\245\n' >"$OUT/neo/art.txt"
	printf 'not an image\n' >"$OUT/neo/x.png"
}

suite_neofetch() {
	local line
	setup_neo
	while IFS= read -r line; do
		[ -n "$line" ] && neo "$line"
	done <"$HERE/neofetch-args.txt"
}

suite_ascii() {
	local name
	setup_neo
	sed -n '/^get_distro_ascii() {/,/^}/p' "$OUT/neo/neofetch" |
		sed -En 's/^        "([^"]+)"\*?( \| [^)]*)?\).*/\1/p' >"$OUT/distros"
	while IFS= read -r name; do
		neo "$(printf -- '--config none --ascii_distro %q --disable memory uptime cpu packages term term_font' "$name")"
	done <"$OUT/distros"
}

# scenario FILE: one git-extras scenario under both shells
scenario() {
	local f=$1 sh exe g=$OUT/gx t
	n=$((n + 1))
	for sh in bash nash; do
		exe=/usr/bin/bash
		[ $sh = nash ] && exe=$NASH
		rm -rf "$g"
		mkdir -p "$g/shim" "$g/work/home"
		if [ -n "$xflag" ]; then
			printf '#!/bin/sh\nexec %s -x "$@"\n' "$exe" >"$g/shim/bash"
			chmod +x "$g/shim/bash"
		else
			ln -s "$exe" "$g/shim/bash"
		fi
		for t in curl xdg-open open pastebinit ssh scp rsync; do
			# pastebinit reads its text first: its line then comes after git's
			printf '#!/bin/sh\n%secho "SHIM %s $*" >&2\ncase "$*" in *list*) printf "c,go,java,python\\n";; *gitignore*) printf "*.o\\n";; esac\n' "$([ "$t" = pastebinit ] && echo 'cat >/dev/null; ')" "$t" >"$g/shim/$t"
			chmod +x "$g/shim/$t"
		done
		(cd "$g/work" && env -i HOME="$g/work/home" TERM=dumb LANG=C.UTF-8 USER=u TZ=UTC PS4='+ ' \
			PATH="$g/shim:$OUT/root/usr/bin:/usr/bin:/bin" setsid /usr/bin/bash "$f" </dev/null 2>&1) |
			sed -E -e 's#/tmp/(tmp|git-[a-z-]+)\.[A-Za-z0-9]+#TMPX#g' -e 's/.*Rewrite [0-9a-f]{40} .*/Rewrite.../' \
				-e 's/^Last update time: .*/Last update time: X/' \
				-e 's/[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]+/TIME/g' -e 's/\<1[6-9][0-9]{8}\>/EPOCH/g' >"$OUT/res/$n.$sh"
		# git-effort's job loop: how often it waits depends on timing
		[ -n "$xflag" ] && grep -Ev '^\++ (\(\(  [0-9]+ >= nProcs  \)\)|wait -n)$' "$OUT/res/$n.$sh" | sort -o "$OUT/res/$n.$sh"
		(cd "$g/work" && for r in $(find . -name .git -prune -printf '%h\n' | sort); do
			echo "== repo $r"
			git -C "$r" log --all --format='%H %an %cn %s %d'
			git -C "$r" status --short
			git -C "$r" branch -a
			git -C "$r" config --list --local | sort
		done
		find . -path '*/.git' -prune -o -print | sort) >>"$OUT/res/$n.$sh" 2>&1
	done
	verdict "git-extras ${f##*/}" "$OUT/res/$n.bash" "$OUT/res/$n.nash"
}

suite_gitextras() {
	local f
	for f in "$HERE"/gitextras-*.sh; do scenario "$f"; done
}

for s in "${suites[@]}"; do
	case $s in
	neofetch | ascii | gitextras) "suite_$s" ;;
	*)
		echo "unknown suite $s" >&2
		exit 2
		;;
	esac
done
echo "$same same, $diffs differ"
[ $diffs = 0 ]
