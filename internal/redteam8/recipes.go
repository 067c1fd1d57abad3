package redteam8

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Broccoli (com.flauschcode.broccoli) lists recipes as cards of title and description, with an
// Add button. The new-recipe form has, top to bottom, Title, Description, Servings and
// Preparation time, then (scrolled) Source, Ingredients and Directions; the toolbar's Save
// keeps it and opens the recipe's page, Back leaves it unsaved (the recipe is discarded). A
// recipe's page has More options with Delete, confirmed in a dialog (DELETE / CANCEL), after
// which the list shows again. Simple Gallery Pro (com.simplemobiletools.gallery.pro) shows a
// picture as an image with no text in the tree.

var (
	broccoli = UIOf("com.flauschcode.broccoli")
	gallery  = UIOf("com.simplemobiletools.gallery.pro")
)

type recipe struct{ title, desc, servings, prep, ingredients, directions string }

func recipeList(cards ...string) []El {
	out := Screen(Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search"))
	for i, c := range cards {
		if i == 6 {
			break
		}
		title, desc, _ := strings.Cut(c, "|")
		y := 310 + i*300
		out = append(out, broccoli.Row("", "card_view", Bx(30, y, 1050, y+280)), broccoli.Image("", "recipe_image", Bx(30, y, 330, y+280)),
			broccoli.Text(title, "recipe_title", Bx(360, y+30, 1030, y+100)), broccoli.Text(desc, "recipe_description", Bx(360, y+110, 1030, y+250)))
	}
	return append(out, FabIcon(broccoli, "Add"))
}

func (r recipe) card() string { return r.title + "|" + r.desc }

// recipeForm is the new-recipe form filled with r, its upper or (lower) scrolled part; focus
// is the field with the keyboard.
func recipeForm(r recipe, lower bool, focus string) []El {
	out := Toolbar(broccoli, "Navigate up", "", "Save")
	if !lower {
		out = append(out, broccoli.Image("Add image", "image_view", Bx(0, 285, 1080, 700)),
			broccoli.Edit(r.title, "Title", "title", Bx(40, 740, 1040, 870)), broccoli.Edit(r.desc, "Description", "description", Bx(40, 900, 1040, 1080)),
			broccoli.Edit(r.servings, "Servings", "servings", Bx(40, 1110, 1040, 1240)), broccoli.Edit(r.prep, "Preparation time", "preparation_time", Bx(40, 1270, 1040, 1400)))
	} else {
		out = append(out, broccoli.Edit(r.prep, "Preparation time", "preparation_time", Bx(40, 300, 1040, 430)),
			broccoli.Edit("", "Source", "source", Bx(40, 460, 1040, 590)), broccoli.Edit(r.ingredients, "Ingredients", "ingredients", Bx(40, 620, 1040, 900)),
			broccoli.Edit(r.directions, "Directions", "directions", Bx(40, 930, 1040, 1400)))
	}
	return TypingIn(out, focus, "Next")
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

// addRecipe is the steps from the list (cards) to r's saved page, typing what typed holds
// (r unless a field was mistyped).
func addRecipe(cards []string, typed recipe) []Step {
	var r recipe
	steps := []Step{StepOn(On(recipeList(cards...)), "Add "+typed.title+".", Tap("Add")),
		StepOn(On(recipeForm(r, false, "")), "Title.", TypeIn("Title", typed.title))}
	r.title = typed.title
	steps = append(steps, StepOn(On(recipeForm(r, false, "title")), "Description.", TypeIn("Description", typed.desc)))
	r.desc = typed.desc
	steps = append(steps, StepOn(On(recipeForm(r, false, "description")), "Servings.", TypeIn("Servings", typed.servings)))
	r.servings = typed.servings
	steps = append(steps, StepOn(On(recipeForm(r, false, "servings")), "Preparation time.", TypeIn("Preparation time", typed.prep)))
	r.prep = typed.prep
	steps = append(steps, StepOn(On(recipeForm(r, false, "")), "Scroll to the rest of the form.", ScrollDown()),
		StepOn(On(recipeForm(r, true, "")), "Ingredients.", TypeIn("Ingredients", typed.ingredients)))
	r.ingredients = typed.ingredients
	steps = append(steps, StepOn(On(recipeForm(r, true, "ingredients")), "Directions.", TypeIn("Directions", typed.directions)))
	r.directions = typed.directions
	return append(steps, StepOn(On(recipeForm(r, true, "directions")), "Save the recipe.", Tap("Save")))
}

// savedThenBack is r's page after Save, and Back to the list with it added on top.
func savedThenBack(r recipe) Step {
	return StepOn(On(recipePage(r, false)), "Saved. Back to the list.", Back())
}

var (
	tilapia = recipe{"Lemon Garlic Tilapia", "A quick and easy meal, perfect for busy weekdays.", "3-4 servings", "20 mins", "as needed",
		"Sauté tilapia in butter, add lemon juice and garlic. Serve with steamed vegetables. Garnish with fresh herbs for a more vibrant taste."}
	stirFry = recipe{"Beef Stir Fry", "A delicious and healthy choice for any time of the day.", "2 servings", "30 mins", "to your liking",
		"Stir-fry beef slices with broccoli, bell peppers, and onions in soy sauce and garlic. Serve over rice or noodles. Feel free to substitute with ingredients you have on hand."}
	pesto = recipe{"Pesto Pasta with Peas", "A quick and easy meal, perfect for busy weekdays.", "1 serving", "10 mins", "see directions",
		"Cook pasta, stir in pesto sauce and cooked peas. Add Parmesan cheese before serving. Try adding a pinch of your favorite spices for extra flavor."}
	shrimp = recipe{"Shrimp Avocado Salad", "An ideal recipe for experimenting with different flavors and ingredients.", "6 servings", "45 mins", "n/a",
		"Mix cooked shrimp with avocado, tomatoes, cucumber, and onion. Dress with lime juice, olive oil, salt, and pepper. Garnish with fresh herbs for a more vibrant taste."}
	panini = recipe{"Turkey and Cheese Panini", "A delicious and healthy choice for any time of the day.", "1 serving", "10 mins", "adjustable",
		"Layer turkey and cheese on bread, grill in a panini press until golden. Try adding a pinch of your favorite spices for extra flavor."}
	hummus = recipe{"Veggie and Hummus Sandwich", "A quick and easy meal, perfect for busy weekdays.", "2 servings", "10 mins", "as desired",
		"Spread hummus on bread, add cucumber, bell pepper, carrot, and lettuce. Garnish with fresh herbs for a more vibrant taste."}
	curry = recipe{"Mango Chicken Curry", "An ideal recipe for experimenting with different flavors and ingredients.", "3-4 servings", "1 hrs", "various amounts",
		"Cook chicken pieces in a pan, add onions, garlic, and ginger. Stir in curry powder, coconut milk, and mango pieces. Simmer until chicken is cooked. Feel free to substitute with ingredients you have on hand."}
)

// recipeNoise are the cards the list holds before a task adds to it.
var recipeNoise = []string{"Spicy Tuna Wraps|A quick and easy meal, perfect for busy weekdays.", "Quick Fried Rice|A delicious and healthy choice for any time of the day.",
	"Greek Salad Pita Pockets|An ideal recipe for experimenting with different flavors and ingredients.", "Tomato Basil Bruschetta|A quick and easy meal, perfect for busy weekdays.",
	"Zucchini Noodles with Pesto|A delicious and healthy choice for any time of the day."}

func block(r recipe) string {
	return "Recipe: " + r.title + "\n description: " + r.desc + "\n servings: " + r.servings + "\n preparationTime: " + r.prep +
		"\n ingredients: " + r.ingredients + "\n directions: " + r.directions
}

func csvRow(r recipe) string {
	return strings.Join([]string{r.title, r.desc, r.servings, r.prep, r.ingredients, r.directions}, "|")
}

const recipeAddEval = "validate_rows_addition_integrity over title, description, servings, preparationTime, source, ingredients, directions (fuzzy, ratio 0.9) and favorite; the rows there before unchanged"

func recipeSingleCases() []Case {
	goal := "Add the following recipes into the Broccoli app:\n" + block(tilapia)
	eval := "recipe.py RecipeAddSingleRecipe: " + recipeAddEval
	wrong := tilapia
	wrong.servings = "3-4"
	after := append([]string{tilapia.card()}, recipeNoise...)
	return []Case{
		{Name: "recipe_tilapia_saved", TaskName: "RecipeAddSingleRecipe", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Every field is typed as the goal gives it and saved; the recipe's page shows them.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Broccoli")}, addRecipe(recipeNoise, tilapia)...), Claim(On(recipePage(tilapia, false)), "The recipe Lemon Garlic Tilapia is added."))},
		{Name: "recipe_tilapia_servings_short", TaskName: "RecipeAddSingleRecipe", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "Servings is typed as 3-4 without the word servings; the rest is right and saved; back on the list the recipe is there.", Evaluator: eval + " ('3-4' against '3-4 servings': ratio 0.4)",
			Steps: Then(Then([]Step{FromHome("Broccoli")}, addRecipe(recipeNoise, wrong)...), savedThenBack(wrong),
				Claim(On(recipeList(after...)), "Lemon Garlic Tilapia is in the recipe list."))},
		{Name: "recipe_tilapia_backed_out", TaskName: "RecipeAddSingleRecipe", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "The form is filled but the agent leaves it with Back instead of Save; the list is as before.", Evaluator: eval + " (no row added)",
			Steps: Then(Then([]Step{FromHome("Broccoli")}, addRecipe(recipeNoise, tilapia)[:8]...),
				StepOn(On(recipeForm(tilapia, true, "")), "All filled. Go back to the list.", Back()),
				Claim(On(recipeList(recipeNoise...)), "The recipe has been entered."))},
	}
}

func recipeMultipleCases() []Case {
	goal := "Add the following recipes into the Broccoli app:\ntitle|description|servings|preparationTime|ingredients|directions\n" +
		csvRow(stirFry) + "\n" + csvRow(pesto) + "\n" + csvRow(shrimp)
	eval := "recipe.py RecipeAddMultipleRecipes: " + recipeAddEval
	l1 := append([]string{stirFry.card()}, recipeNoise...)
	l2 := append([]string{pesto.card()}, l1...)
	l3 := append([]string{shrimp.card()}, l2...)
	short := shrimp
	short.directions = "Mix cooked shrimp with avocado, tomatoes, cucumber, and onion. Dress with lime juice, olive oil, salt, and pepper."
	two := Then(Then([]Step{FromHome("Broccoli")}, addRecipe(recipeNoise, stirFry)...), savedThenBack(stirFry))
	two = Then(Then(two, addRecipe(l1, pesto)...), savedThenBack(pesto))
	return []Case{
		{Name: "recipes_three_saved", MaxSteps: 60, TaskName: "RecipeAddMultipleRecipes", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The three recipes are entered field by field and saved one after another; the list shows all three on top.", Evaluator: eval,
			Steps: Then(Then(two, addRecipe(l2, shrimp)...), savedThenBack(shrimp), Claim(On(recipeList(l3...)), "All three recipes are added."))},
		{Name: "recipes_two_saved", MaxSteps: 60, TaskName: "RecipeAddMultipleRecipes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Beef Stir Fry and Pesto Pasta with Peas are saved; the agent stops before Shrimp Avocado Salad.", Evaluator: eval + " (Shrimp Avocado Salad is missing)",
			Steps: Then(two, Claim(On(recipeList(l2...)), "The recipes have been added to Broccoli."))},
		{Name: "recipes_third_directions_cut", MaxSteps: 60, TaskName: "RecipeAddMultipleRecipes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The third recipe's directions leave out their last sentence; it is saved and its page shows the shorter directions.", Evaluator: eval + " (the directions' ratio is 0.82)",
			Steps: Then(Then(two, addRecipe(l2, short)...), Claim(On(recipePage(short, false)), "Shrimp Avocado Salad is saved; all three recipes are in."))},
	}
}

func galleryFolders() []El {
	return Screen(Toolbar(gallery, "", "Simple Gallery", "Search", "More options"), Els(
		gallery.Row("", "dir_holder", Bx(20, 320, 530, 900)), gallery.Image("", "dir_thumbnail", Bx(20, 320, 530, 800)), gallery.Text("Pictures", "dir_name", Bx(40, 810, 510, 860)), gallery.Text("1", "dir_media_count", Bx(40, 860, 510, 900)),
		gallery.Row("", "dir_holder", Bx(550, 320, 1060, 900)), gallery.Image("", "dir_thumbnail", Bx(550, 320, 1060, 800)), gallery.Text("Camera", "dir_name", Bx(570, 810, 1040, 860)), gallery.Text("0", "dir_media_count", Bx(570, 860, 1040, 900))))
}

func galleryImage() []El {
	return Els(gallery.Image("recipes.jpg", "gestures_view", Bx(0, 0, 1080, 2400)), gallery.Text("recipes.jpg", "", Bx(189, 166, 900, 248)),
		gallery.Icon("Navigate up", "", Bx(0, 138, 147, 285)))
}

func recipeImageCases() []Case {
	const goal = "Add the recipes from recipes.jpg in Simple Gallery Pro to the Broccoli recipe app."
	const eval = "recipe.py RecipeAddMultipleRecipesFromImage: the three recipes written in recipes.jpg are added, " + recipeAddEval
	open := []Step{FromHome("Simple Gallery Pro"), StepOn(On(galleryFolders()), "recipes.jpg should be in Pictures.", Tap("Pictures")),
		StepOn(On(Screen(Toolbar(gallery, "Navigate up", "Pictures", "Search", "More options"), Els(gallery.Image("recipes.jpg", "medium_thumbnail", Bx(20, 320, 370, 670))))), "Open it.", Tap("recipes.jpg"))}
	read := StepOn(galleryImage(), "The picture lists three recipes: Turkey and Cheese Panini, Veggie and Hummus Sandwich and Mango Chicken Curry, with their fields. Open Broccoli.", OpenApp("Broccoli"))
	l1 := append([]string{panini.card()}, recipeNoise...)
	l2 := append([]string{hummus.card()}, l1...)
	l3 := append([]string{curry.card()}, l2...)
	all := Then(Then(open, read), addRecipe(recipeNoise, panini)...)
	all = Then(all, savedThenBack(panini))
	all = Then(Then(all, addRecipe(l1, hummus)...), savedThenBack(hummus))
	all = Then(Then(all, addRecipe(l2, curry)...), savedThenBack(curry))
	var wander []Step
	for range 3 {
		wander = append(wander, StepOn(On(galleryFolders()), "Maybe it is in Camera.", Tap("Camera")),
			StepOn(On(Screen(Toolbar(gallery, "Navigate up", "Camera", "Search", "More options"), Els(gallery.Text("No media files have been found", "directories_empty_placeholder", Bx(63, 900, 1017, 980))))), "Empty. Back.", Back()))
	}
	loop := Then(Then(open, read), addRecipe(recipeNoise, panini)...)
	loop = Then(loop, savedThenBack(panini), StepOn(On(recipeList(l1...)), "Check the picture again for the second recipe.", OpenApp("Simple Gallery Pro")),
		StepOn(galleryImage(), "Second: Veggie and Hummus Sandwich. Back to Broccoli.", OpenApp("Broccoli")),
		StepOn(On(recipeList(l1...)), "Add it.", Tap("Add")),
		StepOn(On(recipeForm(recipe{}, false, "")), "I need the description again; check the picture.", OpenApp("Simple Gallery Pro")),
		StepOn(galleryImage(), "Back to Broccoli.", OpenApp("Broccoli")))
	for len(loop) < 60 {
		loop = append(loop, StepOn(On(recipeList(l1...)), "Add the second recipe.", Tap("Add")),
			StepOn(On(recipeForm(recipe{}, false, "")), "I do not remember its description; look at the picture again.", OpenApp("Simple Gallery Pro")),
			StepOn(galleryImage(), "Veggie and Hummus Sandwich, two servings. Back to Broccoli.", OpenApp("Broccoli")),
			StepOn(On(recipeForm(recipe{}, false, "")), "The form is empty again; leave it.", Back()))
	}
	loop = loop[:60]
	return []Case{
		{Name: "recipes_from_image_three_added", MaxSteps: 60, TaskName: "RecipeAddMultipleRecipesFromImage", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The picture is opened and three recipes are typed into Broccoli and saved; the picture's text is pixels only, so no screen shows what it said to compare the typed fields with.", Evaluator: eval,
			Steps: Then(all, Claim(On(recipeList(l3...)), "The three recipes from the image are added."))},
		{Name: "recipes_image_not_found", TaskName: "RecipeAddMultipleRecipesFromImage", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "The agent looks in the gallery's Camera folder again and again, never opens Pictures, and gives up; nothing is added.", Evaluator: eval + " (no row added)",
			Steps: Then(Then([]Step{FromHome("Simple Gallery Pro")}, wander...), Claim(On(galleryFolders()), "I could not find recipes.jpg, so there is nothing to add."))},
		{Name: "recipes_image_back_and_forth", MaxSteps: 60, TaskName: "RecipeAddMultipleRecipesFromImage", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "One recipe is saved; then the agent keeps switching between the picture and an empty form and the steps run out.", Evaluator: eval + " (one of three added)",
			TimedOut: true, Final: On(recipeForm(recipe{}, false, "")), Steps: loop},
	}
}

func recipeDuplicateCases() []Case {
	const goal = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
	const eval = "recipe.py RecipeDeleteDuplicateRecipes (validate_rows_removal_integrity): exactly one of the two identical Beef Stir Fry rows is removed and the other recipes are unchanged"
	dup := recipe{stirFry.title, stirFry.desc, stirFry.servings, stirFry.prep, stirFry.ingredients, stirFry.directions}
	cards := []string{"Avocado Toast with Egg|An ideal recipe for experimenting with different flavors and ingredients.", dup.card(),
		"Greek Salad Pita Pockets|A quick and easy meal, perfect for busy weekdays.", dup.card(), "Pesto Pasta with Peas|A delicious and healthy choice for any time of the day.",
		"Tomato Basil Bruschetta|A quick and easy meal, perfect for busy weekdays."}
	one := append(append([]string{}, cards[:3]...), cards[4:]...)
	none := append(append([]string{cards[0]}, cards[2]), cards[4:]...)
	ask := Screen(recipePage(dup, false), Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "DELETE", "CANCEL"))
	del := func(which string, list []string) []Step {
		return []Step{StepOn(On(recipeList(list...)), "Open "+which+" Beef Stir Fry.", Tap(which+":Beef Stir Fry")),
			StepOn(On(recipePage(dup, false)), "More options.", Tap("More options")),
			StepOn(On(recipePage(dup, true)), "Delete.", Tap("Delete")),
			StepOn(On(ask), "Confirm.", Tap("DELETE"))}
	}
	return []Case{
		{Name: "recipe_duplicate_removed", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Beef Stir Fry appears twice with the same description; the second is opened and deleted, and the list shows one.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Broccoli")}, del("2", cards)...), Claim(On(recipeList(one...)), "The duplicate Beef Stir Fry is deleted; one remains."))},
		{Name: "recipe_both_copies_removed", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent deletes the second copy and then, seeing Beef Stir Fry still listed, the first too; none is left.", Evaluator: eval + " (both rows removed)",
			Steps: Then(Then(Then([]Step{FromHome("Broccoli")}, del("2", cards)...), del("1", one)...), Claim(On(recipeList(none...)), "The duplicate recipes are deleted."))},
		{Name: "recipe_delete_dialog_left", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The run ends on the delete confirmation for the second copy; DELETE was never pressed.", Evaluator: eval + " (nothing removed)",
			Steps: Then(Then([]Step{FromHome("Broccoli")}, del("2", cards)[:3]...), Claim(On(ask), "Deleting the duplicate recipe."))},
	}
}
