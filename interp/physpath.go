package interp

import (
	"errors"
	"os"
	"syscall"
)

// maxSymlinks bounds the links physPath follows, as bash's MAXSYMLINKS.
const maxSymlinks = 32

// doubleSlash reports whether p starts with exactly two slashes, the
// leading "//" POSIX leaves alone.
func doubleSlash(p string) bool {
	return len(p) >= 2 && p[0] == '/' && p[1] == '/' && (len(p) == 2 || p[2] != '/')
}

// physPath is bash's sh_physpath: the absolute path p with its symbolic
// links resolved and "." and ".." removed, used by cd -P and pwd -P. It
// differs from filepath.EvalSymlinks in keeping a leading "//" (unless
// an absolute link replaced the path's start) and in removing "x/.."
// textually once x is resolved, as bash does; an error comes from
// readlink on a component (ENOENT for a missing one).
func physPath(p string) (string, error) {
	work := p
	dbl := doubleSlash(work)
	base := 1
	if dbl {
		base = 2
	}
	if len(work) < base {
		return p, nil
	}
	res := []byte(work[:base])
	qbase, i, nlink := base, base, 0
	for i < len(work) {
		switch {
		case work[i] == '/':
			i++
		case work[i] == '.' && (i+1 == len(work) || work[i+1] == '/'):
			i++
		case work[i] == '.' && i+1 < len(work) && work[i+1] == '.' && (i+2 == len(work) || work[i+2] == '/'):
			i += 2
			// back to the last separator after the fixed start
			q := len(res)
			for q > qbase {
				q--
				if res[q] == '/' {
					break
				}
			}
			res = res[:q]
		default:
			save := len(res)
			if len(res) != qbase {
				res = append(res, '/')
			}
			for i < len(work) && work[i] != '/' {
				res = append(res, work[i])
				i++
			}
			link, err := os.Readlink(string(res))
			if err != nil {
				if errors.Is(err, syscall.EINVAL) {
					continue // not a link
				}
				return "", err
			}
			if nlink++; nlink > maxSymlinks {
				return "", syscall.ELOOP
			}
			work = link + work[i:]
			if len(link) > 0 && link[0] == '/' {
				dbl = doubleSlash(work)
				base = 1
				if dbl {
					base = 2
				}
				res = append(res[:0], work[:base]...)
				qbase, i = base, base
			} else {
				res, i = res[:save], 0
			}
		}
	}
	if doubleSlash(string(res)) && !dbl {
		// sanity check of bash's: a "//" the input did not have
		if len(res) == 2 {
			return "/", nil
		}
		return string(res[1:]), nil
	}
	return string(res), nil
}
