//go:build linux && (amd64 || arm64)

package entrysig

import "runtime"

// memProfileRate is &runtime.MemProfileRate, initialised statically so
// that entry can clear the rate before the runtime starts (the linker
// refuses a direct reference to another package's variable from
// assembly).
var memProfileRate = &runtime.MemProfileRate

// entry is the process entry point when the binary is linked with
// -E=nash/internal/entrysig.entry (entry_linux_*.s); nothing calls it.
func entry()
