package interp

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// biCd implements cd with -L, -P, -e, CDPATH and cd -.
func biCd(r *Runner, args []string) int { return r.cdAs("cd", args) }

// cdAs runs cd's logic with args[1:] as its words, reporting errors as the
// builtin name (pushd and popd change directory through cd, and bash's
// messages then name them).
func (r *Runner) cdAs(name string, args []string) int {
	if name == "cd" && r.restrictedBuiltin("cd", "") {
		return 1
	}
	physical := r.opts.on(optPhysical)
	eflag := false
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for _, c := range []byte(a[1:]) {
			switch c {
			case 'L':
				physical = false
			case 'P':
				physical = true
			case 'e':
				eflag = true
			default:
				// -@ is only an option where O_XATTR exists, not on Linux
				r.bErr(name, "-%c: invalid option", c)
				r.builtinUsage(name)
				return 2
			}
		}
	}
	if !physical {
		eflag = false
	}
	rest := args[i:]
	if len(rest) > 1 {
		r.bErr(name, "too many arguments")
		return 1
	}
	var dir string
	printDir, dash := false, false
	// bash's LCD_DOVARS and LCD_DOSPELL: cdable_vars tries a named
	// argument's variable when the directory itself fails, cdspell its
	// corrected spelling; not for cd alone or cd -
	cdVars := len(rest) > 0 && r.opts.sh(shCdableVars)
	spell := len(rest) > 0 && r.opts.sh(shCdspell) && r.isInteractive() && !r.isSub
	if len(rest) == 0 {
		h := r.lookup("HOME")
		if h == nil || !h.set {
			r.bErr(name, "HOME not set")
			return 1
		}
		dir = h.value()
	} else {
		dir = rest[0]
		if dir == "-" {
			o := r.lookup("OLDPWD")
			if o == nil || !o.set {
				r.bErr(name, "OLDPWD not set")
				return 1
			}
			// bash's cd - is cd "$OLDPWD" without CDPATH, and prints
			// the value as it is
			dir = o.value()
			printDir, dash = true, true
			cdVars, spell = false, false
		}
	}
	if r.cwdLost {
		// bash's change_to_directory asks for the directory it
		// has no name for first
		if r.cwdName == "" {
			r.getcwdError("chdir")
		}
		if !strings.HasPrefix(dir, "/") {
			return r.cdFromLost(name, dir, printDir)
		}
	}
	target := ""
	// what cd prints when not the new directory: OLDPWD's value for
	// cd -, and for cd -P a directory found through CDPATH as CDPATH
	// made it, not as the physical path (bash's cd_builtin prints temp)
	var shown *string
	if dash {
		shown = &dir
	}
	if !dash && !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../") && dir != "." && dir != ".." {
		// set -p (privileged) makes bash's cd ignore CDPATH
		if cp := r.lookup("CDPATH"); cp != nil && cp.set && cp.value() != "" && !r.opts.on(optPrivileged) {
			for _, base := range strings.Split(cp.value(), ":") {
				cand := dir
				if base != "" {
					// sh_makepath's MP_DOTILDE: an element may start with ~
					cand = strings.TrimSuffix(r.tildePath(base), "/") + "/" + dir
				}
				if fi, err := os.Stat(r.absPath(cand)); err == nil && fi.IsDir() {
					target = cand
					if base != "" {
						printDir = true
						if physical {
							shown = &cand
						}
					}
					break
				}
			}
		}
	}
	if target == "" {
		target = dir
	}
	st, msg := r.changeTo(name, target, physical, eflag, printDir, shown)
	if msg == "" {
		return st
	}
	if cdVars && validName(dir) {
		if v := r.lookup(r.resolveRef(dir)); v != nil && v.set {
			if val, ok := cdVarValue(v); ok {
				// bash prints the variable's value and, when that
				// fails too, its error under the name given
				if st, msg = r.changeTo(name, val, physical, eflag, false, nil); msg == "" {
					if st != 0 {
						return st
					}
					return r.write(name, val+"\n")
				}
			}
		}
	}
	if spell {
		// bash prints the corrected name once it is there
		if fixed := r.cdSpell(dir); fixed != "" {
			if st, m := r.changeTo(name, fixed, physical, eflag, false, nil); m == "" {
				if st != 0 {
					return st
				}
				return r.write(name, fixed+"\n")
			}
		}
	}
	r.bErr(name, "%s: %s", r.q().filename(dir), msg)
	return 1
}

