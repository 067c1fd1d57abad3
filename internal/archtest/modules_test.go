package archtest

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"
)

// testOnlyModules serve tests alone; the binary must not link them. The JSON Schema
// generator (with the YAML release candidate it pulls in) runs in tests that keep the
// committed schemas current; the OpenAPI validator checks the stand-ins' requests.
var testOnlyModules = []string{
	"github.com/invopop/jsonschema",
	"go.yaml.in/yaml/v4",
	"github.com/santhosh-tekuri/jsonschema",
}

// What `go version -m` would list for the built binary is the packages `go list -deps`
// gives for the command.
func TestBinaryLinksNoTestOnlyModule(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "./cmd/autoeval")
	cmd.Dir = testenv.RepoRoot(t)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps ./cmd/autoeval: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		for _, m := range testOnlyModules {
			if pkg == m || strings.HasPrefix(pkg, m+"/") {
				t.Errorf("the binary links %s (module %s), which only tests may use", pkg, m)
			}
		}
	}
}
