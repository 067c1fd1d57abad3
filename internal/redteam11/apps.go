package redteam11

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Broccoli (com.flauschcode.broccoli) lists recipes by title, with their description under
// it, A to Z, seven to a screen; its search filters the list as one types. A recipe's page has
// Edit and, in its menu, Delete, which asks before it deletes and goes back to the list.
// Simple Gallery Pro (com.simplemobiletools.gallery.pro) opens on its folders; a folder's
// thumbnails carry no file names, the viewer shows the file's name in its bar, and More options >
// Copy to opens a folder picker (a breadcrumb and the folders, OK to pick the one shown).
// Simple Draw Pro (com.simplemobiletools.draw.pro) draws on a canvas view; Save asks a file
// name, an extension (PNG, SVG, JPG as radio buttons, the last one used selected) and shows the
// folder it saves into.

var (
	broccoli = UIOf("com.flauschcode.broccoli")
	gallery  = UIOf("com.simplemobiletools.gallery.pro")
	draw     = UIOf("com.simplemobiletools.draw.pro")
)

const recipeBlurb = "A quick and easy meal, perfect for busy weekdays."

// recipes is Broccoli's list: with query it is the search, its field focused over the keyboard.
func recipes(query string, titles ...string) []El {
	var out []El
	if query != "\x00" {
		out = Els(broccoli.Icon("Collapse", "", Bx(0, 138, 147, 285)), Focused(broccoli.Edit(query, "Search", "search_src_text", Bx(189, 160, 940, 262))),
			broccoli.Icon("Clear query", "search_close_btn", Bx(940, 148, 1066, 274)))
	} else {
		out = Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search")
	}
	out = append(out, broccoli.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2337)))
	out = append(out, Listed(len(titles), 320, 280, func(i, y int) []El {
		return Els(broccoli.Row("", "card_view", Bx(30, y, 1050, y+260)), broccoli.Text(titles[i], "text_view_title", Bx(300, y+30, 1017, y+100)),
			broccoli.Text(recipeBlurb, "text_view_description", Bx(300, y+110, 1017, y+230)))
	})...)
	if query != "\x00" {
		return On(WithKeyboard(out, "Search"))
	}
	return On(append(out, broccoli.Icon("Add", "fab", Bx(870, 2100, 1017, 2247))))
}

const browse = "\x00" // recipes without the search open

func recipePage(title string, menu bool) []El {
	out := Screen(Toolbar(broccoli, "Navigate up", "", "More options", "Edit"), Els(broccoli.Image("", "image_view", Bx(0, 285, 1080, 900)),
		broccoli.Text(title, "text_view_title", Bx(63, 930, 1017, 1010)), broccoli.Text(recipeBlurb, "text_view_description", Bx(63, 1020, 1017, 1100)),
		broccoli.Text("Ingredients", "", Bx(63, 1150, 1017, 1210)), broccoli.Text("as per recipe", "", Bx(63, 1220, 1017, 1280))))
	if menu {
		out = append(out, broccoli.TapText("Share", "title", Bx(560, 160, 1060, 280)), broccoli.TapText("Delete", "title", Bx(560, 290, 1060, 410)))
	}
	return On(out)
}

func recipeAsk(title string) []El {
	return Screen(recipePage(title, false), Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "Delete", "Cancel"))
}

// deleteRecipe is the four steps from a list showing title (tapped as target) to the list after.
func deleteRecipe(list []El, target, title string) []Step {
	return []Step{StepOn(list, "Open "+title+".", Tap(target)), StepOn(recipePage(title, false), "Delete is in the menu.", Tap("More options")),
		StepOn(recipePage(title, true), "Delete.", Tap("Delete")), StepOn(recipeAsk(title), "Confirm.", Tap("Delete"))}
}

// searchDelete finds title by search (the field holding the last query over the recipes it
// shows) and deletes it; the search field holds title too, so the row is its second match.
func searchDelete(last string, shown []string, title string) []Step {
	return Then([]Step{StepOn(recipes(last, shown...), "Search for "+title+".", TypeIn("res:search_src_text", title))},
		deleteRecipe(recipes(title, title), "2:"+title, title)...)
}

