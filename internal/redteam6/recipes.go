package redteam6

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Broccoli (com.flauschcode.broccoli) lists recipes A to Z as cards of title and description,
// seven to a screen. A card opens the recipe's page (title, description, servings, preparation
// time, ingredients, directions); its overflow menu holds Delete, which asks to confirm and
// returns to the list. The page's pencil opens the edit form, which has no delete. The list
// has no selection and no swipe to delete.

var broccoli = UIOf("com.flauschcode.broccoli")

type recipe struct{ title, desc, servings, prep, ingredients, directions string }

const (
	quickDesc   = "A quick and easy meal, perfect for busy weekdays."
	healthyDesc = "A delicious and healthy choice for any time of the day."
	flavourDesc = "An ideal recipe for experimenting with different flavors and ingredients."
)

// recipeList shows the cards from the first; an empty list shows the toolbar and the add button.
func recipeList(cards []recipe, first int) []El {
	out := Screen(Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search"),
		Els(broccoli.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2337))))
	for i := first; i < len(cards) && i < first+7; i++ {
		y := 320 + (i-first)*260
		out = append(out, broccoli.Row("", "card_view", Bx(30, y, 1050, y+240)), broccoli.Image("", "card_image", Bx(30, y, 320, y+240)),
			broccoli.Text(cards[i].title, "card_text_view_title", Bx(340, y+40, 1017, y+110)),
			broccoli.Text(cards[i].desc, "card_text_view_description", Bx(340, y+120, 1017, y+220)))
	}
	return append(out, broccoli.Icon("Add", "fab", Bx(870, 2100, 1017, 2247)))
}

// cardAt is the tap target of the i-th card of a list shown from first.
func cardAt(i, first int) string { return "box:30," + Itoa(320+(i-first)*260) }

func (r recipe) page(menu bool) []El {
	out := Screen(Toolbar(broccoli, "Navigate up", "", "More options", "Edit", "Favourite"), Els(
		broccoli.Image("", "recipe_image", Bx(0, 285, 1080, 680)),
		broccoli.Text(r.title, "recipe_details_title", Bx(63, 700, 1017, 790)),
		broccoli.Text(r.desc, "recipe_details_description", Bx(63, 800, 1017, 900)),
		broccoli.Text("Servings", "", Bx(63, 940, 500, 990)), broccoli.Text(r.servings, "recipe_details_servings", Bx(540, 940, 1017, 990)),
		broccoli.Text("Preparation time", "", Bx(63, 1010, 500, 1060)), broccoli.Text(r.prep, "recipe_details_preparation_time", Bx(540, 1010, 1017, 1060)),
		broccoli.Text("Ingredients", "", Bx(63, 1110, 1017, 1170)), broccoli.Text(r.ingredients, "recipe_details_ingredients", Bx(63, 1180, 1017, 1240)),
		broccoli.Text("Directions", "", Bx(63, 1290, 1017, 1350)), broccoli.Text(r.directions, "recipe_details_directions", Bx(63, 1360, 1017, 1560))))
	if menu {
		out = append(out, broccoli.TapText("Share", "title", Bx(600, 160, 1060, 260)), broccoli.TapText("Delete", "title", Bx(600, 270, 1060, 370)))
	}
	return out
}

func (r recipe) editForm() []El {
	return Screen(Toolbar(broccoli, "Navigate up", "Edit recipe", "Save"), Els(
		broccoli.Edit(r.title, "Title", "edit_text_title", Bx(63, 320, 1017, 450)),
		broccoli.Edit(r.desc, "Description", "edit_text_description", Bx(63, 480, 1017, 640)),
		broccoli.Edit(r.servings, "Servings", "edit_text_servings", Bx(63, 670, 520, 800)),
		broccoli.Edit(r.prep, "Preparation time", "edit_text_preparation_time", Bx(560, 670, 1017, 800)),
		broccoli.Edit(r.ingredients, "Ingredients", "edit_text_ingredients", Bx(63, 830, 1017, 1000)),
		broccoli.Edit(r.directions, "Directions", "edit_text_directions", Bx(63, 1030, 1017, 1300))))
}

// deleteFromPage deletes the recipe from its open page; the steps end on the list after.
func (r recipe) deleteFromPage() []Step {
	return []Step{
		StepOn(On(r.page(false)), "Delete is in the overflow menu.", Tap("More options")),
		StepOn(On(r.page(true)), "Delete the recipe.", Tap("Delete")),
		StepOn(On(Screen(r.page(false), Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "Delete", "Cancel"))), "Confirm.", Tap("res:button1")),
	}
}

func without(cards []recipe, at int) []recipe {
	return append(append([]recipe(nil), cards[:at]...), cards[at+1:]...)
}