// cdVarValue is bash's get_string_value for cdable_vars: an array gives
// its element 0, which it may lack.
func cdVarValue(v *variable) (string, bool) {
	switch v.kind {
	case kIndexed:
		return v.arr.get(0)
	case kAssoc:
		s, ok := v.assoc.m["0"]
		return s, ok
	}
	return v.str, true
}

// changeTo is bash's change_to_directory and bindpwd for cd: a failure
// comes back as the text of its error (msg), for the caller to report
// under the name the user gave.
func (r *Runner) changeTo(name, target string, physical, eflag, printDir bool, shown *string) (st int, msg string) {
	// newDir is the directory's name; via, when set, the path that
	// reaches it from where the runner really is (cdRenamed), which
	// works where the name does not lead (a directory above it
	// renamed, or one that cannot be searched)
	var newDir, via string
	if !physical {
		c, err := canonCheck(r.namePath(target))
		switch {
		case err == nil:
			newDir = c
		case r.opts.on(optPosix):
			// a POSIX shell does not fall back to the physical path
			// (bash's change_to_directory: errno other than ENOENT
			// becomes ENOTDIR)
			if !errors.Is(err, syscall.ENOENT) {
				err = syscall.ENOTDIR
			}
			return 1, pathErrMsg(err)
		default:
			// bash chdirs to the path as written: the kernel resolves
			// its symbolic links and dot-dots. When the directory the
			// shell is in no longer has its path (removed, renamed),
			// bash's last try, chdir to the relative name, starts
			// from where the process is, which nash cannot follow:
			// the textual result stands for it
			c := cleanLogical(r.namePath(target))
			if d, lerr, ok := r.cdRenamed(target); ok {
				if lerr != nil {
					// bash reports the logical path's error (cd to a
					// file there: "No such file or directory")
					return 1, pathErrMsg(err)
				}
				newDir, via = d, r.absPath(target)
			} else if _, err := os.Stat(r.dir); err != nil && isDirErr(c) == nil {
				newDir = c
			} else {
				physical = true
			}
		}
	}
	renamed := false
	if physical {
		// bash's cd -P chdirs to the name as written
		var lerr error
		if newDir, lerr, renamed = r.cdRenamed(target); lerr != nil {
			return 1, pathErrMsg(lerr)
		}
		if renamed {
			via = r.absPath(target)
		}
	}
	if physical && !renamed {
		p, err := physPath(r.namePath(target))
		if err == nil {
			// EvalSymlinks drops "x/.." without checking that x is
			// a directory, as chdir(2) does
			_, err = os.Stat(r.namePath(target))
		}
		if target == "" {
			err = syscall.ENOENT // chdir("") fails; only the logical path makes "" the cwd
		}
		if err != nil && r.deletedCwd(target) {
			// chdir(".") still succeeds in a removed directory, but
			// getcwd then fails: bash reports it, keeps its idea of the
			// directory, and cd -e fails.
			r.getcwdError(name)
			// bash's change_to_directory then names it as it made
			// the path absolute, uncanonicalised (d/. for cd .)
			if st := r.chdir(makeAbsolute(target, r.dir), printDir); st != 0 || !eflag {
				return st, ""
			}
			return 1, ""
		}
		if err != nil {
			return 1, pathErrMsg(err)
		}
		newDir = p
	}
	at := newDir
	if via != "" {
		at = via
	}
	fi, err := os.Stat(at)
	if err != nil {
		// logical failed: bash retries physically
		if p, err2 := filepath.EvalSymlinks(r.namePath(target)); err2 == nil {
			if fi2, err3 := os.Stat(p); err3 == nil && fi2.IsDir() {
				newDir, at, fi, err = p, p, fi2, nil
			}
		}
		if err != nil {
			return 1, pathErrMsg(err)
		}
	}
	if !fi.IsDir() {
		return 1, "Not a directory"
	}
	if err := accessDir(at); err != nil {
		return 1, pathErrMsg(err)
	}
	show := newDir
	if printDir && shown != nil {
		show = *shown
	}
	return r.chdirVia(newDir, at, printDir, show), ""
}

