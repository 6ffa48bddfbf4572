# python's venv activate script (bash), sourced: PATH, PS1, hash -r,
# deactivate's restoring of the old values, VIRTUAL_ENV_DISABLE_PROMPT
V=$PWD/venv
python3 -m venv --without-pip $V || exit 1
PS1='$ '; export PS1
S=${PATH%%:*} # the shim directory differs between the shells
show() { p=${PATH%%:*}; [ "$p" = "$S" ] && p=SHIM; echo "VIRTUAL_ENV=${VIRTUAL_ENV-unset} PS1=[$PS1] PATH0=$p PYTHONHOME=${PYTHONHOME-unset} prompt=${VIRTUAL_ENV_PROMPT-unset}"; type -t deactivate; }
show
. $V/bin/activate; show; command -v python | sed "s#$V#V#"
deactivate; show
PYTHONHOME=/ph; . $V/bin/activate; show; deactivate; show
VIRTUAL_ENV_DISABLE_PROMPT=1 . $V/bin/activate; show; deactivate nondestructive; show; deactivate; show
unset PS1; . $V/bin/activate; show; deactivate
bash -c ". $V/bin/activate && echo sub \$VIRTUAL_ENV_PROMPT && deactivate && echo \${VIRTUAL_ENV-gone}"
sh -c ". $V/bin/activate; echo \$?" 2>&1
