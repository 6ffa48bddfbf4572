package interp

import (
	"os"
	"testing"
)

// The scripts of make bench's interpreter-loop cases (bench/main.go), at
// a tenth of their size: allocations and time per run of the loop body
// show what each iteration costs.
var loopBenchScripts = []struct{ name, src string }{
	{"Arith", `i=0; s=0; while (( i < 20000 )); do (( s += i, i++ )); done`},
	{"String", `s=; for ((i=0; i<5000; i++)); do s+=x; done`},
	{"Func", `f() { return 0; }; for ((i=0; i<5000; i++)); do f; done`},
	{"Case", `n=0; for ((i=0; i<10000; i++)); do case "x$i" in x*5) n=$((n+1));; x1*) ;; *) ;; esac; done`},
	{"Array", `a=(); for ((i=0; i<1000; i++)); do a[i]=$i; done; s=0; for ((i=0; i<1000; i++)); do (( s += a[i] )); done`},
}

func BenchmarkLoop(b *testing.B) {
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer null.Close()
	for _, sc := range loopBenchScripts {
		b.Run(sc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				r, err := New(StdIO(null, null, null), Env([]string{"PATH=/usr/bin:/bin"}))
				if err != nil {
					b.Fatal(err)
				}
				if st := r.RunIncremental(sc.src, "bench"); st != 0 {
					b.Fatalf("exit status %d", st)
				}
			}
		})
	}
}
