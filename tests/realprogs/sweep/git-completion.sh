export GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x
export GIT_AUTHOR_DATE='2024-01-01 00:00:00 +0000' GIT_COMMITTER_DATE='2024-01-01 00:00:00 +0000'
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=$PWD/gitconfig
git init -q -b main repo && cd repo
echo a > file.txt; mkdir dir; echo b > dir/sub.c; git add .; git commit -qm one; git tag v1; git branch feature; git branch -q other
git remote add origin https://example.invalid/x.git
git config alias.co checkout; git config alias.lg 'log --oneline'
echo mod >> file.txt; echo new > untracked.md
. /usr/share/bash-completion/bash_completion
. /usr/share/bash-completion/completions/git
drive() {
  local line=$1
  COMP_LINE=$line; COMP_POINT=${#line}
  read -ra COMP_WORDS <<<"$line"
  [[ $line == *' ' ]] && COMP_WORDS+=("")
  COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
  COMPREPLY=()
  __git_wrap__git_main git "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
  local IFS=$'\n'; echo "[$line] rc=$? n=${#COMPREPLY[@]}: $(printf '%s|' "${COMPREPLY[@]:0:40}")"
}
for l in "git " "git ch" "git checkout " "git checkout f" "git co " "git lg --on" "git log --" "git add " "git add d" \
  "git diff " "git diff --" "git branch -" "git branch -d " "git push " "git push origin " "git remote " "git remote set-url " \
  "git tag " "git tag -d " "git commit --" "git commit -m " "git config " "git config user." "git config --get " \
  "git stash " "git rebase -" "git merge " "git show v" "git log main.." "git reset --" "git rm " "git mv " \
  "git help " "git restore --staged " "git switch " "git worktree " "git bisect " "git submodule " "git -C " "git --git-dir=" \
  "git cherry-pick " "git format-patch " "git grep --" "git fetch " "git pull origin " "git clean -" "git notes " "git log -- " \
  "git archive --format=" "git describe --" "git blame " "git ls-files --" "git show-branch --" "git rev-parse --" "git sparse-checkout "; do
  drive "$l"
done
GIT_PS1_SHOWDIRTYSTATE=1 GIT_PS1_SHOWUNTRACKEDFILES=1 GIT_PS1_SHOWSTASHSTATE=1 GIT_PS1_SHOWUPSTREAM=verbose
[ -f /usr/lib/git-core/git-sh-prompt ] && . /usr/lib/git-core/git-sh-prompt && { __git_ps1 " (%s)"; echo; __git_ps1; echo; git checkout -q feature; __git_ps1 "[%s]"; echo; git stash -q; __git_ps1; echo; PS1=x; __git_ps1 "a" "b" "<%s>"; echo "PS1=$PS1"; }
# __git_ps1 in PROMPT_COMMAND mode (it sets PS1) and in PS1, in an interactive shell
cd "$HOME/repo"
printf '%s\n' '. /usr/lib/git-core/git-sh-prompt' 'GIT_PS1_SHOWDIRTYSTATE=1 GIT_PS1_SHOWCOLORHINTS=1 GIT_PS1_SHOWUNTRACKEDFILES=1' \
	'PROMPT_COMMAND='"'"'__git_ps1 "\u@\h:\W" "\\\$ "'"'" 'echo b >> file.txt' 'touch u2' 'git checkout -qb feat2' 'git stash -q -u' 'cd ..' 'cd repo' \
	'PROMPT_COMMAND=' 'PS1='"'"'[$(__git_ps1 "%s")]\$ '"'" 'git checkout -q main' 'true' |
	HISTFILE= TERM=xterm bash --norc -i 2>&1 | cat -v | sed -E 's/group \(-?[0-9]+\)/group (PGRP)/'
