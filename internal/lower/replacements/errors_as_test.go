// Differential test: asTarget's as and asNoPointer against errors.As on chains of several error types and targets.

package replacements

import (
	"errors"
	"fmt"
	"io"
	"testing"
)

// ptrErr is an error by its pointer; valErr by its value.
type ptrErr struct{ n int }
type valErr int

func (e *ptrErr) Error() string { return fmt.Sprint("ptr ", e.n) }
func (e valErr) Error() string  { return fmt.Sprint("val ", int(e)) }
func (e valErr) String() string { return "valErr" }

// asMethod matches a *valErr target through its As method (setting it
// to 42), and no other.
type asMethod struct{ next error }

func (e asMethod) Error() string { return "asMethod" }
func (e asMethod) Unwrap() error { return e.next }
func (e asMethod) As(target any) bool {
	if p, ok := target.(*valErr); ok {
		*p = 42
		return true
	}
	return false
}

// twoErrs unwraps to its two errors, nil ones included (errors.Join
// leaves them out).
type twoErrs struct{ a, b error }

func (e twoErrs) Error() string   { return "twoErrs" }
func (e twoErrs) Unwrap() []error { return []error{e.a, e.b} }

// stringer is an interface errors.As may look for.
type stringer interface{ String() string }

// asOutcome runs f: its result, or the panic's message.
func asOutcome(f func() bool) (s string) {
	defer func() {
		if r := recover(); r != nil {
			s = fmt.Sprint("panic: ", r)
		}
	}()
	return fmt.Sprint(f())
}

// checkAs compares as, for a target of type *T, with errors.As on err:
// results or panics, and what the targets hold afterwards.
func checkAs[T any](t *testing.T, err error, init T) (matched bool) {
	t.Helper()
	got, want := init, init
	g := asOutcome(func() bool { return (*asTarget[T])(nil).as(err, &got, &got) })
	w := asOutcome(func() bool { return errors.As(err, &want) })
	if g != w || any(got) != any(want) {
		t.Errorf("as(%v, *%T) = %s, target %v; errors.As: %s, target %v", err, init, g, got, w, want)
	}
	return w == "true"
}

func TestAs(t *testing.T) {
	p1, p2 := &ptrErr{1}, &ptrErr{2}
	errs := []error{
		nil, p1, valErr(3), io.EOF, asMethod{}, asMethod{p2},
		fmt.Errorf("w: %w", p1), fmt.Errorf("w: %w", fmt.Errorf("v: %w", valErr(4))),
		fmt.Errorf("no wrap: %v", p1), errors.Join(nil, valErr(5), p2), errors.Join(asMethod{}, valErr(6)),
		fmt.Errorf("two: %w %w", io.EOF, p2), errors.Join(fmt.Errorf("x: %w", asMethod{}), p1),
		(*ptrErr)(nil), fmt.Errorf("w: %w", (*ptrErr)(nil)), nilUnwrap{}, nilUnwraps{},
		twoErrs{nil, p1}, twoErrs{asMethod{}, valErr(7)}, fmt.Errorf("w: %w", twoErrs{nil, nil}),
	}
	matches := 0
	for _, err := range errs {
		for _, ok := range []bool{
			checkAs[*ptrErr](t, err, nil),
			checkAs(t, err, &ptrErr{9}),
			checkAs(t, err, valErr(0)),
			checkAs[error](t, err, nil),
			checkAs[error](t, err, io.ErrClosedPipe),
			checkAs[stringer](t, err, nil),
			checkAs[fmt.Stringer](t, err, nil),
			checkAs(t, err, 0),          // *int: panics (err not nil)
			checkAs(t, err, struct{}{}), // likewise
		} {
			if ok {
				matches++
			}
		}
		// Targets holding no pointer, and a nil pointer.
		for _, target := range []any{nil, valErr(1), p1, error(p1)} {
			if _, ptr := target.(*ptrErr); ptr {
				continue
			}
			g := asOutcome(func() bool { return asNoPointer(err, target) })
			w := asOutcome(func() bool { return errors.As(err, target) })
			if g != w {
				t.Errorf("asNoPointer(%v, %#v) = %s; errors.As: %s", err, target, g, w)
			}
		}
		g := asOutcome(func() bool { return (*asTarget[valErr])(nil).as(err, (*valErr)(nil), nil) })
		w := asOutcome(func() bool { return errors.As(err, (*valErr)(nil)) })
		if g != w {
			t.Errorf("as(%v, (*valErr)(nil)) = %s; errors.As: %s", err, g, w)
		}
	}
	if matches < 20 {
		t.Errorf("only %d matches: the chains do not exercise the search", matches)
	}
}
