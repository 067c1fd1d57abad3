package adbd

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// The device shell (mksh on Android) as far as clients use it: words and quoting,
// lists (; && ||), pipes, and redirections to files, /dev/null and 2>&1. Anything else
// is refused with an error in the output and logged in Device.Refused.

// token kinds
const (
	tWord = iota
	tOp   // | || && ; newline
	tRedir
)

type token struct {
	kind int
	text string // the word after quote removal, or the operator
	// fd is the redirected descriptor (0, 1 or 2) and dup the target descriptor of
	// "N>&M" (-1 otherwise).
	fd, dup int
	append  bool
}

// errSyntax is a line the shell cannot parse, worded as mksh words it.
type errSyntax struct{ msg string }

func (e *errSyntax) Error() string { return e.msg }

// errUnsupported is syntax a device shell accepts but the stand-in does not simulate.
type errUnsupported struct{ what string }

func (e *errUnsupported) Error() string {
	return "adbd stand-in: " + e.what + " is not simulated"
}

// tokenize splits a command line into words and operators, removing quotes.
func tokenize(line string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '\n':
			toks = append(toks, token{kind: tOp, text: "\n"})
			i++
			continue
		case c == '#':
			// A comment runs to the end of the line.
			for i < len(line) && line[i] != '\n' {
				i++
			}
			continue
		case c == '|' || c == '&' || c == ';':
			op := string(c)
			if i+1 < len(line) && line[i+1] == c && c != ';' {
				op += string(c)
			} else if c == ';' && i+1 < len(line) && line[i+1] == ';' {
				return nil, &errSyntax{"syntax error: ';;' unexpected"}
			}
			if op == "&" {
				return nil, &errUnsupported{"a background job (&)"}
			}
			toks = append(toks, token{kind: tOp, text: op})
			i += len(op)
			continue
		case c == '(' || c == ')':
			return nil, &errUnsupported{"a subshell ( )"}
		}
		if t, n, ok := redirection(line[i:]); ok {
			toks = append(toks, t)
			i += n
			continue
		}
		w, n, err := word(line[i:], len(toks) == 0 || toks[len(toks)-1].kind == tOp)
		if err != nil {
			return nil, err
		}
		toks = append(toks, token{kind: tWord, text: w})
		i += n
	}
	return toks, nil
}

// redirection recognises [N]>, [N]>>, [N]<, N>&M at the start of s.
func redirection(s string) (token, int, bool) {
	i := 0
	fd := -1
	if i < len(s) && s[i] >= '0' && s[i] <= '9' && len(s) > 1 && (s[1] == '>' || s[1] == '<') {
		fd = int(s[0] - '0')
		i++
	}
	if i >= len(s) || (s[i] != '>' && s[i] != '<') {
		return token{}, 0, false
	}
	t := token{kind: tRedir, dup: -1}
	if s[i] == '<' {
		t.text, t.fd = "<", 0
		i++
	} else {
		t.text, t.fd = ">", 1
		i++
		if i < len(s) && s[i] == '>' {
			t.append = true
			i++
		}
		if i+1 < len(s) && s[i] == '&' && s[i+1] >= '0' && s[i+1] <= '9' {
			t.dup = int(s[i+1] - '0')
			i += 2
		}
	}
	if fd >= 0 {
		t.fd = fd
	}
	return t, i, true
}

