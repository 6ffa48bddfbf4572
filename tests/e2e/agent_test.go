package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"nash/transport/wire"
)

// secret is exported by the agent script; it must never reach the
// collector or the spool.
const secret = "s3cr3t-9f8e7d6c5b4a"

// agentScript is what an agent might run in one tool call. FETCH is
// replaced by the fetch command (curl on a file:// URL, or cat).
const agentScript = `set -u
mkdir repo && cd repo
git init -q -b main .
cat > README.md <<'END'
# demo
hello from a heredoc
END
git add README.md
git commit -q -m "initial commit"
printf 'echo installing\ntrue\n' > install.sh
FETCH | sh
v=$(git rev-parse --short HEAD)
echo "head is $v"
export TOKEN=` + secret + `
echo "auth=$TOKEN" > auth.conf
ls /nonexistent
sleep 0.1 &
wait
echo done
`

// outerEvents are the events of the outer shell, as describe renders
// them; {name} is replaced by the resolved path of an external command
// and by the values expand is given.
var outerEvents = []string{
	`exec argv=["set" "-u"] builtin=true exit=0 nesting=top/0`,
	`exec argv=["mkdir" "repo"] path={mkdir} builtin=false exit=0 nesting=top/0`,
	`exec argv=["cd" "repo"] builtin=true exit=0 nesting=top/0`,
	`cd from=~ to=~/repo`,
	`exec argv=["git" "init" "-q" "-b" "main" "."] path={git} builtin=false cwd=~/repo exit=0 nesting=top/0`,
	`exec argv=["cat"] path={cat} builtin=false cwd=~/repo exit=0 nesting=top/0`,
	`redirect cmdSeq=6 op=<< target=heredoc bytes=28 blake3=5cf068935397 preview="# demo\nhello from a heredoc\n"`,
	`redirect cmdSeq=6 op=> target=README.md mode=w bytes=28 blake3=5cf068935397 preview="# demo\nhello from a heredoc\n"`,
	`exec argv=["git" "add" "README.md"] path={git} builtin=false cwd=~/repo exit=0 nesting=top/0`,
	`exec argv=["git" "commit" "-q" "-m" "initial commit"] path={git} builtin=false cwd=~/repo exit=0 nesting=top/0`,
	`exec argv=["printf" "echo installing\\ntrue\\n"] builtin=true cwd=~/repo exit=0 nesting=top/0`,
	`redirect cmdSeq=11 op=> target=install.sh mode=w bytes=21 blake3=8fb515004c6f preview="echo installing\ntrue\n"`,
	// a pipeline's stages run in subshells, concurrently; the link's
	// event comes when the link is drained, which is also when the
	// reading sh may finish, so it may come before sh's exec event
	`~ exec argv={fetch} path={fetchPath} builtin=false cwd=~/repo exit=0 pipeline={1,0,2} nesting=subshell/1`,
	`~ exec argv=["sh"] path=<shim>/sh builtin=false cwd=~/repo exit=0 pipeline={1,1,2} nesting=subshell/1`,
	`~ pipe link=1:0->1 bytes=21 blake3=8fb515004c6f preview="echo installing\ntrue\n"`,
	// v=$(...) is an assignment only: no command, so no cmdSeq
	`exec argv=["git" "rev-parse" "--short" "HEAD"] path={git} builtin=false cwd=~/repo exit=0 nesting=cmdsub/1`,
	`cmdsub bytes=8 preview="{head}\n"`,
	`exec argv=["echo" "head is {head}"] builtin=true cwd=~/repo exit=0 nesting=top/0`,
	`exec argv=["export" "TOKEN=[REDACTED:secret-var]"] builtin=true cwd=~/repo exit=0 nesting=top/0`,
	`export op=export names=[TOKEN]`,
	`exec argv=["echo" "auth=[REDACTED:secret-var]"] builtin=true cwd=~/repo exit=0 nesting=top/0`,
	`redirect cmdSeq=21 op=> target=auth.conf mode=w bytes=25 blake3=7211bd4fff9f preview="auth=[REDACTED:secret-var]\n"`,
	`exec argv=["ls" "/nonexistent"] path={ls} builtin=false cwd=~/repo exit=2 nesting=top/0`,
	// the background job and wait start concurrently
	`~ exec argv=["sleep" "0.1"] path={sleep} builtin=false cwd=~/repo exit=0 nesting=subshell/1`,
	`~ exec argv=["wait"] builtin=true cwd=~/repo exit=0 nesting=top/0`,
	`exec argv=["echo" "done"] builtin=true cwd=~/repo exit=0 nesting=top/0`,
}

// innerEvents are the events of the sh that ran the fetched script.
var innerEvents = []string{
	`exec argv=["echo" "installing"] builtin=true cwd=~/repo exit=0 nesting=top/0`,
	`exec argv=["true"] builtin=true cwd=~/repo exit=0 nesting=top/0`,
}

