#include "textflag.h"

// POPULATE maps [start, end) in: SYS_madvise(start, end-start,
// MADV_POPULATE_READ); start is page-aligned.
#define POPULATE(start, end) \
	MOVQ	$28, AX; \
	LEAQ	start(SB), DI; \
	LEAQ	end(SB), SI; \
	SUBQ	DI, SI; \
	MOVQ	$22, DX; \
	SYSCALL

// entry is the process entry point when linked with -E. A fast exec
// stage (internal/execstage's fast.go gives the layout) is run here, with
// raw system calls, so that it costs no Go runtime start; when the
// program cannot be executed, the process goes on into the runtime as
// the stage's Go initialiser, which reports why. Otherwise, for every
// signal 1..64 it calls rt_sigaction(sig, NULL, &acts[sig], 8), notes
// which of fds 0 to 2 are closed (closedFds), maps
// the text and read-only data in and turns memory profiling off (see the
// package doc), then marks the record complete and jumps to the
// runtime's entry. It uses
// neither the stack nor the registers the runtime's entry reads (SP
// points at argc, then argv, a NULL, envp and a NULL).
TEXT ·entry(SB),NOSPLIT|NOFRAME,$0
	MOVQ	0(SP), R8	// argc
	CMPQ	R8, $7
	JLT	capture
	MOVQ	8(SP), SI	// argv[0] must be the stage's name
	LEAQ	·fastName(SB), DI
name:
	MOVBLZX	(SI), AX
	MOVBLZX	(DI), BX
	CMPL	AX, BX
	JNE	capture
	INCQ	SI
	INCQ	DI
	TESTL	AX, AX
	JNE	name
	LEAQ	16(SP)(R8*8), R8	// envp
	MOVQ	R8, R9
	MOVQ	(R9), AX
	TESTQ	AX, AX
	JEQ	capture
envend:
	MOVQ	8(R9), AX
	TESTQ	AX, AX
	JEQ	envlast
	ADDQ	$8, R9
	JMP	envend
envlast:
	MOVQ	(R9), SI	// the last entry must be the marker
	LEAQ	·fastMarker(SB), DI
marker:
	MOVBLZX	(SI), AX
	MOVBLZX	(DI), BX
	CMPL	AX, BX
	JNE	capture
	INCQ	SI
	INCQ	DI
	TESTL	AX, AX
	JNE	marker
	MOVQ	16(SP), SI	// argv[1]: the masks, hexadecimal
	XORQ	R12, R12
	XORQ	R15, R15
	MOVBLZX	(SI), AX
	TESTL	AX, AX
	JEQ	capture
hex:
	MOVBLZX	(SI), AX
	TESTL	AX, AX
	JEQ	hexdone
	CMPL	AX, $0x3a	// ':' ends the mask of signals to reset
	JEQ	colon
	CMPL	AX, $0x30	// '0'
	JLT	capture
	CMPL	AX, $0x39	// '9'
	JLE	digit
	CMPL	AX, $0x61	// 'a'
	JLT	capture
	CMPL	AX, $0x66	// 'f'
	JGT	capture
	SUBL	$0x57, AX	// 'a'-10
	JMP	addhex
digit:
	SUBL	$0x30, AX
addhex:
	SHLQ	$4, R12
	ORQ	AX, R12
	INCQ	SI
	JMP	hex
colon:
	MOVQ	R12, R15
	XORQ	R12, R12
	INCQ	SI
	JMP	hex
hexdone:
	MOVQ	24(SP), SI	// argv[2]: the descriptor, decimal
	XORQ	R13, R13
	MOVBLZX	(SI), AX
	TESTL	AX, AX
	JEQ	capture
dec:
	MOVBLZX	(SI), AX
	TESTL	AX, AX
	JEQ	decdone
	CMPL	AX, $0x30
	JLT	capture
	CMPL	AX, $0x39
	JGT	capture
	SUBL	$0x30, AX
	IMULQ	$10, R13
	ADDQ	AX, R13
	INCQ	SI
	JMP	dec
