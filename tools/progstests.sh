#!/bin/bash
# progstests.sh: run two Debian-packaged bash programs under the real bash
# and under nash and compare what they print. A development tool, not
# part of CI.
#
# Prerequisites (Debian 12): apt-get install -y makeself neofetch
#
#   tools/progstests.sh [-v] NASH [makeself|neofetch ...]
#
# makeself (/usr/bin/makeself, a #!/bin/sh script, and the archives it
# makes, also #!/bin/sh) runs as `sh` with a directory first on PATH whose
# sh and bash are the shell compared: it builds archives of a fixed tree
# (fixed mtimes and packaging date, gzip -n, so the archives are
# byte-identical between the shells and from run to run) with several
# compressors and options, then runs them (--info, --list, --check,
# --noexec, --target, --keep, licence prompts, a startup script printing
# its arguments and the extracted tree). neofetch (/usr/bin/neofetch) runs under the shell compared with
# a fixed environment, with several option sets, once plainly and once
# with -x (its trace compared too); memory and uptime figures are masked.
# (Under makeself's own -x the traces differ only in the order the
# stages of its pipelines trace in, so those are not steps here.)
#
# Each step's output (stdout and stderr, then "exit N") is compared; the
# shell's own directories, temporary names made of $$ and $RANDOM are
# masked. Prints "same"/"DIFF" per step (-v: with a diff), then
# "N passed, M failed". Results stay in $OUT (default /tmp/progstests.out).
set -u
verbose=0
if [ "${1-}" = -v ]; then verbose=1; shift; fi
NASH=$(readlink -f "${1:?usage: progstests.sh [-v] NASH [makeself|neofetch ...]}")
shift
suites=("$@")
[ ${#suites[@]} -gt 0 ] || suites=(makeself neofetch)
BASH_BIN=${BASH_BIN:-/usr/bin/bash}
OUT=${OUT:-/tmp/progstests.out}
rm -rf "$OUT"
mkdir -p "$OUT" || exit 2
same=0 diffs=0

# setup: a work directory per shell, with the shim directory and a tree
setup() {
	local sh d real
	for sh in bash nash; do
		d=$OUT/w/$sh
		mkdir -p "$d/shim" "$d/home" "$d/tmp" "$d/src/sub/dir with space"
		real=$BASH_BIN
		[ $sh = nash ] && real=$NASH
		ln -s "$real" "$d/shim/sh"
		ln -s "$real" "$d/shim/bash"
		# gzip stamps what it reads from a pipe with the time: -n
		printf '#!/bin/sh\nexec /bin/gzip -n "$@"\n' >"$d/shim/gzip"
		chmod +x "$d/shim/gzip"
		printf 'hello\n' >"$d/src/a.txt"
		printf 'x%.0s' $(seq 1 5000) >"$d/src/sub/big"
		printf 'spc\n' >"$d/src/sub/dir with space/f"
		cat >"$d/src/setup.sh" <<'EOS'
#!/bin/sh
echo "setup running in $(basename "$PWD") with $# args: $*"
for a; do echo "arg<$a>"; done
ls -R | sort
echo "USER_PWD set: ${USER_PWD:+yes} ARCHIVE_DIR set: ${ARCHIVE_DIR:+yes}"
exit 3
EOS
		chmod +x "$d/src/setup.sh"
		find "$d/src" -exec touch -h -d '2020-01-01 00:00:00' {} +
	done
}

# run DIR COMMAND...: COMMAND in DIR with a fixed environment, masked
run() {
	local d=$1
	shift
	(cd "$d" && env -i HOME="$d/home" TMPDIR="$d/tmp" USER=u LANG=C.UTF-8 TERM=${TERM_FOR:-dumb} \
		PATH="$d/shim:/usr/bin:/bin" NUCLEIC_NASH_NO_FALLBACK=1 "$@" 2>&1
	echo "exit $?") | sed -E -e "s#$d/shim#SHIM#g" -e "s#$d#D#g" \
		-e 's#selfgz[0-9]+#selfgzN#g' -e 's#mkself[0-9]+#mkselfN#g' \
		-e 's#(leftspace=|test (-n )?)[0-9]{5,}#\1N#' \
		-e 's/[0-9.]+(MiB|GiB)/N/g' -e 's/(Uptime: ).*/\1X/' \
		-e 's/(mem_(used|total|avail|label|perc)|MemAvailable|uptime|seconds|s|days|hours|mins|secs|time|now)=[0-9.]+.*/\1=N/' \
		-e 's/\(\([^)]*\)\)/((X))/g'
}

n=0
# step NAME COMMAND...: COMMAND under both shells, compared
step() {
	n=$((n + 1))
	local name=$1 sh
	shift
	for sh in bash nash; do run "$OUT/w/$sh" "$@" >"$OUT/out.$n.$sh"; done
	if cmp -s "$OUT/out.$n.bash" "$OUT/out.$n.nash"; then
		same=$((same + 1))
		[ $verbose = 1 ] && echo "same $n $name"
	else
		diffs=$((diffs + 1))
		echo "DIFF $n $name"
		[ $verbose = 1 ] && diff "$OUT/out.$n.bash" "$OUT/out.$n.nash" | sed 's/^/    /'
	fi
}

suite_makeself() {
	local P='--packaging-date 2020-01-01'
	step help sh /usr/bin/makeself --help
	step version sh /usr/bin/makeself --version
	step mk-gz sh /usr/bin/makeself $P src a.run "Test label" ./setup.sh 'one arg' two
	step mk-nocomp sh /usr/bin/makeself $P --nocomp --sha256 src b.run "Label two" ./setup.sh
	step mk-b64 sh /usr/bin/makeself $P --base64 --notemp src c.run "L3" echo hi
	step mk-xz sh /usr/bin/makeself $P --xz --target tgt src d.run "L4" ./setup.sh
	step mk-bad sh /usr/bin/makeself
	step mk-nodir sh /usr/bin/makeself $P nosuch e.run L ./x
	step cmp-archives sh -c 'for f in a b c d; do sha1sum $f.run | cut -c1-40; done'
	step run-a sh ./a.run
	step run-a-args sh ./a.run -- 'x y' z
	step run-a-info sh ./a.run --info
	step run-a-list sh ./a.run --list
	step run-a-check sh ./a.run --check
	step run-a-lsm sh ./a.run --lsm
	step run-a-help sh ./a.run --help
	step run-a-noexec sh ./a.run --noexec --target out-a
	step tree-a sh -c 'find out-a | sort; cat out-a/a.txt'
	step run-a-keep sh ./a.run --keep --nox11 --quiet
	step run-b sh ./b.run --nox11
	step run-b-check sh ./b.run --check
	step run-c sh ./c.run
	step tree-c sh -c 'find . -path ./home -prune -o -path ./tmp -prune -o -print | sort'
	step run-d sh ./d.run --nox11 -- arg
	step run-bash-a bash ./a.run --nox11
	step corrupt sh -c 'cp a.run z.run; printf "\n" >> z.run; sh ./z.run'
	step dumpconf sh ./a.run --dumpconf
	step append sh -c 'find src -exec touch -h -d "2020-01-01 00:00:00" {} + && sh /usr/bin/makeself --packaging-date 2020-01-01 --append src a.run'
	step run-a2 sh ./a.run --list
	step mk-lic sh -c 'printf "LICENSE TEXT\nline2\n" > lic; printf "HELPHDR\n" > hh; printf "#!/bin/sh\necho cleanup \$*\n" > cl.sh; chmod +x cl.sh; cp cl.sh src/; sh /usr/bin/makeself --packaging-date 2020-01-01 --license lic --help-header hh --cleanup ./cl.sh --export-conf --keep-umask --nomd5 --nocrc src h.run "Lic" ./setup.sh x'
	step run-h-accept sh -c 'yes | sh ./h.run --nox11 --accept -- y'
	step run-h-noaccept sh -c 'echo n | sh ./h.run --nox11'
	step run-h-help sh ./h.run --help
	step run-h-ssl sh ./h.run --ssl-pass-src pass:x --list
	step run-a-tar sh ./a.run --tar tvf
	step run-a-nodiskspace sh ./a.run --nodiskspace --quiet --noexec --target out-q
	step run-a-badopt sh ./a.run --bogus
	step run-a-target-missing sh ./a.run --target
	step mk-current sh -c 'mkdir -p cur && cd cur && sh /usr/bin/makeself --packaging-date 2020-01-01 --current ../src ../i.run "Cur" ./setup.sh'
	step run-i sh -c 'mkdir -p ext && cd ext && sh ../i.run --nox11 --noexec && find . | sort'
}

suite_neofetch() {
	local args
	export TERM_FOR=xterm-256color
	for args in "--stdout --config none" "--config none --off --disable memory uptime" \
		"--config none --ascii_distro arch --disable memory uptime" \
		"--config none --ascii_distro debian --colors 1 2 3 4 5 6 --disable memory uptime --bold off" \
		"--config none --stdout --os_arch off --package_managers off --shell_path on --shell_version off --cpu_brand off" \
		"--help" "--version" "--config none --print_config" \
		"--config none --ascii_distro ubuntu --backend ascii --gap 5 --disable memory uptime" \
		"--config none --stdout --disk_show / --disk_subtitle dir --disk_percent off --refresh_rate on"; do
		# shellcheck disable=SC2086
		step "neofetch $args" bash /usr/bin/neofetch $args
		# shellcheck disable=SC2086
		step "neofetch -x $args" bash -x /usr/bin/neofetch $args
	done
	unset TERM_FOR
}

setup
for s in "${suites[@]}"; do
	case $s in
	makeself | neofetch) "suite_$s" ;;
	*) echo "unknown suite $s" >&2; exit 2 ;;
	esac
done
echo "$same passed, $diffs failed"
[ $diffs = 0 ]
