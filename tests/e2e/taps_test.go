package e2e

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"lukechampine.com/blake3"

	"nash/transport/wire"
)

// tapCase is one row of the tap semantics matrix: the script runs under
// the real bash, unobserved, and under nash, observed at capture=tap, in
// the same directory; stdout, stderr, exit status and the files left
// behind must be identical, and check may assert on the events.
type tapCase struct {
	name   string
	script string
	files  map[string][]byte // written before each run
	heavy  bool              // skipped under -short
	// norm, when set, maps a file's content to what is compared (for
	// outputs whose order bash itself does not fix).
	norm  func(path string, b []byte) []byte
	check func(t *testing.T, evs []wire.Event, r result)
}

func TestTapSemantics(t *testing.T) {
	random := make([]byte, 50_000_000)
	rand.Read(random)
	randomSum := blake3.Sum256(random)

	cases := []tapCase{
		{
			name: "concurrent appenders keep whole lines",
			script: `for w in 1 2 3 4; do
  ( for i in $(seq 1 400); do echo "writer $w line $i"; done >> out.log ) &
done
wait
wc -l < out.log`,
			norm: func(p string, b []byte) []byte {
				l := strings.Split(string(b), "\n")
				slices.Sort(l)
				return []byte(strings.Join(l, "\n"))
			},
			check: func(t *testing.T, evs []wire.Event, r result) {
				n := 0
				for _, e := range evs {
					if e.Kind == wire.KindRedirect && e.Op == ">>" {
						n++
					}
				}
				if n != 4 {
					t.Errorf("%d >> redirect events, want 4", n)
				}
			},
		},
		{
			name: "dd seeking inside a > target",
			script: `printf 0123456789 > t
dd if=/dev/zero bs=1 count=3 seek=4 conv=notrunc 2>/dev/null 1<>t
{ printf abc; dd if=/dev/zero bs=1 count=2 seek=10 2>/dev/null; printf Z; } > u
od -c t u | head`,
		},
		{
			name: "pipefail and PIPESTATUS through tees",
			script: `(exit 3) | cat | (cat; exit 5) | true; echo "${PIPESTATUS[*]} $?"
set -o pipefail
(exit 3) | cat | (cat; exit 5) | true; echo "${PIPESTATUS[*]} $?"
false | true; echo $?
yes | head -c 10 >/dev/null; echo "${PIPESTATUS[*]}"
set +o pipefail; seq 1 100000 | head -1; echo "${PIPESTATUS[*]}"`,
			check: func(t *testing.T, evs []wire.Event, r result) {
				if countKind(evs, wire.KindPipe) != 9 {
					t.Errorf("links not tapped: %d pipe events", countKind(evs, wire.KindPipe))
				}
			},
		},
		{
			name:   "yes | head -1 ends promptly",
			script: `yes | head -1; echo "${PIPESTATUS[*]}"`,
			check: func(t *testing.T, evs []wire.Event, r result) {
				if r.Wall > 2*time.Second {
					t.Errorf("yes | head -1 took %v", r.Wall)
				}
			},
		},
		{
			name:   "50 MB of random bytes through cat | cat",
			heavy:  true,
			files:  map[string][]byte{"r.bin": random},
			script: `cat r.bin | cat | cat > out.bin; cmp r.bin out.bin && echo same`,
			check: func(t *testing.T, evs []wire.Event, r result) {
				want := hex.EncodeToString(randomSum[:])
				n := 0
				for _, e := range evs {
					if e.Kind != wire.KindPipe {
						continue
					}
					n++
					if *e.Bytes != int64(len(random)) || e.Blake3 != want || !*e.Binary || !*e.Truncated || *e.TapFailed {
						t.Errorf("pipe event %s", describe(e, ""))
					}
				}
				if n != 2 {
					t.Errorf("%d pipe events, want 2", n)
				}
			},
		},
		{
			name: "special files and dup chains are metadata",
			script: `echo gone > /dev/null
mkfifo ff
(cat < ff > fromfifo) & echo through > ff; wait
ls /nonexistent 2>&1 >/dev/null | cat
{ echo out; echo err >&2; } 3>&1 1>&2 2>&3 3>&- | sed s/^/piped:/`,
			check: func(t *testing.T, evs []wire.Event, r result) {
				got := map[string]bool{}
				for _, e := range evs {
					if e.Kind != wire.KindRedirect {
						continue
					}
					d := describe(e, "")
					got[cmdSeqField.ReplaceAllString(d, "")] = true
					if e.Special != nil && *e.Special && (e.PreviewB64 != "" || e.Bytes != nil) {
						t.Errorf("special file read: %s", d)
					}
				}
				for _, w := range []string{
					`redirect op=> target=/dev/null mode=w special=true`,
					`redirect op=> target=ff mode=w special=true`,
					`redirect op=< target=ff mode=r special=true`,
					`redirect op=2>&1 target=fd:1 special=true`,
					`redirect op=3>&1 target=fd:1 special=true`,
					`redirect op=>&2 target=fd:2 special=true`,
					`redirect op=2>&3 target=fd:3 special=true`,
					`redirect op=3>&-`,
				} {
					if !got[w] {
						t.Errorf("no event %s", w)
					}
				}
			},
		},
		{
			name:   "here-document capture",
			script: "X=expanded\ncat <<EOF > h.txt\nline one\n$X \\$X\n\tTab\nEOF\ncat <<< \"here string $X\"",
			check: func(t *testing.T, evs []wire.Event, r result) {
				wantPreview(t, evs, "<<", "line one\nexpanded $X\n\tTab\n")
				wantPreview(t, evs, "<<<", "here string expanded\n")
			},
		},
		{
			name:   "command substitution preview",
			script: `small=$(seq 1 1000); big=$(head -c 70000 /dev/zero | tr '\0' a); echo ${#small} ${#big}`,
			check: func(t *testing.T, evs []wire.Event, r result) {
				var subs []wire.Event
				for _, e := range evs {
					if e.Kind == wire.KindCmdSub {
						subs = append(subs, e)
					}
				}
				if len(subs) != 2 {
					t.Fatalf("%d cmdsub events, want 2", len(subs))
				}
				var seq bytes.Buffer
				for i := 1; i <= 1000; i++ {
					seq.WriteString(itoa(i) + "\n")
				}
				if p := previewOf(t, subs[0]); p != seq.String() || *subs[0].Truncated || *subs[0].Bytes != int64(seq.Len()) {
					t.Errorf("small cmdsub: %d bytes, truncated %v, preview equal %v", *subs[0].Bytes, *subs[0].Truncated, p == seq.String())
				}
				if p := previewOf(t, subs[1]); len(p) != 64<<10 || strings.Trim(p, "a") != "" || !*subs[1].Truncated || *subs[1].Bytes != 70000 {
					t.Errorf("big cmdsub: %d bytes, truncated %v, preview %d bytes", *subs[1].Bytes, *subs[1].Truncated, len(p))
				}
			},
		},
	}

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.heavy && testing.Short() {
				t.Skip("heavy; skipped under -short")
			}
			dir := filepath.Join(shortTemp(t), "w")
			prepare := func() {
				os.RemoveAll(dir)
				os.MkdirAll(dir, 0o755)
				for p, b := range tc.files {
					if err := os.WriteFile(filepath.Join(dir, p), b, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			prepare()
			want := runShell(t, runSpec{Shell: bashBin, Script: tc.script, Dir: dir})
			wantFiles := snapshot(t, dir, tc.norm)

			prepare()
			col := startCollector(t)
			env := observedEnv(col.Sock, filepath.Join(filepath.Dir(dir), "spool"))
			got := runShell(t, runSpec{Shell: nashBin, Script: tc.script, Dir: dir, Env: env})
			gotFiles := snapshot(t, dir, tc.norm)

			if !bytes.Equal(got.Stdout, want.Stdout) || !bytes.Equal(got.Stderr, want.Stderr) || got.Exit != want.Exit {
				t.Errorf("nash: exit %d\n%s\n%s\nbash: exit %d\n%s\n%s", got.Exit, clip(got.Stdout), clip(got.Stderr), want.Exit, clip(want.Stdout), clip(want.Stderr))
			}
			for _, p := range unionKeys(wantFiles, gotFiles) {
				if !bytes.Equal(wantFiles[p], gotFiles[p]) {
					t.Errorf("file %s differs: nash %d bytes, bash %d bytes", p, len(gotFiles[p]), len(wantFiles[p]))
				}
			}
			var evs []wire.Event
			_, order := shellsOf(col.Batches())
			for _, sh := range order {
				e := col.Events(sh)
				checkSeqs(t, sh, e)
				evs = append(evs, e...)
			}
			if len(evs) == 0 {
				t.Fatal("collector got no events")
			}
			if os.Getenv("E2E_DUMP") != "" {
				for _, e := range evs {
					t.Log(describe(e, dir))
				}
			}
			if tc.check != nil {
				tc.check(t, evs, got)
			}
		})
	}
}

