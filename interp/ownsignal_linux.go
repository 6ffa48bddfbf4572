package interp

import (
	"runtime"
	"syscall"
	"unsafe"
)

// takeOwnSignal makes a signal that kill or suspend sent to a target
// holding this process act on it before the builtin returns, as in bash,
// whose one thread meets the signal on its way back from kill(2). Sent to
// the process or its group, a signal waits in the thread group's queue
// for a thread the kernel wakes for it; among the runtime's threads it
// could stay pending while the shell ran on, even to its exit (the
// kernel's signal trace events showed a SIGSTOP generated, never
// delivered, then the exit_group: suspend -f ran past its stop in about
// one run in three; under load an untrapped kill -INT $$ let the script
// go on). A change of the calling thread's signal mask makes the kernel
// recompute that thread's pending flag from the group's queue too, so it
// takes the signal as the system call returns.
func takeOwnSignal() {
	set := uint64(1) << (syscall.SIGWINCH - 1)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	sigprocmask(sigBlock, &set)
	sigprocmask(sigUnblock, &set)
}

const (
	sigBlock   = 0 // SIG_BLOCK
	sigUnblock = 1 // SIG_UNBLOCK
)

func sigprocmask(how int, set *uint64) {
	syscall.RawSyscall6(syscall.SYS_RT_SIGPROCMASK, uintptr(how), uintptr(unsafe.Pointer(set)), 0, 8, 0, 0)
}

// holdsSelf reports whether kill(2)'s target names this process: its pid,
// 0 (its process group), or its group negated. (-1 skips the caller.)
func holdsSelf(target int) bool {
	return target == 0 || target == syscall.Getpid() || target == -syscall.Getpgrp()
}
