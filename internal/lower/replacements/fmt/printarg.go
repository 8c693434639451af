// One operand printed: its methods (Format, Error, String, GoString), its kind, the bad-verb and panic forms.

package fmt

import (
	realfmt "fmt"
)

func (p *pp) unknownType(v value) {
	if !v.isValid() {
		p.buf.writeString(nilAngleString)
		return
	}
	p.buf.writeByte('?')
	p.buf.writeString(v.typeString())
	p.buf.writeByte('?')
}

func (p *pp) badVerb(verb rune) {
	p.erroring = true
	p.buf.writeString(percentBangString)
	p.buf.writeRune(verb)
	p.buf.writeByte('(')
	switch {
	case p.arg != nil:
		p.buf.writeString(typeString(p.arg))
		p.buf.writeByte('=')
		p.printArg(p.arg, 'v')
	case p.value.isValid():
		p.buf.writeString(p.value.typeString())
		p.buf.writeByte('=')
		p.printValue(p.value, 'v', 0)
	default:
		p.buf.writeString(nilAngleString)
	}
	p.buf.writeByte(')')
	p.erroring = false
}

func (p *pp) fmtBool(v bool, verb rune) {
	switch verb {
	case 't', 'v':
		p.fmt.fmtBoolean(v)
	default:
		p.badVerb(verb)
	}
}

// fmt0x64 formats a uint64 in hexadecimal and prefixes it with 0x or
// not, as requested, by temporarily setting the sharp flag.
func (p *pp) fmt0x64(v uint64, leading0x bool) {
	sharp := p.fmt.sharp
	p.fmt.sharp = leading0x
	p.fmt.fmtInteger(v, 16, unsigned, 'v', ldigits)
	p.fmt.sharp = sharp
}

// fmtInteger formats a signed or unsigned integer.
func (p *pp) fmtInteger(v uint64, isSigned bool, verb rune) {
	switch verb {
	case 'v':
		if p.fmt.sharpV && !isSigned {
			p.fmt0x64(v, true)
		} else {
			p.fmt.fmtInteger(v, 10, isSigned, verb, ldigits)
		}
	case 'd':
		p.fmt.fmtInteger(v, 10, isSigned, verb, ldigits)
	case 'b':
		p.fmt.fmtInteger(v, 2, isSigned, verb, ldigits)
	case 'o', 'O':
		p.fmt.fmtInteger(v, 8, isSigned, verb, ldigits)
	case 'x':
		p.fmt.fmtInteger(v, 16, isSigned, verb, ldigits)
	case 'X':
		p.fmt.fmtInteger(v, 16, isSigned, verb, udigits)
	case 'c':
		p.fmt.fmtC(v)
	case 'q':
		p.fmt.fmtQc(v)
	case 'U':
		p.fmt.fmtUnicode(v)
	default:
		p.badVerb(verb)
	}
}

// fmtFloat formats a float. The default precision for each verb
// is specified as last argument in the call to fmt_float.
func (p *pp) fmtFloat(v float64, size int, verb rune) {
	switch verb {
	case 'v':
		p.fmt.fmtFloat(v, size, 'g', -1)
	case 'b', 'g', 'G', 'x', 'X':
		p.fmt.fmtFloat(v, size, verb, -1)
	case 'f', 'e', 'E':
		p.fmt.fmtFloat(v, size, verb, 6)
	case 'F':
		p.fmt.fmtFloat(v, size, 'f', 6)
	default:
		p.badVerb(verb)
	}
}

func (p *pp) fmtString(v string, verb rune) {
	switch verb {
	case 'v':
		if p.fmt.sharpV {
			p.fmt.fmtQ(v)
		} else {
			p.fmt.fmtS(v)
		}
	case 's':
		p.fmt.fmtS(v)
	case 'x':
		p.fmt.fmtSx(v, ldigits)
	case 'X':
		p.fmt.fmtSx(v, udigits)
	case 'q':
		p.fmt.fmtQ(v)
	default:
		p.badVerb(verb)
	}
}

// fmtBytes formats a byte slice (or array); v is the value it came from
// when printArg did not see it as a []byte.
func (p *pp) fmtBytes(b []byte, verb rune, typeString string, v value) {
	switch verb {
	case 'v', 'd':
		if p.fmt.sharpV {
			p.buf.writeString(typeString)
			if b == nil {
				p.buf.writeString(nilParenString)
				return
			}
			p.buf.writeByte('{')
			b = p.fmt.concreteBytes(b)
			for i, c := range b {
				if i > 0 {
					p.buf.writeString(commaSpaceString)
				}
				p.fmt0x64(uint64(c), true)
			}
			p.buf.writeByte('}')
		} else {
			p.buf.writeByte('[')
			b = p.fmt.concreteBytes(b)
			for i, c := range b {
				if i > 0 {
					p.buf.writeByte(' ')
				}
				p.fmt.fmtInteger(uint64(c), 10, unsigned, verb, ldigits)
			}
			p.buf.writeByte(']')
		}
	case 's':
		p.fmt.fmtBs(b)
	case 'x':
		p.fmt.fmtBx(b, ldigits)
	case 'X':
		p.fmt.fmtBx(b, udigits)
	case 'q':
		p.fmt.fmtQ(string(b))
	default:
		if !v.isValid() {
			v = valueOf(b)
		}
		p.printValue(v, verb, 0)
	}
}

