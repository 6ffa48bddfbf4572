# nash: build, test, corpus, bench, lint.
GO      ?= go
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
LDFLAGS := -s -w -X main.version=$(VERSION)
# nash starts in internal/entrysig's entry, which records the signal
# dispositions it inherited before the Go runtime replaces them.
NASH_LDFLAGS := $(LDFLAGS) -E=nash/internal/entrysig.entry

.PHONY: build nash nashd test unit corpus corpus-observed bench lint autoconf-test image-test clean fuzz load

build: nash nashd

# nash is built with GOEXPERIMENT=simd for the AVX-512/AVX2 BLAKE3 hasher of
# pipe taps (internal/blake3); without it the portable hasher is used.
# nogreenteagc: the Green Tea collector (default since Go 1.26) writes
# mark bits at the end of every new small-object span, a page fault per
# span; a shell start touches some 70 spans and never collects (nash -c
# true: 296 -> 278 page faults, about 40 us). Go 1.27 is to drop this
# opt-out; remove it then.
# The linker writes its output through a shared mapping; a binary written
# that way starts measurably slower (about 0.3 ms per exec here, in page
# cache handling) than the same bytes written sequentially, which is how
# images install nash (COPY, cp). Copy the result so that bin/nash, which
# the corpus and bench run, starts like an installed nash.
nash:
	GOEXPERIMENT=simd,nogreenteagc CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(NASH_LDFLAGS)' -o bin/.nash.link ./cmd/nash
	cp bin/.nash.link bin/nash.tmp && mv bin/nash.tmp bin/nash && rm -f bin/.nash.link

nashd:
	CGO_ENABLED=1 $(GO) build -trimpath -ldflags '$(LDFLAGS)' -o bin/nashd ./cmd/nashd

# test is the README's test command: unit tests, then the corpus.
test: build unit corpus

# unit also tests the SIMD build of the hasher against the reference.
unit: nash
	$(GO) vet ./...
	# nash ships for arm64 too: its raw system calls must exist there
	GOARCH=arm64 CGO_ENABLED=0 $(GO) vet ./cmd/nash ./interp/... ./internal/... ./observe/... ./redact/... ./transport/...
	GOARCH=arm64 GOEXPERIMENT=simd,nogreenteagc CGO_ENABLED=0 $(GO) build -trimpath -ldflags '$(NASH_LDFLAGS)' -o /dev/null ./cmd/nash
	GOEXPERIMENT=simd $(GO) vet ./internal/blake3
	# tests/realprogs runs real programs (a sweep of 23 and more) under both shells:
	# on a loaded machine it outlasts go test's default 10 m (each script
	# keeps its own hang guard)
	$(GO) test -count=1 -timeout 30m ./...
	# the differential tests that run bin/nash itself against bash
	NASH_BIN=$(CURDIR)/bin/nash $(GO) test -count=1 -run '^(TestReadMatchesBash|TestTraceAndTrapsMatchBash|TestTraceFacilitiesMatchBash)$$' ./interp
	GOEXPERIMENT=simd $(GO) test -count=1 ./internal/blake3

corpus: nash
	$(GO) run ./corpus/cmd/replay -nash bin/nash -j 2 -min 99

# corpus-observed replays the corpus with nash observed (capture=tap,
# events to a reference receiver): observation must change no outcome.
corpus-observed: nash
	$(GO) run ./corpus/cmd/replay -nash bin/nash -j 2 -min 99 -observe

bench: build
	$(GO) run ./bench -nash bin/nash

# load is issue 5's collector load at full size (200 shells x 50 batches x
# 200 events over loopback): the benchmark prints events/s and p99 batch
# latency and checks count per shell = last seq; then a collector killed
# with SIGKILL during the same load, restarted and sent the unacknowledged
# batches again, must hold every event once with its chain intact.
load:
	NASH_LOAD=full $(GO) test -count=1 -run '^$$' -bench '^BenchmarkIngest$$' -benchtime 1x ./collector
	NASH_LOAD=full $(GO) test -count=1 -run '^TestCrashRecovery$$' -v ./cmd/nashd

# fuzz parses and runs random scripts in a sandbox (interp/fuzz_test.go);
# crashers land in interp/testdata/fuzz and rerun with `make unit`. The
# runs are bounded by a count of inputs, not a duration: when a duration
# ends while a worker is busy, go test reports "context deadline exceeded"
# as a failure (a red CI with no crasher); the counts take about the old
# 30, 15 and 10 seconds here.
fuzz:
	$(GO) test -run '^$$' -fuzz FuzzParseAndRun -fuzztime=20000x ./interp
	$(GO) test -run '^$$' -fuzz FuzzDecodeValidate -fuzztime=120000x ./collector
	$(GO) test -run '^$$' -fuzz FuzzBytes -fuzztime=250000x ./redact

lint:
	@test -z "$$(gofmt -l . | tee /dev/stderr)"
	$(GO) vet ./...

autoconf-test: nash
	bash corpus/autoconf/run.sh -nash bin/nash

image-test: build
	REQUIRE_COLLECTOR=1 bash images/test/rootfs-test.sh

clean:
	rm -rf bin
