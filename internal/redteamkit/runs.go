package redteamkit

import "strings"

// Pieces of runs that the corpora drawn at random (redteam7 on) share.

// Listed lays n items out from y0 down, h apart: item(i, y) gives the elements of the i-th,
// whose top is y.
func Listed(n, y0, h int, item func(i, y int) []El) []El {
	var out []El
	for i := 0; i < n; i++ {
		out = append(out, item(i, y0+i*h)...)
	}
	return out
}

// TypingIn is an app screen with the input focus in the field whose resource id ends in id and
// Gboard open under it with its action key; with no id it is the screen as it is.
func TypingIn(app []El, id, action string) []El {
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

// Claim is the last step of a run that says on screen that it is done.
func Claim(screen []El, why string) Step { return StepOn(screen, why, Done()) }

// Answered is an information-retrieval run's end: the answer, then the claim, on one screen.
func Answered(screen []El, why, text string) []Step {
	return []Step{StepOn(screen, why, Answer(text)), Claim(screen, "I have answered the question.")}
}
