package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

// Three judge shards over the same traces, each with its own database as on a cluster, give
// exactly the judgments of one unsharded run: every trace judged by one shard, none twice
// (the provider answers the same number of requests), the verdicts the same. The third
// shard finds its place from a Slurm array's environment.
func TestJudgeShardsEqualOneRun(t *testing.T) {
	t.Parallel()
	judgeEnv(t)
	const traces, shards = 12, 3
	refRoot := filepath.Join(t.TempDir(), "traces")
	writeShareTraces(t, refRoot, traces)
	ref := llmtest.NewOpenAI(t, llmtest.Handler(flowModel))
	if code, out, errOut := evalCapture(t, "--db", filepath.Join(t.TempDir(), "ref.db"), "-q", "--model", "openai:fake-judge", "--base-url", ref.URL,
		"judge", "--traces", refRoot); code != 0 {
		t.Fatalf("unsharded: exit %d\n%s%s", code, out, errOut)
	}
	want := judgmentsBelow(t, refRoot)

	root := filepath.Join(t.TempDir(), "traces")
	writeShareTraces(t, root, traces)
	srv := llmtest.NewOpenAI(t, llmtest.Handler(flowModel))
	row := regexp.MustCompile(`(?m)^(run\d+)\s`)
	seen := map[string]int{}
	for i := 0; i < shards; i++ {
		spec := fmt.Sprintf("%d/%d", i, shards)
		if i == shards-1 {
			spec = "auto"
			setenv(t, "SLURM_ARRAY_TASK_ID", fmt.Sprint(i+1)) // --array=1-3
			setenv(t, "SLURM_ARRAY_TASK_MIN", "1")
			setenv(t, "SLURM_ARRAY_TASK_COUNT", fmt.Sprint(shards))
		}
		code, out, errOut := evalCapture(t, "--db", filepath.Join(t.TempDir(), fmt.Sprintf("shard%d.db", i)), "--model", "openai:fake-judge", "--base-url", srv.URL,
			"judge", "--traces", root, "--shard", spec)
		if code != 0 {
			t.Fatalf("shard %s: exit %d\n%s%s", spec, code, out, errOut)
		}
		if !strings.Contains(errOut, fmt.Sprintf("shard %d/%d: ", i, shards)) {
			t.Errorf("shard %s does not say which shard it is:\n%s", spec, errOut)
		}
		for _, m := range row.FindAllStringSubmatch(out, -1) {
			seen[m[1]]++
		}
	}
	if len(seen) != traces {
		t.Errorf("the shards judged %d distinct traces, want all %d: %v", len(seen), traces, seen)
	}
	for name, n := range seen {
		if n != 1 {
			t.Errorf("%s judged by %d shards", name, n)
		}
	}
	if srv.Count() != ref.Count() {
		t.Errorf("the shards made %d requests, one unsharded run %d", srv.Count(), ref.Count())
	}
	sameVerdicts(t, "sharded", judgmentsBelow(t, root), want)
}

