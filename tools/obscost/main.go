// Command obscost measures what observation adds to one short-lived shell:
// it runs `SHELL -c SCRIPT` for each binary given, unobserved and observed
// (capture=tap against an in-process reference receiver on a unix socket),
// interleaving all variants run by run so that load on the machine affects
// them alike, and prints the median and quartiles of the wall clock per
// run and the median observed-minus-unobserved difference.
//
//	go run ./tools/obscost -n 400 /tmp/nash-old bin/nash
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"

	"nash/transport/receiver"
)

func main() {
	n := flag.Int("n", 300, "runs per variant")
	script := flag.String("c", "true", "script run with -c")
	spool := flag.Bool("spool", false, "give the observed shells a spool directory that exists (it stays empty)")
	nosend := flag.Bool("nosend", false, "observed shells find no socket and an unwritable spool: measures observing without delivering")
	flag.Parse()
	bins := flag.Args()
	if len(bins) == 0 {
		bins = []string{"bin/nash"}
	}
	dir, err := os.MkdirTemp("", "obscost")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	r := receiver.New("t")
	srv, err := receiver.ListenUnix(filepath.Join(dir, "obs.sock"), r)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer func() { r.Close(); srv.Close() }()
	spoolDir := filepath.Join(dir, "spool")
	if *spool {
		os.Mkdir(spoolDir, 0o700)
	}
	tap := []string{"NUCLEIC_SESSION_ID=s", "NUCLEIC_HOOK_TOKEN=t",
		"NUCLEIC_SHELL_SOCKET=" + srv.Path, "NUCLEIC_SHELL_SPOOL=" + spoolDir}
	if *nosend {
		tap = []string{"NUCLEIC_SESSION_ID=s", "NUCLEIC_HOOK_TOKEN=t",
			"NUCLEIC_SHELL_SOCKET=" + filepath.Join(dir, "absent.sock"), "NUCLEIC_SHELL_SPOOL=/proc/absent/spool"}
	}
	base := os.Environ()

	type variant struct {
		name string
		bin  string
		env  []string
		d    []float64
	}
	var vs []*variant
	for _, b := range bins {
		vs = append(vs, &variant{name: b + " off", bin: b, env: base},
			&variant{name: b + " tap", bin: b, env: append(append([]string(nil), base...), tap...)})
	}
	for i := 0; i < *n; i++ {
		for _, v := range vs {
			c := exec.Command(v.bin, "-c", *script)
			c.Env = v.env
			c.Dir = dir
			start := time.Now()
			if err := c.Run(); err != nil {
				fmt.Fprintf(os.Stderr, "%s: %v\n", v.name, err)
			}
			v.d = append(v.d, float64(time.Since(start).Microseconds()))
		}
	}
	for _, v := range vs {
		s := append([]float64(nil), v.d...)
		sort.Float64s(s)
		fmt.Printf("%-40s median %6.0fµs  q1 %6.0fµs  q3 %6.0fµs\n", v.name, s[len(s)/2], s[len(s)/4], s[3*len(s)/4])
	}
	for i := 0; i+1 < len(vs); i += 2 {
		var diff []float64
		for k := range vs[i].d {
			diff = append(diff, vs[i+1].d[k]-vs[i].d[k])
		}
		sort.Float64s(diff)
		fmt.Printf("%-40s tap-off median %6.0fµs\n", bins[i/2], diff[len(diff)/2])
	}
	events := 0
	for _, b := range r.Batches() {
		events += len(b.Events)
	}
	fmt.Printf("receiver: %d requests, %d events\n", r.Requests(), events)
}
