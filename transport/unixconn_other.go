//go:build !linux

package transport

import (
	"context"
	"time"

	"nash/internal/sockdial"
)

// dialUnix dials through sockdial where unixConn is not implemented.
func dialUnix(path string, deadline time.Time) (conn, error) {
	f, err := sockdial.Dial(context.Background(), "unix", path, time.Until(deadline))
	if err != nil {
		return nil, err
	}
	f.SetDeadline(deadline)
	return fileConn{f}, nil
}
