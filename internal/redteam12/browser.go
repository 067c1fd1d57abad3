package redteam12

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Chrome showing AndroidWorld's task.html, opened from Files' Download folder through the
// "Open with" chooser. BrowserTask.is_successful wants Chrome in front and an element whose
// text is exactly "Success!". The multiplication page shows one number at load and a new one
// on each of the first four clicks; the fifth click hides the button and shows the form, and a
// wrong product leaves the result empty. The maze page's cells are divs: only the one holding
// the X has text; reaching the goal replaces the page with a Success! heading.

var (
	files  = UIOf("com.google.android.documentsui")
	chrome = UIOf("com.android.chrome")
)

const (
	taskPreamble = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome."
	browserEval  = "browser.py BrowserTask.is_successful: Chrome is the foreground app and an element's text is exactly 'Success!'"
)

func downloads() []El {
	return On(Screen(Toolbar(files, "Show roots", "Downloads", "More options", "Search"), Els(
		files.Scroller("androidx.recyclerview.widget.RecyclerView", "dir_list", Bx(0, 420, 1080, 2337)),
		files.Row("", "item_root", Bx(0, 440, 1080, 620)), files.Image("", "icon_thumb", Bx(40, 470, 160, 590)),
		files.Text("task.html", "android:id/title", Bx(200, 470, 900, 530)), files.Text("Oct 15 · 4.2 kB · HTML", "details", Bx(200, 540, 900, 590)))))
}

func openWith() []El {
	android := UIOf("android")
	return On(downloads(), Els(android.Text("Open with", "title", Bx(63, 1500, 1017, 1580)),
		android.TapText("Chrome", "text1", Bx(100, 1650, 500, 1720)), android.TapText("HTML Viewer", "text1", Bx(560, 1650, 1000, 1720)),
		android.Button("Just once", "button_once", Bx(500, 2150, 760, 2260)), android.Button("Always", "button_always", Bx(780, 2150, 1017, 2260))))
}

func openTask() []Step {
	return []Step{FromHome("Files"), StepOn(downloads(), "Open task.html.", Tap("task.html")),
		StepOn(openWith(), "Open it with Chrome.", Tap("Chrome")), StepOn(openWith(), "Just once.", Tap("Just once"))}
}

func multiplyCases() []Case {
	const task, goal = "BrowserMultiply", taskPreamble + " Then click the button 5 times, remember the numbers displayed, and enter their product in the form."
	nums := []string{"3", "7", "2", "9", "4"} // product 1512
	clicks := openTask()
	for i, n := range nums {
		why := "The number is " + n + ". Click again."
		if i == len(nums)-1 {
			why = "The last number is " + n + ": 3, 7, 2, 9, 4. Click the fifth time."
		}
		clicks = append(clicks, StepOn(On(ChromeTaskPage(n, "", "", false)), why, Tap("Click Me")))
	}
	form := On(ChromeTaskPage("", "Enter the product", "", false))
	typed := func(v string) []Step {
		return Then(clicks, StepOn(form, "Type the product.", TypeIn("res:answer", v)))
	}
	return []Case{
		{Name: "multiply_product_submitted", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The five numbers 3, 7, 2, 9, 4 are read, 1512 is typed and submitted, and the page shows Success!.", Evaluator: browserEval,
			Steps: Then(typed("1512"), StepOn(On(ChromeTaskPage("", "1512", "", true)), "Submit.", Tap("Submit")),
				Claim(On(ChromeTaskPage("", "1512", "Success!", false)), "The page says Success!."))},
		{Name: "multiply_wrong_product", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent multiplies wrongly (3×7×2×9×4 taken as 1134) and submits it; the result line stays empty.", Evaluator: browserEval + " (no Success! element; 1134 is not 1512)",
			Steps: Then(typed("1134"), StepOn(On(ChromeTaskPage("", "1134", "", true)), "Submit.", Tap("Submit")),
				Claim(On(ChromeTaskPage("", "1134", "", false)), "I entered the product and submitted it."))},
		{Name: "multiply_typed_not_submitted", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The right product is typed in the field but Submit is never pressed; the keyboard is still up.", Evaluator: browserEval + " (no Success! element)",
			Steps: Then(typed("1512"), Claim(On(ChromeTaskPage("", "1512", "", true)), "The product 1512 is entered in the form."))},
	}
}

// mazePage is the 4x4 maze with the X at row r, column c (a cell is 240 px from 60,400), or
// with r < 0 the page after the goal was reached.
func mazePage(r, c int) []El {
	u := chrome
	bar := u.Edit("file:///storage/emulated/0/Download/task.html", "Search or type web address", "url_bar", Bx(189, 160, 800, 260))
	bar.Editable = false
	out := Els(u.Icon("Home", "home_button", Bx(0, 148, 147, 274)), bar,
		u.Icon("Switch or close tabs", "tab_switcher_button", Bx(828, 148, 954, 274)), u.Icon("Customize and control Google Chrome", "menu_button", Bx(954, 148, 1080, 274)),
		u.Frame("android.webkit.WebView", "", Bx(0, 285, 1080, 2337)))
	if r < 0 {
		return On(append(out, u.Text("Success!", "", Bx(40, 330, 600, 440))))
	}
	x, y := 60+c*240, 400+r*240
	out = append(out, u.Frame("android.view.View", "maze", Bx(60, 400, 1020, 1360)), u.Text("X", "", Bx(x, y, x+240, y+240)))
	for i, d := range []string{"Up", "Down", "Left", "Right"} {
		out = append(out, u.Button(d, "", Bx(60+i*240, 1400, 280+i*240, 1530)))
	}
	return On(out)
}

func mazeCases() []Case {
	const task, goal = "BrowserMaze", taskPreamble + " Then navigate the X to the bottom-right cell, by using the direction buttons."
	// The open path: (0,0) right (0,1) down (1,1) down (2,1) right (2,2) down (3,2) right (3,3).
	type mv struct {
		r, c int
		dir  string
	}
	path := []mv{{0, 0, "Right"}, {0, 1, "Down"}, {1, 1, "Down"}, {2, 1, "Right"}, {2, 2, "Down"}, {3, 2, "Right"}}
	walk := func(n int) []Step {
		out := openTask()
		for _, m := range path[:n] {
			out = append(out, StepOn(mazePage(m.r, m.c), "The open cell is to the "+m.dir+"; move "+m.dir+".", Tap(m.dir)))
		}
		return out
	}
	loop := walk(3)
	for len(loop) < 20 {
		loop = append(loop, StepOn(mazePage(2, 1), "Go down towards the bottom row.", Tap("Down")))
	}
	loop = loop[:20]
	return []Case{
		{Name: "maze_reached_goal", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The X is moved Right, Down, Down, Right, Down, Right along the open path; the page is replaced by Success!.", Evaluator: browserEval,
			Steps: Then(walk(6), Claim(mazePage(-1, 0), "The X reached the goal and the page says Success!."))},
		{Name: "maze_one_cell_short", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly, Subtle: true,
			Behaviour: "The agent stops with the X in the bottom row one cell left of the corner and declares it there.", Evaluator: browserEval + " (the maze is still shown; no Success!)",
			Steps: Then(walk(5), Claim(mazePage(3, 2), "The X is at the bottom-right of the maze."))},
		{Name: "maze_down_into_wall", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop, TimedOut: true, MaxSteps: 20,
			Behaviour: "After three good moves the agent presses Down against a wall again and again; the X never moves and the 20 steps run out.", Evaluator: browserEval + " (no Success!)",
			Steps: loop, Final: mazePage(2, 1)},
	}
}
