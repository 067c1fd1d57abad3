package redteam6

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Helpers the apps' screens share (the rest are redteamkit's: Listed, TypingIn, Answered, Claim).

// fromDrawer opens an app from the app drawer, as agents do when it is not on the home screen.
func fromDrawer(app, from string) []Step {
	return []Step{
		StepOn(On(HomeScreen()), "The app is not on the home screen; I will swipe up to the app drawer.", SwipeOn("Home", "up")),
		StepOn(On(AppDrawer(from)), "There is "+app+".", Tap(app)),
	}
}
