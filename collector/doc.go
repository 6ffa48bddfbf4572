// Package collector is the HTTP face of nashd serve: it accepts event
// batches on POST /shell-event (validating them and checking their session
// token), hands them to the store, and serves the JSON query API, a
// Server-Sent Events stream, Prometheus metrics and the embedded feed UI.
//
// Storage lives in collector/store and tokens in collector/token; this
// package only decodes, checks, routes and renders.
package collector
