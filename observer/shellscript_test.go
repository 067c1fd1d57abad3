package observer

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// trickyTasks are task texts a shell would read as code, quotes or expansions.
var trickyTasks = []string{
	`Pay "$25.50" for it`,
	`$(touch PWNED)`,
	"`touch PWNED`",
	`it's 'quoted' and "double"`,
	`back\slash \" \' \\`,
	`a; b && c | d > e < f & g`,
	"two\nlines\ttab",
	`${HOME} $HOME $0 $@ * ? [a] ~ #hash`,
	`'"'"'`,
	"",
}

// shellTemplates are agent commands with {task} quoted every way the rewrite follows, and
// what printf '[%s]\n' prints, @T@ standing for the task ("" for a command refused).
var shellTemplates = []struct{ cmd, want string }{
	{`printf '[%s]\n' {task}`, "[@T@]\n"},
	{`printf '[%s]\n' "{task}"`, "[@T@]\n"},
	{`printf '[%s]\n' '{task}'`, "[@T@]\n"},
	{`printf '[%s]\n' --goal={task}`, "[--goal=@T@]\n"},
	{`printf '[%s]\n' "Task: {task}, now"`, "[Task: @T@, now]\n"},
	{`printf '[%s]\n' 'Task: {task}, now'`, "[Task: @T@, now]\n"},
	{`X="{task}"; printf '[%s]\n' "$X" # {task} in a comment`, "[@T@]\n"},
	{`printf '[%s]\n' "${HOME:+}{task}" 2>/dev/null || printf '[%s]\n' {task}`, ""}, // refused: ${...:+}
	{`printf '[%s]\n' "${PWD}" >/dev/null; printf '[%s]\n' "{task}"`, "[@T@]\n"},
	{`printf '[%s]\n' {task} | cat`, "[@T@]\n"},
	{`cat <<EOF
{task}
EOF`, ""}, // refused: a here-document
}

// Every rewritten command, run by Debian's sh (dash) and by bash when installed, prints each
// tricky task exactly and runs none of it.
func TestShellScriptPassesTheTaskExactly(t *testing.T) {
	for _, sh := range []string{"/bin/sh", "/bin/bash"} {
		if _, err := os.Stat(sh); err != nil {
			continue
		}
		for _, tpl := range shellTemplates {
			script, err := ShellScript(tpl.cmd)
			if tpl.want == "" {
				if err == nil {
					t.Errorf("%q was not refused: %q", tpl.cmd, script)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%q: %v", tpl.cmd, err)
			}
			if strings.Contains(script, TaskPlaceholder) {
				t.Fatalf("%q left a placeholder: %q", tpl.cmd, script)
			}
			for _, task := range trickyTasks {
				got := runScript(t, sh, script, task)
				if want := strings.ReplaceAll(tpl.want, "@T@", task); got != want {
					t.Errorf("%s -c %q with task %q printed %q, want %q", sh, script, task, got, want)
				}
			}
		}
	}
}

// runScript runs script with the task in its environment, in a folder of its own, and
// fails the test when the task made a file there.
func runScript(t *testing.T, sh, script, task string, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command(sh, append([]string{"-c", script}, args...)...)
	cmd.Dir = dir
	cmd.Env = []string{EnvTask + "=" + task, "HOME=" + dir, "PATH=" + os.Getenv("PATH")}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s -c %q: %v\n%s", sh, script, err, out)
	}
	if made, _ := filepath.Glob(filepath.Join(dir, "*")); len(made) > 0 {
		t.Fatalf("%s -c %q with task %q made %v", sh, script, task, made)
	}
	return string(out)
}

func TestShellScriptRefuses(t *testing.T) {
	for cmd, why := range map[string]string{
		`echo "$(echo {task})"`:  "command substitution",
		"echo `echo` {task}":     "command substitution",
		`echo ${X:-{task}}`:      "parameter expansion",
		`echo $'{task}'`:         "$'...'",
		`echo \{task}`:           "backslash",
		`echo "\{task}"`:         "backslash",
		`echo "{task}`:           "unterminated double quote",
		`echo '{task}`:           "unterminated single quote",
		`echo $((1+2)) "{task}"`: "arithmetic",
	} {
		if _, err := ShellScript(cmd); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("%q: %v, want an error saying %q", cmd, err, why)
		}
	}
}

// A shell's -c script in the agent's own command line is rewritten as --agent-cmd is; every
// other argument gets the text itself.
func TestAgentArgs(t *testing.T) {
	task := `$(touch PWNED) "$25.50"`
	args, err := agentArgs([]string{"/bin/sh", "-c", `printf '[%s]' "{task}" "$0" "$1"`, "{task}", "x{task}"}, task)
	if err != nil {
		t.Fatal(err)
	}
	if got := runScript(t, args[0], args[2], task, args[3:]...); got != "["+task+"]["+task+"][x"+task+"]" {
		t.Fatalf("printed %q from %q", got, args)
	}
	args, err = agentArgs([]string{"agent", "--goal", "{task}"}, task)
	if err != nil || args[2] != task {
		t.Fatalf("%q %v", args, err)
	}
}

// The shell's script is found past its options and past a wrapper command: each command
// line, run as it is, prints the task exactly and runs none of it. Only "SHELL -c SCRIPT"
// was rewritten before, and the task text was pasted into the others' scripts.
func TestAgentArgsFindTheShellsScript(t *testing.T) {
	task := `$(touch PWNED) "$25.50"`
	print := `printf '[%s]' "{task}"`
	for _, agent := range [][]string{
		{"/bin/sh", "-c", print},
		{"/bin/sh", "-e", "-c", print},
		{"/bin/sh", "-ec", print},
		{"/bin/sh", "-c", "-e", print},
		{"/bin/sh", "-o", "errexit", "-c", print},
		{"/bin/sh", "-eo", "errexit", "-c", print},
		{"/bin/sh", "+x", "-c", print},
		{"/bin/sh", "-c", "--", print},
		{"bash", "--norc", "-euo", "pipefail", "-c", print},
		{"env", "X=1", "/bin/sh", "-c", print},
		{"timeout", "60", "sh", "-e", "-c", print},
	} {
		if _, err := exec.LookPath(agent[0]); err != nil {
			continue
		}
		args, err := agentArgs(agent, task)
		if err != nil {
			t.Fatalf("%q: %v", agent, err)
		}
		dir := t.TempDir()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		cmd.Env = []string{EnvTask + "=" + task, "PATH=" + os.Getenv("PATH")}
		out, err := cmd.CombinedOutput()
		if made, _ := filepath.Glob(filepath.Join(dir, "*")); err != nil || len(made) > 0 || string(out) != "["+task+"]" {
			t.Errorf("%q ran as %q: printed %q (%v), made %v", agent, args, out, err, made)
		}
	}
	// A script file's arguments are plain arguments: they get the text itself.
	if args, err := agentArgs([]string{"sh", "agent.sh", "{task}"}, task); err != nil || args[2] != task {
		t.Fatalf("%q %v", args, err)
	}
}

// Fuzz: whatever the command, a rewrite leaves no placeholder, and the task text never
// reaches the script.
func FuzzShellScript(f *testing.F) {
	for _, tpl := range shellTemplates {
		f.Add(tpl.cmd)
	}
	f.Add(`a "b '{task}' c" '{task}' \" {task}`)
	f.Fuzz(func(t *testing.T, cmd string) {
		script, err := ShellScript(cmd)
		if err != nil {
			return
		}
		if strings.Contains(script, TaskPlaceholder) {
			t.Fatalf("%q left a placeholder: %q", cmd, script)
		}
	})
}
