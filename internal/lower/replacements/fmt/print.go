// Package fmt holds the Go bodies leapfrog interprets in place of fmt's
// printing functions (Sprintf, Errorf, Fprintf, ... ), a port of Go 1.26's
// fmt (print.go, format.go, errors.go and internal/fmtsort) rule by rule,
// with reflection replaced by intrinsics: functions without a Go body
// (intrinsics.go) that the engine answers from the values it holds and
// their IR types (internal/engine/fmt.go), and that intrinsics_native.go
// answers with package reflect, so that this package also compiles as
// ordinary Go and is compared with the real fmt (fmt_test.go).
//
// The front end compiles it into the program under analysis as the
// package leapfrog/replacements/fmt when the program calls fmt; a function
// whose doc comment says "X replaces fmt.X" is lowered in place of fmt.X.
// The interfaces a value may implement (Formatter, Stringer, GoStringer,
// State) are the real fmt's, so that the methods a package declares are
// found, and the errors Errorf returns have fmt's types (wrapError,
// wrapErrors) or errors.New's.
//
// # What stays symbolic
//
// The printer runs on the engine's values, symbolic ones included. A
// string printed by %s or %v without width or precision (the common
// case: a name in a message, an error's text) is appended as it is, and
// an integer printed by %d, %v, %x, %o or %b is its loop of digits, so
// the result is exact: a branch on it can be refuted or solved. Where
// the layout would loop over a symbolic value's runes or need strconv's
// tables (a float, a quoted or padded string, a character, a length, a
// map's entries), the value is replaced by its concrete value
// (formatter.concretized), and the whole result is then tainted
// (intrinsic tainted): fresh variables with the concrete text as their
// value, so that a branch on it is covered or unknown ("depends on the
// result of fmt.Sprintf, run concretely"), never refuted. An address
// (%p, or a pointer below the top level) is never fixed in Go: a text
// that holds one is tainted under "a pointer's address", and a branch
// on it makes the rest of the run unfixed (no claim, no checked output).
package fmt

import (
	"errors"
	realfmt "fmt"
	"io"
	"unicode/utf8"
)

// Strings for use with buffer.writeString.
const (
	commaSpaceString  = ", "
	nilAngleString    = "<nil>"
	nilParenString    = "(nil)"
	nilString         = "nil"
	mapString         = "map["
	percentBangString = "%!"
	missingString     = "(MISSING)"
	badIndexString    = "(BADINDEX)"
	panicString       = "(PANIC="
	extraString       = "%!(EXTRA "
	badWidthString    = "%!(BADWIDTH)"
	badPrecString     = "%!(BADPREC)"
	noVerbString      = "%!(NOVERB)"
)

// buffer is the output: a string, so that a symbolic piece appended
// stays one term per byte (a concatenation) instead of stores at
// symbolic offsets.
type buffer struct{ s string }

func (b *buffer) write(p []byte)       { b.s += string(p) }
func (b *buffer) writeString(s string) { b.s += s }
func (b *buffer) writeByte(c byte)     { b.s += string([]byte{c}) }
func (b *buffer) writeRune(r rune)     { b.s += string(utf8.AppendRune(nil, r)) }

// pp is fmt's printer state; a *pp is the fmt.State a Format method
// receives.
type pp struct {
	buf buffer

	// arg holds the current item, as an interface{}.
	arg any

	// value is used instead of arg for reflect values.
	value value

	// fmt is used to format basic items such as integers or strings.
	fmt formatter

	// reordered records whether the format string used argument reordering.
	reordered bool
	// goodArgNum records whether the most recent reordering directive was valid.
	goodArgNum bool
	// panicking is set by catchPanic to avoid infinite panic, recover, panic, ... recursion.
	panicking bool
	// erroring is set when printing an error string to guard against calling handleMethods.
	erroring bool
	// wrapErrs is set when the format string may contain a %w verb.
	wrapErrs bool
	// wrappedErrs records the targets of the %w verb.
	wrappedErrs []int
}

func newPrinter() *pp {
	p := new(pp)
	p.fmt.init(&p.buf)
	return p
}

// result is the printed text; tainted, under the name of the function
// fn, when a symbolic value was concretized, or under the name of what a
// test cannot fix when it depends on it.
func (p *pp) result(fn string) string {
	switch {
	case p.fmt.unfixed != "":
		return tainted(p.buf.s, p.fmt.unfixed)
	case p.fmt.concretized:
		return tainted(p.buf.s, fn)
	}
	return p.buf.s
}

func (p *pp) Width() (wid int, ok bool) { return p.fmt.wid, p.fmt.widPresent }

func (p *pp) Precision() (prec int, ok bool) { return p.fmt.prec, p.fmt.precPresent }

func (p *pp) Flag(b int) bool {
	switch b {
	case '-':
		return p.fmt.minus
	case '+':
		return p.fmt.plus || p.fmt.plusV
	case '#':
		return p.fmt.sharp || p.fmt.sharpV
	case ' ':
		return p.fmt.space
	case '0':
		return p.fmt.zero
	}
	return false
}

// Write implements io.Writer so we can call Fprintf on a pp (through State), for
// recursive use in custom verbs.
func (p *pp) Write(b []byte) (ret int, err error) {
	p.buf.write(b)
	return len(b), nil
}

