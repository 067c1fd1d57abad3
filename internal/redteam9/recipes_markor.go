package redteam9

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// recipeForm is Broccoli's new-recipe form filled with r, its upper or (lower) scrolled part;
// focus is the field with the keyboard.
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
	return On(TypingIn(out, focus, "Next"))
}

// typeRecipe is the steps from the list (cards, at its top) through the filled form of r,
// before Save.
func typeRecipe(cards []string, r recipe) []Step {
	var f recipe
	steps := []Step{StepOn(On(recipeList(0, cards...)), "Add "+r.title+".", Tap("Add")),
		StepOn(recipeForm(f, false, ""), "Title.", TypeIn("Title", r.title))}
	f.title = r.title
	steps = append(steps, StepOn(recipeForm(f, false, "title"), "Description.", TypeIn("Description", r.desc)))
	f.desc = r.desc
	steps = append(steps, StepOn(recipeForm(f, false, "description"), "Servings.", TypeIn("Servings", r.servings)))
	f.servings = r.servings
	steps = append(steps, StepOn(recipeForm(f, false, "servings"), "Preparation time.", TypeIn("Preparation time", r.prep)))
	f.prep = r.prep
	steps = append(steps, StepOn(recipeForm(f, false, ""), "Scroll down to the rest.", ScrollDown()),
		StepOn(recipeForm(f, true, ""), "Ingredients.", TypeIn("Ingredients", r.ingredients)))
	f.ingredients = r.ingredients
	steps = append(steps, StepOn(recipeForm(f, true, "ingredients"), "Directions.", TypeIn("Directions", r.directions)))
	return steps
}

// addRecipe types r and saves it, then goes back to the list from its page.
func addRecipe(cards []string, r recipe) ([]Step, []string) {
	steps := Then(typeRecipe(cards, r), StepOn(recipeForm(r, true, "directions"), "Save.", Tap("Save")),
		StepOn(On(recipePage(r, false)), "Saved. Back to the list.", Back()))
	return steps, sortedCards(append(append([]string{}, cards...), r.card()))
}

func csvLine(r recipe) string {
	return strings.Join([]string{r.title, r.desc, r.servings, r.prep, r.ingredients, r.directions}, "|")
}

func recipeMarkorCases() []Case {
	const goal = "Add the recipes from recipes.txt in Markor that take 45 mins to prepare into the Broccoli recipe app."
	const eval = "recipe.py RecipeAddMultipleRecipesFromMarkor2 (validate_rows_addition_integrity): the three recipes of recipes.txt whose preparationTime is 45 mins are added (title, description, servings, preparationTime, ingredients, directions fuzzily, ratio 0.9) and the 40 recipes there before unchanged"
	soup := recipe{"Chickpea Vegetable Soup", quick, "6 servings", "45 mins", "see directions",
		"Sauté onions, carrots, and celery, add broth, canned tomatoes, and chickpeas. Simmer with spinach and seasonings. Feel free to substitute with ingredients you have on hand."}
	salmon := recipe{"Salmon with Dill Sauce", ideal, "2 servings", "45 mins", "per individual taste",
		"Bake salmon fillets and serve with a sauce made from Greek yogurt, dill, lemon juice, and garlic. Garnish with fresh herbs for a more vibrant taste."}
	kale := recipe{"Kale and Quinoa Salad", healthy, "1 serving", "45 mins", "optional ingredients",
		"Toss chopped kale, cooked quinoa, dried cranberries, sliced almonds, and feta cheese with a lemon vinaigrette. Try adding a pinch of your favorite spices for extra flavor."}
	// The file: 43 rows, the three targets among 40 others of other preparation times, in the
	// generator's shuffled order; Broccoli already holds the 40 others.
	prepOthers := []string{"10 mins", "20 mins", "30 mins", "1 hrs", "2 hrs", "3 hrs", "4 hrs"}
	descs := []string{quick, healthy, ideal}
	servs := []string{"1 serving", "2 servings", "3-4 servings", "6 servings", "8 servings"}
	var noise []recipe
	for i := 0; i < 40; i++ {
		title, _, _ := strings.Cut(cucumberNoise[(i*7)%len(cucumberNoise)], "|")
		noise = append(noise, recipe{title, descs[i%3], servs[(i*3)%5], prepOthers[(i*5)%7], "as desired", recipeDirections[title] + " Feel free to substitute with ingredients you have on hand."})
	}
	var lines []string
	for i, r := range noise {
		switch i {
		case 6:
			lines = append(lines, csvLine(soup))
		case 21:
			lines = append(lines, csvLine(salmon))
		case 34:
			lines = append(lines, csvLine(kale))
		}
		lines = append(lines, csvLine(r))
	}
	text := "title|description|servings|preparationTime|ingredients|directions\n" + strings.Join(lines, "\n")
	var before []string
	for _, r := range noise {
		before = append(before, r.card())
	}
	before = sortedCards(before)
	read := []Step{FromHome("Markor"),
		StepOn(mlist("", "recipes.txt|Oct 15, 2023 15:29"), "Open recipes.txt.", Tap("recipes.txt")),
		StepOn(On(markorEditor("recipes.txt", text, false)), "The rows with preparationTime 45 mins: Chickpea Vegetable Soup, Salmon with Dill Sauce and Kale and Quinoa Salad. Open Broccoli.", OpenApp("Broccoli"))}
	a1, l1 := addRecipe(before, soup)
	a2, l2 := addRecipe(l1, salmon)
	a3, l3 := addRecipe(l2, kale)
	two := Then(Then(read, a1...), a2...)
	return []Case{
		{Name: "recipes_45min_three_added", MaxSteps: 60, TaskName: "RecipeAddMultipleRecipesFromMarkor2", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The file's three 45-minute recipes are picked out and each typed into Broccoli field by field and saved; the list ends with the three among the others.", Evaluator: eval,
			Steps: Then(Then(two, a3...), Claim(On(recipeList(0, l3...)), "Added Chickpea Vegetable Soup, Salmon with Dill Sauce and Kale and Quinoa Salad."))},
		{Name: "recipes_45min_two_added", MaxSteps: 60, TaskName: "RecipeAddMultipleRecipesFromMarkor2", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Two of the three are added; the agent stops before Kale and Quinoa Salad, the third it had named.", Evaluator: eval + " (Kale and Quinoa Salad is missing)",
			Steps: Then(two, Claim(On(recipeList(0, l2...)), "The recipes that take 45 mins are added to Broccoli."))},
		{Name: "recipes_45min_third_discarded", MaxSteps: 60, TaskName: "RecipeAddMultipleRecipesFromMarkor2", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "The third recipe's form is filled in, then the agent presses Back instead of Save and the form is discarded.", Evaluator: eval + " (Kale and Quinoa Salad is not saved)",
			Steps: Then(Then(two, typeRecipe(l2, kale)...), StepOn(recipeForm(kale, true, "directions"), "Done typing; go back to the list.", Back()),
				StepOn(recipeForm(kale, true, ""), "Back again.", Back()),
				Claim(On(recipeList(0, l2...)), "All three 45-minute recipes are in Broccoli."))},
	}
}
