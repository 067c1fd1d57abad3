package redteam5

import . "github.com/autoeval/autoeval/internal/redteamkit"

// stacked lays n list items out from y0 down, h apart: item(i, y) gives the elements of the
// i-th, whose top is y.
func stacked(n, y0, h int, item func(i, y int) []El) []El {
	var out []El
	for i := 0; i < n; i++ {
		out = append(out, item(i, y0+i*h)...)
	}
	return out
}

// typingIn is a form with the input focus in the field focus picks, Gboard open under it with
// its action key; with no field picked it is the form as it is.
func typingIn(form []El, focus func(El) bool, action string) []El {
	picked := false
	for i := range form {
		if focus(form[i]) {
			form[i], picked = Focused(form[i]), true
		}
	}
	if !picked {
		return form
	}
	return WithKeyboard(form, action)
}
