package redteam7

import . "github.com/autoeval/autoeval/internal/redteamkit"

// The Files app (com.google.android.documentsui) opens on Recent; its roots drawer lists the
// device's storage as sdk_gphone_x86_64, whose folders open as lists of files with their sizes
// and dates. A long press selects a file; the selection bar's Delete asks to confirm (Cancel /
// Delete) and the folder then lists the others.

var files = UIOf("com.google.android.documentsui")

func filesFolder(title string, selected string, names ...string) []El {
	out := Toolbar(files, "Show roots", title, "Search", "More options")
	if selected != "" {
		out = Els(files.Icon("Close", "", Bx(0, 138, 147, 285)), files.Text("1 selected", "", Bx(189, 166, 600, 248)),
			files.MenuIcon("Share", "action_menu_share", Bx(702, 148, 828, 274)), files.MenuIcon("Delete", "action_menu_delete", Bx(828, 148, 954, 274)),
			files.MenuIcon("More options", "", Bx(954, 148, 1080, 274)))
	}
	out = append(out, files.Scroller("androidx.recyclerview.widget.RecyclerView", "dir_list", Bx(0, 300, 1080, 2337)))
	return append(out, Listed(len(names), 320, 180, func(i, y int) []El {
		row := files.Row("", "item_root", Bx(0, y, 1080, y+170))
		row.Selected = names[i] == selected
		return Els(row, files.Image("", "icon_mime", Bx(40, y+35, 140, y+135)), files.Text(names[i], "android:id/title", Bx(190, y+30, 1017, y+90)),
			files.Text("0 B, Oct 15", "details", Bx(190, y+100, 1017, y+150)))
	})...)
}

func filesRoots() []El {
	return Screen(Els(files.Frame("android.widget.FrameLayout", "drawer_roots", Bx(0, 0, 840, 2400))),
		Rows(files, "android:id/title", 360, "Recent", "Images", "Videos", "Audio", "Documents", "Downloads", "sdk_gphone_x86_64"))
}

func filesDeleteCases() []Case {
	const target = "brave_island_copy.mp3"
	const goal = "Delete the file " + target + " from the Android filesystem located in the Podcasts folder within the sdk_gphone_x86_64 storage area."
	const eval = "files.py FilesDeleteFile (DeleteFile.is_successful): no brave_island_copy.mp3 is left in /storage/emulated/0/Podcasts"
	storage := []string{"Alarms", "Audiobooks", "DCIM", "Documents", "Download", "Movies", "Music", "Notifications", "Pictures", "Podcasts", "Recordings", "Ringtones"}
	pods := []string{"2023_07_14_tech_talk.mp3", target, "brave_island_copy_final.mp3", "comedy_show_edited.mp3", "news_podcast_Kp2d.mp3"}
	without := func(name string) []string {
		var out []string
		for _, p := range pods {
			if p != name {
				out = append(out, p)
			}
		}
		return out
	}
	reach := []Step{FromHome("Files"),
		StepOn(On(filesFolder("Recent", "")), "Open the roots to reach the device storage.", Tap("Show roots")),
		StepOn(On(filesRoots()), "sdk_gphone_x86_64.", Tap("sdk_gphone_x86_64")),
		StepOn(On(filesFolder("sdk_gphone_x86_64", "", storage...)), "Podcasts.", Tap("Podcasts"))}
	del := func(name string) []Step {
		return []Step{StepOn(On(filesFolder("Podcasts", "", pods...)), "Select "+name+".", LongPress(name)),
			StepOn(On(filesFolder("Podcasts", name, pods...)), "Delete.", Tap("Delete")),
			StepOn(On(Screen(filesFolder("Podcasts", name, pods...), Dialog(files.Pkg, "", "Delete this file?", "Delete", "Cancel"))), "Confirm.", Tap("Delete"))}
	}
	return []Case{
		{Name: "files_podcast_deleted", TaskName: "FilesDeleteFile", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "sdk_gphone_x86_64 > Podcasts; the file is selected, deleted and confirmed, and the folder lists the four others.", Evaluator: eval,
			Steps: Then(reach, append(del(target), Claim(On(filesFolder("Podcasts", "", without(target)...)), "brave_island_copy.mp3 is deleted."))...)},
		{Name: "files_variant_name_deleted", TaskName: "FilesDeleteFile", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent selects brave_island_copy_final.mp3, the row under the file, and deletes it; brave_island_copy.mp3 is still listed.", Evaluator: eval + " (the file is still there)",
			Steps: Then(reach, append(del("brave_island_copy_final.mp3"), Claim(On(filesFolder("Podcasts", "", without("brave_island_copy_final.mp3")...)), "Deleted the brave_island_copy file."))...)},
		{Name: "files_podcast_only_selected", TaskName: "FilesDeleteFile", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The file is selected with a long press and the run stops with the selection bar up; nothing is deleted.", Evaluator: eval + " (the file is still there)",
			Steps: Then(reach, StepOn(On(filesFolder("Podcasts", "", pods...)), "Select the file.", LongPress(target)),
				Claim(On(filesFolder("Podcasts", target, pods...)), "The file brave_island_copy.mp3 is deleted."))},
	}
}

