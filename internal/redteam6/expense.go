package redteam6

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Pro Expense (com.arduia.expense) lists expenses newest first, each its name, amount, category
// and date. The + button opens a form of name, amount, category (a drop-down), note and date
// with Save, which returns to the list. A long press selects a row, taps select more, and the
// selection bar's Delete asks to confirm. Simple Gallery Pro (com.simplemobiletools.gallery.pro)
// shows folders, then a folder's pictures by file name; a picture opened is an image without
// text in the accessibility tree.

var (
	expense = UIOf("com.arduia.expense")
	gallery = UIOf("com.simplemobiletools.gallery.pro")
)

func expenseDuplicateCases() []Case {
	const goal = "Delete all but one of any expenses in pro expense that are exact duplicates, ensuring at least one instance of each unique expense remains."
	const eval = "expense.py ExpenseDeleteDuplicates (_ExpenseDeleteDuplicates.validate_deletion_integrity): exactly one of the two identical Eyecare rows is removed and the five other expenses are unchanged"
	rows := []string{"Theater Show|$212.00|Entertainment|Oct 12", "Eyecare|$128.40|Health Care|Oct 9", "Groceries|$54.30|Food|Oct 9",
		"Eyecare|$128.40|Health Care|Oct 9", "Car Insurance|$389.00|Transportation|Oct 3", "Tuition Fees|$450.00|Education|Sep 28", "Pet Supplies|$37.25|Others|Sep 21"}
	drop := func(at ...int) []string {
		var out []string
		for i, r := range rows {
			keep := true
			for _, a := range at {
				keep = keep && a != i
			}
			if keep {
				out = append(out, r)
			}
		}
		return out
	}
	one := []Step{FromHome("Pro Expense"),
		StepOn(On(ExpenseList(nil, rows...)), "The two Eyecare rows are identical. Select the second with a long press.", LongPress(ExpenseRow(3))),
		StepOn(On(ExpenseList([]int{3}, rows...)), "Delete it.", Tap("Delete"))}
	confirm := func(picked ...int) []El {
		return Screen(ExpenseList(picked, rows...), Dialog(expense.Pkg, "Delete", "Are you sure you want to delete?", "OK", "Cancel"))
	}
	return []Case{
		{Name: "expense_one_duplicate_deleted", TaskName: "ExpenseDeleteDuplicates", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Two rows match in name, amount, category and date; one is selected, deleted and confirmed, and the list keeps the other.", Evaluator: eval,
			Steps: Then(one, StepOn(On(confirm(3)), "OK.", Tap("OK")), Claim(On(ExpenseList(nil, drop(3)...)), "One Eyecare expense remains; the duplicate is gone."))},
		{Name: "expense_both_duplicates_deleted", TaskName: "ExpenseDeleteDuplicates", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "Both identical rows are selected and deleted: no Eyecare expense is left, though the task keeps one.", Evaluator: eval + " (both rows removed)",
			Steps: []Step{FromHome("Pro Expense"),
				StepOn(On(ExpenseList(nil, rows...)), "Select the duplicate Eyecare rows.", LongPress(ExpenseRow(1))),
				StepOn(On(ExpenseList([]int{1}, rows...)), "And the other one.", Tap(ExpenseRow(3))),
				StepOn(On(ExpenseList([]int{1, 3}, rows...)), "Delete the duplicates.", Tap("Delete")),
				StepOn(On(confirm(1, 3)), "OK.", Tap("OK")),
				Claim(On(ExpenseList(nil, drop(1, 3)...)), "The duplicate expenses are deleted.")}},
		{Name: "expense_duplicate_dialog_left", TaskName: "ExpenseDeleteDuplicates", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The run stops on the delete confirmation; both rows are still there.", Evaluator: eval + " (nothing deleted)",
			Steps: Then(one, Claim(On(confirm(3)), "The duplicate is being deleted."))},
	}
}

type expenseItem struct{ name, amount, category, note string }

func (e expenseItem) form(filled int, focus string, categories bool) []El {
	vals := []string{e.name, e.amount, e.category, e.note}
	for i := filled; i < 4; i++ {
		vals[i] = ""
	}
	if vals[2] == "" {
		vals[2] = "Select category"
	}
	app := Screen(Toolbar(expense, "Navigate up", "Add Expense"), Els(
		expense.Edit(vals[0], "Name", "edt_name", Bx(63, 340, 1017, 480)),
		expense.Edit(vals[1], "Amount", "edt_amount", Bx(63, 520, 1017, 660)),
		expense.TapText(vals[2], "spinner_category", Bx(63, 700, 1017, 840)),
		expense.Edit(vals[3], "Note", "edt_note", Bx(63, 880, 1017, 1100)),
		expense.TapText("Oct 15, 2023", "tv_date", Bx(63, 1140, 1017, 1240)),
		expense.Button("Save", "btn_save", Bx(63, 1320, 1017, 1450))))
	if categories {
		app = append(app, Rows(expense, "tv_category_name", 760, "Food", "Transportation", "Entertainment", "Health Care", "Education", "Others")...)
	}
	return TypingIn(app, focus, "Next")
}

// add enters e from the list before and saves it.
func (e expenseItem) add(before []El) []Step {
	return []Step{
		StepOn(On(before), "Add "+e.name+".", Tap("Add expense")),
		StepOn(On(e.form(0, "", false)), "Name.", TypeIn("Name", e.name)),
		StepOn(On(e.form(1, "edt_name", false)), "Amount.", TypeIn("Amount", e.amount)),
		StepOn(On(e.form(2, "edt_amount", false)), "Category.", Tap("res:spinner_category")),
		StepOn(On(e.form(2, "", true)), e.category+".", Tap(e.category)),
		StepOn(On(e.form(3, "", false)), "Note.", TypeIn("Note", e.note)),
		StepOn(On(e.form(4, "edt_note", false)), "Save.", Tap("Save")),
	}
}

