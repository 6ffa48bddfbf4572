// Package blake3 is a portable BLAKE3-256 hash (the unkeyed hash mode of
// the BLAKE3 specification), written for nash's observer. Hashing the
// bytes that cross taps must not cost shell start-up, so nash links this
// rather than a library whose CPU-feature probing (dozens of CPUID
// instructions, each a trap to the hypervisor in a VM) ran at every shell
// start. Built with GOEXPERIMENT=simd on amd64 it hashes long streams 16
// chunks at a time with AVX-512 or 8 at a time with AVX2 (simd_amd64.go,
// simd8_amd64.go), choosing from the feature bits the Go runtime already
// has.
package blake3

import (
	"encoding/binary"
	"math/bits"
)

var iv = [8]uint32{0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19}

const (
	flagChunkStart = 1 << 0
	flagChunkEnd   = 1 << 1
	flagParent     = 1 << 2
	flagRoot       = 1 << 3

	blockLen = 64
	chunkLen = 1024
)

// compress is the BLAKE3 compression function; it returns all 16 words.
// It is unrolled over local variables so the state stays in registers.
func compress(cv *[8]uint32, m *[16]uint32, counter uint64, blen, flags uint32) [16]uint32 {
	m0, m1, m2, m3, m4, m5, m6, m7 := m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]
	m8, m9, m10, m11, m12, m13, m14, m15 := m[8], m[9], m[10], m[11], m[12], m[13], m[14], m[15]
	s0, s1, s2, s3, s4, s5, s6, s7 := cv[0], cv[1], cv[2], cv[3], cv[4], cv[5], cv[6], cv[7]
	s8, s9, s10, s11 := iv[0], iv[1], iv[2], iv[3]
	s12, s13, s14, s15 := uint32(counter), uint32(counter>>32), blen, flags
	// round 1
	s0 += s4 + m0
	s12 = bits.RotateLeft32(s12^s0, -16)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -12)
	s0 += s4 + m1
	s12 = bits.RotateLeft32(s12^s0, -8)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -7)
	s1 += s5 + m2
	s13 = bits.RotateLeft32(s13^s1, -16)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -12)
	s1 += s5 + m3
	s13 = bits.RotateLeft32(s13^s1, -8)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -7)
	s2 += s6 + m4
	s14 = bits.RotateLeft32(s14^s2, -16)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -12)
	s2 += s6 + m5
	s14 = bits.RotateLeft32(s14^s2, -8)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -7)
	s3 += s7 + m6
	s15 = bits.RotateLeft32(s15^s3, -16)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -12)
	s3 += s7 + m7
	s15 = bits.RotateLeft32(s15^s3, -8)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -7)
	s0 += s5 + m8
	s15 = bits.RotateLeft32(s15^s0, -16)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -12)
	s0 += s5 + m9
	s15 = bits.RotateLeft32(s15^s0, -8)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -7)
	s1 += s6 + m10
	s12 = bits.RotateLeft32(s12^s1, -16)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -12)
	s1 += s6 + m11
	s12 = bits.RotateLeft32(s12^s1, -8)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -7)
	s2 += s7 + m12
	s13 = bits.RotateLeft32(s13^s2, -16)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -12)
	s2 += s7 + m13
	s13 = bits.RotateLeft32(s13^s2, -8)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -7)
	s3 += s4 + m14
	s14 = bits.RotateLeft32(s14^s3, -16)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -12)
	s3 += s4 + m15
	s14 = bits.RotateLeft32(s14^s3, -8)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -7)
	// round 2
	s0 += s4 + m2
	s12 = bits.RotateLeft32(s12^s0, -16)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -12)
	s0 += s4 + m6
	s12 = bits.RotateLeft32(s12^s0, -8)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -7)
	s1 += s5 + m3
	s13 = bits.RotateLeft32(s13^s1, -16)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -12)
	s1 += s5 + m10
	s13 = bits.RotateLeft32(s13^s1, -8)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -7)
	s2 += s6 + m7
	s14 = bits.RotateLeft32(s14^s2, -16)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -12)
	s2 += s6 + m0
	s14 = bits.RotateLeft32(s14^s2, -8)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -7)
	s3 += s7 + m4
	s15 = bits.RotateLeft32(s15^s3, -16)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -12)
	s3 += s7 + m13
	s15 = bits.RotateLeft32(s15^s3, -8)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -7)
	s0 += s5 + m1
	s15 = bits.RotateLeft32(s15^s0, -16)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -12)
	s0 += s5 + m11
	s15 = bits.RotateLeft32(s15^s0, -8)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -7)
	s1 += s6 + m12
	s12 = bits.RotateLeft32(s12^s1, -16)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -12)
	s1 += s6 + m5
	s12 = bits.RotateLeft32(s12^s1, -8)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -7)
	s2 += s7 + m9
	s13 = bits.RotateLeft32(s13^s2, -16)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -12)
	s2 += s7 + m14
	s13 = bits.RotateLeft32(s13^s2, -8)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -7)
	s3 += s4 + m15
	s14 = bits.RotateLeft32(s14^s3, -16)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -12)
	s3 += s4 + m8
	s14 = bits.RotateLeft32(s14^s3, -8)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -7)
	// round 3
	s0 += s4 + m3
	s12 = bits.RotateLeft32(s12^s0, -16)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -12)
	s0 += s4 + m4
	s12 = bits.RotateLeft32(s12^s0, -8)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -7)
	s1 += s5 + m10
	s13 = bits.RotateLeft32(s13^s1, -16)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -12)
	s1 += s5 + m12
	s13 = bits.RotateLeft32(s13^s1, -8)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -7)
	s2 += s6 + m13
	s14 = bits.RotateLeft32(s14^s2, -16)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -12)
	s2 += s6 + m2
	s14 = bits.RotateLeft32(s14^s2, -8)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -7)
	s3 += s7 + m7
	s15 = bits.RotateLeft32(s15^s3, -16)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -12)
	s3 += s7 + m14
	s15 = bits.RotateLeft32(s15^s3, -8)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -7)
	s0 += s5 + m6
	s15 = bits.RotateLeft32(s15^s0, -16)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -12)
	s0 += s5 + m5
	s15 = bits.RotateLeft32(s15^s0, -8)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -7)
	s1 += s6 + m9
	s12 = bits.RotateLeft32(s12^s1, -16)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -12)
	s1 += s6 + m0
	s12 = bits.RotateLeft32(s12^s1, -8)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -7)
	s2 += s7 + m11
	s13 = bits.RotateLeft32(s13^s2, -16)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -12)
	s2 += s7 + m15
	s13 = bits.RotateLeft32(s13^s2, -8)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -7)
	s3 += s4 + m8
	s14 = bits.RotateLeft32(s14^s3, -16)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -12)
	s3 += s4 + m1
	s14 = bits.RotateLeft32(s14^s3, -8)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -7)
	// round 4
	s0 += s4 + m10
	s12 = bits.RotateLeft32(s12^s0, -16)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -12)
	s0 += s4 + m7
	s12 = bits.RotateLeft32(s12^s0, -8)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -7)
	s1 += s5 + m12
	s13 = bits.RotateLeft32(s13^s1, -16)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -12)
	s1 += s5 + m9
	s13 = bits.RotateLeft32(s13^s1, -8)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -7)
	s2 += s6 + m14
	s14 = bits.RotateLeft32(s14^s2, -16)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -12)
	s2 += s6 + m3
	s14 = bits.RotateLeft32(s14^s2, -8)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -7)
	s3 += s7 + m13
	s15 = bits.RotateLeft32(s15^s3, -16)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -12)
	s3 += s7 + m15
	s15 = bits.RotateLeft32(s15^s3, -8)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -7)
	s0 += s5 + m4
	s15 = bits.RotateLeft32(s15^s0, -16)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -12)
	s0 += s5 + m0
	s15 = bits.RotateLeft32(s15^s0, -8)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -7)
	s1 += s6 + m11
	s12 = bits.RotateLeft32(s12^s1, -16)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -12)
	s1 += s6 + m2
	s12 = bits.RotateLeft32(s12^s1, -8)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -7)
	s2 += s7 + m5
	s13 = bits.RotateLeft32(s13^s2, -16)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -12)
	s2 += s7 + m8
	s13 = bits.RotateLeft32(s13^s2, -8)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -7)
	s3 += s4 + m1
	s14 = bits.RotateLeft32(s14^s3, -16)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -12)
	s3 += s4 + m6
	s14 = bits.RotateLeft32(s14^s3, -8)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -7)
	// round 5
	s0 += s4 + m12
	s12 = bits.RotateLeft32(s12^s0, -16)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -12)
	s0 += s4 + m13
	s12 = bits.RotateLeft32(s12^s0, -8)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -7)
	s1 += s5 + m9
	s13 = bits.RotateLeft32(s13^s1, -16)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -12)
	s1 += s5 + m11
	s13 = bits.RotateLeft32(s13^s1, -8)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -7)
	s2 += s6 + m15
	s14 = bits.RotateLeft32(s14^s2, -16)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -12)
	s2 += s6 + m10
	s14 = bits.RotateLeft32(s14^s2, -8)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -7)
	s3 += s7 + m14
	s15 = bits.RotateLeft32(s15^s3, -16)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -12)
	s3 += s7 + m8
	s15 = bits.RotateLeft32(s15^s3, -8)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -7)
	s0 += s5 + m7
	s15 = bits.RotateLeft32(s15^s0, -16)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -12)
	s0 += s5 + m2
	s15 = bits.RotateLeft32(s15^s0, -8)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -7)
	s1 += s6 + m5
	s12 = bits.RotateLeft32(s12^s1, -16)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -12)
	s1 += s6 + m3
	s12 = bits.RotateLeft32(s12^s1, -8)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -7)
	s2 += s7 + m0
	s13 = bits.RotateLeft32(s13^s2, -16)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -12)
	s2 += s7 + m1
	s13 = bits.RotateLeft32(s13^s2, -8)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -7)
	s3 += s4 + m6
	s14 = bits.RotateLeft32(s14^s3, -16)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -12)
	s3 += s4 + m4
	s14 = bits.RotateLeft32(s14^s3, -8)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -7)
	// round 6
	s0 += s4 + m9
	s12 = bits.RotateLeft32(s12^s0, -16)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -12)
	s0 += s4 + m14
	s12 = bits.RotateLeft32(s12^s0, -8)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -7)
	s1 += s5 + m11
	s13 = bits.RotateLeft32(s13^s1, -16)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -12)
	s1 += s5 + m5
	s13 = bits.RotateLeft32(s13^s1, -8)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -7)
	s2 += s6 + m8
	s14 = bits.RotateLeft32(s14^s2, -16)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -12)
	s2 += s6 + m12
	s14 = bits.RotateLeft32(s14^s2, -8)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -7)
	s3 += s7 + m15
	s15 = bits.RotateLeft32(s15^s3, -16)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -12)
	s3 += s7 + m1
	s15 = bits.RotateLeft32(s15^s3, -8)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -7)
	s0 += s5 + m13
	s15 = bits.RotateLeft32(s15^s0, -16)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -12)
	s0 += s5 + m3
	s15 = bits.RotateLeft32(s15^s0, -8)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -7)
	s1 += s6 + m0
	s12 = bits.RotateLeft32(s12^s1, -16)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -12)
	s1 += s6 + m10
	s12 = bits.RotateLeft32(s12^s1, -8)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -7)
	s2 += s7 + m2
	s13 = bits.RotateLeft32(s13^s2, -16)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -12)
	s2 += s7 + m6
	s13 = bits.RotateLeft32(s13^s2, -8)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -7)
	s3 += s4 + m4
	s14 = bits.RotateLeft32(s14^s3, -16)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -12)
	s3 += s4 + m7
	s14 = bits.RotateLeft32(s14^s3, -8)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -7)
	// round 7
	s0 += s4 + m11
	s12 = bits.RotateLeft32(s12^s0, -16)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -12)
	s0 += s4 + m15
	s12 = bits.RotateLeft32(s12^s0, -8)
	s8 += s12
	s4 = bits.RotateLeft32(s4^s8, -7)
	s1 += s5 + m5
	s13 = bits.RotateLeft32(s13^s1, -16)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -12)
	s1 += s5 + m0
	s13 = bits.RotateLeft32(s13^s1, -8)
	s9 += s13
	s5 = bits.RotateLeft32(s5^s9, -7)
	s2 += s6 + m1
	s14 = bits.RotateLeft32(s14^s2, -16)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -12)
	s2 += s6 + m9
	s14 = bits.RotateLeft32(s14^s2, -8)
	s10 += s14
	s6 = bits.RotateLeft32(s6^s10, -7)
	s3 += s7 + m8
	s15 = bits.RotateLeft32(s15^s3, -16)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -12)
	s3 += s7 + m6
	s15 = bits.RotateLeft32(s15^s3, -8)
	s11 += s15
	s7 = bits.RotateLeft32(s7^s11, -7)
	s0 += s5 + m14
	s15 = bits.RotateLeft32(s15^s0, -16)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -12)
	s0 += s5 + m10
	s15 = bits.RotateLeft32(s15^s0, -8)
	s10 += s15
	s5 = bits.RotateLeft32(s5^s10, -7)
	s1 += s6 + m2
	s12 = bits.RotateLeft32(s12^s1, -16)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -12)
	s1 += s6 + m12
	s12 = bits.RotateLeft32(s12^s1, -8)
	s11 += s12
	s6 = bits.RotateLeft32(s6^s11, -7)
	s2 += s7 + m3
	s13 = bits.RotateLeft32(s13^s2, -16)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -12)
	s2 += s7 + m4
	s13 = bits.RotateLeft32(s13^s2, -8)
	s8 += s13
	s7 = bits.RotateLeft32(s7^s8, -7)
	s3 += s4 + m7
	s14 = bits.RotateLeft32(s14^s3, -16)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -12)
	s3 += s4 + m13
	s14 = bits.RotateLeft32(s14^s3, -8)
	s9 += s14
	s4 = bits.RotateLeft32(s4^s9, -7)
	return [16]uint32{
		s0 ^ s8, s1 ^ s9, s2 ^ s10, s3 ^ s11, s4 ^ s12, s5 ^ s13, s6 ^ s14, s7 ^ s15,
		s8 ^ cv[0], s9 ^ cv[1], s10 ^ cv[2], s11 ^ cv[3], s12 ^ cv[4], s13 ^ cv[5], s14 ^ cv[6], s15 ^ cv[7],
	}
}

