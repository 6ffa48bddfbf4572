package execstage

// Test hooks; this file imports nothing, so that the package's imports
// (and so its place in the initialisation order) stay those of the binary.
var (
	Encode    = encode
	Decode    = decode
	StageName = stageName
	EnvMarker = envMarker
)

// Fast-stage hooks.
var (
	FastName   = fastName
	FastMarker = fastMarker
	ParseHex   = parseHex
	AppendHex  = appendHex
)
