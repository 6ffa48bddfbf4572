package interp

import (
	"os"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

func TestDumpParse(t *testing.T) {
	src := os.Getenv("SRC")
	f, text, err := parseProgram(src, "x")
	t.Logf("text=%q err=%v", text, err)
	if f != nil {
		syntax.DebugPrint(os.Stdout, f)
	}
	_ = strings.ToUpper
}

func TestDumpRaw(t *testing.T) {
	f, err := parseBash(strings.ReplaceAll(os.Getenv("SRC"), "CR", "\r"), "x")
	t.Logf("err=%v", err)
	if f != nil {
		syntax.DebugPrint(os.Stdout, f)
	}
}
