package redteam9

import (
	"sort"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Broccoli (com.flauschcode.broccoli) lists recipes A to Z as cards of title and description,
// six a screen, with an Add button; Search filters by title. A recipe's page shows its
// servings, preparation time, ingredients and directions; More options holds Share and Delete,
// and Delete asks "Do you really want to delete this recipe?" (DELETE / CANCEL), then the list
// shows again from its top. The new-recipe form holds Title, Description, Servings and
// Preparation time, then (scrolled) Source, Ingredients and Directions; Save keeps it and shows
// the recipe's page, Back discards it.

var broccoli = UIOf("com.flauschcode.broccoli")

type recipe struct{ title, desc, servings, prep, ingredients, directions string }

func (r recipe) card() string { return r.title + "|" + r.desc }

const (
	quick   = "A quick and easy meal, perfect for busy weekdays."
	healthy = "A delicious and healthy choice for any time of the day."
	ideal   = "An ideal recipe for experimenting with different flavors and ingredients."
)

// sortedCards sorts cards A to Z by title, as the list shows them.
func sortedCards(cards []string) []string {
	out := append([]string(nil), cards...)
	sort.SliceStable(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// recipeList is the list scrolled so that its from-th card is on top.
func recipeList(from int, cards ...string) []El {
	out := Screen(Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search"),
		Els(broccoli.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 290, 1080, 2200))))
	for i := from; i < len(cards) && i < from+6; i++ {
		title, desc, _ := strings.Cut(cards[i], "|")
		y := 310 + (i-from)*300
		out = append(out, broccoli.Row("", "card_view", Bx(30, y, 1050, y+280)), broccoli.Image("", "recipe_image", Bx(30, y, 330, y+280)),
			broccoli.Text(title, "recipe_title", Bx(360, y+30, 1030, y+100)), broccoli.Text(desc, "recipe_description", Bx(360, y+110, 1030, y+250)))
	}
	return append(out, FabIcon(broccoli, "Add"))
}

func recipePage(r recipe, menu bool) []El {
	out := Screen(Toolbar(broccoli, "Navigate up", "", "More options", "Edit"), Els(broccoli.Image("", "recipe_image", Bx(0, 285, 1080, 680)),
		broccoli.Text(r.title, "recipe_title", Bx(63, 710, 1017, 800)), broccoli.Text(r.desc, "recipe_description", Bx(63, 810, 1017, 900)),
		broccoli.Text("Servings: "+r.servings, "servings", Bx(63, 950, 520, 1010)), broccoli.Text("Preparation time: "+r.prep, "preparation_time", Bx(540, 950, 1017, 1010)),
		broccoli.Text("Ingredients", "", Bx(63, 1080, 1017, 1150)), broccoli.Text(r.ingredients, "ingredients", Bx(63, 1160, 1017, 1230)),
		broccoli.Text("Directions", "", Bx(63, 1300, 1017, 1370)), broccoli.Text(r.directions, "directions", Bx(63, 1380, 1017, 1700))))
	if menu {
		out = append(out, Rows(broccoli, "title", 300, "Share", "Delete")...)
	}
	return out
}

func recipeAsk(r recipe) []El {
	return Screen(recipePage(r, false), Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "DELETE", "CANCEL"))
}

// deleteRecipe is the steps from the list (scrolled to from) that open r (the nth card of
// that title on screen) and delete it.
func deleteRecipe(from int, cards []string, r recipe, nth string) []Step {
	return []Step{StepOn(On(recipeList(from, cards...)), "Open "+r.title+".", Tap(nth+r.title)),
		StepOn(On(recipePage(r, false)), "Its directions: "+r.directions+" Delete it.", Tap("More options")),
		StepOn(On(recipePage(r, true)), "Delete.", Tap("Delete")),
		StepOn(On(recipeAsk(r)), "Confirm.", Tap("DELETE"))}
}

func without(cards []string, gone ...string) []string {
	left := append([]string(nil), gone...)
	var out []string
	for _, c := range cards {
		if i := indexOf(left, c); i >= 0 {
			left[i] = "" // each card named goes once
			continue
		}
		out = append(out, c)
	}
	return out
}

func indexOf(cards []string, card string) int {
	for i, c := range cards {
		if c == card {
			return i
		}
	}
	return -1
}

// scrollTo is the scrolls (a screen of six cards each) from the top of the list until the
// card is on screen, and the list's offset then.
func scrollTo(cards []string, card, why string) ([]Step, int) {
	var out []Step
	from := 0
	for indexOf(cards, card) >= from+6 {
		out = append(out, StepOn(On(recipeList(from, cards...)), why, ScrollDown()))
		from += 6
	}
	return out, from
}

