// Package interp is nash's interpreter: a runner for programs parsed by
// mvdan.cc/sh/v3/syntax that behaves like bash 5.2, with a Gate consulted at
// every choke point (commands, redirections, pipeline links, command
// substitutions and state changes).
//
// A Runner owns all of its shell state as data: variables, functions,
// options, the working directory, the umask, the file-descriptor table and
// traps. Subshells and command substitutions run in-process as copies of
// that state; nothing here changes process-wide state such as the Go
// process's working directory, so two Runners in one process never
// interfere. Process-wide attributes a child must inherit (umask, signal
// dispositions) are applied only at spawn time.
package interp