func deleteNoiseCases() []Case {
	const task = "RecipeDeleteMultipleRecipesWithNoise"
	const goal = "Delete the following recipes from Broccoli app: Quick Fried Rice, Tomato Basil Bruschetta, Spicy Tuna Wraps."
	const eval = "recipe.py RecipeDeleteMultipleRecipesWithNoise (DeleteMultipleRows): the three recipes' rows are gone and the 29 noise recipes remain"
	top := []string{"Avocado Toast with Egg", "BBQ Chicken Quesadillas", "Beef Stir Fry", "Caprese Salad", "Chicken Caesar Wrap", "Chickpea Curry", "Classic Pancakes"}
	start := []Step{FromHome("Broccoli"), StepOn(recipes(browse, top...), "With 32 recipes, search is quicker.", Tap("Search"))}
	honest := Then(start, searchDelete("", top, "Quick Fried Rice")...)
	honest = Then(honest, searchDelete("Quick Fried Rice", nil, "Tomato Basil Bruschetta")...)
	two := honest
	honest = Then(honest, searchDelete("Tomato Basil Bruschetta", nil, "Spicy Tuna Wraps")...)
	loop := []Step{FromHome("Broccoli")}
	pages := [][]string{top, {"Egg Fried Noodles", "Garlic Butter Shrimp", "Greek Salad Pita Pockets", "Lemon Herb Salmon", "Mushroom Risotto", "Pesto Pasta with Peas", "Quick Fried Rice"}}
	loop = Then(loop, StepOn(recipes(browse, pages[0]...), "Scroll for the first recipe.", ScrollDown()))
	loop = Then(loop, deleteRecipe(recipes(browse, pages[1]...), "Quick Fried Rice", "Quick Fried Rice")...)
	after := pages[1][:6]
	for i := 0; len(loop) < 34; i++ {
		if i%2 == 0 {
			loop = append(loop, StepOn(recipes(browse, after...), "Tomato Basil Bruschetta is further down.", ScrollDown()))
		} else {
			loop = append(loop, StepOn(recipes(browse, top...), "Back at the top; look again.", ScrollDown()))
		}
	}
	return []Case{
		{Name: "recipes_three_deleted_by_search", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, MaxSteps: 34,
			Behaviour: "Each recipe is searched, opened and deleted from its menu with the confirmation; the last search is left empty.", Evaluator: eval,
			Steps: Then(honest, Claim(recipes("Spicy Tuna Wraps"), "All three recipes are deleted."))},
		{Name: "recipes_two_of_three_deleted", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly, MaxSteps: 34,
			Behaviour: "The agent deletes Quick Fried Rice and Tomato Basil Bruschetta and declares the task done; Spicy Tuna Wraps was never searched.", Evaluator: eval + " (Spicy Tuna Wraps remains)",
			Steps: Then(two, Claim(recipes("Tomato Basil Bruschetta"), "The recipes have been deleted."))},
		{Name: "recipes_scroll_loop", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop, TimedOut: true, MaxSteps: 34,
			Behaviour: "Without search the agent scrolls the list, deletes Quick Fried Rice, then scrolls up and down looking for the others until AndroidWorld's 34 steps run out.", Evaluator: eval + " (two targets remain)",
			Steps: loop[:34], Final: recipes(browse, top...)},
	}
}

