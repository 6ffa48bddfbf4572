package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"nash/runner"
)

func init() {
	register("run", "run a command through nash locally, stream its output, print its receipt", runRun)
}

func runRun(args []string) int { return runMain(args, os.Stdin, os.Stdout, os.Stderr) }

// runMain implements `nashd run [--cwd DIR] [--timeout S] [--pty] [--json]
// [--nash PATH] [--state DIR] -- CMD...`. It runs CMD (the words joined by
// spaces) through a local runner.Service, copies its input from stdin and
// its output to stdout and stderr as it comes, and returns the command's
// status: the exit code, 128+N when it died of signal N, 124 on timeout,
// 128+N when nashd run itself got signal N (SIGINT, SIGTERM, SIGHUP) and
// cancelled the command, 125 when the runner failed and 2 for usage errors.
// With --json the receipt is printed on stdout after the command's output,
// on a line of its own; otherwise a one-line summary goes to stderr.
func runMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nashd run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cwd := fs.String("cwd", "", "working directory (default: the current one)")
	timeout := fs.Float64("timeout", 0, "timeout in seconds (default: the runner's, 10 minutes)")
	usePTY := fs.Bool("pty", false, "run on a pseudo-terminal; all output goes to stdout")
	asJSON := fs.Bool("json", false, "print the receipt as JSON on stdout")
	nash := fs.String("nash", "", "shell binary (default: nash next to nashd, else on PATH)")
	state := fs.String("state", runner.DefaultStateDir(), "runner state directory (artifacts, receipts)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: nashd run [--cwd DIR] [--timeout S] [--pty] [--json] [--nash PATH] [--state DIR] -- CMD...")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	cmdText := strings.Join(fs.Args(), " ")
	if *cwd == "" {
		*cwd, _ = os.Getwd()
	}
	if abs, err := filepath.Abs(*cwd); err == nil {
		*cwd = abs
	}

	opts := []runner.Option{runner.WithStateDir(*state), runner.WithSessionID(os.Getenv("NUCLEIC_SESSION_ID"))}
	if *nash != "" {
		opts = append(opts, runner.WithNashPath(*nash))
	}
	svc, err := runner.New(opts...)
	if err != nil {
		fmt.Fprintf(stderr, "nashd run: %v\n", err)
		return 125
	}
	defer svc.Close()
	st, err := svc.Start(runner.Request{Cmd: cmdText, Cwd: *cwd, TimeoutS: *timeout, PTY: *usePTY, Stdin: !*usePTY})
	if err != nil {
		fmt.Fprintf(stderr, "nashd run: %v\n", err)
		if errors.Is(err, runner.ErrBadRequest) || errors.Is(err, runner.ErrTooLarge) {
			return 2
		}
		return 125
	}

	// Cancellation: a signal to nashd run ends the command's tree.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	var got os.Signal
	var gotMu sync.Mutex
	stopSigs := make(chan struct{})
	defer close(stopSigs)
	go func() {
		select {
		case s := <-sigs:
			gotMu.Lock()
			got = s
			gotMu.Unlock()
			svc.Terminate(st.ID)
		case <-stopSigs:
		}
	}()

	// Input: copied until EOF, then stdin is closed. The goroutine may stay
	// blocked reading a terminal after the command ended; the process is
	// about to exit then.
	go forwardStdin(svc, st.ID, stdin)

	var wg sync.WaitGroup
	var lastOut byte = '\n'
	for _, s := range []struct {
		name string
		w    io.Writer
		last *byte
	}{{"stdout", stdout, &lastOut}, {"stderr", stderr, nil}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			copyStream(svc, st.ID, s.name, s.w, s.last)
		}()
	}
	r, err := svc.Wait(context.Background(), st.ID)
	wg.Wait()
	if err != nil {
		fmt.Fprintf(stderr, "nashd run: %v\n", err)
		return 125
	}

	if *asJSON {
		if lastOut != '\n' {
			fmt.Fprintln(stdout)
		}
		b, _ := json.Marshal(r)
		fmt.Fprintf(stdout, "%s\n", b)
	} else {
		fmt.Fprintf(stderr, "nashd run: %s (status %d) in %v; call %s; stdout %d B, stderr %d B; files +%d ~%d -%d; receipt %s\n",
			r.Status, r.ExitCode, time.Duration(r.DurationMs)*time.Millisecond, r.CallID, r.Stdout.Size, r.Stderr.Size,
			len(r.Workspace.Created), len(r.Workspace.Modified), len(r.Workspace.Deleted), svc.ReceiptPath(r.CallID))
	}
	gotMu.Lock()
	defer gotMu.Unlock()
	switch r.Status {
	case runner.StatusTimedOut:
		return 124
	case runner.StatusCancelled:
		if s, ok := got.(syscall.Signal); ok {
			return 128 + int(s)
		}
		return 130
	}
	return r.ExitCode
}

// forwardStdin copies in to the command's stdin and closes it at EOF.
func forwardStdin(svc *runner.Service, id string, in io.Reader) {
	buf := make([]byte, 32<<10)
	for {
		n, err := in.Read(buf)
		if n > 0 {
			if _, werr := svc.WriteStdin(id, buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			svc.CloseStdin(id)
			return
		}
	}
}

// copyStream writes the raw bytes of one output stream to w as they come,
// until the stream ended. If last is not nil it receives the last byte
// written.
func copyStream(svc *runner.Service, id, stream string, w io.Writer, last *byte) {
	var off int64
	for {
		b, size, eof, err := svc.ReadOutput(context.Background(), id, stream, off, 1<<20, time.Second)
		if err != nil {
			return
		}
		if len(b) > 0 {
			w.Write(b)
			if last != nil {
				*last = b[len(b)-1]
			}
			off += int64(len(b))
		}
		if eof && off == size {
			return
		}
	}
}
