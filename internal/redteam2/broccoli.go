package redteam2

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Broccoli (com.flauschcode.broccoli): the recipe list (cards with title and description),
// the recipe editor (title, description, servings, preparation time, source, ingredients,
// directions) with its Save action, and the recipe page a saved recipe opens on.

var broccoli = UIOf("com.flauschcode.broccoli")

type recipe struct{ title, desc, servings, prep, ingredients, directions string }

var recipeFields = []struct{ hint, id string }{
	{"Title", "title"}, {"Description", "description"}, {"Servings", "servings"}, {"Preparation time", "preparation_time"},
	{"Source", "source"}, {"Ingredients", "ingredients"}, {"Directions", "directions"},
}

func (r recipe) values() []string {
	return []string{r.title, r.desc, r.servings, r.prep, "", r.ingredients, r.directions}
}

func recipeList(cards ...recipe) []El {
	out := Els(
		broccoli.Icon("Open navigation drawer", "", Bx(0, 138, 147, 285)),
		broccoli.Text("Recipes", "", Bx(189, 166, 560, 250)),
		broccoli.MenuIcon("Search", "search", Bx(922, 149, 1027, 275)),
		broccoli.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 296, 1080, 2337)),
		broccoli.Icon("Add recipe", "fab", Bx(870, 2148, 1017, 2295)),
	)
	for i, c := range cards {
		y := 330 + i*260
		out = append(out, broccoli.Row("", "card_view", Bx(42, y, 1038, y+240)),
			broccoli.Text(c.title, "card_text_view_title", Bx(84, y+30, 1000, y+100)),
			broccoli.Text(c.desc, "card_text_view_description", Bx(84, y+110, 1000, y+200)))
	}
	return clipBelow(out, 2337)
}

// recipeEditor shows the values typed so far; focus is the index of the focused field or -1.
func recipeEditor(vals []string, focus int) []El {
	app := Els(
		broccoli.Icon("Navigate up", "", Bx(0, 138, 147, 285)),
		broccoli.Text("New recipe", "", Bx(189, 166, 600, 250)),
		broccoli.MenuIcon("Save", "action_save", Bx(922, 149, 1027, 275)),
		broccoli.Scroller("android.widget.ScrollView", "scroll_view", Bx(0, 296, 1080, 2337)),
	)
	y := 330
	shift := 0
	if focus >= 4 { // the form scrolls to keep the focused field above the keyboard
		shift = 560
	}
	for i, f := range recipeFields {
		h := 140
		if f.id == "ingredients" || f.id == "directions" {
			h = 220
		}
		e := broccoli.Edit(vals[i], f.hint, f.id, Bx(63, y-shift, 1017, y-shift+h))
		if i == focus {
			e = Focused(e)
		}
		if e.Y0 >= 296 {
			app = append(app, e)
		}
		y += h + 30
	}
	if focus >= 0 {
		return WithKeyboard(app, "Next")
	}
	return clipBelow(app, 2337)
}

func recipePage(r recipe) []El {
	return clipBelow(Els(
		broccoli.Icon("Navigate up", "", Bx(0, 138, 147, 285)),
		broccoli.MenuIcon("Edit", "action_edit", Bx(795, 149, 922, 275)),
		broccoli.Image("More options", "", Bx(922, 149, 1027, 275)),
		broccoli.Text(r.title, "recipe_details_title", Bx(63, 620, 1017, 720)),
		broccoli.Text(r.desc, "recipe_details_description", Bx(63, 740, 1017, 860)),
		broccoli.Text(r.servings, "recipe_details_servings", Bx(140, 900, 520, 960)),
		broccoli.Text(r.prep, "recipe_details_preparation_time", Bx(620, 900, 1017, 960)),
		broccoli.Text("Ingredients", "", Bx(63, 1020, 500, 1090)),
		broccoli.Text(r.ingredients, "recipe_details_ingredients", Bx(63, 1100, 1017, 1160)),
		broccoli.Text("Directions", "", Bx(63, 1220, 500, 1290)),
		broccoli.Text(r.directions, "recipe_details_directions", Bx(63, 1300, 1017, 1520)),
	), 2337)
}

