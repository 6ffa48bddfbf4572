package redact

import (
	"bytes"
	"testing"
)

// triggers are the substrings without which no detector can fire (see
// hasTrigger). Byte classes matter too: a base64 run of minRun characters
// can be judged by entropy.
var triggers = []string{"=", ":", "-----BEGIN", "AKIA", "ASIA", "AGPA", "AIDA", "AROA", "ANPA", "AIza",
	"gh", "gl", "xox", "xapp-", "sk", "rk_", "whsec_", "npm_", "pypi-", "eyJ", "--", "-p"}

// hasTrigger is a conservative oracle: false means Bytes must return its
// input unchanged.
func hasTrigger(b []byte) bool {
	for _, t := range triggers {
		if bytes.Contains(b, []byte(t)) {
			return true
		}
	}
	if bytes.Contains(bytes.ToLower(b), []byte("bearer")) {
		return true
	}
	run := 0
	for _, c := range b {
		if isRunChar(c) {
			run++
			if run >= minRun {
				return true
			}
		} else {
			run = 0
		}
	}
	return false
}

func FuzzBytes(f *testing.F) {
	for _, s := range []string{
		"", "ls -la", "AKIAIOSFODNN7EXAMPLE", "https://u:p@h/", "password=x", "-----BEGIN RSA PRIVATE KEY-----\nx",
		"Authorization: Bearer abcdefgh1", "eyJhbGciOi.eyJzdWIiOi.sig", "\x00\xff[REDACTED:x]", "mysql -pX",
		"7Hq2LmZp9XvB3nK8sR4tW6yC1dF5gJ0a", "--token a b", "sk-ant-xxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		orig := append([]byte(nil), b...)
		got := Bytes(b)
		if !bytes.Equal(b, orig) {
			t.Fatal("Bytes modified its input")
		}
		if !hasTrigger(b) && !bytes.Equal(got, b) {
			t.Fatalf("no trigger, but output differs: %q -> %q", b, got)
		}
		if again := Bytes(got); !bytes.Equal(again, got) {
			t.Fatalf("not idempotent: %q -> %q -> %q", b, got, again)
		}
		if s := String(string(b)); s != string(got) {
			t.Fatalf("String and Bytes disagree: %q vs %q", s, got)
		}
		_ = Argv([]string{"mysql", string(b), "--token", string(b)}, []string{string(b)})
		_ = Tainted(b, []string{string(b), "abcd"})
	})
}
