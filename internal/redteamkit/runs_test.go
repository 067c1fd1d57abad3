package redteamkit

import "testing"

// TestTypingInFocusesTheFieldUnderTheKeyboard: the field named by its id takes the focus, what
// the keyboard covers leaves the screen, and the keyboard's action key is there.
func TestTypingInFocusesTheFieldUnderTheKeyboard(t *testing.T) {
	t.Parallel()
	u := UIOf("app")
	app := Els(u.Edit("", "Name", "name", Bx(0, 300, 1080, 420)), u.Button("Save", "save", Bx(0, 2000, 1080, 2100)))
	got := TypingIn(app, "name", "Done")
	if !got[0].Focused || got[0].Hint != "Name" {
		t.Errorf("the field is %+v, want it focused", got[0])
	}
	if _, err := resolve(got, "Save"); err == nil {
		t.Error("the Save button under the keyboard is still on the screen")
	}
	if _, err := resolve(got, "Done"); err != nil {
		t.Error("no action key on the keyboard")
	}
	if same := TypingIn(app, "", "Done"); len(same) != len(app) {
		t.Errorf("no id: %d elements, want the %d of the screen", len(same), len(app))
	}
	rows := Listed(3, 100, 50, func(i, y int) []El { return Els(u.Text(Itoa(i), "", Bx(0, y, 10, y+10))) })
	if len(rows) != 3 || rows[2].Y0 != 200 {
		t.Errorf("listed rows %+v, want three 50 apart from 100", rows)
	}
	end := Answered(On(HomeScreen()), "read it", "42")
	if len(end) != 2 || end[0].Act.Type != "answer" || end[0].Act.Text != "42" || end[1].Act.Type != "status" {
		t.Errorf("answered %+v, want the answer then the claim", end)
	}
}
