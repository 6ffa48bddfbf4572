package wire

import (
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends the batch's JSON encoding to dst. The bytes are
// exactly what encoding/json produces with HTML escaping off; writing
// them by hand spares every nash process the reflection encoding/json
// needs on its first use (about a tenth of a short observed shell's CPU).
func (b *Batch) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"type":`...)
	dst = appendString(dst, b.Type)
	dst = append(dst, `,"source":`...)
	dst = appendString(dst, b.Source)
	dst = append(dst, `,"sessionId":`...)
	dst = appendString(dst, b.SessionID)
	dst = append(dst, `,"shellId":`...)
	dst = appendString(dst, b.ShellID)
	dst = append(dst, `,"parentShell":`...)
	if b.ParentShell == nil {
		dst = append(dst, "null"...)
	} else {
		dst = appendString(dst, *b.ParentShell)
	}
	if b.CallID != "" {
		dst = append(dst, `,"callId":`...)
		dst = appendString(dst, b.CallID)
	}
	dst = append(dst, `,"events":`...)
	if b.Events == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range b.Events {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = b.Events[i].AppendJSON(dst)
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// AppendJSON appends the event's JSON encoding (as encoding/json with
// HTML escaping off) to dst.
func (e *Event) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"kind":`...)
	dst = appendString(dst, e.Kind)
	dst = append(dst, `,"seq":`...)
	dst = strconv.AppendUint(dst, e.Seq, 10)
	dst = append(dst, `,"ts":`...)
	dst = strconv.AppendInt(dst, e.TS, 10)
	if e.CmdSeq != 0 {
		dst = append(dst, `,"cmdSeq":`...)
		dst = strconv.AppendUint(dst, e.CmdSeq, 10)
	}
	dst = appendStrings(dst, `,"argv":`, e.Argv)
	dst = appendStr(dst, `,"resolvedPath":`, e.ResolvedPath)
	dst = appendBoolPtr(dst, `,"builtin":`, e.Builtin)
	dst = appendStr(dst, `,"cwd":`, e.Cwd)
	dst = appendNonZero(dst, `,"pid":`, int64(e.Pid))
	dst = appendIntPtr(dst, `,"exitCode":`, e.ExitCode)
	dst = appendIntPtr(dst, `,"durationMs":`, e.DurationMs)
	if p := e.Pipeline; p != nil {
		dst = append(dst, `,"pipeline":{"id":`...)
		dst = strconv.AppendInt(dst, int64(p.ID), 10)
		dst = append(dst, `,"index":`...)
		dst = strconv.AppendInt(dst, int64(p.Index), 10)
		dst = append(dst, `,"len":`...)
		dst = strconv.AppendInt(dst, int64(p.Len), 10)
		dst = append(dst, '}')
	}
	if n := e.Nesting; n != nil {
		dst = append(dst, `,"nesting":{"depth":`...)
		dst = strconv.AppendInt(dst, int64(n.Depth), 10)
		dst = append(dst, `,"kind":`...)
		dst = appendString(dst, n.Kind)
		dst = append(dst, '}')
	}
	dst = appendStr(dst, `,"op":`, e.Op)
	if t := e.Target; t != nil {
		dst = append(dst, `,"target":{`...)
		sep := ""
		if t.Path != "" {
			dst = append(dst, `"path":`...)
			dst = appendString(dst, t.Path)
			sep = ","
		}
		if t.FD != nil {
			dst = append(dst, sep+`"fd":`...)
			dst = strconv.AppendInt(dst, int64(*t.FD), 10)
			sep = ","
		}
		if t.Heredoc {
			dst = append(dst, sep+`"heredoc":true`...)
		}
		dst = append(dst, '}')
	}
	dst = appendStr(dst, `,"mode":`, e.Mode)
	dst = appendBoolPtr(dst, `,"special":`, e.Special)
	dst = appendIntPtr(dst, `,"bytes":`, e.Bytes)
	dst = appendBoolPtr(dst, `,"truncated":`, e.Truncated)
	dst = appendStr(dst, `,"blake3":`, e.Blake3)
	dst = appendStr(dst, `,"previewB64":`, e.PreviewB64)
	dst = appendBoolPtr(dst, `,"binary":`, e.Binary)
	dst = appendIntPtr(dst, `,"pipelineId":`, e.PipelineID)
	dst = appendIntPtr(dst, `,"fromIndex":`, e.FromIndex)
	dst = appendIntPtr(dst, `,"toIndex":`, e.ToIndex)
	dst = appendBoolPtr(dst, `,"tapFailed":`, e.TapFailed)
	dst = appendStr(dst, `,"from":`, e.From)
	dst = appendStr(dst, `,"to":`, e.To)
	dst = appendStrings(dst, `,"names":`, e.Names)
	dst = appendStr(dst, `,"reason":`, e.Reason)
	dst = appendStr(dst, `,"input":`, e.Input)
	dst = appendNonZero(dst, `,"count":`, int64(e.Count))
	dst = appendStr(dst, `,"rule":`, e.Rule)
	dst = appendStr(dst, `,"message":`, e.Message)
	return append(dst, '}')
}

func appendStr(dst []byte, key, s string) []byte {
	if s == "" {
		return dst
	}
	return appendString(append(dst, key...), s)
}

func appendStrings(dst []byte, key string, ss []string) []byte {
	if len(ss) == 0 {
		return dst
	}
	dst = append(dst, key...)
	dst = append(dst, '[')
	for i, s := range ss {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, s)
	}
	return append(dst, ']')
}

func appendBoolPtr(dst []byte, key string, b *bool) []byte {
	if b == nil {
		return dst
	}
	return strconv.AppendBool(append(dst, key...), *b)
}

func appendIntPtr[T int | int64](dst []byte, key string, n *T) []byte {
	if n == nil {
		return dst
	}
	return strconv.AppendInt(append(dst, key...), int64(*n), 10)
}

func appendNonZero(dst []byte, key string, n int64) []byte {
	if n == 0 {
		return dst
	}
	return strconv.AppendInt(append(dst, key...), n, 10)
}

const hexDigits = "0123456789abcdef"

// appendString quotes s as encoding/json does with HTML escaping off:
// quote and backslash escaped, control characters as \n \r \t \b \f or
// \u00XX, invalid UTF-8 as \ufffd, and U+2028/U+2029 escaped.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
