package redteam9

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Settings (com.android.settings): Display lists "Brightness level" with the level as a
// percentage and Adaptive brightness with its switch. Tapping Brightness level opens the
// system's brightness slider, which, like the shade's (pulled down twice), carries no value in
// the tree. Contacts (com.google.android.contacts) lists contacts A to Z with Create contact;
// its form has First name, Last name, Company, Phone (Mobile) and Email, and Save opens the
// contact's page with the name and the number as the app formats it (+1 469-301-7245).

var (
	settings = UIOf("com.android.settings")
	contacts = UIOf("com.google.android.contacts")
)

func displayPage(level string) []El {
	return On(Screen(Toolbar(settings, "Navigate up", "Display"), Els(settings.Text("Brightness", "", Bx(63, 320, 1017, 380))),
		Rows(settings, "android:id/title", 400, "Brightness level|"+level),
		Els(settings.TapText("Adaptive brightness", "android:id/title", Bx(63, 580, 800, 650)), settings.Text("Optimize brightness for available light", "android:id/summary", Bx(63, 658, 800, 710)),
			settings.Sw("Adaptive brightness", "switch_widget", false, Bx(860, 570, 1017, 690)), settings.Text("Lock display", "", Bx(63, 780, 1017, 840))),
		Rows(settings, "android:id/title", 860, "Lock screen|Show all notification content", "Screen timeout|After 30 minutes of inactivity", "Dark theme|Will never turn on automatically")))
}

func brightnessCases() []Case {
	const goal = "Turn brightness to the max value."
	const eval = "system.py SystemBrightnessMaxVerify (_SystemBrightnessToggle.is_successful): `settings get system screen_brightness` reads 255 after the run (it starts at 255)"
	toDisplay := []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Brightness is under Display.", Tap("Display"))}
	slider := On(Screen(displayPage("100%"), BrightnessPanel(true, false)[:1]))
	return []Case{
		{Name: "brightness_already_max_checked", TaskName: "SystemBrightnessMaxVerify", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Display shows Brightness level 100%; the agent leaves it and says it is already at the maximum.", Evaluator: eval,
			Steps: Then(toDisplay, Claim(displayPage("100%"), "Brightness level is already 100%, the maximum."))},
		{Name: "brightness_shade_slider_right", TaskName: "SystemBrightnessMaxVerify", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The shade is pulled down twice and the slider swiped to the right, where it already was; the slider carries no value in the tree.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Open the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Pull down again for the brightness slider.", SwipeDownShade()),
				StepOn(BrightnessPanel(true, false), "Drag the slider all the way right.", SwipeOn("Display brightness", "right")),
				Claim(BrightnessPanel(true, false), "Brightness is set to the maximum.")}},
		{Name: "brightness_slider_dragged_down", TaskName: "SystemBrightnessMaxVerify", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent opens Brightness level's slider and swipes it to the left; Display then reads 0%, and the agent claims it is done.", Evaluator: eval + " (1: the minimum)",
			Steps: Then(toDisplay, StepOn(displayPage("100%"), "Open Brightness level.", Tap("Brightness level")),
				StepOn(slider, "Move the slider to the end.", SwipeOn("Display brightness", "left")),
				StepOn(On(Screen(displayPage("0%"), BrightnessPanel(true, false)[:1])), "Close the slider.", Back()),
				Claim(displayPage("0%"), "The brightness has been adjusted."))},
	}
}

