package wire

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
)

func stdJSON(t *testing.T, v any) []byte {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte{'\n'})
}

var nastyStrings = []string{"", "plain", `q"uote\back`, "tab\tnl\ncr\rbs\bff\f", "\x00\x01\x1f\x7f",
	"<script>&amp;</script>", "héllo ✓ 日本", "\xff\xfeinvalid\xc3", "line\u2028sep\u2029", "\u00e9\U0001F600"}

func randString(r *rand.Rand) string {
	if r.IntN(3) == 0 {
		return nastyStrings[r.IntN(len(nastyStrings))]
	}
	b := make([]byte, r.IntN(20))
	for i := range b {
		b[i] = byte(r.IntN(256))
	}
	return string(b)
}

func randEvent(r *rand.Rand) Event {
	e := Event{Kind: randString(r), Seq: r.Uint64(), TS: r.Int64() - r.Int64()}
	pick := func() bool { return r.IntN(2) == 0 }
	bp := func() *bool { v := pick(); return &v }
	ip := func() *int { v := r.IntN(1000) - 500; return &v }
	i64 := func() *int64 { v := r.Int64N(1 << 40); return &v }
	if pick() {
		e.CmdSeq = uint64(r.IntN(10))
	}
	if pick() {
		e.Argv = []string{randString(r), randString(r)}
	}
	if pick() {
		e.Argv = []string{}
	}
	if pick() {
		e.ResolvedPath, e.Cwd, e.Op, e.Mode = randString(r), randString(r), randString(r), randString(r)
	}
	if pick() {
		e.Builtin, e.Special, e.Truncated, e.Binary, e.TapFailed = bp(), bp(), bp(), bp(), bp()
	}
	if pick() {
		e.Pid, e.Count = r.IntN(100000)-5, r.IntN(3)
	}
	if pick() {
		e.ExitCode, e.PipelineID, e.FromIndex, e.ToIndex = ip(), ip(), ip(), ip()
	}
	if pick() {
		e.DurationMs, e.Bytes = i64(), i64()
	}
	if pick() {
		e.Pipeline = &Pipeline{ID: r.IntN(9), Index: r.IntN(9), Len: r.IntN(9)}
	}
	if pick() {
		e.Nesting = &Nesting{Depth: r.IntN(5), Kind: randString(r)}
	}
	if pick() {
		t := &Target{}
		if pick() {
			t.Path = randString(r)
		}
		if pick() {
			t.FD = ip()
		}
		t.Heredoc = pick()
		e.Target = t
	}
	if pick() {
		e.Blake3, e.PreviewB64, e.From, e.To = randString(r), randString(r), randString(r), randString(r)
	}
	if pick() {
		e.Names = []string{randString(r)}
	}
	if pick() {
		e.Reason, e.Input, e.Rule, e.Message = randString(r), randString(r), randString(r), randString(r)
	}
	return e
}

// TestAppendJSONMatchesEncodingJSON checks the hand-written encoder
// byte for byte against encoding/json on random and hostile batches.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		b := Batch{Type: randString(r), Source: randString(r), SessionID: randString(r), ShellID: randString(r)}
		if r.IntN(2) == 0 {
			p := randString(r)
			b.ParentShell = &p
		}
		if r.IntN(2) == 0 {
			b.CallID = randString(r)
		}
		switch r.IntN(3) {
		case 0:
		case 1:
			b.Events = []Event{}
		default:
			for n := r.IntN(4) + 1; n > 0; n-- {
				b.Events = append(b.Events, randEvent(r))
			}
		}
		want := stdJSON(t, &b)
		got := b.AppendJSON(nil)
		if !bytes.Equal(got, want) {
			t.Fatalf("batch %d:\n got %s\nwant %s", i, got, want)
		}
	}
}

func BenchmarkAppendJSON(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	batch := Batch{Type: BatchType, Source: "nash", SessionID: "s-1", ShellID: "abc"}
	for i := 0; i < 200; i++ {
		batch.Events = append(batch.Events, randEvent(r))
	}
	var buf []byte
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		buf = batch.AppendJSON(buf[:0])
	}
	b.SetBytes(int64(len(buf)))
}
