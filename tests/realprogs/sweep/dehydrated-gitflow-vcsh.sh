g() { echo "--- $*"; "$@"; echo "rc=$?"; }
export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x
export GIT_AUTHOR_DATE='2024-01-01 00:00:00 +0000' GIT_COMMITTER_DATE='2024-01-01 00:00:00 +0000'
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=$PWD/gitconfig
X=$(git --exec-path); export GIT_EXEC_PATH=$X
echo "== dehydrated"
g dehydrated --help | head -40; g dehydrated --version | sed 's/OpenSSL.*/OSSL/'; g dehydrated --bogus; g dehydrated -e 2>&1 | head -30
mkdir -p dh; printf 'BASEDIR=%s/dh\nCA=https://invalid.example/dir\n' "$PWD" > dh/config
g dehydrated -f dh/config --env 2>&1 | head -40
g dehydrated -f dh/config --cron 2>&1 | head
printf 'example.com www.example.com\n*.x.org > alias\n' > dh/domains.txt
g dehydrated -f dh/config --cleanup 2>&1 | head
g dehydrated -f dh/config -gc 2>&1 | head
echo "== git-flow"
git init -q -b main gf && cd gf && git commit -q --allow-empty -m init
g bash /usr/bin/git-flow help | head; g bash /usr/bin/git-flow version
g bash /usr/bin/git-flow init -d 2>&1
g bash /usr/bin/git-flow feature start f1; echo x > x; git add x; git commit -qm x
g bash /usr/bin/git-flow feature list; g bash /usr/bin/git-flow feature finish f1 2>&1 | sed 's/[0-9a-f]\{7\}/H/g'
g bash /usr/bin/git-flow release start 1.0 2>&1; g bash /usr/bin/git-flow release list
GIT_MERGE_AUTOEDIT=no g bash /usr/bin/git-flow release finish -m rel 1.0 2>&1 | sed 's/[0-9a-f]\{7\}/H/g'
g bash /usr/bin/git-flow hotfix start 1.0.1; g bash /usr/bin/git-flow hotfix list; g bash /usr/bin/git-flow feature bogus; g bash /usr/bin/git-flow nosuch
git log --all --oneline --graph | sed 's/[0-9a-f]\{7\}/H/g'
cd ..
echo "== vcsh"
export XDG_CONFIG_HOME=$PWD/xdg VCSH_REPO_D=$PWD/vcshrepos
g sh /usr/bin/vcsh help | head; g sh /usr/bin/vcsh version | head -3
g sh /usr/bin/vcsh init dots 2>&1 | sed 's/Initialized.*/INIT/'; g sh /usr/bin/vcsh list; g sh /usr/bin/vcsh status
echo hi > .dotrc; g sh /usr/bin/vcsh dots add .dotrc; g sh /usr/bin/vcsh dots commit -qm dot; g sh /usr/bin/vcsh list-tracked; g sh /usr/bin/vcsh list-tracked-by dots
g sh /usr/bin/vcsh which dotrc; g sh /usr/bin/vcsh rename dots dots2; g sh /usr/bin/vcsh list; g sh /usr/bin/vcsh nosuch foo
g sh /usr/bin/vcsh write-gitignore dots2; cat .gitignore.d/dots2 2>/dev/null
echo "== keychain"
g sh /usr/bin/keychain --help | head -20; g sh /usr/bin/keychain --version; g sh /usr/bin/keychain --bogus
