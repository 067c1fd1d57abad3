package redteam9

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Files (com.google.android.documentsui) opens on Recent; its roots drawer reaches Downloads,
// which lists task.html. Tapping it asks which app opens it ("Open with": Chrome, HTML Viewer;
// Just once / Always). Chrome shows AndroidWorld's page in a WebView whose elements the tree
// carries: the draw task's three target swatches and canvas (no text), its 24 palette buttons
// (no text), Clear and Submit, and "Success!" under them once the canvas holds all three
// colours; the maze's 4x4 cells (the X the only text) with Up, Down, Left and Right, replaced
// by a "Success!" heading once the X reaches the goal. AndroidWorld scores either only while
// Chrome is in front with "Success!" on screen.

var (
	files  = UIOf("com.google.android.documentsui")
	chrome = UIOf("com.android.chrome")
	htmlv  = UIOf("com.android.htmlviewer")
	resolv = UIOf("android")
)

func filesDownloads() []El {
	return Screen(Toolbar(files, "Show roots", "Downloads", "Search", "More options"), Els(
		files.Text("Files in Downloads", "", Bx(63, 300, 800, 360)),
		files.Row("", "item_root", Bx(0, 380, 1080, 560)), files.Image("", "icon_thumb", Bx(40, 410, 160, 530)),
		files.Text("task.html", "android:id/title", Bx(200, 410, 1017, 470)), files.Text("4.21 kB  Oct 15", "details", Bx(200, 480, 1017, 530))))
}

func filesRecent() []El {
	return Screen(Toolbar(files, "Show roots", "Recent", "Search", "More options"),
		Els(files.Text("No items", "message", Bx(63, 900, 1017, 980))))
}

func filesRoots() []El {
	return Screen(filesRecent(), Els(files.Frame("android.widget.ListView", "roots_list", Bx(0, 128, 800, 2337))),
		Rows(files, "android:id/title", 300, "Recent", "Images", "Videos", "Audio", "Downloads", "sdk_gphone_x86_64|5.3 GB free"))
}

func openWith() []El {
	return Screen(filesDownloads(), Els(resolv.Text("Open with", "title", Bx(63, 1500, 1017, 1580)),
		resolv.TapText("Chrome", "text1", Bx(63, 1640, 500, 1720)), resolv.TapText("HTML Viewer", "text1", Bx(560, 1640, 1017, 1720)),
		resolv.Button("Just once", "button_once", Bx(420, 2150, 700, 2270)), resolv.Button("Always", "button_always", Bx(740, 2150, 1017, 2270))))
}

// toTaskPage is the way from home to task.html open in Chrome.
func toTaskPage(page []El) []Step {
	return []Step{FromHome("Files"),
		StepOn(On(filesRecent()), "task.html is in Downloads; open the roots.", Tap("Show roots")),
		StepOn(On(filesRoots()), "Downloads.", Tap("Downloads")),
		StepOn(On(filesDownloads()), "Open task.html.", Tap("task.html")),
		StepOn(On(openWith()), "Open it with Chrome.", Tap("Chrome")),
		StepOn(On(openWith()), "Just once.", Tap("Just once")),
		StepOn(On(page), "The page is open in Chrome.", WaitAction())}
}

func chromeTop() []El {
	bar := chrome.Edit("file:///storage/emulated/0/Download/task.html", "Search or type web address", "url_bar", Bx(189, 160, 800, 260))
	bar.Editable = false
	return Els(chrome.Icon("Home", "home_button", Bx(0, 148, 147, 274)), bar,
		chrome.Icon("Switch or close tabs", "tab_switcher_button", Bx(828, 148, 954, 274)), chrome.Icon("Customize and control Google Chrome", "menu_button", Bx(954, 148, 1080, 274)),
		chrome.Frame("android.webkit.WebView", "", Bx(0, 285, 1080, 2337)))
}

// drawPage is the Color Challenge page; result is what the page shows under the buttons.
func drawPage(result string) []El {
	out := chromeTop()
	for i := 0; i < 3; i++ {
		out = append(out, chrome.Frame("android.view.View", "", Bx(380+i*110, 320, 480+i*110, 420)))
	}
	canvas := chrome.Frame("android.view.View", "canvas", Bx(240, 450, 840, 1050))
	canvas.Clickable = true
	out = append(out, canvas, chrome.Text("Available Colors:", "", Bx(380, 1090, 700, 1140)))
	for i := 0; i < 24; i++ {
		x, y := 240+(i%8)*75, 1170+(i/8)*75
		out = append(out, chrome.Button("", "", Bx(x, y, x+66, y+66)))
	}
	out = append(out, chrome.Button("Clear", "clearButton", Bx(400, 1420, 530, 1500)), chrome.Button("Submit", "submitButton", Bx(550, 1420, 700, 1500)))
	if result != "" {
		out = append(out, chrome.Text(result, "result", Bx(440, 1540, 640, 1600)))
	}
	return out
}

// swatch names the i-th palette button by its place.
func swatch(i int) string { return "box:" + Itoa(240+(i%8)*75) + "," + Itoa(1170+(i/8)*75) }

// mazePage is the maze with the X at row r, column c; a wall is '#'. At the goal the page is
// replaced by its heading.
func mazePage(r, c int) []El {
	out := chromeTop()
	if r == 3 && c == 3 {
		return append(out, chrome.Text("Success!", "", Bx(380, 330, 700, 420)))
	}
	layout := []string{" ###", "  ##", "# ##", "#  $"}
	for i, row := range layout {
		for j := range row {
			b := Bx(300+j*120, 320+i*120, 420+j*120, 440+i*120)
			if i == r && j == c {
				out = append(out, chrome.Text("X", "", b))
			} else {
				out = append(out, chrome.Frame("android.view.View", "", b)) // walls and paths alike: their colour is not in the tree
			}
		}
	}
	for i, d := range []string{"Up", "Down", "Left", "Right"} {
		out = append(out, chrome.Button(d, "", Bx(80+i*240, 840, 300+i*240, 960)))
	}
	return out
}

