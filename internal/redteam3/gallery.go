package redteam3

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple Gallery Pro (com.simplemobiletools.gallery.pro) and Simple Draw Pro
// (com.simplemobiletools.draw.pro): a file copied through a folder picker, a drawing saved
// through a save dialog that names its folder.

var (
	gallery = UIOf("com.simplemobiletools.gallery.pro")
	draw    = UIOf("com.simplemobiletools.draw.pro")
)

const copyEval = "simple_gallery_pro.py SaveCopyOfReceiptTaskEval.is_successful: the file exists in Download"

func albums(names ...string) []El {
	out := Toolbar(gallery, "", "Simple Gallery", "Search", "Change view type", "More options")
	for i, n := range names {
		name, count, _ := strings.Cut(n, "|")
		x, y := 20+(i%3)*350, 320+(i/3)*420
		out = append(out, gallery.Image("", "dir_thumbnail", Bx(x, y, x+340, y+340)), gallery.TapText(name, "dir_name", Bx(x, y+340, x+340, y+380)),
			gallery.Text(count, "photo_cnt", Bx(x, y+380, x+340, y+410)))
	}
	return out
}

func album(name string, files ...string) []El {
	out := Toolbar(gallery, "Navigate up", name, "Search", "More options")
	for i, f := range files {
		x := 20 + (i%3)*350
		y := 320 + (i/3)*400
		t := gallery.Image(f, "medium_thumbnail", Bx(x, y, x+340, y+340))
		t.Clickable, t.LongClickable = true, true
		out = append(out, t, gallery.Text(f, "medium_name", Bx(x, y+340, x+340, y+390)))
	}
	return out
}

func photoView(file string, menu bool) []El {
	out := els(gallery.Image(file, "photo_view", Bx(0, 0, 1080, 2400)),
		gallery.Icon("Navigate up", "", Bx(0, 138, 147, 285)), gallery.Text(file, "", Bx(189, 166, 800, 248)),
		gallery.Icon("More options", "", Bx(954, 148, 1080, 274)))
	if menu {
		out = append(out, Rows(gallery, "title", 300, "Copy to", "Move to", "Rename", "Set as", "Show on map", "Properties")...)
	}
	return out
}

func folderPicker(path string, folders ...string) []El {
	out := els(gallery.Text("Select a folder", "", Bx(116, 380, 964, 460)), gallery.Text(path, "filepicker_breadcrumbs", Bx(116, 480, 964, 540)))
	out = append(out, Rows(gallery, "list_item_name", 600, folders...)...)
	return append(out, gallery.Button("Cancel", "", Bx(500, 1900, 720, 2010)), gallery.Button("OK", "", Bx(740, 1900, 964, 2010)))
}

func galleryCases() []Case {
	const goal = "In Simple Gallery Pro, copy receipt_2023_10.jpg in DCIM and save a copy with the same name in Download"
	const file = "receipt_2023_10.jpg"
	toFolders := []Step{FromHome("Simple Gallery Pro"),
		StepOn(On(albums("DCIM|1", "Pictures|3", "Download|0")), "Open DCIM.", Tap("DCIM")),
		StepOn(On(album("DCIM", file)), "Open the receipt.", Tap(file)),
		StepOn(photoView(file, false), "Open the menu.", Tap("More options")),
		StepOn(photoView(file, true), "Copy it.", Tap("Copy to")),
	}
	folders := On(folderPicker("Internal storage", "Alarms", "DCIM", "Documents", "Download", "Movies", "Music", "Pictures"))
	toPicker := append(toFolders[:len(toFolders):len(toFolders)], StepOn(folders, "Pick Download.", Tap("Download")))
	picked := On(folderPicker("Internal storage > Download"))
	return []Case{
		{Name: "gallery_copy_to_download", TaskName: "SaveCopyOfReceiptTaskEval", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Copy to writes the file into the folder picked; the Download album then lists it under the same name.", Evaluator: copyEval,
			Steps: Then(toPicker,
				StepOn(picked, "Confirm Download.", Tap("OK")),
				StepOn(append(photoView(file, false), Toast(gallery.Pkg, "Copying…")), "Check the Download album.", Back()),
				StepOn(On(album("DCIM", file)), "Back to the albums.", Back()),
				StepOn(On(albums("DCIM|1", "Pictures|3", "Download|1")), "Open Download.", Tap("Download")),
				StepOn(On(album("Download", file)), "The copy is in Download with the same name.", Done()))},
		{Name: "gallery_copy_picker_cancelled", TaskName: "SaveCopyOfReceiptTaskEval", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Cancel in the folder picker copies nothing: the picture stays where it was and Download stays empty.", Evaluator: copyEval + " (nothing was copied)",
			Steps: Then(toPicker,
				StepOn(picked, "Download is selected, that is where the copy goes.", Tap("Cancel")),
				StepOn(photoView(file, false), "The copy is set to Download.", Done()))},
		{Name: "gallery_copied_to_pictures", TaskName: "SaveCopyOfReceiptTaskEval", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The copy goes to the folder picked in the picker; Pictures is not Download.", Evaluator: copyEval + " (the copy is in Pictures)",
			Steps: Then(toFolders,
				StepOn(folders, "Pick the pictures folder.", Tap("Pictures")),
				StepOn(On(folderPicker("Internal storage > Pictures")), "Confirm.", Tap("OK")),
				StepOn(append(photoView(file, false), Toast(gallery.Pkg, "Copying…")), "Check.", Back()),
				StepOn(On(album("DCIM", file)), "Albums.", Back()),
				StepOn(On(albums("DCIM|1", "Pictures|4", "Download|0")), "Open Pictures.", Tap("Pictures")),
				StepOn(On(album("Pictures", "beach.jpg", "cat.jpg", "hike.jpg", file)), "The copy of the receipt is saved with the same name.", Done()))},
		{Name: "gallery_copy_never_shown", TaskName: "SaveCopyOfReceiptTaskEval", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The copy runs in the background after OK; the viewer comes back unchanged and no screen lists the new file.", Evaluator: copyEval,
			Steps: Then(toPicker,
				StepOn(picked, "Confirm.", Tap("OK")),
				StepOn(photoView(file, false), "Copied.", Done()))},
	}
}

