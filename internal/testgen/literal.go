// Go literals for concrete values, typed by go/types, written as a Go developer would write them.

package testgen

import (
	"fmt"
	"go/types"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"leapfrog/internal/engine"
	"leapfrog/internal/expr"
	"leapfrog/internal/ir"
)

// Literal renders v as a Go expression assignable to type t, naming types
// relative to pkg (types of other packages are qualified by their package
// name). A pointer to a non-composite value is new(v), Go 1.26's form (the
// emitted tests of packages with an older language version use a helper or
// a function literal instead). A cyclic value cannot be written: its cut is "nil /* cycle */".
func Literal(v engine.Value, t types.Type, pkg *types.Package) string {
	f := newFile(pkg)
	f.ptrForm = ptrNew
	return f.literal(v, t)
}

// sizes gives the widths of integer types: the engine's target is amd64.
var sizes = types.SizesFor("gc", "amd64")

// kind of constant a rendered expression is: an untyped constant takes its
// type from the context, which a generic call (new(v), the pointer helper)
// does not give.
type constKind int

const (
	typed constKind = iota
	untypedBool
	untypedInt
	untypedRune
	untypedString
	untypedNil
	untypedFloat
)

// literal renders v as an expression assignable to t.
func (f *file) literal(v engine.Value, t types.Type) string {
	s, _ := f.lit(v, t, false)
	return s
}

// typedLiteral renders v as an expression whose type is t itself (the
// argument of new or of the pointer helper): an untyped constant whose
// default type is not t is converted.
func (f *file) typedLiteral(v engine.Value, t types.Type) string {
	s, k := f.lit(v, t, false)
	var def types.Type
	switch k {
	case typed:
		return s
	case untypedNil:
		return f.convType(t) + "(nil)"
	case untypedBool:
		def = types.Typ[types.Bool]
	case untypedInt:
		def = types.Typ[types.Int]
	case untypedRune:
		def = types.Typ[types.Rune]
	case untypedString:
		def = types.Typ[types.String]
	case untypedFloat:
		def = types.Typ[types.Float64]
	}
	if types.Identical(t, def) {
		return s
	}
	return f.convType(t) + "(" + s + ")"
}

// lit renders v as an expression assignable to t, and says what kind of
// constant it is. With elide, v is an element or key of a composite literal
// whose element or key type is t: a composite literal of type t is written
// without its type ({...}), and &T{...} without &T when t is *T.
func (f *file) lit(v engine.Value, t types.Type, elide bool) (string, constKind) {
	if v.Cycle {
		return "nil /* cycle */", untypedNil
	}
	if opaque(v) {
		// Its structure is leapfrog's, not Go's: only the zero value has a
		// literal (writable says so first).
		if !opaqueZero(v) && f.err == nil {
			f.err = fmt.Errorf("testgen: a value of %s other than its zero value: a test cannot write it", t)
		}
		switch t.Underlying().(type) {
		case *types.Struct, *types.Array:
			return f.composite(t, elide, nil), typed
		}
		return "nil", untypedNil // a mirrored interface (reflect.Type): its zero value
	}
	if s, ok := f.timeLit(v, t); ok { // seams.go
		return s, typed
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return strconv.FormatBool(v.Bits&1 != 0), untypedBool
		case u.Info()&types.IsInteger != 0:
			return intLit(v.Bits, u)
		case u.Info()&types.IsFloat != 0:
			return f.floatLit(v.Bits, u) // floats.go
		case u.Info()&types.IsString != 0:
			return strconv.Quote(v.Str), untypedString
		}
	case *types.Array:
		n := len(v.Elems)
		for n > 0 && isZero(v.Elems[n-1], u.Elem()) {
			n-- // trailing zero elements are implicit
		}
		parts := make([]string, n)
		for i := range parts {
			parts[i], _ = f.lit(v.Elems[i], u.Elem(), true)
		}
		return f.composite(t, elide, parts), typed
	case *types.Slice:
		if v.Nil {
			return "nil", untypedNil
		}
		if len(v.Spare) > 0 {
			// Capacity beyond the length: the array's spare elements follow,
			// and the slice expression cuts the length.
			parts := make([]string, 0, len(v.Elems)+len(v.Spare))
			for _, e := range append(append([]engine.Value(nil), v.Elems...), v.Spare...) {
				p, _ := f.lit(e, u.Elem(), true)
				parts = append(parts, p)
			}
			return f.composite(t, false, parts) + fmt.Sprintf("[:%d]", len(v.Elems)), typed
		}
		if isByte(u.Elem()) && isText(v.Elems) {
			return f.convType(t) + "(" + strconv.Quote(bytesOf(v.Elems)) + ")", typed
		}
		parts := make([]string, len(v.Elems))
		for i, e := range v.Elems {
			parts[i], _ = f.lit(e, u.Elem(), true)
		}
		return f.composite(t, elide, parts), typed
	case *types.Map:
		if v.Nil {
			return "nil", untypedNil
		}
		parts := make([]string, len(v.Keys))
		for i := range v.Keys {
			k, _ := f.lit(v.Keys[i], u.Key(), true)
			e, _ := f.lit(v.Elems[i], u.Elem(), true)
			parts[i] = k + ": " + e
		}
		return f.composite(t, elide, parts), typed
	case *types.Pointer:
		if v.Nil {
			return "nil", untypedNil
		}
		elem, ev := u.Elem(), v.Elems[0]
		if isCompositeLit(ev, elem) {
			s, _ := f.lit(ev, elem, elide)
			if elide {
				return s, typed // {...} for &T{...}
			}
			return "&" + s, typed
		}
		arg := f.typedLiteral(ev, elem)
		switch f.ptrForm {
		case ptrNew:
			return "new(" + arg + ")", typed
		case ptrHelper:
			f.usedPtr = true
			return f.ptrName + "(" + arg + ")", typed
		}
		v := f.local("v")
		return "func() " + f.typeName(t) + " { " + v + " := " + arg + "; return &" + v + " }()", typed
	case *types.Interface:
		return f.ifaceLit(v) // ifaces.go
	case *types.Signature:
		if v.Nil {
			return "nil", untypedNil
		}
		return f.stubFunc(v, u), typed // stubs.go
	case *types.Struct:
		var parts []string
		for i := 0; i < u.NumFields(); i++ {
			fld := u.Field(i)
			if fld.Name() == "_" || isZero(v.Elems[i], fld.Type()) {
				continue // zero fields are implicit; blank ones cannot be written
			}
			if !fld.Exported() && fld.Pkg() != f.pkg && f.err == nil {
				f.err = fmt.Errorf("testgen: field %s of %s is not exported: a test in package %s cannot set it", fld.Name(), t, f.pkg.Name())
			}
			s, _ := f.lit(v.Elems[i], fld.Type(), false)
			parts = append(parts, fld.Name()+": "+s)
		}
		return f.composite(t, elide, parts), typed
	}
	panic(fmt.Sprintf("testgen: no literal for type %s", t))
}

