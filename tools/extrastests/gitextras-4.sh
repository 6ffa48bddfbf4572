. "${0%/*}/gitextras.env"
mkdir notrepo; cd notrepo
for s in summary count authors info changelog effort root show-tree standup undo squash release ignore alias feature delete-branch rename-branch obliterate local-commits missing guilt delta contrib brv sed stamp magic; do g git-$s; done 2>&1 | sed 's/[0-9]\+ seconds\?//'
cd ..
git init -q --bare up.git
git init -q repo && cd repo
git remote add origin git@github.com:someone/proj.git
git remote add upstream https://gitlab.com/grp/sub/proj.git
git remote add local ../up.git
for i in 1 2 3; do echo $i > f$i; git add f$i; git commit -qm "c$i"; done
g git-browse
g git-browse upstream
g git-browse origin f1 2
g git-browse origin f1 1 3
g git-browse-ci
g git-browse-ci upstream
g git-fork
git config --global user.name someone
git config --global github.user someone
g git-fork
g git-fork https://github.com/other/thing
g git-ignore-io
g git-ignore-io -l
g git-ignore-io -L
g git-ignore-io -s go
g git-ignore-io go python
g git-ignore-io -a go
g git-ignore-io -r c
g git-ignore-io -t
cat .gitignore
g git-pull-request
git config git-extras.github-personal-access-token tok
g git-pull-request
g git-paste
g git-mr 12
g git-mr https://gitlab.com/grp/sub/proj/-/merge_requests/3
g git-pr 5
g git-pr 5 local
g git-pr -h
g git-pr clean
g git-scp
g git-scp nosuch
g git-rscp local f1
gi 'n\n' git-undo --hard
gi 'y\n' git-undo --hard
git log --oneline
echo 4 > f4; git add f4; git commit -qm c4
git checkout -q -b br; echo b > b; git add b; git commit -qm b1; echo b2 > b; git commit -qam b2; git checkout -q main
gi 'n\n' git-squash br
gi 'y\n' git-squash br 'squashed'
git commit -qm 'squash commit'
gi '\n' git-obliterate f4
gi 'y\n' git-obliterate f4
git log --oneline --all
g git-standup -a all -d 100000 -D iso -f
g git-standup -a all -d 100000 -D iso -L
g git-standup -a all -d 100000 -D iso -B
g git-standup -a all -d 100000 -D iso -m 3
g git-standup -a all -w MON-FRI -D iso
g git-standup -a all -d 100000 -D iso -n 2
g git-standup -a all -d 100000 -D iso -F authordate
g git-standup -a all -d 100000 -D relative -g
g git-standup -d 100000 -D iso -a
g git-standup -q
git push -q local main 2>&1
g git-sync -f local main
g git-sync -s local
g git-local-commits
g git-delete-squashed-branches main
g git-delete-merged-branches
git submodule add -q ../up.git sm 2>&1; git commit -qm 'add sm'
g git-delete-submodule sm
g git-delete-submodule sm
g git-merge-repo ../up.git main subdir
g git-reauthor -o ann@x.org -n 'X Y' -e x@y.org -t author
g git-reauthor -a -n 'Z' -e z@z -t both
g git-reauthor -o nobody@x -n a
g git-reauthor
g git-info
g git-extras update
