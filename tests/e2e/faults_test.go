package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	"nash/transport/receiver"
	"nash/transport/wire"
)

// faultScript emits a few hundred events (several batches), writes to
// stdout and stderr and exits non-zero.
const faultScript = `for i in $(seq 1 150); do echo "line $i" > f.txt; done
cat f.txt | tr a-z A-Z
echo to-stderr >&2
x=$(echo sub); echo "$x"
export API_URL=http://localhost
ls /nonexistent
exit 3`

// faultCase is one way observation can fail; setup returns the extra
// environment of the observed run.
type faultCase struct {
	name  string
	setup func(t *testing.T, col *collector, dir string) []string
	// lossy: batches may be lost for good (the spool cannot hold them);
	// what was kept must still be there once, each batch in order.
	lossy bool
	// none: nothing can be kept at all.
	none bool
	// panics: the run uses a binary built with -tags nashtest.
	panics bool
	// maxWall bounds the observed run's wall time.
	maxWall time.Duration
}

// TestFaults runs faultScript under nash with the collector or the spool
// failing in each way the design names, and checks that stdout, stderr and
// exit status are those of an unobserved run, and that every batch that
// could be kept is in the receiver or the spool, in order, once.
func TestFaults(t *testing.T) {
	ref := runShell(t, runSpec{Shell: nashBin, Script: faultScript, Dir: filepath.Join(shortTemp(t), "w")})
	if ref.Exit != 3 || !bytes.Contains(ref.Stdout, []byte("LINE 150")) {
		t.Fatalf("unobserved run: exit %d stdout %q", ref.Exit, ref.Stdout)
	}
	fault := func(f receiver.Fault) func(*testing.T, *collector, string) []string {
		return func(t *testing.T, col *collector, dir string) []string {
			col.SetFault(f)
			return nil
		}
	}
	cases := []faultCase{
		{name: "healthy collector", setup: fault(receiver.FaultNone)},
		{name: "socket absent", setup: func(t *testing.T, col *collector, dir string) []string {
			return []string{"NUCLEIC_SHELL_SOCKET=" + filepath.Join(dir, "no.sock")}
		}},
		{name: "collector never answers", setup: fault(receiver.FaultHang), maxWall: 6 * time.Second},
		{name: "401", setup: fault(receiver.FaultUnauthorized)},
		{name: "500", setup: fault(receiver.FaultServerError)},
		{name: "garbage", setup: fault(receiver.FaultGarbage)},
		{name: "spool unwritable", lossy: true, none: true, setup: func(t *testing.T, col *collector, dir string) []string {
			// a path below a regular file: unwritable even for root
			os.WriteFile(filepath.Join(dir, "file"), nil, 0o644)
			return []string{"NUCLEIC_SHELL_SOCKET=" + filepath.Join(dir, "no.sock"),
				"NUCLEIC_SHELL_SPOOL=" + filepath.Join(dir, "file", "spool")}
		}},
		{name: "spool on a full tmpfs", lossy: true, setup: func(t *testing.T, col *collector, dir string) []string {
			spool := filepath.Join(dir, "spool")
			os.MkdirAll(spool, 0o755)
			if err := syscall.Mount("tmpfs", spool, "tmpfs", 0, "size=48k"); err != nil {
				t.Skipf("cannot mount a tmpfs here (%v)", err)
			}
			t.Cleanup(func() { syscall.Unmount(spool, syscall.MNT_DETACH) })
			return []string{"NUCLEIC_SHELL_SOCKET=" + filepath.Join(dir, "no.sock")}
		}},
	}
	for _, hook := range []string{"ExecStart", "ExecEnd", "Redirect", "Pipe", "CmdSubst", "State", "all"} {
		cases = append(cases, faultCase{name: "panic in " + hook, panics: true,
			setup: func(t *testing.T, col *collector, dir string) []string {
				return []string{"NUCLEIC_NASH_TEST_PANIC=" + hook}
			}})
	}

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			bin := nashBin
			if tc.panics {
				bin = panicBin(t)
			}
			dir := shortTemp(t)
			col := startCollector(t)
			spool := filepath.Join(dir, "spool")
			env := append(observedEnv(col.Sock, spool), tc.setup(t, col, dir)...)
			r := runShell(t, runSpec{Shell: bin, Script: faultScript, Dir: filepath.Join(dir, "w"), Env: env})
			if !bytes.Equal(r.Stdout, ref.Stdout) || !bytes.Equal(r.Stderr, ref.Stderr) || r.Exit != ref.Exit {
				t.Errorf("observed run differs: exit %d (want %d)\nstdout %q\nstderr %q", r.Exit, ref.Exit, clip(r.Stdout), clip(r.Stderr))
			}
			maxWall := tc.maxWall
			if maxWall == 0 {
				maxWall = 4 * time.Second
			}
			if r.Wall > ref.Wall+maxWall {
				t.Errorf("observed run took %v (unobserved %v)", r.Wall, ref.Wall)
			}
			recv := col.Batches()
			spooled := spooled(t, spool)
			t.Logf("%d batches received, %d spooled, wall %v", len(recv), len(spooled), r.Wall.Round(time.Millisecond))
			kept := keptOnce(t, recv, spooled)
			if tc.none {
				if len(kept) != 0 {
					t.Errorf("events kept with nowhere to keep them")
				}
				return
			}
			if len(kept) != 1 {
				t.Fatalf("events of %d shells kept, want 1", len(kept))
			}
			for sh, evs := range kept {
				if tc.lossy {
					continue // keptOnce checked order and uniqueness
				}
				checkSeqs(t, sh, evs)
				if n := countKind(evs, wire.KindExec); n < 157 && !tc.panics {
					t.Errorf("%d exec events kept, want at least 157", n)
				}
			}
			if tc.panics {
				var internal int
				for _, evs := range kept {
					for _, e := range evs {
						if e.Kind == wire.KindDropped && e.Reason == wire.ReasonInternalError {
							internal += e.Count
						}
					}
				}
				if internal == 0 {
					t.Errorf("no dropped/internal-error event for the injected panics")
				}
			}
		})
	}
}

