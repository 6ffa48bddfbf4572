export TERM=xterm-256color
LP_ENABLE_LOAD=0 LP_ENABLE_BATT=0 LP_ENABLE_TIME=0 LP_ENABLE_TEMP=0 LP_ENABLE_RUNTIME=0 LP_ENABLE_DISK=0 LP_ENABLE_WIFI_STRENGTH=0 LP_ENABLE_CPU=0
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null GIT_AUTHOR_NAME=A GIT_AUTHOR_EMAIL=a@x GIT_COMMITTER_NAME=C GIT_COMMITTER_EMAIL=c@x
. /usr/share/liquidprompt/liquidprompt --no-activate; echo "src=$?"
lp_activate --no-config; echo "act=$?"
show() { __lp_set_prompt; printf '%s\n' "$PS1" | cat -v; printf '%s\n' "${PS1@P}" | cat -v; }
show
mkdir -p r && cd r && git init -q -b main && echo a > a && git add a && git commit -qm a && echo b >> a
show
touch u; git stash -q; show
cd ..; mkdir -p 'we$ird "dir"'; cd 'we$ird "dir"'; show; cd ..
lp_theme --list; lp_theme default; show
lp_title 'my title' ; echo "t=$?"
__lp_strip_escapes $'\e[1mbold\e[0m'; echo "[$ret]"
type -t __lp_set_prompt lp_activate
prompt_OFF; echo "$PS1"; prompt_on; show
# interactive: liquidprompt activates itself and builds PS1 in PROMPT_COMMAND
cd "$HOME"
printf '%s\n' '. /usr/share/liquidprompt/liquidprompt' 'echo hi' 'mkdir -p d; cd d' 'false' 'cd ..' 'PS1="[\#|\j|\s|\v|\W]\\$ "; PROMPT_COMMAND=' 'echo x' |
	TERM=xterm LP_ENABLE_TITLE=0 LP_ENABLE_LOAD=0 LP_ENABLE_BATT=0 LP_ENABLE_TIME=0 LP_ENABLE_TEMP=0 LP_ENABLE_RUNTIME=0 LP_ENABLE_DISK=0 LP_ENABLE_CPU=0 LP_ENABLE_WIFI_STRENGTH=0 HISTFILE= bash --norc -i 2>&1 | cat -v | sed 's/([0-9]*)/(PID)/g'
