module nash

go 1.26.0

require (
	github.com/creack/pty v1.1.24 // indirect
	github.com/klauspost/cpuid/v2 v2.0.9 // indirect
	github.com/mattn/go-sqlite3 v1.14.53 // indirect
	lukechampine.com/blake3 v1.4.1 // indirect
	mvdan.cc/sh/v3 v3.14.1 // indirect
)
