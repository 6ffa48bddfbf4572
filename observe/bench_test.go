package observe

import (
	"testing"
	"time"

	"nash/interp"
	"nash/transport/wire"
)

// discard is a Sender that drops everything, to measure the Observer alone.
type discard struct{}

func (discard) Send(*wire.Batch) bool               { return true }
func (discard) Spool(...*wire.Batch)                {}
func (discard) Flush(time.Duration) bool            { return true }
func (discard) Close(time.Duration, ...*wire.Batch) {}

// BenchmarkExecEvents measures one simple command's hooks (ExecStart +
// ExecEnd, batching included): events per second = 1e9 / ns/op.
func BenchmarkExecEvents(b *testing.B) {
	o := FromEnv(baseEnv(), WithSender(discard{}))
	argv := []string{"gcc", "-O2", "-c", "main.c", "-o", "main.o"}
	b.ReportAllocs()
	for b.Loop() {
		c := &interp.ExecInfo{Argv: argv, Path: "/usr/bin/gcc", Dir: "/src", Nesting: interp.Nesting{Kind: "top"}}
		o.ExecStart(ctx, c)
		o.ExecEnd(ctx, c, interp.ExecResult{Pid: 1234, Duration: time.Millisecond})
	}
	b.StopTimer()
	o.Close()
}

// BenchmarkExecEventsParallel is BenchmarkExecEvents from all Ps at once.
func BenchmarkExecEventsParallel(b *testing.B) {
	o := FromEnv(baseEnv(), WithSender(discard{}))
	argv := []string{"true"}
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			c := &interp.ExecInfo{Argv: argv, Dir: "/"}
			o.ExecStart(ctx, c)
			o.ExecEnd(ctx, c, interp.ExecResult{})
		}
	})
	b.StopTimer()
	o.Close()
}

// BenchmarkPipeTap measures a tapped link's throughput with 32 KiB chunks
// (the tap hashes every byte).
func BenchmarkPipeTap(b *testing.B) {
	o := FromEnv(baseEnv(), WithSender(discard{}))
	chunk := make([]byte, 32<<10)
	for i := range chunk {
		chunk[i] = byte('a' + i%26)
	}
	tap := o.Pipe(ctx, &interp.PipeInfo{})
	b.SetBytes(int64(len(chunk)))
	b.ReportAllocs()
	for b.Loop() {
		tap.Write(chunk)
	}
	b.StopTimer()
	tap.Close(false)
	o.Close()
}
