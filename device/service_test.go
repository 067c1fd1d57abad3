package device_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/testenv"
)

// TestServiceStringsAreOnesAdbdKnows reads the product code (every non-test Go file
// of the module) and follows each request sent to the adb server (wire's
// SendMessageString) back to the string it starts with: each must be a host request
// the server knows or a device service adbd knows (adbd.KnownService, written from
// AOSP's SERVICES.TXT and daemon/services.cpp). A device closes any other service at
// once: the observer once sent "exec-out:", and every real device refused it.
func TestServiceStringsAreOnesAdbdKnows(t *testing.T) {
	root := testenv.RepoRoot(t)
	pkgs := map[string][]*ast.File{} // directory -> parsed product files
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() {
			rel, _ := filepath.Rel(root, p)
			// The stand-ins speak the protocol from the other side.
			if rel == filepath.Join("internal", "adbd") || rel == filepath.Join("internal", "adbtest") || strings.HasPrefix(e.Name(), ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		pkgs[filepath.Dir(p)] = append(pkgs[filepath.Dir(p)], f)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, files := range pkgs {
		r := newResolver(fset, files)
		for _, f := range files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || calleeName(call) != "SendMessageString" || len(call.Args) != 2 {
					return true
				}
				fn := enclosingFunc(f, call)
				where := fset.Position(call.Pos())
				prefixes, err := r.resolve(call.Args[1], fn, 0)
				if err != nil {
					t.Errorf("%s: cannot tell which service this sends: %v (keep service names in constants or literals)", rel(root, where), err)
					return true
				}
				for _, p := range prefixes {
					found = append(found, p)
					if !adbd.KnownHostService(p) && !adbd.KnownService(p) {
						t.Errorf("%s: sends %q, which neither the adb server nor adbd knows", rel(root, where), p)
					}
				}
				return true
			})
		}
	}
	// The check must have seen the requests the device layer is built on.
	for _, want := range []string{"host:devices-l", "host:transport:", "shell:", "exec:"} {
		if !contains(found, want) {
			t.Errorf("no request starting %q was found (found %q): the scan lost track", want, found)
		}
	}
}

func rel(root string, p token.Position) string {
	r, err := filepath.Rel(root, p.Filename)
	if err != nil {
		r = p.Filename
	}
	return r + ":" + strconv.Itoa(p.Line)
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func calleeName(call *ast.CallExpr) string {
	switch f := call.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		return f.Sel.Name
	}
	return ""
}

func enclosingFunc(f *ast.File, n ast.Node) *ast.FuncDecl {
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Pos() <= n.Pos() && n.End() <= fd.End() {
			return fd
		}
	}
	return nil
}

// resolver follows an expression back to the string literals it can start with, within
// one package: constants, local assignments, and the arguments every caller passes
// for a parameter.
type resolver struct {
	fset   *token.FileSet
	files  []*ast.File
	consts map[string]ast.Expr
	funcs  map[string]*ast.FuncDecl
}

func newResolver(fset *token.FileSet, files []*ast.File) *resolver {
	r := &resolver{fset: fset, files: files, consts: map[string]ast.Expr{}, funcs: map[string]*ast.FuncDecl{}}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok != token.CONST {
					continue
				}
				for _, s := range d.Specs {
					vs := s.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							r.consts[name.Name] = vs.Values[i]
						}
					}
				}
			case *ast.FuncDecl:
				r.funcs[d.Name.Name] = d
			}
		}
	}
	return r
}