func (p *pp) fmtPointer(v value, verb rune) {
	var u uintptr
	switch v.kind() {
	case kChan, kFunc, kMap, kPointer, kSlice, kUnsafePointer:
		u = pointer(v.x)
		if u != 0 {
			p.fmt.unfixed = addressKey
		}
	default:
		p.badVerb(verb)
		return
	}

	switch verb {
	case 'v':
		if p.fmt.sharpV {
			p.buf.writeByte('(')
			p.buf.writeString(v.typeString())
			p.buf.writeString(")(")
			if u == 0 {
				p.buf.writeString(nilString)
			} else {
				p.fmt0x64(uint64(u), true)
			}
			p.buf.writeByte(')')
		} else {
			if u == 0 {
				p.fmt.padString(nilAngleString)
			} else {
				p.fmt0x64(uint64(u), !p.fmt.sharp)
			}
		}
	case 'p':
		p.fmt0x64(uint64(u), !p.fmt.sharp)
	case 'b', 'o', 'd', 'x', 'X':
		p.fmtInteger(uint64(u), unsigned, verb)
	default:
		p.badVerb(verb)
	}
}

// catchPanic is fmt's (*pp).catchPanic, a function: leapfrog defers
// functions, not method values.
func catchPanic(p *pp, arg any, verb rune, method string) {
	if err := recover(); err != nil {
		// If it's a nil pointer, just say "<nil>". The likeliest causes are a
		// Stringer that fails to guard against nil or a nil pointer for a
		// value receiver, and in either case, "<nil>" is a nice result.
		if v := valueOf(arg); v.kind() == kPointer && v.isNil(&p.fmt) {
			p.buf.writeString(nilAngleString)
			return
		}
		// Otherwise print a concise panic message. Most of the time the panic
		// value will print itself nicely.
		if p.panicking {
			// Nested panics; the recursion in printArg cannot succeed.
			panic(err)
		}

		oldFlags := p.fmt.fmtFlags
		// For this output we want default behavior.
		p.fmt.clearflags()

		p.buf.writeString(percentBangString)
		p.buf.writeRune(verb)
		p.buf.writeString(panicString)
		p.buf.writeString(method)
		p.buf.writeString(" method: ")
		p.panicking = true
		if text, ok := runtimeError(err); ok {
			// A run-time error prints its Error(); the engine knows its
			// start only.
			p.buf.writeString(text)
			p.fmt.unfixed = runtimeTextKey
		} else {
			p.printArg(err, 'v')
		}
		p.panicking = false
		p.buf.writeByte(')')

		p.fmt.fmtFlags = oldFlags
	}
}

func (p *pp) handleMethods(verb rune) (handled bool) {
	if p.erroring {
		return
	}
	if verb == 'w' {
		// It is invalid to use %w other than with Errorf or with a non-error arg.
		_, ok := p.arg.(error)
		if !ok || !p.wrapErrs {
			p.badVerb(verb)
			return true
		}
		// If the arg is a Formatter, pass 'v' as the verb to it.
		verb = 'v'
	}

	// Is it a Formatter?
	if formatter, ok := p.arg.(realfmt.Formatter); ok {
		handled = true
		defer catchPanic(p, p.arg, verb, "Format")
		formatter.Format(p, verb)
		return
	}

	// If we're doing Go syntax and the argument knows how to supply it, take care of it now.
	if p.fmt.sharpV {
		if stringer, ok := p.arg.(realfmt.GoStringer); ok {
			handled = true
			defer catchPanic(p, p.arg, verb, "GoString")
			// Print the result of GoString unadorned.
			p.fmt.fmtS(stringer.GoString())
			return
		}
	} else {
		// If a string is acceptable according to the format, see if
		// the value satisfies one of the string-valued interfaces.
		// Println etc. set verb to %v, which is "stringable".
		switch verb {
		case 'v', 's', 'x', 'X', 'q':
			// Is it an error or Stringer?
			// The duplication in the bodies is necessary:
			// setting handled and deferring catchPanic
			// must happen before calling the method.
			switch v := p.arg.(type) {
			case error:
				handled = true
				defer catchPanic(p, p.arg, verb, "Error")
				p.fmtString(v.Error(), verb)
				return

			case realfmt.Stringer:
				handled = true
				defer catchPanic(p, p.arg, verb, "String")
				p.fmtString(v.String(), verb)
				return
			}
		}
	}
	return false
}

