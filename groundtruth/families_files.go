package groundtruth

import (
	"context"
	"fmt"
	"path"
	"sort"
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

// oneNewFileFamily: exactly one name in dir that was not there before the task, as
// CameraTakePhoto/Video.is_successful reads it: the lines of `ls DIR` now that `ls DIR`
// did not print at setup (ls hides dot files, so they do not count). A folder that
// cannot be listed makes ls fail, which android_env raises on: no score.
func oneNewFileFamily(name, app, dir, what string) *Family {
	cmd := "ls " + dir
	return &Family{Name: name, App: app, Diff: true,
		commands: func(Params) []string { return []string{cmd} },
		Checks:   fmt.Sprintf("exactly one new name in `ls %s` (needs the before snapshot)", dir),
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			out, ok := before.output(cmd)
			if !ok {
				return nil, fmt.Errorf("needs a before snapshot (a new %s is only known against %s before the task)", what, dir)
			}
			old, err := lsLines(out, dir)
			if err != nil {
				return nil, fmt.Errorf("before snapshot: %w", err)
			}
			now, err := dev.Shell(ctx, cmd)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cmd, err)
			}
			lines, err := lsLines(now, dir)
			if err != nil {
				return nil, err
			}
			var added []DirEntry
			for l := range lines {
				if !old[l] {
					added = append(added, DirEntry{Name: l})
				}
			}
			sort.Slice(added, func(i, j int) bool { return added[i].Name < added[j].Name })
			return allOf(name, Part{Name: "one new " + what, Pass: len(added) == 1,
				Detail: fmt.Sprintf("%d new: %s", len(added), entryNames(added, 5))}), nil
		}}
}

// lsLines is the set of lines `ls DIR` printed ("\r" removed, split on "\n"), as the
// camera tasks keep it. ls complaining ("ls: DIR: No such file or directory") exits
// non-zero, and android_env raises on a failing adb command: AndroidWorld records no
// score.
func lsLines(out, dir string) (map[string]bool, error) {
	set := map[string]bool{}
	for _, l := range strings.Split(strings.ReplaceAll(out, "\r", ""), "\n") {
		if strings.HasPrefix(l, "ls: ") {
			return nil, noScore("`ls %s` failed (%s), and android_env raises on a failing adb command", dir, clip(l, 120))
		}
		set[l] = true
	}
	return set, nil
}

func init() {
	register(oneNewFileFamily("CameraTakePhoto", "Camera", PhotosData, "photo"))
	register(oneNewFileFamily("CameraTakeVideo", "Camera", VideosData, "video"))
}
