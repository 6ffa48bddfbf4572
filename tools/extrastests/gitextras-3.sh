. "${0%/*}/gitextras.env"
git init -q repo && cd repo
n=0
mk() { n=$((n+1)); local f=$1 a=$2 m=$3; mkdir -p "$(dirname "$f")"; echo "$n" >> "$f"; git add -- "$f"; GIT_AUTHOR_NAME=$a GIT_AUTHOR_EMAIL="$(echo "$a" | tr -cd 'a-z')@x.org" GIT_AUTHOR_DATE="2024-02-$((10+n)) 1$n:00:00 +0000" GIT_COMMITTER_DATE="2024-02-$((10+n)) 1$n:00:00 +0000" git commit -qm "$m"; }
mk 'a b.txt' 'José Ñandú' 'fix: handle spaces in "a b"'
mk '*star*' 'O'"'"'Brien' 'feat: glob * and ? [x] chars'
mk 'dir/sub/x.c' 'Zoë' 'chore: backslash \n \t \\ in msg'
mk 'dir/-dash' '日本 太郎' 'docs: percent %s %d %% in msg'
mk 'tab	name' 'Ann Author' 'refactor: $HOME ${x} `cmd` $(cmd)'
mk 'dir/ü.md' 'Bob' 'Merge branch x; with ; semi & amp | pipe'
mk 'a b.txt' 'José Ñandú' 'fix: again
multi line
body'
git tag '1.0.0'
mk 'new' 'Bob' 'feat!: breaking'
mk 'new' 'Bob' 'x'
git tag -a 'v2.0' -m 'tag msg with * and "quotes"'
mk 'new2' 'Ann Author' '-n starts with dash'
mk 'new3' 'Ann Author' '   leading spaces'
g git-summary
g git-summary --line
g git-summary --dedup-by-email
g git-summary --output-style oneline 2>&1
g git-count --all
g git-authors --list
g git-authors --list --no-email
g git-changelog --list
g git-changelog -x
g git-changelog -x -p
g git-changelog -x -m
g git-changelog -x --start-tag 1.0.0
g git-changelog -x --no-merges -a
g git-effort 2>&1 | sort
g git-effort -- --author=Bob 2>&1 | sort
g git-show-tree
g git-commits-since 2024-02-12
g git-standup -a all -d 100000 -D iso
g git-standup -a 'José Ñandú' -d 100000 -D iso
g git-info --no-config
g git-guilt HEAD~5 HEAD
g git-delta HEAD~4
g git-contrib 'José Ñandú'
g git-contrib 'Ann Author'
g git-local-commits
g git-ignore 'a b.txt' '*star*' '-dash'
cat .gitignore
g git-lock 'a b.txt'; g git-locked; g git-unlock 'a b.txt'
g git-touch 'x y' '[z]'
g git-rename-branch main 'feat/ü-x'
g git-rename-branch 'feat/ü-x' main
g git-create-branch 'with-dash'
g git-delete-branch 'with-dash'
g git-sed 'again' 'AGAIN'
g git-sed -f 'a b.txt' '1' 'one'
g git-sed '[0-9]' 'N' -- 'dir'
git diff --stat
git checkout -q -- .
g git-obliterate '*star*'
g git-alias 'al' '!f() { echo "$1"; }; f'
g git-alias
g git-alias al
g git al 'hi there'
g git-reset-file 'a b.txt' HEAD~3
g git-cp 'a b.txt' 'c d.txt'
g git-cp 'dir/sub/x.c' 'dir/sub/y.c'
g git-stamp 'Issue' 'with "quotes" and * glob'
git log -1 --format=%B
g git-stamp -r 'Issue' 'replaced'
git log -1 --format=%B
g git-release 3.0.0 -- -x
g git-release --semver major
g git-release --semver patch
git tag
g git-undo 2
g git-rename-tag '1.0.0' '1.0.0-old'
git tag
g git-magic -m 'msg with `backticks` and $vars'
g git-summary
