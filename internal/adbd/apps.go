package adbd

import (
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// The apps AndroidWorld's task setup drives through intents and taps: the contacts
// editor (contacts_utils.add_contact: an INSERT intent, then a tap on Save) and Simple
// SMS Messenger's conversation (AndroidToolController.send_sms: a SENDTO intent, then
// a tap on the button labelled SMS). Each shows a screen whose buttons act when an
// `input tap` lands inside them; BACK or HOME leaves an app screen for the launcher.

// Button is a place on a screen that acts when tapped.
type Button struct {
	Left, Top, Right, Bottom int
	Press                    func(d *Device)
}

// ContactsEditor and SMSThread are the activities the intents open.
const (
	ContactsEditor = "com.google.android.contacts/com.android.contacts.activities.ContactEditorActivity"
	ContactCard    = "com.google.android.contacts/com.android.contacts.quickcontact.QuickContactActivity"
	SMSThread      = "com.simplemobiletools.smsmessenger/com.simplemobiletools.smsmessenger.activities.ThreadActivity"
)

// ContactsPhones is the provider URI AndroidWorld lists contacts with
// (contacts_utils.list_contacts: `content query --uri content://contacts/phones/`).
const ContactsPhones = "content://contacts/phones/"

// intent is what `am start` was asked to start.
type intent struct {
	action, data, mime, component string
	extras                        map[string]string
}

// parseIntent reads am's intent options (-a -d -t -n -e/--es -ei/--ei, -S -W and
// other flags without values are skipped).
func parseIntent(args []string) (intent, error) {
	in := intent{extras: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		need := func(n int) error {
			if i+n >= len(args) {
				return fmt.Errorf("Error: Argument expected after \"%s\"", a)
			}
			return nil
		}
		switch a {
		case "-a", "-d", "-t", "-n":
			if err := need(1); err != nil {
				return in, err
			}
			v := args[i+1]
			i++
			switch a {
			case "-a":
				in.action = v
			case "-d":
				in.data = v
			case "-t":
				in.mime = v
			default:
				in.component = v
			}
		case "-e", "--es", "--ei", "-ei", "--ez":
			if err := need(2); err != nil {
				return in, err
			}
			in.extras[args[i+1]] = args[i+2]
			i += 2
		default:
			if !strings.HasPrefix(a, "-") {
				return in, fmt.Errorf("unsupported argument %q", a)
			}
		}
	}
	return in, nil
}

// startIntent starts what an implicit intent resolves to on AndroidWorld's device.
func (d *Device) startIntent(in intent, stdout, stderr io.Writer) int {
	switch {
	case in.action == "android.intent.action.INSERT" && (in.mime == "vnd.android.cursor.dir/contact" || in.mime == "vnd.android.cursor.dir/raw_contact"):
		d.showApp(contactEditorScreen(in.extras["name"], in.extras["phone"]))
		fmt.Fprintf(stdout, "Starting: Intent { act=%s typ=%s cmp=%s (has extras) }\n", in.action, in.mime, ContactsEditor)
		return 0
	case in.action == "android.intent.action.SENDTO" && (strings.HasPrefix(in.data, "sms:") || strings.HasPrefix(in.data, "smsto:")):
		_, number, _ := strings.Cut(in.data, ":")
		d.showApp(smsThreadScreen(number, in.extras["sms_body"], nil))
		fmt.Fprintf(stdout, "Starting: Intent { act=%s dat=%s cmp=%s (has extras) }\n", in.action, in.data, SMSThread)
		return 0
	}
	d.refuse("am start " + in.action + " " + in.data + " " + in.mime)
	fmt.Fprintf(stderr, "adbd stand-in: no app for the intent %s %s %s is simulated\n", in.action, in.data, in.mime)
	return 1
}

// showApp puts an app's screen in front, held until something changes it.
func (d *Device) showApp(s Screen) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.state.screens = []Screen{s}
	d.state.hold, d.state.shots, d.state.moves, d.state.shown = 1, 0, 0, 0
}

// pressAt runs the button of the screen shown under (x, y), if any.
func (d *Device) pressAt(x, y int) {
	d.mu.Lock()
	_, scr := d.state.current()
	d.mu.Unlock()
	for _, b := range scr.Buttons {
		if b.Left <= x && x < b.Right && b.Top <= y && y < b.Bottom {
			b.Press(d)
			return
		}
	}
}

