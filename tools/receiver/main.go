// Command receiver runs the reference receiver (nash/transport/receiver)
// on a unix socket until interrupted, for measuring an observed nash by
// hand:
//
//	go run ./tools/receiver -socket /tmp/obs.sock &
//	NUCLEIC_SESSION_ID=s NUCLEIC_HOOK_TOKEN=t NUCLEIC_SHELL_SOCKET=/tmp/obs.sock \
//	    perf stat -r 300 bin/nash -c true
//
// On SIGINT or SIGTERM it prints how many requests, batches, shells and
// events it received, then exits.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"nash/transport/receiver"
)

func main() {
	socket := flag.String("socket", "/tmp/nash-receiver.sock", "unix socket to listen on")
	token := flag.String("token", "t", "bearer token to accept")
	verbose := flag.Bool("v", false, "at exit, also list each batch: shell id, kinds and seqs of its events")
	flag.Parse()
	r := receiver.New(*token)
	srv, err := receiver.ListenUnix(*socket, r)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
	r.Close()
	srv.Close()
	bs := r.Batches()
	shells := map[string]bool{}
	events := 0
	for _, b := range bs {
		shells[b.ShellID] = true
		events += len(b.Events)
		if *verbose {
			fmt.Printf("%.8s:", b.ShellID)
			for _, e := range b.Events {
				fmt.Printf(" %s#%d", e.Kind, e.Seq)
			}
			fmt.Println()
		}
	}
	fmt.Printf("requests %d, batches %d, shells %d, events %d, duplicates %d\n",
		r.Requests(), len(bs), len(shells), events, r.Duplicates())
}
