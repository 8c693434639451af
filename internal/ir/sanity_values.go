// Sanity checks of the instructions on reference values (strings, slices, maps, iteration, builtins).

package ir

import "fmt"

// valueInstr checks the operand and result types of the instructions of
// values.go; errf reports, wantRes checks the result type.
func (c *checker) valueInstr(instr Instr, errf func(string, ...any), wantRes func(*Type)) {
	isI64 := func(v Value) bool { return v != nil && Identical(v.Type(), I64) }
	switch in := instr.(type) {
	case *Len:
		if k := in.X.Type().Kind; k != KString && k != KSlice && k != KMap {
			errf("len of %s, not a string, a slice or a map", in.X.Type())
		}
		wantRes(I64)
	case *Cap:
		if in.X.Type().Kind != KSlice {
			errf("cap of %s, not a slice", in.X.Type())
		}
		wantRes(I64)
	case *Slice:
		for i, b := range []Value{in.Low, in.High, in.Max} {
			if b != nil && !isI64(b) {
				errf("%s bound of type %s, want i64", sliceBounds[i], b.Type())
			}
		}
		t := in.X.Type()
		switch {
		case t.Kind == KString:
			if in.Max != nil {
				errf("3-index slice of a string")
			}
			wantRes(t)
		case t.Kind == KSlice:
			wantRes(t)
		case t.Kind == KPointer && t.Elem.Kind == KArray:
			if r := in.Typ; r.Kind != KSlice || !Identical(r.Elem, t.Elem.Elem) {
				errf("result type %s, want a slice of %s", r, t.Elem.Elem)
			}
		default:
			errf("slice of %s, not a string, a slice or a pointer to an array", t)
		}
	case *MakeSlice:
		if in.Typ.Kind != KSlice {
			errf("makeslice of %s, not a slice type", in.Typ)
		}
		if !isI64(in.Len) || !isI64(in.Cap) {
			errf("makeslice length and capacity of types %s and %s, want i64", in.Len.Type(), in.Cap.Type())
		}
	case *MakeMap:
		if in.Typ.Kind != KMap {
			errf("makemap of %s, not a map type", in.Typ)
		}
	case *Lookup:
		t := in.X.Type()
		if t.Kind != KMap {
			errf("lookup in %s, not a map", t)
			return
		}
		if !Identical(in.Key.Type(), t.Key) {
			errf("key of type %s, map has %s", in.Key.Type(), t.Key)
		}
		if in.CommaOk {
			wantRes(TupleOf(t.Elem, Bool))
		} else {
			wantRes(t.Elem)
		}
	case *MapUpdate:
		t := in.Map.Type()
		if t.Kind != KMap {
			errf("mapupdate of %s, not a map", t)
			return
		}
		if !Identical(in.Key.Type(), t.Key) || !Identical(in.Val.Type(), t.Elem) {
			errf("mapupdate with key %s and value %s of %s", in.Key.Type(), in.Val.Type(), t)
		}
	case *Builtin:
		c.builtin(in, errf, wantRes)
	case *SliceToArrayPointer:
		t, r := in.X.Type(), in.Typ
		if t.Kind != KSlice || r.Kind != KPointer || r.Elem.Kind != KArray || !Identical(t.Elem, r.Elem.Elem) {
			errf("slicetoarrayptr from %s to %s", t, r)
		}
	case *Range:
		t := in.X.Type()
		if t.Kind != KString && t.Kind != KMap {
			errf("range over %s, not a string or a map", t)
			return
		}
		wantRes(IterOf(t))
	case *Next:
		t := in.Iter.Type()
		if t.Kind != KIter {
			errf("next of %s, not an iterator", t)
			return
		}
		wantRes(NextType(t.Elem))
	default:
		if !c.ifaceInstr(instr, errf, wantRes) {
			panic(fmt.Sprintf("ir.Check: unknown instruction %T", instr))
		}
	}
}

// builtin checks the arguments and the result of a builtin call.
func (c *checker) builtin(in *Builtin, errf func(string, ...any), wantRes func(*Type)) {
	if in.Fn < Append || in.Fn > ReflectCopy {
		errf("unknown builtin %d", int(in.Fn))
		return
	}
	want := builtinArity[in.Fn]
	if len(in.Args) != want {
		errf("%s with %d arguments, want %d", in.Fn, len(in.Args), want)
		return
	}
	x := in.Args[0].Type()
	switch in.Fn {
	case Append, Copy:
		y := in.Args[1].Type()
		if x.Kind != KSlice {
			errf("%s to %s, not a slice", in.Fn, x)
			return
		}
		if !Identical(x.Elem, elemOrByte(y)) {
			errf("%s of %s to %s", in.Fn, y, x)
		}
		if in.Fn == Append {
			wantRes(x)
		} else {
			wantRes(I64)
		}
	case Delete:
		if x.Kind != KMap || !Identical(in.Args[1].Type(), x.Key) {
			errf("delete of %s from %s", in.Args[1].Type(), x)
		}
		wantRes(TupleOf())
	case Clear:
		if x.Kind != KMap && x.Kind != KSlice {
			errf("clear of %s, not a map or a slice", x)
		}
		wantRes(TupleOf())
	case Within:
		if x.Kind != KBool {
			errf("within of %s, not a bool", x)
		}
		wantRes(TupleOf())
	case ReadOnly:
		if x.Kind != KSlice {
			errf("readonly of %s, not a slice", x)
		}
		wantRes(TupleOf())
	case DataOff:
		if x.Kind != KString || in.Args[1].Type().Kind != KString {
			errf("dataoff of %s and %s, not strings", x, in.Args[1].Type())
		}
		wantRes(I64)
	case ReflectTypeOf, ReflectTypeInt, ReflectTypeStr, ReflectGet, ReflectLen, ReflectCap, ReflectIsNil, ReflectSet, ReflectAddr,
		ReflectNew, ReflectMake, ReflectMapIndex, ReflectMapSet, ReflectMapDelete, ReflectMapKeys, ReflectSlice, ReflectAppend, ReflectCopy:
		c.reflectBuiltin(in, errf, wantRes)
	default: // SliceLen, SliceSwap, SameType
		for k, a := range in.Args {
			if want := KInterface; k > 0 && in.Fn == SliceSwap {
				if !Identical(a.Type(), I64) {
					errf("%s index of type %s, want i64", in.Fn, a.Type())
				}
			} else if a.Type().Kind != want {
				errf("%s of %s, not an interface", in.Fn, a.Type())
			}
		}
		wantRes(map[BuiltinKind]*Type{SliceLen: I64, SliceSwap: TupleOf(), SameType: Bool}[in.Fn])
	}
}

