package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"nash/interp"
)

const bashVersion = interp.BashVersion

// run is the whole shell: it returns the exit status.
func run(argv []string) int {
	if data, ok, err := interp.BgJobState(); ok {
		return runBgJob(argv, data, err)
	}
	subLevel := interp.ScriptSubshellLevel()
	if os.Getenv("NUCLEIC_NASH_DISABLE") == "1" {
		rb := realBash()
		if rb != "" {
			startObservation(argv).fallback("disabled", strings.Join(argv, " "))
		}
		if err := execRealBash(nil, rb, argv, os.Environ()); err == nil {
			return 0
		}
		// no real bash: carry on as nash rather than fail the command
	}
	// `nash doctor` is a subcommand unless a script named doctor exists
	// here (then, as bash would, nash runs that script)
	if len(argv) > 1 && argv[1] == "doctor" && filepath.Base(argv[0]) == "nash" {
		if fi, err := os.Stat("doctor"); err != nil || !fi.Mode().IsRegular() {
			return runDoctor(argv[2:])
		}
	}
	extra := interp.InheritedFiles()
	interp.DefaultSignals()
	inv, err := parseArgs(argv)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %s\n", shellName(argv[0]), err)
		if io, ok := err.(invalidOption); ok && io.errexit {
			return 1
		}
		if strings.HasSuffix(err.Error(), "invalid option") {
			// bash's usage after an invalid option has no version line
			n := shellName(argv[0])
			usage := fmt.Sprintf(helpText, bashVersion, n, n, n, n)
			// and stops before the "Type `bash -c help'" paragraph
			usage = usage[strings.IndexByte(usage, '\n')+1:]
			if i := strings.Index(usage, "Type `"); i >= 0 {
				usage = usage[:i]
			}
			fmt.Fprint(os.Stderr, usage)
		}
		return 2
	}
	if inv.version {
		printVersion(os.Stdout)
		return 0
	}
	if inv.help {
		n := shellName(argv[0])
		fmt.Fprintf(os.Stdout, helpText, bashVersion, n, n, n, n)
		return 0
	}
	sess := startObservation(argv)
	defer sess.close()

	var src, srcName, arg0 string
	var params []string
	var fromStdin bool
	switch {
	case inv.command != nil:
		src = *inv.command
		arg0 = inv.argv0
		if len(inv.args) > 0 {
			arg0 = inv.args[0]
			params = inv.args[1:]
		}
	case len(inv.args) > 0 && !inv.stdin:
		srcName = inv.args[0]
		arg0 = srcName
		params = inv.args[1:]
		data, status := readScript(srcName, inv)
		if status != 0 {
			return status
		}
		src = data
	default:
		fromStdin = true
		arg0 = inv.argv0
		params = inv.args
	}

	opts := []interp.Option{
		interp.Params(arg0, params...),
		interp.SubshellLevel(subLevel),
		interp.ShellName(inv.name),
		interp.Version(version),
		interp.ExtraFiles(extra),
		interp.OnExec(sess.flush),
		interp.RealBash(realBash),
		interp.BackgroundProcesses(selfExe, argv),
	}
	// $BASH as bash derives it from argv[0]; no /proc/self/exe lookup
	opts = append(opts, interp.BashName(argv[0]))
	if inv.command != nil {
		opts = append(opts, interp.CommandString(src))
		if inv.stdin {
			opts = append(opts, interp.StdinFlag())
		}
	}
	if inv.interact {
		opts = append(opts, interp.Interactive(srcName == ""))
	}
	if fromStdin {
		opts = append(opts, interp.StdinCommands())
	}
	if g := sess.gate(); g != nil {
		opts = append(opts, interp.WithGate(g))
	}
	if o := stdClosedOption(); o != nil {
		opts = append(opts, o)
	}
	r, err := interp.New(opts...)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", shellName(argv[0]), err)
		return 2
	}
	for _, w := range r.StartupWarnings() {
		fmt.Fprintf(os.Stderr, "%s: %s\n", shellName(argv[0]), w)
	}
	for _, e := range r.StartupErrors() {
		fmt.Fprintln(os.Stderr, e)
	}
	r.SetVar("NUCLEIC_NASH", "1", true)
	if id := sess.shellID(); id != "" {
		r.SetVar("NUCLEIC_NASH_SHELL_ID", id, true)
	}
	if inv.posixOpt {
		// bash started with --posix binds POSIXLY_CORRECT=y
		// (unexported) along with the option, before the other options;
		// the shopts of POSIX mode follow them (InitPosix)
		r.SetPosixFlag()
	}
	for _, o := range inv.setOpts {
		if o.name == "" {
			continue
		}
		if !r.SetOpt(o.name, o.on) {
			// bash's set builtin reports it, as a builtin error at
			// line 0 named after the shell
			name := shellName(argv[0])
			fmt.Fprintf(os.Stderr, "%s: line 0: %s: %s: invalid option name\n", name, name, o.name)
			return 2
		}
	}
	if inv.posixOpt {
		r.InitPosix()
	}
	extdebug := inv.debugger
	if extdebug {
		r.SetShopt("extdebug", true)
	}
	for _, o := range inv.shopts {
		if !r.SetShopt(o.name, o.on) {
			fmt.Fprintf(os.Stderr, "%s: %s: invalid shell option name\n", shellName(argv[0]), o.name)
			return 2
		}
		if o.name == "extdebug" {
			extdebug = o.on
		}
	}
	if inv.posix && !inv.posixOpt {
		// bash named sh turns POSIX mode on after its options, so
		// sh +o posix is still in POSIX mode
		r.SetOpt("posix", true)
	}
	if extdebug && !(inv.interact && fromStdin) {
		// (an interactive shell reading its input keeps debugging mode
		// without starting the debugger)
		// bash -O extdebug starts its debugger, bashdb, which nash is
		// not: it fails as bash does without bashdb, and debugging mode
		// (extdebug, with set -E and -T) is off again
		// (get_name_for_error: $0, the shell's name when interactive)
		const start = "/usr/share/bashdb/bashdb-main.inc"
		name := shellName(arg0)
		if inv.interact {
			name = filepath.Base(shellName(inv.argv0))
		}
		fmt.Fprintf(os.Stderr, "%s: %s: No such file or directory\n", name, start)
		fmt.Fprintf(os.Stderr, "%s: warning: cannot start debugger; debugging mode disabled\n", name)
		r.SetShopt("extdebug", false)
		// (-c pushes the words after its name, none too)
		r.StartArgv(len(params) > 0 || inv.command != nil && len(inv.args) > 0)
	}
	if inv.posix && !inv.posixOpt && !setsPosix(inv.setOpts) {
		// started as sh: POSIX mode comes after bash's startup, which
		// has set $BASHOPTS
		r.StartedAsSh()
	}
	if srcName != "" {
		r.SetSourceName(srcName)
	}
	if inv.pretty {
		switch {
		case inv.interact:
			fmt.Fprintf(os.Stderr, "%s: warning: pretty-printing mode ignored in interactive shells\n", filepath.Base(shellName(inv.argv0)))
		case inv.command == nil:
			// a -c string runs as usual (bash's run_one_command)
			r.PrettyPrint()
		}
	}
	if inv.dump != 0 {
		where := arg0 // the po format's "#: FILE:LINE"
		if inv.command != nil {
			where = "-c"
		}
		r.DumpStrings(inv.dump == 2, where)
	}
	r.SetLogin(inv.login)
	if inv.interact {
		if !fromStdin && os.Getenv("NUCLEIC_NASH_NO_FALLBACK") != "1" {
			// the real bash a program nash cannot parse is handed to
			// prints the job control messages itself: decide first
			if _, _, perr := interp.ParseProgram(src, srcName, inv.posix); perr != nil {
				sess.fallback("parse-error", src)
				if err := execRealBash(r, realBash(), argv, os.Environ()); err == nil {
					return 2
				}
			}
		}
		startInteractive(r, inv, srcName == "")
	}
	runStartupFiles(r, inv)
	if inv.interact && inv.command == nil {
		// bash reads the history file after the startup files (not
		// for a -c string)
		r.LoadHistory()
	}
	if inv.restricted {
		// bash's maybe_make_restricted, after the startup files
		r.Restrict()
	}
	if r.Exited() {
		return r.ExitStatus()
	}
	if fromStdin {
		st := r.RunReader(os.Stdin, "")
		killedBy = r.KilledBy()
		return st
	}
	f, text, perr := interp.ParseProgram(src, srcName, inv.posix)
	if perr != nil {
		sess.fallback("parse-error", src)
		if os.Getenv("NUCLEIC_NASH_NO_FALLBACK") != "1" {
			if err := execRealBash(r, realBash(), argv, os.Environ()); err == nil {
				return 2
			}
		}
		st := r.RunIncremental(src, srcName)
		killedBy = r.KilledBy()
		return st
	}
	st := r.RunProgram(f, text, src)
	killedBy = r.KilledBy()
	return st
}