func (r *resolver) resolve(e ast.Expr, fn *ast.FuncDecl, depth int) ([]string, error) {
	if depth > 8 {
		return nil, fmt.Errorf("too deep")
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return nil, fmt.Errorf("%s is not a string", e.Value)
		}
		s, err := strconv.Unquote(e.Value)
		return []string{s}, err
	case *ast.ParenExpr:
		return r.resolve(e.X, fn, depth+1)
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return nil, fmt.Errorf("operator %s", e.Op)
		}
		return r.resolve(e.X, fn, depth+1)
	case *ast.Ident:
		if fn != nil {
			if exprs := assignments(fn, e.Name); len(exprs) > 0 {
				return r.union(exprs, fn, depth)
			}
			if i := paramIndex(fn, e.Name); i >= 0 {
				return r.callerArgs(fn, i, depth)
			}
		}
		if v, ok := r.consts[e.Name]; ok {
			return r.resolve(v, nil, depth+1)
		}
		return nil, fmt.Errorf("%s is neither a constant, a local, nor a parameter", e.Name)
	}
	return nil, fmt.Errorf("an expression of type %T", e)
}

func (r *resolver) union(exprs []ast.Expr, fn *ast.FuncDecl, depth int) ([]string, error) {
	var out []string
	for _, x := range exprs {
		s, err := r.resolve(x, fn, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// callerArgs resolves the argument every call of fn passes for its i-th parameter.
func (r *resolver) callerArgs(fn *ast.FuncDecl, i, depth int) ([]string, error) {
	var out []string
	var firstErr error
	calls := 0
	for _, f := range r.files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || calleeName(call) != fn.Name.Name || len(call.Args) <= i {
				return true
			}
			calls++
			s, err := r.resolve(call.Args[i], enclosingFunc(f, call), depth+1)
			if err != nil && firstErr == nil {
				firstErr = fmt.Errorf("%s: %w", r.fset.Position(call.Pos()), err)
			}
			out = append(out, s...)
			return true
		})
	}
	if firstErr != nil {
		return nil, firstErr
	}
	if calls == 0 {
		return nil, fmt.Errorf("%s is never called", fn.Name.Name)
	}
	return out, nil
}

func paramIndex(fn *ast.FuncDecl, name string) int {
	i := 0
	for _, field := range fn.Type.Params.List {
		for _, n := range field.Names {
			if n.Name == name {
				return i
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return -1
}

// assignments lists what a function assigns to a local variable of this name.
func assignments(fn *ast.FuncDecl, name string) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			if len(s.Lhs) != len(s.Rhs) {
				return true
			}
			for i, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name {
					out = append(out, s.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			for i, id := range s.Names {
				if id.Name == name && i < len(s.Values) {
					out = append(out, s.Values[i])
				}
			}
		}
		return true
	})
	return out
}

// TestEveryDeviceOperationUsesKnownServices runs every operation of the device layer
// through the real adb server against the device stand-in: the device must have been
// asked only for services adbd knows, and refused nothing (goadb's own requests
// included, which the scan above cannot read).
func TestEveryDeviceOperationUsesKnownServices(t *testing.T) {
	_, dev, d := connect(t)
	dev.PutFile("/sdcard/a.txt", []byte("a"))
	c := ctx(t)
	steps := map[string]func() error{
		"Shell":              func() error { _, err := d.Shell(c, "echo hi"); return err },
		"ExecOut":            func() error { _, err := d.ExecOut(c, "echo hi", 3, "hi and a line break"); return err },
		"Screenshot":         func() error { _, err := d.Screenshot(c); return err },
		"ScreenshotRaw":      func() error { _, err := d.ScreenshotRaw(c); return err },
		"UIXML":              func() error { _, err := d.UIXML(c); return err },
		"ForegroundActivity": func() error { _, err := d.ForegroundActivity(c); return err },
		"Stat":               func() error { _, err := d.Stat(c, "/sdcard/a.txt"); return err },
		"List":               func() error { _, err := d.List(c, "/sdcard"); return err },
		"Pull":               func() error { _, err := d.Pull(c, "/sdcard/a.txt"); return err },
		"State":              func() error { _, err := d.State(c); return err },
	}
	for name, step := range steps {
		if err := step(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if r := dev.Refused(); len(r) > 0 {
		t.Errorf("the device refused %q", r)
	}
	for _, s := range dev.Services() {
		if !adbd.KnownService(s) {
			t.Errorf("the device was asked for %q, a service adbd does not know", s)
		}
	}
}
