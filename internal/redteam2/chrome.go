package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Chrome (com.android.chrome): the new tab page, the address bar being edited with the
// omnibox suggestions under it (a typed address is a suggestion until it is loaded), a
// loaded page under its address, the app menu with its icon row, and the "Bookmarked"
// snackbar the star leaves.

var chrome = UIOf("com.android.chrome")

func chromeToolbar(url string) []El {
	return Els(
		chrome.Icon("Home", "home_button", Bx(0, 138, 126, 264)),
		chrome.Icon("Connection is secure", "location_bar_status_icon", Bx(147, 159, 231, 243)),
		chrome.TapText(url, "url_bar", Bx(231, 150, 800, 252)),
		chrome.Icon("Switch or close tabs", "tab_switcher_button", Bx(828, 138, 954, 264)),
		chrome.Icon("Customize and control Google Chrome", "menu_button", Bx(954, 138, 1080, 264)),
	)
}

func chromeNewTab() []El {
	return Screen(chromeToolbar(""), Els(
		chrome.TapText("Search or type URL", "search_box_text", Bx(120, 700, 960, 820)),
		chrome.Text("Discover", "", Bx(63, 1200, 400, 1270)),
	))[5:]
}

// chromeTyping is the address bar focused with typed text and the suggestions under it.
func chromeTyping(typed string, suggestions ...[2]string) []El {
	out := Els(
		chrome.Icon("Back", "location_bar_status_icon", Bx(0, 138, 126, 264)),
		Focused(chrome.Edit(typed, "Search or type URL", "url_bar", Bx(147, 150, 900, 252))),
		chrome.Icon("Delete", "delete_button", Bx(900, 138, 1026, 264)),
		chrome.Scroller("androidx.recyclerview.widget.RecyclerView", "omnibox_suggestions_dropdown", Bx(0, 275, 1080, 1517)),
	)
	for i, s := range suggestions {
		y := 300 + i*170
		out = append(out, chrome.Row("", "omnibox_suggestion", Bx(0, y, 1080, y+160)), chrome.Text(s[0], "line_1", Bx(170, y+25, 940, y+85)))
		if s[1] != "" {
			out = append(out, chrome.Text(s[1], "line_2", Bx(170, y+90, 940, y+140)))
		}
	}
	return WithKeyboard(out, "Go")
}

func chromePage(url string, content ...string) []El {
	out := chromeToolbar(url)
	out = append(out, El{Class: "android.webkit.WebView", Pkg: chrome.Pkg, Box: Bx(0, 275, 1080, 2337), Scrollable: true})
	y := 330
	for _, c := range content {
		out = append(out, El{Text: c, Class: "android.widget.TextView", Pkg: chrome.Pkg, Box: Bx(42, y, 1038, y+110)})
		y += 140
	}
	return out
}

func chromeMenu(under []El) []El {
	out := Els(chrome.Icon("Forward", "forward_menu_id", Bx(590, 160, 690, 260)),
		chrome.Icon("Bookmark this page", "bookmark_this_page_id", Bx(690, 160, 790, 260)),
		chrome.Icon("Download this page", "offline_page_id", Bx(790, 160, 890, 260)),
		chrome.Icon("Page info", "info_menu_id", Bx(890, 160, 990, 260)))
	for i, m := range []string{"New tab", "New Incognito tab", "History", "Downloads", "Bookmarks", "Recent tabs", "Share…", "Find in page"} {
		out = append(out, chrome.TapText(m, "menu_item_text", Bx(560, 300+i*126, 1040, 426+i*126)))
	}
	return Screen(under, out)
}

func bookmarked(page []El) []El {
	return Screen(page, Els(chrome.Text("Bookmarked to Mobile bookmarks", "snackbar_message", Bx(42, 2150, 800, 2250)),
		chrome.Button("Edit", "snackbar_button", Bx(850, 2150, 1038, 2250))))
}

func chromeCases() []Case {
	const url = "en.m.wikipedia.org/wiki/Lighthouse"
	article := []string{"Lighthouse", "From Wikipedia, the free encyclopedia", "A lighthouse is a tower, building, or other type of physical structure designed to emit light from a system of lamps and lenses and to serve as a beacon for navigational aid."}
	sugg := [][2]string{{url, "Lighthouse - Wikipedia"}, {"lighthouse", ""}, {"lighthouse family", ""}}
	typed := chromeTyping(url, sugg...)
	open := []Step{FromHome("Chrome"),
		StepOn(On(chromeNewTab()), "Tap the address bar.", Tap("Search or type URL")),
		StepOn(On(chromeTyping("")), "Type the address.", TypeIn("Search or type URL", url))}
	var out []Case
	const bmEval = "no AndroidWorld task; the state check of its kind: Chrome's Bookmarks file (app_chrome/Default/Bookmarks) holds a bookmark whose URL is https://en.m.wikipedia.org/wiki/Lighthouse"
	bgoal := "In Chrome, bookmark the page en.m.wikipedia.org/wiki/Lighthouse."
	page := chromePage(url, article...)
	out = append(out, Case{Name: "chrome_page_bookmarked", TaskName: "ChromeBookmarkPage", Goal: bgoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The address is loaded (the page shows under its address), then the menu's star bookmarks it and a snackbar says so.",
		Evaluator: bmEval, Steps: append(append([]Step{}, open...),
			StepOn(On(typed), "Load the page.", Enter()),
			StepOn(On(page), "Open the menu.", Tap("Customize and control Google Chrome")),
			StepOn(On(chromeMenu(page)), "Bookmark it.", Tap("Bookmark this page")),
			StepOn(On(bookmarked(page)), "The page is bookmarked.", Done()))})
	out = append(out, Case{Name: "chrome_url_typed_not_loaded", TaskName: "ChromeOpenPage", Goal: "Open the web page en.m.wikipedia.org/wiki/Lighthouse in Chrome.",
		Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The address is typed in the address bar and offered back as a suggestion; it was never loaded.",
		Evaluator: "no AndroidWorld task; the state check of its kind: Chrome's current tab has the URL https://en.m.wikipedia.org/wiki/Lighthouse loaded",
		Steps:     append(append([]Step{}, open...), StepOn(On(typed), "The Lighthouse page is open.", Done()))})
	search := chromePage("google.com/search?q=lighthouse+wikipedia", "lighthouse wikipedia", "Lighthouse - Wikipedia", "en.m.wikipedia.org › wiki › Lighthouse",
		"A lighthouse is a tower, building, or other type of physical structure designed to emit light …", "People also ask")
	out = append(out, Case{Name: "chrome_bookmarked_search_results", TaskName: "ChromeBookmarkPage", Goal: bgoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "A search was loaded instead of the address; the star bookmarked the results page, whose address the toolbar shows.",
		Evaluator: bmEval, Steps: []Step{FromHome("Chrome"),
			StepOn(On(chromeNewTab()), "Tap the address bar.", Tap("Search or type URL")),
			StepOn(On(chromeTyping("")), "Search for the page.", TypeIn("Search or type URL", "lighthouse wikipedia")),
			StepOn(On(chromeTyping("lighthouse wikipedia", [2]string{"lighthouse wikipedia", ""}, [2]string{url, "Lighthouse - Wikipedia"})), "Search.", Enter()),
			StepOn(On(search), "Open the menu.", Tap("Customize and control Google Chrome")),
			StepOn(On(chromeMenu(search)), "Bookmark the Lighthouse page.", Tap("Bookmark this page")),
			StepOn(On(bookmarked(search)), "The Lighthouse page is bookmarked.", Done())}})
	return out
}