// word reads one word, removing quotes; first says whether it is in command position
// (where NAME=value would be an assignment).
func word(s string, first bool) (string, int, error) {
	var b strings.Builder
	i := 0
	quoted := false
	for i < len(s) {
		c := s[i]
		switch c {
		case ' ', '\t', '\n', '|', '&', ';', '<', '>', '(', ')':
			return finishWord(b.String(), quoted, first, i)
		case '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return "", 0, &errSyntax{"syntax error: no closing quote"}
			}
			b.WriteString(s[i+1 : i+1+j])
			i += j + 2
			quoted = true
		case '"':
			i++
			closed := false
			for i < len(s) {
				c := s[i]
				if c == '"' {
					closed = true
					i++
					break
				}
				if c == '\\' && i+1 < len(s) && strings.IndexByte("\\\"$`\n", s[i+1]) >= 0 {
					if s[i+1] != '\n' {
						b.WriteByte(s[i+1])
					}
					i += 2
					continue
				}
				if c == '`' || (c == '$' && i+1 < len(s) && isExpansionStart(s[i+1])) {
					return "", 0, &errUnsupported{"expansion " + expansionText(s[i:])}
				}
				b.WriteByte(c)
				i++
			}
			if !closed {
				return "", 0, &errSyntax{"syntax error: no closing quote"}
			}
			quoted = true
		case '\\':
			if i+1 < len(s) {
				if s[i+1] != '\n' {
					b.WriteByte(s[i+1])
				}
				i += 2
			} else {
				i++
			}
			quoted = true
		case '`':
			return "", 0, &errUnsupported{"command substitution `...`"}
		case '$':
			if i+1 < len(s) && isExpansionStart(s[i+1]) {
				return "", 0, &errUnsupported{"expansion " + expansionText(s[i:])}
			}
			b.WriteByte(c)
			i++
		case '*', '?':
			// An unquoted glob character: marked so the word is expanded against the
			// device's files when the command runs (globMark never occurs in text).
			b.WriteRune(globMark)
			b.WriteByte(c)
			i++
		case '[':
			if b.Len() == 0 && (i+1 >= len(s) || s[i+1] == ' ' || s[i+1] == '\t') {
				b.WriteByte(c) // the test command [
				i++
				continue
			}
			return "", 0, &errUnsupported{"the glob \"[\""}
		case '{', '}':
			return "", 0, &errUnsupported{fmt.Sprintf("brace %q", string(c))}
		case '~':
			// mksh expands ~ and ~/ (HOME) and ~NAME for a login name; a word like
			// ~~~RESET~~~, whose prefix is no login name, stays as written.
			if b.Len() == 0 && !quoted {
				end := strings.IndexAny(s[i+1:]+" ", "/ \t\n|&;<>()")
				if isName(s[i+1:i+1+end]) || end == 0 {
					return "", 0, &errUnsupported{"tilde expansion"}
				}
			}
			b.WriteByte(c)
			i++
		default:
			b.WriteByte(c)
			i++
		}
	}
	return finishWord(b.String(), quoted, first, i)
}

func finishWord(w string, quoted, first bool, n int) (string, int, error) {
	if first && !quoted {
		if eq := strings.IndexByte(w, '='); eq > 0 && isName(w[:eq]) {
			return "", 0, &errUnsupported{"the assignment " + w}
		}
	}
	return w, n, nil
}