// killedBy is the signal that killed the -c string's last command (see
// interp.Runner.KilledBy), for main to end the process by it.
var killedBy syscall.Signal

// shellName is the name bash's messages start with: argv[0] as given
// (a path stays a path, a login shell's leading "-" stays), or "bash"
// when argv[0] is empty or a lone "-".
func shellName(argv0 string) string {
	if argv0 == "" || argv0 == "-" {
		return "bash"
	}
	return argv0
}

// readScript reads a script file named on the command line, reporting
// problems as bash does.
func readScript(name string, inv *invocation) (string, int) {
	prog := shellName(inv.argv0)
	path := name
	fi, err := os.Stat(path)
	if err != nil && !strings.Contains(name, "/") {
		// bash searches PATH for the script when it is not in cwd
		for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
			p := filepath.Join(dir, name)
			if f2, err2 := os.Stat(p); err2 == nil && !f2.IsDir() {
				path, fi, err = p, f2, nil
				break
			}
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %s: %s\n", prog, name, errText(err))
		return "", 127
	}
	if fi.IsDir() {
		fmt.Fprintf(os.Stderr, "%s: %s: Is a directory\n", name, name)
		return "", 126
	}
	data, err := readScriptFile(path)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %s: %s\n", prog, name, errText(err))
		return "", 126
	}
	if isBinary(data) {
		fmt.Fprintf(os.Stderr, "%s: %s: cannot execute binary file\n", name, name) // bash names the script, not itself
		return "", 126
	}
	if len(data) > 0 && data[len(data)-1] != '\n' {
		// bash's shell_getc ends a file's last line with a newline, so
		// a backslash there joins it to nothing and is dropped
		data = append(data, '\n')
	}
	return string(data), 0
}

