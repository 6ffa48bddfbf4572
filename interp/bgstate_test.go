package interp

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// bgRunner returns a Runner that has run src, and the statement of its
// last line.
func bgRunner(t testing.TB, src string) (*Runner, *syntax.Stmt) {
	t.Helper()
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { null.Close() })
	r, err := New(StdIO(null, null, null))
	if err != nil {
		t.Fatal(err)
	}
	f, text, err := ParseProgram(src, "", false)
	if err != nil {
		t.Fatal(err)
	}
	last := f.Stmts[len(f.Stmts)-1]
	r.Run(&syntax.File{Stmts: f.Stmts[:len(f.Stmts)-1]}, text)
	r.curSrc = text
	return r, last
}

// TestBgStateRoundTrip checks that a job's state comes back as it was:
// variables with their attributes and kinds, functions found again in
// their source, and the statement to run.
func TestBgStateRoundTrip(t *testing.T) {
	src := `declare -a arr=(1 2 [5]=x)
declare -A as=([k]=v [a b]=c)
declare -ri n=5
declare -n ref=arr
f() { echo "in f"; }
set -- p1 'p 2'
{ f; echo "${arr[5]}"; } &`
	r, st := bgRunner(t, src)
	data, err := r.fork("subshell").captureBgState(st, 0)
	if err != nil {
		t.Fatal(err)
	}
	c, err := New()
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.restoreBgState(data)
	if err != nil {
		t.Fatal(err)
	}
	if printed(got) != printed(st) || got.Pos().Line() != st.Pos().Line() || got.Pos().Col() != st.Pos().Col() {
		t.Errorf("statement: got %q at %s, want %q at %s", printed(got), got.Pos(), printed(st), st.Pos())
	}
	for _, name := range []string{"arr", "as", "n", "ref"} {
		want := r.declareLine(name, r.lookup(name), "")
		if got := c.declareLine(name, c.lookup(name), ""); got != want {
			t.Errorf("%s: got %q, want %q", name, got, want)
		}
	}
	fd := c.funcs["f"]
	if fd != nil {
		fd.load() // parsed on first use
	}
	if fd == nil || fd.body == nil || printed(fd.body) != printed(r.funcs["f"].body) || fd.line != r.funcs["f"].line {
		t.Errorf("function f not restored: %+v", fd)
	}
	if strings.Join(c.params, "|") != "p1|p 2" {
		t.Errorf("params: %q", c.params)
	}
}

