package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"nash/collector"
	"nash/collector/store"
	"nash/collector/token"
	"nash/runner"
)

func init() {
	register("serve", "run the collector: ingest socket, query API, feed UI", runServe)
}

func runServe(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	state := stateFlag(fs)
	sock := fs.String("socket", defaultSocket(), "unix socket `PATH` for POST /shell-event (mode 0660)")
	listen := fs.String("listen", defaultListen, "loopback `ADDR` for the UI, query API and ingest; empty disables")
	sessionCap := fs.Int64("session-cap", store.DefaultSessionCap, "events kept per session, oldest evicted first")
	budget := fs.Int64("budget", store.DefaultBudgetBytes, "database size budget in bytes, oldest events evicted first")
	inflight := fs.Int("max-inflight", 32, "batches processed at once")
	maxConns := fs.Int("max-conns", 1024, "simultaneous connections per listener")
	noRunner := fs.Bool("no-runner", false, "do not mount the runner API (on the socket and the TCP listener)")
	sockGroup := fs.String("socket-group", "", "group `NAME` or gid to own the socket (so sandbox users in it can connect)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	sockSet := false
	fs.Visit(func(f *flag.Flag) { sockSet = sockSet || f.Name == "socket" })
	if *listen != "" {
		if err := checkLoopback(*listen); err != nil {
			return fail("serve", err)
		}
	}
	if err := os.MkdirAll(*state, 0o700); err != nil {
		return fail("serve", err)
	}
	unlock, err := lockState(*state)
	if err != nil {
		return fail("serve", err)
	}
	defer unlock()

	keys, err := token.LoadOrCreate(*state)
	if err != nil {
		return fail("serve", err)
	}
	hub := collector.NewHub()
	st, err := store.Open(filepath.Join(*state, store.DBFile), store.Options{
		SessionCap: *sessionCap, BudgetBytes: *budget, OnCommit: hub.Publish,
	})
	if err != nil {
		return fail("serve", err)
	}
	defer st.Close()
	srv := collector.New(collector.Config{Store: st, Keys: keys, Hub: hub, MaxInflight: *inflight})

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	errc := make(chan error, 2)
	info := serveInfo{Pid: os.Getpid()}

	// The runner API, on the socket and the port alike. It executes
	// commands, and the socket is shared with sandboxes (mode 0660) and
	// the port with every local user, so it also needs the key only the
	// state directory's owner can read.
	runnerRoutes := func(*http.ServeMux) {}
	if !*noRunner {
		key, err := runnerKey(*state)
		if err != nil {
			return fail("serve", err)
		}
		rmux := http.NewServeMux()
		if svc := mountRunner(rmux); svc != nil {
			// Runs after the listeners stopped: ends every command's
			// tree and writes its receipt, so none outlives serve.
			defer svc.Close()
		}
		guarded := requireBearer(key, rmux)
		runnerRoutes = func(mux *http.ServeMux) {
			mux.Handle("/v1/commands", guarded)
			mux.Handle("/v1/commands/", guarded)
			mux.Handle("/v1/artifacts/", guarded)
		}
		log.Printf("nashd serve: runner API key in %s", filepath.Join(*state, runnerKeyFile))
	}
	if *sock != "" {
		ln, err := listenUnix(*sock, *sockGroup)
		switch {
		case err != nil && !sockSet && *listen != "":
			// The default socket may sit in a directory we cannot create
			// (/run without root): keep serving on TCP and say so.
			log.Printf("nashd serve: no unix socket: %v (ingest on http://%s/shell-event only)", err, *listen)
		case err != nil:
			return fail("serve", err)
		default:
			mux := http.NewServeMux()
			srv.IngestRoutes(mux)
			runnerRoutes(mux)
			info.Socket = *sock
			go func() { errc <- collector.Serve(ctx, collector.LimitListener(ln, *maxConns), mux) }()
			defer os.Remove(*sock)
		}
	}
	if *listen != "" {
		ln, err := net.Listen("tcp", *listen)
		if err != nil {
			return fail("serve", err)
		}
		mux := http.NewServeMux()
		srv.Routes(mux)
		runnerRoutes(mux)
		info.Listen = ln.Addr().String()
		go func() {
			errc <- collector.Serve(ctx, collector.LimitListener(ln, *maxConns), collector.LoopbackOnly(mux))
		}()
	}
	if info.Socket == "" && info.Listen == "" {
		return fail("serve", errors.New("nothing to listen on: give --socket or --listen"))
	}
	infoPath := filepath.Join(*state, serveInfoFile)
	if b, err := json.Marshal(info); err == nil {
		os.WriteFile(infoPath, b, 0o600)
	}
	defer os.Remove(infoPath)
	log.Printf("nashd serve: state %s, socket %s, http://%s/", *state, info.Socket, info.Listen)

	select {
	case <-ctx.Done():
		log.Printf("nashd serve: shutting down")
	case err := <-errc:
		if err != nil && !errors.Is(err, http.ErrServerClosed) {
			return fail("serve", err)
		}
	}
	stop()
	done := make(chan struct{})
	go func() {
		for range cap(errc) {
			select {
			case <-errc:
			case <-time.After(6 * time.Second):
			}
		}
		close(done)
	}()
	<-done
	return 0
}

// mountRunner mounts the runner API on mux, which serves nothing else,
// and returns its Service, for the caller to close at shutdown. The
// Service keeps its state under runner.DefaultStateDir() and runs nash
// from next to nashd or from PATH. If it cannot be created, mux answers
// 503 with the reason and mountRunner returns nil.
func mountRunner(mux *http.ServeMux) *runner.Service {
	svc, err := runner.New(runner.WithSessionID(os.Getenv("NUCLEIC_SESSION_ID")))
	if err == nil {
		svc.Register(mux)
		return svc
	}
	log.Printf("nashd serve: %v", err)
	b, _ := json.Marshal(map[string]string{"error": err.Error()})
	h := func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write(append(b, '\n'))
	}
	mux.HandleFunc("/", h) // the caller routes only the runner's paths here
	return nil
}