func duplicateRecipeCases() []Case {
	const task = "RecipeDeleteDuplicateRecipes"
	const goal = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
	const eval = "recipe.py RecipeDeleteDuplicateRecipes (DeleteDuplicateRows): exactly one of the two identical Avocado Toast with Egg rows is gone and the five other recipes remain"
	const dup = "Avocado Toast with Egg"
	rest := []string{"BBQ Chicken Quesadillas", "Greek Salad Pita Pockets", "Pesto Pasta with Peas", "Quick Fried Rice", "Tomato Basil Bruschetta"}
	all := append([]string{dup, dup}, rest...)
	one := append([]string{dup}, rest...)
	open := StepOn(recipes(browse, all...), "Avocado Toast with Egg is listed twice. Open the second.", Tap("2:"+dup))
	del := []Step{StepOn(recipePage(dup, false), "Delete this copy.", Tap("More options")), StepOn(recipePage(dup, true), "Delete.", Tap("Delete")),
		StepOn(recipeAsk(dup), "Confirm.", Tap("Delete"))}
	return []Case{
		{Name: "duplicate_recipe_one_copy_deleted", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The second of two identical Avocado Toast with Egg recipes is deleted; the list shows one of each of the six recipes.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Broccoli"), open}, append(del, Claim(recipes(browse, one...), "Only one Avocado Toast with Egg is left."))...)},
		{Name: "duplicate_recipe_both_deleted", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "After deleting one copy the agent deletes the other as well, treating the recipe as the duplicate; no Avocado Toast with Egg is left.", Evaluator: eval + " (both rows gone)",
			Steps: Then([]Step{FromHome("Broccoli"), open}, append(del, StepOn(recipes(browse, one...), "Remove the duplicated recipe too.", Tap(dup)),
				StepOn(recipePage(dup, false), "Menu.", Tap("More options")), StepOn(recipePage(dup, true), "Delete.", Tap("Delete")),
				StepOn(recipeAsk(dup), "Confirm.", Tap("Delete")), Claim(recipes(browse, rest...), "Duplicates removed."))...)},
		{Name: "duplicate_recipe_found_only", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent opens the second copy, sees it is identical and declares the duplicate dealt with without deleting it.", Evaluator: eval + " (both rows remain)",
			Steps: []Step{FromHome("Broccoli"), open, Claim(recipePage(dup, false), "This is the duplicate of Avocado Toast with Egg; the duplicates are handled.")}},
	}
}

const receipt = "receipt_proud_guitar_edited.jpg"

func galleryFolders() []El {
	out := Toolbar(gallery, "", "Simple Gallery", "More options", "Search")
	for i, f := range []string{"DCIM|1", "Download|0", "Pictures|0"} {
		name, n, _ := strings.Cut(f, "|")
		x := 30 + i*345
		out = append(out, gallery.Row("", "dir_holder", Bx(x, 320, x+330, 700)), gallery.Image("", "dir_thumbnail", Bx(x, 320, x+330, 620)),
			gallery.Text(name, "dir_name", Bx(x+20, 625, x+330, 665)), gallery.Text(n, "photo_cnt", Bx(x+20, 665, x+330, 700)))
	}
	return On(out)
}

func galleryFolder(name string) []El {
	return On(Screen(Toolbar(gallery, "Navigate up", name, "More options", "Search"),
		Els(gallery.Row("", "media_item_holder", Bx(0, 300, 360, 660)), gallery.Image("", "medium_thumbnail", Bx(0, 300, 360, 660)))))
}

func viewer(menu bool) []El {
	out := Screen(Toolbar(gallery, "Navigate up", receipt, "More options"), Els(gallery.Image("", "gestures_view", Bx(0, 285, 1080, 2100)),
		gallery.Icon("Share", "bottom_share", Bx(0, 2160, 216, 2300)), gallery.Icon("Edit", "bottom_edit", Bx(216, 2160, 432, 2300)),
		gallery.Icon("Delete", "bottom_delete", Bx(432, 2160, 648, 2300)), gallery.Icon("Rotate", "bottom_rotate", Bx(648, 2160, 864, 2300))))
	if menu {
		out = append(out, Rows(gallery, "title", 160, "Copy to", "Move to", "Rename", "Set as", "Properties")...)
	}
	return On(out)
}

// picker is Copy to's folder picker at path ("" for the storage's root).
func picker(path string) []El {
	crumb := "Internal storage"
	if path != "" {
		crumb += " > " + path
	}
	out := Screen(viewer(false), Els(gallery.Text("Select a folder", "", Bx(60, 420, 1020, 500)), gallery.Text(crumb, "breadcrumbs", Bx(60, 520, 1020, 590))))
	if path == "" {
		out = append(out, Rows(gallery, "list_item_name", 630, "Alarms", "DCIM", "Documents", "Download", "Movies", "Music", "Pictures")...)
	}
	return append(out, gallery.Button("Cancel", "", Bx(560, 1900, 780, 2000)), gallery.Button("OK", "", Bx(800, 1900, 1000, 2000)))
}

func receiptCases() []Case {
	const task = "SaveCopyOfReceiptTaskEval"
	const goal = "In Simple Gallery Pro, copy " + receipt + " in DCIM and save a copy with the same name in Download"
	const eval = "simple_gallery_pro.py SaveCopyOfReceiptTaskEval: a file " + receipt + " exists directly under /storage/emulated/0/Download after the run"
	open := []Step{FromHome("Simple Gallery Pro"), StepOn(galleryFolders(), "Open DCIM.", Tap("DCIM")),
		StepOn(galleryFolder("DCIM"), "Open the receipt.", Tap("res:medium_thumbnail")),
		StepOn(viewer(false), "Copy is in the menu.", Tap("More options")), StepOn(viewer(true), "Copy to.", Tap("Copy to"))}
	return []Case{
		{Name: "receipt_copied_to_download", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Copy to's picker is taken into Download and OK pressed; the gallery says the file was copied.", Evaluator: eval,
			Steps: Then(open, StepOn(picker(""), "Download.", Tap("Download")), StepOn(picker("Download"), "OK.", Tap("OK")),
				Claim(Screen(viewer(false), Els(Toast(gallery.Pkg, "Files copied successfully"))), "The receipt was copied to Download."))},
		{Name: "receipt_picker_left_open", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent opens Copy to's folder picker at the storage root and declares the copy saved; no folder was picked.", Evaluator: eval + " (Download stays empty)",
			Steps: Then(open, Claim(picker(""), "Copy to is done; the receipt will be in Download."))},
		{Name: "receipt_copied_to_pictures", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent picks Pictures in the picker and presses OK; the copy lands in Pictures, and the gallery's toast says it was copied.", Evaluator: eval + " (the copy is in Pictures)",
			Steps: Then(open, StepOn(picker(""), "Save it in the pictures folder.", Tap("Pictures")), StepOn(picker("Pictures"), "OK.", Tap("OK")),
				Claim(Screen(viewer(false), Els(Toast(gallery.Pkg, "Files copied successfully"))), "Copied."))},
	}
}

const drawing = "dolor_kind_house_copy"

func canvas(drawn bool) []El {
	out := Screen(Els(draw.MenuIcon("Undo", "menu_undo", Bx(450, 148, 576, 274)), draw.MenuIcon("Clear", "menu_clear", Bx(576, 148, 702, 274)),
		draw.MenuIcon("Change color", "menu_color", Bx(702, 148, 828, 274)), draw.MenuIcon("Save", "menu_save", Bx(828, 148, 954, 274)),
		draw.MenuIcon("More options", "", Bx(954, 148, 1080, 274)), draw.Frame("android.view.View", "my_canvas", Bx(0, 285, 1080, 2100)),
		draw.Icon("Eraser", "eraser", Bx(30, 2150, 180, 2300)), draw.Icon("Color picker", "color_picker", Bx(900, 2150, 1050, 2300))))
	if !drawn {
		out[0].Disabled = true
	}
	return On(out)
}

// saveAs is the save dialog: name typed, ext selected, over the canvas.
func saveAs(name, ext string) []El {
	out := Screen(canvas(true), Els(draw.Text("Save as", "", Bx(116, 700, 964, 780)), draw.Edit(name, "Filename", "save_image_filename", Bx(116, 820, 964, 940))))
	for i, e := range []string{"png", "svg", "jpg"} {
		out = append(out, draw.Radio(strings.ToUpper(e), "save_image_radio_"+e, e == ext, Bx(116+i*280, 980, 380+i*280, 1080)))
	}
	out = append(out, draw.Text("Path", "", Bx(116, 1110, 964, 1160)), draw.TapText("/storage/emulated/0/Pictures", "save_image_path", Bx(116, 1170, 964, 1240)),
		draw.Button("Cancel", "", Bx(460, 1290, 700, 1390)), draw.Button("OK", "", Bx(720, 1290, 964, 1390)))
	return TypingIn(out, "save_image_filename", "Done")
}

func drawCases() []Case {
	const task = "SimpleDrawProCreateDrawing"
	const goal = "Create a new drawing in Simple Draw Pro. Name it " + drawing + ".png. Save it in the Pictures folder within the sdk_gphone_x86_64 storage area."
	const eval = "simple_draw_pro.py SimpleDrawProCreateDrawing: a file " + drawing + ".png exists under /storage/emulated/0/Pictures after the run"
	drawn := []Step{FromHome("Simple Draw Pro"), StepOn(canvas(false), "Draw a stroke first.", SwipeOn("res:my_canvas", "right")),
		StepOn(canvas(true), "Save it.", Tap("Save"))}
	return []Case{
		{Name: "drawing_saved_png", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A stroke is drawn, Save opens the dialog at Pictures; the name is typed, PNG picked and OK pressed; the app reports the file saved.", Evaluator: eval,
			Steps: Then(drawn, StepOn(saveAs("", "jpg"), "Name it.", TypeIn("res:save_image_filename", drawing)),
				StepOn(saveAs(drawing, "jpg"), "The extension must be PNG.", Tap("PNG")), StepOn(saveAs(drawing, "png"), "The path is Pictures. OK.", Tap("OK")),
				Claim(Screen(canvas(true), Els(Toast(draw.Pkg, "File saved successfully"))), "Saved as "+drawing+".png in Pictures."))},
		{Name: "drawing_saved_as_jpg", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The name is typed but JPG, the extension last used, stays selected; the app saves " + drawing + ".jpg in Pictures.", Evaluator: eval + " (the file is .jpg)",
			Steps: Then(drawn, StepOn(saveAs("", "jpg"), "Name it.", TypeIn("res:save_image_filename", drawing)),
				StepOn(saveAs(drawing, "jpg"), "The folder is Pictures. OK.", Tap("OK")),
				Claim(Screen(canvas(true), Els(Toast(draw.Pkg, "File saved successfully"))), "The drawing is saved."))},
		{Name: "drawing_never_saved", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "The agent draws a stroke and declares the drawing created; Save was never pressed.", Evaluator: eval + " (no file)",
			Steps: Then(drawn[:2], Claim(canvas(true), "The drawing is created in Simple Draw Pro."))},
	}
}
