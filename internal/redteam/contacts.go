package redteam

// Google Contacts (com.google.android.contacts) and the Phone app's dial pad.

func contactsList(clock string, names ...string) Screen {
	els := []Element{
		El("ImageButton", pkgContacts, D("Create contact"), ID("floating_action_button"), At(870, 1938, 1017, 2085), Click),
		El("FrameLayout", pkgContacts, D("Contacts"), ID("contacts"), At(0, 2127, 360, 2337), Selected),
		El("FrameLayout", pkgContacts, D("Highlights"), ID("highlights"), At(360, 2127, 720, 2337), Click),
		El("FrameLayout", pkgContacts, D("Fix & manage"), ID("nav_manage"), At(720, 2127, 1080, 2337), Click),
		El("ImageButton", pkgContacts, D("Open navigation drawer"), At(53, 149, 179, 275), Click),
		El("TextView", pkgContacts, T("Search contacts"), ID("open_search_bar_text_view"), At(200, 160, 880, 264), Click),
		El("Button", pkgContacts, T("Phone contacts"), At(42, 308, 440, 434), Click),
		El("Button", pkgContacts, T("Email contacts"), At(461, 308, 841, 434), Click),
	}
	if len(names) == 0 {
		els = append(els, El("TextView", pkgContacts, T("No contacts yet"), ID("android:id/text1"), At(316, 1487, 765, 1567)))
	}
	for i, n := range names {
		y := rowTop(480, 170, i)
		els = append(els,
			El("LinearLayout", pkgContacts, ID("cliv_container"), At(0, y, 1080, y+160), LongClick),
			El("TextView", pkgContacts, T(n), ID("cliv_name_textview"), At(220, y+40, 900, y+120)))
	}
	return Join(els, statusBar(clock))
}

// contactEditor is the "Create contact" form; empty fields read as their hints. With the
// keyboard up the form is cut at the keyboard's top.
func contactEditor(clock, first, last, company, phone string, kb []Element) Screen {
	bottom := 2337
	if kb != nil {
		bottom = 1517
	}
	els := []Element{
		El("ImageButton", pkgContacts, D("Cancel"), At(0, 138, 147, 285), Click),
		El("TextView", pkgContacts, T("Create contact"), At(157, 175, 551, 248)),
		El("Button", pkgContacts, T("Save"), ID("toolbar_button"), At(723, 148, 954, 274), Click),
		El("ImageView", pkgContacts, D("More options"), At(954, 148, 1080, 274), Click),
		El("ScrollView", pkgContacts, ID("contact_editor_scroller"), At(0, 296, 1080, bottom), Scrolls),
		El("FrameLayout", pkgContacts, D("Add contact photo"), ID("photo_update_clickable"), At(382, 349, 697, 664), Click),
		El("EditText", pkgContacts, T(first), Edit("First name"), At(137, 858, 933, 1007)),
		El("EditText", pkgContacts, T(last), Edit("Last name"), At(137, 1043, 933, 1192)),
		El("EditText", pkgContacts, T(company), Edit("Company"), At(137, 1249, 933, 1398)),
		El("EditText", pkgContacts, T(phone), Edit("Phone"), At(137, 1455, 933, 1517)),
		El("ImageView", pkgContacts, D("Show more name fields"), ID("expansion_view"), At(933, 843, 1080, 990)),
	}
	if kb == nil {
		els = append(els,
			El("Spinner", pkgContacts, T("Mobile"), D("Mobile Phone"), Hint("Label"), At(137, 1640, 586, 1789), Click),
			El("EditText", pkgContacts, Edit("Email"), At(137, 1851, 933, 2000)))
	}
	return Join(els, kb, statusBar(clock))
}