// leaveApp is BACK or HOME on an app screen: the launcher shows.
func (d *Device) leaveApp() {
	d.mu.Lock()
	_, scr := d.state.current()
	d.mu.Unlock()
	if scr.App {
		d.showApp(Screen{})
	}
}

func xmlAttr(s string) string { return html.EscapeString(s) }

// uiNode is one node of a screen's dump.
func uiNode(class, pkg, text, desc, resID string, clickable bool, l, t, r, b int, children string) string {
	attrs := fmt.Sprintf(`index="0" text="%s" resource-id="%s" class="%s" package="%s" content-desc="%s" checkable="false" checked="false" clickable="%t" enabled="true" focusable="%t" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[%d,%d][%d,%d]"`,
		xmlAttr(text), xmlAttr(resID), class, pkg, xmlAttr(desc), clickable, clickable, l, t, r, b)
	if children == "" {
		return "<node " + attrs + " />"
	}
	return "<node " + attrs + ">" + children + "</node>"
}

func hierarchy(pkg, nodes string) string {
	return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
		uiNode("android.widget.FrameLayout", pkg, "", "", "", false, 0, 0, 1080, 2400, nodes) + `</hierarchy>`
}

// contactEditorScreen is Google Contacts' new-contact form filled from the intent's
// extras; Save stores the contact and shows its card.
func contactEditorScreen(name, phone string) Screen {
	const pkg = "com.google.android.contacts"
	nodes := uiNode("android.widget.ImageButton", pkg, "", "Cancel", "", true, 0, 132, 147, 279, "") +
		uiNode("android.widget.TextView", pkg, "Create contact", "", "", false, 189, 164, 640, 247, "") +
		uiNode("android.widget.Button", pkg, "Save", "", pkg+":id/toolbar_button", true, 864, 150, 1038, 261, "") +
		uiNode("android.widget.EditText", pkg, name, "", "", true, 189, 700, 1038, 847, "") +
		uiNode("android.widget.EditText", pkg, phone, "", "", true, 189, 1300, 1038, 1447, "") +
		uiNode("android.widget.Spinner", pkg, "Mobile", "Mobile Phone", "", true, 189, 1447, 500, 1560, "")
	return Screen{Activity: ContactsEditor, XML: hierarchy(pkg, nodes), App: true, Buttons: []Button{{864, 150, 1038, 261, func(d *Device) {
		d.mu.Lock()
		d.state.content[ContactsPhones] = append(append([]Row(nil), d.state.content[ContactsPhones]...), R("display_name", name, "number", phone))
		d.mu.Unlock()
		card := uiNode("android.widget.TextView", pkg, name, "", pkg+":id/large_title", false, 63, 900, 1017, 1010, "") +
			uiNode("android.widget.TextView", pkg, phone, "", "", false, 189, 1300, 900, 1380, "")
		d.showApp(Screen{Activity: ContactCard, XML: hierarchy(pkg, card), App: true})
	}}}}
}

// smsThreadScreen is Simple SMS Messenger's conversation with number, the draft in
// its text field and the messages sent this visit listed; the button labelled SMS
// sends the draft (a row of the sent box) and empties the field.
func smsThreadScreen(number, draft string, sent []string) Screen {
	const pkg = "com.simplemobiletools.smsmessenger"
	nodes := uiNode("android.widget.TextView", pkg, number, "", pkg+":id/thread_toolbar_title", false, 189, 150, 900, 260, "")
	for i, m := range sent {
		top := 400 + 150*i
		nodes += uiNode("android.widget.TextView", pkg, m, "", pkg+":id/thread_message_body", false, 400, top, 1038, top+120, "")
	}
	nodes += uiNode("android.widget.EditText", pkg, draft, "", pkg+":id/thread_type_message", true, 42, 2200, 880, 2330, "") +
		uiNode("android.widget.TextView", pkg, "SMS", "", pkg+":id/thread_send_message", true, 900, 2200, 1038, 2330, "")
	return Screen{Activity: SMSThread, XML: hierarchy(pkg, nodes), App: true, Buttons: []Button{{900, 2200, 1038, 2330, func(d *Device) {
		if draft == "" {
			return
		}
		if err := d.storeSMS(smsSent, number, draft, pkg); err != nil {
			d.refuse("Simple SMS Messenger could not store the sent message: " + err.Error())
			return
		}
		d.showApp(smsThreadScreen(number, "", append(append([]string(nil), sent...), draft)))
	}}}}
}

func atoiOr(s string, def int) int {
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return int(v)
	}
	return def
}
