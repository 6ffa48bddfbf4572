package main

// stopProfile ends a CPU profile started by a -tags profile build.
var stopProfile = func() {}
