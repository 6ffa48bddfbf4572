//go:build goexperiment.simd && amd64

package blake3

import "simd/archsimd"

// groupChunks is how many chunks hashGroup takes: one per 32-bit lane of
// a 512-bit vector (two passes of 8 with 256-bit vectors).
const groupChunks = 16

// simdBuild says this build has the SIMD hasher (the tests check it runs).
const simdBuild = true

// detectSIMD picks the widest hasher the CPU runs. It reads the feature
// bits the Go runtime already probed at start, so choosing costs no CPUID.
func detectSIMD() simdKind {
	switch {
	case archsimd.X86.AVX512():
		return simdAVX512
	case archsimd.X86.AVX2():
		return simdAVX2
	}
	return noSIMD
}

// supportedSIMD lists every hasher this CPU can run, for the tests.
func supportedSIMD() []simdKind {
	kinds := []simdKind{noSIMD}
	if archsimd.X86.AVX2() {
		kinds = append(kinds, simdAVX2)
	}
	if archsimd.X86.AVX512() {
		kinds = append(kinds, simdAVX512)
	}
	return kinds
}

// hashGroup returns the chaining value of the subtree over the 16 whole
// chunks in p, whose first chunk has counter ctr (a multiple of 16, so
// the subtree is one node of the BLAKE3 tree).
func hashGroup(kind simdKind, p *[groupLen]byte, ctr uint64) [8]uint32 {
	if kind == simdAVX512 {
		return hashGroup16(p, ctr)
	}
	return hashGroup8(p, ctr)
}

type vec = archsimd.Uint32x16

// g is the BLAKE3 quarter-round on sixteen independent states at once.
func g(a, b, c, d, x, y vec) (vec, vec, vec, vec) {
	a = a.Add(b).Add(x)
	d = d.Xor(a).RotateAllRight(16)
	c = c.Add(d)
	b = b.Xor(c).RotateAllRight(12)
	a = a.Add(b).Add(y)
	d = d.Xor(a).RotateAllRight(8)
	c = c.Add(d)
	b = b.Xor(c).RotateAllRight(7)
	return a, b, c, d
}

// schedule[r] is the order in which round r takes the message words: the
// specification's permutation applied r times (a literal, so that no
// package init computes it at every shell start). simd8_amd64.go reads
// the words in this order rather than permuting sixteen variables between
// rounds; compress16 has it unrolled.
var schedule = [7][16]uint8{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8},
	{3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1},
	{10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6},
	{12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4},
	{9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7},
	{11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13},
}