func isName(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

func isExpansionStart(c byte) bool {
	return c == '{' || c == '(' || c == '_' || c == '?' || c == '$' || c == '!' || c == '#' ||
		c == '@' || c == '*' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func expansionText(s string) string {
	end := len(s)
	for i := 1; i < len(s); i++ {
		if strings.IndexByte(" \t\n\"'|;&<>", s[i]) >= 0 {
			end = i
			break
		}
	}
	return s[:end]
}

// globMark precedes a glob character that was not quoted.
const globMark = '\uFDD0'

// simple is one command with its redirections.
type simple struct {
	argv   []string
	redirs []token // tRedir tokens, each followed by its target in target
	target []string
}

// pipeline is commands joined by |.
type pipeline []simple

// andOr is pipelines joined by && and ||: ops[i] joins pipes[i] and pipes[i+1]. An
// `if` compound stands in a list as an andOr with ifc set.
type andOr struct {
	pipes []pipeline
	ops   []string
	ifc   *ifCompound
}

// ifCompound is `if LIST; then LIST; [else LIST;] fi` (elif is not simulated).
type ifCompound struct {
	cond, then, els []andOr
}

// parse turns tokens into lists separated by ; and newlines, as mksh's grammar has
// them: a ';' must end a command, a newline may also stand alone or follow | && ||;
// `if ... then ... else ... fi` compounds are lists of their own.
func parse(toks []token) ([]andOr, error) {
	lists, rest, err := parseUntil(toks, nil)
	if err != nil {
		return nil, err
	}
	if len(rest) > 0 {
		return nil, &errSyntax{fmt.Sprintf("syntax error: '%s' unexpected", rest[0].text)}
	}
	return lists, nil
}

// reserved reports whether a token is a reserved word in command position.
func reserved(toks []token, i int, word string) bool {
	return toks[i].kind == tWord && toks[i].text == word && (i == 0 || toks[i-1].kind == tOp)
}

// parseUntil parses lists up to one of the reserved words in stop (returned with the
// tokens from it on), or to the end.
func parseUntil(toks []token, stop []string) ([]andOr, []token, error) {
	var lists []andOr
	start := 0
	flush := func(end int) error {
		if end > start {
			l, err := parseFlat(toks[start:end])
			if err != nil {
				return err
			}
			lists = append(lists, l...)
		}
		return nil
	}
	for i := 0; i < len(toks); i++ {
		for _, w := range stop {
			if reserved(toks, i, w) {
				if err := flush(i); err != nil {
					return nil, nil, err
				}
				return lists, toks[i:], nil
			}
		}
		if reserved(toks, i, "elif") {
			return nil, nil, &errUnsupported{"elif"}
		}
		if !reserved(toks, i, "if") {
			continue
		}
		if err := flush(i); err != nil {
			return nil, nil, err
		}
		cond, rest, err := parseUntil(toks[i+1:], []string{"then"})
		if err != nil {
			return nil, nil, err
		}
		if len(rest) == 0 || len(cond) == 0 {
			return nil, nil, &errSyntax{"syntax error: 'if' unmatched"}
		}
		then, rest, err := parseUntil(rest[1:], []string{"else", "fi"})
		if err != nil {
			return nil, nil, err
		}
		if len(rest) == 0 || len(then) == 0 {
			return nil, nil, &errSyntax{"syntax error: 'if' unmatched"}
		}
		var els []andOr
		if rest[0].text == "else" {
			if els, rest, err = parseUntil(rest[1:], []string{"fi"}); err != nil {
				return nil, nil, err
			}
			if len(rest) == 0 {
				return nil, nil, &errSyntax{"syntax error: 'if' unmatched"}
			}
		}
		lists = append(lists, andOr{ifc: &ifCompound{cond, then, els}})
		rest = rest[1:] // fi
		if len(rest) > 0 {
			switch {
			case rest[0].kind != tOp:
				return nil, nil, &errSyntax{fmt.Sprintf("syntax error: '%s' unexpected", rest[0].text)}
			case rest[0].text == ";" || rest[0].text == "\n":
				rest = rest[1:]
			default:
				return nil, nil, &errUnsupported{"'" + rest[0].text + "' after fi"}
			}
		}
		consumed := len(toks) - len(rest)
		i = consumed - 1
		start = consumed
	}
	if err := flush(len(toks)); err != nil {
		return nil, nil, err
	}
	return lists, nil, nil
}

// parseFlat parses lists without compounds.
func parseFlat(toks []token) ([]andOr, error) {
	var lists []andOr
	var cur andOr
	var pipe pipeline
	var cmd simple
	unexpected := func(t string) error { return &errSyntax{fmt.Sprintf("syntax error: '%s' unexpected", t)} }
	endCommand := func(op string) error {
		if len(cmd.argv) == 0 && len(cmd.redirs) == 0 {
			return unexpected(op)
		}
		pipe = append(pipe, cmd)
		cmd = simple{}
		return nil
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case tWord:
			cmd.argv = append(cmd.argv, t.text)
		case tRedir:
			if t.dup >= 0 {
				cmd.redirs = append(cmd.redirs, t)
				cmd.target = append(cmd.target, "")
				continue
			}
			if i+1 >= len(toks) || toks[i+1].kind != tWord {
				return nil, unexpected("newline")
			}
			cmd.redirs = append(cmd.redirs, t)
			cmd.target = append(cmd.target, toks[i+1].text)
			i++
		case tOp:
			switch t.text {
			case "|":
				if err := endCommand("|"); err != nil {
					return nil, err
				}
			case "&&", "||":
				if err := endCommand(t.text); err != nil {
					return nil, err
				}
				cur.pipes = append(cur.pipes, pipe)
				cur.ops = append(cur.ops, t.text)
				pipe = nil
			case ";", "\n":
				if len(cmd.argv) == 0 && len(cmd.redirs) == 0 {
					// A ';' ends a command, so one with no command before it is an
					// error; a newline may be an empty line or follow | && ||.
					if t.text == ";" {
						return nil, unexpected(";")
					}
					continue
				}
				if err := endCommand(t.text); err != nil {
					return nil, err
				}
				cur.pipes = append(cur.pipes, pipe)
				lists = append(lists, cur)
				cur, pipe = andOr{}, nil
			}
		}
	}
	if len(cmd.argv) > 0 || len(cmd.redirs) > 0 {
		pipe = append(pipe, cmd)
	} else if len(pipe) > 0 || len(cur.pipes) > 0 {
		return nil, unexpected("newline")
	}
	if len(pipe) > 0 {
		cur.pipes = append(cur.pipes, pipe)
		lists = append(lists, cur)
	}
	return lists, nil
}

// shell runs command lines on the device.
type shell struct {
	dev    *Device
	status int // of the last pipeline
}

// shellName is how mksh names itself in its messages on Android.
const shellName = "/system/bin/sh"

// run parses and runs line, stdout and stderr of the whole line going to out.
func (sh *shell) run(line string, stdin []byte, out io.Writer) {
	toks, err := tokenize(line)
	var lists []andOr
	if err == nil {
		lists, err = parse(toks)
	}
	if err != nil {
		if u, ok := err.(*errUnsupported); ok {
			sh.dev.refuse(u.what + " in: " + line)
			fmt.Fprintf(out, "%s: %s\n", shellName, u.Error())
		} else {
			fmt.Fprintf(out, "%s: %s\n", shellName, err.Error())
		}
		sh.status = 1
		return
	}
	sh.runLists(lists, stdin, out)
}

func (sh *shell) runLists(lists []andOr, stdin []byte, out io.Writer) {
	for _, l := range lists {
		if l.ifc != nil {
			sh.runLists(l.ifc.cond, stdin, out)
			switch {
			case sh.status == 0:
				sh.runLists(l.ifc.then, stdin, out)
			case l.ifc.els != nil:
				sh.runLists(l.ifc.els, stdin, out)
			default:
				sh.status = 0
			}
			continue
		}
		sh.status = sh.runPipeline(l.pipes[0], stdin, out)
		for i, op := range l.ops {
			if (op == "&&") == (sh.status == 0) {
				sh.status = sh.runPipeline(l.pipes[i+1], stdin, out)
			}
		}
	}
}

// runPipeline runs the commands in turn, each one's output feeding the next one's
// input; errors go straight to out. The status is the last command's.
func (sh *shell) runPipeline(p pipeline, stdin []byte, out io.Writer) int {
	in := stdin
	status := 0
	for i, cmd := range p {
		var stdout io.Writer = out
		var buf bytes.Buffer
		if i < len(p)-1 {
			stdout = &buf
		}
		status = sh.runSimple(cmd, in, stdout, out)
		in = buf.Bytes()
	}
	return status
}

// runSimple applies the redirections and runs one command.
func (sh *shell) runSimple(cmd simple, stdin []byte, stdout, stderr io.Writer) int {
	fds := [3]io.Writer{nil, stdout, stderr}
	type pending struct {
		path   string
		buf    *bytes.Buffer
		append bool
	}
	var files []pending
	for i, r := range cmd.redirs {
		target := cmd.target[i]
		switch {
		case r.fd > 2:
			sh.dev.refuse("redirection of descriptor " + itoa(r.fd))
			fmt.Fprintf(stderr, "%s: adbd stand-in: redirection of descriptor %d is not simulated\n", shellName, r.fd)
			return 1
		case r.dup >= 0:
			if r.dup < 1 || r.dup > 2 || r.fd == 0 {
				fmt.Fprintf(stderr, "%s: %d: illegal file descriptor name\n", shellName, r.dup)
				return 1
			}
			fds[r.fd] = fds[r.dup]
		case r.text == "<":
			data, err := sh.dev.readFile(target)
			if err != nil {
				fmt.Fprintf(stderr, "%s: can't open %s: %s\n", shellName, target, err)
				return 1
			}
			stdin = data
		case target == "/dev/null":
			fds[r.fd] = io.Discard
		default:
			if msg := sh.dev.checkWritable(target); msg != "" {
				fmt.Fprintf(stderr, "%s: can't create %s: %s\n", shellName, target, msg)
				return 1
			}
			b := &bytes.Buffer{}
			files = append(files, pending{target, b, r.append})
			fds[r.fd] = b
		}
	}
	status := 0
	if len(cmd.argv) > 0 {
		status = sh.dev.command(sh, sh.dev.expandGlobs(cmd.argv), stdin, fds[1], fds[2])
	}
	for _, f := range files {
		sh.dev.writeFile(f.path, f.buf.Bytes(), f.append)
	}
	return status
}