func words(block []byte) (m [16]uint32) {
	for i := range m {
		m[i] = binary.LittleEndian.Uint32(block[4*i:])
	}
	return m
}

func first8(s [16]uint32) (cv [8]uint32) {
	copy(cv[:], s[:8])
	return cv
}

// output is a node whose compression has not run yet: the last block of
// a chunk or a parent node.
type output struct {
	cv      [8]uint32
	block   [16]uint32
	counter uint64
	blen    uint32
	flags   uint32
}

func (o *output) chainingValue() [8]uint32 {
	return first8(compress(&o.cv, &o.block, o.counter, o.blen, o.flags))
}

func parentOutput(left, right [8]uint32) output {
	o := output{cv: iv, blen: blockLen, flags: flagParent}
	copy(o.block[:8], left[:])
	copy(o.block[8:], right[:])
	return o
}

// chunkState hashes one 1 KiB chunk.
type chunkState struct {
	cv        [8]uint32
	counter   uint64
	buf       [blockLen]byte
	bufLen    int
	compressd int // blocks compressed so far
}

func (c *chunkState) len() int { return blockLen*c.compressd + c.bufLen }

func (c *chunkState) startFlag() uint32 {
	if c.compressd == 0 {
		return flagChunkStart
	}
	return 0
}

func (c *chunkState) update(p []byte) {
	// whole blocks straight from p while more input follows each one
	// (the last block of a chunk must wait for its chunk-end flag)
	if c.bufLen == blockLen && len(p) > 0 {
		m := words(c.buf[:])
		c.cv = first8(compress(&c.cv, &m, c.counter, blockLen, c.startFlag()))
		c.compressd++
		c.bufLen = 0
	}
	for c.bufLen == 0 && len(p) > blockLen {
		m := words(p[:blockLen])
		c.cv = first8(compress(&c.cv, &m, c.counter, blockLen, c.startFlag()))
		c.compressd++
		p = p[blockLen:]
	}
	for len(p) > 0 {
		if c.bufLen == blockLen {
			m := words(c.buf[:])
			c.cv = first8(compress(&c.cv, &m, c.counter, blockLen, c.startFlag()))
			c.compressd++
			c.bufLen = 0
		}
		n := copy(c.buf[c.bufLen:], p)
		c.bufLen += n
		p = p[n:]
	}
}

