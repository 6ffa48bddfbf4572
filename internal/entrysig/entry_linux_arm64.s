#include "textflag.h"

// POPULATE maps [start, end) in: SYS_madvise(start, end-start,
// MADV_POPULATE_READ); start is page-aligned.
#define POPULATE(start, end) \
	MOVD	$233, R8; \
	MOVD	$start(SB), R0; \
	MOVD	$end(SB), R1; \
	SUB	R0, R1, R1; \
	MOVD	$22, R2; \
	SVC

// entry is entry_linux_amd64.s's entry for arm64: it records every
// signal's disposition and the closed standard descriptors, maps the text and read-only data in, turns
// memory profiling off and jumps to the runtime's entry with RSP
// untouched.
TEXT ·entry(SB),NOSPLIT|NOFRAME,$0
	MOVD	$1, R9
	MOVD	$·acts(SB), R10
loop:
	MOVD	$134, R8	// SYS_rt_sigaction
	MOVD	R9, R0
	MOVD	$0, R1
	LSL	$5, R9, R2	// 32 bytes per struct sigaction
	ADD	R10, R2, R2
	MOVD	$8, R3
	SVC
	ADD	$1, R9, R9
	CMP	$65, R9
	BLT	loop
	// which of the standard descriptors are closed (as on amd64)
	MOVD	$0, R9
	MOVD	$0, R11
	MOVD	$1, R13
fds:
	MOVD	$25, R8	// SYS_fcntl(fd, F_GETFD, 0): -EBADF when closed
	MOVD	R9, R0
	MOVD	$1, R1
	MOVD	$0, R2
	SVC
	CMN	$9, R0
	BNE	fdnext
	ORR	R13, R11, R11
fdnext:
	LSL	$1, R13, R13
	ADD	$1, R9, R9
	CMP	$3, R9
	BLT	fds
	MOVD	$·closedFds(SB), R12
	MOVD	R11, (R12)
	POPULATE(runtime·text, runtime·etext)
	POPULATE(runtime·rodata, runtime·erodata)
	MOVD	·memProfileRate(SB), R11
	MOVD	ZR, (R11)
	MOVD	$1, R11
	MOVD	$·captured(SB), R12
	MOVD	R11, (R12)
	JMP	_rt0_arm64_linux(SB)