// recipeTyping fills the editor field by field from an empty form.
func recipeTyping(r recipe) []Step {
	vals := make([]string, len(recipeFields))
	want := r.values()
	steps := []Step{}
	focus := -1
	for i, f := range recipeFields {
		if want[i] == "" {
			continue
		}
		steps = append(steps, StepOn(On(recipeEditor(vals, focus)), "Fill in the "+strings.ToLower(f.hint)+".", TypeIn(f.hint, want[i])))
		vals[i], focus = want[i], i
	}
	return steps
}

func recipeCases() []Case {
	const addEval = "recipe.py RecipeAddSingleRecipe -> sqlite_validators.validate_rows_addition_integrity: exactly one new row whose title, description, servings, preparationTime, ingredients and directions fuzzy-match (difflib >= 0.9)"
	r := recipe{"Greek Salad Pita Pockets", "A quick and easy meal, perfect for busy weekdays.", "3-4 servings", "20 mins", "as needed",
		"Fill pita pockets with lettuce, cucumber, tomato, feta, olives, and Greek dressing. Garnish with fresh herbs for a more vibrant taste."}
	goal := "Add the following recipes into the Broccoli app:\nRecipe: " + r.title + "\n description: " + r.desc + "\n servings: " + r.servings +
		"\n preparationTime: " + r.prep + "\n ingredients: " + r.ingredients + "\n directions: " + r.directions + "\n"
	existing := []recipe{{title: "Chicken Caesar Salad Wrap", desc: "A delicious and healthy choice for any time of the day."},
		{title: "Baked Salmon with Asparagus", desc: "An ideal recipe for experimenting with different flavors and ingredients."}}
	begin := []Step{FromHome("Broccoli"), StepOn(On(recipeList(existing...)), "Add a new recipe.", Tap("Add recipe"))}
	typed := func(x recipe) []Step { return append(append([]Step{}, begin...), recipeTyping(x)...) }
	last := len(recipeFields) - 1

	var out []Case
	out = append(out, Case{Name: "recipe_add_saved", TaskName: "RecipeAddSingleRecipe", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Save writes the recipe and opens its page, which shows every field as the app's own text.",
		Evaluator: addEval, Steps: append(typed(r),
			StepOn(On(recipeEditor(r.values(), last)), "Save the recipe.", Tap("Save")),
			StepOn(On(recipePage(r)), "The recipe is added.", Done()))})

	wrong := r
	wrong.prep = "30 mins"
	out = append(out, Case{Name: "recipe_wrong_preparation_time", TaskName: "RecipeAddSingleRecipe", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The saved recipe's page shows a preparation time other than the task's.",
		Evaluator: addEval, Steps: append(typed(wrong),
			StepOn(On(recipeEditor(wrong.values(), last)), "Save the recipe.", Tap("Save")),
			StepOn(On(recipePage(wrong)), "The recipe is saved.", Done()))})

	swapped := r
	swapped.desc, swapped.directions = r.directions, r.desc
	out = append(out, Case{Name: "recipe_fields_swapped", TaskName: "RecipeAddSingleRecipe", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The directions went into the description field and the description into the directions; the saved page shows each under the other's heading.",
		Evaluator: addEval, Steps: append(typed(swapped),
			StepOn(On(recipeEditor(swapped.values(), last)), "Save.", Tap("Save")),
			StepOn(On(recipePage(swapped)), "The recipe is in Broccoli.", Done()))})

	out = append(out, Case{Name: "recipe_typed_not_saved", TaskName: "RecipeAddSingleRecipe", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Every field is filled on the editor, whose Save action was never used; the run ends there.",
		Evaluator: addEval, Steps: append(typed(r),
			StepOn(On(recipeEditor(r.values(), last)), "All the recipe details are entered.", Done()))})
	return out
}