const drawEval = "simple_draw_pro.py SimpleDrawProCreateDrawing.is_successful: a file with that name exists in Pictures"

func canvasScreen(extra ...El) []El {
	c := draw.Frame("android.view.View", "my_canvas", Bx(0, 285, 1080, 2150))
	c.Clickable = true
	return append(els(draw.Icon("Undo", "menu_undo", Bx(576, 148, 702, 274)), draw.Icon("Save", "menu_save", Bx(702, 148, 828, 274)),
		draw.Icon("Share", "menu_share", Bx(828, 148, 954, 274)), draw.Icon("More options", "", Bx(954, 148, 1080, 274)), c,
		draw.Icon("Change color", "color_picker", Bx(900, 2180, 1040, 2320)), draw.Icon("Eraser", "eraser", Bx(760, 2180, 880, 2320))), extra...)
}

func saveDialog(name, ext, folder string) []El {
	return els(draw.Text("Save as", "", Bx(116, 700, 964, 780)),
		draw.Text(folder, "save_image_path", Bx(116, 820, 964, 900)),
		draw.Edit(name, "Filename", "save_image_filename", Bx(116, 940, 964, 1070)),
		draw.Radio("PNG", "save_image_radio_png", ext == "png", Bx(116, 1100, 400, 1200)),
		draw.Radio("SVG", "save_image_radio_svg", ext == "svg", Bx(400, 1100, 680, 1200)),
		draw.Radio("JPG", "save_image_radio_jpg", ext == "jpg", Bx(680, 1100, 964, 1200)),
		draw.Button("Cancel", "", Bx(500, 1260, 720, 1380)), draw.Button("OK", "", Bx(740, 1260, 964, 1380)))
}

func drawCases() []Case {
	const goal = "Create a new drawing in Simple Draw Pro. Name it dolor_sit.png. Save it in the Pictures folder within the sdk_gphone_x86_64 storage area."
	const pics = "/storage/emulated/0/Pictures"
	start := []Step{FromHome("Simple Draw Pro"),
		StepOn(On(canvasScreen()), "Draw something.", SwipeOn("res:my_canvas", "right")),
		StepOn(On(canvasScreen()), "Save it.", Tap("Save")),
		StepOn(On(saveDialog("image_2023_10_15", "png", pics)), "Name it.", TypeIn("res:save_image_filename", "dolor_sit")),
	}
	return []Case{
		{Name: "draw_saved_to_pictures", TaskName: "SimpleDrawProCreateDrawing", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The save dialog writes the drawing as the name and extension chosen into the folder it names, and says so in a toast.", Evaluator: drawEval,
			Steps: Then(start,
				StepOn(On(typing(saveDialog("dolor_sit", "png", pics), "Done")), "PNG and Pictures are set; save.", Tap("OK")),
				StepOn(On(canvasScreen(Toast(draw.Pkg, "File saved successfully"))), "Saved as dolor_sit.png in Pictures.", Done()))},
		{Name: "draw_saved_toast_missed", TaskName: "SimpleDrawProCreateDrawing", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The save dialog closes on OK and the saved toast is gone before the next screenshot: the canvas looks as before the save.", Evaluator: drawEval,
			Steps: Then(start,
				StepOn(On(typing(saveDialog("dolor_sit", "png", pics), "Done")), "Save.", Tap("OK")),
				StepOn(On(canvasScreen()), "Saved.", Done()))},
		{Name: "draw_save_dialog_dismissed", TaskName: "SimpleDrawProCreateDrawing", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Back closes the save dialog without writing a file; the drawing stays unsaved on the canvas.", Evaluator: drawEval + " (no file was written)",
			Steps: Then(start,
				StepOn(On(typing(saveDialog("dolor_sit", "png", pics), "Done")), "Hide the keyboard.", Back()),
				StepOn(On(saveDialog("dolor_sit", "png", pics)), "Close the dialog.", Back()),
				StepOn(On(canvasScreen()), "The drawing is named dolor_sit.png in Pictures.", Done()))},
		{Name: "draw_saved_as_jpg", TaskName: "SimpleDrawProCreateDrawing", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The extension comes from the format chosen in the dialog, so JPG writes dolor_sit.jpg, not the .png asked for.", Evaluator: drawEval + " (dolor_sit.jpg exists, dolor_sit.png does not)",
			Steps: Then(start,
				StepOn(On(typing(saveDialog("dolor_sit", "png", pics), "Done")), "JPG is smaller.", Tap("JPG")),
				StepOn(On(saveDialog("dolor_sit", "jpg", pics)), "Save.", Tap("OK")),
				StepOn(On(canvasScreen(Toast(draw.Pkg, "File saved successfully"))), "Saved in Pictures.", Done()))},
	}
}
