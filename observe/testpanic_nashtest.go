//go:build nashtest

package observe

import "strings"

// EnvTestPanic names the hooks that panic in a binary built with
// "-tags nashtest" (comma-separated: ExecStart, ExecEnd, Redirect, Pipe,
// CmdSubst, State; "all" for every one). It exists so that end-to-end tests
// can prove a failing observer never changes what a command does. A nash
// built without the tag does not read it.
const EnvTestPanic = "NUCLEIC_NASH_TEST_PANIC"

func init() {
	envTestHook = func(environ []string) func(string) {
		var spec string
		for _, kv := range environ {
			if v, ok := strings.CutPrefix(kv, EnvTestPanic+"="); ok {
				spec = v
			}
		}
		if spec == "" {
			return nil
		}
		hooks := map[string]bool{}
		for _, h := range strings.Split(spec, ",") {
			hooks[h] = true
		}
		return func(hook string) {
			if hooks["all"] || hooks[hook] {
				panic("injected panic in " + hook + " (" + EnvTestPanic + ")")
			}
		}
	}
}
