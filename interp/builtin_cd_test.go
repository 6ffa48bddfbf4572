package interp

import "testing"

// pushd/popd rotate the stack with the current directory as entry 0,
// -n leaves the directory alone, and their errors name them, not cd.
func TestDirStackRotation(t *testing.T) {
	testAgainstBash(t, []struct{ name, src string }{
		{"rotate", `mkdir -p a b c; pushd a >/dev/null; pushd ../b >/dev/null; pushd ../c >/dev/null; pushd +2 >/dev/null; dirs -v | sed "s|$PWD|P|"; popd -1 >/dev/null; dirs -p | wc -l`},
		{"nocd", `mkdir d; pushd -n d >/dev/null; dirs -l +1; pushd -n +1; dirs +0; popd -n >/dev/null; dirs -0 | wc -l`},
		{"errors", `pushd nowhere; pushd +1; popd x; dirs -lv; dirs +4; echo $?`},
		{"dirstack-var", `mkdir e; pushd e >/dev/null; echo "${#DIRSTACK[@]}" "${DIRSTACK[1]}" | sed "s|$HOME|H|g"; [ "${DIRSTACK[0]}" = "$PWD" ] && echo long`},
		{"deleted-cwd", `mkdir g; cd g; rmdir ../g; cd -P .; echo st=$?; cd -Pe .; echo st=$?`},
	})
}