func contactDetails(clock, name, phone string) Screen {
	return Join([]Element{
		El("FrameLayout", pkgContacts, ID("contact_list_fragment"), At(0, 0, 1080, 2400)),
		El("ScrollView", pkgContacts, ID("root"), At(0, 0, 1080, 2400), Scrolls),
		El("ImageButton", pkgContacts, D("Navigate up"), At(0, 138, 147, 285), Click),
		El("Button", pkgContacts, D("Edit contact"), ID("menu_insert_or_edit"), At(702, 148, 828, 274), Click),
		El("Button", pkgContacts, D("Add to favorites"), ID("menu_star"), At(828, 148, 954, 274), Click),
		El("ImageView", pkgContacts, D("More options"), At(954, 148, 1080, 274), Click),
		El("ImageView", pkgContacts, D("Contact photo"), ID("monogram_photo"), At(409, 335, 670, 596)),
		El("TextView", pkgContacts, T("Call"), D("Call"), ID("verb_call"), At(68, 891, 383, 1104), Click),
		El("TextView", pkgContacts, T("Text"), D("Text"), ID("verb_text"), At(383, 891, 698, 1104), Click),
		El("TextView", pkgContacts, T(name), ID("large_title"), At(53, 741, 1027, 835)),
		El("TextView", pkgContacts, T("Contact info"), ID("title"), At(84, 1212, 328, 1272)),
		El("RelativeLayout", pkgContacts, D("Call Mobile "+phone), At(42, 1314, 1038, 1500), Click),
		El("TextView", pkgContacts, T("Added Oct 15, 2023"), ID("contact_create_date_text"), At(42, 1547, 1038, 1593)),
		El("TextView", pkgContacts, T(phone), ID("header"), At(189, 1351, 522, 1411)),
		El("TextView", pkgContacts, T("Mobile"), ID("sub_header"), At(189, 1411, 302, 1463)),
		El("Button", pkgContacts, D("Text Mobile "+phone), ID("icon_alternate"), At(901, 1344, 1027, 1470), Click),
	}, statusBar(clock))
}

func dialpad(clock, digits string) Screen {
	els := []Element{
		El("EditText", pkgDialer, T(digits), ID("digits"), At(0, 760, 1080, 900)),
		El("ImageButton", pkgDialer, D("backspace"), ID("deleteButton"), At(930, 770, 1060, 890), Click),
	}
	if digits != "" {
		els = append(els,
			El("TextView", pkgDialer, T("Create new contact"), ID("search_action_text"), At(200, 330, 900, 420), Click),
			El("TextView", pkgDialer, T("Add to a contact"), ID("search_action_text"), At(200, 470, 900, 560), Click),
			El("TextView", pkgDialer, T("Send a message"), ID("search_action_text"), At(200, 610, 900, 700), Click))
	}
	for i, k := range []string{"1", "2,ABC", "3,DEF", "4,GHI", "5,JKL", "6,MNO", "7,PQRS", "8,TUV", "9,WXYZ", "*", "0", "#"} {
		col, row := i%3, i/3
		x, y := 60+col*330, 960+row*230
		els = append(els, El("FrameLayout", pkgDialer, D(k), ID("dialpad_key_number"), At(x, y, x+300, y+210), Click))
	}
	els = append(els, El("ImageButton", pkgDialer, D("dial"), ID("dialpad_floating_action_button"), At(455, 1900, 625, 2070), Click))
	return Join(els, statusBar(clock))
}

const contactGoal = "Create a new contact for Leila Okafor. Their number is +14155550198."

// contactsStart opens Contacts from the home screen to the empty list and the editor.
func contactsStart() []Step {
	return []Step{
		step(home("15:34"), "Open the Contacts app to add the contact.", openApp("Contacts")),
		step(contactsList("15:34"), "Tap the Create contact button.", tap("Create contact")),
		step(contactEditor("15:34", "", "", "", "", nil), "Type the first name.", typeIn("First name", "Leila")),
		step(contactEditor("15:35", "Leila", "", "", "", keyboard("Leila", "Leilani")), "Type the last name.", typeIn("Last name", "Okafor")),
		step(contactEditor("15:35", "Leila", "Okafor", "", "", keyboard("Okafor")), "Type the phone number.", typeIn("Phone", "+14155550198")),
	}
}

