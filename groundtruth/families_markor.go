package groundtruth

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"
)

// Markor tasks beyond create/move/delete: renames with new content, edits that
// need the note's original text (from the parameters or the before snapshot),
// merges, folders and whole-directory checks.

func init() {
	register(renameNoteFamily("MarkorChangeNoteContent", "updated_content", false))
	register(renameNoteFamily("MarkorAddNoteHeader", "header", true))
	register(&Family{Name: "MarkorEditNote", App: "Markor", Diff: true, BeforeNote: "the original text came from original_content",
		Checks: "the note's text is header + original, original + footer, or the replacement (fuzzy); the original comes from original_content or the before snapshot",
		Params: []string{"file_name", "edit_type (header|footer|replace)", "header|footer|replace_text", "original_content?"},
		files: func(p Params) []string {
			return []string{path.Join(MarkorData, p.StringOr("file_name", ""))}
		},
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			file, err := p.String("file_name")
			if err != nil {
				return nil, err
			}
			full := path.Join(MarkorData, file)
			var want string
			kind := strings.ToLower(p.StringOr("edit_type", ""))
			original := func() (string, error) {
				if p.has("original_content") {
					return p.String("original_content")
				}
				if c, known := before.file(full); known && c != nil {
					return strings.TrimSpace(*c), nil
				}
				return "", fmt.Errorf("edit_type %s needs the note's original text: give original_content or a before snapshot", kind)
			}
			switch kind {
			case "header", "footer":
				orig, err := original()
				if err != nil {
					return nil, err
				}
				add, err := p.String(kind)
				if err != nil {
					return nil, err
				}
				want = add + "\n" + orig
				if kind == "footer" {
					want = orig + "\n" + add
				}
			case "replace":
				if want, err = p.String("replace_text"); err != nil {
					return nil, err
				}
			default:
				return nil, fmt.Errorf("parameter edit_type %q: want header, footer or replace", kind)
			}
			return fileContentResult(ctx, dev, "MarkorEditNote", full, want)
		}})
	register(&Family{Name: "MarkorMergeNotes", App: "Markor",
		Checks: "the new note holds the three notes' texts in order (fuzzy), separated by blank lines",
		Params: []string{"new_file_name", "file1_content", "file2_content", "file3_content"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			name, err := p.String("new_file_name")
			if err != nil {
				return nil, err
			}
			var texts []string
			for _, k := range []string{"file1_content", "file2_content", "file3_content"} {
				t, err := p.String(k)
				if err != nil {
					return nil, err
				}
				texts = append(texts, strings.TrimSpace(t))
			}
			full := path.Join(MarkorData, name)
			r, err := fileContentResult(ctx, dev, "MarkorMergeNotes", full, strings.Join(texts, "\n\n"))
			if err != nil {
				return nil, err
			}
			blank := Part{Name: "a blank line between the notes"}
			if data, ok, err := PullFile(ctx, dev, full); err != nil {
				return nil, err
			} else if ok {
				lines := strings.Split(strings.TrimSpace(strings.ReplaceAll(string(data), "\r", "")), "\n")
				blank.Pass = len(lines) == 5 && strings.TrimSpace(lines[1]) == "" && strings.TrimSpace(lines[3]) == ""
				blank.Detail = fmt.Sprintf("%d lines", len(lines))
			} else {
				blank.Detail = "no file"
			}
			return allOf("MarkorMergeNotes", append(r.Parts, blank)...), nil
		}})
	register(&Family{Name: "MarkorCreateFolder", App: "Markor", Checks: "a folder with the name exists under Documents/Markor",
		Params: []string{"folder_name"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			name, err := p.String("folder_name")
			if err != nil {
				return nil, err
			}
			entries, err := ListDir(ctx, dev, MarkorData)
			if err != nil {
				return nil, err
			}
			part := Part{Name: fmt.Sprintf("folder %q exists in %s", name, MarkorData)}
			for _, e := range entries {
				if e.Name == name {
					part.Pass, part.Detail = e.Dir, "present"
					if !e.Dir {
						part.Detail = "present, but a file, not a folder"
					}
				}
			}
			if part.Detail == "" {
				part.Detail = fmt.Sprintf("absent (%d entries: %s)", len(entries), entryNames(entries, 8))
			}
			return allOf("MarkorCreateFolder", part), nil
		}})
	register(&Family{Name: "MarkorDeleteAllNotes", App: "Markor", Checks: "Documents/Markor is empty",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			entries, err := ListDir(ctx, dev, MarkorData)
			if err != nil {
				return nil, err
			}
			return allOf("MarkorDeleteAllNotes", Part{Name: "no notes left", Pass: len(entries) == 0,
				Detail: fmt.Sprintf("%d entries: %s", len(entries), entryNames(entries, 8))}), nil
		}})
	register(&Family{Name: "MarkorDeleteNewestNote", App: "Markor", Diff: true, dirs: []string{MarkorData},
		Checks: "exactly the most recently changed note is gone and every other note is unchanged (needs the before snapshot)",
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			if before == nil || before.Dirs == nil {
				return nil, fmt.Errorf("needs a before snapshot (the newest note is only known from the listing before the task)")
			}
			prior := before.Dirs[MarkorData]
			if len(prior) == 0 {
				return nil, fmt.Errorf("before snapshot: %s was empty, so there was no newest note", MarkorData)
			}
			now, err := ListDir(ctx, dev, MarkorData)
			if err != nil {
				return nil, err
			}
			sorted := append([]DirEntry(nil), prior...)
			sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].ModTime < sorted[j].ModTime })
			newest := sorted[len(sorted)-1]
			cur := map[string]DirEntry{}
			for _, e := range now {
				cur[e.Name] = e
			}
			_, still := cur[newest.Name]
			gone := Part{Name: fmt.Sprintf("newest note %q deleted", newest.Name), Pass: !still}
			changed := 0
			for _, e := range sorted[:len(sorted)-1] {
				if c, ok := cur[e.Name]; !ok || c.ModTime != e.ModTime || c.Size != e.Size {
					changed++
				}
			}
			others := Part{Name: "the other notes untouched, nothing added", Pass: changed == 0 && len(now) == len(prior)-1,
				Detail: fmt.Sprintf("%d before, %d now, %d others changed or gone", len(prior), len(now), changed)}
			return allOf("MarkorDeleteNewestNote", gone, others), nil
		}})
}

