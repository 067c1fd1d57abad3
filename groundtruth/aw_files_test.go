package groundtruth

import "strings"

// Files, Markor notes, recordings, photos, drawings.

const (
	fileValidators = "task_evals/common_validators/file_validators.py"
	markorPy       = "task_evals/single/markor.py"
)

func fileCases() []awCase {
	var cs []awCase
	// file_validators.DeleteFile: check_file_or_folder_exists(file, dir) is false.
	del := func(root string) []awCase {
		dir := root + "/Download"
		p := Params{"file_name": "report.pdf", "subfolder": "Download"}
		if root == MarkorData {
			dir, p = root, Params{"file_name": "report.md"}
		}
		name := p.StringOr("file_name", "")
		base := newState().put(dir+"/other.txt", "x")
		return []awCase{
			{name: "deleted", cite: fileValidators + " DeleteFile.is_successful: the file no longer exists", params: p, after: base, reward: 1},
			{name: "still there", cite: fileValidators + " DeleteFile: check_file_or_folder_exists is true", params: p, after: base.clone().put(dir+"/"+name, "x"), reward: 0},
			{name: "a folder of that name", cite: fileValidators + " DeleteFile: find -type f -o -type d sees folders too", params: p, after: base.clone().mkdir(dir + "/" + name), reward: 0},
		}
	}
	cs = append(cs, each([]string{"FilesDeleteFile"}, del(EmulatorData))...)
	cs = append(cs, each([]string{"MarkorDeleteNote"}, del(MarkorData))...)
	move := func(root string) []awCase {
		p := Params{"file_name": "a.jpg", "source_folder": "DCIM", "destination_folder": "Pictures"}
		src, dst := root+"/DCIM/a.jpg", root+"/Pictures/a.jpg"
		return []awCase{
			{name: "moved", cite: fileValidators + " MoveFile.is_successful: not src_exists and dest_exists", params: p, after: newState().put(dst, "x").mkdir(root + "/DCIM"), reward: 1},
			{name: "copied", cite: fileValidators + " MoveFile: still in the source folder", params: p, after: newState().put(dst, "x").put(src, "x"), reward: 0},
			{name: "gone from both", cite: fileValidators + " MoveFile: not in the destination", params: p, after: newState().mkdir(root + "/Pictures"), reward: 0},
		}
	}
	cs = append(cs, each([]string{"FilesMoveFile"}, move(EmulatorData))...)
	cs = append(cs, each([]string{"MarkorMoveNote"}, move(MarkorData))...)

	// file_validators.CreateFile: the file exists and fuzzy_match(cat | strip, text).
	create := func(textKey string) []awCase {
		const c = fileValidators + " CreateFile.is_successful"
		p := Params{"file_name": "groceries.md", textKey: "Buy milk, eggs and bread before the store closes"}
		f := MarkorData + "/groceries.md"
		return []awCase{
			{name: "created", cite: c + ": exists, content fuzzy-matches", params: p, after: newState().put(f, "Buy milk, eggs and bread before the store closes\n"), reward: 1},
			{name: "CRLF and spaces", cite: c + ": \\r removed and the text stripped before matching", params: p, after: newState().put(f, "  Buy milk, eggs and bread before the store closes\r\n\r\n"), reward: 1},
			{name: "a typo", cite: c + ": fuzzy_match ratio 0.99 >= 0.9", params: p, after: newState().put(f, "Buy milk, egs and bread before the store closes"), reward: 1},
			{name: "half the text", cite: c + ": fuzzy_match ratio below 0.9", params: p, after: newState().put(f, "Buy milk, eggs and bread"), reward: 0},
			{name: "missing", cite: c + ": check_file_or_folder_exists is false", params: p, after: newState().put(MarkorData+"/other.md", "Buy milk, eggs and bread before the store closes"), reward: 0},
			{name: "a folder of that name", cite: c + ": find lists the folder, then issue_generic_request(cat FOLDER) fails and android_env raises AdbControllerError: no score",
				params: p, after: newState().mkdir(f), wantErr: "would record no score"},
		}
	}
	cs = append(cs, each([]string{"MarkorCreateNote", "MarkorTranscribeVideo", "MarkorTranscribeReceipt"}, create("text"))...)
	cs = append(cs, each([]string{"MarkorCreateNoteFromClipboard"}, create("file_content"))...)
	// The case: a receipt transcribed with two lines swapped. difflib scores it
	// 0.904 (a pass); the earlier port, which extended matches only over popular
	// characters of a text of 200 or more, scored it 0.884 (a fail).
	receipt := "Date, Item, Amount\n2023-10-15, Movie ticket, $42.59\n2023-10-08, Bagel, $25.19\n2023-10-11, Notebook, $10.47\n2023-10-14, Movie ticket, $61.19\n2023-10-09, Sandwich, $15.35\n2023-10-14, Notebook, $97.36\n2023-10-11, Printer paper, $5.61\n2023-10-15, Coffee, $45.96\n2023-10-06, Gasoline, $8.88\n2023-10-01, Groceries, $61.19\n2023-10-02, Gasoline, $38.58"
	lines := strings.Split(receipt, "\n")
	lines[4], lines[5] = lines[5], lines[4]
	cs = append(cs, awCase{name: "receipt with two lines swapped", task: "MarkorTranscribeReceipt",
		cite:   fileValidators + " CreateFile: fuzzy_match(file, text), difflib ratio 0.904 >= 0.9",
		params: Params{"file_name": "receipt.md", "text": receipt}, after: newState().put(MarkorData+"/receipt.md", strings.Join(lines, "\n")), reward: 1})

	cs = append(cs,
		awCase{name: "folder", task: "MarkorCreateFolder", cite: markorPy + " MarkorCreateFolder: check_file_or_folder_exists(folder_name)", params: Params{"folder_name": "folder_20231015"},
			after: newState().mkdir(MarkorData + "/folder_20231015"), reward: 1},
		awCase{name: "a file of that name", task: "MarkorCreateFolder", cite: markorPy + " MarkorCreateFolder: find lists files too, so a file passes", params: Params{"folder_name": "folder_20231015"},
			after: newState().put(MarkorData+"/folder_20231015", ""), reward: 1},
		awCase{name: "none", task: "MarkorCreateFolder", cite: markorPy + " MarkorCreateFolder: nothing of that name", params: Params{"folder_name": "folder_20231015"},
			after: newState().mkdir(MarkorData + "/folder_2023101"), reward: 0},
		awCase{name: "all deleted", task: "MarkorDeleteAllNotes", cite: markorPy + " MarkorDeleteAllNotes: get_file_list_with_metadata is empty", after: newState().mkdir(MarkorData), reward: 1},
		awCase{name: "only a folder left", task: "MarkorDeleteAllNotes", cite: markorPy + " MarkorDeleteAllNotes: folders are not regular files", after: newState().mkdir(MarkorData + "/Old"), reward: 1},
		awCase{name: "one left", task: "MarkorDeleteAllNotes", cite: markorPy + " MarkorDeleteAllNotes: a regular file remains", after: newState().put(MarkorData+"/x.md", "x"), reward: 0},
		awCase{name: "Markor folder deleted", task: "MarkorDeleteAllNotes", cite: markorPy + " MarkorDeleteAllNotes: get_file_list_with_metadata raises RuntimeError, the folder is not a valid directory (file_utils.py)",
			after: newState().mkdir(EmulatorData + "/Documents"), wantErr: "would record no score: " + MarkorData + " is not a valid directory"},
		awCase{name: "a file where the folder was", task: "MarkorDeleteAllNotes", cite: markorPy + " MarkorDeleteAllNotes: get_file_list_with_metadata's check_directory_exists (test -d) fails on a file",
			after: newState().put(MarkorData, "x"), wantErr: "would record no score: " + MarkorData + " is not a valid directory"},
	)

	// MarkorDeleteNewestNote: listings by time, prefix equal, one fewer.
	const newest = markorPy + " MarkorDeleteNewestNote.is_successful"
	notes := newState().putTimed(MarkorData+"/a.md", "a", "2023-10-15 10:00:00.000000001").
		putTimed(MarkorData+"/c.md", "c", "2023-10-15 12:00:00.000000001").
		putTimed(MarkorData+"/b.md", "b", "2023-10-15 11:00:00.000000001")
	cs = append(cs,
		awCase{name: "newest deleted", task: "MarkorDeleteNewestNote", cite: newest + ": the others unchanged in time order, one file fewer", before: notes, after: notes.clone().rm(MarkorData + "/c.md"), reward: 1},
		awCase{name: "oldest deleted", task: "MarkorDeleteNewestNote", cite: newest + ": the first file by time differs", before: notes, after: notes.clone().rm(MarkorData + "/a.md"), reward: 0},
		awCase{name: "nothing deleted", task: "MarkorDeleteNewestNote", cite: newest + ": not one file fewer", before: notes, after: notes.clone(), reward: 0},
		awCase{name: "newest deleted, another read", task: "MarkorDeleteNewestNote", cite: newest + ": an access time changed (ls -u)", before: notes,
			after: notes.clone().rm(MarkorData+"/c.md").putTimed(MarkorData+"/a.md", "a", "2023-10-15 15:40:00.000000001"), reward: 0},
		awCase{name: "no snapshot", task: "MarkorDeleteNewestNote", cite: newest + " compares with the listing at setup", after: notes.clone(), wantErr: "needs a before snapshot"},
		awCase{name: "a note added", task: "MarkorDeleteNewestNote", cite: newest + ": the loop over the new listing reads initial_file_list_sorted[3] and raises IndexError",
			before: notes, after: notes.clone().putTimed(MarkorData+"/d.md", "d", "2023-10-15 15:40:00.000000001"), wantErr: "AndroidWorld would record no score"},
		awCase{name: "a note added before the others", task: "MarkorDeleteNewestNote", cite: newest + ": the first file by time differs, so it returns 0.0 before reaching the end",
			before: notes, after: notes.clone().putTimed(MarkorData+"/0.md", "0", "2023-10-15 09:00:00.000000001"), reward: 0},
	)

	// MarkorEditNote: fuzzy_match(cat | strip, expected).
	const edit = markorPy + " MarkorEditNote.is_successful"
	note := MarkorData + "/note_ab1cd.md"
	orig := newState().put(note, "The quick brown fox jumps over the lazy dog.\n")
	hp := Params{"file_name": "note_ab1cd.md", "edit_type": "header", "header": "Weekly plan"}
	cs = append(cs,
		awCase{name: "header added", task: "MarkorEditNote", cite: edit + `: header + "\n" + original_content`, params: hp, before: orig,
			after: newState().put(note, "Weekly plan\nThe quick brown fox jumps over the lazy dog.\n"), reward: 1},
		awCase{name: "header at the bottom", task: "MarkorEditNote", cite: edit + ": the text does not fuzzy-match header first", params: hp, before: orig,
			after: newState().put(note, "The quick brown fox jumps over the lazy dog.\nWeekly plan\n"), reward: 0},
		awCase{name: "footer added", task: "MarkorEditNote", cite: edit + `: original_content + "\n" + footer`, before: orig,
			params: Params{"file_name": "note_ab1cd.md", "edit_type": "footer", "footer": "Call Bob tomorrow"},
			after:  newState().put(note, "The quick brown fox jumps over the lazy dog.\nCall Bob tomorrow\n"), reward: 1},
		awCase{name: "replaced", task: "MarkorEditNote", cite: edit + ": replace_text", before: orig,
			params: Params{"file_name": "note_ab1cd.md", "edit_type": "replace", "replace_text": "Line one\nLine two\nLine three"},
			after:  newState().put(note, "Line one\nLine two\nLine three\n"), reward: 1},
		awCase{name: "original kept", task: "MarkorEditNote", cite: edit + ": the original text is not the replacement", before: orig,
			params: Params{"file_name": "note_ab1cd.md", "edit_type": "replace", "replace_text": "Line one\nLine two\nLine three"},
			after:  orig.clone(), reward: 0},
		awCase{name: "note deleted", task: "MarkorEditNote", cite: edit + ": issue_generic_request(cat NOTE) of a missing note fails and android_env raises AdbControllerError: no score", params: hp, before: orig,
			after: newState(), wantErr: "would record no score"},
		awCase{name: "note made a folder", task: "MarkorEditNote", cite: edit + ": cat of a folder fails and raises: no score", params: hp, before: orig,
			after: newState().mkdir(note), wantErr: "would record no score"},
		awCase{name: "no original", task: "MarkorEditNote", cite: edit + " needs original_content, which setup created", params: hp,
			after: newState().put(note, "Weekly plan\nThe quick brown fox jumps over the lazy dog.\n"), wantErr: "original text"},
	)
	// The original's apostrophe: create_file returns the shell-escaped text, which the
	// evaluator then expects ("Don'"'"'t" for "Don't"). For this short note the escape
	// costs the match: AndroidWorld scores the correct edit 0. Kept as its verdict.
	apos := newState().put(note, "Don't forget.\n")
	cs = append(cs, awCase{name: "apostrophe in the original", task: "MarkorEditNote", cite: edit + ": original_content is create_file's escaped return value",
		params: Params{"file_name": "note_ab1cd.md", "edit_type": "header", "header": "Hi"}, before: apos,
		after: newState().put(note, "Hi\nDon't forget.\n"), reward: 0})

	// MarkorMergeNotes: CreateFile of the joined texts, then five lines, 2nd and 4th empty.
	const merge = markorPy + " MarkorMergeNotes.is_successful"
	mp := Params{"file1_name": "a.md", "file2_name": "b.md", "file3_name": "c.md", "new_file_name": "merged",
		"file1_content": "k3Jd8sPq0Lm2Xz7Wv1Yt", "file2_content": "Qw9Er8Ty7Ui6Op5As4Df", "file3_content": "Zx1Cv2Bn3Mm4Lk5Jh6Gf"}
	merged := MarkorData + "/merged"
	cs = append(cs,
		awCase{name: "merged", task: "MarkorMergeNotes", cite: merge + ": content matches and lines 2 and 4 are blank", params: mp,
			after: newState().put(merged, "k3Jd8sPq0Lm2Xz7Wv1Yt\n\nQw9Er8Ty7Ui6Op5As4Df\n\nZx1Cv2Bn3Mm4Lk5Jh6Gf\n"), reward: 1},
		awCase{name: "no blank lines", task: "MarkorMergeNotes", cite: merge + ": three lines, not five (the fuzzy match alone passes)", params: mp,
			after: newState().put(merged, "k3Jd8sPq0Lm2Xz7Wv1Yt\nQw9Er8Ty7Ui6Op5As4Df\nZx1Cv2Bn3Mm4Lk5Jh6Gf\n"), reward: 0},
		awCase{name: "wrong order", task: "MarkorMergeNotes", cite: merge + ": CreateFile's fuzzy match fails", params: mp,
			after: newState().put(merged, "Zx1Cv2Bn3Mm4Lk5Jh6Gf\n\nQw9Er8Ty7Ui6Op5As4Df\n\nk3Jd8sPq0Lm2Xz7Wv1Yt\n"), reward: 0},
		awCase{name: "not created", task: "MarkorMergeNotes", cite: merge + ": CreateFile finds no file", params: mp, after: newState(), reward: 0},
		awCase{name: "texts from the notes", task: "MarkorMergeNotes", cite: merge + ": the notes' texts as setup wrote them (the before snapshot)",
			params: Params{"file1_name": "a.md", "file2_name": "b.md", "file3_name": "c.md", "new_file_name": "merged"},
			before: newState().put(MarkorData+"/a.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n").put(MarkorData+"/b.md", "Qw9Er8Ty7Ui6Op5As4Df\n").put(MarkorData+"/c.md", "Zx1Cv2Bn3Mm4Lk5Jh6Gf\n"),
			after:  newState().put(merged, "k3Jd8sPq0Lm2Xz7Wv1Yt\n\nQw9Er8Ty7Ui6Op5As4Df\n\nZx1Cv2Bn3Mm4Lk5Jh6Gf\n"), reward: 1},
	)

	// MarkorChangeNoteContent and MarkorAddNoteHeader: renamed, new content.
	const change = markorPy + " MarkorChangeNoteContent.is_successful"
	cp := Params{"original_name": "old.md", "new_name": "new.md", "updated_content": "k3Jd8sPq0Lm2Xz7Wv1Yt"}
	cs = append(cs,
		awCase{name: "changed and renamed", task: "MarkorChangeNoteContent", cite: change + ": old gone, new exists, check_file_content fuzzy", params: cp,
			after: newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n"), reward: 1},
		awCase{name: "old name kept", task: "MarkorChangeNoteContent", cite: change + ": original_name still exists", params: cp,
			after: newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n").put(MarkorData+"/old.md", "x"), reward: 0},
		awCase{name: "not renamed", task: "MarkorChangeNoteContent", cite: change + ": new_name does not exist", params: cp,
			after: newState().put(MarkorData+"/old.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n"), reward: 0},
		awCase{name: "content not changed", task: "MarkorChangeNoteContent", cite: change + ": the content does not fuzzy-match", params: cp,
			after: newState().put(MarkorData+"/new.md", "Qw9Er8Ty7Ui6Op5As4Df\n"), reward: 0},
		awCase{name: "renamed into a folder", task: "MarkorChangeNoteContent", cite: change + ": check_file_content catches the AdbControllerError of cat FOLDER and answers False", params: cp,
			after: newState().mkdir(MarkorData + "/new.md"), reward: 0},
		awCase{name: "goal template's name", task: "MarkorChangeNoteContent", cite: change + ` (task_metadata's template names the note {file_name})`,
			params: Params{"file_name": "old.md", "new_name": "new.md", "updated_content": "k3Jd8sPq0Lm2Xz7Wv1Yt"},
			after:  newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n").put(MarkorData+"/old.md", "x"), reward: 0},
	)
	const header = markorPy + " MarkorAddNoteHeader.is_successful"
	ap := Params{"original_name": "old.md", "new_name": "new.md", "header": "k3Jd8sPq0Lm2Xz7Wv1Yt", "original_content": "Buy milk."}
	cs = append(cs,
		awCase{name: "header added and renamed", task: "MarkorAddNoteHeader", cite: header + `: exact header + "\n\n" + original_content + "\n"`, params: ap,
			after: newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n\nBuy milk.\n"), reward: 1},
		awCase{name: "no final newline", task: "MarkorAddNoteHeader", cite: header + ": check_file_content(exact_match=True) compares the raw cat output, untrimmed", params: ap,
			after: newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n\nBuy milk."), reward: 0},
		awCase{name: "trailing space", task: "MarkorAddNoteHeader", cite: header + ": exact match, a trailing space differs", params: ap,
			after: newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt \n\nBuy milk.\n"), reward: 0},
		awCase{name: "no blank line", task: "MarkorAddNoteHeader", cite: header + ": exact match needs the blank line", params: ap,
			after: newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\nBuy milk.\n"), reward: 0},
		awCase{name: "old name kept", task: "MarkorAddNoteHeader", cite: header + ": original_name still exists", params: ap,
			after: newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n\nBuy milk.\n").put(MarkorData+"/old.md", "Buy milk.\n"), reward: 0},
		awCase{name: "renamed into a folder", task: "MarkorAddNoteHeader", cite: header + ": check_file_content catches the AdbControllerError of cat FOLDER and answers False", params: ap,
			after: newState().mkdir(MarkorData + "/new.md"), reward: 0},
		awCase{name: "not renamed", task: "MarkorAddNoteHeader", cite: header + ": new_name does not exist", params: ap,
			after: newState().put(MarkorData+"/old.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n\nBuy milk.\n"), reward: 0},
		awCase{name: "original from the snapshot", task: "MarkorAddNoteHeader", cite: header + ": original_content is what setup wrote to the note",
			params: Params{"original_name": "old.md", "new_name": "new.md", "header": "k3Jd8sPq0Lm2Xz7Wv1Yt"},
			before: newState().put(MarkorData+"/old.md", "Buy milk.\n"),
			after:  newState().put(MarkorData+"/new.md", "k3Jd8sPq0Lm2Xz7Wv1Yt\n\nBuy milk.\n"), reward: 1},
	)

	const gallery = "task_evals/single/simple_gallery_pro.py SaveCopyOfReceiptTaskEval: check_file_or_folder_exists(file_name, Download)"
	const draw = "task_evals/single/simple_draw_pro.py SimpleDrawProCreateDrawing: check_file_or_folder_exists(file_name, Pictures)"
	const named = "task_evals/single/audio_recorder.py AudioRecorderRecordAudioWithFileName: file_name + .m4a exists"
	cs = append(cs,
		awCase{name: "copied", task: "SaveCopyOfReceiptTaskEval", cite: gallery, params: Params{"file_name": "receipt_ab12.jpg"},
			after: newState().put(EmulatorData+"/Download/receipt_ab12.jpg", "j").put("/sdcard/DCIM/receipt_ab12.jpg", "j"), reward: 1},
		awCase{name: "not copied", task: "SaveCopyOfReceiptTaskEval", cite: gallery + " is false", params: Params{"file_name": "receipt_ab12.jpg"},
			after: newState().put("/sdcard/DCIM/receipt_ab12.jpg", "j"), reward: 0},
		awCase{name: "saved", task: "SimpleDrawProCreateDrawing", cite: draw, params: Params{"file_name": "lorem_x1.png"},
			after: newState().put(EmulatorData+"/Pictures/lorem_x1.png", "p"), reward: 1},
		awCase{name: "elsewhere", task: "SimpleDrawProCreateDrawing", cite: draw + " is false", params: Params{"file_name": "lorem_x1.png"},
			after: newState().put(EmulatorData+"/Download/lorem_x1.png", "p"), reward: 0},
		awCase{name: "recorded", task: "AudioRecorderRecordAudioWithFileName", cite: named, params: Params{"file_name": "memo_7"},
			after: newState().put(AudioRecorderData+"/memo_7.m4a", "aac"), reward: 1},
		awCase{name: "default name", task: "AudioRecorderRecordAudioWithFileName", cite: named + ": not under that name", params: Params{"file_name": "memo_7"},
			after: newState().put(AudioRecorderData+"/Record-1.m4a", "aac"), reward: 0},
	)

	const rec = "task_evals/single/audio_recorder.py AudioRecorderRecordAudio.is_successful"
	recs := newState().putTimed(AudioRecorderData+"/Record-1.m4a", "old recording", "2023-10-15 09:00:00.000000001")
	cs = append(cs,
		awCase{name: "one new", task: "AudioRecorderRecordAudio", cite: rec + ": exactly one non-empty file not in the listing before", before: recs,
			after: recs.clone().putTimed(AudioRecorderData+"/Record-2.m4a", "new", "2023-10-15 15:40:00.000000001"), reward: 1},
		awCase{name: "empty file", task: "AudioRecorderRecordAudio", cite: rec + ": file_size > 0 is required", before: recs,
			after: recs.clone().putTimed(AudioRecorderData+"/Record-2.m4a", "", "2023-10-15 15:40:00.000000001"), reward: 0},
		awCase{name: "two new", task: "AudioRecorderRecordAudio", cite: rec + ": two changed files, not one", before: recs,
			after: recs.clone().putTimed(AudioRecorderData+"/Record-2.m4a", "a", "2023-10-15 15:40:00.000000001").putTimed(AudioRecorderData+"/Record-3.m4a", "b", "2023-10-15 15:41:00.000000001"), reward: 0},
		awCase{name: "overwrote the old one", task: "AudioRecorderRecordAudio", cite: rec + ": a changed size and time is a changed file", before: recs,
			after: newState().putTimed(AudioRecorderData+"/Record-1.m4a", "a new recording", "2023-10-15 15:40:00.000000001"), reward: 1},
		awCase{name: "nothing", task: "AudioRecorderRecordAudio", cite: rec + ": no file changed", before: recs, after: recs.clone(), reward: 0},
		awCase{name: "the folder deleted", task: "AudioRecorderRecordAudio", cite: rec + ": get_file_list_with_metadata raises RuntimeError, not a valid directory: no score", before: recs,
			after: newState().mkdir(EmulatorData + "/Music"), wantErr: "would record no score"},
	)

	const cam = "task_evals/single/camera.py CameraTake*.is_successful: len(set(ls after) - set(ls before)) == 1"
	for _, c := range []struct{ task, dir string }{{"CameraTakePhoto", PhotosData}, {"CameraTakeVideo", VideosData}} {
		base := newState().put(c.dir+"/OLD_1.jpg", "x")
		cs = append(cs,
			awCase{name: "one new", task: c.task, cite: cam, before: base, after: base.clone().put(c.dir+"/NEW_2", "x"), reward: 1},
			awCase{name: "none", task: c.task, cite: cam + ": no new name", before: base, after: base.clone(), reward: 0},
			awCase{name: "two new", task: c.task, cite: cam + ": two new names", before: base, after: base.clone().put(c.dir+"/NEW_2", "x").put(c.dir+"/NEW_3", "x"), reward: 0},
			awCase{name: "a hidden file only", task: c.task, cite: cam + ": ls does not list dot files", before: base, after: base.clone().put(c.dir+"/.pending-NEW_2", "x"), reward: 0},
			awCase{name: "the folder gone", task: c.task, cite: cam + ": `ls` of a missing folder exits 1, and android_env's execute_command raises AdbControllerError",
				before: base, after: newState(), wantErr: "AndroidWorld would record no score"},
		)
	}
	return cs
}