// cdRenamed is bash's chdir to a relative name as written once the
// name of the shell's directory no longer leads there (it, or one above
// it, was renamed): the name is followed from where the shell really
// is, and the directory reached is named by its path (getcwd, as
// bash's resetpwd asks). ok is false when the runner's name still
// works, the target is absolute, or the directory was removed: the
// other rules cover those.
func (r *Runner) cdRenamed(target string) (dir string, err error, ok bool) {
	if strings.HasPrefix(target, "/") || r.liveDir() == r.dir {
		return "", nil, false
	}
	if _, live := r.handlePath(); !live {
		return "", nil, false
	}
	p, named, err := reachDir(r.absPath(target))
	switch {
	case err != nil:
		return "", err, true
	case !named:
		return "", syscall.ENOENT, true
	}
	return p, nil, true
}

// cdFromLost is cd to a relative dir from a directory that has no path:
// bash chdirs to it as written, from where the process is. The kernel
// resolves it through the directory's handle; PWD gets the resulting
// path (bash's is the relative name itself, canonicalised).
func (r *Runner) cdFromLost(name, dir string, print bool) int {
	p, named, err := reachDir(r.spawnDir() + "/" + dir)
	if err != nil {
		r.bErr(name, "%s: %s", r.q().filename(dir), pathErrMsg(err))
		return 1
	}
	if !named {
		// still nowhere with a name (cd . in a removed directory):
		// PWD takes the name as written, canonicalised
		st := 0
		if !r.bindOldPwd() {
			st = 1
		}
		if err := r.setScalar("PWD", filepath.Clean(dir), false); err != nil {
			r.assignResultErr("cd", err)
			return 1
		}
		// and the shell's own name for its directory is that
		r.cwdName = filepath.Clean(dir)
		if print {
			if ws := r.write(name, filepath.Clean(dir)+"\n"); ws != 0 {
				return ws
			}
		}
		return st
	}
	return r.chdir(p, print)
}

// bindOldPwd gives OLDPWD the value of PWD, as bash's bindpwd does
// whatever the directory was: with PWD unset, OLDPWD is left unset too
// (bound to no value, keeping its attributes). A readonly OLDPWD is
// reported as an assignment error and fails the cd (false).
func (r *Runner) bindOldPwd() bool {
	if v := r.lookup("PWD"); v != nil && v.set {
		if err := r.setScalar("OLDPWD", v.value(), false); err != nil {
			r.assignResultErr("cd", err)
			return false
		}
		return true
	}
	if o := r.vars.get("OLDPWD"); o != nil && o.attrs&aReadonly != 0 {
		r.errorf("%s", readonlyErr("OLDPWD").Error())
		return false
	}
	o := r.vars.own("OLDPWD") // (marks the environment stale if exported)
	o.set, o.str = false, ""
	return true
}

// chdir moves the runner (never the process) to dir, updating PWD and
// OLDPWD; print: say the directory on stdout (cd -).
func (r *Runner) chdir(dir string, print bool) int {
	return r.chdirVia(dir, dir, print, dir)
}

// chdirVia is chdir reaching dir through the path via (dir itself, or
// one from where the runner really is: see changeTo) and printing shown
// when print is set, as bash's cd_builtin does between
// change_to_directory and bindpwd: the line is printed even when
// setting OLDPWD or PWD then fails.
func (r *Runner) chdirVia(dir, via string, print bool, shown string) int {
	from := r.dir
	if h := openDirHandle(via); h != nil || cleanLogical(dir) != cleanLogical(from) {
		if r.dirOwned && r.dirHandle != nil {
			r.dirHandle.Close()
		}
		r.dirHandle, r.dirOwned, r.inCwd = h, true, false
	}
	// (else the directory is the one the shell is in, whose path was
	// removed, cd . there: its handle is still the way to it)
	r.dir, r.cwdLost, r.cwdName = dir, false, ""
	ws := 0
	if print {
		ws = r.write("cd", shown+"\n")
	}
	st := 0
	if !r.bindOldPwd() {
		if r.flow != flowNone {
			return 1 // an integer OLDPWD's error: PWD is not set either
		}
		st = 1
	}
	if err := r.setScalar("PWD", dir, false); err != nil {
		// bash's bind_variable says it; an integer PWD's arithmetic
		// error is worded as cd's and abandons the command line
		r.assignResultErr("cd", err)
		return 1
	}
	r.gateState(&StateInfo{Op: "cd", From: from, To: dir})
	if ws != 0 {
		return ws
	}
	return st
}

