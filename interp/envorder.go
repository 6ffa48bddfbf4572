package interp

import (
	"slices"
	"strings"
	"sync/atomic"
)

// The environment of a command lists its variables in the order bash's
// maybe_make_export_env walks its variable tables: the invalid entries
// from the environment first, then the command's prefix assignments (the
// temporary environment, also that of a builtin or function), then
// function locals, then the global table;
// each table bucket by bucket (hashlib.c: FNV-1 hash, newest first in a
// bucket), followed by the exported functions. Programs that print their
// environment (env, printenv) show that order.

// Sizes of bash's variable tables (variables.c).
const (
	globalVarBuckets = 1024 // VARIABLES_HASH_BUCKETS
	tempEnvBuckets   = 4    // TEMPENV_HASH_BUCKETS, also a function's locals
	funcBuckets      = 512  // FUNCTIONS_HASH_BUCKETS
)

// (bashHash, bash's hash_string, is in array.go.)

// bornCounter orders the creation of variables (variable.born): bash
// inserts a new variable at the head of its bucket.
var bornCounter atomic.Uint64

// bashHashOrder returns names, given in the order they were inserted into
// a bash hash table of n buckets, in the order the table's walk lists
// them: bucket by bucket, newest first within a bucket, the table growing
// fourfold (and its chains reversing) once it holds twice its buckets.
func bashHashOrder(names []string, n int) []string {
	buckets := make([][]string, n)
	for count, name := range names {
		if count >= 2*n { // HASH_SHOULDGROW, then hash_rehash
			grown := make([][]string, 4*n)
			for _, chain := range buckets {
				for _, k := range chain {
					b := bashHash(k) & uint32(4*n-1)
					grown[b] = append([]string{k}, grown[b]...)
				}
			}
			buckets, n = grown, 4*n
		}
		b := bashHash(name) & uint32(n-1)
		buckets[b] = append([]string{name}, buckets[b]...)
	}
	out := make([]string, 0, len(names))
	for _, chain := range buckets {
		out = append(out, chain...)
	}
	return out
}

// envEntry is an exported variable on its way into the environment.
type envEntry struct {
	name, kv string
	born     uint64
	bucket   uint32
}

// orderGlobalEnv sorts the global table's entries as bash walks it: a
// table this large never grows, so by bucket, then newest first.
func orderGlobalEnv(es []envEntry) {
	for i := range es {
		es[i].bucket = bashHash(es[i].name) & (globalVarBuckets - 1)
	}
	slices.SortFunc(es, func(a, b envEntry) int {
		switch {
		case a.bucket != b.bucket:
			return cmpUint(a.bucket, b.bucket)
		case a.born != b.born:
			return cmpUint(b.born, a.born)
		}
		return strings.Compare(a.name, b.name)
	})
}

// orderSmallEnv orders the entries of a small table (a function's locals)
// by simulating its insertions in order of creation.
func orderSmallEnv(es []envEntry) []string {
	slices.SortFunc(es, func(a, b envEntry) int {
		if a.born != b.born {
			return cmpUint(a.born, b.born)
		}
		return strings.Compare(a.name, b.name)
	})
	names := make([]string, len(es))
	kv := make(map[string]string, len(es))
	for i, e := range es {
		names[i], kv[e.name] = e.name, e.kv
	}
	out := bashHashOrder(names, tempEnvBuckets)
	for i, n := range out {
		out[i] = kv[n]
	}
	return out
}

func cmpUint[T uint32 | uint64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
