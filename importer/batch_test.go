package importer

import (
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/trace"
)

// folderTrace writes a plain folder of numbered images with a task text.
func folderTrace(t *testing.T, dir, task string, frames int) {
	t.Helper()
	files := map[string][]byte{"task.txt": []byte(task)}
	for i := 1; i <= frames; i++ {
		files[filepath.Join("f"+string(rune('0'+i))+".png")] = evaltest.PNG(t, 4, 8, color.White)
	}
	writeFiles(t, dir, files)
}

func TestPlanImportNamesAndExcludesItsOwnOutput(t *testing.T) {
	root := t.TempDir()
	folderTrace(t, filepath.Join(root, "a", "run"), "Open Clock", 2)
	folderTrace(t, filepath.Join(root, "b", "run"), "Open Files", 1)
	out := filepath.Join(root, "imported")

	plan, err := PlanImport(root, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Items) != 2 || len(plan.OpenErrs) != 0 {
		t.Fatalf("plan: %d items, %v", len(plan.Items), plan.OpenErrs)
	}
	// Two sources with the same label get distinct destinations.
	if plan.Items[0].Dest != filepath.Join(out, "run") || plan.Items[1].Dest != filepath.Join(out, "run-2") {
		t.Fatalf("destinations %s, %s", plan.Items[0].Dest, plan.Items[1].Dest)
	}
	for _, it := range plan.Items {
		if _, already, err := Import(it); err != nil || already {
			t.Fatalf("import %s: already=%v err=%v", it.Dest, already, err)
		}
	}

	// A rerun with --out inside the source tree does not import the copies into themselves,
	// and the traces already written count as imported (a resume).
	plan, err = PlanImport(root, out)
	if err != nil || len(plan.Items) != 2 {
		t.Fatalf("replan: %v, %d items", err, len(plan.Items))
	}
	for _, it := range plan.Items {
		if _, already, err := Import(it); err != nil || !already {
			t.Fatalf("re-import %s: already=%v err=%v", it.Dest, already, err)
		}
	}
}

func TestImportRefusesADifferentTraceAtTheDestination(t *testing.T) {
	root := t.TempDir()
	folderTrace(t, filepath.Join(root, "one"), "Open Clock", 1)
	folderTrace(t, filepath.Join(root, "two"), "Delete the file", 1)
	out := filepath.Join(root, "out")
	for _, src := range []string{"one", "two"} {
		plan, err := PlanImport(filepath.Join(root, src), out)
		if err != nil {
			t.Fatal(err)
		}
		if len(plan.Items) != 1 || plan.Items[0].Dest != out {
			t.Fatalf("a single trace goes to out itself: %+v", plan.Items)
		}
		_, already, err := Import(plan.Items[0])
		if src == "one" && (err != nil || already) {
			t.Fatalf("first import: already=%v err=%v", already, err)
		}
		if src == "two" && (!errors.Is(err, ErrDifferentTrace) || already) {
			t.Fatalf("second source to the same out: already=%v err=%v", already, err)
		}
	}
}

func TestPlanImportNothingOutside(t *testing.T) {
	root := t.TempDir()
	folderTrace(t, filepath.Join(root, "out", "x"), "Open Clock", 1)
	if _, err := PlanImport(root, filepath.Join(root, "out")); err == nil {
		t.Fatal("a tree whose only traces are under the destination must be an error")
	}
}

func TestImportRefusesABrokenTraceAtTheDestination(t *testing.T) {
	root := t.TempDir()
	folderTrace(t, filepath.Join(root, "src"), "Open Clock", 1)
	out := filepath.Join(root, "out")
	writeFiles(t, out, map[string][]byte{trace.ManifestName: []byte("{oops")})
	plan, err := PlanImport(filepath.Join(root, "src"), out)
	if err != nil {
		t.Fatal(err)
	}
	nt, already, err := Import(plan.Items[0])
	if err == nil || already || nt != nil {
		t.Fatalf("an unreadable trace.json at the destination: trace=%v already=%v err=%v", nt, already, err)
	}
	if data, _ := os.ReadFile(filepath.Join(out, trace.ManifestName)); string(data) != "{oops" {
		t.Fatalf("the broken trace.json was overwritten: %q", data)
	}
}
