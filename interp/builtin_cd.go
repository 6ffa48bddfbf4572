package interp

import (
	"os"
	"path/filepath"
	"strings"
)

func filepathEval(p string) (string, error) { return filepath.EvalSymlinks(p) }

// biCd implements cd with -L, -P, -e, CDPATH and cd -.
func biCd(r *Runner, args []string) int {
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
		ok := true
		for _, c := range a[1:] {
			switch c {
			case 'L':
				physical = false
			case 'P':
				physical = true
			case 'e':
				eflag = true
			case '@':
			default:
				ok = false
			}
		}
		if !ok {
			r.bErr("cd", "%s: invalid option", a)
			r.errw().Write([]byte("cd: usage: cd [-L|[-P [-e]] [-@]] [dir]\n"))
			return 2
		}
	}
	_ = eflag
	rest := args[i:]
	if len(rest) > 1 {
		r.bErr("cd", "too many arguments")
		return 1
	}
	var dir string
	printDir := false
	if len(rest) == 0 {
		h := r.lookup("HOME")
		if h == nil || !h.set {
			r.bErr("cd", "HOME not set")
			return 1
		}
		dir = h.value()
		if dir == "" {
			return 0
		}
	} else {
		dir = rest[0]
		if dir == "-" {
			o := r.lookup("OLDPWD")
			if o == nil || !o.set {
				r.bErr("cd", "OLDPWD not set")
				return 1
			}
			dir = o.value()
			printDir = true
		}
	}
	if dir == "" {
		return 0
	}
	target := ""
	if !strings.HasPrefix(dir, "/") && !strings.HasPrefix(dir, "./") && !strings.HasPrefix(dir, "../") && dir != "." && dir != ".." {
		if cp := r.lookup("CDPATH"); cp != nil && cp.set && cp.value() != "" {
			for _, base := range strings.Split(cp.value(), ":") {
				cand := dir
				if base != "" {
					cand = strings.TrimSuffix(base, "/") + "/" + dir
				}
				if fi, err := os.Stat(r.absPath(cand)); err == nil && fi.IsDir() {
					target = cand
					if base != "" {
						printDir = true
					}
					break
				}
			}
		}
	}
	if target == "" {
		target = dir
	}
	var newDir string
	if physical {
		p, err := filepath.EvalSymlinks(r.absPath(target))
		if err != nil {
			r.bErr("cd", "%s: %s", dir, pathErrMsg(err))
			return 1
		}
		newDir = p
	} else {
		newDir = cleanLogical(r.absPath(target))
	}
	fi, err := os.Stat(newDir)
	if err != nil {
		// logical failed: bash retries physically
		if p, err2 := filepath.EvalSymlinks(r.absPath(target)); err2 == nil {
			if fi2, err3 := os.Stat(p); err3 == nil && fi2.IsDir() {
				newDir, fi, err = p, fi2, nil
			}
		}
		if err != nil {
			r.bErr("cd", "%s: %s", dir, pathErrMsg(err))
			return 1
		}
	}
	if !fi.IsDir() {
		r.bErr("cd", "%s: Not a directory", dir)
		return 1
	}
	if err := accessDir(newDir); err != nil {
		r.bErr("cd", "%s: %s", dir, pathErrMsg(err))
		return 1
	}
	return r.chdir(newDir, printDir)
}

// chdir moves the runner (never the process) to dir, updating PWD and
// OLDPWD.
func (r *Runner) chdir(dir string, print bool) int {
	old := r.dir
	r.dir = dir
	if err := r.setScalar("OLDPWD", old, false); err != nil {
		r.bErr("cd", "%s", err.Error())
	}
	if err := r.setScalar("PWD", dir, false); err != nil {
		r.bErr("cd", "%s", err.Error())
		return 1
	}
	r.gateState(&StateInfo{Op: "cd", From: old, To: dir})
	if print {
		return r.write("cd", dir+"\n")
	}
	return 0
}

// cleanLogical canonicalises a path textually, as cd -L does.
func cleanLogical(p string) string {
	c := filepath.Clean(p)
	if strings.HasPrefix(p, "//") && !strings.HasPrefix(p, "///") {
		return "/" + c
	}
	return c
}

func accessDir(d string) error {
	f, err := os.Open(d)
	if err != nil {
		return err
	}
	f.Close()
	return nil
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

func (r *Runner) dirStackRev() []string {
	out := make([]string, len(r.dirStack))
	for i := range r.dirStack {
		out[i] = r.dirStack[len(r.dirStack)-1-i]
	}
	return out
}

func (r *Runner) printDirs(long bool) int {
	parts := []string{r.dir}
	parts = append(parts, r.dirStackRev()...)
	if !long {
		for i, p := range parts {
			parts[i] = r.tildeShort(p)
		}
	}
	return r.write("dirs", strings.Join(parts, " ")+"\n")
}

func biDirs(r *Runner, args []string) int {
	long := false
	for _, a := range args[1:] {
		switch a {
		case "-c":
			r.dirStack = nil
			return 0
		case "-l":
			long = true
		case "-p", "-v":
			parts := append([]string{r.dir}, r.dirStackRev()...)
			var sb strings.Builder
			for i, p := range parts {
				if !long {
					p = r.tildeShort(p)
				}
				if a == "-v" {
					sb.WriteString(padLeft(itoa(int64(i)), 2) + "  " + p + "\n")
				} else {
					sb.WriteString(p + "\n")
				}
			}
			return r.write("dirs", sb.String())
		}
	}
	return r.printDirs(long)
}

func padLeft(s string, n int) string {
	for len(s) < n {
		s = " " + s
	}
	return s
}

func biPushd(r *Runner, args []string) int {
	if len(args) < 2 {
		if len(r.dirStack) == 0 {
			r.bErr("pushd", "no other directory")
			return 1
		}
		top := r.dirStack[len(r.dirStack)-1]
		r.dirStack[len(r.dirStack)-1] = r.dir
		if st := biCd(r, []string{"cd", top}); st != 0 {
			return st
		}
		return r.printDirs(false)
	}
	old := r.dir
	if st := biCd(r, []string{"cd", args[1]}); st != 0 {
		return st
	}
	r.dirStack = append(r.dirStack, old)
	return r.printDirs(false)
}

func biPopd(r *Runner, args []string) int {
	if len(r.dirStack) == 0 {
		r.bErr("popd", "directory stack empty")
		return 1
	}
	top := r.dirStack[len(r.dirStack)-1]
	if st := biCd(r, []string{"cd", top}); st != 0 {
		return st
	}
	r.dirStack = r.dirStack[:len(r.dirStack)-1]
	return r.printDirs(false)
}
