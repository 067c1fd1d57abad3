package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"
)

// sqlUsers are the product packages that may speak SQL (import database/sql or an SQLite
// driver), each for a stated reason. Every other package reaches autoeval's database
// through store's methods, saying what it needs in an interface of its own.
var sqlUsers = map[string]string{
	"store":       "it owns autoeval's database",
	"groundtruth": "it reads the app databases pulled off the device (read-only copies opened through internal/sqlitedsn), never autoeval's",
}

// speaksSQL reports whether importing path gives a package SQL.
func speaksSQL(path string) bool {
	return path == "database/sql" || strings.HasPrefix(path, "database/sql/") ||
		path == "modernc.org/sqlite" || strings.HasPrefix(path, "modernc.org/sqlite/")
}

// Only store speaks SQL to autoeval's database: no other product package imports
// database/sql or an SQLite driver, except those in sqlUsers, and those may not import
// store (they open databases of their own, and must not be handed autoeval's).
func TestOnlyStoreSpeaksSQLToItsDatabase(t *testing.T) {
	all := productImports(t, testenv.RepoRoot(t))
	for _, pkg := range productPackages(all) {
		for _, imp := range all[pkg] {
			switch {
			case speaksSQL(imp) && sqlUsers[pkg] == "":
				t.Errorf("%s imports %s: only store speaks SQL to autoeval's database; add a store method and an interface in %s for what it needs", pkg, imp, pkg)
			case imp == module+"store" && pkg != "store" && sqlUsers[pkg] != "":
				t.Errorf("%s imports store, but it speaks SQL to databases of its own (%s): keep the two apart", pkg, sqlUsers[pkg])
			}
		}
	}
}

// store hands out no database/sql value (no exported field, embedded or named, and no
// exported function's result), so a package that holds a *store.DB cannot run SQL on it.
func TestStoreHandsOutNoConnection(t *testing.T) {
	dir := filepath.Join(testenv.RepoRoot(t), "store")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, e := range ents {
		name := e.Name()
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, leak := range sqlLeaks(f) {
			t.Errorf("store/%s:%d: %s hands out a database/sql value: other packages could run SQL on autoeval's database", name, fset.Position(leak.Pos()).Line, leak.what)
		}
	}
}

type leak struct {
	ast.Node
	what string
}

// sqlLeaks lists the exported fields and function results of f whose types name a
// database/sql package.
func sqlLeaks(f *ast.File) []leak {
	names := map[string]bool{} // the names the file gives database/sql packages
	for _, spec := range f.Imports {
		p := strings.Trim(spec.Path.Value, `"`)
		if !speaksSQL(p) {
			continue
		}
		n := p[strings.LastIndex(p, "/")+1:]
		if spec.Name != nil {
			n = spec.Name.Name
		}
		names[n] = true
	}
	mentions := func(e ast.Node) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && names[id.Name] {
					found = true
				}
			}
			return !found
		})
		return found
	}
	var out []leak
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok || !ts.Name.IsExported() {
					continue
				}
				if st, ok := ts.Type.(*ast.StructType); ok {
					for _, fld := range st.Fields.List {
						exported := len(fld.Names) == 0 // embedded: its methods are promoted
						for _, n := range fld.Names {
							exported = exported || n.IsExported()
						}
						if exported && mentions(fld.Type) {
							out = append(out, leak{fld, "a field of " + ts.Name.Name})
						}
					}
				} else if mentions(ts.Type) {
					out = append(out, leak{ts, "the type " + ts.Name.Name})
				}
			}
		case *ast.FuncDecl:
			if !d.Name.IsExported() || d.Type.Results == nil {
				continue
			}
			if mentions(d.Type.Results) {
				out = append(out, leak{d, d.Name.Name})
			}
		}
	}
	return out
}
