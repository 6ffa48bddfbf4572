package interp

import (
	"bytes"
	"syscall"
)

// rawDirNames lists a directory's entries in the order getdents returns
// them, . and .. included where the file system puts them: readdir's
// order, which bash's file name completion keeps (Go's Readdirnames
// drops . and ..).
func rawDirNames(path string) ([]string, error) {
	f, err := openRaw(path, syscall.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var names []string
	buf := make([]byte, 32<<10)
	for {
		n, err := syscall.Getdents(int(f.Fd()), buf)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return names, err
		}
		if n <= 0 {
			return names, nil
		}
		// struct linux_dirent64: ino 8, off 8, reclen 2, type 1, name
		for b := buf[:n]; len(b) >= 19; {
			reclen := int(b[16]) | int(b[17])<<8
			if reclen < 19 || reclen > len(b) {
				break
			}
			name := b[19:reclen]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			names = append(names, string(name))
			b = b[reclen:]
		}
	}
}