// renameNoteFamily: original_name is gone, new_name exists with the new text
// (fuzzy), or for a header: header, a blank line, then the original content.
func renameNoteFamily(name, textParam string, header bool) *Family {
	params := []string{"original_name", "new_name", textParam}
	checks := "original_name is gone; new_name exists with the updated content (fuzzy)"
	if header {
		params = append(params, "original_content")
		checks = "original_name is gone; new_name holds header, a blank line, then the original content (exact)"
	}
	return &Family{Name: name, App: "Markor", Checks: checks, Params: params,
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			orig, err := p.String("original_name")
			if err != nil {
				return nil, err
			}
			newName, err := p.String("new_name")
			if err != nil {
				return nil, err
			}
			text, err := p.String(textParam)
			if err != nil {
				return nil, err
			}
			gone, err := existsPart(ctx, dev, path.Join(MarkorData, orig), false)
			if err != nil {
				return nil, err
			}
			full := path.Join(MarkorData, newName)
			if !header {
				r, err := fileContentResult(ctx, dev, name, full, text)
				if err != nil {
					return nil, err
				}
				return allOf(name, append([]Part{gone}, r.Parts...)...), nil
			}
			content, err := p.String("original_content")
			if err != nil {
				return nil, err
			}
			want := strings.TrimSpace(text + "\n\n" + content)
			data, ok, err := PullFile(ctx, dev, full)
			if err != nil {
				return nil, err
			}
			exists := Part{Name: full + " exists", Pass: ok, Detail: "present"}
			exact := Part{Name: "header, blank line, original content"}
			if !ok {
				exists.Detail, exact.Detail = "absent", "no file"
			} else {
				got := strings.TrimSpace(strings.ReplaceAll(string(data), "\r", ""))
				exact.Pass = got == want
				exact.Detail = fmt.Sprintf("file: %q", clip(got, 100))
			}
			return allOf(name, gone, exists, exact), nil
		}}
}

func entryNames(es []DirEntry, max int) string {
	var names []string
	for i, e := range es {
		if i == max {
			names = append(names, "…")
			break
		}
		names = append(names, e.Name)
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}
