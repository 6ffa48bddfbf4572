module nash

go 1.26.0

require (
	github.com/creack/pty v1.1.24
	github.com/mattn/go-sqlite3 v1.14.53
	lukechampine.com/blake3 v1.4.1
	mvdan.cc/sh/v3 v3.14.1
)

require github.com/klauspost/cpuid/v2 v2.0.9 // indirect
