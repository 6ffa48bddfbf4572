//go:build !linux

package runner

import (
	"errors"
	"io/fs"
	"syscall"
)

type procInfo struct {
	pid, ppid, pgrp, sid int
	state                byte
}

func setSubreaper() error                   { return errors.New("child subreaper: not supported on this OS") }
func readStat(pid int) (procInfo, error)    { return procInfo{}, errors.ErrUnsupported }
func ownChildren() []int                    { return nil }
func allPids() []int                        { return nil }
func hasMarker(pid int, marker []byte) bool { return false }
func reapPid(pid int) bool                  { return false }
func groupAlive(pgid int) bool              { return pgid > 0 && syscall.Kill(-pgid, 0) != syscall.ESRCH }

// statExtra is not implemented here: scans compare size and mtime only.
func statExtra(fs.FileInfo) (int64, uint64) { return 0, 0 }
