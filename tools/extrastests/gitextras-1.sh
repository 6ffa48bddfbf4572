# scenario 1: run with PATH=shim:gxbin:..., cwd = work dir
. "${0%/*}/gitextras.env"
git init -q repo && cd repo
d=1
c() { d=$((d+1)); GIT_AUTHOR_DATE="2024-01-0$d 10:00:00 +0000" GIT_COMMITTER_DATE="2024-01-0$d 10:00:00 +0000" "$@"; }
for i in 1 2 3 4 5 6; do printf 'line %s\n' $(seq 1 $i) > f$i.txt; git add f$i.txt; a=Ann; [ $((i%2)) = 0 ] && a=Bob; c env GIT_AUTHOR_NAME=$a GIT_AUTHOR_EMAIL=$a@x.org git commit -qm "feat: add f$i
body $i"; done
git tag v0.1 HEAD~3; git tag -a v0.2 -m 'rel 0.2' HEAD~1
g git-extras --version
g git-extras --help
g git-extras
g git-extras badarg
g git-summary
g git-summary --line
g git-summary --dedup-by-email
g git-summary --no-merges
g git-summary v0.1
g git-summary --bad
g git-count
g git-count --all
g git-authors --list
g git-authors --list --no-email
g git-authors; cat AUTHORS; rm -f AUTHORS
g git-authors --bad
g git-info --no-config
g git-info -c
g git-changelog --list
g git-changelog --list --all
g git-changelog -x --tag v1.0
g git-changelog -l -x
g git-changelog -p -x
g git-changelog -m -x
g git-changelog --start-tag v0.1 -x
g git-changelog --start-tag v0.1 --final-tag v0.2 -x
g git-changelog --start-commit HEAD~2 -x
g git-changelog -s v0.1 -f v0.2 --list
g git-changelog -x --prune-old
g git-changelog --bad
g git-changelog -h
g git-changelog -n -t v9 History.md; cat History.md; rm -f History.md
g git-commits-since 2024-01-03
g git-commits-since
g git-effort 2>&1 | sort
g git-effort --above 1 2>&1 | sort
g git-effort f1.txt f2.txt 2>&1 | sort
g git-effort -- --author=Bob 2>&1 | sort
g git-effort --bad 2>&1 | sort
g git-local-commits
g git-root
g git-root -s
g git-root --bad
g git-show-tree
g git-show-merged-branches
g git-show-unmerged-branches
g git-missing main HEAD~2
g git-missing
g git-standup -a all -d 100000 -D local
g git-standup -a 'Bob' -d 100000 -D iso -m 2
g git-standup -h
g git-standup -z
g git-standup -d abc
g git-guilt HEAD~3 HEAD
g git-guilt -w HEAD~2
g git-guilt -h
g git-delta HEAD~2
g git-delta HEAD~2 A
g git-contrib 'Bob'
g git-contrib
g git-brv
g git-brv --reverse