// expand replaces {cmd} by the resolved path of cmd for the commands the
// script runs, and the keys of vars by their values.
func expand(lines []string, vars map[string]string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		for _, c := range []string{"mkdir", "git", "cat", "ls", "sleep"} {
			l = strings.ReplaceAll(l, "{"+c+"}", which(c))
		}
		for k, v := range vars {
			l = strings.ReplaceAll(l, k, v)
		}
		out[i] = l
	}
	return out
}

// which finds name in the PATH runShell gives scripts (after the shim).
func which(name string) string {
	for _, d := range []string{"/usr/local/bin", "/usr/bin", "/bin"} {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// TestAgentSession runs agentScript under the observed nash and checks
// every event the collector received, the parent link of the nested sh,
// the seqs of both shells, and that the secret never left the shell.
func TestAgentSession(t *testing.T) {
	col := startCollector(t)
	dir := shortTemp(t)
	work := filepath.Join(dir, "work")
	spool := filepath.Join(dir, "spool")
	fetch, fetchArgv, fetchPath := "cat install.sh", `["cat" "install.sh"]`, which("cat")
	if curl := which("curl"); curl != "" {
		fetch = `curl -fsS "file://$PWD/install.sh"`
		fetchArgv = `["curl" "-fsS" "file://` + work + `/repo/install.sh"]`
		fetchPath = curl
	}
	script := strings.Replace(agentScript, "FETCH", fetch, 1)
	env := append(observedEnv(col.Sock, spool),
		"GIT_AUTHOR_NAME=Agent", "GIT_AUTHOR_EMAIL=agent@example.com",
		"GIT_COMMITTER_NAME=Agent", "GIT_COMMITTER_EMAIL=agent@example.com",
		"GIT_AUTHOR_DATE=2024-01-02T03:04:05Z", "GIT_COMMITTER_DATE=2024-01-02T03:04:05Z")
	r := runShell(t, runSpec{Shell: nashBin, Script: script, Dir: work, Env: env})

	head, err := exec.Command("git", "-C", filepath.Join(work, "repo"), "rev-parse", "--short", "HEAD").Output()
	if err != nil {
		t.Fatal(err)
	}
	head = bytes.TrimSpace(head)
	if want := "installing\nhead is " + string(head) + "\ndone\n"; string(r.Stdout) != want {
		t.Errorf("stdout %q, want %q", r.Stdout, want)
	}
	if r.Exit != 0 {
		t.Errorf("exit %d, stderr %s", r.Exit, r.Stderr)
	}

	parents, order := shellsOf(col.Batches())
	if len(order) != 2 {
		t.Fatalf("collector saw %d shells, want 2 (outer and the nested sh)", len(order))
	}
	outer, inner := order[0], order[1]
	if parents[outer] != nil {
		outer, inner = inner, outer
	}
	if parents[outer] != nil || parents[inner] == nil || *parents[inner] != outer {
		t.Errorf("parent links: outer %s -> %v, inner %s -> %v", outer, parents[outer], inner, parents[inner])
	}
	for _, b := range col.Batches() {
		if b.SessionID != "sess-e2e" || b.Source != wire.SourceNash {
			t.Errorf("batch header %s/%s", b.SessionID, b.Source)
		}
	}
	outerWant := expand(outerEvents, map[string]string{
		"{fetch}": fetchArgv, "{fetchPath}": fetchPath, "{head}": string(head),
	})
	for _, sh := range []struct {
		id   string
		want []string
	}{{outer, outerWant}, {inner, expand(innerEvents, nil)}} {
		evs := col.Events(sh.id)
		checkSeqs(t, sh.id, evs)
		var got []string
		for _, e := range evs {
			if finishedStart(e, evs) {
				continue
			}
			got = append(got, describe(e, work))
		}
		if !matchLines(got, sh.want) {
			t.Errorf("shell %s events:\n%s\nwant:\n%s", sh.id, joinLines(got), joinLines(sh.want))
		}
	}

	if raw := col.Raw(); bytes.Contains(raw, []byte(secret)) || len(raw) == 0 {
		t.Errorf("the secret reached the collector (or it got nothing: %d bytes)", len(raw))
	}
	if bytes.Contains(spoolBytes(spool), []byte(secret)) {
		t.Errorf("the secret reached the spool")
	}
}

// finishedStart reports whether e is a start event for a command whose
// exec event evs holds too: whether a flush (every 500 ms) falls while a
// command runs is timing, but a start must name a command that ran.
func finishedStart(e wire.Event, evs []wire.Event) bool {
	if e.Kind != "start" {
		return false
	}
	for _, x := range evs {
		if x.Kind == "exec" && x.Seq == e.CmdSeq {
			return true
		}
	}
	return false
}
