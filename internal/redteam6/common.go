package redteam6

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Helpers the apps' screens share.

// listed lays n items out from y0 down, h apart: item(i, y) gives the elements of the i-th,
// whose top is y.
func listed(n, y0, h int, item func(i, y int) []El) []El {
	var out []El
	for i := 0; i < n; i++ {
		out = append(out, item(i, y0+i*h)...)
	}
	return out
}

// typing is a screen with the input focus in the field whose resource id ends in id and Gboard
// open under it with its action key; with no id it is the screen as it is.
func typing(app []El, id, action string) []El {
	if id == "" {
		return app
	}
	out := append([]El(nil), app...)
	for i := range out {
		if strings.HasSuffix(out[i].Res, ":id/"+id) {
			out[i] = Focused(out[i])
		}
	}
	return WithKeyboard(out, action)
}

// answered is an information-retrieval run's end: the answer, then the claim, on one screen.
func answered(screen []El, why, text string) []Step {
	return []Step{StepOn(screen, why, Answer(text)), StepOn(screen, "I have answered the question.", Done())}
}

// claim is the last step of a run that says it is done on screen.
func claim(screen []El, why string) Step { return StepOn(screen, why, Done()) }

// fromDrawer opens an app from the app drawer, as agents do when it is not on the home screen.
func fromDrawer(app, from string) []Step {
	return []Step{
		StepOn(On(HomeScreen()), "The app is not on the home screen; I will swipe up to the app drawer.", SwipeOn("Home", "up")),
		StepOn(On(AppDrawer(from)), "There is "+app+".", Tap(app)),
	}
}
