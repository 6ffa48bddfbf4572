// Package interp is nash's interpreter: a runner for programs parsed by
// mvdan.cc/sh/v3/syntax that behaves like bash 5.2, with a Gate consulted at
// every choke point (commands, redirections, pipeline links, command
// substitutions and state changes).
//
// A Runner owns all of its shell state as data: variables (copy-on-write
// between a shell and its subshells), functions, options, the working
// directory, the umask, the file-descriptor table (refcounted open files,
// handed to children as their real descriptors) and traps. Subshells,
// command substitutions, pipeline stages and process substitutions run
// in-process as forks of that state; nothing here changes process-wide
// state such as the Go process's working directory, so two Runners in one
// process never interfere. The exception is an asynchronous compound
// command or function call, which must outlive the shell as bash's forked
// subshell does: with BackgroundProcesses (cmd/nash sets it) it runs in a
// new nash that receives the subshell's state (bgstate.go, bgproc.go).
//
// Process-wide attributes are applied only where a child inherits them:
//
//   - cwd: every spawn gets the runner's directory; every path is resolved
//     against it (never os.Chdir).
//   - umask: files nash opens get 0666 minus the runner's umask; a child is
//     started with the runner's umask under a lock when it differs from the
//     process's.
//   - rlimits: ulimit at the top level changes the process's limits, as in
//     bash; in an in-process subshell it is an overlay applied to each child
//     the subshell starts (prlimit), so the parent is unaffected. The
//     open-files limit is an overlay at the top level too (nash needs more
//     descriptors than bash, and a child's fds are dup2'd into place after
//     the fork): the shell checks its fd numbers against it, exec applies
//     it, and a child gets it by prlimit just after it starts.
//   - exec: at the top level it replaces the process (after the observer
//     flushes); in an in-process subshell it runs the program as a child and
//     ends the subshell with its status, which is what bash's forked subshell
//     shows to its parent.
//   - signals: the top-level shell owns the process's signal handling. Traps
//     on real signals take effect only at the top level; a trap set inside an
//     in-process subshell is recorded (trap lists it) but real signals are
//     delivered to the top-level shell. Signals bash leaves at their default
//     (SIGUSR1 and similar) keep the kernel default so they end nash as they
//     end bash; ignored signals reach child shells ignored.
//   - $BASHPID and $! of in-process subshells are synthetic ids above the
//     kernel's pid range; a background job that is a single external
//     program, or that runs as a nash process of its own, has its real pid
//     (a compound job runs in-process, with a synthetic id, only where its
//     state cannot be handed over: interactive shells, set -m, an active
//     coprocess, the DEBUG trap, or text that does not parse back).
package interp
