//go:build !linux || !(amd64 || arm64)

package entrysig

// Reinstate does nothing where no dispositions are recorded.
func Reinstate() (undo func()) { return func() {} }

// CloseStdForExec does nothing where nothing is recorded.
func CloseStdForExec() (undo func()) { return func() {} }
