package stackstart

import (
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// The runtime initializes a package only after everything it imports;
// one that imports nothing runs its init before the standard library
// packages whose inits already grow the stack (internal/godebug, os) and
// before all of nash. Keep it so.
func TestImportsNothing(t *testing.T) {
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			t.Errorf("%s imports %s: stackstart must import nothing to initialize early", name, imp.Path.Value)
		}
	}
}