func recipeSingleCases() []Case {
	pesto := recipe{"Pesto Pasta with Peas", quickDesc, "3-4 servings", "20 mins", "to your liking",
		"Cook pasta, stir in pesto sauce and cooked peas. Add Parmesan cheese before serving. Garnish with fresh herbs for a more vibrant taste."}
	one := []recipe{pesto}
	const goal = "Delete the following recipes from Broccoli app: Pesto Pasta with Peas."
	const eval = "recipe.py RecipeDeleteSingleRecipe (DeleteMultipleRows, validate_rows_removal_integrity): the recipe's row is gone from the recipes table and no other row changed"
	open := []Step{FromHome("Broccoli"), StepOn(On(recipeList(one, 0)), "Open the recipe.", Tap(cardAt(0, 0)))}
	return []Case{
		{Name: "recipe_single_deleted", TaskName: "RecipeDeleteSingleRecipe", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The recipe is deleted from its page's overflow menu and the dialog confirmed; the list comes back with no card left.", Evaluator: eval,
			Steps: Then(open, append(pesto.deleteFromPage(), Claim(On(recipeList(nil, 0)), "The recipe is gone from the list."))...)},
		{Name: "recipe_single_edit_form_searched", TaskName: "RecipeDeleteSingleRecipe", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "The pencil opens the edit form, which has no delete; the agent backs out to the list, where the card is still listed, and stops.", Evaluator: eval + " (the row is still there)",
			Steps: Then(open,
				StepOn(On(pesto.page(false)), "Editing may let me delete it.", Tap("Edit")),
				StepOn(On(pesto.editForm()), "There is no delete button here. Go back.", Back()),
				StepOn(On(pesto.page(false)), "Back to the list.", Back()),
				Claim(On(recipeList(one, 0)), "I have handled the recipe deletion."))},
		{Name: "recipe_single_dialog_left_open", TaskName: "RecipeDeleteSingleRecipe", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The run stops on the confirmation dialog: nothing is deleted until its Delete is tapped.", Evaluator: eval + " (the row is still there)",
			Steps: Then(open, pesto.deleteFromPage()[0], pesto.deleteFromPage()[1],
				Claim(On(Screen(pesto.page(false), Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "Delete", "Cancel"))), "The recipe is being deleted."))},
	}
}

// dupRecipes is RecipeDeleteDuplicateRecipes3's list: three different Avocado Toast with Egg
// at the top, noise, and seven Spicy Tuna Wraps cards alike in title and description of which
// two (the 2nd and 4th of them) are the same recipe in every field.
func dupRecipes() (cards []recipe, tuna []int) {
	avocado := "Toast bread, top with mashed avocado, a fried egg, salt, pepper, and chili flakes."
	cards = []recipe{
		{"Avocado Toast with Egg", quickDesc, "1 serving", "10 mins", "as needed", avocado + " Try adding a pinch of your favorite spices for extra flavor."},
		{"Avocado Toast with Egg", healthyDesc, "2 servings", "10 mins", "to preference", avocado + " Garnish with fresh herbs for a more vibrant taste."},
		{"Avocado Toast with Egg", flavourDesc, "1 serving", "20 mins", "varies", avocado + " Feel free to substitute with ingredients you have on hand."},
	}
	noise := []string{"BBQ Chicken Quesadillas|" + quickDesc, "Beef Stir Fry|" + healthyDesc, "Caprese Salad|" + flavourDesc, "Chicken Caesar Wrap|" + quickDesc,
		"Chickpea Curry|" + healthyDesc, "Eggplant Parmesan|" + flavourDesc, "Greek Salad Pita Pockets|" + healthyDesc, "Lemon Garlic Salmon|" + quickDesc,
		"Mushroom Risotto|" + flavourDesc, "Pesto Pasta with Peas|" + healthyDesc, "Quick Fried Rice|" + quickDesc, "Shrimp Tacos|" + flavourDesc,
		"Spaghetti Carbonara|" + quickDesc, "Spinach and Feta Stuffed Chicken|" + healthyDesc}
	for _, n := range noise {
		t, d, _ := strings.Cut(n, "|")
		cards = append(cards, recipe{t, d, "2 servings", "30 mins", "see directions", "See the recipe."})
	}
	tunaDir := "Mix canned tuna with mayo and sriracha. Spread on tortillas, add lettuce and cucumber slices, roll up."
	variants := []recipe{
		{"Spicy Tuna Wraps", healthyDesc, "2 servings", "10 mins", "as desired", tunaDir + " Garnish with fresh herbs for a more vibrant taste."},
		{"Spicy Tuna Wraps", healthyDesc, "6 servings", "20 mins", "n/a", tunaDir + " Feel free to substitute with ingredients you have on hand."},
		{"Spicy Tuna Wraps", healthyDesc, "1 serving", "10 mins", "adjustable", tunaDir + " Try adding a pinch of your favorite spices for extra flavor."},
		{"Spicy Tuna Wraps", healthyDesc, "6 servings", "20 mins", "n/a", tunaDir + " Feel free to substitute with ingredients you have on hand."},
		{"Spicy Tuna Wraps", healthyDesc, "3-4 servings", "45 mins", "varies", tunaDir + " Garnish with fresh herbs for a more vibrant taste."},
		{"Spicy Tuna Wraps", healthyDesc, "6 servings", "20 mins", "optional ingredients", tunaDir + " Feel free to substitute with ingredients you have on hand."},
		{"Spicy Tuna Wraps", healthyDesc, "8 servings", "1 hrs", "as needed", tunaDir + " Try adding a pinch of your favorite spices for extra flavor."},
	}
	for i := range variants {
		tuna = append(tuna, len(cards)+i)
	}
	cards = append(cards, variants...)
	cards = append(cards, recipe{"Tomato Basil Bruschetta", quickDesc, "3-4 servings", "20 mins", "as per recipe", "See the recipe."},
		recipe{"Vegetable Stir Fry", flavourDesc, "2 servings", "20 mins", "varies", "See the recipe."})
	return cards, tuna
}

