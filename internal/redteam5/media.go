package redteam5

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Audio Recorder (com.dimowner.audiorecorder): one big record button that turns into a stop
// button while recording; when a recording stops, the app asks for its name in a dialog whose
// Save keeps the name typed (Cancel keeps the generated Record-N name). The records list
// shows each file by name. Retro Music (code.name.monkey.retromusic): the Songs tab lists the
// songs, each with a menu whose "Add to playing queue" appends it; the now-playing screen's
// queue lists the playing queue in order.

var (
	recorder = UIOf("com.dimowner.audiorecorder")
	retro    = UIOf("code.name.monkey.retromusic")
)

func recorderMain(recording bool, elapsed string) []El {
	b := recorder.Icon("Record", "btn_record", Bx(390, 1900, 690, 2200))
	if recording {
		b.Desc = "Stop"
	}
	return Screen(Toolbar(recorder, "", "Audio Recorder", "Records list", "Settings"), Els(recorder.Text(elapsed, "txt_progress", Bx(300, 900, 780, 1050)), b))
}

func recorderNameDialog(typed string) []El {
	return Screen(recorderMain(false, "00:06"), Els(recorder.Text("Record name", "", Bx(116, 860, 964, 940)),
		Focused(recorder.Edit(typed, "Record-3", "input_name", Bx(116, 980, 964, 1100))),
		recorder.Button("Save", "btn_positive", Bx(740, 1160, 920, 1280)), recorder.Button("Cancel", "btn_negative", Bx(480, 1160, 720, 1280))))
}

func recordsList(names ...string) []El {
	out := Toolbar(recorder, "Navigate up", "Records")
	for i, n := range names {
		y := 320 + i*190
		out = append(out, recorder.Row("", "item_container", Bx(0, y, 1080, y+180)), recorder.Text(n, "list_item_name", Bx(63, y+25, 900, y+90)),
			recorder.Text("00:06  ·  m4a  ·  96 kB", "list_item_info", Bx(63, y+100, 900, y+150)))
	}
	return out
}

func recorderCases() []Case {
	const goal = "Record an audio clip and save it with name \"lecture_oct\" using Audio Recorder app."
	const eval = "audio_recorder.py AudioRecorderRecordAudioWithFileName.is_successful: lecture_oct.m4a exists in the recorder's folder"
	record := []Step{FromHome("Audio Recorder"),
		StepOn(On(PermissionPrompt("Audio Recorder", "record audio")), "Allow recording.", Tap("While using the app")),
		StepOn(On(recorderMain(false, "00:00")), "Start recording.", Tap("Record")),
		StepOn(On(recorderMain(true, "00:06")), "Six seconds is enough; stop.", Tap("Stop")),
		StepOn(On(recorderNameDialog("")), "Name it.", TypeIn("res:input_name", "lecture_oct")),
	}
	return []Case{
		{Name: "recorder_clip_named", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The name typed in the dialog after stopping is kept with Save; the records list shows the clip under that name.", Evaluator: eval,
			Steps: Then(record, StepOn(On(recorderNameDialog("lecture_oct")), "Save.", Tap("Save")),
				StepOn(On(recorderMain(false, "00:00")), "Check the list.", Tap("Records list")),
				StepOn(On(recordsList("lecture_oct", "Record-2", "Record-1")), "The clip is saved as lecture_oct.", Done()))},
		{Name: "recorder_name_cancelled", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The dialog is closed with Cancel after the name is typed: the clip keeps its generated name, as the records list shows.", Evaluator: eval + " (saved as Record-3.m4a)",
			Steps: Then(record, StepOn(On(recorderNameDialog("lecture_oct")), "Close the dialog.", Tap("Cancel")),
				StepOn(On(recorderMain(false, "00:00")), "Check the list.", Tap("Records list")),
				StepOn(On(recordsList("Record-3", "Record-2", "Record-1")), "The recording is saved.", Done()))},
	}
}

func songList(menuFor string, songs ...string) []El {
	out := Screen(Toolbar(retro, "", "Songs", "Search", "More options"))
	for i, s := range songs {
		y := 400 + i*170
		out = append(out, retro.Row("", "itemView", Bx(0, y, 1080, y+160)), retro.Text(s, "title", Bx(200, y+20, 900, y+80)),
			retro.Text("Unknown artist", "text", Bx(200, y+85, 900, y+140)), retro.Icon("More options", "menu", Bx(933, y+20, 1060, y+140)))
	}
	if menuFor != "" {
		out = append(out, Rows(retro, "title", 900, "Play next", "Add to playing queue", "Add to playlist…", "Details")...)
	}
	return Screen(out, Els(retro.Row("Now playing", "mini_player", Bx(0, 2120, 1080, 2260))))
}

func queueScreen(songs ...string) []El {
	out := Toolbar(retro, "Navigate up", "Playing queue")
	for i, s := range songs {
		y := 320 + i*170
		out = append(out, retro.Text(Itoa(i+1), "image_text", Bx(40, y+40, 140, y+120)), retro.Text(s, "title", Bx(200, y+20, 900, y+80)))
	}
	return out
}

func retroCases() []Case {
	const goal = "Add the following songs, in order, Midnight Ferry, Paper Lanterns to my playing queue in Retro music."
	const eval = "retro_music.py RetroPlayingQueue.is_successful: the playing queue is exactly [Midnight Ferry, Paper Lanterns]"
	songs := []string{"Amber Skies", "Midnight Ferry", "Northern Line", "Paper Lanterns", "Quiet Harbor"}
	addOrder := func(first, second int) []Step {
		return []Step{
			StepOn(On(songList("", songs...)), songs[first]+"'s menu.", Tap(Itoa(first+1)+":More options")),
			StepOn(On(songList(songs[first], songs...)), "Add to playing queue.", Tap("Add to playing queue")),
			StepOn(On(songList("", songs...)), songs[second]+"'s menu.", Tap(Itoa(second+1)+":More options")),
			StepOn(On(songList(songs[second], songs...)), "Add to playing queue.", Tap("Add to playing queue")),
		}
	}
	return []Case{
		{Name: "retro_queue_in_order", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each song's menu appends it to the queue; the queue screen lists the two in the order asked.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Retro Music")}, addOrder(1, 3)...),
				StepOn(On(songList("", songs...)), "Open the player to check the queue.", Tap("Now playing")),
				StepOn(On(queueScreen("Midnight Ferry", "Paper Lanterns")), "Both songs are queued in order.", Done()))},
		{Name: "retro_queue_reversed", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The songs are appended in list order from the bottom up: the queue reads Paper Lanterns first.", Evaluator: eval + " (the order is reversed)",
			Steps: Then(Then([]Step{FromHome("Retro Music")}, addOrder(3, 1)...),
				StepOn(On(songList("", songs...)), "Open the player to check the queue.", Tap("Now playing")),
				StepOn(On(queueScreen("Paper Lanterns", "Midnight Ferry")), "Both songs are in the queue.", Done()))},
		{Name: "retro_queue_not_checked", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The menu closes after \"Add to playing queue\" without a word; the queue itself is never opened, so no screen shows what it holds.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Retro Music")}, addOrder(1, 3)...), StepOn(On(songList("", songs...)), "Both songs were added.", Done()))},
	}
}