// makeAbsolute is bash's make_absolute: dir joined to the directory
// the shell is in, not canonicalised.
func makeAbsolute(dir, cwd string) string {
	if strings.HasPrefix(dir, "/") {
		return dir
	}
	return strings.TrimSuffix(cwd, "/") + "/" + dir
}

// cleanLogical canonicalises a path textually, as cd -L does.
func cleanLogical(p string) string {
	c := filepath.Clean(p)
	if strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///") {
		return "/" + c
	}
	return c
}

// canonCheck canonicalises a path textually, as cd -L does, checking as
// bash's sh_canonpath (PATH_CHECKEXISTS|PATH_CHECKDOTDOT) that each
// directory it goes through, and the result, is an existing directory.
func canonCheck(p string) (string, error) {
	c := cleanLogical(p)
	// walk p's components: a ".." must follow a directory, and so must
	// every real element
	cur := "/"
	for _, el := range strings.Split(p, "/") {
		switch el {
		case "", ".":
			continue
		case "..":
			if err := isDirErr(cur); err != nil {
				return "", err
			}
			cur = filepath.Dir(cur)
			continue
		}
		cur = filepath.Join(cur, el)
		if err := isDirErr(cur); err != nil {
			return "", err
		}
	}
	return c, nil
}

// isDirErr is nil when p is an existing directory, else stat's error or
// ENOTDIR.
func isDirErr(p string) error {
	fi, err := os.Stat(p)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return syscall.ENOTDIR
	}
	return nil
}

// deletedCwd reports whether cd's target names the runner's directory
// itself and that directory no longer exists.
func (r *Runner) deletedCwd(target string) bool {
	if cleanLogical(r.namePath(target)) != cleanLogical(r.dir) {
		return false
	}
	_, err := os.Stat(r.dir)
	return os.IsNotExist(err)
}

// getcwdError prints bash's get_working_directory failure, without the
// script and line prefix.
func (r *Runner) getcwdError(who string) {
	r.errw().Write([]byte(getcwdErrText(who) + "\n"))
}

// getcwdErrText is get_working_directory's complaint for who.
func getcwdErrText(who string) string {
	return who + ": error retrieving current directory: getcwd: cannot access parent directories: No such file or directory"
}

// accessDir reports why the process could not make d its working
// directory, as chdir(2) checks it: search (execute) permission for the
// effective ids. Reading it is not needed: bash goes into a directory
// of mode 711 (a home directory) or 111.
func accessDir(d string) error {
	const atFdcwd, xOK, atEaccess = -100, 1, 0x200
	return syscall.Faccessat(atFdcwd, d, xOK, atEaccess)
}

// pushd/popd/dirs

func (r *Runner) tildeShort(d string) string {
	if h := r.lookup("HOME"); h != nil && h.set && h.value() != "" && h.value() != "/" {
		hv := h.value()
		if d == hv {
			return "~"
		}
		if strings.HasPrefix(d, hv+"/") {
			return "~" + d[len(hv):]
		}
	}
	return d
}

// workingDir is bash's get_working_directory as the directory stack
// uses it: with set -P (physical) the shell forgets its logical idea of
// where it is and takes the physical path (getcwd), for good.
func (r *Runner) workingDir() string {
	if r.opts.on(optPhysical) && !r.cwdLost {
		if p, err := physPath(r.dir); err == nil {
			if doubleSlash(p) {
				p = p[1:] // getcwd's path has no "//"
			}
			r.dir = p
		}
	}
	return r.dir
}

func (r *Runner) dirStackRev() []string {
	out := make([]string, len(r.dirStack))
	for i := range r.dirStack {
		out[i] = r.dirStack[len(r.dirStack)-1-i]
	}
	return out
}

// printDirs prints the stack as dirs with no arguments does, after a
// pushd or popd that succeeded.
func (r *Runner) printDirs(name string) int {
	parts := append([]string{r.dir}, r.dirStackRev()...)
	for i, p := range parts {
		parts[i] = r.tildeShort(p)
	}
	return r.write(name, strings.Join(parts, " ")+"\n")
}

// isOpt reports whether w is exactly the option -c.
func isOpt(w string, c byte) bool { return len(w) == 2 && w[0] == '-' && w[1] == c }