// isBinary applies bash's check: a NUL byte in the first line (up to 80
// bytes) of a file without a #! line.
func isBinary(b []byte) bool {
	if len(b) >= 2 && b[0] == '#' && b[1] == '!' {
		return false
	}
	n := len(b)
	if n > 80 {
		n = 80
	}
	for _, c := range b[:n] {
		if c == '\n' {
			return false
		}
		if c == 0 {
			return true
		}
	}
	return false
}

func errText(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		s := pe.Err.Error()
		return strings.ToUpper(s[:1]) + s[1:]
	}
	return err.Error()
}

// sourceLogin reads the login files bash reads.
func sourceLogin(r *interp.Runner, posix bool) {
	if fileExists("/etc/profile") {
		r.SourceFile("/etc/profile")
	}
	home := os.Getenv("HOME")
	if home == "" {
		return
	}
	names := []string{".bash_profile", ".bash_login", ".profile"}
	if posix {
		names = []string{".profile"}
	}
	for _, n := range names {
		p := filepath.Join(home, n)
		if fileExists(p) {
			r.SourceFile(p)
			return
		}
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// setsPosix reports whether the set options given include -o posix.
func setsPosix(opts []optSet) bool {
	for _, o := range opts {
		if o.name == "posix" && o.on {
			return true
		}
	}
	return false
}