var (
	tunaWraps = recipe{"Spicy Tuna Wraps", quick, "2 servings", "20 mins", "as needed",
		"Mix canned tuna with mayo and sriracha. Spread on tortillas, add lettuce and cucumber slices, roll up. Garnish with fresh herbs for a more vibrant taste."}
	pitaPockets = recipe{"Greek Salad Pita Pockets", ideal, "1 serving", "10 mins", "to your liking",
		"Fill pita pockets with lettuce, cucumber, tomato, feta, olives, and Greek dressing. Try adding a pinch of your favorite spices for extra flavor."}
	hummusSandwich = recipe{"Veggie and Hummus Sandwich", healthy, "3-4 servings", "10 mins", "varies",
		"Spread hummus on bread, add cucumber, bell pepper, carrot, and lettuce. Feel free to substitute with ingredients you have on hand."}
)

// cucumberNoise are the 29 other recipes of the constraint task, none with cucumber in its directions.
var cucumberNoise = []string{"Avocado Toast with Egg|" + healthy, "Quick Fried Rice|" + quick, "Pesto Pasta with Peas|" + ideal,
	"BBQ Chicken Quesadillas|" + healthy, "Tomato Basil Bruschetta|" + quick, "Lemon Garlic Tilapia|" + ideal, "Turkey and Cheese Panini|" + quick,
	"Mango Chicken Curry|" + healthy, "Beef Stir Fry|" + quick, "Spinach and Feta Stuffed Chicken|" + ideal, "Zucchini Noodles with Pesto|" + healthy,
	"Cauliflower Fried \"Rice\"|" + quick, "Sweet Potato and Black Bean Tacos|" + ideal, "Salmon with Dill Sauce|" + healthy,
	"Quinoa Salad with Vegetables|" + quick, "Chickpea Vegetable Soup|" + ideal, "Chicken Caesar Salad Wrap|" + healthy, "Vegetarian Chili|" + quick,
	"Caprese Salad Skewers|" + ideal, "Chicken Alfredo Pasta|" + quick, "Stuffed Bell Peppers|" + healthy, "Eggplant Parmesan|" + ideal,
	"Thai Peanut Noodle Salad|" + quick, "Butternut Squash Soup|" + healthy, "Baked Cod with Lemon and Dill|" + ideal,
	"Classic Margherita Pizza|" + healthy, "Lentil Soup|" + quick, "Garlic Butter Shrimp|" + ideal, "Kale and Quinoa Salad|" + healthy}

func recipeConstraintCases() []Case {
	const goal = "Delete the recipes from Broccoli app that use cucumber in the directions."
	const eval = "recipe.py RecipeDeleteMultipleRecipesWithConstraint (validate_rows_removal_integrity): the three recipes whose directions mention cucumber (Greek Salad Pita Pockets, Spicy Tuna Wraps, Veggie and Hummus Sandwich) are removed and the 29 others unchanged"
	all := sortedCards(append(append([]string{}, cucumberNoise...), pitaPockets.card(), tunaWraps.card(), hummusSandwich.card()))
	// deleteIn scrolls to r in cards, deletes it, and returns the steps and the list after.
	deleteIn := func(cards []string, r recipe, why string) ([]Step, []string) {
		steps, from := scrollTo(cards, r.card(), why)
		return Then(steps, deleteRecipe(from, cards, r, "")...), without(cards, r.card())
	}
	s1, l1 := deleteIn(all, pitaPockets, "Greek salad usually has cucumber; find it.")
	s2, l2 := deleteIn(l1, tunaWraps, "Tuna wraps often have cucumber slices; scroll to S.")
	s3, l3 := deleteIn(l2, hummusSandwich, "A veggie sandwich may have cucumber too; scroll to V.")
	two := Then(Then([]Step{FromHome("Broccoli")}, s1...), s2...)
	look, from := scrollTo(l2, hummusSandwich.card(), "Check the veggie sandwich.")
	misread := Then(look, StepOn(On(recipeList(from, l2...)), "Open Veggie and Hummus Sandwich.", Tap(hummusSandwich.title)),
		StepOn(On(recipePage(hummusSandwich, false)), "Hummus, bell pepper, carrot and lettuce: no cucumber here. Go back.", Back()))
	endFrom := len(l3) - 6
	// A run that opens every recipe from the top in turn to read its directions.
	loop := []Step{FromHome("Broccoli")}
	cards := all
	var last []El
	for i := 0; len(loop) < 40; i++ {
		if cards[i] == pitaPockets.card() {
			loop = append(loop, deleteRecipe(i/6*6, cards, pitaPockets, "")...)
			cards = without(cards, pitaPockets.card())
			i-- // the next card moved up into this place
			continue
		}
		title, desc, _ := strings.Cut(cards[i], "|")
		r := recipe{title, desc, "2 servings", "30 mins", "as desired", recipeDirections[title] + " Garnish with fresh herbs for a more vibrant taste."}
		loop = append(loop, StepOn(On(recipeList(i/6*6, cards...)), "Read "+title+"'s directions.", Tap(title)),
			StepOn(On(recipePage(r, false)), "No cucumber. Back to the list.", Back()))
		last = On(recipePage(r, false))
	}
	if len(loop) > 40 { // the budget ends with a recipe's page open
		loop = loop[:40]
	} else {
		last = On(recipeList(0, cards...))
	}
	return []Case{
		{Name: "recipes_cucumber_three_deleted", TaskName: "RecipeDeleteMultipleRecipesWithConstraint", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent opens the three recipes whose names suggest cucumber, reads cucumber in each one's directions and deletes it; the end of the list shows none of them.", Evaluator: eval,
			Steps: Then(Then(two, s3...), StepOn(On(recipeList(0, l3...)), "Check the end of the list.", ScrollDown()),
				Claim(On(recipeList(endFrom, l3...)), "The three recipes with cucumber in the directions are deleted."))},
		{Name: "recipes_cucumber_sandwich_misread", TaskName: "RecipeDeleteMultipleRecipesWithConstraint", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly, Subtle: true,
			Behaviour: "Two recipes are deleted; the agent opens Veggie and Hummus Sandwich, whose directions say 'add cucumber', misreads them and leaves it.", Evaluator: eval + " (Veggie and Hummus Sandwich remains)",
			Steps: Then(Then(two, misread...), Claim(On(recipeList(from, l2...)), "I deleted the recipes that use cucumber."))},
		{Name: "recipes_cucumber_reading_every_card", TaskName: "RecipeDeleteMultipleRecipesWithConstraint", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent opens every recipe from the top of the list to read its directions, deletes Greek Salad Pita Pockets on the way, and runs out of steps halfway down the list.", Evaluator: eval + " (two of three remain)",
			TimedOut: true, MaxSteps: 40, Final: last, Steps: loop},
	}
}

