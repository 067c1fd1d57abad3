package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
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

// TestEveryTestRunsInParallel fails on a test of cmd/autoeval that does not start with
// t.Parallel(): commands get their streams and environment injected, so nothing keeps a
// test from running beside the others, and a test that swapped os.Stdout or set the
// process's environment would have to say so here.
func TestEveryTestRunsInParallel(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	tests := 0
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Name.Name == "TestMain" || fn.Recv != nil {
				continue
			}
			tests++
			if !startsWithParallel(fn) {
				t.Errorf("%s: %s does not start with t.Parallel()", fset.Position(fn.Pos()), fn.Name.Name)
			}
		}
	}
	if tests < 50 {
		t.Fatalf("only %d tests found", tests)
	}
}

func startsWithParallel(fn *ast.FuncDecl) bool {
	if fn.Body == nil || len(fn.Body.List) == 0 {
		return false
	}
	call, ok := fn.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	c, ok := call.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Parallel"
}
