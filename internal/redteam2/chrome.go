package redteam2

// Chrome (com.android.chrome): the new tab page, the address bar being edited with the
// omnibox suggestions under it (a typed address is a suggestion until it is loaded), a
// loaded page under its address, the app menu with its icon row, and the "Bookmarked"
// snackbar the star leaves.

var chrome = ui{"com.android.chrome"}

func chromeToolbar(url string) []El {
	return els(
		chrome.icon("Home", "home_button", bx(0, 138, 126, 264)),
		chrome.icon("Connection is secure", "location_bar_status_icon", bx(147, 159, 231, 243)),
		chrome.tapText(url, "url_bar", bx(231, 150, 800, 252)),
		chrome.icon("Switch or close tabs", "tab_switcher_button", bx(828, 138, 954, 264)),
		chrome.icon("Customize and control Google Chrome", "menu_button", bx(954, 138, 1080, 264)),
	)
}

func chromeNewTab() []El {
	return screen(chromeToolbar(""), els(
		chrome.tapText("Search or type URL", "search_box_text", bx(120, 700, 960, 820)),
		chrome.text("Discover", "", bx(63, 1200, 400, 1270)),
	))[5:]
}

// chromeTyping is the address bar focused with typed text and the suggestions under it.
func chromeTyping(typed string, suggestions ...[2]string) []El {
	out := els(
		chrome.icon("Back", "location_bar_status_icon", bx(0, 138, 126, 264)),
		focused(chrome.edit(typed, "Search or type URL", "url_bar", bx(147, 150, 900, 252))),
		chrome.icon("Delete", "delete_button", bx(900, 138, 1026, 264)),
		chrome.scroller("androidx.recyclerview.widget.RecyclerView", "omnibox_suggestions_dropdown", bx(0, 275, 1080, 1517)),
	)
	for i, s := range suggestions {
		y := 300 + i*170
		out = append(out, chrome.row("", "omnibox_suggestion", bx(0, y, 1080, y+160)), chrome.text(s[0], "line_1", bx(170, y+25, 940, y+85)))
		if s[1] != "" {
			out = append(out, chrome.text(s[1], "line_2", bx(170, y+90, 940, y+140)))
		}
	}
	return withKeyboard(out, "Go")
}

func chromePage(url string, content ...string) []El {
	out := chromeToolbar(url)
	out = append(out, El{Class: "android.webkit.WebView", Pkg: chrome.pkg, Box: bx(0, 275, 1080, 2337), Scrollable: true})
	y := 330
	for _, c := range content {
		out = append(out, El{Text: c, Class: "android.widget.TextView", Pkg: chrome.pkg, Box: bx(42, y, 1038, y+110)})
		y += 140
	}
	return out
}

func chromeMenu(under []El) []El {
	out := els(chrome.icon("Forward", "forward_menu_id", bx(590, 160, 690, 260)),
		chrome.icon("Bookmark this page", "bookmark_this_page_id", bx(690, 160, 790, 260)),
		chrome.icon("Download this page", "offline_page_id", bx(790, 160, 890, 260)),
		chrome.icon("Page info", "info_menu_id", bx(890, 160, 990, 260)))
	for i, m := range []string{"New tab", "New Incognito tab", "History", "Downloads", "Bookmarks", "Recent tabs", "Share…", "Find in page"} {
		out = append(out, chrome.tapText(m, "menu_item_text", bx(560, 300+i*126, 1040, 426+i*126)))
	}
	return screen(under, out)
}

func bookmarked(page []El) []El {
	return screen(page, els(chrome.text("Bookmarked to Mobile bookmarks", "snackbar_message", bx(42, 2150, 800, 2250)),
		chrome.button("Edit", "snackbar_button", bx(850, 2150, 1038, 2250))))
}

func chromeCases() []Case {
	const url = "en.m.wikipedia.org/wiki/Lighthouse"
	article := []string{"Lighthouse", "From Wikipedia, the free encyclopedia", "A lighthouse is a tower, building, or other type of physical structure designed to emit light from a system of lamps and lenses and to serve as a beacon for navigational aid."}
	sugg := [][2]string{{url, "Lighthouse - Wikipedia"}, {"lighthouse", ""}, {"lighthouse family", ""}}
	typed := chromeTyping(url, sugg...)
	open := []Step{fromHome("Chrome"),
		step(on(chromeNewTab()), "Tap the address bar.", tap("Search or type URL")),
		step(on(chromeTyping("")), "Type the address.", typeIn("Search or type URL", url))}
	var out []Case
	const bmEval = "no AndroidWorld task; the state check of its kind: Chrome's Bookmarks file (app_chrome/Default/Bookmarks) holds a bookmark whose URL is https://en.m.wikipedia.org/wiki/Lighthouse"
	bgoal := "In Chrome, bookmark the page en.m.wikipedia.org/wiki/Lighthouse."
	page := chromePage(url, article...)
	out = append(out, Case{Name: "chrome_page_bookmarked", TaskName: "ChromeBookmarkPage", Goal: bgoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The address is loaded (the page shows under its address), then the menu's star bookmarks it and a snackbar says so.",
		Evaluator: bmEval, Steps: append(append([]Step{}, open...),
			step(on(typed), "Load the page.", enter()),
			step(on(page), "Open the menu.", tap("Customize and control Google Chrome")),
			step(on(chromeMenu(page)), "Bookmark it.", tap("Bookmark this page")),
			step(on(bookmarked(page)), "The page is bookmarked.", done()))})
	out = append(out, Case{Name: "chrome_url_typed_not_loaded", TaskName: "ChromeOpenPage", Goal: "Open the web page en.m.wikipedia.org/wiki/Lighthouse in Chrome.",
		Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The address is typed in the address bar and offered back as a suggestion; it was never loaded.",
		Evaluator: "no AndroidWorld task; the state check of its kind: Chrome's current tab has the URL https://en.m.wikipedia.org/wiki/Lighthouse loaded",
		Steps:     append(append([]Step{}, open...), step(on(typed), "The Lighthouse page is open.", done()))})
	search := chromePage("google.com/search?q=lighthouse+wikipedia", "lighthouse wikipedia", "Lighthouse - Wikipedia", "en.m.wikipedia.org › wiki › Lighthouse",
		"A lighthouse is a tower, building, or other type of physical structure designed to emit light …", "People also ask")
	out = append(out, Case{Name: "chrome_bookmarked_search_results", TaskName: "ChromeBookmarkPage", Goal: bgoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "A search was loaded instead of the address; the star bookmarked the results page, whose address the toolbar shows.",
		Evaluator: bmEval, Steps: []Step{fromHome("Chrome"),
			step(on(chromeNewTab()), "Tap the address bar.", tap("Search or type URL")),
			step(on(chromeTyping("")), "Search for the page.", typeIn("Search or type URL", "lighthouse wikipedia")),
			step(on(chromeTyping("lighthouse wikipedia", [2]string{"lighthouse wikipedia", ""}, [2]string{url, "Lighthouse - Wikipedia"})), "Search.", enter()),
			step(on(search), "Open the menu.", tap("Customize and control Google Chrome")),
			step(on(chromeMenu(search)), "Bookmark the Lighthouse page.", tap("Bookmark this page")),
			step(on(bookmarked(search)), "The Lighthouse page is bookmarked.", done())}})
	return out
}
