# n (node version manager, 1,750 lines of bash) offline: a fake cache of
# installed versions under N_PREFIX; nothing is downloaded
N=$(readlink -f "$(command -v n)")
export N_PREFIX=$PWD/np N_CACHE_PREFIX=$PWD/nc N_NODE_MIRROR=http://127.0.0.1:9/nope
for v in 18.19.0 20.11.1 21.6.2; do
  mkdir -p nc/n/versions/node/$v/bin
  printf '#!/bin/sh\necho v%s "$@"\n' $v > nc/n/versions/node/$v/bin/node; chmod +x nc/n/versions/node/$v/bin/node
done
# curl says how many ms its failed connection took: masked
t() { echo "--- n $*"; bash $N "$@" 2>&1 | sed "s/after [0-9]* ms/after N ms/"; echo "rc=${PIPESTATUS[0]}"; }
t --version; t --help | head -30; t ls; t list; t which 20.11.1; t which 20; t which lts 2>&1 | head -3; t which nosuch
t run 18.19.0 --x; t exec 21.6.2 node -e 1; t bogus 2>&1 | head -5
t rm 21.6.2; t ls; t --preserve; t -V
t 18.19.0 --offline; ls np/bin 2>&1; t --offline 20; t uninstall </dev/null 2>&1 | head
t ls-remote --all 2>&1 | head -3; t lsr 2>&1 | head -3
# doctor runs `bash --version`, where nash adds a line naming itself
t doctor 2>&1 | sed 's/[0-9.]*ms//' | grep -v '^nash .*observing shell' | sed "s#${PATH%%:*}#SHIM#" | head -40
t prune; t ls
echo "== traced (-x): declaration builtins with empty values"
bash -x $N --version 2>&1 | grep -v '^+ *\(BASH_\|#\)' | head -60