// WriteString implements io.StringWriter so that we can call io.WriteString
// on a pp (through state), for efficiency.
func (p *pp) WriteString(s string) (ret int, err error) {
	p.buf.writeString(s)
	return len(s), nil
}

// Fprintf replaces fmt.Fprintf.
func Fprintf(w io.Writer, format string, a ...any) (n int, err error) {
	p := newPrinter()
	p.doPrintf(format, a)
	return w.Write([]byte(p.result("fmt.Fprintf")))
}

// Printf replaces fmt.Printf: the text goes nowhere (a test does not
// see standard output); it returns its length and no error, as writing
// to a working standard output does.
func Printf(format string, a ...any) (n int, err error) {
	p := newPrinter()
	p.doPrintf(format, a)
	return len(p.result("fmt.Printf")), nil
}

// Sprintf replaces fmt.Sprintf.
func Sprintf(format string, a ...any) string {
	p := newPrinter()
	p.doPrintf(format, a)
	return p.result("fmt.Sprintf")
}

// Appendf replaces fmt.Appendf.
func Appendf(b []byte, format string, a ...any) []byte {
	p := newPrinter()
	p.doPrintf(format, a)
	return append(b, p.result("fmt.Appendf")...)
}

// Fprint replaces fmt.Fprint.
func Fprint(w io.Writer, a ...any) (n int, err error) {
	p := newPrinter()
	p.doPrint(a)
	return w.Write([]byte(p.result("fmt.Fprint")))
}

// Print replaces fmt.Print (see Printf).
func Print(a ...any) (n int, err error) {
	p := newPrinter()
	p.doPrint(a)
	return len(p.result("fmt.Print")), nil
}

// Sprint replaces fmt.Sprint.
func Sprint(a ...any) string {
	p := newPrinter()
	p.doPrint(a)
	return p.result("fmt.Sprint")
}

// Append replaces fmt.Append.
func Append(b []byte, a ...any) []byte {
	p := newPrinter()
	p.doPrint(a)
	return append(b, p.result("fmt.Append")...)
}

// Fprintln replaces fmt.Fprintln.
func Fprintln(w io.Writer, a ...any) (n int, err error) {
	p := newPrinter()
	p.doPrintln(a)
	return w.Write([]byte(p.result("fmt.Fprintln")))
}

// Println replaces fmt.Println (see Printf).
func Println(a ...any) (n int, err error) {
	p := newPrinter()
	p.doPrintln(a)
	return len(p.result("fmt.Println")), nil
}

// Sprintln replaces fmt.Sprintln.
func Sprintln(a ...any) string {
	p := newPrinter()
	p.doPrintln(a)
	return p.result("fmt.Sprintln")
}

// Appendln replaces fmt.Appendln.
func Appendln(b []byte, a ...any) []byte {
	p := newPrinter()
	p.doPrintln(a)
	return append(b, p.result("fmt.Appendln")...)
}

// FormatString replaces fmt.FormatString.
func FormatString(state realfmt.State, verb rune) string {
	b := []byte{'%'}
	for _, c := range " +-#0" { // All known flags
		if state.Flag(int(c)) { // The argument is an int for historical reasons.
			b = append(b, byte(c))
		}
	}
	f := &formatter{}
	if w, ok := state.Width(); ok {
		b = append(b, f.decimal(w)...)
	}
	if p, ok := state.Precision(); ok {
		b = append(b, '.')
		b = append(b, f.decimal(p)...)
	}
	b = utf8.AppendRune(b, verb)
	if f.concretized {
		return tainted(string(b), "fmt.FormatString")
	}
	return string(b)
}

// decimal is strconv.Itoa(x) (f's flags clear).
func (f *formatter) decimal(x int) string {
	var b buffer
	f.buf = &b
	f.fmtInteger(uint64(x), 10, signed, 'd', ldigits)
	return b.s
}

// Errorf replaces fmt.Errorf.
func Errorf(format string, a ...any) error {
	if len(a) == 0 && !hasPercent(format) {
		return errors.New(format)
	}
	p := newPrinter()
	p.wrapErrs = true
	p.doPrintf(format, a)
	s := p.result("fmt.Errorf")
	var err error
	switch len(p.wrappedErrs) {
	case 0:
		err = errors.New(s)
	case 1:
		w := &wrapError{msg: s}
		w.err, _ = a[p.wrappedErrs[0]].(error)
		err = w
	default:
		if p.reordered {
			sortInts(p.wrappedErrs)
		}
		var errs []error
		for i, argNum := range p.wrappedErrs {
			if i > 0 && p.wrappedErrs[i-1] == argNum {
				continue
			}
			if e, ok := a[argNum].(error); ok {
				errs = append(errs, e)
			}
		}
		err = &wrapErrors{s, errs}
	}
	return err
}

// hasPercent reports whether format has a '%' (concretized: it decides
// only whether the format is formatted at all, which gives the same
// text).
func hasPercent(format string) bool {
	format, _ = concreteString(format)
	for i := 0; i < len(format); i++ {
		if format[i] == '%' {
			return true
		}
	}
	return false
}

// sortInts sorts s (insertion sort: a few %w verbs).
func sortInts(s []int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string {
	return e.msg
}

func (e *wrapError) Unwrap() error {
	return e.err
}

type wrapErrors struct {
	msg  string
	errs []error
}

func (e *wrapErrors) Error() string {
	return e.msg
}

func (e *wrapErrors) Unwrap() []error {
	return e.errs
}