// snapshot returns the regular files below dir (fifos as "fifo"),
// normalised by norm.
func snapshot(t *testing.T, dir string, norm func(string, []byte) []byte) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case fi.Mode()&os.ModeNamedPipe != 0:
			out[rel] = []byte("fifo")
		case fi.Mode().IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if norm != nil {
				b = norm(rel, b)
			}
			out[rel] = b
		}
		return nil
	})
	return out
}

func unionKeys(a, b map[string][]byte) []string {
	var ks []string
	for k := range a {
		ks = append(ks, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

// cmdSeqField matches the cmdSeq of a described event.
var cmdSeqField = regexp.MustCompile(` cmdSeq=[0-9]+`)

func countKind(evs []wire.Event, kind string) int {
	n := 0
	for _, e := range evs {
		if e.Kind == kind {
			n++
		}
	}
	return n
}

func previewOf(t *testing.T, e wire.Event) string {
	t.Helper()
	b, err := base64.StdEncoding.DecodeString(e.PreviewB64)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// wantPreview checks that the first redirect event with op has exactly
// body as preview, byte count and hash.
func wantPreview(t *testing.T, evs []wire.Event, op, body string) {
	t.Helper()
	sum := blake3.Sum256([]byte(body))
	for _, e := range evs {
		if e.Kind == wire.KindRedirect && e.Op == op {
			if p := previewOf(t, e); p != body || *e.Bytes != int64(len(body)) || e.Blake3 != hex.EncodeToString(sum[:]) || !e.Target.Heredoc {
				t.Errorf("%s: %s, want preview %q", op, describe(e, ""), body)
			}
			return
		}
	}
	t.Errorf("no %s redirect event", op)
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestGiBThroughTappedPipe streams 1 GiB through two tapped links and
// reports nash's peak RSS (from wait4's rusage); memory must stay bounded
// (well under the stream's size). Skipped under -short.
func TestGiBThroughTappedPipe(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 1 GiB; skipped under -short")
	}
	col := startCollector(t)
	dir := shortTemp(t)
	env := observedEnv(col.Sock, filepath.Join(dir, "spool"))
	script := `head -c 1G /dev/zero | cat | wc -c`
	// A child's ru_maxrss counts the memory of the process it was forked
	// from (this test binary, large after the other cases), so the figure
	// comes from GNU time, a small C parent, when it is installed.
	rssFile := filepath.Join(dir, "rss")
	shell := nashBin
	if _, err := os.Stat("/usr/bin/time"); err == nil {
		wrap := filepath.Join(dir, "timed-nash")
		os.WriteFile(wrap, []byte("#!/bin/sh\nexec /usr/bin/time -f %M -o "+rssFile+" "+nashBin+" \"$@\"\n"), 0o755)
		shell = wrap
	}
	r := runShell(t, runSpec{Shell: shell, Script: script, Dir: filepath.Join(dir, "w"), Env: env})
	if string(r.Stdout) != "1073741824\n" || r.Exit != 0 {
		t.Fatalf("stdout %q exit %d stderr %s", r.Stdout, r.Exit, r.Stderr)
	}
	rss, source := r.MaxRSSKiB, "wait4 (includes this test's own memory)"
	if b, err := os.ReadFile(rssFile); err == nil {
		if n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil {
			rss, source = n, "GNU time"
		}
	}
	t.Logf("1 GiB through 2 tapped links: %v, nash peak RSS %d KiB (%s)", r.Wall.Round(time.Millisecond), rss, source)
	if source == "GNU time" && rss > 64<<10 {
		t.Errorf("peak RSS %d KiB: memory not bounded", rss)
	}
	var links int
	for _, sh := range col.Batches() {
		for _, e := range sh.Events {
			if e.Kind == wire.KindPipe {
				links++
				if *e.Bytes != 1<<30 || !*e.Truncated || *e.TapFailed {
					t.Errorf("pipe event %s", describe(e, ""))
				}
			}
		}
	}
	if links != 2 {
		t.Errorf("%d pipe events, want 2", links)
	}
}
