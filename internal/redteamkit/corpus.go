package redteamkit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// AppCase is a UI-tree case with the app it runs in.
type AppCase struct {
	App string
	Case
}

// AppCases pairs each app with its cases, in the order given.
func AppCases(groups ...AppGroup) []AppCase {
	var out []AppCase
	for _, g := range groups {
		for _, c := range g.Cases() {
			out = append(out, AppCase{App: g.App, Case: c})
		}
	}
	return out
}

// AppGroup is an app and the function that writes its cases.
type AppGroup struct {
	App   string
	Cases func() []Case
}

// Group is an app and its cases.
func Group(app string, cases func() []Case) AppGroup { return AppGroup{App: app, Cases: cases} }

// Corpus is a generated corpus: part A's episodes (file name to bytes), part B's shots
// (drawn again when written) and the labels of both.
type Corpus struct {
	Episodes    map[string][]byte
	Labels      []byte
	ShotLabels  []byte
	shots       []Shot
	shotDigests map[string]string // shot name to a digest of its frames' pixels and task
}

// GenerateCorpus renders every case and shot, failing on a malformed one or a repeated name;
// about heads both label files.
func GenerateCorpus(about string, cases []AppCase, shots []Shot) (*Corpus, error) {
	c := &Corpus{Episodes: map[string][]byte{}, shotDigests: map[string]string{}}
	var labels []Label
	for _, ac := range cases {
		name := ac.Name + ".json"
		if _, dup := c.Episodes[name]; dup {
			return nil, fmt.Errorf("case %s: the name is used twice", ac.Name)
		}
		ep, err := ac.Episode()
		if err != nil {
			return nil, err
		}
		c.Episodes[name] = ep
		labels = append(labels, ac.LabelOf(ac.App))
	}
	sort.Slice(labels, func(i, j int) bool { return labels[i].Name < labels[j].Name })
	var err error
	if c.Labels, err = labelsJSON(about, labels); err != nil {
		return nil, err
	}
	var shotLabels []ShotLabel
	for _, s := range shots {
		if _, dup := c.shotDigests[s.Name]; dup {
			return nil, fmt.Errorf("shot %s: the name is used twice", s.Name)
		}
		_, digest, err := s.Render(false)
		if err != nil {
			return nil, err
		}
		c.shots, c.shotDigests[s.Name] = append(c.shots, s), digest
		shotLabels = append(shotLabels, s.Label())
	}
	sort.Slice(shotLabels, func(i, j int) bool { return shotLabels[i].Name < shotLabels[j].Name })
	if c.ShotLabels, err = labelsJSON(about, shotLabels); err != nil {
		return nil, err
	}
	return c, nil
}

func labelsJSON[T any](about string, cases []T) ([]byte, error) {
	raw, err := json.MarshalIndent(map[string]any{"about": about, "cases": cases}, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(raw, '\n'), nil
}

// Hash names the corpus's content: every episode's name and bytes, every screenshot
// folder's frames (by their pixels, not their PNG encoding, which a new Go may compress
// differently) and task, and the labels, so the figures measured on it (RESULTS.md) can
// say which corpus they were measured on.
func (c *Corpus) Hash() string {
	h := sha256.New()
	for _, n := range sortedKeys(c.Episodes) {
		fmt.Fprintf(h, "%s\x00%d\x00", n, len(c.Episodes[n]))
		h.Write(c.Episodes[n])
	}
	for _, n := range sortedKeys(c.shotDigests) {
		fmt.Fprintf(h, "shot\x00%s\x00%s\x00", n, c.shotDigests[n])
	}
	h.Write(c.Labels)
	h.Write(c.ShotLabels)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Write writes the corpus under dir: dir/episodes/*.json and dir/cases.json (part A),
// dir/shots/NAME/{1.png,...,task.txt} and dir/shots.json (part B).
func (c *Corpus) Write(dir string) error {
	epDir := filepath.Join(dir, "episodes")
	if err := os.MkdirAll(epDir, 0o755); err != nil {
		return err
	}
	for name, data := range c.Episodes {
		if err := os.WriteFile(filepath.Join(epDir, name), data, 0o644); err != nil {
			return err
		}
	}
	for _, s := range c.shots {
		files, _, err := s.Render(true)
		if err != nil {
			return err
		}
		d := filepath.Join(dir, "shots", s.Name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
		for f, data := range files {
			if err := os.WriteFile(filepath.Join(d, f), data, 0o644); err != nil {
				return err
			}
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "shots.json"), c.ShotLabels, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "cases.json"), c.Labels, 0o644)
}

// ReadLabels reads cases.json (part A's labels).
func ReadLabels(path string) ([]Label, error) { return readCases[Label](path) }

// ReadShotLabels reads shots.json (part B's labels).
func ReadShotLabels(path string) ([]ShotLabel, error) { return readCases[ShotLabel](path) }

func readCases[T any](path string) ([]T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc struct {
		Cases []T `json:"cases"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return doc.Cases, nil
}