// keptOnce merges the received and spooled batches per shell, checking
// that no (shell, seq) was kept twice. Each batch is in seq order (the
// receiver and spooled() validate that); batches need not be: an exec
// event takes its seq when the command starts and leaves when it ends,
// so a long command's event follows batches of later seqs. It returns the
// events by shell, sorted by seq.
func keptOnce(t *testing.T, recv []wire.Batch, spooled []*wire.Batch) map[string][]wire.Event {
	t.Helper()
	out := map[string][]wire.Event{}
	seen := map[string]map[uint64]string{}
	for _, src := range []struct {
		name string
		bs   []*wire.Batch
	}{{"receiver", ptrs(recv)}, {"spool", spooled}} {
		for _, b := range src.bs {
			if seen[b.ShellID] == nil {
				seen[b.ShellID] = map[uint64]string{}
			}
			for _, e := range b.Events {
				if where, dup := seen[b.ShellID][e.Seq]; dup {
					t.Errorf("seq %d kept twice (%s and %s)", e.Seq, where, src.name)
					continue
				}
				seen[b.ShellID][e.Seq] = src.name
				out[b.ShellID] = append(out[b.ShellID], e)
			}
		}
	}
	for sh, evs := range out {
		sortBySeq(evs)
		out[sh] = evs
	}
	return out
}

func ptrs(bs []wire.Batch) []*wire.Batch {
	out := make([]*wire.Batch, len(bs))
	for i := range bs {
		out[i] = &bs[i]
	}
	return out
}

func sortBySeq(evs []wire.Event) {
	for i := 1; i < len(evs); i++ {
		for j := i; j > 0 && evs[j].Seq < evs[j-1].Seq; j-- {
			evs[j], evs[j-1] = evs[j-1], evs[j]
		}
	}
}

var (
	panicOnce sync.Once
	panicPath string
	panicErr  error
)

// panicBin builds nash with -tags nashtest, whose observer panics in the
// hooks named by NUCLEIC_NASH_TEST_PANIC.
func panicBin(t *testing.T) string {
	t.Helper()
	panicOnce.Do(func() {
		dir, err := os.MkdirTemp("", "nash-e2e-panic")
		if err != nil {
			panicErr = err
			return
		}
		panicPath = filepath.Join(dir, "nash")
		panicErr = goBuild(panicPath, "-tags", "nashtest")
	})
	if panicErr != nil {
		t.Fatal(panicErr)
	}
	return panicPath
}