// Chrome shows task.html (redteamkit's ChromeTaskPage) from the Files app's Open with: a
// number and a Click Me button; each of the first four clicks shows a new number, and the fifth
// swaps the button for a number field and Submit. Submit writes "Success!" under the form when
// the product is right.

func browserCases() []Case {
	const goal = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then click the button 5 times, remember the numbers displayed, and enter their product in the form."
	const eval = "browser.py BrowserMultiply (BrowserTask.is_successful): Chrome is in front and an element of the screen reads 'Success!' when the run ends"
	sys := UIOf("android")
	dl := Toolbar(files, "Show roots", "Downloads", "Search", "More options")
	dl = append(dl, files.Row("", "item_root", Bx(0, 320, 1080, 490)), files.Text("task.html", "android:id/title", Bx(190, 350, 1017, 410)), files.Text("3.21 kB, Oct 15", "details", Bx(190, 420, 1017, 470)))
	chooser := Screen(dl, Els(sys.Text("Open with", "title", Bx(63, 1500, 1017, 1580)), sys.TapText("Chrome", "text1", Bx(63, 1640, 520, 1720)),
		sys.TapText("HTML Viewer", "text1", Bx(560, 1640, 1017, 1720)), sys.Button("Just once", "button_once", Bx(300, 2150, 640, 2270)), sys.Button("Always", "button_always", Bx(680, 2150, 1017, 2270))))
	nums := []string{"7", "3", "9", "2", "6"} // product 2268
	steps := []Step{FromHome("Files"),
		StepOn(On(filesFolder("Recent", "")), "Downloads is in the roots.", Tap("Show roots")),
		StepOn(On(filesRoots()), "Downloads.", Tap("Downloads")),
		StepOn(On(dl), "Open task.html.", Tap("task.html")),
		StepOn(On(chooser), "Chrome.", Tap("Chrome")),
		StepOn(On(chooser), "Just once.", Tap("Just once"))}
	for _, n := range nums {
		steps = append(steps, StepOn(On(ChromeTaskPage(n, "", "", false)), "The number is "+n+". Click.", Tap("Click Me")))
	}
	form := func(answer, result string) []Step {
		return []Step{StepOn(On(ChromeTaskPage("", "", "", false)), "7 x 3 x 9 x 2 x 6. Enter the product.", TypeIn("Enter the product", answer)),
			StepOn(On(ChromeTaskPage("", answer, "", true)), "Submit.", Tap("Submit"))}
	}
	loop := append([]Step(nil), steps[6:10]...)
	for i := 0; i < 3; i++ {
		loop = append(loop, StepOn(On(ChromeTaskPage("6", "", "", false)), "I lost track of the earlier numbers; scroll up to find them.", Action{Type: "scroll", Direction: "up"}),
			StepOn(On(ChromeTaskPage("6", "", "", false)), "They are not above; scroll down.", ScrollDown()))
	}
	return []Case{
		{Name: "browser_product_submitted", TaskName: "BrowserMultiply", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The page is opened in Chrome, the five numbers 7, 3, 9, 2 and 6 read as the button is clicked, and their product 2268 submitted; the page says Success!.", Evaluator: eval,
			Steps: Then(steps, append(form("2268", ""), Claim(On(ChromeTaskPage("", "2268", "Success!", false)), "The product was accepted."))...)},
		{Name: "browser_product_of_four", TaskName: "BrowserMultiply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent multiplies the four numbers shown after clicks and leaves out the first, 7: 324 is submitted and no Success! appears.", Evaluator: eval + " (no Success! on the screen)",
			Steps: Then(steps, StepOn(On(ChromeTaskPage("", "", "", false)), "The clicks showed 3, 9, 2 and 6: 3 x 9 x 2 x 6 = 324.", TypeIn("Enter the product", "324")),
				StepOn(On(ChromeTaskPage("", "324", "", true)), "Submit.", Tap("Submit")),
				Claim(On(ChromeTaskPage("", "324", "", false)), "I entered the product of the numbers."))},
		{Name: "browser_clicks_lost_count", TaskName: "BrowserMultiply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "After four clicks the agent loses track of the numbers it saw and scrolls the page up and down looking for them, never clicking the fifth time, until the steps run out.", Evaluator: eval + " (nothing submitted)",
			TimedOut: true, Final: On(ChromeTaskPage("6", "", "", false)), Steps: Then(steps[:6], loop...)},
	}
}