// dirsUsageErr reports a bad +N/-N or option word and bash's usage line.
func (r *Runner) dirsUsageErr(name, w string, number bool) int {
	if number {
		r.bErr(name, "%s: invalid number", w)
	} else {
		r.bErr(name, "%s: invalid option", w)
	}
	r.builtinUsage(name)
	return 2
}

// dirsRangeErr is bash's pushd_error: an empty stack, or an index out of
// range.
func (r *Runner) dirsRangeErr(name, w string) int {
	if len(r.dirStack) == 0 {
		r.bErr(name, "directory stack empty")
	} else {
		r.bErr(name, "%s: directory stack index out of range", w)
	}
	return 1
}

// The stack is r.dirStack with its top (dirs entry 1) last; entry 0 is the
// current directory.

func biDirs(r *Runner, args []string) int {
	r.workingDir()
	long, clear, vflag := false, false, 0
	idx, indexed, w := -1, false, ""
	n := len(r.dirStack)
	for _, a := range args[1:] {
		switch {
		case isOpt(a, 'l'):
			long = true
		case isOpt(a, 'c'):
			clear = true
		case isOpt(a, 'v'):
			vflag |= 2
		case isOpt(a, 'p'):
			vflag |= 1
		case a == "--":
		case a != "" && (a[0] == '+' || a[0] == '-'):
			w = a[1:]
			num, ok := legalNumber(w)
			if !ok {
				return r.dirsUsageErr("dirs", a, true)
			}
			indexed = true
			// idx counts from the bottom of the stack, n meaning the
			// current directory.
			switch {
			case num == 0 && a[0] == '+':
				idx = n
			case num == int64(n):
				if a[0] == '+' {
					idx = 0
				} else {
					idx = n
				}
			case num >= 0 && num <= int64(n):
				if a[0] == '+' {
					idx = n - int(num)
				} else {
					idx = int(num)
				}
			default:
				idx = -1
			}
		default:
			return r.dirsUsageErr("dirs", a, false)
		}
		if a == "--" {
			break
		}
	}
	if clear {
		r.dirStack = nil
		return 0
	}
	if indexed && idx < 0 {
		return r.dirsRangeErr("dirs", w)
	}
	format := func(d string) string {
		if long {
			return d
		}
		return r.tildeShort(d)
	}
	var sb strings.Builder
	if indexed {
		d, pos := r.dir, 0
		if idx < n {
			d, pos = r.dirStack[idx], n-idx
		}
		if vflag&2 != 0 {
			sb.WriteString(padLeft(itoa(int64(pos)), 2) + "  ")
		}
		sb.WriteString(format(d) + "\n")
		return r.write("dirs", sb.String())
	}
	if vflag&2 != 0 {
		sb.WriteString(" 0  ")
	}
	sb.WriteString(format(r.dir))
	for i := n - 1; i >= 0; i-- {
		switch {
		case vflag >= 2:
			sb.WriteString("\n" + padLeft(itoa(int64(n-i)), 2) + "  " + format(r.dirStack[i]))
		case vflag&1 != 0:
			sb.WriteString("\n" + format(r.dirStack[i]))
		default:
			sb.WriteString(" " + format(r.dirStack[i]))
		}
	}
	sb.WriteString("\n")
	return r.write("dirs", sb.String())
}

func padLeft(s string, n int) string {
	for len(s) < n {
		s = " " + s
	}
	return s
}

// cdThen changes to dir as pushd and popd do (cd -- dir, errors named by
// the builtin) and prints the stack when that succeeds.
func (r *Runner) cdThen(name, dir string) int {
	if st := r.cdAs(name, []string{name, "--", dir}); st != 0 {
		return st
	}
	return r.printDirs(name)
}

