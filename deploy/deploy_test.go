// Package deploy holds no code: the Kubernetes and Slurm files that run autoeval on a
// cluster, and these tests, which hold them to Kubernetes' own types and run their scripts
// against stand-ins for the emulator, adb and autoeval.
package deploy

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/autoeval/autoeval/shard"
	"github.com/autoeval/autoeval/suite"
)

// strict decodes a manifest into a Kubernetes API type, refusing fields the type does not
// have (a misspelt or misplaced field the API server would drop or reject).
func strict(t *testing.T, path string, into any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, into); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func loadJob(t *testing.T) (*batchv1.Job, *corev1.ConfigMap, *corev1.PersistentVolumeClaim) {
	var job batchv1.Job
	var cm corev1.ConfigMap
	var pvc corev1.PersistentVolumeClaim
	strict(t, filepath.Join("kubernetes", "job.yaml"), &job)
	strict(t, filepath.Join("kubernetes", "config.yaml"), &cm)
	strict(t, filepath.Join("kubernetes", "pvc.yaml"), &pvc)
	return &job, &cm, &pvc
}

func container(t *testing.T, cs []corev1.Container, name string) *corev1.Container {
	t.Helper()
	for i := range cs {
		if cs[i].Name == name {
			return &cs[i]
		}
	}
	t.Fatalf("no container %q", name)
	return nil
}

func envValue(c *corev1.Container, name string) (string, bool) {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value, true
		}
	}
	return "", false
}

// The Job is what its comments say: an Indexed Job with an emulator sidecar beside
// autoeval run --shard auto, writing to the shared volume, consistent with its ConfigMap
// and claim, and valid where the API server's validation would refuse it.
func TestKubernetesIndexedJob(t *testing.T) {
	job, cm, pvc := loadJob(t)
	if job.APIVersion != "batch/v1" || job.Kind != "Job" {
		t.Fatalf("%s %s, want batch/v1 Job", job.APIVersion, job.Kind)
	}
	spec := job.Spec
	if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion || spec.Completions == nil {
		t.Fatal("not an Indexed Job with completions")
	}
	if spec.Parallelism == nil || *spec.Parallelism > *spec.Completions {
		t.Error("parallelism missing or above completions")
	}
	if spec.BackoffLimitPerIndex == nil || spec.MaxFailedIndexes == nil || *spec.MaxFailedIndexes > *spec.Completions {
		t.Error("per-index backoff without a sane maxFailedIndexes")
	}
	pod := spec.Template.Spec
	if pod.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("restartPolicy %q: podFailurePolicy needs Never", pod.RestartPolicy)
	}

	// The emulator is a native sidecar: an init container that keeps running, so the pod
	// (and the Job) completes when autoeval exits.
	emu := container(t, pod.InitContainers, "emulator")
	if emu.RestartPolicy == nil || *emu.RestartPolicy != corev1.ContainerRestartPolicyAlways || emu.StartupProbe == nil {
		t.Error("the emulator is not a sidecar (restartPolicy: Always) with a startup probe")
	}

	ae := container(t, pod.Containers, "autoeval")
	script := strings.Join(ae.Args, " ")
	for _, want := range []string{"autoeval run --shard auto", "--out /results/traces", "shard-$JOB_COMPLETION_INDEX.db"} {
		if !strings.Contains(script, want) {
			t.Errorf("the autoeval container does not run %q:\n%s", want, script)
		}
	}
	n, ok := envValue(ae, shard.EnvK8sCompletions)
	if !ok || n != strconv.Itoa(int(*spec.Completions)) {
		t.Errorf("%s=%q, want spec.completions %d (Kubernetes sets only the index)", shard.EnvK8sCompletions, n, *spec.Completions)
	}
	for _, r := range spec.PodFailurePolicy.Rules {
		if r.OnExitCodes != nil && r.OnExitCodes.ContainerName != nil {
			container(t, pod.Containers, *r.OnExitCodes.ContainerName)
		}
	}

	// Every mount names a volume; the shared volume is the claim of pvc.yaml, read-write by
	// many nodes; the ConfigMap has every key the pod reads.
	volumes := map[string]corev1.Volume{}
	for _, v := range pod.Volumes {
		volumes[v.Name] = v
	}
	for _, c := range append(slices.Clone(pod.InitContainers), pod.Containers...) {
		for _, m := range c.VolumeMounts {
			if _, ok := volumes[m.Name]; !ok {
				t.Errorf("container %s mounts %q, which is not a volume", c.Name, m.Name)
			}
		}
	}
	if v := volumes["results"]; v.PersistentVolumeClaim == nil || v.PersistentVolumeClaim.ClaimName != pvc.Name {
		t.Errorf("results volume does not use the claim %q", pvc.Name)
	}
	if !slices.Contains(pvc.Spec.AccessModes, corev1.ReadWriteMany) {
		t.Error("the results claim is not ReadWriteMany: pods on different nodes share it")
	}
	keys := map[string]bool{}
	for _, it := range volumes["config"].ConfigMap.Items {
		keys[it.Key] = true
	}
	for _, e := range ae.Env {
		if e.ValueFrom != nil && e.ValueFrom.ConfigMapKeyRef != nil {
			keys[e.ValueFrom.ConfigMapKeyRef.Key] = true
			if e.ValueFrom.ConfigMapKeyRef.Name != cm.Name {
				t.Errorf("%s reads ConfigMap %q, not %q", e.Name, e.ValueFrom.ConfigMapKeyRef.Name, cm.Name)
			}
		}
	}
	for k := range keys {
		if _, ok := cm.Data[k]; !ok {
			t.Errorf("the pod reads key %q that config.yaml does not have", k)
		}
	}
	// The example suite is one autoeval reads.
	path := filepath.Join(t.TempDir(), "suite.json")
	os.WriteFile(path, []byte(cm.Data["suite.json"]), 0o644)
	if tasks, err := suite.Load(path); err != nil || len(tasks) == 0 {
		t.Errorf("config.yaml's suite.json: %v (%d tasks)", err, len(tasks))
	}
}

