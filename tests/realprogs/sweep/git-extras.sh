export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x
export GIT_AUTHOR_DATE='2024-01-01 00:00:00 +0000' GIT_COMMITTER_DATE='2024-01-01 00:00:00 +0000'
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=$PWD/gitconfig
X=$(git --exec-path); export GIT_EXEC_PATH=$X PATH=$X:$PATH
git init -q -b main repo && cd repo
for i in 1 2 3 4 5; do echo $i > f$i; git add f$i; GIT_AUTHOR_NAME=A$((i%2)) git commit -qm "feat: c$i"; done
git tag v0.1 HEAD~2
g() { echo "--- $*"; "$@"; echo "rc=$?"; }
g git-extras --version; g git-extras
g git-summary; g git-summary --line | head
g git-count; g git-count --all
g git-authors --list; g git-authors --no-email --list
g git-info --no-config | head -30
g git-changelog --list; g git-changelog -x --tag v1 | head
g git-commits-since 2020-01-01 | head
g git-effort --above 0 2>&1 | sed 's/\x1b\[[0-9;]*m//g' | sort
g git-local-commits
g git-root; g git-root -s
g git-create-branch topic; g git-brv 2>&1 | head
g git-delete-branch topic
g git-alias st status; g git-alias; g git-alias st
g git-ignore '*.log' build/; cat .gitignore; g git-ignore
g git-lock f1; g git-locked; g git-unlock f1
g git-cp f1 f1copy; g git-reset-file f1
g git-rename-branch main trunk; g git-rename-branch trunk main
g git-rename-tag v0.1 v0.2; git tag
g git-delete-tag v0.2
g git-show-tree | head; g git-show-merged-branches; g git-show-unmerged-branches
g git-missing main HEAD
g git-standup -a all -d 100000 -D local 2>&1 | head
g git-guilt HEAD~2 HEAD 2>&1 | sed 's/\x1b\[[0-9;]*m//g' | head
g git-squash 2>&1 | head -3
g git-undo --soft; g git-undo -h | head -3
g git-fresh-branch 2>&1 | head -3
g git-setup 2>&1 | head -3
g git-repl <<<"status --short
exit"
g git-obliterate 2>&1 | head -3
g git-feature -h 2>&1 | head -3
g git-sed -h 2>&1 | head -3; g git-sed 1 one 2>&1 | head; git status --short
g git-stamp 2>&1 | head -3
g git-touch newfile; git status --short
g git-utimes 2>&1 | head -3
g git-release -h 2>&1 | head -3
g git-bulk 2>&1 | head -5
g git-magic -h 2>&1 | head -5