// compress16 runs the compression function in every lane: h holds the
// chaining values (word k of lane i in h[k]), m the message words in the
// same layout. It leaves the new chaining values in h. The seven rounds
// are written out with schedule's indices as constants: the loop over
// schedule spent a third of its instructions on index arithmetic, and
// hashing ran some 7% slower.
func compress16(h *[8]vec, m *[16]vec, ctrLo, ctrHi, blen, flags vec) {
	v0, v1, v2, v3, v4, v5, v6, v7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	v8, v9 := archsimd.BroadcastUint32x16(iv[0]), archsimd.BroadcastUint32x16(iv[1])
	v10, v11 := archsimd.BroadcastUint32x16(iv[2]), archsimd.BroadcastUint32x16(iv[3])
	v12, v13, v14, v15 := ctrLo, ctrHi, blen, flags
	// round 0
	v0, v4, v8, v12 = g(v0, v4, v8, v12, m[0], m[1])
	v1, v5, v9, v13 = g(v1, v5, v9, v13, m[2], m[3])
	v2, v6, v10, v14 = g(v2, v6, v10, v14, m[4], m[5])
	v3, v7, v11, v15 = g(v3, v7, v11, v15, m[6], m[7])
	v0, v5, v10, v15 = g(v0, v5, v10, v15, m[8], m[9])
	v1, v6, v11, v12 = g(v1, v6, v11, v12, m[10], m[11])
	v2, v7, v8, v13 = g(v2, v7, v8, v13, m[12], m[13])
	v3, v4, v9, v14 = g(v3, v4, v9, v14, m[14], m[15])
	// round 1
	v0, v4, v8, v12 = g(v0, v4, v8, v12, m[2], m[6])
	v1, v5, v9, v13 = g(v1, v5, v9, v13, m[3], m[10])
	v2, v6, v10, v14 = g(v2, v6, v10, v14, m[7], m[0])
	v3, v7, v11, v15 = g(v3, v7, v11, v15, m[4], m[13])
	v0, v5, v10, v15 = g(v0, v5, v10, v15, m[1], m[11])
	v1, v6, v11, v12 = g(v1, v6, v11, v12, m[12], m[5])
	v2, v7, v8, v13 = g(v2, v7, v8, v13, m[9], m[14])
	v3, v4, v9, v14 = g(v3, v4, v9, v14, m[15], m[8])
	// round 2
	v0, v4, v8, v12 = g(v0, v4, v8, v12, m[3], m[4])
	v1, v5, v9, v13 = g(v1, v5, v9, v13, m[10], m[12])
	v2, v6, v10, v14 = g(v2, v6, v10, v14, m[13], m[2])
	v3, v7, v11, v15 = g(v3, v7, v11, v15, m[7], m[14])
	v0, v5, v10, v15 = g(v0, v5, v10, v15, m[6], m[5])
	v1, v6, v11, v12 = g(v1, v6, v11, v12, m[9], m[0])
	v2, v7, v8, v13 = g(v2, v7, v8, v13, m[11], m[15])
	v3, v4, v9, v14 = g(v3, v4, v9, v14, m[8], m[1])
	// round 3
	v0, v4, v8, v12 = g(v0, v4, v8, v12, m[10], m[7])
	v1, v5, v9, v13 = g(v1, v5, v9, v13, m[12], m[9])
	v2, v6, v10, v14 = g(v2, v6, v10, v14, m[14], m[3])
	v3, v7, v11, v15 = g(v3, v7, v11, v15, m[13], m[15])
	v0, v5, v10, v15 = g(v0, v5, v10, v15, m[4], m[0])
	v1, v6, v11, v12 = g(v1, v6, v11, v12, m[11], m[2])
	v2, v7, v8, v13 = g(v2, v7, v8, v13, m[5], m[8])
	v3, v4, v9, v14 = g(v3, v4, v9, v14, m[1], m[6])
	// round 4
	v0, v4, v8, v12 = g(v0, v4, v8, v12, m[12], m[13])
	v1, v5, v9, v13 = g(v1, v5, v9, v13, m[9], m[11])
	v2, v6, v10, v14 = g(v2, v6, v10, v14, m[15], m[10])
	v3, v7, v11, v15 = g(v3, v7, v11, v15, m[14], m[8])
	v0, v5, v10, v15 = g(v0, v5, v10, v15, m[7], m[2])
	v1, v6, v11, v12 = g(v1, v6, v11, v12, m[5], m[3])
	v2, v7, v8, v13 = g(v2, v7, v8, v13, m[0], m[1])
	v3, v4, v9, v14 = g(v3, v4, v9, v14, m[6], m[4])
	// round 5
	v0, v4, v8, v12 = g(v0, v4, v8, v12, m[9], m[14])
	v1, v5, v9, v13 = g(v1, v5, v9, v13, m[11], m[5])
	v2, v6, v10, v14 = g(v2, v6, v10, v14, m[8], m[12])
	v3, v7, v11, v15 = g(v3, v7, v11, v15, m[15], m[1])
	v0, v5, v10, v15 = g(v0, v5, v10, v15, m[13], m[3])
	v1, v6, v11, v12 = g(v1, v6, v11, v12, m[0], m[10])
	v2, v7, v8, v13 = g(v2, v7, v8, v13, m[2], m[6])
	v3, v4, v9, v14 = g(v3, v4, v9, v14, m[4], m[7])
	// round 6
	v0, v4, v8, v12 = g(v0, v4, v8, v12, m[11], m[15])
	v1, v5, v9, v13 = g(v1, v5, v9, v13, m[5], m[0])
	v2, v6, v10, v14 = g(v2, v6, v10, v14, m[1], m[9])
	v3, v7, v11, v15 = g(v3, v7, v11, v15, m[8], m[6])
	v0, v5, v10, v15 = g(v0, v5, v10, v15, m[14], m[10])
	v1, v6, v11, v12 = g(v1, v6, v11, v12, m[2], m[12])
	v2, v7, v8, v13 = g(v2, v7, v8, v13, m[3], m[4])
	v3, v4, v9, v14 = g(v3, v4, v9, v14, m[7], m[13])
	h[0], h[1], h[2], h[3] = v0.Xor(v8), v1.Xor(v9), v2.Xor(v10), v3.Xor(v11)
	h[4], h[5], h[6], h[7] = v4.Xor(v12), v5.Xor(v13), v6.Xor(v14), v7.Xor(v15)
}

