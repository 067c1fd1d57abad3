package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/internal/testenv"
)

// The tests run the CLI in this process, each invocation with its own streams and its own
// environment (never the process's), so they run side by side; or, where a test needs a
// working directory of its own or real processes, through the built binary.

// testEnvs holds what setenv set, per test name.
var testEnvs struct {
	sync.Mutex
	m map[string]map[string]string
}

// setenv sets key for the commands t runs (and its subtests), as t.Setenv would for the
// process, which would keep t from running in parallel.
func setenv(t testing.TB, key, value string) {
	t.Helper()
	testEnvs.Lock()
	defer testEnvs.Unlock()
	if testEnvs.m == nil {
		testEnvs.m = map[string]map[string]string{}
	}
	name := t.Name()
	if testEnvs.m[name] == nil {
		testEnvs.m[name] = map[string]string{}
		t.Cleanup(func() {
			testEnvs.Lock()
			delete(testEnvs.m, name)
			testEnvs.Unlock()
		})
	}
	testEnvs.m[name][key] = value
}

// baseEnv is the environment of every command a test runs: defaults land in the tests'
// temporary home, never the user's.
func baseEnv() map[string]string {
	return map[string]string{"HOME": testHome, "XDG_DATA_HOME": filepath.Join(testHome, "data"), "PATH": os.Getenv("PATH")}
}

// envOf is the environment of t's commands: what t and the tests above it set, over baseEnv.
func envOf(t testing.TB) map[string]string {
	env := baseEnv()
	testEnvs.Lock()
	defer testEnvs.Unlock()
	var names []string
	for name := t.Name(); ; {
		names = append(names, name)
		i := strings.LastIndex(name, "/")
		if i < 0 {
			break
		}
		name = name[:i]
	}
	for i := len(names) - 1; i >= 0; i-- { // parents first, the test's own last
		for k, v := range testEnvs.m[names[i]] {
			env[k] = v
		}
	}
	return env
}

// cliRun runs one command line in this process and returns its exit status and output.
func cliRun(t testing.TB, ctx context.Context, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	env := envOf(t)
	f := &Factory{IO: NewIOStreams(&out, &errOut, false), Getenv: func(k string) string { return env[k] }}
	code = run(ctx, f, args)
	return code, out.String(), errOut.String()
}

// evalCapture runs one command line with a background context.
func evalCapture(t testing.TB, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return cliRun(t, context.Background(), args...)
}

// cliCode runs one command line and returns its exit status alone.
func cliCode(t testing.TB, args ...string) int {
	t.Helper()
	code, _, _ := evalCapture(t, args...)
	return code
}

// built is the command built once for the tests that need real processes.
var built struct {
	once sync.Once
	bin  string
	err  error
}

// buildAutoeval builds this command (once per test binary, into the tests' temporary
// home), for tests that need real processes or the binary a user runs.
func buildAutoeval(t testing.TB) string {
	t.Helper()
	built.once.Do(func() {
		bin := filepath.Join(testHome, "bin", "autoeval")
		// In the user's home, where the go command's build cache is: the tests' own empty
		// home would compile every dependency again (minutes).
		cmd := exec.Command("go", "build", "-o", bin, ".")
		cmd.Dir = filepath.Join(testenv.RepoRoot(t), "cmd", "autoeval")
		cmd.Env = append(os.Environ(), "HOME="+userHome)
		if out, err := cmd.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
		built.bin = bin
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// binCmd is the built binary running args in dir, with t's environment.
func binCmd(t testing.TB, ctx context.Context, dir string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.CommandContext(ctx, buildAutoeval(t), args...)
	cmd.Dir = dir
	for k, v := range envOf(t) {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	return cmd
}

// binRun runs the built binary in dir and returns its exit status and output.
func binRun(t testing.TB, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := binCmd(t, context.Background(), dir, args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// cliCodeCtx runs one command line under ctx and returns its exit status alone.
func cliCodeCtx(t testing.TB, ctx context.Context, args ...string) int {
	t.Helper()
	code, _, _ := cliRun(t, ctx, args...)
	return code
}

// testRoot is the command tree as a test sees it, printing nowhere.
func testRoot() *cobra.Command {
	return NewCmdRoot(&Factory{IO: NewIOStreams(io.Discard, io.Discard, false), Getenv: func(string) string { return "" }})
}
