package observer

import (
	"fmt"
	"path/filepath"
	"strings"
)

// TaskPlaceholder in an agent command stands for the task text.
const TaskPlaceholder = "{task}"

// ShellScript rewrites the {task} placeholders of a shell command (run --agent-cmd, or the
// script of `observe -- sh -c SCRIPT`) so that the shell reads the task text from
// $AUTOEVAL_TASK instead of from the command: the agent receives the text exactly, and
// nothing in it runs, however the placeholder is quoted. Unquoted, {task} becomes
// "$AUTOEVAL_TASK" (one word); inside double quotes ${AUTOEVAL_TASK}; inside single quotes
// '"$AUTOEVAL_TASK"'; in a comment nothing. Pasting the quoted text in its place, as before,
// ran "$(touch PWNED)" inside double quotes and turned "$25.50" into "5.50".
//
// A placeholder that follows a command substitution ($(...) or `...`), an arithmetic or
// non-trivial parameter expansion, a $'...' string or a here-document, or that is escaped
// with a backslash, is refused with the reason: where the shell would read it there depends
// on parsing this function does not do.
func ShellScript(cmd string) (string, error) {
	var b strings.Builder
	inDouble := false
	wordStart := true
	unsure := "" // the first construct whose quoting is not followed
	refuse := func(why string) error {
		return fmt.Errorf("%s %s: autoeval cannot tell how the shell would quote the task there; write \"$%s\" (the task text, exactly) in the command instead", TaskPlaceholder, why, EnvTask)
	}
	for i := 0; i < len(cmd); {
		if strings.HasPrefix(cmd[i:], TaskPlaceholder) {
			if unsure != "" {
				return "", refuse("after " + unsure)
			}
			if inDouble {
				b.WriteString("${" + EnvTask + "}")
			} else {
				b.WriteString(`"$` + EnvTask + `"`)
			}
			i += len(TaskPlaceholder)
			wordStart = false
			continue
		}
		c := cmd[i]
		switch {
		case c == '\\':
			if strings.HasPrefix(cmd[i+1:], TaskPlaceholder) {
				return "", refuse("after a backslash")
			}
			end := min(i+2, len(cmd))
			b.WriteString(cmd[i:end])
			i, wordStart = end, false
			continue
		case c == '"':
			inDouble = !inDouble
		case c == '`':
			unsure = "a command substitution (`...`)"
		case c == '$' && strings.HasPrefix(cmd[i+1:], TaskPlaceholder):
			return "", refuse("right after a $ (${task} is a shell variable named task)")
		case c == '$' && i+1 < len(cmd):
			switch next := cmd[i+1]; {
			case next == '(':
				unsure = "a command substitution or arithmetic ($(...))"
			case next == '{':
				if n := simpleParam(cmd[i:]); n > 0 {
					b.WriteString(cmd[i : i+n])
					i, wordStart = i+n, false
					continue
				}
				unsure = "a parameter expansion (${...})"
			case next == '\'' && !inDouble:
				unsure = "a $'...' string"
			}
		case inDouble:
		case c == '\'':
			end := strings.IndexByte(cmd[i+1:], '\'')
			if end < 0 {
				return "", fmt.Errorf("the command has an unterminated single quote")
			}
			quoted := cmd[i+1 : i+1+end]
			if strings.Contains(quoted, TaskPlaceholder) && unsure != "" {
				return "", refuse("after " + unsure)
			}
			b.WriteString("'" + strings.ReplaceAll(quoted, TaskPlaceholder, `'"$`+EnvTask+`"'`) + "'")
			i, wordStart = i+end+2, false
			continue
		case c == '#' && wordStart:
			end := strings.IndexByte(cmd[i:], '\n')
			if end < 0 {
				end = len(cmd) - i
			}
			b.WriteString(strings.ReplaceAll(cmd[i:i+end], TaskPlaceholder, ""))
			i += end
			continue
		case c == '<' && strings.HasPrefix(cmd[i:], "<<"):
			unsure = "a here-document (<<)"
		}
		b.WriteByte(c)
		i++
		wordStart = !inDouble && strings.IndexByte(" \t\n;&|()<>", c) >= 0
	}
	if inDouble {
		return "", fmt.Errorf("the command has an unterminated double quote")
	}
	return b.String(), nil
}

// simpleParam is the length of the ${NAME} (or ${1}, ${#}...) that s starts with, 0 when s
// starts with anything else after "${".
func simpleParam(s string) int {
	end := strings.IndexByte(s, '}')
	if end < 3 {
		return 0
	}
	name := s[2:end]
	if len(name) == 1 && strings.IndexByte("@*#?$!-0123456789", name[0]) >= 0 {
		return end + 1
	}
	for k := 0; k < len(name); k++ {
		c := name[k]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || k > 0 && c >= '0' && c <= '9') {
			return 0
		}
	}
	return end + 1
}

// shells are the interpreters whose -c script autoeval rewrites (ShellScript).
var shells = map[string]bool{"sh": true, "bash": true, "dash": true, "zsh": true, "ksh": true, "mksh": true, "ash": true}

// agentArgs is the agent's command line with {task} filled in: in an argument, the task text
// itself (an argument is never parsed as shell); in the script of a shell's -c, a reference
// to $AUTOEVAL_TASK (ShellScript).
func agentArgs(agent []string, task string) ([]string, error) {
	args := make([]string, len(agent))
	script := shellScriptArg(agent)
	for i, a := range agent {
		if i == script {
			s, err := ShellScript(a)
			if err != nil {
				return nil, fmt.Errorf("agent command: %w", err)
			}
			args[i] = s
			continue
		}
		args[i] = strings.ReplaceAll(a, TaskPlaceholder, task)
	}
	return args, nil
}

// CheckAgent refuses an agent command line whose {task} cannot be filled in safely (see
// ShellScript), so a command can say so before it waits for a device.
func CheckAgent(agent []string) error {
	_, err := agentArgs(agent, "")
	return err
}

// shellScriptArg is the index of the script a shell of the command line runs with -c, -1
// when there is none. The shell may follow a wrapper (timeout 600 sh -c ..., env X=1 bash
// -c ...), and options may come before the script, as sh's usage has them (sh -e -c ...,
// bash -euo pipefail -c ..., bash --norc -c ...): the script is the shell's first operand.
// Taking only "SHELL -c SCRIPT" pasted the task text into every other form's script,
// where "$(touch PWNED)" in it ran.
func shellScriptArg(agent []string) int {
	for j := range agent {
		if !shells[filepath.Base(agent[j])] {
			continue
		}
		withC := false
		for i := j + 1; i < len(agent); i++ {
			a := agent[i]
			switch {
			case a == "--":
				if withC && i+1 < len(agent) {
					return i + 1
				}
				return -1
			case a == "--rcfile" || a == "--init-file":
				i++ // takes a file name
			case strings.HasPrefix(a, "--"):
			case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
				if a[0] == '-' && strings.Contains(a[1:], "c") {
					withC = true
				}
				// -o and -O (bash's shopt) take the name of an option, one per letter.
				i += strings.Count(a[1:], "o") + strings.Count(a[1:], "O")
			case withC:
				return i
			default:
				return -1 // a script file: its arguments are plain arguments
			}
		}
		return -1
	}
	return -1
}
