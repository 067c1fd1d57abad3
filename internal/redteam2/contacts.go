package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Google Contacts (com.google.android.contacts), as AndroidWorld's image has it: the list,
// the "Create contact" editor (first and last name, phone with its label spinner), the
// details page a saved contact opens on, and the discard question the editor asks when it is
// cancelled with changes.

var contacts = UIOf("com.google.android.contacts")

func contactsList(names ...string) []El {
	out := Els(
		contacts.Icon("Create contact", "floating_action_button", Bx(870, 1938, 1017, 2085)),
		Selected(El{Desc: "Contacts", Class: "android.widget.FrameLayout", Pkg: contacts.Pkg, Res: contacts.Res("contacts"), Box: Bx(0, 2127, 360, 2337)}),
		El{Desc: "Highlights", Class: "android.widget.FrameLayout", Pkg: contacts.Pkg, Res: contacts.Res("highlights"), Box: Bx(360, 2127, 720, 2337), Clickable: true},
		El{Desc: "Fix & manage", Class: "android.widget.FrameLayout", Pkg: contacts.Pkg, Res: contacts.Res("nav_manage"), Box: Bx(720, 2127, 1080, 2337), Clickable: true},
		contacts.Icon("Open navigation drawer", "", Bx(53, 149, 179, 275)),
		contacts.Text("Search contacts", "open_search_bar_text_view", Bx(200, 170, 700, 250)),
	)
	if len(names) == 0 {
		return append(out, contacts.Text("No contacts yet", "text1", Bx(316, 1487, 765, 1567)))
	}
	for i, n := range names {
		y := 480 + i*168
		out = append(out, contacts.TapText(n, "cliv_name_textview", Bx(210, y, 1000, y+80)))
	}
	return out
}

// contactForm is the editor: values typed so far (empty shows the hint), the phone label,
// and which field holds the focus ("" for none).
type contactForm struct{ first, last, phone, label, focus string }

func contactEditor(f contactForm, title string) []El {
	field := func(val, hint string, y int) El {
		e := contacts.Edit(val, hint, "", Bx(137, y, 933, y+149))
		if f.focus == hint {
			e = Focused(e)
		}
		return e
	}
	label := f.label
	if label == "" {
		label = "Mobile"
	}
	spin := El{Text: label, Desc: label + " Phone", Hint: "Label", Class: "android.widget.Spinner", Pkg: contacts.Pkg,
		Box: Bx(137, 1640, 586, 1789), Editable: true, Clickable: true}
	app := Els(
		contacts.Icon("Cancel", "", Bx(0, 138, 147, 285)),
		contacts.Text(title, "", Bx(157, 175, 551, 248)),
		contacts.Button("Save", "toolbar_button", Bx(723, 148, 954, 274)),
		contacts.Image("More options", "", Bx(954, 148, 1080, 274)),
		contacts.Scroller("android.widget.ScrollView", "contact_editor_scroller", Bx(0, 296, 1080, 2337)),
		contacts.Button("Add picture", "button_change_photo", Bx(406, 664, 673, 790)),
		field(f.first, "First name", 858),
		field(f.last, "Last name", 1043),
		field("", "Company", 1249),
		field(f.phone, "Phone", 1455),
		spin,
		contacts.Icon("Show dropdown menu", "text_input_end_icon", Bx(460, 1651, 586, 1777)),
		field("", "Email", 1851),
	)
	if f.focus != "" {
		return WithKeyboard(app, "Next")
	}
	return app
}

func contactDetails(name, number, label string) []El {
	return Els(
		contacts.Icon("Navigate up", "", Bx(0, 138, 147, 285)),
		contacts.Icon("Edit contact", "menu_insert_or_edit", Bx(702, 148, 828, 274)),
		contacts.Icon("Add to favorites", "menu_star", Bx(828, 148, 954, 274)),
		contacts.Image("More options", "", Bx(954, 148, 1080, 274)),
		contacts.Image("Contact photo", "monogram_photo", Bx(409, 335, 670, 596)),
		contacts.Text(name, "large_title", Bx(53, 741, 1027, 835)),
		contacts.TapText("Call", "verb_call", Bx(68, 891, 383, 1104)),
		contacts.TapText("Text", "verb_text", Bx(383, 891, 698, 1104)),
		contacts.Text("Contact info", "title", Bx(84, 1212, 328, 1272)),
		contacts.Row("Call "+label+" "+number, "", Bx(42, 1314, 1038, 1500)),
		contacts.Text(number, "header", Bx(189, 1351, 522, 1411)),
		contacts.Text(label, "sub_header", Bx(189, 1411, 302, 1463)),
		contacts.Text("Added Oct 15, 2023", "contact_create_date_text", Bx(42, 1547, 1038, 1593)),
	)
}

func labelPopup(current contactForm) []El {
	var out []El
	for i, l := range []string{"Mobile", "Work", "Home", "Main", "Work Fax", "Home Fax", "Pager", "Other", "Custom"} {
		y := 1100 + i*126
		e := contacts.TapText(l, "", Bx(137, y, 586, y+126))
		e.Res = "android:id/text1"
		out = append(out, e)
	}
	return Screen(contactEditor(current, "Create contact"), out)
}

