#!/bin/bash
# gitflowtests.sh: run git-flow (AVH edition 1.12.3, a #!/bin/sh program
# that sources its subcommand files) through scripted scenarios under the
# real bash and under nash, and compare what each step prints, its exit
# status and the resulting repositories. A development tool, not part of
# CI.
#
#   tools/gitflowtests.sh NASH [sh|bash] [-x]
#
# git-flow runs as `sh` (default, as /bin/sh runs it) or `bash`, named so by
# a symlink to the shell compared; -x runs it under set -x too (the traces
# then differ only in the order the stages of a pipeline trace in: compare
# them sorted, as this script does). Scenario 1 is the local workflow: init
# -d, feature/bugfix/release/hotfix/support start, finish (tags), rename,
# delete, list, config, log, version, each subcommand's -h and their
# errors. Scenario 2 adds an interactive init (answers on stdin), a bare
# origin next to the repository (publish, track, pull, finish -F -p), hooks
# and filters in .git/hooks (a vetoing pre-hook), --showcommands, merge and
# rebase conflicts, squash and keep flags and a clone. Commits have fixed
# dates, so hashes agree between runs. Needs git; the orig tarball
# unpacked at $GITFLOW (default /tmp/rsq/gitflow-avh-1.12.3). Prints
# "same"/"DIFF" per scenario; outputs stay in $OUT (default
# /tmp/gitflowtests.out).
set -u
NASH=$(readlink -f "${1:?usage: gitflowtests.sh NASH [sh|bash] [-x]}")
AS=${2:-sh} X=${3:-}
GITFLOW=${GITFLOW:-/tmp/rsq/gitflow-avh-1.12.3}
OUT=${OUT:-/tmp/gitflowtests.out}
mkdir -p "$OUT" || exit 2

scenario1() {
	git init -q -b master repo && cd repo || exit 1
	commit "initial" README
	step git flow version
	step git flow help
	step git flow
	step git flow feature start x
	step git flow init -h
	step git flow init -d
	step git flow config
	step git flow config list
	step git flow feature
	step git flow feature start f1
	commit "f1 work" f1.txt
	step git flow feature list
	step git flow feature list -v
	step git flow feature finish f1
	step git flow feature finish f1
	step git flow feature finish nosuch
	step git flow feature start f2 develop
	commit "f2 work" f2.txt
	step git flow feature checkout f2
	step git flow feature rename f3
	step git flow feature finish -k f3
	step git flow feature delete f3
	step git flow feature delete -f f3
	step git flow bugfix start b1
	commit "b1" b1.txt
	step git flow bugfix finish b1
	step git flow release start 1.0
	commit "rel 1.0" VERSION
	step git flow release list
	step git flow release finish -m "Release 1.0" 1.0
	step git flow release finish -m "x" 9.9
	step git flow hotfix start 1.0.1
	commit "hot" HOTFIX
	step git flow hotfix list
	step git flow hotfix finish -m "Hotfix 1.0.1" 1.0.1
	step git flow support start 1.x 1.0
	step git flow support list
	step git flow log
	step git flow feature start -h
	step git flow feature finish -h
	step git flow release start -h
	step git flow release finish -h
	step git flow hotfix start -h
	step git flow hotfix finish -h
	step git flow support start -h
	step git flow bugfix -h
	step git flow config set -h
	step git flow config set master trunk
	step git flow config set feature feat/
	step git flow config base
	step git flow feature start bad name
	step git flow feature start
	step git flow nosuchcmd
	step git flow feature nosuchaction
	step git flow release start 1.0
	step git flow release start 2.0
	step git flow release start 2.1
	step git flow release publish 2.0
	step git flow release delete -f 2.0
	step git flow init -d
	step git flow init -f -d
	echo "== final repo"
	git checkout -q develop
	git log --graph --all --format=%s
	git branch -a
	git tag -l
	git config -l | grep gitflow | sort
}

