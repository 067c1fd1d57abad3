package groundtruth

import (
	"context"
	"fmt"
	"path"
	"strings"
)

// AudioRecorderData is where Audio Recorder saves recordings.
const AudioRecorderData = "/storage/emulated/0/Android/data/com.dimowner.audiorecorder/files/Music/records"

// existsFamily: a file named by a parameter (plus a fixed suffix) exists in dir.
func existsFamily(name, app, dir, suffix string) *Family {
	return &Family{Name: name, App: app, Params: []string{"file_name"},
		Checks: fmt.Sprintf("%s/<file_name>%s exists", dir, suffix),
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			file, err := p.String("file_name")
			if err != nil {
				return nil, err
			}
			part, err := existsPart(ctx, dev, path.Join(dir, file+suffix), true)
			if err != nil {
				return nil, err
			}
			return allOf(name, part), nil
		}}
}

func init() {
	register(existsFamily("SaveCopyOfReceiptTaskEval", "Simple Gallery Pro", EmulatorData+"/Download", ""))
	register(existsFamily("SimpleDrawProCreateDrawing", "Simple Draw Pro", EmulatorData+"/Pictures", ""))
	register(existsFamily("AudioRecorderRecordAudioWithFileName", "Audio Recorder", AudioRecorderData, ".m4a"))
	register(&Family{Name: "AudioRecorderRecordAudio", App: "Audio Recorder", Diff: true,
		commands: func(Params) []string { return []string{lsCommand(AudioRecorderData)} },
		Checks:   "`ls -ll -au` of the recordings folder: exactly one non-empty file that is new or changed (name, size, time) (needs the before snapshot)",
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			out, ok := before.output(lsCommand(AudioRecorderData))
			if !ok {
				return nil, fmt.Errorf("needs a before snapshot (a new recording is only known against the folder before the task)")
			}
			prior, err := ParseLs(out, AudioRecorderData)
			if err != nil {
				return nil, fmt.Errorf("before snapshot: %w", err)
			}
			now, err := lsFiles(ctx, dev, AudioRecorderData)
			if err != nil {
				return nil, err
			}
			// AudioRecorderRecordAudio.is_successful: the non-empty files now that are not,
			// name, size and time alike, in the listing before; exactly one.
			was := map[LsFile]bool{}
			for _, f := range prior {
				was[f] = true
			}
			var changed []string
			for _, f := range now {
				if f.Size > 0 && !was[f] {
					changed = append(changed, f.Name)
				}
			}
			return allOf("AudioRecorderRecordAudio", Part{Name: "one new recording", Pass: len(changed) == 1,
				Detail: fmt.Sprintf("%d new or changed non-empty files: %s", len(changed), strings.Join(changed, ", "))}), nil
		}})
}

// Camera folders AndroidWorld lists.
const (
	PhotosData = "/sdcard/Pictures"
	VideosData = "/sdcard/Movies"
)

// oneNewFileFamily: exactly one name in dir that was not there before the task.
func oneNewFileFamily(name, app, dir, what string) *Family {
	return &Family{Name: name, App: app, Diff: true, dirs: []string{dir},
		Checks: fmt.Sprintf("exactly one new file name in %s (needs the before snapshot)", dir),
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			if before == nil || before.Dirs == nil {
				return nil, fmt.Errorf("needs a before snapshot (a new %s is only known against %s before the task)", what, dir)
			}
			old := map[string]bool{}
			for _, e := range before.Dirs[dir] {
				old[e.Name] = true
			}
			now, err := ListDir(ctx, dev, dir)
			if err != nil {
				return nil, err
			}
			// CameraTakePhoto/Video.is_successful: the names `ls DIR` lists now that it did
			// not list before; `ls` hides dot files, so they do not count.
			var added []DirEntry
			for _, e := range now {
				if !old[e.Name] && !strings.HasPrefix(e.Name, ".") {
					added = append(added, e)
				}
			}
			return allOf(name, Part{Name: "one new " + what, Pass: len(added) == 1,
				Detail: fmt.Sprintf("%d new: %s", len(added), entryNames(added, 5))}), nil
		}}
}

func init() {
	register(oneNewFileFamily("CameraTakePhoto", "Camera", PhotosData, "photo"))
	register(oneNewFileFamily("CameraTakeVideo", "Camera", VideosData, "video"))
}
