package observer

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/autoeval/autoeval/trace"
)

// The agent under test must not be able to change what autoeval later evaluates. It writes
// its answer to a private file outside the trace folder, copied in once it has exited; it is
// not told where the trace folder is; and whatever appears in the trace folder while it runs
// that autoeval did not write (a substates.json, a judgment, a ground-truth snapshot) is moved
// aside into a folder of its own, which no command reads. The frames autoeval wrote carry
// the digests of their files in trace.json, so one changed afterwards is noticed (the judge
// does not judge it, trace validate and eval say so). A process of the same user can write
// anywhere that user can: what this guards is what autoeval reads, not the file system.

// AgentWrittenPrefix starts the name of the folder, inside a trace, that holds what the agent
// put into the trace folder while it ran; nothing autoeval reads is looked for there.
const AgentWrittenPrefix = "agent-written-"

// maxFingerprinted bounds the files whose content is hashed to tell whether the agent changed
// them; a larger one is told by its size and modification time.
const maxFingerprinted = 64 << 20

// dirState is what a trace folder held before the agent started: a fingerprint per entry.
type dirState map[string]string

// snapshotDir records the entries of dir (not their subfolders' contents).
func snapshotDir(dir string) dirState {
	st := dirState{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return st
	}
	for _, e := range entries {
		st[e.Name()] = fingerprint(filepath.Join(dir, e.Name()))
	}
	return st
}

// fingerprint tells an entry's content apart without following links or opening anything
// but a regular file (a named pipe left by the agent must not block autoeval).
func fingerprint(path string) string {
	fi, err := os.Lstat(path)
	if err != nil {
		return "gone"
	}
	if !fi.Mode().IsRegular() {
		return "type " + fi.Mode().Type().String()
	}
	if fi.Size() > maxFingerprinted {
		return fmt.Sprintf("file %d %d", fi.Size(), fi.ModTime().UnixNano())
	}
	f, err := os.Open(path)
	if err != nil {
		return "unreadable"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, maxFingerprinted+1)); err != nil {
		return "unreadable"
	}
	return "file " + hex.EncodeToString(h.Sum(nil))
}

// seal runs once the agent has exited: every entry of the trace folder that autoeval did not
// write and that was not there, unchanged, before the agent started is moved into a folder
// of its own (recorded as metadata.agent_written), and the frames whose files no longer
// match what was recorded are named (metadata.changed_during_run).
func (r *recorder) seal(before dirState) {
	dir := r.tr.Dir
	entries, err := os.ReadDir(dir)
	if err != nil {
		r.opts.Logf("checking the trace folder after the agent: %v", err)
		return
	}
	var moved []string
	var aside string
	for _, e := range entries {
		name := e.Name()
		if r.owned(name) || name == aside {
			continue
		}
		if fp, ok := before[name]; ok && fp == fingerprint(filepath.Join(dir, name)) {
			continue
		}
		if aside == "" {
			// A name the agent cannot have taken in advance.
			p, err := os.MkdirTemp(dir, AgentWrittenPrefix)
			if err != nil {
				r.opts.Logf("moving aside what the agent wrote into the trace folder: %v", err)
				r.tr.Metadata["agent_written_error"] = err.Error()
				return
			}
			aside = filepath.Base(p)
		}
		if err := os.Rename(filepath.Join(dir, name), filepath.Join(dir, aside, name)); err != nil {
			r.opts.Logf("moving aside %s, which the agent wrote into the trace folder: %v", name, err)
			r.tr.Metadata["agent_written_error"] = err.Error()
			continue
		}
		moved = append(moved, name)
	}
	if len(moved) > 0 {
		r.tr.Metadata["agent_written"] = map[string]any{"folder": aside, "files": moved}
		r.opts.Logf("the agent wrote %s into the trace folder: moved into %s/, which autoeval does not read", strings.Join(moved, ", "), aside)
	}
	if changed := r.tr.RecordedChanges(); len(changed) > 0 {
		r.tr.Metadata["changed_during_run"] = changed
		r.opts.Logf("files autoeval recorded changed while the agent ran (not judged): %s", strings.Join(changed, "; "))
	}
}

// owned reports whether autoeval wrote the entry: trace.json, the agent's logs (written
// through autoeval's own descriptors) and the frames' files.
func (r *recorder) owned(name string) bool {
	switch name {
	case trace.ManifestName, StdoutLog, StderrLog:
		return true
	}
	return r.written[name]
}

// frameSums are the digests of a frame's files as written.
func frameSums(png []byte, xml string, hasXML bool) *trace.FileSums {
	s := &trace.FileSums{Image: trace.Sum(png)}
	if hasXML {
		s.XML = trace.Sum([]byte(xml))
	}
	return s
}