// contactSteps types a contact into a fresh editor; the editor's last state is returned too.
func contactSteps(first, last, phone string) ([]Step, contactForm) {
	f := contactForm{}
	steps := []Step{
		FromHome("Contacts"),
		StepOn(On(contactsList()), "Tap the button that creates a contact.", Tap("Create contact")),
		StepOn(On(contactEditor(f, "Create contact")), "Type the first name.", TypeIn("First name", first)),
	}
	f.first, f.focus = first, "First name"
	steps = append(steps, StepOn(On(contactEditor(f, "Create contact")), "Type the last name.", TypeIn("Last name", last)))
	f.last, f.focus = last, "Last name"
	steps = append(steps, StepOn(On(contactEditor(f, "Create contact")), "Type the phone number.", TypeIn("Phone", phone)))
	f.phone, f.focus = phone, "Phone"
	return steps, f
}

func contactCases() []Case {
	const addEval = "contacts.py ContactsAddContact -> contacts_validators.AddContact.is_successful: a contact with the name and the cleaned number is listed by content://contacts/phones"
	var out []Case

	steps, f := contactSteps("Lena", "Okafor", "+15550142233")
	shown := "+1 555-014-2233"
	f.phone = shown
	steps = append(steps,
		StepOn(On(contactEditor(f, "Create contact")), "All details are in; save the contact.", Tap("Save")),
		StepOn(On(contactDetails("Lena Okafor", shown, "Mobile")), "The contact Lena Okafor is saved with the number.", Done()))
	out = append(out, Case{Name: "contacts_add_name_in_two_fields", TaskName: "ContactsAddContact",
		Goal: "Create a new contact for Lena Okafor. Their number is +15550142233.", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "A full name is entered as a first and a last name in one form, committed with Save; the number comes back formatted with spaces and dashes.",
		Evaluator: addEval, Steps: steps})

	steps, f = contactSteps("Lena", "Okafor", "+15550142233")
	f.phone = shown
	steps = append(steps,
		StepOn(On(contactEditor(f, "Create contact")), "Close the editor.", Tap("Cancel")),
		StepOn(On(contactEditor(f, "Create contact"), Dialog(contacts.Pkg, "Discard changes?", "", "Discard", "Keep editing")), "Leave the editor.", Tap("Discard")),
		StepOn(On(contactsList()), "I entered the contact's details, so the task is done.", Done()))
	out = append(out, Case{Name: "contacts_add_discarded", TaskName: "ContactsAddContact",
		Goal: "Create a new contact for Lena Okafor. Their number is +15550142233.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "An editor cancelled with changes asks whether to discard them; Discard drops the form and the list stays empty.",
		Evaluator: addEval, Steps: steps})

	steps, f = contactSteps("Lena", "Okafor", "+1555014223")
	f.phone = "+1 555014223"
	steps = append(steps,
		StepOn(On(contactEditor(f, "Create contact")), "Save the contact.", Tap("Save")),
		StepOn(On(contactDetails("Lena Okafor", "+1 555014223", "Mobile")), "Lena Okafor is saved.", Done()))
	out = append(out, Case{Name: "contacts_add_number_typo", TaskName: "ContactsAddContact",
		Goal: "Create a new contact for Lena Okafor. Their number is +15550142233.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "A saved record shows the value the agent typed, one digit short of the task's number.",
		Evaluator: addEval, Steps: steps})

	draftGoal := "Go to the new contact screen and enter the following details: First Name: Grace, Last Name: Adams, Phone: 415-555-0199, Phone Label: Work. Do NOT hit save."
	const draftEval = "contacts.py ContactsNewContactDraft.is_successful: the current screen has fields with hint First name/Last name/Phone holding the values and a label element 'Work' ('Work Phone')"
	steps, f = contactSteps("Grace", "Adams", "415-555-0199")
	steps = append(steps, StepOn(On(contactEditor(f, "Create contact")), "Hide the keyboard to reach the label.", Back()))
	f.focus = ""
	steps = append(steps,
		StepOn(On(contactEditor(f, "Create contact")), "Open the phone label menu.", Tap("Show dropdown menu")),
		StepOn(On(labelPopup(f)), "Choose Work.", Tap("Work")))
	f.label, f.focus = "Work", ""
	steps = append(steps, StepOn(On(contactEditor(f, "Create contact")), "The details are entered and not saved, as asked.", Done()))
	out = append(out, Case{Name: "contacts_draft_left_unsaved", TaskName: "ContactsNewContactDraft", Goal: draftGoal,
		Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The task asks for a filled form that is not saved: the typed values on the open editor are the result.",
		Evaluator: draftEval, Steps: steps})

	steps, f = contactSteps("Grace", "Adams", "415-555-0199")
	steps = append(steps, StepOn(On(contactEditor(f, "Create contact")), "Hide the keyboard to reach the label.", Back()))
	f.focus = ""
	steps = append(steps,
		StepOn(On(contactEditor(f, "Create contact")), "Open the phone label menu.", Tap("Show dropdown menu")),
		StepOn(On(labelPopup(f)), "Choose Work.", Tap("Work")))
	f.label, f.focus = "Work", ""
	steps = append(steps,
		StepOn(On(contactEditor(f, "Create contact")), "Everything is entered; save it.", Tap("Save")),
		StepOn(On(contactDetails("Grace Adams", "415-555-0199", "Work")), "The contact details were entered.", Done()))
	out = append(out, Case{Name: "contacts_draft_saved_anyway", TaskName: "ContactsNewContactDraft", Goal: draftGoal,
		Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Saving closes the editor; the task forbade the save and scores the editor still open with the values.",
		Evaluator: draftEval, Steps: steps})
	return out
}