// composite writes T{parts...}, or {parts...} when the type is elided.
func (f *file) composite(t types.Type, elide bool, parts []string) string {
	body := "{" + strings.Join(parts, ", ") + "}"
	if elide {
		return body
	}
	return f.typeName(t) + body
}

// isCompositeLit says whether lit writes v (of type t) as a composite
// literal T{...}, whose address &T{...} is a pointer to a fresh copy.
func isCompositeLit(v engine.Value, t types.Type) bool {
	if _, _, ok := timeForm(v, t); v.Cycle || ok {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Struct, *types.Array:
		return true
	case *types.Slice:
		return !v.Nil && len(v.Spare) == 0 && !(isByte(u.Elem()) && isText(v.Elems))
	case *types.Map:
		return !v.Nil
	}
	return false // interfaces too: their literal is the dynamic value's
}

// intLit writes an integer of type u: in decimal; a byte as a character
// literal when it is printable ASCII and in hex otherwise; a rune as a
// character literal when it is a valid code point.
func intLit(bits uint64, u *types.Basic) (string, constKind) {
	w := int(sizes.Sizeof(u) * 8)
	bits &= expr.Mask(w)
	switch {
	case u.Name() == "byte":
		if bits >= 0x20 && bits < 0x7f {
			return strconv.QuoteRune(rune(bits)), untypedRune
		}
		return fmt.Sprintf("0x%02x", bits), untypedInt
	case u.Name() == "rune":
		if r := rune(expr.Signed(bits, w)); utf8.ValidRune(r) {
			return strconv.QuoteRune(r), untypedRune
		}
	}
	if u.Info()&types.IsUnsigned != 0 {
		return strconv.FormatUint(bits, 10), untypedInt
	}
	return strconv.FormatInt(expr.Signed(bits, w), 10), untypedInt
}

// isByte says whether t is byte (or a type defined over it): a slice of it
// can be written as a conversion of a string.
func isByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Name() == "byte"
}

// isText says whether a non-empty byte list is text: valid UTF-8 whose
// runes are all printable or tab, newline or carriage return. Such a
// []byte is written []byte("..."); any other as a list of bytes. (gc
// allocates exactly len(s) bytes for a conversion of a constant string,
// so the capacity is the length, as in a slice literal.)
func isText(elems []engine.Value) bool {
	if len(elems) == 0 {
		return false
	}
	s := bytesOf(elems)
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}

func bytesOf(elems []engine.Value) string {
	b := make([]byte, len(elems))
	for i, e := range elems {
		b[i] = byte(e.Bits)
	}
	return string(b)
}

// isZero says whether v is the zero value of t (a field or trailing array
// element that a literal leaves implicit). A non-nil empty slice or map and
// a non-nil pointer are not zero.
func isZero(v engine.Value, t types.Type) bool {
	if v.Cycle {
		return false
	}
	if opaque(v) {
		return opaqueZero(v)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return v.Str == ""
		}
		return v.Bits&expr.Mask(int(sizes.Sizeof(u)*8)) == 0
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Signature, *types.Chan:
		return v.Nil
	case *types.Array:
		for _, e := range v.Elems {
			if !isZero(e, u.Elem()) {
				return false
			}
		}
		return true
	case *types.Struct:
		for i, e := range v.Elems {
			if !isZero(e, u.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	panic(fmt.Sprintf("testgen: no zero value test for type %s", t))
}

// opaque reports whether v is a value of an opaque type (ir.Type.Opaque:
// sync.Mutex, atomic.Int32, unique.Handle), whose structure is the
// replacement package's mirror, not the Go type's.
func opaque(v engine.Value) bool { return v.Type != nil && v.Type.Opaque }

// opaqueZero reports whether v, a value of the mirror structure v.Type,
// is its zero value: the only one of an opaque type a test can write.
func opaqueZero(v engine.Value) bool {
	if v.Type == nil || v.Cycle {
		return false
	}
	switch v.Type.Kind {
	case ir.KBool, ir.KInt, ir.KFloat:
		return v.Bits == 0
	case ir.KString:
		return v.Str == ""
	case ir.KArray, ir.KStruct:
		for _, e := range v.Elems {
			if !opaqueZero(e) {
				return false
			}
		}
		return true
	}
	return v.Nil
}
