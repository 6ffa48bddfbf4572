export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x
export GIT_AUTHOR_DATE='2024-01-01 00:00:00 +0000' GIT_COMMITTER_DATE='2024-01-01 00:00:00 +0000'
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=$PWD/gitconfig
X=$(git --exec-path); export GIT_EXEC_PATH=$X PATH=$PATH:$X
C=/usr/share/doc/git/contrib
g() { echo "--- $*"; "$@"; echo "rc=$?"; }
git init -q -b main r && cd r
printf 'a\nb\nc\n' > f; git add f; git commit -qm base
git checkout -qb side; printf 'a\nB\nc\n' > f; git commit -qam side
git checkout -q main; printf 'a\nBB\nc\n' > f; git commit -qam main
git branch gone side; git branch -D gone -q
git config rerere.enabled true
git merge side -q 2>&1; printf 'a\nBBB\nc\n' > f; git add f; git commit -qm merged
g sh $C/rerere-train.sh --overwrite HEAD~2..HEAD 2>&1 | sed 's/[0-9a-f]\{40\}/H/g'
g sh $C/rerere-train.sh --bogus 2>&1
g sh $C/git-resurrect.sh -h 2>&1 | head -5; g sh $C/git-resurrect.sh -n -r nosuch 2>&1
echo x > g; git add g
g bash $C/git-jump/git-jump 2>&1 | head -5
GIT_EDITOR=cat g bash $C/git-jump/git-jump diff 2>&1
GIT_EDITOR=cat g bash $C/git-jump/git-jump grep -n B 2>&1
GIT_EDITOR=cat g bash $C/git-jump/git-jump --stdout grep BB 2>&1
g sh $C/remotes2config.sh 2>&1
