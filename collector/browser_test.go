package collector

import (
	"encoding/base64"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nash/collector/store"
	"nash/internal/webdriver"
	"nash/transport/wire"
)

// binaryPreview is not UTF-8: the detail panel shows it as a hex dump.
var binaryPreview = []byte("\x00\x01\x02\xffELF")

const hostilePreview = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2"> & "quotes"`

// TestFeedInBrowser loads the feed UI in headless Chromium: the page goes
// live, an ingested event shows up within 1 s, keyboard navigation opens
// the detail panel, and a hostile <script> preview is shown as text.
func TestFeedInBrowser(t *testing.T) {
	d := webdriver.Start(t)
	e := newEnv(t, Config{}, store.Options{})
	// Some history first: a pipeline, a failing command, a fallback.
	hist := execBatch(e.session, "a1b2c3d4-root", 1, 3)
	hist.Events[0].Argv, hist.Events[0].Pipeline = []string{"grep", "-r", "TODO", "."}, &wire.Pipeline{ID: 1, Index: 0, Len: 3}
	hist.Events[1].Argv, hist.Events[1].Pipeline = []string{"sort"}, &wire.Pipeline{ID: 1, Index: 1, Len: 3}
	hist.Events[2].Argv, hist.Events[2].Pipeline, hist.Events[2].ExitCode = []string{"head", "-5"}, &wire.Pipeline{ID: 1, Index: 2, Len: 3}, intp(1)
	hist.Events = append(hist.Events,
		wire.Event{Kind: "pipe", Seq: 4, TS: time.Now().UnixMilli(), PipelineID: intp(1), FromIndex: intp(0), ToIndex: intp(1), Bytes: i64p(18234), PreviewB64: base64.StdEncoding.EncodeToString([]byte("./a.go: // TODO\n"))},
		wire.Event{Kind: "pipe", Seq: 5, TS: time.Now().UnixMilli(), PipelineID: intp(1), FromIndex: intp(1), ToIndex: intp(2), Bytes: i64p(18234), Truncated: boolp(true)},
		wire.Event{Kind: "fallback", Seq: 6, TS: time.Now().UnixMilli(), Reason: "parse-error", Input: "cat <<<(weird"},
		wire.Event{Kind: "cd", Seq: 7, TS: time.Now().UnixMilli(), From: "/work", To: "/tmp"},
		wire.Event{Kind: "deny", Seq: 8, TS: time.Now().UnixMilli(), CmdSeq: 3, Rule: "no-curl", Message: "network is off"},
		wire.Event{Kind: "redirect", Seq: 9, TS: time.Now().UnixMilli(), CmdSeq: 3, Op: ">", Target: &wire.Target{Path: "/tmp/blob.bin"},
			Bytes: i64p(7), PreviewB64: base64.StdEncoding.EncodeToString(binaryPreview)},
	)
	if code, body := e.post(nil, mustJSON(hist), e.tok); code != 202 {
		t.Fatalf("ingest history: %d %s", code, body)
	}

	d.Open(e.srv.URL + "/")
	d.WaitJS(10*time.Second, "page to go live", `return document.getElementById("status").textContent === "live" && document.querySelectorAll("#rows tr").length === 9`)

	// A live event: the hostile redirect preview.
	child := "a1b2c3d4-root"
	live := &wire.Batch{Type: wire.BatchType, Source: "nash", SessionID: e.session, ShellID: "e5f6-child", ParentShell: &child,
		Events: []wire.Event{{Kind: "redirect", Seq: 1, TS: time.Now().UnixMilli(), CmdSeq: 1, Op: ">", Target: &wire.Target{Path: "/tmp/page.html"},
			Bytes: i64p(int64(len(hostilePreview))), Blake3: strings.Repeat("ab", 32), PreviewB64: base64.StdEncoding.EncodeToString([]byte(hostilePreview))}}}
	// The page stamps the moment the row appears, so WebDriver's own
	// polling latency does not count against the 1 s budget.
	d.JS(nil, `window.__seen = 0; new MutationObserver(() => {
		if (!window.__seen && document.getElementById("rows").textContent.includes("/tmp/page.html")) window.__seen = Date.now();
	}).observe(document.getElementById("rows"), {childList: true, subtree: true})`)
	start := time.Now()
	if code, body := e.post(nil, mustJSON(live), e.tok); code != 202 {
		t.Fatalf("ingest live: %d %s", code, body)
	}
	d.WaitJS(5*time.Second, "live row", `return window.__seen > 0`)
	var seen int64
	d.JS(&seen, `return window.__seen`)
	lag := time.UnixMilli(seen).Sub(start)
	t.Logf("live event shown %v after ingest began", lag.Round(time.Millisecond))
	if lag > time.Second {
		t.Errorf("live event shown %v after ingest, want within 1 s", lag)
	}

	// Rows: warnings, the truncation badge, exit status colours.
	var rows struct {
		Warn      []string `json:"warn"`
		Truncated []string `json:"truncated"`
		Bad       []string `json:"bad"`
	}
	d.JS(&rows, `const rows = Array.from(document.querySelectorAll("#rows tr"));
		const sel = (q) => rows.filter(r => r.querySelector(q) !== null).map(r => r.children[4].textContent);
		return {warn: rows.filter(r => r.classList.contains("warn")).map(r => r.children[4].textContent),
			truncated: sel(".badge"), bad: sel(".exit-bad")}`)
	if len(rows.Warn) != 2 || !strings.Contains(strings.Join(rows.Warn, "|"), "fallback to bash: parse-error") || !strings.Contains(strings.Join(rows.Warn, "|"), "no-curl network is off") {
		t.Errorf("warning rows = %q, want the fallback and the deny", rows.Warn)
	}
	if len(rows.Truncated) != 1 || !strings.HasPrefix(rows.Truncated[0], "pipeline 1: 1 → 2") {
		t.Errorf("rows with a truncation badge = %q, want the second pipe", rows.Truncated)
	}
	if len(rows.Bad) != 1 || rows.Bad[0] != "head -5" {
		t.Errorf("rows with a failing exit = %q, want head -5", rows.Bad)
	}

	// Keyboard: j selects the newest row (the live one), Enter opens it.
	d.Keys("j", "\uE007")
	d.WaitJS(5*time.Second, "detail panel with preview", `const p = document.getElementById("preview"); return !document.getElementById("detail").hidden && p !== null && p.textContent.length > 0`)
	var res struct {
		Text    string `json:"text"`
		Pwned   any    `json:"pwned"`
		Scripts int    `json:"scripts"`
		Parent  bool   `json:"parent"`
	}
	d.JS(&res, `return {text: document.getElementById("preview").textContent, pwned: window.__pwned === undefined ? null : window.__pwned,
		scripts: document.querySelectorAll("#detail script, #detail img, #rows script, #rows img").length,
		parent: document.getElementById("detail-body").textContent.includes("a1b2c3d4-root")}`)
	if res.Text != hostilePreview {
		t.Errorf("preview text = %q, want %q", res.Text, hostilePreview)
	}
	if res.Pwned != nil || res.Scripts != 0 {
		t.Errorf("hostile preview was interpreted as HTML: pwned=%v elements=%d", res.Pwned, res.Scripts)
	}
	if !res.Parent {
		t.Errorf("detail panel does not name the parent shell")
	}
	var stored []EventView
	if code := e.getJSON("/api/events?shell=e5f6-child", &stored); code != 200 {
		t.Fatalf("GET the live event: %d", code)
	}
	var full EventView
	if len(stored) == 1 {
		if code := e.getJSON(fmt.Sprint("/api/events/", stored[0].ID), &full); code != 200 {
			t.Fatalf("GET event %d: %d", stored[0].ID, code)
		}
	}
	var hashes string
	d.JS(&hashes, `return document.querySelector("#detail dl.hash").textContent`)
	for _, h := range []string{strings.Repeat("ab", 32), full.Hash, full.PrevHash} {
		if len(h) != 64 || !strings.Contains(hashes, h) {
			t.Errorf("detail hashes %q lack %q (content, chain, previous)", hashes, h)
		}
	}
	dir := webdriver.ArtifactsDir(t)
	d.Screenshot(filepath.Join(dir, "feed-detail.png"))

	// Esc closes; then open the pipeline's last stage and see three stages.
	d.Keys("\uE00C")
	d.WaitJS(2*time.Second, "detail to close", `return document.getElementById("detail").hidden`)
	d.JS(nil, `Array.from(document.querySelectorAll("#rows tr")).find(r => r.textContent.includes("head -5")).click()`)
	d.WaitJS(5*time.Second, "pipeline drawing", `return document.querySelectorAll("#detail .pipeline .stage").length === 3`)
	var links []string
	d.JS(&links, `return Array.from(document.querySelectorAll("#detail .pipeline .link b")).map(b => b.textContent)`)
	if len(links) != 2 || links[0] != "17.8 K" || links[1] != "17.8 K+" {
		t.Errorf("pipeline links = %q", links)
	}
	var nesting bool
	d.JS(&nesting, `return document.getElementById("detail-body").textContent.includes("depth 0 · top")`)
	if !nesting {
		t.Errorf("detail panel does not show the command's nesting")
	}
	// A preview that is not UTF-8 is shown as a hex dump.
	d.JS(nil, `Array.from(document.querySelectorAll("#rows tr")).find(r => r.textContent.includes("/tmp/blob.bin")).click()`)
	d.WaitJS(5*time.Second, "hex preview", `const p = document.getElementById("preview"); return p !== null && p.textContent.startsWith("00000000  00 01 02 ff 45 4c 46")`)
	var hexHead string
	d.JS(&hexHead, `return document.getElementById("preview").previousElementSibling.textContent`)
	if !strings.Contains(hexHead, "7 B, hex") {
		t.Errorf("hex preview heading = %q", hexHead)
	}
	// Kind filter: cd alone, then all kinds again.
	d.JS(nil, `document.querySelector('#kinds [data-kind="cd"]').click()`)
	d.WaitJS(5*time.Second, "kind filter", `const r = document.querySelectorAll("#rows tr"); return r.length === 1 && r[0].textContent.includes("/work → /tmp")`)
	d.JS(nil, `document.querySelector('#kinds [data-kind="cd"]').click()`)
	d.WaitJS(5*time.Second, "kind filter off", `return document.querySelectorAll("#rows tr").length === 10`)
	// Failing filter leaves only the failing command.
	d.JS(nil, `document.getElementById("failing").click()`)
	d.WaitJS(5*time.Second, "failing filter", `const r = document.querySelectorAll("#rows tr"); return r.length === 1 && r[0].textContent.includes("head -5")`)
	d.JS(nil, `document.getElementById("failing").click()`)
	d.WaitJS(5*time.Second, "filter off", `return document.querySelectorAll("#rows tr").length === 10`)
	d.Screenshot(filepath.Join(dir, "feed-pipeline.png"))
}