scenario2() {
	git init -q --bare origin.git
	git init -q -b main repo && cd repo || exit 1
	commit "initial" README
	git remote add origin ../origin.git
	git push -q origin main 2>&1
	echo "== interactive init"
	printf 'main\ndev\nfeat-\nbug-\nrel-\nhot-\nsup-\nv\n\n' | git flow init 2>&1; echo "exit $?"
	step git flow init
	git push -q origin dev 2>&1
	step git flow config
	mkdir -p .git/hooks
	for h in pre-flow-feature-start post-flow-feature-start pre-flow-feature-finish post-flow-feature-finish post-flow-release-finish; do
	  printf '#!/bin/sh\necho "hook %s: $*"\nexit 0\n' "$h" > .git/hooks/$h; chmod +x .git/hooks/$h
	done
	printf '#!/bin/sh\necho "$1-rc"\n' > .git/hooks/filter-flow-release-start-version; chmod +x .git/hooks/filter-flow-release-start-version
	printf '#!/bin/sh\necho "Tag for $1"\n' > .git/hooks/filter-flow-release-finish-tag-message; chmod +x .git/hooks/filter-flow-release-finish-tag-message
	printf '#!/bin/sh\necho "veto $*"\nexit 3\n' > .git/hooks/pre-flow-feature-delete; chmod +x .git/hooks/pre-flow-feature-delete
	step git flow feature start --showcommands login
	commit "login" login.txt
	step git flow feature publish
	step git flow feature publish login
	step git flow feature list -v
	step git flow feature diff
	step git flow feature finish --showcommands -F login
	step git flow feature start other
	commit "other" other.txt
	step git flow feature delete other
	step git flow feature delete -f other
	git checkout -q dev
	step git flow feature start conflict
	commit "c1" README
	git checkout -q dev; commit "c2" README; git checkout -q feat-conflict
	step git flow feature finish conflict
	git merge --abort 2>/dev/null; git checkout -q -f dev 2>/dev/null
	step git flow feature finish -r conflict
	git rebase --abort 2>/dev/null; git checkout -q -f dev
	step git flow feature delete -f -D conflict
	step git flow release start 2.0
	commit "rel" VERSION
	step git flow release publish 2.0-rc
	step git flow release track 2.0-rc
	step git flow release finish -F -p -m "msg" 2.0-rc
	step git flow release start -F 3.0
	step git flow release finish -n -k -m x 3.0-rc
	step git flow release finish -S -m x 3.0-rc
	git branch -a
	step git flow hotfix start 2.0.1 main
	commit "hf" HF
	step git flow hotfix publish 2.0.1
	step git flow hotfix finish -b -m "hotfix" 2.0.1
	step git flow bugfix start bfx
	step git flow bugfix publish bfx
	step git flow bugfix finish -S bfx
	step git flow feature track nosuch
	step git flow feature pull origin login
	step git flow config set --local feature f2/
	step git flow config set nosuchopt x
	step git flow log
	step git flow version
	cd .. && git clone -q origin.git clone2 2>&1 && cd clone2 && step git flow init -d && step git flow feature track login
	cd ../repo
	echo "== final"
	git log --graph --all --format='%s %d'
	git tag -l -n1
	git ls-remote ../origin.git | sed 's/^[0-9a-f]*//' | sort
	git config -l | grep gitflow | sort
}

# run SHELL SCENARIO OUTFILE runs a scenario in a fresh directory with
# git-flow run by SHELL.
run() {
	local w
	w=$(mktemp -d /tmp/gfrun.XXXXXX)
	mkdir -p "$w/shim" "$w/home" "$w/run"
	ln -s "$1" "$w/shim/$AS"
	printf '#!/bin/sh\nexec %s %s %s/git-flow "$@"\n' "$w/shim/$AS" "$X" "$GITFLOW" >"$w/shim/git-flow"
	chmod +x "$w/shim/git-flow"
	(cd "$w/run" && env -i PATH="$w/shim:/usr/bin:/bin" HOME="$w/home" LANG=C.UTF-8 TERM=dumb \
		GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=A GIT_COMMITTER_EMAIL=a@x \
		GIT_AUTHOR_DATE="@1700000000 +0000" GIT_COMMITTER_DATE="@1700000000 +0000" \
		GIT_EDITOR=true NUCLEIC_NASH_NO_FALLBACK=1 \
		/usr/bin/bash -c "$(declare -f step commit "$2"); $2") >"$3" 2>&1
	sed -i "s#$w#W#g" "$3"
	rm -rf "$w"
}

step() { echo "== $*"; "$@" 2>&1; echo "exit $?"; }
tick=0
commit() {
	tick=$((tick + 1))
	export GIT_AUTHOR_DATE="@$((1700000000 + tick)) +0000" GIT_COMMITTER_DATE="@$((1700000000 + tick)) +0000"
	echo "$1" >>"$2"
	git add "$2" && git commit -q -m "$1"
}

fail=0
for s in scenario1 scenario2; do
	run /usr/bin/bash $s "$OUT/$s.bash"
	run "$NASH" $s "$OUT/$s.nash"
	if [ -n "$X" ]; then
		cmp -s <(sort "$OUT/$s.bash") <(sort "$OUT/$s.nash")
	else
		cmp -s "$OUT/$s.bash" "$OUT/$s.nash"
	fi && echo "same $s" || { echo "DIFF $s"; fail=1; }
done
exit $fail
