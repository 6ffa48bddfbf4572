// Package transport delivers nash's event batches to the collector (design
// section 4): an HTTP POST of a wire.Batch to /shell-event over a unix
// socket, or over HTTP when the socket is absent, sent by one background
// goroutine from a bounded queue so that a command never waits for it.
// The final batches, which an exiting process waits for anyway, go with
// Close; a process that sent nothing before has them delivered by Close on
// its own goroutine, so a short-lived shell never starts the goroutine.
// Batches that cannot be delivered go to a spool directory as JSON Lines;
// the next process that reaches the collector drains the spool under a lock.
//
// Nothing here runs until the first batch is handed over: New starts no
// goroutine and opens no connection.
package transport

import (
	"strings"
	"time"
)

// Defaults for Config fields left zero, and the environment variables
// ConfigFromEnv reads (design section 4).
const (
	DefaultSocket   = "/run/nucleic/control.sock"
	DefaultSpoolDir = "/var/spool/nucleic-nash"
	DefaultTimeout  = 1500 * time.Millisecond
	DefaultQueueLen = 16
	DefaultBackoff  = 5 * time.Second

	EnvSocket   = "NUCLEIC_SHELL_SOCKET"
	EnvURL      = "NUCLEIC_SHELL_HOOK_URL"
	EnvToken    = "NUCLEIC_HOOK_TOKEN"
	EnvSpoolDir = "NUCLEIC_SHELL_SPOOL"
)

// Config says where batches go. The zero value of each duration or size
// field means its default.
type Config struct {
	// Socket is the unix socket the collector listens on. Empty disables
	// the socket. When the socket file does not exist at send time, URL is
	// used instead.
	Socket string
	// URL is the HTTP endpoint used when Socket is absent. Only http://
	// is supported (an https:// URL counts as no route: batches are
	// spooled). A URL without a path (or with "/") gets "/shell-event"
	// appended. Empty: no fallback, the batch is spooled.
	URL string
	// Token is sent as "Authorization: Bearer TOKEN".
	Token string
	// SpoolDir receives batches that could not be delivered. Empty
	// disables spooling: such batches are dropped (and counted).
	SpoolDir string
	// Timeout bounds one HTTP request, connection included.
	Timeout time.Duration
	// QueueLen bounds the number of batches waiting for the sender;
	// Send refuses a batch beyond it.
	QueueLen int
	// Backoff is how long the client spools directly, without trying the
	// network, after a delivery failed (refused, timeout, 5xx). It keeps a
	// dead collector from costing a timeout per batch.
	Backoff time.Duration
	// SpoolName is mixed into spool file names so that files of different
	// processes never collide; the shell id is a good value. Empty: the pid
	// is used.
	SpoolName string
}

// ConfigFromEnv builds a Config from an environment in os.Environ form.
// Unset variables get the defaults of design section 4: the socket
// /run/nucleic/control.sock, the spool /var/spool/nucleic-nash, no URL and
// no token. It does not touch the file system.
func ConfigFromEnv(environ []string) Config {
	cfg := Config{Socket: DefaultSocket, SpoolDir: DefaultSpoolDir}
	for _, kv := range environ {
		if !strings.HasPrefix(kv, "NUCLEIC_") {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		switch k {
		case EnvSocket:
			cfg.Socket = v
		case EnvURL:
			cfg.URL = v
		case EnvToken:
			cfg.Token = v
		case EnvSpoolDir:
			cfg.SpoolDir = v
		}
	}
	return cfg
}

func (c *Config) fill() {
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.QueueLen <= 0 {
		c.QueueLen = DefaultQueueLen
	}
	if c.Backoff <= 0 {
		c.Backoff = DefaultBackoff
	}
	if c.URL != "" {
		if i := strings.Index(c.URL, "://"); i >= 0 {
			rest := c.URL[i+3:]
			if j := strings.IndexByte(rest, '/'); j < 0 {
				c.URL += "/shell-event"
			} else if rest[j:] == "/" {
				c.URL += "shell-event"
			}
		}
	}
}
