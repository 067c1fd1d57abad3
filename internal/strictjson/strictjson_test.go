package strictjson

import (
	"errors"
	"strings"
	"testing"
)

type episode struct {
	Success *bool    `json:"task_actually_successful"`
	Task    string   `json:"task"`
	Score   *float64 `json:"score"`
	Params  map[string]any
}

func TestKeysMatchExactly(t *testing.T) {
	// Python's json reads this as {"task_actually_successful": False, ...}: the other
	// spelling is another key.
	var ep episode
	if err := Unmarshal([]byte(`{"task_actually_successful":false,"Task_Actually_Successful":true,"TASK":"x","task":"open"}`), &ep); err != nil {
		t.Fatal(err)
	}
	if ep.Success == nil || *ep.Success || ep.Task != "open" {
		t.Errorf("read %+v, want success false and task open (keys matched exactly)", ep)
	}
	ep = episode{}
	if err := Unmarshal([]byte(`{"Task":"x"}`), &ep); err != nil || ep.Task != "" {
		t.Errorf(`"Task" filled "task": %+v %v`, ep, err)
	}
}

func TestDuplicateKeysAreErrors(t *testing.T) {
	for _, doc := range []string{
		`{"task":"a","task":"b"}`,
		`{"Params":{"x":1,"x":2}}`,
		`{"Params":{"deep":[{"k":1,"k":1}]}}`,
	} {
		var ep episode
		err := Unmarshal([]byte(doc), &ep)
		if err == nil || !strings.Contains(err.Error(), "appears twice") {
			t.Errorf("%s: %v, want a duplicate-key error", doc, err)
		}
		if err := Check([]byte(doc)); err == nil || !strings.Contains(err.Error(), "appears twice") {
			t.Errorf("Check(%s): %v, want a duplicate-key error", doc, err)
		}
	}
}

func TestDepthIsBounded(t *testing.T) {
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	var v any
	var de *DepthError
	if err := Unmarshal([]byte(deep), &v); !errors.As(err, &de) || de.Offset != MaxDepth {
		t.Errorf("%d levels: %v, want a depth error at byte %d", MaxDepth+1, err, MaxDepth)
	}
	ok := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if err := Unmarshal([]byte(ok), &v); err != nil {
		t.Errorf("%d levels: %v", MaxDepth, err)
	}
	// Brackets inside strings are text.
	if err := Unmarshal([]byte(`["`+strings.Repeat("[", 1000)+`\"["]`), &v); err != nil {
		t.Errorf("brackets in a string: %v", err)
	}
}

func TestPythonConstants(t *testing.T) {
	// What json.dump writes for float('nan'), float('inf') and -float('inf'); inside
	// strings the words are text.
	var ep episode
	err := UnmarshalPython([]byte(`{"score":NaN,"task":"NaN Infinity","Params":{"a":Infinity,"b":-Infinity,"c":[NaN]}}`), &ep)
	if err != nil {
		t.Fatal(err)
	}
	if ep.Score != nil || ep.Task != "NaN Infinity" || ep.Params["a"] != nil || ep.Params["b"] != nil {
		t.Errorf("read %+v, want the constants as null and the string untouched", ep)
	}
	// Unmarshal is for JSON proper: NaN is an error there, with its position.
	if err := Unmarshal([]byte(`{"score":NaN}`), &ep); err == nil || !strings.Contains(err.Error(), "at byte 9") {
		t.Errorf("Unmarshal read NaN: %v", err)
	}
	// After a replaced NaN, offsets are those of the file but one.
	err = UnmarshalPython([]byte(`{"score":Infinity,"task":5}`), &ep)
	if err == nil || !strings.Contains(err.Error(), "at byte 25 (/task)") {
		t.Errorf("offset after Infinity: %v", err)
	}
}

func TestErrorsAreOneLineWithPlace(t *testing.T) {
	var ep episode
	err := Unmarshal([]byte("{\"task\": 3}"), &ep)
	if err == nil || err.Error() != "cannot read JSON number as a string at byte 9 (/task)" {
		t.Errorf("got %v", err)
	}
	err = Unmarshal([]byte("{\"task\": \"a\"} x"), &ep)
	if err == nil || strings.Contains(err.Error(), "\n") {
		t.Errorf("got %v", err)
	}
}

func FuzzUnmarshal(f *testing.F) {
	for _, s := range []string{`{"task":"a","Task":"b"}`, `{"score":NaN}`, `[[[]]]`, `{"a":"\"[["}`, `-Infinity`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v any
		err := UnmarshalPython(data, &v)
		if cerr := Check(pythonConstantsAsNull(data)); (err == nil) != (cerr == nil) {
			t.Fatalf("UnmarshalPython: %v; Check: %v", err, cerr)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Fatalf("error of several lines: %q", err)
		}
	})
}
