package groundtruth

import (
	"context"
	"fmt"
	"path"
	"sort"
	"strings"
)

// Markor tasks beyond create/move/delete (markor.py): renames with new content, edits
// that need the note's original text (from the parameters or the before snapshot),
// merges, folders and whole-directory checks.

func init() {
	register(changeNoteContentFamily())
	register(addNoteHeaderFamily())
	register(editNoteFamily())
	register(mergeNotesFamily())
	register(&Family{Name: "MarkorCreateFolder", App: "Markor", Checks: "a folder (or a file) with the name exists under Documents/Markor",
		Params: []string{"folder_name"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			name, err := p.String("folder_name")
			if err != nil {
				return nil, err
			}
			// MarkorCreateFolder.is_successful asks check_file_or_folder_exists, which
			// `find -type f -o -type d` answers: a file of that name passes too. Lenient,
			// but that is AndroidWorld's verdict.
			part, err := existsPart(ctx, dev, path.Join(MarkorData, name), true)
			if err != nil {
				return nil, err
			}
			return allOf("MarkorCreateFolder", part), nil
		}})
	register(&Family{Name: "MarkorDeleteAllNotes", App: "Markor",
		Checks: "`ls -ll -au` of Documents/Markor lists no regular file (folders do not count; a Markor folder that is gone is an error, as there)",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			// MarkorDeleteAllNotes.is_successful: get_file_list_with_metadata, which raises
			// when Markor is not a directory and lists the regular files only.
			files, err := lsFiles(ctx, dev, MarkorData)
			if err != nil {
				return nil, err
			}
			names := make([]DirEntry, len(files))
			for i, f := range files {
				names[i] = DirEntry{Name: f.Name}
			}
			return allOf("MarkorDeleteAllNotes", Part{Name: "no notes left", Pass: len(files) == 0,
				Detail: fmt.Sprintf("%d files: %s", len(files), entryNames(names, 8))}), nil
		}})
	register(&Family{Name: "MarkorDeleteNewestNote", App: "Markor", Diff: true,
		commands: func(Params) []string { return []string{lsCommand(MarkorData)} },
		Checks:   "`ls -ll -au` of Documents/Markor: one file fewer, the others in the same order with the same times (needs the before snapshot)",
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			out, ok := before.output(lsCommand(MarkorData))
			if !ok {
				return nil, fmt.Errorf("needs a before snapshot (the newest note is only known from the listing before the task)")
			}
			initial, err := ParseLs(out, MarkorData)
			if err != nil {
				return nil, fmt.Errorf("before snapshot: %w", err)
			}
			now, err := lsFiles(ctx, dev, MarkorData)
			if err != nil {
				return nil, err
			}
			parts, err := deleteNewestParts(initial, now)
			if err != nil {
				return nil, err
			}
			return allOf("MarkorDeleteNewestNote", parts...), nil
		}})
}

// lsFiles runs and parses `ls DIR -ll -au` (file_utils.get_file_list_with_metadata).
func lsFiles(ctx context.Context, dev Device, dir string) ([]LsFile, error) {
	out, err := dev.Shell(ctx, lsCommand(dir))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", lsCommand(dir), err)
	}
	return ParseLs(out, dir)
}

// deleteNewestParts is MarkorDeleteNewestNote.is_successful: both listings sorted by
// time (the access time `ls -u` shows, which AndroidWorld calls the change time), every
// file now equal in name and time to the one at the same place before, and one file
// fewer. Reading a note can change its access time, which then fails the task; that is
// AndroidWorld's rule and is kept. Its loop runs over the files now: with more files
// than before and the first ones unchanged, it indexes past the earlier listing and
// raises IndexError, which leaves the episode unscored.
func deleteNewestParts(initial, now []LsFile) ([]Part, error) {
	byTime := func(fs []LsFile) []LsFile {
		out := append([]LsFile(nil), fs...)
		sort.SliceStable(out, func(i, j int) bool { return out[i].Time < out[j].Time })
		return out
	}
	a, b := byTime(initial), byTime(now)
	same := Part{Name: "the other notes unchanged (names and times, oldest first)", Pass: true}
	for i := 0; same.Pass && i < len(b); i++ {
		if i >= len(a) {
			return nil, noScore("%d notes now, %d before, the first %d unchanged: MarkorDeleteNewestNote.is_successful reads file %d of the earlier listing and raises IndexError (new: %s)",
				len(b), len(a), len(a), i+1, b[i].Name)
		}
		if b[i].Name != a[i].Name || b[i].Time != a[i].Time {
			same.Pass = false
			same.Detail = fmt.Sprintf("file %d by time is %s (%s), was %s (%s)", i+1, b[i].Name, b[i].Time, a[i].Name, a[i].Time)
		}
	}
	if same.Pass {
		same.Detail = fmt.Sprintf("%d files as before", len(b))
	}
	fewer := Part{Name: "exactly one file fewer", Pass: len(b) == len(a)-1, Detail: fmt.Sprintf("%d before, %d now", len(a), len(b))}
	if len(a) > 0 {
		fewer.Name += fmt.Sprintf(" (the newest was %s)", a[len(a)-1].Name)
	}
	return []Part{same, fewer}, nil
}