decdone:
	// parsed: now act. The marker leaves the environment for the
	// program (kept in R14 to be put back if the execve fails).
	MOVQ	(R9), R14
	MOVQ	$0, (R9)
	MOVQ	$1, BX
sigs:
	LEAQ	·dflAct(SB), SI	// a reset wins over an ignore
	TESTQ	$1, R15
	JNE	setsig
	LEAQ	·ignAct(SB), SI
	TESTQ	$1, R12
	JEQ	nextsig
setsig:
	MOVQ	$13, AX		// SYS_rt_sigaction(sig, SI, NULL, 8)
	MOVQ	BX, DI
	XORQ	DX, DX
	MOVQ	$8, R10
	SYSCALL
nextsig:
	SHRQ	$1, R12
	SHRQ	$1, R15
	INCQ	BX
	CMPQ	BX, $65
	JLT	sigs
	MOVQ	$72, AX		// SYS_fcntl(fd, F_SETFD, FD_CLOEXEC)
	MOVQ	R13, DI
	MOVQ	$2, SI
	MOVQ	$1, DX
	SYSCALL
	MOVQ	$59, AX		// SYS_execve(argv[5], &argv[6], envp)
	MOVQ	48(SP), DI
	LEAQ	56(SP), SI
	MOVQ	R8, DX
	SYSCALL
	MOVQ	R14, (R9)	// failed: the Go initialiser reports it
capture:
	MOVQ	$1, R12
	LEAQ	·acts(SB), R13
loop:
	MOVQ	$13, AX		// SYS_rt_sigaction
	MOVQ	R12, DI
	XORQ	SI, SI
	MOVQ	R12, DX
	SHLQ	$5, DX		// 32 bytes per struct sigaction
	ADDQ	R13, DX
	MOVQ	$8, R10
	SYSCALL
	INCQ	R12
	CMPQ	R12, $65
	JLT	loop
	// which of the standard descriptors are closed: the runtime opens
	// /dev/null on those before any Go code runs
	MOVQ	$72, AX		// SYS_fcntl(0, F_GETFD, 0): -EBADF when closed
	MOVQ	$0, DI
	MOVQ	$1, SI
	XORQ	DX, DX
	SYSCALL
	CMPQ	AX, $-9
	JNE	fd1
	ORQ	$1, ·closedFds(SB)
fd1:
	MOVQ	$72, AX
	MOVQ	$1, DI
	MOVQ	$1, SI
	XORQ	DX, DX
	SYSCALL
	CMPQ	AX, $-9
	JNE	fd2
	ORQ	$2, ·closedFds(SB)
fd2:
	MOVQ	$72, AX
	MOVQ	$2, DI
	MOVQ	$1, SI
	XORQ	DX, DX
	SYSCALL
	CMPQ	AX, $-9
	JNE	fdsdone
	ORQ	$4, ·closedFds(SB)
fdsdone:
	POPULATE(runtime·text, runtime·etext)
	POPULATE(runtime·rodata, runtime·erodata)
	MOVQ	·memProfileRate(SB), AX
	MOVQ	$0, (AX)
	MOVQ	$1, ·captured(SB)
	JMP	_rt0_amd64_linux(SB)

// the fast stage's name and marker, NUL-terminated (execstage's fastName
// and fastMarker), and the structs sigaction that ignore and that give
// the default action
DATA	·fastName+0(SB)/8, $"nash-fas"
DATA	·fastName+8(SB)/7, $"t-stage"
GLOBL	·fastName(SB), RODATA, $16
DATA	·fastMarker+0(SB)/8, $"NUCLEIC_"
DATA	·fastMarker+8(SB)/8, $"NASH_EXE"
DATA	·fastMarker+16(SB)/8, $"C_STAGE="
DATA	·fastMarker+24(SB)/1, $"2"
GLOBL	·fastMarker(SB), RODATA, $32
DATA	·ignAct+0(SB)/8, $1
GLOBL	·ignAct(SB), RODATA, $32
GLOBL	·dflAct(SB), NOPTR, $32