func (c *chunkState) output() output {
	var full [blockLen]byte
	copy(full[:], c.buf[:c.bufLen])
	return output{cv: c.cv, block: words(full[:]), counter: c.counter, blen: uint32(c.bufLen), flags: c.startFlag() | flagChunkEnd}
}

// Hasher computes BLAKE3-256 over everything written to it. The zero value
// is not usable: call New.
//
// Where the SIMD hasher exists (simd_amd64.go), a stream longer than one
// group of 16 chunks is hashed 16 chunks side by side: after the first
// group, which goes through the portable code (short streams never
// allocate), the Hasher collects each group in buf and hashes it once the
// next byte shows that none of its chunks can be the root.
type Hasher struct {
	chunk   chunkState
	stack   [54][8]uint32
	depth   int
	chunks  uint64 // chunks completed
	simd    simdKind
	grouped bool // collecting whole groups; chunk stays empty
	buf     *[groupLen]byte
	nbuf    int
}

const groupLen = groupChunks * chunkLen

// simdKind says which group hasher a Hasher uses.
type simdKind uint8

const (
	noSIMD     simdKind = iota // portable code only
	simdAVX2                   // 8 chunks per pass
	simdAVX512                 // 16 chunks per pass
)

// New returns a Hasher for the 32-byte BLAKE3 hash.
func New() *Hasher {
	return &Hasher{chunk: chunkState{cv: iv}, simd: detectSIMD()}
}

