package redact

import (
	"strings"
	"testing"
)

// commandLines are realistic non-secret argv strings an agent types.
var commandLines = []string{
	"go test -run TestPipeline -count=1 ./interp/...",
	"git log --oneline -n 20 --format=%H %s origin/main..HEAD",
	"grep -rn --include=*.go 'func (r *Runner)' /work/main/interp",
	"docker run --rm -v /work:/work -w /work golang:1.26 go build -o bin/nash ./cmd/nash",
	"kubectl get pods -n staging -l app=api-server -o jsonpath={.items[*].metadata.name}",
	"curl -sS -X POST -H 'Content-Type: application/json' -d @payload.json http://localhost:8080/v1/events",
}

// buildLog is a realistic non-secret build and test log.
const buildLog = `go: downloading golang.org/x/sys v0.15.0
go: downloading github.com/klauspost/cpuid/v2 v2.0.9
# nash/interp
interp/pipeline.go:142:17: undefined: tapWriter
=== RUN   TestPipelineTapsEveryStage
--- PASS: TestPipelineTapsEveryStage (0.03s)
=== RUN   TestRedirectAppend/heredoc_with_tabs
--- FAIL: TestRedirectAppend/heredoc_with_tabs (0.00s)
    redirect_test.go:88: got "a\tb\n", want "a\tb"
commit 9fceb02d0ae598e95dc970b74767f19372d61af8
Author: Jane Smith <jane@example.com>
Date:   Tue Jun 11 10:22:31 2024 +0200
e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  dist/nash-linux-amd64.tar.gz
Step 7/12 : RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates
 ---> Running in 3f4e1a2b9c8d
npm WARN deprecated inflight@1.0.6: This module is not supported, and leaks memory.
webpack 5.91.0 compiled successfully in 2345 ms; emitted main.4f3a2b1c9d8e7f60.js (245 KiB)
ok  	nash/interp	1.234s	coverage: 81.2% of statements
`

func BenchmarkString(b *testing.B) {
	var n int
	for _, l := range commandLines {
		n += len(l)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range commandLines {
			_ = String(l)
		}
	}
}

func BenchmarkBytes64K(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 64<<10 {
		sb.WriteString(buildLog)
	}
	in := []byte(sb.String()[:64<<10])
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		_ = Bytes(in)
	}
}

func BenchmarkArgv(b *testing.B) {
	argv := strings.Fields(commandLines[3])
	tainted := []string{"hunter2-not-here"}
	b.ReportAllocs()
	for b.Loop() {
		_ = Argv(argv, tainted)
	}
}
