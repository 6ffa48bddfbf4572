package interp

import "sort"

// indexedArray is a bash indexed array: sparse in general, dense in the
// common case. When keys is nil the array is dense and element i lives at
// vals[i]; otherwise keys holds the sorted indices of vals. Appending at
// the end and assigning an existing element are O(1).
type indexedArray struct {
	keys []int
	vals []string
}

func (a *indexedArray) clone() *indexedArray {
	if a == nil {
		return &indexedArray{}
	}
	b := &indexedArray{vals: append([]string(nil), a.vals...)}
	if a.keys != nil {
		b.keys = append([]int(nil), a.keys...)
	}
	return b
}

// length is the number of set elements.
func (a *indexedArray) length() int { return len(a.vals) }

// maxIndex is the highest set index, or -1 when empty.
func (a *indexedArray) maxIndex() int {
	if len(a.vals) == 0 {
		return -1
	}
	if a.keys == nil {
		return len(a.vals) - 1
	}
	return a.keys[len(a.keys)-1]
}

func (a *indexedArray) pos(i int) (int, bool) {
	if a.keys == nil {
		return i, i >= 0 && i < len(a.vals)
	}
	n := len(a.keys)
	if n > 0 && a.keys[n-1] < i {
		return n, false
	}
	p := sort.SearchInts(a.keys, i)
	return p, p < n && a.keys[p] == i
}

func (a *indexedArray) get(i int) (string, bool) {
	p, ok := a.pos(i)
	if !ok {
		return "", false
	}
	return a.vals[p], true
}

func (a *indexedArray) set(i int, v string) {
	if a.keys == nil {
		switch {
		case i < len(a.vals):
			a.vals[i] = v
			return
		case i == len(a.vals):
			a.vals = append(a.vals, v)
			return
		}
		a.keys = make([]int, len(a.vals), len(a.vals)+1)
		for k := range a.keys {
			a.keys[k] = k
		}
	}
	p, ok := a.pos(i)
	if ok {
		a.vals[p] = v
		return
	}
	a.keys = append(a.keys, 0)
	a.vals = append(a.vals, "")
	copy(a.keys[p+1:], a.keys[p:])
	copy(a.vals[p+1:], a.vals[p:])
	a.keys[p] = i
	a.vals[p] = v
}

func (a *indexedArray) unset(i int) {
	p, ok := a.pos(i)
	if !ok {
		return
	}
	if a.keys == nil {
		if p == len(a.vals)-1 {
			a.vals = a.vals[:p]
			return
		}
		a.keys = make([]int, len(a.vals))
		for k := range a.keys {
			a.keys[k] = k
		}
	}
	if p < len(a.vals)/2 {
		// shift the shorter side: taking elements off the front one
		// by one (a queue) stays linear overall
		copy(a.keys[1:p+1], a.keys[:p])
		copy(a.vals[1:p+1], a.vals[:p])
		a.vals[0] = ""
		a.keys, a.vals = a.keys[1:], a.vals[1:]
		return
	}
	a.keys = append(a.keys[:p], a.keys[p+1:]...)
	a.vals = append(a.vals[:p], a.vals[p+1:]...)
}

// indices lists the set indices in order.
func (a *indexedArray) indices() []int {
	if a.keys != nil {
		return append([]int(nil), a.keys...)
	}
	out := make([]int, len(a.vals))
	for i := range out {
		out[i] = i
	}
	return out
}

func (a *indexedArray) index(p int) int {
	if a.keys == nil {
		return p
	}
	return a.keys[p]
}

// assocArray is a bash associative array. Iteration order reproduces
// bash's hash table (FNV-1 hash, a power-of-two bucket count, newest
// first within a bucket, 4x growth at two entries per bucket) so that
// "${!a[@]}" lists keys in the same order as bash.
type assocArray struct {
	m       map[string]string
	buckets map[uint32][]string // bucket -> keys, newest first
	nb      uint32
}

const (
	// assocBuckets is the size of a table bash makes for a new
	// associative variable (ASSOC_HASH_BUCKETS).
	assocBuckets = 1024
	// convertBuckets is the size bash uses when it converts an existing
	// variable to an associative array (hash_create(0), the default).
	convertBuckets = 128
)

func newAssoc() *assocArray { return newAssocSize(assocBuckets) }

// newAssocSize returns an empty table of nb buckets (a power of two).
// Bash keeps a table's size when a compound assignment replaces its
// contents, so the order after a=(...) depends on the old table.
func newAssocSize(nb uint32) *assocArray {
	return &assocArray{m: map[string]string{}, buckets: map[uint32][]string{}, nb: nb}
}

func (a *assocArray) clone() *assocArray {
	b := &assocArray{m: make(map[string]string, len(a.m)), buckets: make(map[uint32][]string, len(a.buckets)), nb: a.nb}
	for k, v := range a.m {
		b.m[k] = v
	}
	for k, v := range a.buckets {
		b.buckets[k] = append([]string(nil), v...)
	}
	return b
}

// bashHash is bash's hash_string: FNV-1 over the key's bytes as C chars,
// which are signed on the platforms bash is built for, so a byte above
// 0x7f is sign-extended before the xor (it changes bits 8 and up, which
// pick the bucket in tables of 512 buckets or more).
func bashHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h *= 16777619
		h ^= uint32(int32(int8(s[i])))
	}
	return h
}

func (a *assocArray) set(k, v string) {
	if _, ok := a.m[k]; !ok {
		if len(a.m) >= int(a.nb)*2 {
			a.grow()
		}
		b := bashHash(k) & (a.nb - 1)
		a.buckets[b] = append([]string{k}, a.buckets[b]...)
	}
	a.m[k] = v
}

// grow mirrors bash's hash_grow: rehash into 4x the buckets, walking the
// old buckets in order and prepending into the new ones.
func (a *assocArray) grow() {
	old := a.keys()
	a.nb *= 4
	a.buckets = make(map[uint32][]string, len(old))
	for _, k := range old {
		b := bashHash(k) & (a.nb - 1)
		a.buckets[b] = append([]string{k}, a.buckets[b]...)
	}
}

func (a *assocArray) unset(k string) {
	if _, ok := a.m[k]; !ok {
		return
	}
	delete(a.m, k)
	b := bashHash(k) & (a.nb - 1)
	l := a.buckets[b]
	for i, x := range l {
		if x == k {
			a.buckets[b] = append(l[:i:i], l[i+1:]...)
			break
		}
	}
}

// keys returns the keys in bash's iteration order.
func (a *assocArray) keys() []string {
	bs := make([]uint32, 0, len(a.buckets))
	for b, l := range a.buckets {
		if len(l) > 0 {
			bs = append(bs, b)
		}
	}
	sort.Slice(bs, func(i, j int) bool { return bs[i] < bs[j] })
	out := make([]string, 0, len(a.m))
	for _, b := range bs {
		out = append(out, a.buckets[b]...)
	}
	return out
}

func (a *assocArray) values() []string {
	ks := a.keys()
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = a.m[k]
	}
	return out
}