func BenchmarkBgStateCapture(b *testing.B) {
	r, st := bgRunner(b, "f() { :; }\n(:) &")
	for b.Loop() {
		c := r.fork("subshell")
		if _, err := c.captureBgState(st, 0); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBgStateRestore(b *testing.B) {
	r, st := bgRunner(b, "f() { :; }\n(:) &")
	data, err := r.fork("subshell").captureBgState(st, 0)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		c, _ := New()
		if _, err := c.restoreBgState(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBgSnippet checks that statements are handed over as their own text
// (not as the whole source), here-documents included, at their lines.
func TestBgSnippet(t *testing.T) {
	src := "x=1\nf() {\n\tcat <<-EOF\n\tin f\n\tEOF\n}\n{ cat <<EOF; echo b; } &\nbody $x\nEOF\n( cat <<A <<B ) &\na\nA\nb\nB\necho after\n"
	f, text, err := ParseProgram(src, "", false)
	if err != nil {
		t.Fatal(err)
	}
	var b bgParses
	stmts := []*syntax.Stmt{f.Stmts[1].Cmd.(*syntax.FuncDecl).Body, f.Stmts[2], f.Stmts[3]}
	for _, st := range stmts {
		sn, ok := b.snippet(st, text)
		if !ok {
			t.Errorf("no snippet for %q", printed(st))
			continue
		}
		got, err := parseSnippet(prefixText(sn.line, sn.col)+sn.text, sn.posix)
		if err != nil || printed(got) != printed(st) || got.Pos().Line() != st.Pos().Line() {
			t.Errorf("snippet %q gives %v, %v", sn.text, got, err)
		}
		if strings.Contains(sn.text, "after") || strings.Contains(sn.text, "x=1") {
			t.Errorf("snippet %q holds more than the statement", sn.text)
		}
	}
}

// TestBgStateDump writes a job's state to $NASH_BGSTATE_DUMP, for timing
// a job's process by hand (NUCLEIC_NASH_BGSTATE=3 bin/nash 3<FILE).
func TestBgStateDump(t *testing.T) {
	out := os.Getenv("NASH_BGSTATE_DUMP")
	if out == "" {
		t.Skip("NASH_BGSTATE_DUMP not set")
	}
	r, st := bgRunner(t, "f() { :; }\n(:) &")
	data, err := r.fork("subshell").captureBgState(st, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBgCodec checks that every field of a job's state survives its
// encoding, nil and empty slices told apart, and that damaged bytes are
// refused.
func TestBgCodec(t *testing.T) {
	v := bgVar{Name: "a", Kind: 2, Set: true, Attrs: 5, Local: true, Dynamic: 1, Tempvar: true, Str: "s",
		Keys: []int{0, 5}, Vals: []string{"x", ""}, Assoc: map[string]string{"k": "v", "": "e"},
		Buckets: map[uint32][]string{7: {"k"}}, NB: 1024}
	s := bgState{
		Sources: []bgSource{{Text: "echo hi\n", Posix: true}},
		Cmd:     bgNode{Snip: "(x) &", Line: 3, Col: 2, Posix: true, Src: -1, Pos: 4, End: 9},
		Vars:    []bgVar{v, {Name: "u", Unbound: true}, {Name: "e", Vals: []string{}}},
		Frames:  [][]bgVar{{v}, nil, {}},
		Funcs: []bgFunc{{Name: "f", Source: "main", Line: 2, Trace: true, Export: true,
			Body: bgNode{Src: 0, Pos: 1, End: 2}, LineOff: -3, LineConts: []int{4}, ContsEnd: 9}},
		Calls:         []bgCall{{FuncName: "f", Sourced: true, Source: "x.sh", Line: 8, Args: []string{"1"}, SetOpts: []bool{true, false}, Path: "x.sh", NoArgv: true}},
		ReadonlyFuncs: []string{"f"},
		Aliases:       []bgAlias{{Name: "ll", Value: "ls -l", Seq: 3}},
		AliasN:        4, Set: []bool{true, false}, Shopt: []bool{false, true}, BeforePosix: [3]bool{true, false, true}, JobCtlOff: true,
		Disabled: []string{"echo"}, Hash: []bgHash{{Name: "ls", Path: "/bin/ls", Hits: 2, Seq: 1}}, HashSeq: 1,
		HashPath: "/bin", InvalidEnv: []string{"a-b=1"}, ArgvSeen: true, NoTopArgs: true, ArgcVals: []string{"2"}, ArgvVals: []string{"b", "a"}, LocaleFailed: []string{"LC_ALL\x00xx"}, LocaleStartup: []string{"LC_CTYPE", "yy"}, LocaleMessages: "C.UTF-8", Dir: "/tmp", Params: []string{"a", ""}, TopParams: []string{},
		Arg0: "sh", Exit: 3, LastBg: 77, PipeStatus: []int{0, 1}, Traps: map[string]string{"INT": ""},
		TrapLive: []string{"ERR"}, Depth: 2, SubLevel: 1, ShPid: 10, ShPpid: 9, ShName: "bash", StartName: "x",
		CmdString: true, StdinCmds: true, DashS: true, SourceName: "s.sh", Line: 4, NoticeLine: 5, LineOff: -1, ContsEnd: 6,
		LineConts: []int{1}, LastArg: "_", ExecString: "e", LoopDepth: 1, Optind: [3]int{1, 2, 3},
		OptindBundle: true, DirStack: []string{"/"}, SecondsBase: -5, SecondsOff: 7, BashPath: "/bin/bash",
		BashArgv0: "bash", BashByName: true, XtraceFD: 4, XtraceVal: "3", TracePending: "+ case x in\n", TraceLevel: 1, NoErrExit: 2, IgnoreBase: 1,
		InParen: true, InComsub: true, NotLogin: true, StdinRedir: true, ThisCmd: "t", Comm: "bash", IgnoreInt: true, HardInt: true, Hard: []int{2, 15},
		SubLevelAdj: -1, OuterPE: true, ReportFD: 11, Cloexec: []int{60, 63}, ShownShopt: []bool{true}, ForkLevel: 2,
	}
	// every field is set, so that one the codec leaves out fails below
	rv := reflect.ValueOf(s)
	for i := 0; i < rv.NumField(); i++ {
		if rv.Field(i).IsZero() {
			t.Errorf("bgState.%s is not set in this test", rv.Type().Field(i).Name)
		}
	}
	data := s.encode()
	var got bgState
	if err := got.decode(data); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, s) {
		t.Errorf("decoded state differs:\n got %+v\nwant %+v", got, s)
	}
	for _, bad := range [][]byte{data[:len(data)-1], append(append([]byte(nil), data...), 0), {0x7f}} {
		if err := new(bgState).decode(bad); err == nil {
			t.Errorf("damaged state (%d bytes) accepted", len(bad))
		}
	}
}