// listenUnix listens on path with mode 0660, replacing a stale socket left
// by a crashed server but refusing to steal one that still answers.
func listenUnix(path, group string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("socket dir: %w", err)
	}
	if fi, err := os.Lstat(path); err == nil {
		if fi.Mode()&os.ModeSocket == 0 {
			return nil, fmt.Errorf("%s exists and is not a socket", path)
		}
		if c, err := net.DialTimeout("unix", path, 500*time.Millisecond); err == nil {
			c.Close()
			return nil, fmt.Errorf("%s is in use by another server", path)
		}
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("remove stale socket: %w", err)
		}
	}
	ln, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", path, err)
	}
	ln.(*net.UnixListener).SetUnlinkOnClose(true)
	if err := os.Chmod(path, 0o660); err != nil {
		ln.Close()
		return nil, fmt.Errorf("chmod socket: %w", err)
	}
	if group != "" {
		gid, err := strconv.Atoi(group)
		if err != nil {
			g, lerr := user.LookupGroup(group)
			if lerr != nil {
				ln.Close()
				return nil, fmt.Errorf("socket group: %w", lerr)
			}
			gid, _ = strconv.Atoi(g.Gid)
		}
		if err := os.Chown(path, -1, gid); err != nil {
			ln.Close()
			return nil, fmt.Errorf("chown socket: %w", err)
		}
	}
	return ln, nil
}

// lockState takes an exclusive lock on the state directory so two servers
// never write one chain.
func lockState(state string) (func(), error) {
	f, err := os.OpenFile(filepath.Join(state, "serve.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock state: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("state %s is in use by another nashd serve", state)
	}
	return func() { f.Close() }, nil
}
