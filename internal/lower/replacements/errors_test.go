// Differential test: Is against errors.Is on wrapped, joined, uncomparable and self-matching errors.

package replacements

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

// sliceErr is an error of an uncomparable type.
type sliceErr []int

func (sliceErr) Error() string { return "slice" }

// anyOf matches every target with the message "any": an Is method.
type anyOf struct{}

func (anyOf) Error() string          { return "anyOf" }
func (anyOf) Is(target error) bool   { return target != nil && target.Error() == "any" }
func (anyOf) Unwrap() error          { return io.EOF }
func (e *valueErr) Error() string    { return fmt.Sprint("value ", e.n) }
func (e *valueErr) Unwrap() error    { return e.next }
func (k kindErr) Error() string      { return string(k) }
func (n nilUnwrap) Error() string    { return "nilUnwrap" }
func (n nilUnwrap) Unwrap() error    { return nil }
func (n nilUnwraps) Error() string   { return "nilUnwraps" }
func (n nilUnwraps) Unwrap() []error { return nil }

type valueErr struct {
	n    int
	next error
}
type kindErr string
type nilUnwrap struct{}
type nilUnwraps struct{}

// holder is comparable but may hold an uncomparable value: == on two
// holders of equal slices panics.
type holder struct{ V any }

func (holder) Error() string { return "holder" }

// outcome runs f: its result, or "panic".
func outcome(f func() bool) (s string) {
	defer func() {
		if recover() != nil {
			s = "panic"
		}
	}()
	return fmt.Sprint(f())
}

func TestIs(t *testing.T) {
	base := errors.New("base")
	other := errors.New("other")
	v := &valueErr{1, base}
	errs := []error{
		nil, base, other, io.EOF, v, &valueErr{2, nil}, kindErr("k"), kindErr("any"),
		fmt.Errorf("wrap: %w", base), fmt.Errorf("wrap2: %w", fmt.Errorf("wrap: %w", v)),
		fmt.Errorf("no wrap: %v", base), errors.Join(other, base), errors.Join(nil, io.EOF),
		fmt.Errorf("two: %w %w", other, kindErr("k")), sliceErr{1}, fmt.Errorf("s: %w", sliceErr{1}),
		anyOf{}, nilUnwrap{}, nilUnwraps{}, errors.Join(sliceErr{2}, anyOf{}),
		holder{[]int{}}, holder{1}, fmt.Errorf("h: %w", holder{[]int{}}), errors.Join(holder{1}, holder{[]int{}}),
	}
	panics := 0
	for _, err := range errs {
		for _, target := range errs {
			got := outcome(func() bool { return Is(err, target) })
			want := outcome(func() bool { return errors.Is(err, target) })
			if got != want {
				t.Errorf("Is(%v, %v) = %v, errors.Is says %v", err, target, got, want)
			}
			if want == "panic" {
				panics++
			}
		}
	}
	if panics == 0 {
		t.Error("no pair panics: the holders do not test the comparability of the target's type")
	}
}
