export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x
export GIT_AUTHOR_DATE='2024-01-01 00:00:00 +0000' GIT_COMMITTER_DATE='2024-01-01 00:00:00 +0000'
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
X=$(git --exec-path); export GIT_EXEC_PATH=$X PATH=$X:$PATH
git init -q -b main repo && cd repo
for i in 1 2 3 4 5 6 7 8; do echo $i > f; [ $i -ge 5 ] && echo bad >> f; git add f; git commit -qm "c$i"; done
git tag v1 HEAD~7
echo "== bisect"
sh $X/git-bisect start HEAD v1; echo rc=$?
sh $X/git-bisect run sh -c '! grep -q bad f'; echo rc=$?
sh $X/git-bisect log; sh $X/git-bisect reset; echo rc=$?
sh $X/git-bisect nosuch; echo rc=$?
sh $X/git-bisect help | head -5
sh $X/git-bisect start; sh $X/git-bisect bad; sh $X/git-bisect good v1; sh $X/git-bisect skip; sh $X/git-bisect visualize --oneline | head -3; sh $X/git-bisect reset
echo "== filter-branch"
git branch fb main
FILTER_BRANCH_SQUELCH_WARNING=1 sh $X/git-filter-branch --msg-filter 'sed s/c/commit-/' --tree-filter 'echo x >> f' fb 2>&1 | tr "\r" "\n" | grep -v "^Rewrite"
git log --format='%H %s' fb | head -3
FILTER_BRANCH_SQUELCH_WARNING=1 sh $X/git-filter-branch -f --env-filter 'GIT_AUTHOR_NAME=Z' --index-filter 'git rm -q --cached --ignore-unmatch nosuch' fb 2>&1 | tr "\r" "\n" | grep -v "^Rewrite"
git log --format='%an %s' fb | head -2
sh $X/git-filter-branch --bogus; echo rc=$?
echo "== submodule"
cd .. && git init -q -b main sub && (cd sub && echo s > s && git add s && git commit -qm s) && cd repo
git -c protocol.file.allow=always submodule add -q ../sub sm 2>&1; echo rc=$?
sh $X/git-submodule status; sh $X/git-submodule summary; sh $X/git-submodule foreach 'echo in $name $sm_path; pwd'
sh $X/git-submodule; sh $X/git-submodule --quiet sync; sh $X/git-submodule nosuch; echo rc=$?
git commit -qm addsm
sh $X/git-submodule deinit -f sm; sh $X/git-submodule status
sh $X/git-submodule -c protocol.file.allow=always update --init 2>&1; echo rc=$?
git -c protocol.file.allow=always submodule update --init 2>&1 | sed 's/[0-9a-f]\{40\}/H/'
echo "== request-pull"
sh $X/git-request-pull v1 ./ main 2>&1 | head -20; echo rc=$?
echo "== subtree"
sh $X/git-subtree add -P lib ../sub main 2>&1; echo rc=$?
sh $X/git-subtree split -P lib 2>&1; echo rc=$?
sh $X/git-subtree 2>&1 | head -5; sh $X/git-subtree bogus 2>&1; echo rc=$?
echo "== merge-octopus"
git checkout -qb o1 v1; echo a > a; git add a; git commit -qm o1
git checkout -qb o2 v1; echo b > b; git add b; git commit -qm o2
git checkout -q main
sh $X/git-merge-octopus v1 -- HEAD o1 o2; echo rc=$?
git status --short
git merge -q -s octopus o1 o2 -m oct; echo rc=$?; git log --oneline -1
echo "== quiltimport"
mkdir -p patches; git format-patch -q -o /tmp/pp$$ HEAD~1 >/dev/null; 
echo "== mergetool"
sh $X/git-mergetool --tool-help 2>&1 | head -5
sh $X/git-mergetool 2>&1; echo rc=$?
echo "== sh-setup"
sh -c ". $X/git-sh-setup; git_dir_init; echo \$GIT_DIR; require_work_tree; echo wt; cd_to_toplevel; pwd; say hi; git_editor --version 2>&1 | head -1; die_with_status 3 bye"; echo rc=$?
