package observe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nash/interp"
	"nash/transport/wire"
)

// TestWithInterpreter runs a small script through the real interpreter
// with an Observer as its Gate and checks the events it produces. (No
// pipeline yet: the interpreter's tapped pipeline currently never sees EOF,
// a bug on its side; the tap itself is tested in TestCaps and TestBlake3.)
func TestWithInterpreter(t *testing.T) {
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	o, fs := newTest(t)
	devnull, _ := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	defer devnull.Close()
	r, err := interp.New(interp.Dir(dir), interp.Env([]string{"PATH=" + os.Getenv("PATH"), "API_TOKEN=s3cr3t-value-42"}),
		interp.StdIO(devnull, devnull, devnull), interp.WithGate(o))
	if err != nil {
		t.Fatal(err)
	}
	script := "echo hello > out\ntr a-z A-Z < out > up\nx=$(cat up)\nexport FOO=1\ncd sub\necho \"$API_TOKEN\" > leak\n"
	if st := r.RunIncremental(script, "test"); st != 0 {
		t.Fatalf("script exit %d", st)
	}
	o.Close()
	var kinds []string
	byOp := map[string][]wire.Event{}
	for _, e := range fs.events() {
		kinds = append(kinds, e.Kind)
		if e.Kind == wire.KindRedirect {
			byOp[e.Op] = append(byOp[e.Op], e)
		}
		blob := strings.Join(e.Argv, " ")
		if e.PreviewB64 != "" {
			blob += string(decode(t, e.PreviewB64))
		}
		if strings.Contains(blob, "s3cr3t-value-42") {
			t.Errorf("%s event leaks a tainted value: %q", e.Kind, blob)
		}
	}
	t.Logf("kinds: %v", kinds)
	checkSeqs(t, fs.events())
	outs := byOp[">"]
	if len(outs) < 2 || string(decode(t, outs[0].PreviewB64)) != "hello\n" || string(decode(t, outs[1].PreviewB64)) != "HELLO\n" {
		t.Fatalf("> redirects %+v", outs)
	}
	if ins := byOp["<"]; len(ins) != 1 || *ins[0].Bytes != 6 {
		t.Fatalf("< redirects %+v", ins)
	}
	for _, want := range []string{"exec", "cmdsub", "cd", "export"} {
		found := false
		for _, k := range kinds {
			found = found || k == want
		}
		if !found {
			t.Errorf("no %s event", want)
		}
	}
}
