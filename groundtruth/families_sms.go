package groundtruth

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// SMS and contacts, checked as AndroidWorld's sms_validators and contacts_utils do:
// the raw `content query` output cut and parsed with their rules, so a message body
// with commas (or even "=") reads the same here as there.

// SMSPackage is Simple SMS Messenger; AndroidWorld's SMS tasks also require it to
// be in the foreground when scored.
const SMSPackage = "com.simplemobiletools.smsmessenger"

// SMSWindowMs is how recent a sent message must be to count (AndroidWorld: 5 minutes).
const SMSWindowMs = 5 * 60 * 1000

// smsSentQuery lists the sent messages, newest first (SimpleSMSSendSms.get_sent_messages).
const smsSentQuery = "content query --uri content://sms/sent"

// smsMessages is sms_validators._decode_messages_from_response: the output cut before
// each "\nRow:" (a body may span lines), "No result found." meaning none.
func smsMessages(out string) []string {
	if strings.HasPrefix(strings.ReplaceAll(out, "\r", ""), "No result found.") {
		return nil
	}
	parts := strings.Split(out, "\nRow:")
	for i := 1; i < len(parts); i++ {
		parts[i] = "Row:" + parts[i]
	}
	return parts
}

// parseSMSMessage is sms_validators.parse_message, rule for rule: the body runs from
// "body=" to the last ", " before the next "=" (when that "=" has no ", " before it,
// Python's rfind gives -1 and the body loses its last character: kept, as AndroidWorld
// scores that way); the rest is split on ", " into key=value (or key:value) pairs.
func parseSMSMessage(row string) map[string]string {
	parsed := map[string]string{}
	row = strings.TrimSpace(row)
	if start := strings.Index(row, "body="); start >= 0 {
		body := row[start+5:]
		if eq := strings.Index(body, "="); eq >= 0 {
			if comma := strings.LastIndex(body[:eq], ", "); comma >= 0 {
				body = body[:comma]
			} else if body != "" {
				_, size := utf8.DecodeLastRuneInString(body)
				body = body[:len(body)-size]
			}
		}
		parsed["body"] = body
		row = row[:start] + row[start+5+len(body):]
	}
	for _, part := range strings.Split(row, ", ") {
		if k, v, ok := strings.Cut(part, "="); ok {
			parsed[strings.TrimSpace(k)] = strings.TrimSpace(v)
		} else if k, v, ok := strings.Cut(part, ":"); ok {
			parsed[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return parsed
}

// smsAddress is a message's address with "-" and " " removed, as AndroidWorld compares
// it (nothing else is removed: "+1 (555) 010-4477" is "+1(555)0104477").
func smsAddress(fields map[string]string) string {
	return strings.NewReplacer("-", "", " ", "").Replace(fields["address"])
}

// smsWasSent is sms_validators.was_sent: the first message to number (compared as is,
// after the address lost its dashes and spaces) whose body fuzzy-matches body, sent at
// most five minutes before nowMs. A message missing address, body or date before a
// match is found is an error, as there.
func smsWasSent(messages []string, number, body string, nowMs int64) (Part, error) {
	part := Part{Name: fmt.Sprintf("SMS to %s with body %q sent in the last 5 minutes", number, clip(body, 60))}
	matched := 0
	for _, m := range messages {
		f := parseSMSMessage(m)
		_, okA := f["address"]
		msgBody, okB := f["body"]
		date, okD := f["date"]
		if !okA || !okB || !okD {
			return Part{}, fmt.Errorf("could not find the address, body and date fields of the message %q", clip(strings.TrimSpace(m), 100))
		}
		ms, err := strconv.ParseInt(strings.TrimSpace(date), 10, 64)
		if err != nil {
			return Part{}, fmt.Errorf("message date %q is not an integer", date)
		}
		// sms_validators.was_sent: fuzzy_match(msg_body, body), the device's text first.
		if smsAddress(f) == number && FuzzyMatch(msgBody, body) {
			if nowMs-ms <= SMSWindowMs {
				part.Pass = true
				part.Detail = fmt.Sprintf("sent %ds before the device clock", (nowMs-ms)/1000)
				return part, nil
			}
			matched++
			part.Detail = fmt.Sprintf("a matching message was sent %ds before the device clock", (nowMs-ms)/1000)
		}
	}
	if matched == 0 {
		part.Detail = fmt.Sprintf("none of %d sent messages goes to %s with that body", len(messages), number)
	}
	return part, nil
}

// deviceTimeMs is SimpleSMSSendSms.get_android_time: `date +%s`, in milliseconds.
func deviceTimeMs(ctx context.Context, dev Device) (int64, error) {
	out, err := dev.Shell(ctx, "date +%s")
	if err != nil {
		return 0, fmt.Errorf("date +%%s: %w", err)
	}
	now, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("date +%%s: %q is not a time", strings.TrimSpace(out))
	}
	return now * 1000, nil
}

func sentMessages(ctx context.Context, dev Device) ([]string, error) {
	out, err := dev.Shell(ctx, smsSentQuery)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", smsSentQuery, err)
	}
	// A provider failure prints an exception instead of rows; AndroidWorld then fails
	// to find the message fields (an error there too), so say what was printed.
	if t := strings.TrimSpace(strings.ReplaceAll(out, "\r", "")); !strings.HasPrefix(t, "Row:") && !strings.HasPrefix(t, "No result found.") {
		return nil, fmt.Errorf("%s: not a list of rows: %q", smsSentQuery, clip(t, 120))
	}
	return smsMessages(out), nil
}

// smsSendResult is SimpleSMSSendSms.is_successful: the message was sent (was_sent) and
// Simple SMS Messenger is in the foreground; when a screen element's text starts with
// "Sending" (the emulator failed to send), _check_if_stuck_at_sending makes it raise,
// whatever was found: AndroidWorld records no score.
func smsSendResult(ctx context.Context, dev Device, task, number, body string) (*Result, error) {
	messages, err := sentMessages(ctx, dev)
	if err != nil {
		return nil, err
	}
	now, err := deviceTimeMs(ctx, dev)
	if err != nil {
		return nil, err
	}
	sent, err := smsWasSent(messages, number, body, now)
	if err != nil {
		return nil, err
	}
	fg, err := foregroundPart(ctx, dev, "Simple SMS Messenger", SMSPackage)
	if err != nil {
		return nil, err
	}
	ur, ok := dev.(uiReader)
	if !ok {
		return nil, fmt.Errorf("this device connection cannot read the screen, which AndroidWorld's SMS check reads for a message stuck at \"Sending\"")
	}
	doc, err := ur.UIXML(ctx)
	if err != nil {
		return nil, err
	}
	nodes, err := ParseUIXML(doc)
	if err != nil {
		return nil, err
	}
	// _check_if_stuck_at_sending reads env.get_state().ui_elements.
	for _, n := range awElements(nodes, true) {
		if strings.HasPrefix(n.Text, "Sending") {
			return nil, noScore("the screen shows %q, and sms_validators raises ValueError when a message is stuck at sending (an Android/emulator issue)", clip(n.Text, 60))
		}
	}
	return allOf(task, sent, fg), nil
}

func messagingFamilies() {
	for _, n := range []string{"SimpleSmsSend", "SimpleSmsReply", "SimpleSmsSendClipboardContent", "SimpleSmsSendReceivedAddress", "SimpleSmsReplyMostRecent"} {
		name := n
		register(&Family{Name: name, App: "Simple SMS Messenger",
			Checks: "content query content://sms/sent: a message to the number (dashes and spaces removed) with the body (fuzzy), sent in the last 5 minutes; Simple SMS Messenger in the foreground",
			Params: []string{"number", "message"},
			check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
				number, err := p.String("number")
				if err != nil {
					return nil, err
				}
				body, err := p.String("message")
				if err != nil {
					return nil, err
				}
				return smsSendResult(ctx, dev, name, number, body)
			}})
	}
	register(&Family{Name: "SimpleSmsResend", App: "Simple SMS Messenger", Diff: true,
		BeforeNote: "the sent messages before the task are needed",
		Checks:     "content query content://sms/sent: exactly one more sent message than before, the newest equal (address, fuzzy body) to the last one listed before (needs the before snapshot)",
		commands:   func(Params) []string { return []string{smsSentQuery} },
		check: func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error) {
			out, ok := before.output(smsSentQuery)
			if !ok {
				return nil, fmt.Errorf("needs a before snapshot: a resent message is only known against the messages sent before the task")
			}
			prior := smsMessages(out)
			after, err := sentMessages(ctx, dev)
			if err != nil {
				return nil, err
			}
			// SimpleSmsResend.is_successful: one more message than before...
			count := Part{Name: "exactly one new sent message", Pass: len(after) == len(prior)+1,
				Detail: fmt.Sprintf("%d sent before, %d now", len(prior), len(after))}
			if !count.Pass {
				return allOf("SimpleSmsResend", count), nil
			}
			if len(prior) == 0 {
				return nil, fmt.Errorf("before snapshot: no message had been sent, so there is nothing to resend")
			}
			// ...and sms_are_equal(after[0], before[-1]): the newest now against the last
			// listed before. The list is newest first, so before[-1] is the oldest sent
			// message; AndroidWorld's setup sends exactly one, where oldest and newest
			// coincide. Kept as AndroidWorld scores it.
			newest, last := parseSMSMessage(after[0]), parseSMSMessage(prior[len(prior)-1])
			for _, m := range []map[string]string{newest, last} {
				if _, ok := m["address"]; !ok {
					return nil, fmt.Errorf("a sent message has no address field")
				}
				if _, ok := m["body"]; !ok {
					return nil, fmt.Errorf("a sent message has no body field")
				}
			}
			same := Part{Name: "the new message repeats the earlier one (address, fuzzy body)",
				Pass:   smsAddress(newest) == smsAddress(last) && FuzzyMatch(newest["body"], last["body"]),
				Detail: fmt.Sprintf("new: %s %q; earlier: %s %q", newest["address"], clip(newest["body"], 60), last["address"], clip(last["body"], 60))}
			return allOf("SimpleSmsResend", count, same), nil
		}})
	register(&Family{Name: "ContactsAddContact", App: "Contacts",
		Checks: "content query content://contacts/phones/ (display_name:number): the name exactly, the number's digits",
		Params: []string{"name", "number"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			name, err := p.String("name")
			if err != nil {
				return nil, err
			}
			number, err := p.String("number")
			if err != nil {
				return nil, err
			}
			const cmd = "content query --uri content://contacts/phones/ --projection display_name:number"
			out, err := dev.Shell(ctx, cmd)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", cmd, err)
			}
			contacts := listContacts(out)
			part := Part{Name: fmt.Sprintf("contact %q with number %s", name, number),
				Detail: fmt.Sprintf("not among %d phone entries", len(contacts))}
			want := contact{name, phoneDigits(number)}
			for _, c := range contacts {
				if c == want {
					part.Pass, part.Detail = true, fmt.Sprintf("found among %d phone entries", len(contacts))
				}
			}
			return allOf("ContactsAddContact", part), nil
		}})
}

type contact struct{ name, number string }

var contactRe = regexp.MustCompile(`display_name=(.*), number=(.*)`)

// listContacts is contacts_utils.list_contacts: the regex display_name=(.*), number=(.*)
// over the output (line by line, greedy), numbers cleaned to their digits.
func listContacts(out string) []contact {
	var cs []contact
	for _, m := range contactRe.FindAllStringSubmatch(strings.ReplaceAll(out, "\r", ""), -1) {
		cs = append(cs, contact{m[1], phoneDigits(m[2])})
	}
	return cs
}

// phoneDigits is contacts_utils.clean_phone_number: re.sub(r"\D", "", number), where
// Python's \d is any Unicode decimal digit.
func phoneDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}
