// A small JSON Schema checker: the subset docs/report.schema.json uses, so the documented schema is checked against real reports.

package testutil

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// CheckJSONSchema validates the JSON document doc against the schema (JSON
// Schema 2020-12, the subset: type, properties, required,
// additionalProperties false, items, enum, minimum, pattern, $ref to
// #/$defs/...; annotations are ignored). A keyword outside the subset is an
// error, so the schema cannot silently claim more than is checked. It
// returns every violation, with its JSON pointer.
func CheckJSONSchema(schema, doc []byte) []string {
	var root map[string]any
	if err := json.Unmarshal(schema, &root); err != nil {
		return []string{"schema: " + err.Error()}
	}
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return []string{"document: " + err.Error()}
	}
	c := &checker{root: root}
	c.check("", root, v)
	return c.errs
}

type checker struct {
	root map[string]any
	errs []string
}

func (c *checker) fail(ptr, format string, args ...any) {
	if ptr == "" {
		ptr = "/"
	}
	c.errs = append(c.errs, ptr+": "+fmt.Sprintf(format, args...))
}

var annotations = map[string]bool{"$schema": true, "$id": true, "title": true, "description": true, "$defs": true}

func (c *checker) check(ptr string, s map[string]any, v any) {
	if ref, ok := s["$ref"].(string); ok {
		name, found := strings.CutPrefix(ref, "#/$defs/")
		defs, _ := c.root["$defs"].(map[string]any)
		def, _ := defs[name].(map[string]any)
		if !found || def == nil {
			c.fail(ptr, "schema: unresolved $ref %q", ref)
			return
		}
		c.check(ptr, def, v)
		return
	}
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch k {
		case "type", "properties", "required", "additionalProperties", "items", "enum", "minimum", "pattern":
		default:
			if !annotations[k] {
				c.fail(ptr, "schema: keyword %q is not supported by this checker", k)
			}
		}
	}
	if t, ok := s["type"].(string); ok && !hasType(v, t) {
		c.fail(ptr, "%s is not of type %s", brief(v), t)
		return
	}
	if e, ok := s["enum"].([]any); ok {
		in := false
		for _, x := range e {
			if fmt.Sprint(x) == fmt.Sprint(v) {
				in = true
			}
		}
		if !in {
			c.fail(ptr, "%s is not one of %v", brief(v), e)
		}
	}
	if m, ok := s["minimum"].(float64); ok {
		if n, isNum := v.(json.Number); isNum {
			if f, _ := n.Float64(); f < m {
				c.fail(ptr, "%s is below the minimum %v", n, m)
			}
		}
	}
	if p, ok := s["pattern"].(string); ok {
		if str, isStr := v.(string); isStr && !regexp.MustCompile(p).MatchString(str) {
			c.fail(ptr, "%q does not match %s", str, p)
		}
	}
	switch x := v.(type) {
	case map[string]any:
		props, _ := s["properties"].(map[string]any)
		for _, r := range asStrings(s["required"]) {
			if _, ok := x[r]; !ok {
				c.fail(ptr, "required property %q missing", r)
			}
		}
		names := make([]string, 0, len(x))
		for k := range x {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			ps, ok := props[k].(map[string]any)
			if !ok {
				if ap, isBool := s["additionalProperties"].(bool); isBool && !ap {
					c.fail(ptr, "property %q is not in the schema", k)
				}
				continue
			}
			c.check(ptr+"/"+k, ps, x[k])
		}
	case []any:
		if items, ok := s["items"].(map[string]any); ok {
			for i, e := range x {
				c.check(fmt.Sprintf("%s/%d", ptr, i), items, e)
			}
		}
	}
}

func hasType(v any, t string) bool {
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		_, err := n.Int64()
		return err == nil
	case "null":
		return v == nil
	}
	return false
}

func asStrings(v any) []string {
	var out []string
	if l, ok := v.([]any); ok {
		for _, x := range l {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

func brief(v any) string {
	if v == nil {
		return "null"
	}
	s := fmt.Sprint(v)
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}
