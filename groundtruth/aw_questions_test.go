package groundtruth

import (
	"context"
	"fmt"
	"testing"
)

// Information-retrieval tasks: the agent's answer against the true answer of the
// state setup wrote (the before snapshot). check_agent_answer is cited as "answer".

const (
	answerPy = "task_evals/information_retrieval/proto_utils.py check_agent_answer"
	irPy     = "task_evals/information_retrieval/information_retrieval.py"
)

func ask(p Params, answer string) Params {
	q := Params{"answer": answer}
	for k, v := range p {
		q[k] = v
	}
	return q
}

func questionCases(t *testing.T) []awCase {
	var cs []awCase
	ms := func(day, hour int) int64 { return oct(day, hour).UnixMilli() }

	// ---- Tasks app.
	tasks := dbState(t, TasksDB, schemaTasks,
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate) VALUES ('File taxes', 0, %d)", ms(18, 12)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate) VALUES ('Buy milk', 2, %d)", ms(18, 9)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate, completed) VALUES ('Call mom', 0, %d, %d)", ms(17, 9), ms(14, 8)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate) VALUES ('Plan trip', 1, %d)", ms(25, 9)))
	// The agent completed "Buy milk" and added a task: the true answer is the setup's.
	edited := dbState(t, TasksDB, schemaTasks,
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate) VALUES ('File taxes', 0, %d)", ms(18, 12)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate, completed) VALUES ('Buy milk', 2, %d, %d)", ms(18, 9), ms(15, 16)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate, completed) VALUES ('Call mom', 0, %d, %d)", ms(17, 9), ms(14, 8)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate) VALUES ('Plan trip', 1, %d)", ms(25, 9)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate) VALUES ('Agent task', 0, %d)", ms(18, 9)))
	due := Params{"date": "October 18 2023"}
	// Three completed tasks due Thursday Oct 12 (the question's), and on Thursday Oct 19
	// one completed and one open task.
	weekdayTasks := dbState(t, TasksDB, schemaTasks,
		fmt.Sprintf("INSERT INTO tasks (title, dueDate, completed) VALUES ('Pay rent', %d, %d), ('Call bank', %d, %d), ('Send invoice', %d, %d)", ms(12, 9), ms(11, 8), ms(12, 10), ms(11, 8), ms(12, 11), ms(11, 8)),
		fmt.Sprintf("INSERT INTO tasks (title, dueDate, completed) VALUES ('Water plants', %d, %d), ('Book flights', %d, 0)", ms(19, 9), ms(13, 8), ms(19, 10)))
	cs = append(cs,
		awCase{name: "listed", task: "TasksDueOnDate", cite: answerPy + ": the titles due on the date, any order", params: ask(due, "Buy milk, File taxes"), before: tasks, after: tasks, reward: 1},
		awCase{name: "one missing", task: "TasksDueOnDate", cite: answerPy + ": len(answers) != len(expected)", params: ask(due, "Buy milk"), before: tasks, after: tasks, reward: 0},
		awCase{name: "joined with and", task: "TasksDueOnDate", cite: answerPy + ": only commas split the answer", params: ask(due, "Buy milk and File taxes"), before: tasks, after: tasks, reward: 0},
		awCase{name: "joined with ;", task: "TasksDueOnDate", cite: answerPy + ": only commas split the answer", params: ask(due, "Buy milk; File taxes"), before: tasks, after: tasks, reward: 0},
		awCase{name: "a typo", task: "TasksDueOnDate", cite: answerPy + ": STRING_MATCH compares with fuzzy_match", params: ask(due, "Buy milk, File taxs"), before: tasks, after: tasks, reward: 1},
		awCase{name: "the same title twice", task: "TasksDueOnDate", cite: answerPy + ": each part must match some expected value; parts are not paired with values, so a repeated title passes",
			params: ask(due, "Buy milk, Buy milk"), before: tasks, after: tasks, reward: 1},
		awCase{name: "no answer", task: "TasksDueOnDate", cite: irPy + " is_successful: no interaction_cache gives 0.0", params: ask(due, ""), before: tasks, after: tasks, reward: 0},
		awCase{name: "the date reworded", task: "TasksDueOnDate", cite: "datetime_utils.generate_reworded_date: 'this Wednesday' is Oct 18", params: ask(Params{"date": "this Wednesday"}, "Buy milk, File taxes"), before: tasks, after: tasks, reward: 1},
		awCase{name: "the agent added a task", task: "TasksDueOnDate", cite: answerPy + ": the expected answer is the setup's relevant_state, not the state after the agent",
			params: ask(due, "Buy milk, File taxes"), before: tasks, after: edited, reward: 1},
		awCase{name: "high priority", task: "TasksHighPriorityTasks", cite: answerPy + ": titles with importance 0", params: Params{"answer": "Call mom, File taxes"}, before: tasks, after: tasks, reward: 1},
		awCase{name: "high priority plus one", task: "TasksHighPriorityTasks", cite: answerPy + ": three parts, two expected", params: Params{"answer": "Call mom, File taxes, Plan trip"}, before: tasks, after: tasks, reward: 0},
		awCase{name: "high and due", task: "TasksHighPriorityTasksDueOnDate", cite: answerPy + ": importance 0 and due on the date", params: ask(due, "File taxes"), before: tasks, after: tasks, reward: 1},
		awCase{name: "high and due plus a low one", task: "TasksHighPriorityTasksDueOnDate", cite: answerPy + ": two parts, one expected", params: ask(due, "File taxes, Buy milk"), before: tasks, after: tasks, reward: 0},
		awCase{name: "completed", task: "TasksCompletedTasksForDate", cite: answerPy + ": completed tasks due on the date", params: ask(Params{"date": "October 17 2023"}, "Call mom"), before: tasks, after: tasks, reward: 1},
		awCase{name: "last Thursday", task: "TasksCompletedTasksForDate", cite: "datetime_utils_ir._generate_nl_date_options: a bare weekday is a day up to a week back or ahead; the task's dates run Oct 10-20 (tasks.textproto), and setup made three completed tasks due Oct 12",
			params: ask(Params{"date": "Thursday"}, "Pay rent, Call bank, Send invoice"), before: weekdayTasks, after: weekdayTasks, reward: 1},
		awCase{name: "next Thursday's", task: "TasksCompletedTasksForDate", cite: answerPy + ": the expected answer is Oct 12's tasks, not Oct 19's",
			params: ask(Params{"date": "Thursday"}, "Water plants"), before: weekdayTasks, after: weekdayTasks, reward: 0},
		awCase{name: "an open one", task: "TasksCompletedTasksForDate", cite: answerPy + ": the task is not completed", params: ask(due, "File taxes"), before: tasks, after: tasks, reward: 0},
		awCase{name: "incomplete by the date", task: "TasksIncompleteTasksOnDate", cite: answerPy + ": incomplete tasks due on or before the date", params: ask(due, "Buy milk, File taxes"), before: tasks, after: tasks, reward: 1},
		awCase{name: "a completed one too", task: "TasksIncompleteTasksOnDate", cite: answerPy + ": three parts, two expected", params: ask(due, "Buy milk, File taxes, Call mom"), before: tasks, after: tasks, reward: 0},
		awCase{name: "3 next week", task: "TasksDueNextWeek", cite: answerPy + ": COUNT of the tasks due Oct 16-22, NUMBER_MATCH", params: Params{"answer": "3"}, before: tasks, after: tasks, reward: 1},
		awCase{name: "3.0", task: "TasksDueNextWeek", cite: answerPy + ": float('3.0') == 3", params: Params{"answer": "3.0"}, before: tasks, after: tasks, reward: 1},
		awCase{name: "full-width 3", task: "TasksDueNextWeek", cite: answerPy + ": _cast_answers_to_type's float('\uff13') is 3.0 (Python reads any Unicode decimal digit)", params: Params{"answer": "\uff13"}, before: tasks, after: tasks, reward: 1},
		awCase{name: "Arabic-Indic 3", task: "TasksDueNextWeek", cite: answerPy + ": float('\u0663') is 3.0", params: Params{"answer": " \u0663 "}, before: tasks, after: tasks, reward: 1},
		awCase{name: "3 tasks", task: "TasksDueNextWeek", cite: answerPy + ": float('3 tasks') raises, the answer scores 0", params: Params{"answer": "3 tasks"}, before: tasks, after: tasks, reward: 0},
		awCase{name: "2", task: "TasksDueNextWeek", cite: answerPy + ": 2 != 3", params: Params{"answer": "2"}, before: tasks, after: tasks, reward: 0},
		awCase{name: "no answer given", task: "TasksDueNextWeek", cite: "parameters: the answer is what is scored", params: Params{}, before: tasks, after: tasks, wantErr: "answer"},
	)

	// ---- Joplin.
	joplin := dbState(t, JoplinDB, schemaJoplin,
		"INSERT INTO folders (id, title) VALUES ('f1', 'Work'), ('f2', 'Recipes')",
		"INSERT INTO notes (id, parent_id, title, is_todo) VALUES ('n1', 'f1', 'Ship release', 1), ('n2', 'f1', 'Retro', 1), ('n3', 'f1', 'Minutes', 0), ('n4', 'f2', 'Laundry', 1)",
		"INSERT INTO notes (id, parent_id, title, body) VALUES ('n5', 'f1', 'Team Weekly Sync', 'Meeting Notes:\n- Discussed milestones\n- 12 attendees were present\n')",
		"INSERT INTO notes (id, parent_id, title, body) VALUES ('n6', 'f2', 'Pancake Recipe', 'Ingredients:\n- 1 cup all-purpose flour\n- 3/4 cup chia seeds\n- 1 teaspoon baking powder\n')")
	cs = append(cs,
		awCase{name: "True", task: "NotesIsTodo", cite: answerPy + ": STRING_MATCH against the is_todo parameter (True)", params: Params{"title": "Ship release", "answer": "True"}, before: joplin, after: joplin, reward: 1},
		awCase{name: "true.", task: "NotesIsTodo", cite: answerPy + ": fuzzy_match ignores case; 'true.' is 0.89 of 'true'", params: Params{"title": "Ship release", "answer": "true."}, before: joplin, after: joplin, reward: 0},
		awCase{name: "yes", task: "NotesIsTodo", cite: answerPy + ": 'yes' does not fuzzy-match 'True'", params: Params{"title": "Ship release", "answer": "yes"}, before: joplin, after: joplin, reward: 0},
		awCase{name: "False", task: "NotesIsTodo", cite: answerPy + ": the note is not a to-do", params: Params{"title": "Minutes", "answer": "False"}, before: joplin, after: joplin, reward: 1},
		awCase{name: "2 to-dos", task: "NotesTodoItemCount", cite: answerPy + ": COUNT of the folder's to-dos", params: Params{"folder": "Work", "answer": "2"}, before: joplin, after: joplin, reward: 1},
		awCase{name: "2 to-dos in words", task: "NotesTodoItemCount", cite: answerPy + ": float('2 to-dos') raises", params: Params{"folder": "Work", "answer": "2 to-dos"}, before: joplin, after: joplin, reward: 0},
		awCase{name: "12 attendees", task: "NotesMeetingAttendeeCount", cite: answerPy + ": NUMBER_MATCH against attendee_count (the number in the note)", params: Params{"title": "Team Weekly Sync", "answer": "12"}, before: joplin, after: joplin, reward: 1},
		awCase{name: "the parameter", task: "NotesMeetingAttendeeCount", cite: answerPy + ": expected_value {attendee_count}", params: Params{"title": "Team Weekly Sync", "attendee_count": "12", "answer": "12"}, before: joplin, after: joplin, reward: 1},
		awCase{name: "11", task: "NotesMeetingAttendeeCount", cite: answerPy + ": 11 != 12", params: Params{"title": "Team Weekly Sync", "answer": "11"}, before: joplin, after: joplin, reward: 0},
		awCase{name: "3/4 cup", task: "NotesRecipeIngredientCount", cite: answerPy + ": STRING_MATCH against ingredient_quantity (the recipe's line)", params: Params{"title": "Pancake Recipe", "ingredient": "chia seeds", "answer": "3/4 cup"}, before: joplin, after: joplin, reward: 1},
		awCase{name: "0.75 cups", task: "NotesRecipeIngredientCount", cite: answerPy + ": '0.75 cups' does not fuzzy-match '3/4 cup'", params: Params{"title": "Pancake Recipe", "ingredient": "chia seeds", "answer": "0.75 cups"}, before: joplin, after: joplin, reward: 0},
	)

	// ---- OpenTracks: this week is Oct 9-15.
	track := func(name, cat string, day, hour int, meters float64, mins int) string {
		return fmt.Sprintf("INSERT INTO tracks (name, category, starttime, totaldistance, totaltime, uuid) VALUES ('%s', '%s', %d, %v, %d, randomblob(16))", name, cat, ms(day, hour), meters, mins*60000)
	}
	tracks := dbState(t, TracksDB, schemaTracks,
		track("Morning run", "running", 12, 7, 5123, 30), track("Long run", "running", 14, 7, 10051, 62),
		track("Ride", "biking", 14, 15, 30000, 90), track("Old run", "running", 5, 7, 4000, 25),
		track("Walk", "walking", 8, 10, 3000, 40), track("Sunday ride", "biking", 15, 9, 20000, 60))
	cs = append(cs,
		awCase{name: "categories", task: "SportsTrackerActivitiesOnDate", cite: answerPy + ": the categories on the date", params: Params{"date": "October 14 2023", "answer": "biking, running"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "a weekday back", task: "SportsTrackerActivitiesOnDate", cite: "datetime_utils._generate_nl_date_options: 'Saturday' within the past week is Oct 14", params: Params{"date": "Saturday", "answer": "running, biking"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "last Sunday", task: "SportsTrackerActivitiesOnDate", cite: "datetime_utils_ir._generate_nl_date_options: a bare 'Sunday' is Oct 8 or Oct 22, never today ('today'); the task's dates run Sep 24-Oct 13",
			params: Params{"date": "Sunday", "answer": "walking"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "one category", task: "SportsTrackerActivitiesOnDate", cite: answerPy + ": one part, two expected", params: Params{"date": "October 14 2023", "answer": "running"}, before: tracks, after: tracks, reward: 0},
		awCase{name: "count", task: "SportsTrackerActivitiesCountForWeek", cite: answerPy + ": COUNT of the category this week", params: Params{"category": "running", "answer": "2"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "count in words", task: "SportsTrackerActivitiesCountForWeek", cite: answerPy + ": float('2 activities') raises", params: Params{"category": "running", "answer": "2 activities"}, before: tracks, after: tracks, reward: 0},
		awCase{name: "count with last week", task: "SportsTrackerActivitiesCountForWeek", cite: answerPy + ": Oct 5 is not this week", params: Params{"category": "running", "answer": "3"}, before: tracks, after: tracks, reward: 0},
		awCase{name: "duration", task: "SportsTrackerActivityDuration", cite: answerPy + ": the duration in minutes, exactly", params: Params{"category": "running", "date": "October 14 2023", "answer": "62"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "duration off by one", task: "SportsTrackerActivityDuration", cite: answerPy + ": NUMBER_MATCH without tolerance: 61 != 62", params: Params{"category": "running", "date": "October 14 2023", "answer": "61"}, before: tracks, after: tracks, reward: 0},
		awCase{name: "total duration", task: "SportsTrackerTotalDurationForCategoryThisWeek", cite: answerPy + ": SUM of the week's durations", params: Params{"category": "running", "answer": "92"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "total duration wrong", task: "SportsTrackerTotalDurationForCategoryThisWeek", cite: answerPy + ": 62 != 92", params: Params{"category": "running", "answer": "62"}, before: tracks, after: tracks, reward: 0},
		awCase{name: "longest", task: "SportsTrackerLongestDistanceActivity", cite: answerPy + ": |x - y| < 10 (the task's tolerance)", params: Params{"category": "running", "answer": "10051"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "longest 9 m off", task: "SportsTrackerLongestDistanceActivity", cite: answerPy + ": |10042 - 10051| < 10", params: Params{"category": "running", "answer": "10042"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "longest 10 m off", task: "SportsTrackerLongestDistanceActivity", cite: answerPy + ": |10061 - 10051| is not < 10", params: Params{"category": "running", "answer": "10061"}, before: tracks, after: tracks, reward: 0},
		awCase{name: "longest in km", task: "SportsTrackerLongestDistanceActivity", cite: answerPy + ": float('10.05 km') raises", params: Params{"category": "running", "answer": "10.05 km"}, before: tracks, after: tracks, reward: 0},
		awCase{name: "total distance", task: "SportsTrackerTotalDistanceForCategoryOverInterval", cite: answerPy + ": SUM within 10", params: Params{"category": "running", "start_date": "October 12 2023", "end_date": "October 14 2023", "answer": "15170"}, before: tracks, after: tracks, reward: 1},
		awCase{name: "total distance missing a day", task: "SportsTrackerTotalDistanceForCategoryOverInterval", cite: answerPy + ": 10051 is not within 10 of 15174", params: Params{"category": "running", "start_date": "October 12 2023", "end_date": "October 14 2023", "answer": "10051"}, before: tracks, after: tracks, reward: 0},
	)

	// ---- Simple Calendar Pro.
	cal := dbState(t, CalendarDB, schemaEvents, ev(1, oct(20, 11), 30, "Data Dive", ""), ev(2, oct(20, 13), 60, "Bug Bash", ""),
		ev(3, oct(21, 11), 30, "Trivia Night", ""), ev(4, oct(15, 16), 30, "Call with HR", ""), ev(5, oct(25, 14), 60, "Drinks with Amanda", ""),
		ev(6, oct(28, 10), 30, "Catch up", ""),
		"UPDATE events SET location = 'Conference Room A' WHERE id = 3", "UPDATE events SET location = '100 Main St, Chicago' WHERE id = 6")
	on := Params{"date": "October 20 2023"}
	midnight := dbState(t, CalendarDB, schemaEvents, ev(1, oct(15, 0), 30, "Midnight snack", ""), ev(2, oct(15, 16), 30, "Call with HR", ""))
	onDate := []awCase{
		{name: "listed", cite: answerPy + ": the titles on the date", params: ask(on, "Bug Bash, Data Dive"), before: cal, after: cal, reward: 1},
		{name: "one missing", cite: answerPy + ": one part, two expected", params: ask(on, "Data Dive"), before: cal, after: cal, reward: 0},
		{name: "the next day's", cite: answerPy + ": Trivia Night is not on the date", params: ask(on, "Data Dive, Trivia Night"), before: cal, after: cal, reward: 0},
	}
	cs = append(cs, each([]string{"SimpleCalendarEventsOnDate", "SimpleCalendarAnyEventsOnDate"}, onDate)...)
	cs = append(cs,
		awCase{name: "at 1pm", task: "SimpleCalendarEventOnDateAtTime", cite: answerPy + ": the title starting at the time", params: ask(Params{"date": "October 20 2023", "time": "1pm"}, "Bug bash"), before: cal, after: cal, reward: 1},
		awCase{name: "at 11", task: "SimpleCalendarEventOnDateAtTime", cite: answerPy + ": Data Dive starts at 11", params: ask(Params{"date": "October 20 2023", "time": "1pm"}, "Data Dive"), before: cal, after: cal, reward: 0},
		awCase{name: "location", task: "SimpleCalendarLocationOfEvent", cite: answerPy + ": STRING_MATCH of the location", params: Params{"title": "Trivia Night", "answer": "Conference Room A"}, before: cal, after: cal, reward: 1},
		awCase{name: "another location", task: "SimpleCalendarLocationOfEvent", cite: answerPy + ": the location does not fuzzy-match", params: Params{"title": "Trivia Night", "answer": "Room B"}, before: cal, after: cal, reward: 0},
		awCase{name: "a location with a comma", task: "SimpleCalendarLocationOfEvent", cite: answerPy + ": the answer is split on commas, so a location with one can never pass (kept as AndroidWorld scores)",
			params: Params{"title": "Catch up", "answer": "100 Main St, Chicago"}, before: cal, after: cal, reward: 0},
		awCase{name: "next week", task: "SimpleCalendarEventsInNextWeek", cite: answerPy + ": the titles Oct 15-22", params: Params{"answer": "Call with HR, Data Dive, Bug Bash, Trivia Night"}, before: cal, after: cal, reward: 1},
		awCase{name: "next week without today", task: "SimpleCalendarEventsInNextWeek", cite: answerPy + ": three parts, four expected", params: Params{"answer": "Data Dive, Bug Bash, Trivia Night"}, before: cal, after: cal, reward: 0},
		awCase{name: "next", task: "SimpleCalendarNextEvent", cite: answerPy + ": the first event after 15:30 today", params: Params{"answer": "Call with HR"}, before: cal, after: cal, reward: 1},
		awCase{name: "set up at 12:00am", task: "SimpleCalendarNextEvent", cite: "tasks.textproto SimpleCalendarNextEvent: the relevant event is on October 15 at {time}, and '12:00am' is midnight, before the device's 15:34; " + answerPy + " expects its title",
			params: Params{"time": "12:00am", "answer": "Midnight snack"}, before: midnight, after: midnight, reward: 1},
		awCase{name: "the next one after now, at 12:00am", task: "SimpleCalendarNextEvent", cite: answerPy + ": the expected answer is the 12:00am event, not the first after the device's time",
			params: Params{"time": "12:00am", "answer": "Call with HR"}, before: midnight, after: midnight, reward: 0},
		awCase{name: "next wrong", task: "SimpleCalendarNextEvent", cite: answerPy + ": Data Dive comes later", params: Params{"answer": "Data Dive"}, before: cal, after: cal, reward: 0},
		awCase{name: "in range", task: "SimpleCalendarEventsInTimeRange", cite: answerPy + ": the events from start_time to 8pm", params: ask(Params{"date": "October 20 2023", "start_time": "12:30pm"}, "Bug Bash"), before: cal, after: cal, reward: 1},
		awCase{name: "in range plus the morning", task: "SimpleCalendarEventsInTimeRange", cite: answerPy + ": two parts, one expected", params: ask(Params{"date": "October 20 2023", "start_time": "12:30pm"}, "Bug Bash, Data Dive"), before: cal, after: cal, reward: 0},
		awCase{name: "first after", task: "SimpleCalendarFirstEventAfterStartTime", cite: answerPy + ": the first event at or after the time", params: ask(Params{"date": "October 20 2023", "time": "10:00"}, "Data Dive"), before: cal, after: cal, reward: 1},
		awCase{name: "first after wrong", task: "SimpleCalendarFirstEventAfterStartTime", cite: answerPy + ": Bug Bash is second", params: ask(Params{"date": "October 20 2023", "time": "10:00"}, "Bug Bash"), before: cal, after: cal, reward: 0},
		awCase{name: "meeting", task: "SimpleCalendarNextMeetingWithPerson", cite: answerPy + ": DATE_MATCH and TIME_MATCH as '%B %d %Y %H:%M'", params: Params{"person": "Amanda", "answer": "October 25 2023 14:00"}, before: cal, after: cal, reward: 1},
		awCase{name: "meeting with a zero-padded day", task: "SimpleCalendarNextMeetingWithPerson", cite: answerPy + ": strptime's %d takes 05 and 5 alike", params: Params{"person": "Amanda", "answer": "october 25 2023 14:00"}, before: cal, after: cal, reward: 1},
		awCase{name: "meeting in 12-hour time", task: "SimpleCalendarNextMeetingWithPerson", cite: answerPy + ": '2:00 PM' does not parse with %H:%M", params: Params{"person": "Amanda", "answer": "October 25 2023 2:00 PM"}, before: cal, after: cal, reward: 0},
		awCase{name: "meeting with a comma", task: "SimpleCalendarNextMeetingWithPerson", cite: answerPy + ": 'October 25, 2023 14:00' splits into two parts", params: Params{"person": "Amanda", "answer": "October 25, 2023 14:00"}, before: cal, after: cal, reward: 0},
		awCase{name: "meeting earlier today", task: "SimpleCalendarNextMeetingWithPerson", cite: answerPy + ": the relevant event may be on October 15 before the device's time; it is still the expected answer",
			params: Params{"person": "Mia", "answer": "October 15 2023 09:00"}, before: dbState(t, CalendarDB, schemaEvents, ev(1, oct(15, 9), 60, "Drinks with Mia", ""), ev(2, oct(16, 9), 30, "Call with HR", "")),
			after: newState(), reward: 1},
		awCase{name: "meeting an hour off", task: "SimpleCalendarNextMeetingWithPerson", cite: answerPy + ": 15:00 != 14:00", params: Params{"person": "Amanda", "answer": "October 25 2023 15:00"}, before: cal, after: cal, reward: 0},
	)
	return cs
}

// pullCounter counts what a check pulls off the device.
type pullCounter struct {
	fakeDev
	pulls map[string]int
}

func (d pullCounter) Pull(ctx context.Context, p string) ([]byte, error) {
	d.pulls[p]++
	return d.fakeDev.Pull(ctx, p)
}

// A question over two tables of one database (Joplin's notes and folders) reads both from
// one copy of it: one pull, and one moment of the app's state.
func TestTablesOfOneDatabaseArePulledOnce(t *testing.T) {
	joplin := dbState(t, JoplinDB, schemaJoplin, "INSERT INTO folders (id, title) VALUES ('f1', 'Work')",
		"INSERT INTO notes (id, parent_id, title, is_todo) VALUES ('n1', 'f1', 'Ship release', 1), ('n2', 'f1', 'Retro', 1)")
	dev := pullCounter{fakeDev{joplin}, map[string]int{}}
	p := Params{"folder": "Work", "answer": "2"}
	if _, err := TakeSnapshot(context.Background(), dev, "NotesTodoItemCount", p); err != nil {
		t.Fatal(err)
	}
	if n := dev.pulls[JoplinDB]; n != 1 {
		t.Errorf("the snapshot pulled %s %d times", JoplinDB, n)
	}
	clear(dev.pulls)
	r, err := Check(context.Background(), dev, "NotesTodoItemCount", p, nil)
	if err != nil || r.Reward != 1 {
		t.Fatalf("check: %v %v", r, err)
	}
	if n := dev.pulls[JoplinDB]; n != 1 {
		t.Errorf("the check pulled %s %d times", JoplinDB, n)
	}
}
