// Tests: calls of errors.As lowered to the replacement instantiated at the call, and the calls left to errors.As's body.

package lower

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const usesAs = `package p

import (
	"errors"
	"fmt"
)

type E struct{ n int }

func (e *E) Error() string { return "E" }

type V int

func (v V) Error() string { return "V" }

type W struct{ error }

func Many(err error) int {
	var e *E
	var v V
	var ie error
	var s fmt.Stringer
	var n int
	switch {
	case errors.As(err, &e), errors.As(err, &v), errors.As(err, &ie), errors.As(err, &s):
		return 1
	case errors.As(err, &n), errors.As(err, nil), errors.As(err, v), errors.As(err, (*V)(nil)):
		return 2
	}
	return 0
}

func Dyn(err error, target any) bool { return errors.As(err, target) }

type PE *E

func Named(err error) bool { return errors.As(err, PE(new(E))) }

func Embed(err error) bool {
	var w W
	return errors.As(err, &w)
}
`

func TestErrorsAsLowered(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(usesAs), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Load(dir, []string{"Many", "Dyn", "Named", "Embed"})
	if err != nil {
		t.Fatal(err)
	}
	checkProgramNoRoundTrip(t, res)
	if len(res.Targets) != 1 || res.Targets[0].Name != "Many" {
		t.Fatalf("targets %v, errors %v: want Many alone lowered", res.Targets, res.Errors)
	}
	var instances []string
	for _, f := range res.Targets[0].Prog.Funcs {
		if f.Name == "errors.As" && len(f.Blocks) > 0 {
			t.Errorf("errors.As's body is in Many's program")
		}
		if strings.Contains(f.Name, "asTarget[") {
			instances = append(instances, f.Name)
		}
	}
	if len(instances) != 5 { // *E, V, error, fmt.Stringer, int
		t.Errorf("asTarget instances %v: want 5", instances)
	}
	wants := []string{"internal/reflectlite", "internal/reflectlite", "struct type with an embedded field"}
	if len(res.Errors) != len(wants) {
		t.Fatalf("errors %v: want %d", res.Errors, len(wants))
	}
	for i, e := range res.Errors {
		if !strings.Contains(fmt.Sprint(e), wants[i]) {
			t.Errorf("error %q: want one mentioning %q", e, wants[i])
		}
	}
}
