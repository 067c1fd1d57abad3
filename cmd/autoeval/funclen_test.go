package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// maxFuncLines bounds every function of the command: a command builds its flags, checks
// them and calls the packages that do the work, and that fits in a screen. Domain logic in
// a command grows functions past it (newGroundtruthCmd once had a 178-line closure).
const maxFuncLines = 80

// TestCommandFunctionsAreShort fails on a function of cmd/autoeval (tests aside) longer
// than maxFuncLines, closures included in the function that holds them.
func TestCommandFunctionsAreShort(t *testing.T) {
	t.Parallel()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			checked++
			start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
			if n := end.Line - start.Line + 1; n > maxFuncLines {
				t.Errorf("%s:%d: %s is %d lines, over %d: move what is not flags, checks and calls into its package", name, start.Line, fn.Name.Name, n, maxFuncLines)
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d functions found: is the test looking at the command's files?", checked)
	}
}
