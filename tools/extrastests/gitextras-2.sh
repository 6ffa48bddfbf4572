. "${0%/*}/gitextras.env"
git init -q --bare origin.git
git init -q repo && cd repo
git remote add origin ../origin.git
for i in 1 2 3; do echo $i > f$i; git add f$i; git commit -qm "c$i"; done
git push -q origin main 2>&1
g git-setup
g git-setup newdir
g git-ignore
g git-ignore '*.log' 'build/'
g git-ignore -l '*.tmp'
g git-ignore -g '*.swp'
g git-ignore
g git-ignore -l
g git-ignore -g
g git-ignore -p
g git-ignore --bad
cat .gitignore
g git-alias st status
g git-alias co checkout
g git-alias
g git-alias st
g git-alias --global lg 'log --oneline'
g git-alias --local
g git-alias --global
g git-alias --bad a b c
g git-create-branch topic
g git-create-branch -r topic2
g git-create-branch
g git-rename-branch topic topic-renamed
g git-rename-branch nosuch x
g git-rename-branch
g git-delete-branch topic-renamed
g git-delete-branch topic2
g git-delete-branch
g git-feature foo
g git-feature
echo feat > ff; git add ff; git commit -qm feat-commit
git checkout -q main
g git-feature finish foo
g git-feature -a bug fix1
g git-feature --alias bug finish fix1
g git-feature -r foo
g git-feature --bad
git checkout -q main
g git-squash
git checkout -q -b sq
for i in 1 2 3; do echo s$i > s$i; git add s$i; git commit -qm "sq$i"; done
git checkout -q main
g git-squash sq "squashed sq"
git log --oneline -3
git checkout -q -b sq2; for i in 1 2; do echo t$i > t$i; git add t$i; git commit -qm "t$i"; done
g git-squash HEAD~2 "squash t"
g git-squash --squash-msg HEAD~1
git checkout -q main
g git-undo
g git-undo 2
g git-undo -s
g git-undo --hard
g git-undo -h
g git-undo x
git log --oneline
g git-release 0.1.0
g git-release -c 0.2.0
g git-release --semver patch
g git-release --semver minor -m 'rel %s'
g git-release --prefix v 0.3.0
g git-release
g git-release -h
g git-release --bad
git tag
g git-rename-tag 0.1.0 0.1.0x
g git-rename-tag
g git-delete-tag 0.1.0x
g git-delete-tag
g git-lock f1; g git-locked; g git-unlock f1; g git-locked
g git-lock; g git-unlock
g git-cp f1 f1copy
g git-cp
g git-reset-file f2
g git-reset-file f2 HEAD~1
g git-reset-file
echo dirty >> f3
g git-clear-soft </dev/null
g git-clear </dev/null
g git-obliterate f1copy
g git-obliterate
g git-fork
g git-fork https://github.com/a/b
g git-touch newfile 'with space'; git status --short
g git-touch
g git-stamp
g git-stamp Issue '#123'
g git-stamp -r Issue 'again'
git log -1 --format=%B
g git-sed -h
g git-sed 'c1' 'C1'
g git-sed -c 'c2' 'C2' g
g git-sed -f g 'c3' 'C3'
g git-utimes
g git-utimes --newer
g git-coauthor Dee dee@x.org
g git-coauthor
g git-abort
g git-archive-file
ls *.zip; rm -f *.zip
g git-merge-into main
g git-merge-into
git checkout -q -b other; echo o > o; git add o; git commit -qm o
g git-merge-into other main
git checkout -q main
g git-graft other main
g git-delete-merged-branches
g git-delete-squashed-branches
g git-fresh-branch fresh </dev/null
git checkout -q -f main
g git-rebase-patch
g git-reauthor --help
g git-reauthor -o ann@x.org -e new@x.org -n 'New Name' -c
g git-rename-remote origin up
g git-rename-remote
g git-sync -h
g git-sync -f
g git-magic -h
g git-magic -m 'magic msg'
g git-magic -a -m 'magic all'
g git-browse
g git-browse-ci
g git-mr
g git-pr
g git-pull-request
g git-paste
g git-psykorebase
g git-psykorebase main
g git-scp
g git-rscp
g git-merge-repo
g git-force-clone
g git-force-clone ../origin.git ../fc
g git-delete-submodule
g git-delete-submodule nosub
g git-bulk
g git-bulk --listall
g git-bulk -a status
g git-bulk --addworkspace ws "$PWD/.."
g git-bulk --listall
g git-bulk -w ws status --short
g git-bulk -q -w ws log --oneline -1
g git-bulk --removeworkspace ws
g git-bulk --bad
g git-repl <<<"status --short
log --oneline -1
ls
exit"
g git-info
g git-standup -a all -d 100000 -D iso
