# git's sample hooks (the templates git ships, sh scripts) enabled and run
# by git itself: the shebang becomes `#!/usr/bin/env sh` so that git runs
# them with the shell under test; plus rebase -i driven by a sequence
# editor script and git aliases that start a shell
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x
export GIT_AUTHOR_DATE='2024-01-01 00:00:00 +0000' GIT_COMMITTER_DATE='2024-01-01 00:00:00 +0000'
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
T=/usr/share/git-core/templates/hooks
mkdir hooks
for h in $T/*.sample; do
  n=${h##*/}; n=${n%.sample}
  head -1 $h | grep -q perl && continue
  { echo '#!/usr/bin/env sh'; tail -n +2 $h; } > hooks/$n; chmod +x hooks/$n
done
ls hooks
git init -q -b main repo && cd repo && git config core.hooksPath ../hooks
echo a > a; git add a; git commit -qm first; echo rc=$?
echo "== pre-commit: whitespace and non-ASCII names"
printf 'x \n' > ws; git add ws; git commit -qm ws 2>&1; echo rc=$?
git reset -q; rm ws
echo x > 'ñame'; git add 'ñame'; git commit -qm nonascii 2>&1; echo rc=$?
git config hooks.allownonascii true; git commit -qm nonascii 2>&1; echo rc=$?
echo "== commit-msg: duplicate Signed-off-by"
echo b > b; git add b
printf 'msg\n\nSigned-off-by: A <a@x>\nSigned-off-by: A <a@x>\n' > m; git commit -q -F m 2>&1; echo rc=$?
printf 'msg\n\nSigned-off-by: A <a@x>\n' > m; git commit -q -F m 2>&1; echo rc=$?
echo "== prepare-commit-msg"
echo c > c; git add c; GIT_EDITOR=cat git commit -q 2>&1 | head -20; echo rc=$?
git log --format='%s|%b' | head -5
echo "== pre-rebase"
git checkout -qb topic; echo t > t; git add t; git commit -qm topic; git checkout -q main
echo d > d; git add d; git commit -qm d
git rebase -q main topic 2>&1; echo rc=$?
git log --oneline --format=%s topic | head -3
git checkout -q main
echo "== pre-merge-commit"
git merge -q --no-ff -m merged topic 2>&1; echo rc=$?
echo "== applypatch-msg and pre-applypatch through git am"
git checkout -qb am HEAD~2; git format-patch -q -1 topic -o ../p >/dev/null; git am -q ../p/*.patch 2>&1; echo rc=$?; git log -1 --format=%s
git checkout -q main
echo "== pre-push"
git init -q --bare ../remote.git; git remote add origin ../remote.git
git commit -q --allow-empty -m 'WIP: not ready'; git push -q origin main 2>&1; echo rc=$?
git reset -q --hard HEAD~1; git push -q origin main 2>&1; echo rc=$?
echo "== update hook in the remote"
cp ../hooks/update ../remote.git/hooks/update; git -C ../remote.git config core.hooksPath hooks
git tag -a -m ann v1; git tag light; git push -q origin v1 2>&1; echo rc=$?; git push -q origin light 2>&1; echo rc=$?
echo 'the remote' > ../remote.git/description; git push -q origin v1 2>&1; echo rc=$?
git -C ../remote.git config hooks.allowunannotated true; git push -q origin light 2>&1; echo rc=$?
git push -q origin :light 2>&1; echo rc=$?
git push -q origin HEAD:refs/heads/other 2>&1; echo rc=$?
echo "== rebase -i with a sequence editor script"
cat > ../seq <<'S'
#!/usr/bin/env bash
sed -i -e '2s/^pick/squash/' -e '3s/^pick/drop/' "$1"
S
chmod +x ../seq
git checkout -q main; for i in 1 2 3; do echo $i > r$i; git add r$i; git commit -qm r$i; done
GIT_SEQUENCE_EDITOR=../seq GIT_EDITOR=true git rebase -q -i HEAD~3 2>&1; echo rc=$?
git log --format=%s -3 | cat
git -c 'alias.sh=!bash -c "echo alias \$# \$1; exit 4"' sh one two; echo rc=$?
git rebase -q --exec 'bash -c "git log -1 --format=%s"' HEAD~2 2>&1; echo rc=$?
