//go:build linux

package runner

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER from <linux/prctl.h>.
const prSetChildSubreaper = 36

// setSubreaper marks the calling process a child subreaper, so orphaned
// descendants are reparented to it rather than to init. The attribute is
// process-wide and inherited by nothing (cleared in children on fork).
func setSubreaper() error {
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		return fmt.Errorf("prctl(PR_SET_CHILD_SUBREAPER): %w", e)
	}
	return nil
}

// procInfo is what the runner needs from /proc/PID/stat.
type procInfo struct {
	pid, ppid, pgrp, sid int
	state                byte
}

// readStat parses /proc/PID/stat. The command name may contain spaces and
// parentheses, so fields are taken after the last ')'.
func readStat(pid int) (procInfo, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procInfo{}, err
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return procInfo{}, fmt.Errorf("parse /proc/%d/stat: no comm", pid)
	}
	f := strings.Fields(string(b[i+2:]))
	if len(f) < 4 {
		return procInfo{}, fmt.Errorf("parse /proc/%d/stat: short", pid)
	}
	p := procInfo{pid: pid, state: f[0][0]}
	var errs [3]error
	p.ppid, errs[0] = strconv.Atoi(f[1])
	p.pgrp, errs[1] = strconv.Atoi(f[2])
	p.sid, errs[2] = strconv.Atoi(f[3])
	if err := errors.Join(errs[:]...); err != nil {
		return procInfo{}, fmt.Errorf("parse /proc/%d/stat: %w", pid, err)
	}
	return p, nil
}

// ownChildren lists the pids whose parent is a thread of this process,
// from /proc/self/task/*/children, or by scanning /proc when the kernel
// lacks CONFIG_PROC_CHILDREN.
func ownChildren() []int {
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	if len(tasks) == 0 {
		self := os.Getpid()
		var pids []int
		for _, pid := range allPids() {
			if p, err := readStat(pid); err == nil && p.ppid == self {
				pids = append(pids, pid)
			}
		}
		return pids
	}
	var pids []int
	for _, t := range tasks {
		b, err := os.ReadFile(t)
		if err != nil {
			continue
		}
		for _, s := range strings.Fields(string(b)) {
			if pid, err := strconv.Atoi(s); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	return pids
}

// allPids lists every pid under /proc.
func allPids() []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var pids []int
	for _, e := range ents {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// hasMarker reports whether the environment of pid holds the exact entry
// marker (e.g. "NUCLEIC_CALL_ID=c-…"). Unreadable environments (other
// users, zombies) report false.
func hasMarker(pid int, marker []byte) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/environ")
	if err != nil {
		return false
	}
	for len(b) > 0 {
		i := bytes.IndexByte(b, 0)
		var e []byte
		if i < 0 {
			e, b = b, nil
		} else {
			e, b = b[:i], b[i+1:]
		}
		if bytes.Equal(e, marker) {
			return true
		}
	}
	return false
}

// groupAlive reports whether process group pgid still has a member.
func groupAlive(pgid int) bool {
	return pgid > 0 && syscall.Kill(-pgid, 0) != syscall.ESRCH
}

// reapPid collects the exit status of the zombie child pid without
// blocking. It never waits on any other pid.
func reapPid(pid int) bool {
	var ws syscall.WaitStatus
	got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
	return err == nil && got == pid
}

// statExtra returns the change time (ns) and inode of fi, which let a scan
// tell a rewritten file from an untouched one without reading it.
func statExtra(fi fs.FileInfo) (ctime int64, ino uint64) {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ctim.Sec*1e9 + st.Ctim.Nsec, st.Ino
	}
	return 0, 0
}