// renamedParts: the note's old name is gone and its new name exists (a file or a
// folder of that name, as check_file_or_folder_exists sees it).
func renamedParts(ctx context.Context, dev Device, p Params) (gone, exists Part, newPath string, err error) {
	orig, err := p.String(p.first("original_name", "file_name"))
	if err != nil {
		return Part{}, Part{}, "", err
	}
	newName, err := p.String("new_name")
	if err != nil {
		return Part{}, Part{}, "", err
	}
	if gone, err = existsPart(ctx, dev, path.Join(MarkorData, orig), false); err != nil {
		return Part{}, Part{}, "", err
	}
	newPath = path.Join(MarkorData, newName)
	if exists, err = existsPart(ctx, dev, newPath, true); err != nil {
		return Part{}, Part{}, "", err
	}
	return gone, exists, newPath, nil
}

// changeNoteContentFamily is MarkorChangeNoteContent: original_name gone, new_name
// present, and check_file_content(new, updated_content): the file's text stripped,
// fuzzy-matched first against the text.
func changeNoteContentFamily() *Family {
	return &Family{Name: "MarkorChangeNoteContent", App: "Markor",
		Checks: "original_name is gone; new_name exists with the updated content (fuzzy)",
		Params: []string{"original_name (or file_name)", "new_name", "updated_content"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			text, err := p.String("updated_content")
			if err != nil {
				return nil, err
			}
			gone, exists, full, err := renamedParts(ctx, dev, p)
			if err != nil {
				return nil, err
			}
			content := Part{Name: "content is the updated content (fuzzy)"}
			got, failed, err := catFile(ctx, dev, full)
			if err != nil {
				return nil, err
			}
			if failed == "" {
				got = strings.TrimSpace(got)
				content.Pass = FuzzyMatch(got, text)
				content.Detail = fmt.Sprintf("file: %q", clip(got, 100))
			} else {
				// check_file_content catches the failing cat: no match.
				content.Detail = "cat fails: " + failed
			}
			return allOf("MarkorChangeNoteContent", gone, exists, content), nil
		}}
}

// addNoteHeaderFamily is MarkorAddNoteHeader: original_name gone, new_name present, and
// its text exactly header + "\n\n" + original_content + "\n" (check_file_content with
// exact_match: the `cat` output with "\r" removed, neither side trimmed). The original
// text comes from original_content, else from the note as the before snapshot read it
// (AndroidWorld's create_file wrote original_content plus a newline).
func addNoteHeaderFamily() *Family {
	orig := func(p Params) string { return p.StringOr(p.first("original_name", "file_name"), "") }
	return &Family{Name: "MarkorAddNoteHeader", App: "Markor", Diff: true,
		BeforeNote: "the original content came from original_content",
		files: func(p Params) []string {
			if o := orig(p); o != "" {
				return []string{path.Join(MarkorData, o)}
			}
			return nil
		},
		Checks: "original_name is gone; new_name holds exactly header, a blank line, the original content and a newline",
		Params: []string{"original_name (or file_name)", "new_name", "header", "original_content?"},
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			header, err := p.String("header")
			if err != nil {
				return nil, err
			}
			var want string
			if p.has("original_content") {
				c, err := p.String("original_content")
				if err != nil {
					return nil, err
				}
				want = header + "\n\n" + c + "\n"
			} else if c, known := before.file(path.Join(MarkorData, orig(p))); known && c != nil {
				want = header + "\n\n" + strings.ReplaceAll(*c, "\r", "")
			} else {
				return nil, fmt.Errorf("%w \"original_content\" (or a before snapshot holding the note)", ErrMissingParam)
			}
			gone, exists, full, err := renamedParts(ctx, dev, p)
			if err != nil {
				return nil, err
			}
			exact := Part{Name: "header, blank line, original content (exact)"}
			got, failed, err := catFile(ctx, dev, full)
			if err != nil {
				return nil, err
			}
			if failed == "" {
				exact.Pass = got == want
				exact.Detail = fmt.Sprintf("file: %q, want %q", clip(got, 100), clip(want, 100))
			} else {
				// check_file_content catches the failing cat: no match.
				exact.Detail = "cat fails: " + failed
			}
			return allOf("MarkorAddNoteHeader", gone, exists, exact), nil
		}}
}

// shellQuoteEscape is what AndroidWorld's file_utils.create_file returns as the
// content it wrote: every ' replaced by '"'"' (its shell escape), which MarkorEditNote
// then compares against. A note with an apostrophe is thus expected in its escaped
// form; kept, as that is AndroidWorld's verdict.
func shellQuoteEscape(s string) string { return strings.ReplaceAll(s, "'", `'"'"'`) }

