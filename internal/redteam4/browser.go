package redteam4

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Chrome's memory form (AndroidWorld's BrowserMultiply page, opened from Files): the page shows
// one number at a time and a "Click Me" button; each of the first four clicks shows a new
// number, the fifth hides both and shows a number field and Submit. Submit writes "Success!"
// under the form only when the product of the five numbers was entered; otherwise an empty heading.

var (
	chrome = UIOf("com.android.chrome")
	files  = UIOf("com.google.android.documentsui")
)

func memoryPage(parts ...El) []El {
	return Screen(Els(chrome.Text("file:///storage/emulated/0/Download/task.html", "url_bar", Bx(140, 150, 800, 270)),
		El{Class: "android.webkit.WebView", Pkg: chrome.Pkg, Text: "Memory Task", Box: Bx(0, 290, 1080, 2337), Scrollable: true}), parts)
}

func numberShown(n string) []El {
	return memoryPage(chrome.Text(n, "", Bx(480, 400, 600, 480)), El{Text: "Click Me", Class: "android.widget.Button", Pkg: chrome.Pkg, Box: Bx(400, 520, 680, 620), Clickable: true})
}

func memoryForm(typed, result string) []El {
	field := El{Text: typed, Hint: "Enter the product", Class: "android.widget.EditText", Pkg: chrome.Pkg, Box: Bx(200, 400, 880, 500), Editable: true, Clickable: true, Focusable: true}
	if typed == "" { // an empty field shows its hint, as AndroidWorld records it
		field.Text = field.Hint
	}
	out := memoryPage(field, El{Text: "Submit", Class: "android.widget.Button", Pkg: chrome.Pkg, Box: Bx(420, 520, 660, 610), Clickable: true})
	if result != "" {
		out = append(out, El{Text: result, Class: "android.widget.TextView", Pkg: chrome.Pkg, Box: Bx(400, 650, 680, 740)})
	}
	return out
}

func browserCases() []Case {
	const goal = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then click the button 5 times, remember the numbers displayed, and enter their product in the form."
	const eval = "browser.py BrowserTask.is_successful: Chrome is in front and an element's text is Success! (checkAnswer writes it only for the right product)"
	numbers := []string{"4", "2", "9", "3", "6"} // the product is 1296
	steps := []Step{FromHome("Files"),
		StepOn(On(Screen(Toolbar(files, "Show roots", "Downloads"), Rows(files, "item_title", 400, "task.html|1.9 kB, Oct 15"))), "Open task.html.", Tap("task.html")),
		StepOn(On(Screen(Toolbar(files, "Show roots", "Downloads"), Els(files.Text("Open with", "", Bx(63, 1500, 1017, 1580))), Rows(UIOf("android"), "text1", 1620, "Chrome", "HTML Viewer"))), "Chrome.", Tap("Chrome")),
	}
	for _, n := range numbers {
		steps = append(steps, StepOn(On(numberShown(n)), "The number is "+n+"; click.", Tap("Click Me")))
	}
	fill := func(product string) []Step {
		return Then(steps,
			StepOn(On(memoryForm("", "")), "Enter the product.", TypeIn("Enter the product", product)),
			StepOn(On(WithKeyboard(memoryForm(product, ""), "Done")), "Submit.", Tap("Submit")))
	}
	return []Case{
		{Name: "browser_product_success", TaskName: "BrowserMultiply", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The five numbers shown were 4, 2, 9, 3 and 6; their product 1296 submitted brings Success! under the form.", Evaluator: eval,
			Steps: Then(fill("1296"), StepOn(On(memoryForm("1296", "Success!")), "The page says Success!", Done()))},
		{Name: "browser_product_missed_first", TaskName: "BrowserMultiply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The number on the page before the first click counts too; the product of the other four is wrong, and the page shows no Success!.", Evaluator: eval + " (324 for 1296: no Success!)",
			Steps: Then(fill("324"), StepOn(On(memoryForm("324", "")), "The product is entered.", Done()))},
		{Name: "browser_product_not_submitted", TaskName: "BrowserMultiply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The right product sits in the field, but Submit is never pressed: the page has no Success!.", Evaluator: eval + " (not submitted)",
			Steps: Then(steps,
				StepOn(On(memoryForm("", "")), "Enter the product.", TypeIn("Enter the product", "1296")),
				StepOn(On(WithKeyboard(memoryForm("1296", ""), "Done")), "The product is in the form.", Done()))},
	}
}
