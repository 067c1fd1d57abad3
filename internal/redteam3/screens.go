package redteam3

import . "github.com/autoeval/autoeval/internal/redteamkit"

// typing is an app screen with a field being typed into: the field focused and the keyboard up.
func typing(app []El, action string, suggestions ...string) []El {
	return WithKeyboard(app, action, suggestions...)
}
