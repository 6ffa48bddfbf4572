//go:build goexperiment.simd && amd64

package blake3

import "simd/archsimd"

// The AVX2 hasher: as simd_amd64.go with eight lanes, for CPUs without
// AVX-512. AVX2 has no vector rotate, so rotations are byte shuffles (by
// 16 and 8 bits) or two shifts.

type vec8 = archsimd.Uint32x8

// rotr16Idx and rotr8Idx are VPSHUFB indices rotating each 32-bit word
// right by 16 and 8 bits (indices are relative to each 128-bit half).
// Literals, so that no package init runs for them at each shell start.
var (
	rotr16Idx = [32]int8{2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13}
	rotr8Idx  = [32]int8{1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12, 1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12}
)

// g8 is the quarter-round on eight states.
func g8(a, b, c, d, x, y vec8) (vec8, vec8, vec8, vec8) {
	a = a.Add(b).Add(x)
	d = d.Xor(a).AsUint8x32().PermuteOrZeroGrouped(archsimd.LoadInt8x32(&rotr16Idx)).AsUint32x8()
	c = c.Add(d)
	b = b.Xor(c)
	b = b.ShiftAllRight(12).Or(b.ShiftAllLeft(20))
	a = a.Add(b).Add(y)
	d = d.Xor(a).AsUint8x32().PermuteOrZeroGrouped(archsimd.LoadInt8x32(&rotr8Idx)).AsUint32x8()
	c = c.Add(d)
	b = b.Xor(c)
	b = b.ShiftAllRight(7).Or(b.ShiftAllLeft(25))
	return a, b, c, d
}

// compress8 is compress16 on eight lanes.
func compress8(h *[8]vec8, m *[16]vec8, ctrLo, ctrHi, blen, flags vec8) {
	v0, v1, v2, v3, v4, v5, v6, v7 := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	v8, v9 := archsimd.BroadcastUint32x8(iv[0]), archsimd.BroadcastUint32x8(iv[1])
	v10, v11 := archsimd.BroadcastUint32x8(iv[2]), archsimd.BroadcastUint32x8(iv[3])
	v12, v13, v14, v15 := ctrLo, ctrHi, blen, flags
	for r := range schedule {
		s := &schedule[r]
		v0, v4, v8, v12 = g8(v0, v4, v8, v12, m[s[0]&15], m[s[1]&15])
		v1, v5, v9, v13 = g8(v1, v5, v9, v13, m[s[2]&15], m[s[3]&15])
		v2, v6, v10, v14 = g8(v2, v6, v10, v14, m[s[4]&15], m[s[5]&15])
		v3, v7, v11, v15 = g8(v3, v7, v11, v15, m[s[6]&15], m[s[7]&15])
		v0, v5, v10, v15 = g8(v0, v5, v10, v15, m[s[8]&15], m[s[9]&15])
		v1, v6, v11, v12 = g8(v1, v6, v11, v12, m[s[10]&15], m[s[11]&15])
		v2, v7, v8, v13 = g8(v2, v7, v8, v13, m[s[12]&15], m[s[13]&15])
		v3, v4, v9, v14 = g8(v3, v4, v9, v14, m[s[14]&15], m[s[15]&15])
	}
	h[0], h[1], h[2], h[3] = v0.Xor(v8), v1.Xor(v9), v2.Xor(v10), v3.Xor(v11)
	h[4], h[5], h[6], h[7] = v4.Xor(v12), v5.Xor(v13), v6.Xor(v14), v7.Xor(v15)
}

// transpose8 turns 8 rows of 8 words into 8 columns, in place, with
// unpacks within 128-bit halves and then a swap of halves.
func transpose8(r []vec8) {
	r = r[:8]
	var t [8]vec8
	for i := 0; i < 8; i += 2 {
		t[i], t[i+1] = r[i].InterleaveLoGrouped(r[i+1]), r[i].InterleaveHiGrouped(r[i+1])
	}
	// u[4q+w] holds word w (and w+4 in the high half) of rows 4q..4q+3
	var u [8]vec8
	for q := 0; q < 8; q += 4 {
		a, b, c, d := t[q].AsUint64x4(), t[q+1].AsUint64x4(), t[q+2].AsUint64x4(), t[q+3].AsUint64x4()
		u[q+0] = a.InterleaveLoGrouped(c).AsUint32x8()
		u[q+1] = a.InterleaveHiGrouped(c).AsUint32x8()
		u[q+2] = b.InterleaveLoGrouped(d).AsUint32x8()
		u[q+3] = b.InterleaveHiGrouped(d).AsUint32x8()
	}
	for w := 0; w < 4; w++ {
		r[w], r[w+4] = u[w].Select128FromPair(0, 2, u[4+w]), u[w].Select128FromPair(1, 3, u[4+w])
	}
}

// hashGroup8 is hashGroup with AVX2: two passes of eight chunks, then the
// parents level by level, eight at a time.
func hashGroup8(p *[groupLen]byte, ctr uint64) [8]uint32 {
	var cvs [8][16]uint32 // word k of the chaining value of lane i
	blen := archsimd.BroadcastUint32x8(blockLen)
	var m [16]vec8
	for half := 0; half < 2; half++ {
		var h [8]vec8
		for k := range h {
			h[k] = archsimd.BroadcastUint32x8(iv[k])
		}
		var lo, hi [8]uint32
		for i := range lo {
			c := ctr + uint64(8*half+i)
			lo[i], hi[i] = uint32(c), uint32(c>>32)
		}
		ctrLo, ctrHi := archsimd.LoadUint32x8(&lo), archsimd.LoadUint32x8(&hi)
		for b := 0; b < chunkLen/blockLen; b++ {
			for i := 0; i < 8; i++ {
				off := (8*half+i)*chunkLen + b*blockLen
				m[i] = archsimd.LoadUint8x32((*[32]byte)(p[off : off+32])).AsUint32x8()
				m[8+i] = archsimd.LoadUint8x32((*[32]byte)(p[off+32 : off+64])).AsUint32x8()
			}
			transpose8(m[:8])
			transpose8(m[8:])
			flags := uint32(0)
			if b == 0 {
				flags |= flagChunkStart
			}
			if b == chunkLen/blockLen-1 {
				flags |= flagChunkEnd
			}
			compress8(&h, &m, ctrLo, ctrHi, blen, archsimd.BroadcastUint32x8(flags))
		}
		for k := range h {
			h[k].Store((*[8]uint32)(cvs[k][8*half : 8*half+8]))
		}
	}
	zero := archsimd.BroadcastUint32x8(0)
	pflags := archsimd.BroadcastUint32x8(flagParent)
	for n := groupChunks / 2; n >= 1; n /= 2 {
		var words [16][8]uint32
		for i := 0; i < n; i++ {
			for k := 0; k < 8; k++ {
				words[k][i], words[8+k][i] = cvs[k][2*i], cvs[k][2*i+1]
			}
		}
		var h [8]vec8
		for k := range h {
			h[k] = archsimd.BroadcastUint32x8(iv[k])
			m[k], m[8+k] = archsimd.LoadUint32x8(&words[k]), archsimd.LoadUint32x8(&words[8+k])
		}
		compress8(&h, &m, zero, zero, blen, pflags)
		for k := range h {
			h[k].Store((*[8]uint32)(cvs[k][:8]))
		}
	}
	var cv [8]uint32
	for k := range cv {
		cv[k] = cvs[k][0]
	}
	// VZEROUPPER: the SSE code Go emits everywhere (X15 zeroing) then
	// runs without the dirty-upper-state penalty of Intel CPUs
	archsimd.ClearAVXUpperBits()
	return cv
}
