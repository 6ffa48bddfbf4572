//go:build linux && (amd64 || arm64)

package entrysig

// entry is the process entry point when the binary is linked with
// -E=nash/internal/entrysig.entry (entry_linux_*.s); nothing calls it.
func entry()