// lane128Idx are VPERMI2Q indices that exchange 128-bit lanes between
// two vectors x, y: {x0, y0, x2, y2}, {x1, y1, x3, y3} (lanes of the
// pair), then {x0, x1, y0, y1}, {x2, x3, y2, y3}.
var lane128Idx = [4][8]uint64{
	{0, 1, 8, 9, 4, 5, 12, 13},
	{2, 3, 10, 11, 6, 7, 14, 15},
	{0, 1, 2, 3, 8, 9, 10, 11},
	{4, 5, 6, 7, 12, 13, 14, 15},
}

// evenOdd selects the even lanes (0, 2, …, 14) and the odd lanes of a
// vector into lanes 0–7: the left and right children of eight parents.
var evenOdd = [2][16]uint32{
	{0, 2, 4, 6, 8, 10, 12, 14, 0, 2, 4, 6, 8, 10, 12, 14},
	{1, 3, 5, 7, 9, 11, 13, 15, 1, 3, 5, 7, 9, 11, 13, 15},
}

// unpackRows interleaves the 32-bit words of the blocks at off and
// off+chunkLen within each 128-bit lane (VPUNPCKLDQ, VPUNPCKHDQ).
func unpackRows(p *[groupLen]byte, off int) (lo, hi archsimd.Uint64x8) {
	x := archsimd.LoadUint8x64((*[64]byte)(p[off : off+64])).AsUint32x16()
	y := archsimd.LoadUint8x64((*[64]byte)(p[off+chunkLen : off+chunkLen+64])).AsUint32x16()
	return x.InterleaveLoGrouped(y).AsUint64x8(), x.InterleaveHiGrouped(y).AsUint64x8()
}

// loadBlock16 loads block b of each of the 16 chunks in p into m, word w
// of chunk i in lane i of m[w]: 32- and 64-bit unpacks transpose the 4x4
// blocks inside each 128-bit lane, then two rounds of 128-bit lane
// exchanges (VPERMI2Q) transpose the 4x4 arrangement of blocks.
func loadBlock16(p *[groupLen]byte, b int, m *[16]vec) {
	off := b * blockLen
	t0, t1 := unpackRows(p, off)
	t2, t3 := unpackRows(p, off+2*chunkLen)
	t4, t5 := unpackRows(p, off+4*chunkLen)
	t6, t7 := unpackRows(p, off+6*chunkLen)
	t8, t9 := unpackRows(p, off+8*chunkLen)
	t10, t11 := unpackRows(p, off+10*chunkLen)
	t12, t13 := unpackRows(p, off+12*chunkLen)
	t14, t15 := unpackRows(p, off+14*chunkLen)
	u0, u1 := t0.InterleaveLoGrouped(t2), t0.InterleaveHiGrouped(t2)
	u2, u3 := t1.InterleaveLoGrouped(t3), t1.InterleaveHiGrouped(t3)
	u4, u5 := t4.InterleaveLoGrouped(t6), t4.InterleaveHiGrouped(t6)
	u6, u7 := t5.InterleaveLoGrouped(t7), t5.InterleaveHiGrouped(t7)
	u8, u9 := t8.InterleaveLoGrouped(t10), t8.InterleaveHiGrouped(t10)
	u10, u11 := t9.InterleaveLoGrouped(t11), t9.InterleaveHiGrouped(t11)
	u12, u13 := t12.InterleaveLoGrouped(t14), t12.InterleaveHiGrouped(t14)
	u14, u15 := t13.InterleaveLoGrouped(t15), t13.InterleaveHiGrouped(t15)
	i0, i1 := archsimd.LoadUint64x8(&lane128Idx[0]), archsimd.LoadUint64x8(&lane128Idx[1])
	i2, i3 := archsimd.LoadUint64x8(&lane128Idx[2]), archsimd.LoadUint64x8(&lane128Idx[3])
	z0, z1 := u0.ConcatPermute(u4, i0), u0.ConcatPermute(u4, i1)
	z2, z3 := u8.ConcatPermute(u12, i0), u8.ConcatPermute(u12, i1)
	m[0], m[8] = z0.ConcatPermute(z2, i2).AsUint32x16(), z0.ConcatPermute(z2, i3).AsUint32x16()
	m[4], m[12] = z1.ConcatPermute(z3, i2).AsUint32x16(), z1.ConcatPermute(z3, i3).AsUint32x16()
	z0, z1 = u1.ConcatPermute(u5, i0), u1.ConcatPermute(u5, i1)
	z2, z3 = u9.ConcatPermute(u13, i0), u9.ConcatPermute(u13, i1)
	m[1], m[9] = z0.ConcatPermute(z2, i2).AsUint32x16(), z0.ConcatPermute(z2, i3).AsUint32x16()
	m[5], m[13] = z1.ConcatPermute(z3, i2).AsUint32x16(), z1.ConcatPermute(z3, i3).AsUint32x16()
	z0, z1 = u2.ConcatPermute(u6, i0), u2.ConcatPermute(u6, i1)
	z2, z3 = u10.ConcatPermute(u14, i0), u10.ConcatPermute(u14, i1)
	m[2], m[10] = z0.ConcatPermute(z2, i2).AsUint32x16(), z0.ConcatPermute(z2, i3).AsUint32x16()
	m[6], m[14] = z1.ConcatPermute(z3, i2).AsUint32x16(), z1.ConcatPermute(z3, i3).AsUint32x16()
	z0, z1 = u3.ConcatPermute(u7, i0), u3.ConcatPermute(u7, i1)
	z2, z3 = u11.ConcatPermute(u15, i0), u11.ConcatPermute(u15, i1)
	m[3], m[11] = z0.ConcatPermute(z2, i2).AsUint32x16(), z0.ConcatPermute(z2, i3).AsUint32x16()
	m[7], m[15] = z1.ConcatPermute(z3, i2).AsUint32x16(), z1.ConcatPermute(z3, i3).AsUint32x16()
}