// elemOrByte is the element type of a slice, u8 for a string (append and
// copy take a string's bytes), nil otherwise.
func elemOrByte(t *Type) *Type {
	switch t.Kind {
	case KSlice:
		return t.Elem
	case KString:
		return U8
	}
	return nil
}

// Convertible reports whether Convert turns from into to: integers into
// integers, an integer into a string (a rune's encoding), a string into
// []u8 or []i32 and back.
func Convertible(from, to *Type) bool {
	runesOrBytes := func(t *Type) bool {
		return t.Kind == KSlice && (Identical(t.Elem, U8) || Identical(t.Elem, I32))
	}
	switch {
	case isInt(from):
		return isInt(to) || IsFloat(to) || to.Kind == KString
	case IsFloat(from):
		return isInt(to) || IsFloat(to)
	case from.Kind == KString:
		return runesOrBytes(to)
	case runesOrBytes(from):
		return to.Kind == KString
	}
	return false
}

// isNil reports whether v is the constant nil (of a pointer, slice or map type).
func isNil(v Value) bool {
	c, ok := v.(*Const)
	return ok && c.Val == 0 && c.Typ != nil && (c.Typ.Kind == KPointer || c.Typ.Kind == KSlice || c.Typ.Kind == KMap || c.Typ.Kind == KInterface || c.Typ.Kind == KFunc)
}

// reflectBuiltin checks the operands and the result of a builtin of the
// reflect model: interfaces, i64s, a []i64 of steps.
func (c *checker) reflectBuiltin(in *Builtin, errf func(string, ...any), wantRes func(*Type)) {
	want := map[BuiltinKind][]Kind{
		ReflectTypeOf:    {KInterface},
		ReflectTypeInt:   {KInt, KInt, KInt},
		ReflectTypeStr:   {KInt, KInt, KInt},
		ReflectGet:       {KInterface, KInt, KSlice, KInt},
		ReflectLen:       {KInterface, KInt, KSlice},
		ReflectCap:       {KInterface, KInt, KSlice},
		ReflectIsNil:     {KInterface, KInt, KSlice},
		ReflectSet:       {KInterface, KInt, KSlice, KInterface},
		ReflectAddr:      {KInterface, KInt, KSlice, KInt},
		ReflectNew:       {KInt},
		ReflectMake:      {KInt, KInt, KInt},
		ReflectMapIndex:  {KInterface, KInt, KSlice, KInt, KInterface},
		ReflectMapSet:    {KInterface, KInt, KSlice, KInt, KInterface, KInterface},
		ReflectMapDelete: {KInterface, KInt, KSlice, KInt, KInterface},
		ReflectMapKeys:   {KInterface, KInt, KSlice, KInt},
		ReflectSlice:     {KInterface, KInt, KSlice, KInt, KInt, KInt, KInt},
		ReflectAppend:    {KInterface, KInterface},
		ReflectCopy:      {KInterface, KInterface},
	}[in.Fn]
	for k, a := range in.Args {
		t := a.Type()
		switch {
		case t.Kind != want[k]:
			errf("%s operand %d of type %s", in.Fn, k, t)
		case t.Kind == KInt && !Identical(t, I64), t.Kind == KSlice && !Identical(t.Elem, I64):
			errf("%s operand %d of type %s, want i64", in.Fn, k, t)
		}
	}
	wantRes(map[BuiltinKind]*Type{ReflectTypeOf: I64, ReflectTypeInt: I64, ReflectTypeStr: String,
		ReflectGet: Any, ReflectLen: I64, ReflectCap: I64, ReflectIsNil: Bool, ReflectSet: TupleOf(), ReflectAddr: Any,
		ReflectNew: Any, ReflectMake: Any, ReflectMapIndex: SliceOf(Any), ReflectMapSet: TupleOf(), ReflectMapDelete: TupleOf(),
		ReflectMapKeys: SliceOf(Any), ReflectSlice: Any, ReflectAppend: Any, ReflectCopy: I64}[in.Fn])
}