// editNoteFamily is MarkorEditNote: the note's text, stripped, fuzzy-matches (the
// file's text first) header + "\n" + original, original + "\n" + footer, or the
// replacement. The original is original_content, else the note as the before snapshot
// read it, less the newline create_file added.
func editNoteFamily() *Family {
	return &Family{Name: "MarkorEditNote", App: "Markor", Diff: true, BeforeNote: "the original text came from original_content",
		Checks: "the note's text is header + original, original + footer, or the replacement (fuzzy); the original comes from original_content or the before snapshot",
		Params: []string{"file_name", "edit_type (header|footer|replace)", "header|footer|replace_text", "original_content?"},
		files: func(p Params) []string {
			if f := p.StringOr("file_name", ""); f != "" {
				return []string{path.Join(MarkorData, f)}
			}
			return nil
		},
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			file, err := p.String("file_name")
			if err != nil {
				return nil, err
			}
			full := path.Join(MarkorData, file)
			kind := strings.ToLower(p.StringOr("edit_type", ""))
			original := func() (string, error) {
				if p.has("original_content") {
					return p.String("original_content")
				}
				if c, known := before.file(full); known && c != nil {
					return shellQuoteEscape(strings.TrimSuffix(strings.ReplaceAll(*c, "\r", ""), "\n")), nil
				}
				return "", fmt.Errorf("edit_type %s needs the note's original text: give original_content or a before snapshot", kind)
			}
			var want string
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
			part := Part{Name: "the note's text is the edited text (fuzzy)"}
			got, failed, err := catFile(ctx, dev, full)
			if err != nil {
				return nil, err
			}
			if failed != "" {
				// MarkorEditNote.is_successful's issue_generic_request(cat) raises.
				return nil, catRaises(full, failed)
			}
			got = strings.TrimSpace(got)
			part.Pass = FuzzyMatch(got, want)
			part.Detail = fmt.Sprintf("similarity %.2f (file: %q)", Similarity(strings.ToLower(got), strings.ToLower(want)), clip(got, 80))
			return allOf("MarkorEditNote", part), nil
		}}
}

// mergeNotesFamily is MarkorMergeNotes: CreateFile(new_file_name, the three texts
// joined by "\n\n" plus "\n") must pass, and then the merged file, stripped, must be
// exactly five lines with the 2nd and 4th empty. The texts come from file1_content..3,
// else from the notes file1_name..3 as the before snapshot read them.
func mergeNotesFamily() *Family {
	keys := []string{"1", "2", "3"}
	return &Family{Name: "MarkorMergeNotes", App: "Markor", Diff: true, BeforeNote: "the notes' texts came from file1_content..file3_content",
		Checks: "the new note holds the three notes' texts in order (fuzzy), five lines with blank 2nd and 4th",
		Params: []string{"new_file_name", "file1_content|file1_name", "file2_content|file2_name", "file3_content|file3_name"},
		files: func(p Params) []string {
			var out []string
			for _, k := range keys {
				if n := p.StringOr("file"+k+"_name", ""); n != "" && !p.has("file"+k+"_content") {
					out = append(out, path.Join(MarkorData, n))
				}
			}
			return out
		},
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			name, err := p.String("new_file_name")
			if err != nil {
				return nil, err
			}
			var texts []string
			for _, k := range keys {
				if p.has("file" + k + "_content") {
					t, err := p.String("file" + k + "_content")
					if err != nil {
						return nil, err
					}
					texts = append(texts, t)
					continue
				}
				n, err := p.String("file" + k + "_name")
				if err != nil {
					return nil, fmt.Errorf("%w \"file%s_content\" (or file%s_name with a before snapshot)", ErrMissingParam, k, k)
				}
				c, known := before.file(path.Join(MarkorData, n))
				if !known || c == nil {
					return nil, fmt.Errorf("%w \"file%s_content\" (the before snapshot does not hold %s)", ErrMissingParam, k, n)
				}
				texts = append(texts, strings.TrimSuffix(strings.ReplaceAll(*c, "\r", ""), "\n"))
			}
			full := path.Join(MarkorData, name)
			r, err := fileContentResult(ctx, dev, "MarkorMergeNotes", full, strings.Join(texts, "\n\n")+"\n")
			if err != nil {
				return nil, err
			}
			blank := Part{Name: "five lines, the 2nd and 4th blank"}
			if got, failed, err := catFile(ctx, dev, full); err != nil {
				return nil, err
			} else if failed == "" {
				lines := strings.Split(strings.TrimSpace(got), "\n")
				blank.Pass = len(lines) == 5 && lines[1] == "" && lines[3] == ""
				blank.Detail = fmt.Sprintf("%d lines", len(lines))
			} else {
				blank.Detail = "no file"
			}
			return allOf("MarkorMergeNotes", append(r.Parts, blank)...), nil
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