// hashGroup16 is hashGroup with AVX-512: the chunks are compressed side
// by side, one per lane, and the parents level by level the same way.
func hashGroup16(p *[groupLen]byte, ctr uint64) [8]uint32 {
	var h [8]vec
	for k := range h {
		h[k] = archsimd.BroadcastUint32x16(iv[k])
	}
	var lo, hi [16]uint32
	for i := range lo {
		c := ctr + uint64(i)
		lo[i], hi[i] = uint32(c), uint32(c>>32)
	}
	ctrLo, ctrHi := archsimd.LoadUint32x16(&lo), archsimd.LoadUint32x16(&hi)
	blen := archsimd.BroadcastUint32x16(blockLen)
	var m [16]vec
	for b := 0; b < chunkLen/blockLen; b++ {
		loadBlock16(p, b, &m)
		flags := uint32(0)
		if b == 0 {
			flags |= flagChunkStart
		}
		if b == chunkLen/blockLen-1 {
			flags |= flagChunkEnd
		}
		compress16(&h, &m, ctrLo, ctrHi, blen, archsimd.BroadcastUint32x16(flags))
	}
	// parents: lane i of the next level joins lanes 2i and 2i+1
	even, odd := archsimd.LoadUint32x16(&evenOdd[0]), archsimd.LoadUint32x16(&evenOdd[1])
	zero := archsimd.BroadcastUint32x16(0)
	pflags := archsimd.BroadcastUint32x16(flagParent)
	for n := groupChunks / 2; n >= 1; n /= 2 {
		for k := range h {
			m[k], m[8+k] = h[k].Permute(even), h[k].Permute(odd)
			h[k] = archsimd.BroadcastUint32x16(iv[k])
		}
		compress16(&h, &m, zero, zero, blen, pflags)
	}
	var cv [8]uint32
	var lane [16]uint32
	for k := range h {
		h[k].Store(&lane)
		cv[k] = lane[0]
	}
	// VZEROUPPER: the SSE code Go emits everywhere (X15 zeroing) then
	// runs without the dirty-upper-state penalty of Intel CPUs
	archsimd.ClearAVXUpperBits()
	return cv
}
