mkdir -p td
cat > cfg <<C
export TODO_DIR=$PWD/td
export TODO_FILE="\$TODO_DIR/todo.txt"
export DONE_FILE="\$TODO_DIR/done.txt"
export REPORT_FILE="\$TODO_DIR/report.txt"
export TODOTXT_DATE_ON_ADD=0
C
t() { bash /usr/bin/todo-txt -d cfg "$@" | sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9:]{8})?/DATE/g'; echo "rc=${PIPESTATUS[0]}"; }
t add "buy milk +shop @home"
t add "(A) call bob @phone"
t -p add "write report +work due:2024-01-01"
t -t add "dated task"
t ls
t list shop
t -p ls
t lsp; t lsc; t lsprj; t listcon
t pri 3 B; t ls
t depri 2; t append 1 "and eggs"; t prepend 1 "now:"
t replace 4 "replaced task"
t do 4; t ls; t lsa
t archive; sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}/DATE/g' td/done.txt
t del 1 milk; t del 9; t -f del 1; t ls
t report; sed -E 's/[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9:]{8})?/DATE/g' td/report.txt
t nosuchcmd; t help | head -20; t shorthelp | head; t -V | head -3
t -h | head -5
t listpri A; t -P ls; t -+ ls; t -@ ls; t -x ls; t -v ls
t addm "$(printf 'one\ntwo')"; t ls
t mv 1 2 2>&1 | head -3
t deduplicate; t listfile done.txt; t listfile; t addto done.txt "x y"
