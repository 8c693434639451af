// The documented JSON schema (docs/report.schema.json) against the Go types, and the schema checker against broken reports.

package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"leapfrog/internal/testutil"
)

func readSchema(t *testing.T) (raw []byte, defs map[string]map[string]any, root map[string]any) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(testutil.Root(), "docs", "report.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &root); err != nil {
		t.Fatal(err)
	}
	defs = map[string]map[string]any{}
	for k, v := range root["$defs"].(map[string]any) {
		defs[k] = v.(map[string]any)
	}
	return raw, defs, root
}

// jsonFields lists the JSON names of a struct's fields (embedded structs
// flattened) and which are required (not omitempty).
func jsonFields(t reflect.Type) (all, required []string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			a, r := jsonFields(f.Type)
			all, required = append(all, a...), append(required, r...)
			continue
		}
		tag := f.Tag.Get("json")
		if tag == "-" || !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		all = append(all, name)
		if !strings.Contains(opts, "omitempty") {
			required = append(required, name)
		}
	}
	sort.Strings(all)
	sort.Strings(required)
	return all, required
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestSchemaMatchesTypes: every field the Go types write is documented, no
// documented field is missing from them, and the required ones are exactly
// the fields that are always written.
func TestSchemaMatchesTypes(t *testing.T) {
	_, defs, root := readSchema(t)
	for _, c := range []struct {
		def string
		typ any
	}{
		{"", Report{}}, {"flags", Flags{}}, {"totals", Totals{}}, {"package", Package{}}, {"rejected", Rejected{}},
		{"function", Function{}}, {"branch", Branch{}}, {"case", Case{}}, {"arg", Arg{}}, {"stats", Stats{}}, {"verdicts", Verdicts{}},
	} {
		s := root
		if c.def != "" {
			s = defs[c.def]
		}
		if s == nil {
			t.Errorf("schema has no $defs/%s", c.def)
			continue
		}
		all, required := jsonFields(reflect.TypeOf(c.typ))
		props := keys(s["properties"].(map[string]any))
		var req []string
		for _, r := range s["required"].([]any) {
			req = append(req, r.(string))
		}
		sort.Strings(req)
		if strings.Join(all, " ") != strings.Join(props, " ") {
			t.Errorf("%T: fields %v, schema properties %v", c.typ, all, props)
		}
		if strings.Join(required, " ") != strings.Join(req, " ") {
			t.Errorf("%T: always-written fields %v, schema requires %v", c.typ, required, req)
		}
		if s["additionalProperties"] != false {
			t.Errorf("%T: the schema allows other properties", c.typ)
		}
	}
}

// TestSchemaChecker: a finished report passes; a null list, a missing
// field, an unknown field and a bad verdict do not.
func TestSchemaChecker(t *testing.T) {
	raw, _, _ := readSchema(t)
	rep := &Report{Tool: "leapfrog", Version: "x", Flags: Flags{Strategy: "treefrog", KBound: 10, LoopModels: "off", Workers: 1, Timeout: "0s", SolverTimeout: "10s"},
		Packages: []*Package{{Path: "p", Dir: "p"}},
		Functions: []*Function{{Function: "F", Package: "p", File: "p/p.go", Line: 3, Strategy: "treefrog",
			Branches: []Branch{{ID: "eF", Func: "F", Pos: "p.go:3:6", Outcome: "entry", Verdict: Covered, Case: "01 p.go:3:6 entry"},
				{ID: "b0.true", Func: "F", Pos: "p.go:4:5", Outcome: "true", Verdict: Unreachable, Reason: "r", Conflict: []string{"p.go:4:5 true"}, SMT2: "(assert false)", Checked: "independent"}},
			Cases: []Case{{Name: "01 p.go:3:6 entry"}}}},
		Rejected: []*Rejected{{Function: "S", Package: "p", File: "p/p.go", Line: 9, Pos: "p/p.go:9:8", Reason: "unsupported: x"}},
	}
	rep.Finish()
	good, err := rep.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if errs := testutil.CheckJSONSchema(raw, good); len(errs) > 0 {
		t.Fatalf("a finished report fails the schema: %v", errs)
	}
	if _, err := Decode(good); err != nil {
		t.Fatalf("Decode: %v", err)
	}
	for _, c := range []struct{ name, from, to, want string }{
		{"null list", `"rejected": [`, `"rejected": null, "x": [`, "/rejected: null is not of type array"},
		{"missing field", `"tool": "leapfrog",`, ``, `/: required property "tool" missing`},
		{"unknown field", `"tool": "leapfrog",`, `"tool": "leapfrog", "extra": 1,`, `/: property "extra" is not in the schema`},
		{"bad verdict", `"verdict": "unreachable"`, `"verdict": "maybe"`, "/functions/0/branches/1/verdict: maybe is not one of"},
		{"bad check", `"checked": "independent"`, `"checked": "yes"`, "/functions/0/branches/1/checked: yes is not one of"},
		{"negative count", `"objectives": 2`, `"objectives": -2`, "is below the minimum"},
	} {
		bad := strings.Replace(string(good), c.from, c.to, 1)
		if bad == string(good) {
			t.Fatalf("%s: %q not in the report", c.name, c.from)
		}
		errs := testutil.CheckJSONSchema(raw, []byte(bad))
		if !strings.Contains(strings.Join(errs, "\n"), c.want) {
			t.Errorf("%s: errors %q, want %q", c.name, errs, c.want)
		}
	}
}

// TestNormalize: every documented list is [] rather than null.
func TestNormalize(t *testing.T) {
	rep := &Report{Functions: []*Function{{Cases: []Case{{}}}}}
	rep.Finish()
	js, _ := rep.Marshal()
	if strings.Contains(string(js), "null") {
		t.Errorf("null in %s", js)
	}
}

// TestDecodeVerdicts: a report whose verdict or check is no word of the
// schema is refused, not read as some verdict.
func TestDecodeVerdicts(t *testing.T) {
	rep := &Report{Tool: "leapfrog", Functions: []*Function{{Function: "F",
		Branches: []Branch{{ID: "b0.true", Verdict: Unreachable, Checked: CheckedEngine}, {ID: "b0.false", Verdict: Unknown}}}}}
	rep.Finish()
	good, err := rep.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(good)
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if b := back.Functions[0].Branches; b[0].Verdict != Unreachable || b[0].Checked != CheckedEngine || b[1].Verdict != Unknown {
		t.Errorf("decoded %+v", b)
	}
	for _, c := range []struct{ from, to, want string }{
		{`"verdict": "unknown"`, `"verdict": "maybe"`, `bad verdict "maybe"`},
		{`"checked": "engine"`, `"checked": "yes"`, `bad check "yes"`},
	} {
		bad := strings.Replace(string(good), c.from, c.to, 1)
		if bad == string(good) {
			t.Fatalf("%q not in the report", c.from)
		}
		if _, err := Decode([]byte(bad)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Decode of %s: %v, want %s", c.to, err, c.want)
		}
	}
}