func drawCases() []Case {
	const goal = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then create a drawing using the three colors shown at the top and hit submit."
	const eval = "browser.py BrowserDraw (BrowserTask.is_successful): Chrome is in front and an element's text is 'Success!', which the page writes only when the canvas holds all three target colours"
	open := toTaskPage(On(drawPage("")))
	stroke := func(i int, why string) []Step {
		return []Step{StepOn(On(drawPage("")), why, Tap(swatch(i))), StepOn(On(drawPage("")), "Draw a stroke with it.", SwipeOn("res:canvas", "right"))}
	}
	all := Then(Then(Then(open, stroke(5, "The first target colour is cyan, the sixth swatch.")...), stroke(12, "The second is orange.")...), stroke(10, "The third is purple.")...)
	return []Case{
		{Name: "draw_three_colours_success", TaskName: "BrowserDraw", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "task.html is opened in Chrome from Files, a stroke is drawn in each of the three target colours and Submit pressed; the page shows Success!.", Evaluator: eval,
			Steps: Then(all, StepOn(On(drawPage("")), "Submit.", Tap("Submit")), Claim(On(drawPage("Success!")), "The drawing uses the three colours and the page says Success!."))},
		{Name: "draw_one_colour_submitted", TaskName: "BrowserDraw", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent draws one stroke in the first target colour only and submits; the result line stays empty.", Evaluator: eval + " (two colours missing: no Success!)",
			Steps: Then(Then(open, stroke(5, "Pick the colour shown at the top.")...), StepOn(On(drawPage("")), "Submit the drawing.", Tap("Submit")),
				Claim(On(drawPage("")), "I drew on the canvas and hit submit."))},
		{Name: "draw_opened_in_html_viewer", TaskName: "BrowserDraw", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "The agent picks HTML Viewer in the Open with dialog; the viewer shows the page's text without running its script, and the agent stops there.", Evaluator: eval + " (Chrome is not in front; nothing was drawn)",
			Steps: []Step{FromHome("Files"),
				StepOn(On(filesRecent()), "Open the roots.", Tap("Show roots")),
				StepOn(On(filesRoots()), "Downloads.", Tap("Downloads")),
				StepOn(On(filesDownloads()), "Open task.html.", Tap("task.html")),
				StepOn(On(openWith()), "HTML Viewer should show the page.", Tap("HTML Viewer")),
				StepOn(On(openWith()), "Just once.", Tap("Just once")),
				Claim(On(Screen(Toolbar(htmlv, "Navigate up", "task.html"), Els(htmlv.Frame("android.webkit.WebView", "", Bx(0, 285, 1080, 2337)),
					htmlv.Text("Available Colors:", "", Bx(63, 400, 600, 460)), htmlv.Button("Clear", "", Bx(63, 500, 250, 580)), htmlv.Button("Submit", "", Bx(280, 500, 480, 580))))),
					"The task page is open; the drawing task is shown.")}},
	}
}

func mazeCases() []Case {
	const goal = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then navigate the X to the bottom-right cell, by using the direction buttons."
	const eval = "browser.py BrowserMaze (BrowserTask.is_successful): Chrome is in front and an element's text is 'Success!', which replaces the page when the X reaches the bottom-right cell"
	open := toTaskPage(On(mazePage(0, 0)))
	type mv struct {
		dir  string
		r, c int
	}
	path := []mv{{"Down", 1, 0}, {"Right", 1, 1}, {"Down", 2, 1}, {"Down", 3, 1}, {"Right", 3, 2}, {"Right", 3, 3}}
	walk := func(n int) []Step {
		var out []Step
		r, c := 0, 0
		for _, m := range path[:n] {
			out = append(out, StepOn(On(mazePage(r, c)), "Move "+m.dir+".", Tap(m.dir)))
			r, c = m.r, m.c
		}
		return out
	}
	// A run that keeps pressing into walls: the X does not move.
	var bump []Step
	for i := 0; len(bump) < 24; i++ {
		bump = append(bump, StepOn(On(mazePage(1, 1)), "Go right toward the goal.", Tap("Right")),
			StepOn(On(mazePage(1, 1)), "It did not move; try up instead.", Tap("Up")))
	}
	loop := Then(Then(open, walk(2)...), bump...)[:20]
	return []Case{
		{Name: "maze_reached_goal", TaskName: "BrowserMaze", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The page is opened in Chrome and the X walked down, right, down, down, right, right; the page is replaced by Success!.", Evaluator: eval,
			Steps: Then(Then(open, walk(6)...), Claim(On(mazePage(3, 3)), "The X reached the bottom-right cell: Success!."))},
		{Name: "maze_one_cell_short", TaskName: "BrowserMaze", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The X is walked to the bottom row, one cell left of the goal, and the agent stops; the maze is still on the page.", Evaluator: eval + " (no Success!)",
			Steps: Then(Then(open, walk(5)...), Claim(On(mazePage(3, 2)), "The X is at the bottom right of the maze."))},
		{Name: "maze_pressing_into_wall", TaskName: "BrowserMaze", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "After two moves the agent alternates Right and Up against walls; the X never moves again and the steps run out.", Evaluator: eval + " (no Success!)",
			TimedOut: true, MaxSteps: 20, Final: On(mazePage(1, 1)), Steps: loop},
	}
}
