// Package runner executes agent commands through nash and issues a receipt
// for each: it is the host side of the run_command / process_io contract
// that agent runtimes call.
//
// A command runs as `<nash> -lc <cmd>` in its own process group (PTY mode:
// its own session), with the caller's cwd and environment additions, a
// timeout and cancellation. The runner's call id is exported to the shell
// as NUCLEIC_CALL_ID, which nash copies into every event batch as callId,
// so a receipt links to the nash events of the same run.
//
// # Process tree ownership
//
// A command owns its whole process tree. When the shell exits, times out or
// is cancelled, everything it started is ended: SIGTERM to the process
// group and to every straggler, then SIGKILL after a grace period (2 s by
// default). Stragglers are descendants that left the group (setsid,
// setpgid, double fork). They are found without cgroups: the Service marks
// its process a child subreaper (PR_SET_CHILD_SUBREAPER), so orphaned
// descendants are reparented to it instead of to init, and it reads its own
// children from /proc/self/task/*/children. A child that is not one of the
// runner's shells is attributed to a command by the NUCLEIC_CALL_ID=<id>
// marker in its /proc/PID/environ, or by its process group or session id
// being the command's. Reparented orphans that exit are reaped by pid
// (wait4 on that pid only, never wait4(-1)) during sweeps and on every
// SIGCHLD, so no zombies accumulate.
// A descendant that leaves the group, scrubs NUCLEIC_CALL_ID from its
// environment and outlives its parent while another command runs cannot be
// attributed and survives; with WithSubreaper(false) descendants that
// left the group are only found through the environ marker by scanning
// /proc. Subreaper mode assumes the runner is the only code in the process
// that starts child processes outside the process's own process group.
//
// # Output and artifacts
//
// Stdout and stderr are separate streams (in PTY mode everything arrives
// on stdout and stderr stays empty). While a command runs they are spooled
// to files under the state directory; callers poll them by byte offset.
// When the command ends each stream becomes an immutable content-addressed
// artifact: a read-only file named by the BLAKE3-256 hash of its bytes,
// written once (a second identical output reuses the file). Results handed
// to callers are bounded (64 KiB per poll by default) and redacted for
// credential shapes; offsets always count raw bytes, and hashes are
// computed on the raw bytes. Artifact reads by range return the raw bytes.
//
// # Receipts
//
// Every command gets a Receipt: hashes of the command text, the runtime
// (nash binary) and both streams, cwd, timestamps, status (exited,
// signaled, timed-out, cancelled), exit code, and the files created,
// modified and deleted under cwd (bounded, .git skipped). Receipts are
// kept in memory for recent commands and written under
// <state>/receipts/<call-id>.json.
//
// Register mounts the HTTP JSON API (see http.go) on a ServeMux.
package runner
