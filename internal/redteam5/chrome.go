package redteam5

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Chrome (com.android.chrome) opening AndroidWorld's task.html from the Files app
// (com.google.android.documentsui): the Downloads list, the "Open with" chooser, then the page
// as a WebView whose buttons and texts are in the accessibility tree. The maze page replaces its
// whole body with a "Success!" heading when the X reaches the goal; the colour page writes
// "Success!" under its Submit button when every task colour was used, and nothing otherwise.
// AndroidWorld reads the screen at the end: it wants Chrome in front and "Success!" on it.

var (
	chrome = UIOf("com.android.chrome")
	files  = UIOf("com.google.android.documentsui")
)

const pageURL = "file:///storage/emulated/0/Download/task.html"

func chromePage(title string, body ...El) []El {
	return Screen(Els(chrome.Edit(pageURL, "Search or type web address", "url_bar", Bx(147, 160, 800, 270)),
		chrome.Icon("Switch or close tabs", "tab_switcher_button", Bx(820, 150, 940, 280)),
		chrome.Icon("Customize and control Google Chrome", "menu_button", Bx(950, 150, 1080, 280)),
		El{Text: title, Class: "android.webkit.WebView", Pkg: chrome.Pkg, Box: Bx(0, 300, 1080, 2337), Scrollable: true, Focusable: true}), body)
}

func webButton(label string, b Box) El {
	return El{Text: label, Class: "android.widget.Button", Pkg: chrome.Pkg, Box: b, Clickable: true, Focusable: true}
}

func webText(s string, b Box) El {
	return El{Text: s, Class: "android.widget.TextView", Pkg: chrome.Pkg, Box: b}
}

// openTaskPage is the start every browser task shares: Files, Downloads, task.html, Chrome.
func openTaskPage() []Step {
	downloads := Screen(Toolbar(files, "Show roots", "Downloads", "Search", "More options"),
		Els(files.Row("", "item_root", Bx(0, 420, 1080, 600)), files.Text("task.html", "title", Bx(200, 450, 1017, 520)), files.Text("4.1 kB  Oct 15", "summary", Bx(200, 525, 1017, 580))))
	chooser := Screen(downloads, Els(UIOf("android").Text("Open with", "title", Bx(63, 1500, 1017, 1580)),
		UIOf("android").TapText("Chrome", "text1", Bx(63, 1650, 500, 1800)), UIOf("android").TapText("HTML Viewer", "text1", Bx(560, 1650, 1017, 1800)),
		UIOf("android").Button("Just once", "button_once", Bx(500, 2100, 760, 2220)), UIOf("android").Button("Always", "button_always", Bx(780, 2100, 1017, 2220))))
	return []Step{FromHome("Files"),
		StepOn(On(downloads), "Open task.html.", Tap("task.html")),
		StepOn(On(chooser), "Open it with Chrome.", Tap("Chrome")),
		StepOn(On(chooser), "Just once.", Tap("Just once")),
	}
}

func mazePage(x int) []El {
	var cells []El
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			text := ""
			if r*3+c == x {
				text = "X"
			}
			cells = append(cells, El{Text: text, Class: "android.view.View", Pkg: chrome.Pkg, Box: Bx(300+c*160, 500+r*160, 460+c*160, 660+r*160)})
		}
	}
	return chromePage("Maze Puzzle", append(cells, webButton("Up", Bx(200, 1100, 380, 1200)), webButton("Down", Bx(400, 1100, 580, 1200)),
		webButton("Left", Bx(600, 1100, 780, 1200)), webButton("Right", Bx(800, 1100, 980, 1200)))...)
}

func colourPage(result string) []El {
	out := Els(webText("Available Colors:", Bx(300, 1500, 780, 1560)))
	for i := 0; i < 6; i++ {
		out = append(out, webButton("", Bx(120+i*140, 1580, 240+i*140, 1700)))
	}
	out = append(out, El{Class: "android.view.View", Pkg: chrome.Pkg, Box: Bx(90, 700, 990, 1450), Clickable: true},
		webButton("Clear", Bx(300, 1750, 520, 1850)), webButton("Submit", Bx(560, 1750, 780, 1850)))
	if result != "" {
		out = append(out, webText(result, Bx(400, 1880, 680, 1950)))
	}
	return chromePage("Color Challenge", out...)
}

func browserCases() []Case {
	const mazeGoal = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then navigate the X to the bottom-right cell, by using the direction buttons."
	const eval = "browser.py BrowserTask.is_successful: the foreground package is com.android.chrome and an element's text is exactly 'Success!'"
	success := chromePage("Success!", El{Text: "Success!", Class: "android.widget.TextView", Pkg: chrome.Pkg, Box: Bx(300, 420, 780, 520)})
	solve := Then(openTaskPage(),
		StepOn(On(mazePage(0)), "Right.", Tap("Right")), StepOn(On(mazePage(1)), "Right.", Tap("Right")),
		StepOn(On(mazePage(2)), "Down.", Tap("Down")), StepOn(On(mazePage(5)), "Down.", Tap("Down")))
	const drawGoal = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then create a drawing using the three colors shown at the top and hit submit."
	draw := func(colours ...string) []Step {
		steps := openTaskPage()
		for _, c := range colours {
			steps = append(steps, StepOn(On(colourPage("")), "Pick the "+c+" swatch.", Tap("box:"+c)),
				StepOn(On(colourPage("")), "Draw a stroke.", SwipeOn("box:90,700", "right")))
		}
		return append(steps, StepOn(On(colourPage("")), "Submit.", Tap("Submit")))
	}
	return []Case{
		{Name: "chrome_maze_solved", TaskName: "BrowserMaze", Goal: mazeGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The direction buttons move the X right twice and down twice; on the goal cell the page shows only its Success! heading.", Evaluator: eval,
			Steps: Then(solve, StepOn(On(success), "The maze is solved.", Done()))},
		{Name: "chrome_maze_solved_then_home", TaskName: "BrowserMaze", Goal: mazeGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The page said Success!, but the run goes on to the home screen and ends there: the check is made on the screen the run ends on.", Evaluator: eval + " (the launcher is in front at the end)",
			Steps: Then(solve, StepOn(On(success), "Solved; close the browser.", Home()), StepOn(On(HomeScreen()), "The maze was solved.", Done()))},
		{Name: "chrome_maze_one_short", TaskName: "BrowserMaze", Goal: mazeGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The X stops in the right column's middle cell, one move short of the bottom-right goal; the page has no Success! heading.", Evaluator: eval + " (no Success! on the page)",
			Steps: Then(solve[:len(solve)-1], StepOn(On(mazePage(5)), "The X is at the right edge.", Done()))},
		{Name: "chrome_colours_submitted", TaskName: "BrowserDraw", Goal: drawGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A stroke is drawn in each of the three task colours and Submit is tapped; the page writes Success! under the button.", Evaluator: eval,
			Steps: Then(draw("120,1580", "400,1580", "820,1580"), StepOn(On(colourPage("Success!")), "The drawing is accepted.", Done()))},
		{Name: "chrome_colours_two_of_three", TaskName: "BrowserDraw", Goal: drawGoal, Kind: KindNearMiss, Expect: ExpectCannotTell,
			Behaviour: "Strokes in two colours only; after Submit the page writes nothing where its verdict goes, and the swatches carry no colour names in the tree.", Evaluator: eval + " (the third colour is missing; no Success!)",
			Steps: Then(draw("120,1580", "400,1580"), StepOn(On(colourPage("")), "The drawing is submitted.", Done()))},
	}
}