func (p *pp) printArg(arg any, verb rune) {
	p.arg = arg
	p.value = value{}

	if arg == nil {
		switch verb {
		case 'T', 'v':
			p.fmt.padString(nilAngleString)
		default:
			p.badVerb(verb)
		}
		return
	}

	// Special processing considerations.
	// %T (the value's type) and %p (its address) are special; we always do them first.
	switch verb {
	case 'T':
		p.fmt.fmtS(typeString(arg))
		return
	case 'p':
		p.fmtPointer(valueOf(arg), 'p')
		return
	}

	// The predeclared types are printed without looking for methods (fmt's
	// type switch); a type switch here would make each of them a dynamic
	// type of the program.
	switch typeString(arg) {
	case "bool":
		p.fmtBool(boolOf(arg), verb)
	case "float32":
		p.fmtFloat(floatOf(arg), 32, verb)
	case "float64":
		p.fmtFloat(floatOf(arg), 64, verb)
	case "int", "int8", "int16", "int32", "int64":
		p.fmtInteger(uint64(intOf(arg)), signed, verb)
	case "uint", "uint8", "uint16", "uint32", "uint64", "uintptr":
		p.fmtInteger(uintOf(arg), unsigned, verb)
	case "string":
		p.fmtString(stringOf(arg), verb)
	case "[]uint8":
		p.fmtBytes(bytesOf(arg), verb, "[]byte", value{})
	default:
		// If the type is not simple, it might have methods.
		if !p.handleMethods(verb) {
			// Need to use reflection, since the type had no
			// interface methods that could be used for formatting.
			p.printValue(valueOf(arg), verb, 0)
		}
	}
}

// printValue is similar to printArg but starts with a reflect value, not an interface{} value.
// It does not handle 'p' and 'T' verbs because these should have been already handled by printArg.
func (p *pp) printValue(v value, verb rune, depth int) {
	// Handle values with special methods if not already handled by printArg (depth == 0).
	if depth > 0 && v.isValid() && v.canInterface() {
		p.arg = v.x
		if p.handleMethods(verb) {
			return
		}
	}
	p.arg = nil
	p.value = v

	switch v.kind() {
	case kInvalid:
		if depth == 0 {
			p.buf.writeString("<invalid reflect.Value>")
		} else {
			switch verb {
			case 'v':
				p.buf.writeString(nilAngleString)
			default:
				p.badVerb(verb)
			}
		}
	case kBool:
		p.fmtBool(boolOf(v.x), verb)
	case kInt:
		p.fmtInteger(uint64(intOf(v.x)), signed, verb)
	case kUint:
		p.fmtInteger(uintOf(v.x), unsigned, verb)
	case kFloat32:
		p.fmtFloat(floatOf(v.x), 32, verb)
	case kFloat64:
		p.fmtFloat(floatOf(v.x), 64, verb)
	case kString:
		p.fmtString(stringOf(v.x), verb)
	case kMap:
		p.printMap(v, verb, depth)
	case kStruct:
		if p.fmt.sharpV {
			p.buf.writeString(v.typeString())
		}
		p.buf.writeByte('{')
		n := numField(v.x)
		for i := 0; i < n; i++ {
			if i > 0 {
				if p.fmt.sharpV {
					p.buf.writeString(commaSpaceString)
				} else {
					p.buf.writeByte(' ')
				}
			}
			if p.fmt.plusV || p.fmt.sharpV {
				if name, _, _ := fieldInfo(v.x, i); name != "" {
					p.buf.writeString(name)
					p.buf.writeByte(':')
				}
			}
			p.printValue(getField(v, i, &p.fmt), verb, depth+1)
		}
		p.buf.writeByte('}')
	case kInterface:
		if e := v.elem(); !e.isValid() {
			if p.fmt.sharpV {
				p.buf.writeString(v.typeString())
				p.buf.writeString(nilParenString)
			} else {
				p.buf.writeString(nilAngleString)
			}
		} else {
			p.printValue(e, verb, depth+1)
		}
	case kArray, kSlice:
		p.printList(v, verb, depth)
	case kPointer:
		// pointer to array or slice or struct? ok at top level
		// but not embedded (avoid loops)
		if depth == 0 && !v.isNil(&p.fmt) {
			switch a := v.elem(); a.kind() {
			case kArray, kSlice, kStruct, kMap:
				p.buf.writeByte('&')
				p.printValue(a, verb, depth+1)
				return
			}
		}
		p.fmtPointer(v, verb)
	case kChan, kFunc, kUnsafePointer:
		p.fmtPointer(v, verb)
	default:
		p.unknownType(v)
	}
}

// getField gets the i'th field of the struct value.
// If the field itself is a non-nil interface, return a value for
// the thing inside the interface, not the interface itself.
func getField(v value, i int, f *formatter) value {
	val := v.field(i)
	if val.kind() == kInterface && !val.isNil(f) {
		val = val.elem()
	}
	return val
}