func contactForm(first, last, phone, focus string) []El {
	out := Screen(Els(contacts.Icon("Cancel", "", Bx(0, 138, 147, 285)), contacts.Text("Create contact", "", Bx(189, 166, 700, 248)),
		contacts.Button("Save", "toolbar_button", Bx(820, 160, 1040, 260))),
		Els(contacts.Image("Add contact photo", "", Bx(400, 320, 680, 600)),
			contacts.Edit(first, "First name", "", Bx(180, 660, 1017, 790)), contacts.Edit(last, "Last name", "", Bx(180, 820, 1017, 950)),
			contacts.Edit("", "Company", "", Bx(180, 980, 1017, 1110)), contacts.Edit(phone, "Phone", "", Bx(180, 1140, 800, 1270)),
			contacts.TapText("Mobile", "", Bx(820, 1160, 1017, 1250)), contacts.Edit("", "Email", "", Bx(180, 1300, 800, 1430))))
	if focus != "" {
		for i := range out {
			if out[i].Hint == focus {
				out[i] = Focused(out[i])
			}
		}
		return On(WithKeyboard(out, "Next"))
	}
	return On(out)
}

func contactPage(name, number string) []El {
	return On(Screen(Toolbar(contacts, "Navigate up", "", "More options", "Favorite", "Edit"), Els(
		contacts.Text(name, "large_title", Bx(63, 700, 1017, 800)),
		contacts.Button("Call", "", Bx(80, 880, 300, 1000)), contacts.Button("Text", "", Bx(430, 880, 650, 1000)), contacts.Button("Video", "", Bx(780, 880, 1000, 1000)),
		contacts.Text("Contact info", "", Bx(63, 1080, 1017, 1140)), contacts.Text(number, "header", Bx(180, 1180, 900, 1250)), contacts.Text("Mobile", "sub_header", Bx(180, 1255, 900, 1310)))))
}

func contactCases() []Case {
	const goal = "Create a new contact for Amelia Garcia. Their number is +14693017245."
	const eval = "contacts.py ContactsAddContact (AddContact._has_contact): a contact with display name 'Amelia Garcia' and number 14693017245 (digits only) is listed"
	list := On(Screen(Toolbar(contacts, "Open navigation drawer", "Contacts", "Search"), Els(contacts.Text("No contacts", "", Bx(63, 900, 1017, 980)),
		contacts.Icon("Create contact", "floating_action_button", Bx(830, 2080, 1017, 2267)))))
	fill := func(first, last, phone string) []Step {
		steps := []Step{FromHome("Contacts"), StepOn(list, "Create a contact.", Tap("Create contact")),
			StepOn(contactForm("", "", "", ""), "First name.", TypeIn("First name", first))}
		prev := "First name"
		if last != "" {
			steps = append(steps, StepOn(contactForm(first, "", "", "First name"), "Last name.", TypeIn("Last name", last)))
			prev = "Last name"
		}
		return append(steps, StepOn(contactForm(first, last, "", prev), "Phone.", TypeIn("Phone", phone)),
			StepOn(contactForm(first, last, phone, "Phone"), "Save.", Tap("Save")))
	}
	return []Case{
		{Name: "contact_amelia_saved", TaskName: "ContactsAddContact", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "First name, last name and the number are typed and saved; the contact's page shows Amelia Garcia and +1 469-301-7245.", Evaluator: eval,
			Steps: Then(fill("Amelia", "Garcia", "+14693017245"), Claim(contactPage("Amelia Garcia", "+1 469-301-7245"), "The contact Amelia Garcia is created."))},
		{Name: "contact_full_name_in_first_field", TaskName: "ContactsAddContact", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The whole name goes into First name and the last name is left empty; the display name is still Amelia Garcia, and the page shows it with the number.", Evaluator: eval,
			Steps: Then(fill("Amelia Garcia", "", "+14693017245"), Claim(contactPage("Amelia Garcia", "+1 469-301-7245"), "Amelia Garcia is saved with her number."))},
		{Name: "contact_number_without_country_code", TaskName: "ContactsAddContact", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The number is typed as 4693017245, leaving out +1; the page shows (469) 301-7245.", Evaluator: eval + " (4693017245 is not 14693017245)",
			Steps: Then(fill("Amelia", "Garcia", "4693017245"), Claim(contactPage("Amelia Garcia", "(469) 301-7245"), "The contact is created with the number."))},
	}
}
