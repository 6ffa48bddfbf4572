package interp

import (
	"os"
	"strconv"
)

// scriptLevelEnv names, in the environment of a nash started to run a
// file the kernel would not execute (no #! line), the $BASH_SUBSHELL of
// the shell that ran it: bash runs such a file in the child it forked
// for the command, which keeps its subshell_level.
const scriptLevelEnv = "NUCLEIC_NASH_SUBSHELL"

// ScriptSubshellLevel returns the $BASH_SUBSHELL a nash started to run
// a script without a #! line begins with (0 for any other start), and
// removes its note from the environment, which the script must not see.
func ScriptSubshellLevel() int {
	v, ok := os.LookupEnv(scriptLevelEnv)
	if !ok {
		return 0
	}
	os.Unsetenv(scriptLevelEnv)
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// SubshellLevel makes the shell start at $BASH_SUBSHELL n.
func SubshellLevel(n int) Option {
	return func(r *Runner) error {
		r.subLevel = n
		return nil
	}
}

// withScriptLevel adds to env the note of the level a script run by
// runAsScript starts at, when not 0.
func (r *Runner) withScriptLevel(env []string) []string {
	n := r.subLevel + r.subLevelAdj
	if n <= 0 {
		return env
	}
	return append(env[:len(env):len(env)], scriptLevelEnv+"="+strconv.Itoa(n))
}
