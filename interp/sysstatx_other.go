//go:build !amd64 && !arm64

package interp

// sysStatx is statx(2)'s system call number where known: elsewhere
// fdTypeSize uses fstat.
const sysStatx = 0
