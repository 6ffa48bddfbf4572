package interp

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Exported functions travel through the environment the way bash 4.3+
// sends them: a variable named BASH_FUNC_<name>%% whose value is the
// function printed without its name, starting with "() {".

const (
	funcEnvPrefix = "BASH_FUNC_"
	funcEnvSuffix = "%%"
)

// childEnv returns the environment of a child process: the exported
// variables followed by the exported functions. The result must not be
// modified; it may share its backing array with the variable store's
// cache only when no function is exported.
func (r *Runner) childEnv() []string {
	for _, name := range [...]string{"SHELLOPTS", "BASHOPTS"} {
		// an exported SHELLOPTS carries the options of the moment
		if v := r.vars.m[name]; v != nil && v.attrs&aExport != 0 {
			if cur := r.lookup(name).str; v.str != cur {
				r.vars.own(name).str = cur
				r.vars.envDirty = true
			}
		}
	}
	r.dynRegenExports()
	env := r.vars.environ()
	if r.lastArgEnv {
		// $_ is still the environment's, exported where bash's table
		// holds it (the pathname withUnderscore puts there replaces it)
		env = r.vars.buildEnviron(&envEntry{name: "_", kv: "_=" + r.lastArg, born: r.vars.underscoreBorn})
	}
	type funcEntry struct {
		name, kv string
	}
	var extra []funcEntry
	for name, f := range r.funcs {
		if !f.export {
			continue
		}
		f.load()
		p := newCmdPrinter(f.src)
		p.escBytes = r.escBytes()
		extra = append(extra, funcEntry{name, funcEnvPrefix + name + funcEnvSuffix + "=" + p.funcString("", f.body, false)})
	}
	if len(extra) == 0 {
		return env
	}
	// bash's function table, walked bucket by bucket (a name may hold
	// an "=": function e=f { …; })
	slices.SortFunc(extra, func(a, b funcEntry) int {
		ha, hb := bashHash(a.name)&(funcBuckets-1), bashHash(b.name)&(funcBuckets-1)
		if ha != hb {
			return cmpUint(ha, hb)
		}
		return strings.Compare(a.kv, b.kv)
	})
	out := make([]string, 0, len(env)+len(extra))
	out = append(out, env...)
	for _, e := range extra {
		out = append(out, e.kv)
	}
	return out
}

// importFunc defines the function carried by an environment entry
// BASH_FUNC_<name>%%=() {...} and reports whether kv was such an entry.
// Like bash, it ignores entries whose value does not start with "() {"
// or does not parse as exactly one function definition.
func (r *Runner) importFunc(kv string) bool {
	i := strings.IndexByte(kv, '=')
	if i <= 0 || !strings.HasPrefix(kv, funcEnvPrefix) || !strings.HasSuffix(kv[:i], funcEnvSuffix) {
		return false
	}
	name := kv[len(funcEnvPrefix) : i-len(funcEnvSuffix)]
	val := kv[i+1:]
	if name == "" || !strings.HasPrefix(val, "() {") || strings.ContainsAny(name, "/$`\"'\\ \t\n") {
		return true
	}
	// parseProgram: the body may hold what only its rewrites read as bash
	// does (arithmetic that does not parse, shown as written)
	f, src, err := parseProgram(name+" "+val, name)
	if err != nil || len(f.Stmts) != 1 {
		return true
	}
	fd, ok := f.Stmts[0].Cmd.(*syntax.FuncDecl)
	if !ok || fd.Name.Value != name || len(f.Stmts[0].Redirs) > 0 {
		return true
	}
	if r.funcs == nil {
		r.funcs = map[string]*funcDef{}
	}
	r.funcs[name] = &funcDef{name: name, body: fd.Body, source: "environment", line: 1, export: true, src: src}
	return true
}
