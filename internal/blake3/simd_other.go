//go:build !(goexperiment.simd && amd64)

package blake3

// groupChunks is the width of the SIMD hasher, absent in this build.
const groupChunks = 16

const simdBuild = false

func detectSIMD() simdKind { return noSIMD }

func supportedSIMD() []simdKind { return []simdKind{noSIMD} }

func hashGroup(kind simdKind, p *[groupLen]byte, ctr uint64) [8]uint32 {
	panic("blake3: no SIMD hasher in this build")
}
