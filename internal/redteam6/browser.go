package redteam6

import . "github.com/autoeval/autoeval/internal/redteamkit"

// The Files app (com.google.android.documentsui) opens task.html from Downloads through the
// system's "Open with" chooser; Chrome (com.android.chrome) then shows the page: a number, a
// "Click Me" button and, after the fifth click, a number field with Submit instead of them. The
// page shows a number on load and a new one on each of the first four clicks: five numbers.
// Submit writes "Success!" under the form when the product is right and an empty heading when
// it is not.

var (
	files  = UIOf("com.google.android.documentsui")
	chrome = UIOf("com.android.chrome")
)

func filesDownloads() []El {
	return Screen(Toolbar(files, "Show roots", "Downloads", "Search", "More options"), Els(
		files.Scroller("androidx.recyclerview.widget.RecyclerView", "dir_list", Bx(0, 420, 1080, 2337)),
		files.Text("Files in Downloads", "", Bx(63, 300, 700, 380)),
		files.Row("", "item_root", Bx(0, 440, 1080, 620)), files.Image("", "icon_mime", Bx(40, 480, 140, 580)),
		files.Text("task.html", "android:id/title", Bx(190, 470, 900, 530)), files.Text("3.21 kB, Oct 15", "details", Bx(190, 540, 900, 590))))
}

func filesRoots() []El {
	return Screen(Els(files.Frame("android.widget.FrameLayout", "drawer_roots", Bx(0, 0, 840, 2400))),
		Rows(files, "android:id/title", 360, "Recent", "Images", "Videos", "Audio", "Documents", "Downloads", "sdk_gphone_x86_64"))
}

func openWith() []El {
	sys := UIOf("android")
	return Screen(filesDownloads(), Els(sys.Text("Open with", "title", Bx(63, 1500, 1017, 1580)),
		sys.TapText("Chrome", "text1", Bx(63, 1640, 520, 1720)), sys.TapText("HTML Viewer", "text1", Bx(560, 1640, 1017, 1720)),
		sys.Button("Just once", "button_once", Bx(300, 2150, 640, 2270)), sys.Button("Always", "button_always", Bx(680, 2150, 1017, 2270))))
}

func browserOpen() []Step {
	return []Step{FromHome("Files"),
		StepOn(On(filesDownloads()), "task.html is in Downloads. Open it.", Tap("task.html")),
		StepOn(On(openWith()), "Open it with Chrome.", Tap("Chrome")),
	}
}

// clickFive clicks the button five times from the page as loaded with first shown; shown are
// the numbers after the first four clicks.
func clickFive(first string, shown ...string) []Step {
	steps := []Step{StepOn(On(ChromeTaskPage(first, "", "", false)), "The page shows "+first+". Click the button.", Tap("Click Me"))}
	for _, n := range shown {
		steps = append(steps, StepOn(On(ChromeTaskPage(n, "", "", false)), "Now "+n+". Click again.", Tap("Click Me")))
	}
	return steps
}

func browserCases() []Case {
	const goal = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then click the button 5 times, remember the numbers displayed, and enter their product in the form."
	const eval = "browser.py BrowserMultiply (BrowserTask.is_successful): the foreground package is com.android.chrome and an element's text is exactly 'Success!', which the page writes only when the submitted number is the product of the five numbers shown (7, 3, 9, 2, 5: 1890)"
	run := Then(browserOpen(), clickFive("7", "3", "9", "2", "5")...)
	submit := func(product, result, why string) []Step {
		return []Step{
			StepOn(On(ChromeTaskPage("", "", "", false)), "The form appeared. Enter the product.", TypeIn("Enter the product", product)),
			StepOn(On(ChromeTaskPage("", product, "", true)), "Submit it.", Tap("Submit")),
			Claim(On(ChromeTaskPage("", product, result, false)), why),
		}
	}
	return []Case{
		{Name: "browser_product_of_five_submitted", TaskName: "BrowserMultiply", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The five numbers are 7 (on load), 3, 9, 2 and 5; 1890 is submitted and the page shows Success! in Chrome.", Evaluator: eval,
			Steps: Then(run, submit("1890", "Success!", "7 x 3 x 9 x 2 x 5 = 1890 and the page says Success!.")...)},
		{Name: "browser_first_number_left_out", TaskName: "BrowserMultiply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "Only the numbers that appeared after a click are multiplied (3 x 9 x 2 x 5 = 270), not the 7 shown on load; after Submit the page shows no Success!.", Evaluator: eval + " (270 submitted)",
			Steps: Then(run, submit("270", "", "Submitted the product of the numbers shown after each click.")...)},
		{Name: "browser_product_typed_not_submitted", TaskName: "BrowserMultiply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The right product is typed into the form but Submit is never tapped: the page has not checked it and shows no Success!.", Evaluator: eval + " (nothing submitted)",
			Steps: Then(run, StepOn(On(ChromeTaskPage("", "", "", false)), "Enter the product.", TypeIn("Enter the product", "1890")),
				Claim(On(ChromeTaskPage("", "1890", "", true)), "The product 1890 is entered in the form."))},
	}
}