// Write adds p to the hash; it never fails.
func (h *Hasher) Write(p []byte) (int, error) {
	n := len(p)
	if h.grouped {
		h.writeGroups(p)
		return n, nil
	}
	for len(p) > 0 {
		if h.chunk.len() == chunkLen {
			o := h.chunk.output()
			h.addChunkCV(o.chainingValue())
			h.chunk = chunkState{cv: iv, counter: h.chunks}
		}
		if h.simd != noSIMD && h.chunk.len() == 0 && h.chunks%groupChunks == 0 && (h.chunks > 0 || len(p) > groupLen) {
			h.grouped = true
			h.writeGroups(p)
			return n, nil
		}
		take := chunkLen - h.chunk.len()
		if take > len(p) {
			take = len(p)
		}
		h.chunk.update(p[:take])
		p = p[take:]
	}
	return n, nil
}

// writeGroups is Write in grouped mode. A group is hashed only when more
// bytes follow it, so buf is never empty after a write.
func (h *Hasher) writeGroups(p []byte) {
	for len(p) > 0 {
		if h.nbuf == groupLen {
			h.addGroupCV(hashGroup(h.simd, h.buf, h.chunks))
			h.nbuf = 0
		}
		if h.nbuf == 0 && len(p) > groupLen {
			h.addGroupCV(hashGroup(h.simd, (*[groupLen]byte)(p[:groupLen]), h.chunks))
			p = p[groupLen:]
			continue
		}
		if h.buf == nil {
			h.buf = new([groupLen]byte)
		}
		k := copy(h.buf[h.nbuf:], p)
		h.nbuf += k
		p = p[k:]
	}
}

