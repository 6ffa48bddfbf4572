package interp

// sysStatx is statx(2)'s system call number (fdTypeSize).
const sysStatx = 291
