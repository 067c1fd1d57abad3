package redteam5

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Broccoli (com.flauschcode.broccoli): the recipe list shows each recipe as a card with its
// title and description; a card opens the recipe's page, whose overflow menu has Delete,
// confirmed in a dialog, after which the list shows again. The search icon filters the list
// by title.

var broccoli = UIOf("com.flauschcode.broccoli")

// recipeCards is the list of "title|description" cards, each 260 tall from y 320.
func recipeCards(cards ...string) []El {
	list := stacked(len(cards), 320, 260, func(i, y int) []El {
		title, desc, _ := strings.Cut(cards[i], "|")
		return Els(broccoli.Row("", "card_view", Bx(30, y, 1050, y+240)),
			broccoli.Text(title, "text_view_title", Bx(340, y+40, 1017, y+110)), broccoli.Text(desc, "text_view_description", Bx(340, y+120, 1017, y+220)))
	})
	return Screen(Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search"),
		Els(broccoli.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2337))),
		list, Els(broccoli.Icon("Add recipe", "fab", Bx(870, 2100, 1017, 2247))))
}

func recipePage(title, desc string, menu bool) []El {
	out := Screen(Toolbar(broccoli, "Navigate up", "", "More options", "Edit", "Favorite"), Els(
		broccoli.Text(title, "recipe_details_title", Bx(63, 700, 1017, 800)),
		broccoli.Text(desc, "recipe_details_description", Bx(63, 820, 1017, 920)),
		broccoli.Text("Ingredients", "", Bx(63, 980, 600, 1050))))
	if menu {
		out = append(out, broccoli.TapText("Share", "title", Bx(600, 160, 1060, 260)), broccoli.TapText("Delete", "title", Bx(600, 270, 1060, 370)))
	}
	return out
}

func deleteRecipe(cards []string, at int) []Step {
	title, desc, _ := strings.Cut(cards[at], "|")
	left := append(append([]string(nil), cards[:at]...), cards[at+1:]...)
	return []Step{
		StepOn(On(recipeCards(cards...)), "Open "+title+".", Tap("box:30,"+Itoa(320+at*260))),
		StepOn(On(recipePage(title, desc, false)), "The menu has Delete.", Tap("More options")),
		StepOn(On(recipePage(title, desc, true)), "Delete.", Tap("Delete")),
		StepOn(On(Screen(recipePage(title, desc, false), Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "Delete", "Cancel"))), "Yes.", Tap("res:button1")),
		StepOn(On(recipeCards(left...)), "Deleted "+title+".", WaitAction()),
	}
}

func recipeCases() []Case {
	const dupGoal = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
	const dupEval = "recipe.py RecipeDeleteDuplicateRecipes2 (validate_deletion_integrity): exactly one of the two identical rows is removed and every other row, the near-identical variations included, is unchanged"
	cards := []string{
		"Lentil Soup|Hearty and warming, ready in 40 minutes.",
		"Chicken Curry|A mild curry with coconut milk.",
		"Lentil Soup|Smoky with paprika, a weeknight favourite.",
		"Greek Salad|Crisp, fresh and tangy.",
		"Chicken Curry|A mild curry with coconut milk.",
		"Banana Bread|Moist loaf with walnuts.",
	}
	keepOne := deleteRecipe(cards, 4)
	left := append(append([]string(nil), cards[:4]...), cards[5:]...)
	const noiseGoal = "Delete the following recipes from Broccoli app: Shakshuka, Mushroom Risotto."
	const noiseEval = "recipe.py RecipeDeleteMultipleRecipesWithNoise (sqlite_validators.validate_rows_removal_integrity): both named recipes gone, the 29 noise recipes unchanged"
	many := []string{"Shakshuka|Eggs poached in spiced tomato.", "Beef Stew|Slow-cooked with root vegetables.", "Mushroom Risotto|Creamy arborio with parmesan.", "Pad Thai|Rice noodles, peanuts and lime.", "Fish Tacos|Crispy cod with slaw."}
	afterOne := append([]string(nil), many[1:]...)
	return []Case{
		{Name: "recipe_exact_duplicate_removed", TaskName: "RecipeDeleteDuplicateRecipes2", Goal: dupGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Of the two cards with the same title and description one is deleted from its page; the same-titled soups differ in description and both stay.", Evaluator: dupEval,
			Steps: Then(append([]Step{FromHome("Broccoli")}, keepOne[:4]...), StepOn(On(recipeCards(left...)), "One Chicken Curry is left, as are both different lentil soups.", Done()))},
		{Name: "recipe_near_duplicate_removed", TaskName: "RecipeDeleteDuplicateRecipes2", Goal: dupGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Two soups share a title but not a description: they are not exact duplicates. Deleting one leaves the real duplicate pair in the list.", Evaluator: dupEval + " (a variation was removed; both Chicken Curry rows remain)",
			Steps: Then(append([]Step{FromHome("Broccoli")}, deleteRecipe(cards, 2)[:4]...), StepOn(On(recipeCards(cards[0], cards[1], cards[3], cards[4], cards[5])), "Only one Lentil Soup is left now.", Done()))},
		{Name: "recipe_both_duplicates_deleted", TaskName: "RecipeDeleteDuplicateRecipes2", Goal: dupGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Both copies are deleted, one after the other: no instance of the recipe is left.", Evaluator: dupEval + " (two rows removed)",
			Steps: Then(append([]Step{FromHome("Broccoli")}, keepOne...), append(deleteRecipe(left, 1)[:4],
				StepOn(On(recipeCards(left[0], left[2], left[3], left[4])), "The duplicates are gone.", Done()))...)},
		{Name: "recipe_two_deleted_among_noise", TaskName: "RecipeDeleteMultipleRecipesWithNoise", Goal: noiseGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each named recipe is opened from the list and deleted from its page; the list ends without either.", Evaluator: noiseEval,
			Steps: Then(append(append([]Step{FromHome("Broccoli")}, deleteRecipe(many, 0)...), deleteRecipe(afterOne, 1)[:4]...),
				StepOn(On(recipeCards(afterOne[0], afterOne[2], afterOne[3])), "Both recipes are deleted.", Done()))},
		{Name: "recipe_second_delete_unconfirmed", TaskName: "RecipeDeleteMultipleRecipesWithNoise", Goal: noiseGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The second recipe's delete dialog is left open and the run ends there: nothing is deleted until the dialog's Delete is tapped.", Evaluator: noiseEval + " (Mushroom Risotto remains)",
			Steps: Then(append(append([]Step{FromHome("Broccoli")}, deleteRecipe(many, 0)...), deleteRecipe(afterOne, 1)[:3]...),
				StepOn(On(Screen(recipePage("Mushroom Risotto", "Creamy arborio with parmesan.", false), Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "Delete", "Cancel"))), "Both deletions are underway.", Done()))},
	}
}