// addChunkCV merges a finished chunk into the tree: one parent per
// trailing zero bit of the new chunk count.
func (h *Hasher) addChunkCV(cv [8]uint32) {
	h.chunks++
	for t := h.chunks; t&1 == 0; t >>= 1 {
		h.depth--
		o := parentOutput(h.stack[h.depth], cv)
		cv = o.chainingValue()
	}
	h.stack[h.depth] = cv
	h.depth++
}

// addGroupCV is addChunkCV for the subtree of a whole group, which starts
// at a multiple of groupChunks.
func (h *Hasher) addGroupCV(cv [8]uint32) {
	h.chunks += groupChunks
	for t := h.chunks / groupChunks; t&1 == 0; t >>= 1 {
		h.depth--
		o := parentOutput(h.stack[h.depth], cv)
		cv = o.chainingValue()
	}
	h.stack[h.depth] = cv
	h.depth++
}

// Sum appends the 32-byte hash of what was written to b; the Hasher can
// keep receiving writes.
func (h *Hasher) Sum(b []byte) []byte {
	if h.grouped {
		// the pending group goes through the portable code on a copy
		c := *h
		c.grouped, c.simd, c.buf, c.nbuf = false, noSIMD, nil, 0
		c.chunk = chunkState{cv: iv, counter: h.chunks}
		c.Write(h.buf[:h.nbuf])
		return c.Sum(b)
	}
	o := h.chunk.output()
	for i := h.depth - 1; i >= 0; i-- {
		o = parentOutput(h.stack[i], o.chainingValue())
	}
	s := compress(&o.cv, &o.block, 0, o.blen, o.flags|flagRoot)
	var out [32]byte
	for i := 0; i < 8; i++ {
		binary.LittleEndian.PutUint32(out[4*i:], s[i])
	}
	return append(b, out[:]...)
}

// Sum256 returns the BLAKE3-256 hash of data.
func Sum256(data []byte) [32]byte {
	h := New()
	h.Write(data)
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}