func TestJudgeShardUsageErrors(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	for _, v := range []string{"JOB_COMPLETION_INDEX", "JOB_COMPLETIONS", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT"} {
		setenv(t, v, "") // as outside a cluster, even when the tests run inside one
	}
	root := filepath.Join(t.TempDir(), "traces")
	writeShareTraces(t, root, 2)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--traces", root, "--shard", "3/3"}, "from 0 to 2"},
		{[]string{"--traces", root, "--shard", "half"}, "want I/N"},
		{[]string{"--traces", root, "--shard", "auto"}, "neither a Kubernetes Indexed Job"},
		{[]string{"--trace", filepath.Join(root, "run00"), "--shard", "0/2"}, "with --trace there is one"},
	} {
		code, _, errOut := evalCapture(t, append([]string{"--db", db, "-q", "judge"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want exit 2 with %q", c.args, code, errOut, c.want)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "run00", trace.JudgmentName)); err == nil {
		t.Error("a rejected command judged a trace")
	}
}

// Four decompose shards of AndroidLab's clock suite, each with its own database and all
// writing to one directory, leave exactly the files of one unsharded run (same names, same
// substates), each task decomposed by one shard, and one summary per shard.
func TestDecomposeShardsEqualOneRun(t *testing.T) {
	t.Parallel()
	path := testenv.SharedData(t, "androidlab/config/clock.yaml")
	decomposeEnv(t)
	const shards = 4
	refSrv := llmtest.NewOpenAI(t, llmtest.Handler(decomposeAnswer))
	refOut := filepath.Join(t.TempDir(), "ref")
	if code, _, stderr := cliRun(t, context.Background(), "--db", filepath.Join(t.TempDir(), "ref.db"), "--model", "openai:m", "--base-url", refSrv.URL,
		"decompose", "--suite", path, "--out", refOut); code != 0 {
		t.Fatalf("unsharded: exit %d %s", code, stderr)
	}
	srv := llmtest.NewOpenAI(t, llmtest.Handler(decomposeAnswer))
	out := filepath.Join(t.TempDir(), "subs")
	tasks := 0
	for i := 0; i < shards; i++ {
		setenv(t, "JOB_COMPLETION_INDEX", fmt.Sprint(i))
		setenv(t, "JOB_COMPLETIONS", fmt.Sprint(shards))
		code, _, stderr := cliRun(t, context.Background(), "--db", filepath.Join(t.TempDir(), fmt.Sprintf("s%d.db", i)), "--model", "openai:m", "--base-url", srv.URL,
			"decompose", "--suite", path, "--out", out, "--shard", "auto")
		if code != 0 {
			t.Fatalf("shard %d: exit %d %s", i, code, stderr)
		}
		var sum struct {
			Shard string
			Tasks int
			Done  int
		}
		data, err := os.ReadFile(filepath.Join(out, fmt.Sprintf("summary.shard-%d-of-%d.json", i, shards)))
		if err != nil || json.Unmarshal(data, &sum) != nil || sum.Shard != fmt.Sprintf("%d/%d", i, shards) || sum.Done != sum.Tasks {
			t.Fatalf("shard %d summary: %v %+v", i, err, sum)
		}
		tasks += sum.Tasks
	}
	if srv.Count() != refSrv.Count() {
		t.Errorf("the shards made %d requests, one run %d", srv.Count(), refSrv.Count())
	}
	refFiles, _ := filepath.Glob(filepath.Join(refOut, "*.json"))
	if tasks != len(refFiles)-1 {
		t.Errorf("the shards decomposed %d tasks, one run %d", tasks, len(refFiles)-1)
	}
	for _, f := range refFiles {
		if filepath.Base(f) == "summary.json" {
			continue
		}
		want, _ := os.ReadFile(f)
		got, err := os.ReadFile(filepath.Join(out, filepath.Base(f)))
		if err != nil || string(got) != string(want) {
			t.Errorf("%s: the shards' file differs from one run's (%v)", filepath.Base(f), err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "summary.json")); err == nil {
		t.Error("a shard wrote the whole suite's summary.json")
	}
}

// eval and report take several --traces roots, as shards hand them on, and merge them: the
// figures over two roots are those over one root holding the same traces.
func TestEvalAndReportMergeRoots(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	all := filepath.Join(t.TempDir(), "all")
	writeShareTraces(t, all, 6)
	a, b := filepath.Join(t.TempDir(), "shard-0"), filepath.Join(t.TempDir(), "shard-1")
	for i := 0; i < 6; i++ {
		name := fmt.Sprintf("run%02d", i)
		dst := a
		if i%2 == 1 {
			dst = b
		}
		if err := os.CopyFS(filepath.Join(dst, name), os.DirFS(filepath.Join(all, name))); err != nil {
			t.Fatal(err)
		}
	}
	for _, root := range []string{all, a, b} {
		if code, out, errOut := evalCapture(t, "--db", db, "-q", "judge", "--traces", root); code != 0 {
			t.Fatalf("judge %s: exit %d\n%s%s", root, code, out, errOut)
		}
	}
	evalJSON := func(roots ...string) map[string]any {
		args := []string{"-q", "eval", "--format", "json", "--resamples", "100"}
		for _, r := range roots {
			args = append(args, "--traces", r)
		}
		code, out, errOut := evalCapture(t, args...)
		if code != 0 {
			t.Fatalf("eval %v: exit %d %s", roots, code, errOut)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		delete(m, "root")
		return m
	}
	if got, want := evalJSON(a, b), evalJSON(all); !reflect.DeepEqual(got, want) {
		t.Errorf("eval over two roots differs from one root:\n%v\n%v", got, want)
	}
	code, out, errOut := evalCapture(t, "-q", "report", "--traces", a, "--traces", b, "--format", "csv", "--out", "-")
	if code != 0 {
		t.Fatalf("report: exit %d %s", code, errOut)
	}
	for i := 0; i < 6; i++ {
		if name := fmt.Sprintf("run%02d", i); !strings.Contains(out, name) {
			t.Errorf("the merged report lacks %s:\n%s", name, out)
		}
	}
}