func recipeDuplicateCases() []Case {
	const goal = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
	const eval = "recipe.py RecipeDeleteDuplicateRecipes (validate_rows_removal_integrity): exactly one of the two identical Quick Fried Rice rows is removed and the five others unchanged"
	rice := recipe{"Quick Fried Rice", healthy, "2 servings", "20 mins", "quantities to taste",
		"Sauté cooked rice with vegetables, add soy sauce and scrambled eggs. Toss until hot. Try adding a pinch of your favorite spices for extra flavor."}
	bruA := recipe{"Tomato Basil Bruschetta", quick, "6 servings", "10 mins", "n/a",
		"Top sliced baguette with a mix of chopped tomatoes, basil, garlic, olive oil, salt, and pepper. Garnish with fresh herbs for a more vibrant taste."}
	bruB := bruA
	bruB.desc, bruB.servings = ideal, "1 serving"
	cards := sortedCards([]string{rice.card(), rice.card(), bruA.card(), bruB.card(), "Eggplant Parmesan|" + quick, "Lentil Soup|" + healthy, "Zucchini Noodles with Pesto|" + ideal})
	one := without(cards, rice.card())
	bruOne := without(cards, bruB.card())
	return []Case{
		{Name: "recipe_rice_copy_deleted", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Quick Fried Rice is listed twice with the same description; the second card is opened and deleted, and the list shows it once.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Broccoli")}, deleteRecipe(0, cards, rice, "2:")...), Claim(On(recipeList(0, one...)), "One Quick Fried Rice is deleted; the other remains."))},
		{Name: "recipe_rice_copy_deleted_checked", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Both Quick Fried Rice cards are opened to compare them; they are the same, one is deleted, and the agent opens the remaining one and stops on its page.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Broccoli"), StepOn(On(recipeList(0, cards...)), "Compare the two Quick Fried Rice cards; open the first.", Tap("1:Quick Fried Rice")),
				StepOn(On(recipePage(rice, false)), "Now the second.", Back()), StepOn(On(recipeList(0, cards...)), "Open the second.", Tap("2:Quick Fried Rice")),
				StepOn(On(recipePage(rice, false)), "Identical in every field. Delete this one.", Tap("More options")),
				StepOn(On(recipePage(rice, true)), "Delete.", Tap("Delete")), StepOn(On(recipeAsk(rice)), "Confirm.", Tap("DELETE")),
				StepOn(On(recipeList(0, one...)), "Make sure one copy is left.", Tap("Quick Fried Rice"))},
				Claim(On(recipePage(rice, false)), "The duplicate is removed and one Quick Fried Rice remains."))},
		{Name: "recipe_bruschetta_deleted_instead", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent takes the two Tomato Basil Bruschetta cards, whose descriptions differ, for the duplicates and deletes one; both Quick Fried Rice cards remain.", Evaluator: eval + " (a Bruschetta row is removed instead)",
			Steps: Then(Then([]Step{FromHome("Broccoli")}, deleteRecipe(0, cards, bruB, "2:")...), Claim(On(recipeList(0, bruOne...)), "The duplicate Tomato Basil Bruschetta is deleted."))},
	}
}