// Decoding is strict: a misspelt field is an error, not silently dropped.
func TestStrictDecodingCatchesUnknownFields(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("kubernetes", "job.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), "completionMode: Indexed", "completionsMode: Indexed", 1)
	var job batchv1.Job
	if err := yaml.UnmarshalStrict([]byte(bad), &job); err == nil || !strings.Contains(err.Error(), "completionsMode") {
		t.Fatalf("a misspelt field decoded: %v", err)
	}
}

// stubs puts stand-ins for the emulator, adb and autoeval on PATH: adb answers the few
// commands the scripts use like a booted device; autoeval writes its arguments and the
// shard it would take (from the same environment) to dir/autoeval.args.
func stubs(t *testing.T) (dir string) {
	dir = t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("#!/bin/sh\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("emulator", `echo $$ > "$STUB_DIR/emulator.pid"; echo "$@" > "$STUB_DIR/emulator.args"; exec sleep 60`+"\n")
	write("adb", `case "$*" in
*connect*) echo "connected to $2";;
*getprop*) # booted only once the emulator runs (its stand-in has written its arguments)
	for i in $(seq 100); do [ -s "$STUB_DIR/emulator.args" ] && break; sleep 0.1; done
	printf '1\r\n';;
esac
exit 0
`)
	write("autoeval", `{ printf '%s\n' "$@"; echo "ENV ANDROID_SERIAL=$ANDROID_SERIAL"; echo "ENV ADB_SERVER_SOCKET=$ADB_SERVER_SOCKET"; } > "$STUB_DIR/autoeval.args"`+"\n")
	return dir
}

// The Slurm array script, run as task 3 of an 8-task array with stand-ins: it boots an
// emulator on ports of its own, points autoeval at it and at its own database, lets
// autoeval find its shard in the array's environment, and stops the emulator when done.
func TestSlurmArrayScript(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	script := filepath.Join("slurm", "autoeval-array.sbatch")
	if out, err := exec.Command("bash", "-n", script).CombinedOutput(); err != nil {
		t.Fatalf("bash -n: %v %s", err, out)
	}
	dir := stubs(t)
	results := t.TempDir()
	env := map[string]string{"SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "8", "SLURM_ARRAY_TASK_MIN": "0"}
	cmd := exec.Command("bash", script)
	cmd.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"), "STUB_DIR="+dir, "RESULTS="+results,
		"SUITE=suite.json", "AGENT_CMD=my-agent {task}", "ANDROID_SDK_ROOT=")
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("script: %v\n%s", err, out)
	}
	args, err := os.ReadFile(filepath.Join(dir, "autoeval.args"))
	if err != nil {
		t.Fatal("autoeval was not run:", err)
	}
	got := string(args)
	for _, want := range []string{"run\n--shard\nauto\n", "--suite\nsuite.json\n", "--agent-cmd\nmy-agent {task}\n",
		"--out\n" + results + "/traces\n", "--db\n" + results + "/db/shard-3.db\n", "--device\nlocalhost:5561\n",
		"ENV ANDROID_SERIAL=localhost:5561", "ENV ADB_SERVER_SOCKET=tcp:localhost:15040"} {
		if !strings.Contains(got, want) {
			t.Errorf("autoeval called without %q:\n%s", want, got)
		}
	}
	if emu, _ := os.ReadFile(filepath.Join(dir, "emulator.args")); !strings.Contains(string(emu), "-ports 5560,5561") || !strings.Contains(string(emu), "-read-only") {
		t.Errorf("emulator started with %q", emu)
	}
	if s, err := shard.Parse("auto", func(k string) string { return env[k] }); err != nil || s != (shard.Shard{Index: 3, Count: 8}) {
		t.Errorf("in this array task autoeval takes shard %v (%v), want 3/8", s, err)
	}
	pid, _ := os.ReadFile(filepath.Join(dir, "emulator.pid"))
	if out, err := exec.Command("kill", "-0", strings.TrimSpace(string(pid))).CombinedOutput(); err == nil {
		exec.Command("kill", strings.TrimSpace(string(pid))).Run()
		t.Errorf("the emulator (pid %s) outlived the script %s", pid, out)
	}
}

// The Kubernetes container's script, run with stand-ins as the pod of index 5: it waits for
// the emulator to boot and starts autoeval run --shard auto with its own database; with the
// Job's JOB_COMPLETIONS, autoeval takes shard 5 of the Job's completions.
func TestKubernetesContainerScript(t *testing.T) {
	job, _, _ := loadJob(t)
	ae := container(t, job.Spec.Template.Spec.Containers, "autoeval")
	if len(ae.Command) != 2 || ae.Command[0] != "/bin/sh" || len(ae.Args) != 1 {
		t.Fatalf("command %q args %q: want /bin/sh -c SCRIPT", ae.Command, ae.Args)
	}
	root := t.TempDir()
	script := strings.NewReplacer("/results", root+"/results", "/config", root+"/config").Replace(ae.Args[0])
	dir := stubs(t)
	completions, _ := envValue(ae, shard.EnvK8sCompletions)
	cmd := exec.Command("/bin/sh", "-c", script)
	cmd.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"), "STUB_DIR="+dir, "AGENT_CMD=my-agent {task}",
		"JOB_COMPLETION_INDEX=5", shard.EnvK8sCompletions+"="+completions)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("script: %v\n%s", err, out)
	}
	args, err := os.ReadFile(filepath.Join(dir, "autoeval.args"))
	if err != nil {
		t.Fatal("autoeval was not run:", err)
	}
	for _, want := range []string{"run\n--shard\nauto\n", "--suite\n" + root + "/config/suite.json\n", "--db\n" + root + "/results/db/shard-5.db\n"} {
		if !strings.Contains(string(args), want) {
			t.Errorf("autoeval called without %q:\n%s", want, args)
		}
	}
	env := map[string]string{shard.EnvK8sIndex: "5", shard.EnvK8sCompletions: completions}
	if s, err := shard.Parse("auto", func(k string) string { return env[k] }); err != nil || s.Index != 5 || int32(s.Count) != *job.Spec.Completions {
		t.Errorf("the pod of index 5 takes shard %v (%v), want 5/%d", s, err, *job.Spec.Completions)
	}
}