func biPushd(r *Runner, args []string) int {
	r.workingDir()
	words := args[1:]
	skipopt := len(words) > 0 && words[0] == "--"
	if skipopt {
		words = words[1:]
	}
	n := len(r.dirStack)
	if len(words) == 0 {
		if n == 0 {
			r.bErr("pushd", "no other directory")
			return 1
		}
		top := r.dirStack[n-1]
		r.dirStack[n-1] = r.dir
		return r.cdThen("pushd", top)
	}
	nocd, rotate, num := false, false, int64(0)
	for !skipopt && len(words) > 0 {
		a := words[0]
		if isOpt(a, 'n') {
			nocd = true
		} else if a == "--" {
			words = words[1:]
			break
		} else if a == "-" || a == "" {
			break
		} else if a[0] == '+' || a[0] == '-' {
			v, ok := legalNumber(a[1:])
			if !ok {
				return r.dirsUsageErr("pushd", a, true)
			}
			if a[0] == '-' {
				v = int64(n) - v
			}
			if v > int64(n) || v < 0 {
				return r.dirsRangeErr("pushd", a)
			}
			num, rotate = v, true
		} else {
			break
		}
		words = words[1:]
	}
	if rotate {
		// The current directory takes part in the rotation, as the
		// bottom of the stack below its top.
		temp := r.dir
		for ; num > 0; num-- {
			top := r.dirStack[n-1]
			copy(r.dirStack[1:], r.dirStack[:n-1])
			r.dirStack[0] = temp
			temp = top
		}
		if nocd {
			return 0
		}
		return r.cdThen("pushd", temp)
	}
	if len(words) == 0 {
		return 0
	}
	entry := r.dir
	if nocd {
		entry = words[0]
	} else {
		cdArgs := append([]string{"pushd"}, words...)
		if skipopt {
			cdArgs = append([]string{"pushd", "--"}, words...)
		}
		if st := r.cdAs("pushd", cdArgs); st != 0 {
			return 1
		}
	}
	r.dirStack = append(r.dirStack, entry)
	r.printDirs("pushd")
	return 0
}

func biPopd(r *Runner, args []string) int {
	r.workingDir()
	nocd, which, dir, whichWord := false, int64(0), byte('+'), ""
	for _, a := range args[1:] {
		if isOpt(a, 'n') {
			nocd = true
		} else if a == "--" {
			break
		} else if a != "" && (a[0] == '+' || a[0] == '-') {
			dir = a[0]
			v, ok := legalNumber(a[1:])
			if !ok {
				return r.dirsUsageErr("popd", a, true)
			}
			which, whichWord = v, a
		} else if a != "" {
			r.bErr("popd", "%s: invalid argument", a)
			r.builtinUsage("popd")
			return 2
		} else {
			break
		}
	}
	n := int64(len(r.dirStack))
	if which > n || which < -n || (n == 0 && which == 0) {
		return r.dirsRangeErr("popd", whichWord)
	}
	if (dir == '+' && which == 0) || (dir == '-' && which == n) {
		if !nocd {
			if st := r.cdAs("popd", []string{"popd", "--", r.dirStack[n-1]}); st != 0 {
				return st
			}
		}
		r.dirStack = r.dirStack[:n-1]
	} else {
		i := which
		if dir == '+' {
			i = n - which
		}
		if i < 0 || i >= n {
			return r.dirsRangeErr("popd", whichWord)
		}
		r.dirStack = append(r.dirStack[:i], r.dirStack[i+1:]...)
	}
	return r.printDirs("popd")
}

// tildeDirStack is the directory ~N, ~+N or ~-N names in the stack dirs
// prints (bash's get_dirstack_from_string): ~N and ~+N count from the
// current directory (the value of PWD), ~-N from the bottom. ok is false
// for a prefix that is no such number or is out of range, which then
// stays as written.
func (r *Runner) tildeDirStack(s string) (string, bool) {
	fromBottom := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		fromBottom = s[0] == '-'
		s = s[1:]
	}
	if s == "" || s[0] < '0' || s[0] > '9' {
		return "", false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > int64(len(r.dirStack)) {
		return "", false
	}
	// the entries bash keeps in pushd_directory_list: r.dirStack[0] is
	// the bottom; position len(r.dirStack) stands for the current one
	pos := len(r.dirStack) - int(n)
	if fromBottom {
		pos = int(n)
	}
	if pos == len(r.dirStack) {
		v := r.lookup("PWD")
		return v.value(), v.isSetScalar()
	}
	return r.dirStack[pos], true
}

// autocd reports whether a command name that found no builtin or
// function changes directory instead (shopt autocd, bash's is_dirname):
// in an interactive shell, not a subshell, when the program PATH finds
// for it (path), or else the name itself, is a directory.
func (r *Runner) autocd(name, path string) bool {
	if !r.opts.sh(shAutocd) || !r.isInteractive() || r.isSub || name == "" {
		return false
	}
	if path == "" {
		path = name
	}
	fi, err := os.Stat(r.absPath(path))
	return err == nil && fi.IsDir()
}
