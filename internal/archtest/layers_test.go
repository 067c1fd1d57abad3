// Package archtest checks the architecture the layout promises: dependencies flow one way,
// from the command down to the leaves, product code never imports a test helper, and only
// store speaks SQL to autoeval's database.
package archtest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"
)

const module = "github.com/autoeval/autoeval/"

// level places every product package; a package may import only packages on lower levels,
// plus the few same-level edges in sideways. DEVELOPERS.md's layout table says the same in words.
var level = map[string]int{
	// helpers for reading and writing outside data, below every package that reads it
	"internal/strictjson": -1, "internal/safefile": -1, "internal/csvcell": -1,
	// leaves: no imports from this module but the helpers above
	"uixml": 0, "substate": 0, "llm/record": 0, "internal/sqlitedsn": 0,
	"internal/pickle": 0, "internal/termtext": 0, "shard": 0, "judge/evidence": 0,
	// the formats and services the jobs are built on (progress shows names through termtext,
	// screentext clips screen text with it)
	"trace": 1, "suite": 1, "prompts": 1, "store": 1, "device": 1, "llm": 1, "internal/progress": 1,
	"judge/screentext": 1,
	"importer":         2, "judge/ocr": 2,
	// the product's jobs
	"decomposer": 3, "observer": 3, "judge": 3, "groundtruth": 3, "eval": 3, "report": 3,
	// kinds of judge beyond the model judge: each implements judge's Reasoner and registers
	// itself with judge, so only a command that offers it imports it
	"heuristic": 4,
	"runner":    4, "view": 4,
	"cmd/autoeval": 5, "examples/gen": 5,
}

// sideways are the same-level imports the layout allows, each for a stated reason.
var sideways = map[[2]string]string{
	{"report", "eval"}: "report renders what eval computes",
}

// testOnly packages exist for tests; product code importing them would ship fakes.
func testOnly(pkg string) bool {
	switch pkg {
	case "internal/llmtest", "internal/adbtest", "internal/testenv", "internal/evaltest",
		"internal/reporttest", "internal/archtest", "internal/hostiletest", "internal/storetest",
		"internal/judgetest", "internal/redteam", "internal/redteam2", "internal/redteam3", "internal/redteam4", "internal/redteam5", "internal/redteam6", "internal/redteam7", "internal/redteam8", "internal/redteam9", "internal/redteam10", "internal/redteam11", "internal/redteam12", "internal/redteamkit":
		return true
	}
	return strings.HasPrefix(pkg, "internal/adbd") // the device stand-in and its parts
}

func TestDependenciesFlowOneWay(t *testing.T) {
	root := testenv.RepoRoot(t)
	imports := moduleImports(productImports(t, root))
	for _, pkg := range productPackages(imports) {
		from, ok := level[pkg]
		if !ok {
			t.Errorf("package %s has no level in archtest's table: place it in the layout (and in DEVELOPERS.md)", pkg)
			continue
		}
		for _, imp := range imports[pkg] {
			if testOnly(imp) {
				t.Errorf("%s (product code) imports the test helper %s", pkg, imp)
				continue
			}
			to, ok := level[imp]
			switch {
			case !ok:
				t.Errorf("%s imports %s, which has no level in archtest's table", pkg, imp)
			case to > from:
				t.Errorf("%s (level %d) imports %s (level %d): an import runs up the layers", pkg, from, imp, to)
			case to == from && sideways[[2]string{pkg, imp}] == "":
				t.Errorf("%s imports %s beside it (level %d): move what they share down a level, or state the reason in sideways", pkg, imp, to)
			}
		}
	}
}

// productPackages lists the packages of imports that are not test helpers, sorted.
func productPackages(imports map[string][]string) []string {
	var pkgs []string
	for p := range imports {
		if !testOnly(p) {
			pkgs = append(pkgs, p)
		}
	}
	sort.Strings(pkgs)
	return pkgs
}

// moduleImports keeps the imports of this module's packages, relative to the module.
func moduleImports(all map[string][]string) map[string][]string {
	out := map[string][]string{}
	for pkg, imps := range all {
		out[pkg] = nil
		for _, p := range imps {
			if strings.HasPrefix(p, module) {
				out[pkg] = append(out[pkg], strings.TrimPrefix(p, module))
			}
		}
	}
	return out
}

// productImports maps each package directory (relative to the module) to the packages
// (full import paths) its non-test files import.
func productImports(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	seen := map[string]map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "deploy") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		pkg := filepath.ToSlash(rel)
		if seen[pkg] == nil {
			seen[pkg] = map[string]bool{}
			out[pkg] = nil
		}
		for _, spec := range f.Imports {
			p := strings.Trim(spec.Path.Value, `"`)
			if !seen[pkg][p] {
				seen[pkg][p] = true
				out[pkg] = append(out[pkg], p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatal(err)
	}
	return out
}