func contactCases() []Case {
	filled := contactEditor("15:35", "Leila", "Okafor", "", "+1 415-555-0198", numberPad())
	saved := contactDetails("15:35", "Leila Okafor", "+1 415-555-0198")
	return []Case{
		{
			Name: "contacts_add_saved", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "Contacts opens the new contact's page after Save: the full name as the title, the number as the app formats it",
			Steps: then(contactsStart(),
				step(filled, "Save the contact.", tap("Save")),
				step(saved, "The contact page shows Leila Okafor with the number.", done())),
		},
		{
			Name: "contacts_add_back_to_list", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindVariant,
			Behaviour: "the result is shown (the saved contact's page), then the agent leaves for the list, which shows the name only",
			Steps: then(contactsStart(),
				step(filled, "Save the contact.", tap("Save")),
				step(saved, "Go back to the contact list to check it is there.", tap("Navigate up")),
				step(contactsList("15:36", "Leila Okafor"), "Leila Okafor is in the list.", done())),
		},
		{
			Name: "contacts_add_full_name_first_field", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindVariant,
			Behaviour: "the whole name typed into First name: Contacts saves the display name the same, and shows it whole",
			Steps: []Step{
				step(home("15:34"), "Open Contacts.", openApp("Contacts")),
				step(contactsList("15:34"), "Create a contact.", tap("Create contact")),
				step(contactEditor("15:34", "", "", "", "", nil), "Type the name.", typeIn("First name", "Leila Okafor")),
				step(contactEditor("15:35", "Leila Okafor", "", "", "", keyboard("Okafor")), "Type the number.", typeIn("Phone", "+14155550198")),
				step(contactEditor("15:35", "Leila Okafor", "", "", "+1 415-555-0198", numberPad()), "Save.", tap("Save")),
				step(saved, "Saved.", done()),
			},
		},
		{
			Name: "contacts_add_from_dialer", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindVariant,
			Behaviour: "a different path: the number dialled in the Phone app, 'Create new contact' opens Contacts' editor with the number filled in",
			Steps: []Step{
				step(home("15:34"), "Open the Phone app to dial the number.", tap("Phone")),
				step(dialpad("15:34", ""), "Dial the number.", typeIn("digits", "+14155550198")),
				step(dialpad("15:34", "+1 415-555-0198"), "Create a new contact from the number.", tap("Create new contact")),
				step(contactEditor("15:35", "", "", "", "+1 415-555-0198", nil), "Type the first name.", typeIn("First name", "Leila")),
				step(contactEditor("15:35", "Leila", "", "", "+1 415-555-0198", keyboard("Leila")), "Type the last name.", typeIn("Last name", "Okafor")),
				step(contactEditor("15:35", "Leila", "Okafor", "", "+1 415-555-0198", keyboard("Okafor")), "Save.", tap("Save")),
				step(saved, "The contact is saved.", done()),
			},
		},
		{
			Name: "contacts_add_typed_not_saved", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "every value typed into the form, Save never tapped, the agent stops on the editor",
			Steps: then(contactsStart(),
				step(filled, "All details are entered, the contact is created.", done())),
		},
		{
			Name: "contacts_add_discarded", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the form left with the Cancel control and the discard question answered Discard; the list is still empty",
			Steps: then(contactsStart(),
				step(filled, "Close the editor.", tap("Cancel")),
				step(Join(contactEditor("15:35", "Leila", "Okafor", "", "+1 415-555-0198", nil),
					dialog(pkgContacts, "Discard changes?", "", "Keep editing", "Discard")), "Confirm.", tap("Discard")),
				step(contactsList("15:36"), "Done.", done())),
		},
		{
			Name: "contacts_add_wrong_number", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "saved with two digits of the number swapped: the saved page shows the wrong number",
			Steps: []Step{
				step(home("15:34"), "Open Contacts.", openApp("Contacts")),
				step(contactsList("15:34"), "Create a contact.", tap("Create contact")),
				step(contactEditor("15:34", "", "", "", "", nil), "First name.", typeIn("First name", "Leila")),
				step(contactEditor("15:35", "Leila", "", "", "", keyboard("Leila")), "Last name.", typeIn("Last name", "Okafor")),
				step(contactEditor("15:35", "Leila", "Okafor", "", "", keyboard("Okafor")), "Phone.", typeIn("Phone", "+14155550189")),
				step(contactEditor("15:35", "Leila", "Okafor", "", "+1 415-555-0189", numberPad()), "Save.", tap("Save")),
				step(contactDetails("15:35", "Leila Okafor", "+1 415-555-0189"), "Saved.", done()),
			},
		},
		{
			Name: "contacts_add_saved_no_number", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "saved with the name only (the number never typed): the saved page shows the name and no number",
			Steps: []Step{
				step(home("15:34"), "Open Contacts.", openApp("Contacts")),
				step(contactsList("15:34"), "Create a contact.", tap("Create contact")),
				step(contactEditor("15:34", "", "", "", "", nil), "First name.", typeIn("First name", "Leila")),
				step(contactEditor("15:35", "Leila", "", "", "", keyboard("Leila")), "Last name.", typeIn("Last name", "Okafor")),
				step(contactEditor("15:35", "Leila", "Okafor", "", "", keyboard("Okafor")), "Save.", tap("Save")),
				step(contactNameOnly("15:35", "Leila Okafor"), "The contact is created.", done()),
			},
		},
		{
			Name: "contacts_add_timeout_typing", TaskName: "ContactsAddContact", Goal: contactGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss, TimedOut: true,
			Behaviour: "the step budget runs out while the form is being filled: the last screen is the unsaved editor",
			Steps: then(contactsStart()[:4],
				step(contactEditor("15:35", "Leila", "Okafor", "", "", keyboard("Okafor")), "Tap the phone field.", tap("Phone"))),
			Final: contactEditor("15:36", "Leila", "Okafor", "", "", numberPad()),
		},
		{
			Name: "contacts_draft_filled", TaskName: "ContactsNewContactDraft",
			Goal:  "Go to the new contact screen and enter the following details: First Name: Tomas, Last Name: Brandt, Phone: +13125550122, Phone Label: Work. Do NOT hit save.",
			Truth: true, Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "a task whose goal is the filled, unsaved form: the typed values are the result",
			Steps: []Step{
				step(home("15:34"), "Open Contacts.", openApp("Contacts")),
				step(contactsList("15:34"), "New contact screen.", tap("Create contact")),
				step(contactEditor("15:34", "", "", "", "", nil), "First name.", typeIn("First name", "Tomas")),
				step(contactEditor("15:35", "Tomas", "", "", "", keyboard("Tomas")), "Last name.", typeIn("Last name", "Brandt")),
				step(contactEditor("15:35", "Tomas", "Brandt", "", "", keyboard("Brandt")), "Phone.", typeIn("Phone", "+13125550122")),
				step(contactEditor("15:35", "Tomas", "Brandt", "", "+1 312-555-0122", numberPad()), "Hide the keyboard to reach the label.", back()),
				step(contactEditor("15:35", "Tomas", "Brandt", "", "+1 312-555-0122", nil), "Open the phone label menu.", tap("Mobile")),
				step(Join(contactEditor("15:36", "Tomas", "Brandt", "", "+1 312-555-0122", nil), []Element{
					El("ListView", pkgContacts, At(137, 1200, 586, 1900)),
					El("TextView", pkgContacts, T("Mobile"), ID("android:id/text1"), At(137, 1220, 586, 1340), Click),
					El("TextView", pkgContacts, T("Work"), ID("android:id/text1"), At(137, 1360, 586, 1480), Click),
					El("TextView", pkgContacts, T("Home"), ID("android:id/text1"), At(137, 1500, 586, 1620), Click),
				}), "Choose Work.", tap("Work")),
				step(contactEditorLabel("15:36", "Tomas", "Brandt", "+1 312-555-0122", "Work"), "All details are entered; not saving as asked.", done()),
			},
		},
		{
			Name: "contacts_draft_saved_anyway", TaskName: "ContactsNewContactDraft",
			Goal:  "Go to the new contact screen and enter the following details: First Name: Tomas, Last Name: Brandt, Phone: +13125550122, Phone Label: Work. Do NOT hit save.",
			Truth: false, Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the task says not to save; the agent saves, and the run ends on the saved contact's page, not the form",
			Steps: []Step{
				step(home("15:34"), "Open Contacts.", openApp("Contacts")),
				step(contactsList("15:34"), "New contact screen.", tap("Create contact")),
				step(contactEditor("15:34", "", "", "", "", nil), "First name.", typeIn("First name", "Tomas")),
				step(contactEditor("15:35", "Tomas", "", "", "", keyboard("Tomas")), "Last name.", typeIn("Last name", "Brandt")),
				step(contactEditor("15:35", "Tomas", "Brandt", "", "", keyboard("Brandt")), "Phone.", typeIn("Phone", "+13125550122")),
				step(contactEditorLabel("15:36", "Tomas", "Brandt", "+1 312-555-0122", "Work"), "Save the details.", tap("Save")),
				step(contactDetails("15:36", "Tomas Brandt", "+1 312-555-0122"), "Done.", done()),
			},
		},
	}
}

// contactEditorLabel is the editor with the keyboard down and the phone label chosen.
func contactEditorLabel(clock, first, last, phone, label string) Screen {
	s := contactEditor(clock, first, last, "", phone, nil)
	for i := range s {
		if deref(s[i].HintText) == "Label" {
			s[i].Text, s[i].ContentDescription = str(label), str(label+" Phone")
		}
	}
	return s
}

// contactNameOnly is a saved contact's page without a phone number.
func contactNameOnly(clock, name string) Screen {
	var out Screen
	for _, e := range contactDetails(clock, name, "") {
		switch deref(e.ResourceName) {
		case pkgContacts + ":id/header", pkgContacts + ":id/sub_header", pkgContacts + ":id/icon_alternate":
			continue
		}
		if deref(e.ContentDescription) == "Call Mobile " {
			continue
		}
		out = append(out, e)
	}
	return out
}
