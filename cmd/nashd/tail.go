package main

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"nash/transport/wire"
)

func init() {
	register("tail", "follow the live event feed in the terminal", runTail)
}

// tailEvent is the part of an /api/stream message tail prints.
type tailEvent struct {
	ID        int64      `json:"id"`
	SessionID string     `json:"sessionId"`
	ShellID   string     `json:"shellId"`
	Seq       uint64     `json:"seq"`
	TS        int64      `json:"ts"`
	Event     wire.Event `json:"event"`
}

func runTail(args []string) int {
	fs := flag.NewFlagSet("tail", flag.ContinueOnError)
	state := stateFlag(fs)
	base := fs.String("url", "", "collector `URL` (default: the running server's listen address)")
	session := fs.String("session", "", "only this session")
	shell := fs.String("shell", "", "only this shell")
	kind := fs.String("kind", "", "only these kinds, comma-separated")
	failing := fs.Bool("failing", false, "only commands that exited non-zero")
	backlog := fs.Bool("replay", false, "print stored events (up to 500) before following")
	color := fs.String("color", "auto", "colour output: auto, always, never")
	once := fs.Duration("for", 0, "stop after this long (0: until interrupted)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	q := url.Values{}
	for k, v := range map[string]string{"session": *session, "shell": *shell, "kind": *kind} {
		if v != "" {
			q.Set(k, v)
		}
	}
	if *failing {
		q.Set("failing", "1")
	}
	if *backlog {
		q.Set("replay", "1")
	}
	useColor := *color == "always"
	if *color == "auto" {
		if fi, err := os.Stdout.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			useColor = true
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *once > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *once)
		defer cancel()
	}
	u := baseURL(*base, *state) + "/api/stream?" + q.Encode()
	out := bufio.NewWriter(os.Stdout)
	var last int64
	backoff := 500 * time.Millisecond
	for ctx.Err() == nil {
		err := tailOnce(ctx, u, &last, out, useColor)
		out.Flush()
		if ctx.Err() != nil {
			break
		}
		fmt.Fprintf(os.Stderr, "nashd tail: %v; reconnecting\n", err)
		select {
		case <-ctx.Done():
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 10*time.Second)
	}
	return 0
}

func tailOnce(ctx context.Context, u string, last *int64, out *bufio.Writer, color bool) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	if *last > 0 {
		req.Header.Set("Last-Event-ID", fmt.Sprint(*last))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("%s: %s", resp.Status, strings.TrimSpace(string(b)))
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	var evName, data string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if evName == "event" && data != "" {
				var te tailEvent
				if json.Unmarshal([]byte(data), &te) == nil {
					*last = te.ID
					out.WriteString(formatTail(&te, color))
					out.WriteByte('\n')
				}
			} else if evName == "lag" {
				out.WriteString("… events skipped (feed lagging)\n")
			}
			out.Flush()
			evName, data = "", ""
		case strings.HasPrefix(line, "event:"):
			evName = strings.TrimSpace(line[6:])
		case strings.HasPrefix(line, "data:"):
			data += strings.TrimPrefix(line[5:], " ")
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return io.ErrUnexpectedEOF
}

// formatTail renders one event as a terminal line:
// time session shell#seq glyph summary [exit] duration.
func formatTail(te *tailEvent, color bool) string {
	ev := &te.Event
	paint := func(code, s string) string {
		if !color {
			return s
		}
		return "\x1b[" + code + "m" + s + "\x1b[0m"
	}
	var b strings.Builder
	b.WriteString(time.UnixMilli(te.TS).Format("15:04:05.000"))
	b.WriteString(" ")
	b.WriteString(paint("2", short(te.SessionID, 12)+" "+short(te.ShellID, 8)+"#"+fmt.Sprint(te.Seq)))
	b.WriteString(" ")
	glyph := map[string]string{"exec": "$", "start": "…", "pipe": "|", "cmdsub": "$(", "cd": "cd", "export": "≔", "fallback": "⚠", "dropped": "∅", "deny": "⊘"}[ev.Kind]
	if ev.Kind == wire.KindRedirect {
		glyph = ev.Op
	}
	b.WriteString(paint("1;34", fmt.Sprintf("%-3s", glyph)))
	b.WriteString(" ")
	b.WriteString(termSafe(tailSummary(ev)))
	if ev.Bytes != nil {
		fmt.Fprintf(&b, " %dB", *ev.Bytes)
	}
	if ev.Truncated != nil && *ev.Truncated {
		b.WriteString(paint("33", " [truncated]"))
	}
	if ev.ExitCode != nil {
		if *ev.ExitCode == 0 {
			b.WriteString(paint("32", " → 0"))
		} else {
			b.WriteString(paint("1;31", fmt.Sprintf(" → %d", *ev.ExitCode)))
		}
	}
	if ev.DurationMs != nil {
		fmt.Fprintf(&b, " (%dms)", *ev.DurationMs)
	}
	if ev.Kind == wire.KindFallback || ev.Kind == wire.KindDeny || ev.Kind == wire.KindDropped {
		return paint("33", b.String())
	}
	return b.String()
}

func tailSummary(ev *wire.Event) string {
	switch ev.Kind {
	case wire.KindExec, wire.KindStart:
		return strings.Join(ev.Argv, " ")
	case wire.KindRedirect:
		if ev.Target == nil {
			return ""
		}
		switch {
		case ev.Target.Path != "":
			return ev.Target.Path
		case ev.Target.FD != nil:
			return fmt.Sprintf("&%d", *ev.Target.FD)
		case ev.Target.Heredoc:
			return "here-doc " + previewHead(ev)
		}
	case wire.KindPipe:
		return fmt.Sprintf("pipeline %d: %d→%d %s", deref(ev.PipelineID), deref(ev.FromIndex), deref(ev.ToIndex), previewHead(ev))
	case wire.KindCmdSub:
		return fmt.Sprintf("$(#%d) %s", ev.CmdSeq, previewHead(ev))
	case wire.KindCd:
		return ev.From + " → " + ev.To
	case wire.KindExport:
		return ev.Op + " " + strings.Join(ev.Names, " ")
	case wire.KindFallback:
		return "fallback: " + ev.Reason + " " + ev.Input
	case wire.KindDropped:
		return fmt.Sprintf("dropped %d (%s)", ev.Count, ev.Reason)
	case wire.KindDeny:
		return fmt.Sprintf("deny #%d %s: %s", ev.CmdSeq, ev.Rule, ev.Message)
	}
	return ""
}

func previewHead(ev *wire.Event) string {
	if ev.PreviewB64 == "" || (ev.Binary != nil && *ev.Binary) {
		return ""
	}
	h := ev.PreviewB64
	if len(h) > 80 {
		h = h[:80]
	}
	p, _ := base64.StdEncoding.DecodeString(h)
	return strings.Join(strings.Fields(string(p)), " ")
}

func deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

func short(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// termSafe replaces control characters so that hostile argv or previews
// cannot drive the terminal (escape sequences, carriage returns).
func termSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return '·'
		}
		return r
	}, s)
}
