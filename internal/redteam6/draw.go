package redteam6

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Simple Draw Pro (com.simplemobiletools.draw.pro) draws on a canvas that has no accessibility
// text. Its toolbar's Save opens "Save as": the folder (the device's Pictures folder unless
// changed), a file name without extension and the format as PNG, SVG or JPG radio buttons; OK
// writes NAME.FORMAT there and says so in a toast.

var draw = UIOf("com.simplemobiletools.draw.pro")

func drawCanvas(toast string) []El {
	out := Screen(Toolbar(draw, "", "Simple Draw", "More options", "Save", "Undo", "Clear"), Els(
		draw.Frame("android.view.View", "my_canvas", Bx(0, 285, 1080, 2100)),
		draw.Icon("Change color", "color_picker", Bx(40, 2140, 180, 2280)), draw.Icon("Eraser", "eraser", Bx(220, 2140, 360, 2280)),
		El{Text: "", Desc: "Brush size", Class: "android.widget.SeekBar", Pkg: draw.Pkg, Res: draw.Res("stroke_width_bar"), Box: Bx(420, 2170, 1017, 2250), Clickable: true, Focusable: true}))
	if toast != "" {
		out = append(out, Toast(draw.Pkg, toast))
	}
	return out
}

// saveAs is the Save as dialog with name typed and format checked.
func saveAs(name, format string, focused bool) []El {
	d := Screen(drawCanvas(""), Els(draw.Text("Save as", "", Bx(116, 700, 964, 780)),
		draw.Text("Path", "", Bx(116, 820, 400, 880)), draw.TapText("/storage/emulated/0/Pictures", "save_image_path", Bx(116, 890, 964, 960)),
		draw.Edit(name, "File name", "save_image_filename", Bx(116, 1000, 964, 1130))))
	for i, f := range []string{"PNG", "SVG", "JPG"} {
		d = append(d, draw.Radio(f, "save_image_radio_"+map[string]string{"PNG": "png", "SVG": "svg", "JPG": "jpg"}[f], f == format, Bx(116+i*280, 1170, 380+i*280, 1270)))
	}
	d = append(d, draw.Button("OK", "", Bx(740, 1320, 964, 1440)), draw.Button("Cancel", "", Bx(480, 1320, 720, 1440)))
	if focused {
		return TypingIn(d, "save_image_filename", "Done")
	}
	return d
}

func drawCases() []Case {
	const file = "dolor_gentle_meadow_final"
	const goal = "Create a new drawing in Simple Draw Pro. Name it " + file + ".png. Save it in the Pictures folder within the sdk_gphone_x86_64 storage area."
	const eval = "simple_draw_pro.py SimpleDrawProCreateDrawing.is_successful: a file named dolor_gentle_meadow_final.png exists in /storage/emulated/0/Pictures"
	fill := []Step{FromHome("Simple Draw Pro"),
		StepOn(On(drawCanvas("")), "Draw a stroke on the canvas.", SwipeOn("res:my_canvas", "right")),
		StepOn(On(drawCanvas("")), "Save the drawing.", Tap("Save")),
		StepOn(On(saveAs("", "PNG", false)), "The folder is Pictures already. Type the name.", TypeIn("File name", file)),
	}
	return []Case{
		{Name: "draw_saved_png_in_pictures", TaskName: "SimpleDrawProCreateDrawing", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A stroke is drawn and saved as PNG under the name in Pictures; the toast confirms the save.", Evaluator: eval,
			Steps: Then(fill, StepOn(On(saveAs(file, "PNG", true)), "PNG is selected. OK.", Tap("OK")),
				Claim(On(drawCanvas("File saved successfully")), "The drawing is saved in Pictures as "+file+".png."))},
		{Name: "draw_save_dialog_left_open", TaskName: "SimpleDrawProCreateDrawing", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The name is typed into the Save as dialog and the run ends there; OK is never tapped, so no file is written.", Evaluator: eval + " (no file)",
			Steps: Then(fill, Claim(On(saveAs(file, "PNG", true)), "The drawing is named and set to be saved in Pictures."))},
		{Name: "draw_saved_as_jpg", TaskName: "SimpleDrawProCreateDrawing", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "JPG is picked as the format before OK: the file written is " + file + ".jpg, not the .png the task names.", Evaluator: eval + " (" + file + ".jpg written)",
			Steps: Then(fill, StepOn(On(saveAs(file, "PNG", true)), "Pick the image format.", Tap("JPG")),
				StepOn(On(saveAs(file, "JPG", false)), "OK.", Tap("OK")),
				Claim(On(drawCanvas("File saved successfully")), "Saved the drawing in Pictures."))},
	}
}
