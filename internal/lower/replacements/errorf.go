// fmt.Errorf's errors: their types and construction (the message is formatted by the native fmt.Sprintf).

package replacements

// The front end lowers a call fmt.Errorf(format, args...) with a constant
// format to: for each error argument, errorfText (its text under its verb);
// fmt.Sprintf, run natively, of the format with %s for those verbs; then
// errorf0, errorf1 or errorf2 after the number of %w verbs, as fmt.Errorf
// builds its result (Go 1.26: each %w verb counts, whatever its argument).
// The types are fmt's and errors.New's, with the same methods, declared
// here: fmt's are unexported and fmt is not interpreted.

// errorString is what fmt.Errorf returns without %w (errors.New's type).
type errorString struct{ s string }

func (e *errorString) Error() string { return e.s }

// wrapError is what fmt.Errorf returns with one %w.
type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string { return e.msg }

func (e *wrapError) Unwrap() error { return e.err }

// wrapErrors is what fmt.Errorf returns with several %w.
type wrapErrors struct {
	msg  string
	errs []error
}

func (e *wrapErrors) Error() string { return e.msg }

func (e *wrapErrors) Unwrap() []error { return e.errs }

// errorfText is the text fmt prints for the error argument e under the
// verb v, s or w (without flags): "<nil>", "%!s(<nil>)" or "%!w(<nil>)"
// for a nil e, else e.Error(). fmt recovers a panic of the Error method
// and then prints "<nil>" when e holds a nil pointer, which is what a
// panicking Error method usually means; the text of another panic
// ("%!v(PANIC=Error method: ...)") is not modelled: it is "<nil>" too.
func errorfText(e error, verb byte) (s string) {
	if e == nil {
		switch verb {
		case 'v':
			return "<nil>"
		case 's':
			return "%!s(<nil>)"
		}
		return "%!w(<nil>)"
	}
	defer nilText(&s)
	return e.Error()
}

// nilText, deferred, recovers a panic of an Error method: the text is
// "<nil>".
func nilText(s *string) {
	if recover() != nil {
		*s = "<nil>"
	}
}

// errorf0 is fmt.Errorf's result without %w.
func errorf0(msg string) error { return &errorString{msg} }

// errorf1 is fmt.Errorf's result with one %w, of argument e (nil when the
// argument is no error).
func errorf1(msg string, e error) error { return &wrapError{msg, e} }

// errorf2 is fmt.Errorf's result with two %w, of arguments a and b: it
// unwraps to those that are errors.
func errorf2(msg string, a, b error) error {
	var errs []error
	if a != nil {
		errs = append(errs, a)
	}
	if b != nil {
		errs = append(errs, b)
	}
	return &wrapErrors{msg, errs}
}
