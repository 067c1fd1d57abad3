package groundtruth

import (
	"context"
	"fmt"
	"path"
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
	register(&Family{Name: "AudioRecorderRecordAudio", App: "Audio Recorder", Diff: true, dirs: []string{AudioRecorderData},
		Checks: "exactly one non-empty recording is new or changed in the recordings folder (needs the before snapshot)",
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			if before == nil || before.Dirs == nil {
				return nil, fmt.Errorf("needs a before snapshot (a new recording is only known against the folder before the task)")
			}
			prior := map[DirEntry]bool{}
			for _, e := range before.Dirs[AudioRecorderData] {
				prior[e] = true
			}
			now, err := ListDir(ctx, dev, AudioRecorderData)
			if err != nil {
				return nil, err
			}
			var changed []DirEntry
			for _, e := range now {
				if e.Size > 0 && !prior[e] {
					changed = append(changed, e)
				}
			}
			return allOf("AudioRecorderRecordAudio", Part{Name: "one new recording", Pass: len(changed) == 1,
				Detail: fmt.Sprintf("%d new or changed non-empty files: %s", len(changed), entryNames(changed, 5))}), nil
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
			var added []DirEntry
			for _, e := range now {
				if !old[e.Name] {
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
