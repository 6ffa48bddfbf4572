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
// A descendant that leaves both the group and the session and also scrubs
// NUCLEIC_CALL_ID from its environment cannot be attributed: it survives
// the command (and is still reaped when it exits). With
// WithSubreaper(false) descendants that left the group are only found
// through the environ marker, by scanning all of /proc. Subreaper mode assumes the runner is the only code in the process
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
// # Limits worth knowing
//
//   - Background jobs still running when the shell exits get 250 ms to
//     finish writing, then are ended like the rest of the tree; a command
//     cannot leave a daemon behind.
//   - Signals sent through Signal go to the whole process group, as a
//     terminal's ^C would.
//   - Redaction works on each polled chunk: a secret split across two polls
//     may escape masking. Polling with the default 64 KiB limit makes that
//     rare; the artifact itself is never redacted.
//   - Artifacts and receipts are not fsynced.
//   - SIGKILL after the grace period can interrupt a login shell's startup
//     files; tools that take lock files there (pyenv rehash) may leave a
//     stale lock behind.
//
// Service.Register mounts the HTTP JSON API (routes in its doc) on a
// ServeMux; `nashd run` drives the same Service from the
// command line.
package runner