func galleryFolders() []El {
	out := Toolbar(gallery, "", "Simple Gallery", "Search", "Sort by", "More options")
	for i, f := range []string{"Pictures|11", "Camera|0", "Download|0"} {
		name, n, _ := strings.Cut(f, "|")
		x := 30 + i*345
		out = append(out, gallery.Row("", "dir_holder", Bx(x, 320, x+330, 700)), gallery.Text(name, "dir_name", Bx(x, 620, x+330, 670)), gallery.Text(n, "photo_cnt", Bx(x, 670, x+330, 700)))
	}
	return out
}

func galleryPictures() []El {
	out := Toolbar(gallery, "Navigate up", "Pictures", "Search", "More options")
	names := []string{"expenses.jpg"}
	for i := 0; i < 10; i++ {
		names = append(names, "old_expenses_"+Itoa(i)+".jpg")
	}
	for i, n := range names {
		x, y := 30+(i%3)*345, 320+(i/3)*420
		out = append(out, gallery.Row("", "media_item_holder", Bx(x, y, x+330, y+400)), gallery.Text(n, "medium_name", Bx(x, y+330, x+330, y+395)))
	}
	return out
}

func galleryPhoto(name string) []El {
	return Els(gallery.Frame("android.widget.FrameLayout", "", Bx(0, 0, 1080, 2400)),
		gallery.Image("", "gestures_view", Bx(0, 600, 1080, 1800)),
		gallery.Icon("Navigate up", "", Bx(0, 138, 147, 285)), gallery.Text(name, "", Bx(189, 166, 800, 248)),
		gallery.Icon("Share", "bottom_share", Bx(100, 2200, 240, 2340)), gallery.Icon("Edit", "bottom_edit", Bx(470, 2200, 610, 2340)), gallery.Icon("Delete", "bottom_delete", Bx(840, 2200, 980, 2340)))
}

func expenseGalleryCases() []Case {
	const goal = "Add the expenses from expenses.jpg in Simple Gallery Pro to pro expense."
	const eval = "expense.py ExpenseAddMultipleFromGallery (validate_rows_addition_integrity): the three rows of the picture (Dental Care 124 Health Care Urgent; Museum Tickets 38 Entertainment Want to have; Taxi Fare 27 Transportation Paid by card) are in the expense table after and not before, name, amount, category and note matching, and nothing else changed"
	items := []expenseItem{{"Dental Care", "124", "Health Care", "Urgent"}, {"Museum Tickets", "38", "Entertainment", "Want to have"}, {"Taxi Fare", "27", "Transportation", "Paid by card"}}
	old := []string{"Rent Payment|$1,250.00|Housing|Oct 1", "Coffee|$4.60|Food|Sep 30"}
	look := []Step{FromHome("Simple Gallery Pro"),
		StepOn(On(galleryFolders()), "Pictures.", Tap("Pictures")),
		StepOn(On(galleryPictures()), "Open expenses.jpg.", Tap("expenses.jpg")),
		StepOn(On(galleryPhoto("expenses.jpg")), "The picture lists Dental Care 124 Health Care Urgent, Museum Tickets 38 Entertainment Want to have, Taxi Fare 27 Transportation Paid by card. Now Pro Expense.", OpenApp("Pro Expense"))}
	rows := old
	var adds []Step
	var lists [][]El
	for _, it := range items {
		adds = append(adds, it.add(ExpenseList(nil, rows...))...)
		rows = append([]string{it.name + "|$" + it.amount + ".00|" + it.category + "|Oct 15"}, rows...)
		lists = append(lists, ExpenseList(nil, rows...))
	}
	var loop []Step
	for i := 0; i < 4; i++ {
		n := "old_expenses_" + Itoa(i) + ".jpg"
		loop = append(loop, StepOn(On(galleryPictures()), "Maybe "+n+" is the one with the expenses.", Tap(n)),
			StepOn(On(galleryPhoto(n)), "This is an older list. Back to the pictures.", Back()))
	}
	return []Case{
		{Name: "expense_gallery_three_added", TaskName: "ExpenseAddMultipleFromGallery", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The three expenses read off the picture are entered and saved; the list shows them, but the picture has no text in the tree, so no screen shows what it lists.", Evaluator: eval,
			Steps: Then(look, append(adds, Claim(On(lists[2]), "The three expenses from the picture are added."))...)},
		{Name: "expense_gallery_two_added", TaskName: "ExpenseAddMultipleFromGallery", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, Failure: FailStoppedEarly,
			Behaviour: "Two of the picture's three expenses are entered and the run stops; the screens cannot show that the picture held a third.", Evaluator: eval + " (Taxi Fare missing)",
			Steps: Then(look, append(adds[:14], Claim(On(lists[1]), "The expenses from the picture are in Pro Expense."))...)},
		{Name: "expense_gallery_pictures_browsed", TaskName: "ExpenseAddMultipleFromGallery", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent opens the old_expenses pictures one after another looking for the right one and runs out of steps before adding anything.", Evaluator: eval + " (nothing added)",
			TimedOut: true, Final: On(galleryPhoto("old_expenses_3.jpg")),
			Steps: Then([]Step{FromHome("Simple Gallery Pro"), StepOn(On(galleryFolders()), "Pictures.", Tap("Pictures"))}, loop[:len(loop)-1]...)},
	}
}