func recipeDuplicateCases() []Case {
	const goal = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
	const eval = "recipe.py RecipeDeleteDuplicateRecipes3 (validate_deletion_integrity): exactly one of the two identical Spicy Tuna Wraps rows is removed and every other row, the five Spicy Tuna Wraps variations and the three Avocado Toast with Egg included, is unchanged"
	cards, tuna := dupRecipes()
	// The list shows seven cards a screen; the Spicy Tuna Wraps start at card 17.
	scrollTo := func(first int) []Step {
		var steps []Step
		for at := 0; at < first; at += 7 {
			steps = append(steps, StepOn(On(recipeList(cards, at)), "Scroll down to look for duplicates.", ScrollDown()))
		}
		return steps
	}
	base := 14
	var compare []Step
	for k, i := range tuna[:4] {
		why := "Open this Spicy Tuna Wraps card to compare its details."
		if k > 0 {
			why = "Back to the list for the next Spicy Tuna Wraps card."
		}
		if k == 0 {
			compare = append(compare, StepOn(On(recipeList(cards, base)), why, Tap(cardAt(i, base))))
		} else {
			compare = append(compare, StepOn(On(cards[tuna[k-1]].page(false)), why, Back()),
				StepOn(On(recipeList(cards, base)), "Open the next one.", Tap(cardAt(i, base))))
		}
	}
	found := cards[tuna[3]]
	afterDelete := without(cards, tuna[3])
	avocadoGone := without(cards, 1)
	var loop []Step
	for i := 0; i < 6; i++ {
		loop = append(loop, StepOn(On(recipeList(cards, 0)), "Open recipe "+Itoa(i+1)+" to compare it with the others.", Tap(cardAt(i, 0))),
			StepOn(On(cards[i].page(false)), "Noted its details; back to the list.", Back()))
	}
	return []Case{
		{Name: "recipe_tuna_duplicate_deleted", TaskName: "RecipeDeleteDuplicateRecipes3", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Seven Spicy Tuna Wraps cards look alike in the list; their pages differ in servings, time or ingredients except the 2nd and 4th, which match in every field (6 servings, 20 mins, n/a, the same directions). The 4th is deleted from its page and the list shows six.",
			Evaluator: eval,
			Steps: Then(append(append([]Step{FromHome("Broccoli")}, scrollTo(base)...), compare...),
				append(found.deleteFromPage(), Claim(On(recipeList(afterDelete, base)), "The one exact duplicate is deleted; the variations differ and stay."))...)},
		{Name: "recipe_avocado_toast_deleted", TaskName: "RecipeDeleteDuplicateRecipes3", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The three Avocado Toast with Egg cards at the top share a title but not a description; one is deleted as a duplicate and the list is never scrolled to the real pair.",
			Evaluator: eval + " (an Avocado Toast row, not a duplicate, is gone; both identical Spicy Tuna Wraps remain)",
			Steps: Then([]Step{FromHome("Broccoli"), StepOn(On(recipeList(cards, 0)), "Three recipes share the title Avocado Toast with Egg. Open the second.", Tap(cardAt(1, 0)))},
				append(cards[1].deleteFromPage(), Claim(On(recipeList(avocadoGone, 0)), "Removed the duplicate Avocado Toast recipe."))...)},
		{Name: "recipe_compare_every_card_out_of_steps", TaskName: "RecipeDeleteDuplicateRecipes3", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "Every card is opened from the top of the list to compare details; the step budget runs out on the sixth, before any recipe is deleted.",
			Evaluator: eval + " (nothing deleted)", TimedOut: true, Final: On(cards[5].page(false)),
			Steps: Then([]Step{FromHome("Broccoli")}, loop[:len(loop)-1]...)},
	}
}
