package interp

// getoptSpec returns the internal_getopt option string of name, one of
// the builtins that parse their options with their own loop in nash rather than with
// builtinOpts, so that runBuiltin can find a --help among their options
// as bash's internal_getopt does ("declare -x --help" prints declare's
// help). A leading '+' lets "+x" words count as options; ':' marks an
// option that takes an argument, ';' one whose argument may be missing.
// Other names get "". (A switch, not a map: a map literal is built by
// package init at every shell start.)
func getoptSpec(name string) string {
	switch name {
	case "declare", "typeset":
		return "+acfgilnprtuxAFGI"
	case "export", "readonly":
		return "aAfnp"
	case "type":
		return "afptP"
	case "cd":
		return "eLP"
	case "set":
		return "+abefhkmnptuvxBCEHPTo;"
	case "printf":
		return "v:"
	case "enable":
		return "adnpsf:"
	case "wait":
		return "fnp:"
	case "unset":
		return "fnv"
	case "command":
		return "pvV"
	case "shopt":
		return "psuoq"
	case "exec":
		return "cla:"
	case "ulimit":
		// the limits Linux has (no -b, -k, -P or -T)
		return "aSHc;d;e;f;i;l;m;n;p;q;r;s;t;u;v;x;R;"
	}
	return ""
}

// helpAmongOpts reports whether bash's internal_getopt, walking args with
// spec, reaches a "--help" word before the end of the options ("--", a
// non-option word) or an invalid option or missing argument, which the
// builtin itself reports.
func helpAmongOpts(spec string, args []string) bool {
	plus := spec != "" && spec[0] == '+'
	if plus {
		spec = spec[1:]
	}
	notOpt := func(w string) bool {
		return len(w) < 2 || w[0] != '-' && (!plus || w[0] != '+')
	}
	for i := 0; i < len(args); i++ {
		w := args[i]
		switch {
		case notOpt(w), w == "--":
			return false
		case w == "--help":
			return true
		}
		for j := 1; j < len(w); j++ {
			k := indexOpt(spec, w[j])
			if k < 0 {
				return false
			}
			if k+1 < len(spec) && (spec[k+1] == ':' || spec[k+1] == ';') {
				// the rest of the word, or the next word, is the argument;
				// ';' leaves an option-looking next word alone
				if j+1 == len(w) && i+1 < len(args) && (spec[k+1] == ':' || notOpt(args[i+1])) {
					i++
				} else if j+1 == len(w) && i+1 == len(args) && spec[k+1] == ':' {
					return false
				}
				break
			}
		}
	}
	return false
}

// indexOpt is the position of option letter c in spec, -1 when c is not
// an option (':' and ';' are markers, never letters).
func indexOpt(spec string, c byte) int {
	if c == ':' || c == ';' {
		return -1
	}
	for i := 0; i < len(spec); i++ {
		if spec[i] == c {
			return i
		}
	}
	return -1
}
