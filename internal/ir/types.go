// Type helpers: structural identity, validity, sizes and the text form of types.

package ir

import (
	"slices"
	"strconv"
	"strings"
)

// Identical reports whether a and b are structurally the same type. Struct
// field names are part of the type; type names are labels: a named type
// and its underlying structure are identical, as are two named types of
// the same structure, so that Go's conversions between them (go/ssa's
// ChangeType) need no instruction. Two named types with the same name are
// identical without looking further, and a pair of types met again on the
// way down is assumed identical, so the comparison terminates on recursive
// (cyclic) types.
func Identical(a, b *Type) bool {
	return identical(a, b, nil)
}

type typePair struct{ a, b *Type }

func identical(a, b *Type, assumed map[typePair]bool) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.Kind != b.Kind {
		return false
	}
	if a.Name != "" && a.Name == b.Name {
		return true
	}
	switch a.Kind {
	case KBool, KString:
		return true
	case KInt:
		return a.Width == b.Width && a.Signed == b.Signed
	case KFloat:
		return a.Width == b.Width
	}
	if assumed[typePair{a, b}] {
		return true
	}
	if assumed == nil {
		assumed = map[typePair]bool{}
	}
	assumed[typePair{a, b}] = true
	switch a.Kind {
	case KArray:
		return a.Len == b.Len && identical(a.Elem, b.Elem, assumed)
	case KPointer, KSlice, KIter:
		return identical(a.Elem, b.Elem, assumed)
	case KMap:
		return identical(a.Key, b.Key, assumed) && identical(a.Elem, b.Elem, assumed)
	case KStruct:
		if len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if a.Fields[i].Name != b.Fields[i].Name || !identical(a.Fields[i].Type, b.Fields[i].Type, assumed) {
				return false
			}
		}
		return true
	case KTuple:
		return identicalList(a.Elems, b.Elems, assumed)
	case KFunc:
		return identicalList(a.Params, b.Params, assumed) && identicalList(a.Results, b.Results, assumed)
	case KInterface:
		if len(a.Methods) != len(b.Methods) {
			return false
		}
		for i := range a.Methods {
			if a.Methods[i].Name != b.Methods[i].Name || !identical(a.Methods[i].Sig, b.Methods[i].Sig, assumed) {
				return false
			}
		}
		return true
	}
	return false
}

func identicalList(a, b []*Type, assumed map[typePair]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !identical(a[i], b[i], assumed) {
			return false
		}
	}
	return true
}

// TupleOf returns the tuple type of the given element types.
func TupleOf(elems ...*Type) *Type { return &Type{Kind: KTuple, Elems: elems} }

// SliceOf returns the slice type of elem.
func SliceOf(elem *Type) *Type { return &Type{Kind: KSlice, Elem: elem, Size: 24} }

// IterOf returns the type of an iterator over x, a string or a map.
func IterOf(x *Type) *Type { return &Type{Kind: KIter, Elem: x} }

// String is the string type.
var String = &Type{Kind: KString, Size: 16}

// NextType is the type of Next on an iterator over x: (ok bool, key,
// value), the key an i64 byte index and the value an i32 rune for a
// string, the map's key and value types for a map; nil when x is neither.
func NextType(x *Type) *Type {
	switch {
	case x == nil:
		return nil
	case x.Kind == KString:
		return TupleOf(Bool, I64, I32)
	case x.Kind == KMap:
		return TupleOf(Bool, x.Key, x.Elem)
	}
	return nil
}

// ResultType is the type of a call to f: its single result type, or a tuple
// of its results (the empty tuple when it has none).
func ResultType(f *Function) *Type {
	if len(f.Results) == 1 {
		return f.Results[0]
	}
	return TupleOf(f.Results...)
}

// ValidType reports why t is not a well-formed type, or "". The type graph
// may be cyclic, but every cycle must pass through a named type (so that
// the text form is finite) and through a pointer, a slice or a map (a
// struct or array containing itself would have no finite size).
func ValidType(t *Type) string {
	if t != nil && (t.Kind == KBool || t.Kind == KString || t.Kind == KInt && (t.Width == 8 || t.Width == 16 || t.Width == 32 || t.Width == 64)) {
		return "" // the common case, without a walk
	}
	v := typeValidator{state: map[*Type]*visit{}}
	return v.valid(t)
}

// typeValidator walks a type graph once: state holds the types being
// checked (with the number of indirections and of named types on the way
// down to them) and those found valid (done).
type typeValidator struct {
	state      map[*Type]*visit
	ind, names int
}

type visit struct {
	ind, names int
	done       bool
}

func (v *typeValidator) valid(t *Type) string {
	if t == nil {
		return "nil type"
	}
	if s := v.state[t]; s != nil {
		switch {
		case s.done:
			return ""
		case t.Name == "" && s.names == v.names:
			return "cycle of unnamed types"
		case s.ind == v.ind:
			return "invalid recursive type " + TypeName(t.Name)
		}
		return "" // a cycle through a named type and an indirection
	}
	s := &visit{ind: v.ind, names: v.names}
	v.state[t] = s
	if t.Name != "" {
		v.names++
	}
	msg := v.check(t)
	if t.Name != "" {
		v.names--
	}
	if msg == "" {
		s.done = true
	} else {
		delete(v.state, t)
	}
	return msg
}

func (v *typeValidator) indirect(t *Type) string {
	v.ind++
	defer func() { v.ind-- }()
	return v.valid(t)
}

func (v *typeValidator) check(t *Type) string {
	switch t.Kind {
	case KBool, KString:
		return ""
	case KInt:
		switch t.Width {
		case 8, 16, 32, 64:
			return ""
		}
		return "integer width " + strconv.Itoa(t.Width)
	case KFloat:
		if t.Width == 32 || t.Width == 64 {
			return ""
		}
		return "float width " + strconv.Itoa(t.Width)
	case KArray:
		if t.Len < 0 {
			return "negative array length"
		}
		return v.valid(t.Elem)
	case KPointer, KSlice:
		return v.indirect(t.Elem)
	case KMap:
		if s := v.indirect(t.Key); s != "" {
			return s
		}
		if !comparable(t.Key) {
			return "map key type " + t.Key.String() + " is not comparable"
		}
		return v.indirect(t.Elem)
	case KIter:
		if t.Elem == nil || (t.Elem.Kind != KString && t.Elem.Kind != KMap) {
			return "iterator over " + t.Elem.String() + ", not a string or a map"
		}
		return v.indirect(t.Elem)
	case KStruct:
		for _, f := range t.Fields {
			if s := v.valid(f.Type); s != "" {
				return s
			}
		}
		return ""
	case KTuple:
		for _, e := range t.Elems {
			if s := v.valid(e); s != "" {
				return s
			}
		}
		return ""
	case KFunc:
		// A function value refers to its signature: an indirection.
		for _, e := range append(append([]*Type(nil), t.Params...), t.Results...) {
			if s := v.indirect(e); s != "" {
				return s
			}
		}
		return ""
	case KInterface:
		for i, m := range t.Methods {
			if !isIdent(m.Name) || i > 0 && t.Methods[i-1].Name >= m.Name {
				return "interface methods not sorted, or not identifiers"
			}
			if m.Sig == nil || m.Sig.Kind != KFunc {
				return "method " + m.Name + " without a function type"
			}
			if s := v.indirect(m.Sig); s != "" {
				return s
			}
		}
		return ""
	}
	return "unknown type kind " + strconv.Itoa(int(t.Kind))
}

// comparable reports whether == applies to every pair of values of t (Go's
// comparable types among the IR's: no slices, maps, iterators or tuples).
func comparable(t *Type) bool {
	return comparableSeen(t, map[*Type]bool{})
}

func comparableSeen(t *Type, seen map[*Type]bool) bool {
	if seen[t] {
		return true
	}
	seen[t] = true
	switch t.Kind {
	case KBool, KInt, KFloat, KString, KPointer, KInterface:
		return true // an interface compares; holding an uncomparable value, it panics (Comparable)
	case KArray:
		return comparableSeen(t.Elem, seen)
	case KStruct:
		for _, f := range t.Fields {
			if !comparableSeen(f.Type, seen) {
				return false
			}
		}
		return true
	}
	return false
}

// SizeOf is the size in bytes of a value of t on amd64 with the gc
// compiler (go/types.SizesFor("gc", "amd64")): the IR's Type.Size, which
// the parser fills in with it. Tuples and iterators have no Go size (0).
func SizeOf(t *Type) int64 {
	s, _ := sizeAlign(t, map[*Type]bool{})
	return s
}

// sizeAlign computes the size and alignment of t; busy guards against
// invalid cycles (which ValidType reports).
func sizeAlign(t *Type, busy map[*Type]bool) (size, align int64) {
	if t == nil || busy[t] {
		return 0, 1
	}
	switch t.Kind {
	case KBool:
		return 1, 1
	case KInt, KFloat:
		return int64(t.Width / 8), int64(t.Width / 8)
	case KPointer, KMap, KFunc:
		return 8, 8
	case KString, KInterface:
		return 16, 8
	case KSlice:
		return 24, 8
	case KTuple, KIter:
		return 0, 1
	}
	busy[t] = true
	defer delete(busy, t)
	switch t.Kind {
	case KArray:
		es, ea := sizeAlign(t.Elem, busy)
		return es * int64(t.Len), ea
	case KStruct:
		var offs int64
		align = 1
		for i, f := range t.Fields {
			fs, fa := sizeAlign(f.Type, busy)
			align = max(align, fa)
			offs = roundUp(offs, fa)
			if i == len(t.Fields)-1 && offs > 0 && fs == 0 {
				fs = 1 // gc: a non-zero-sized struct does not end with a zero-sized field
			}
			offs += fs
		}
		return roundUp(offs, align), align
	}
	return 0, 1
}

func roundUp(x, a int64) int64 { return (x + a - 1) / a * a }

// String returns the text form of t: bool, i32, u8, string, [4]i32, []u8,
// *T, map[string]i64, iter[string], struct{a i32; b bool}, (i32, bool); a
// named type is written by its name (Decl writes its declaration).
func (t *Type) String() string {
	var sb strings.Builder
	writeType(&sb, t, nil)
	return sb.String()
}

// Decl returns the declaration of a named type in the text form: "type
// Node struct{V i64; Next *Node}", "type sync.Mutex opaque struct{...}".
func (t *Type) Decl() string {
	var sb strings.Builder
	sb.WriteString("type ")
	sb.WriteString(TypeName(t.Name))
	sb.WriteByte(' ')
	if t.Opaque {
		sb.WriteString("opaque ")
	}
	writeStructure(&sb, t, nil)
	return sb.String()
}

// writeType writes t, by its name if it has one; path holds the unnamed
// types being written, so that a malformed cycle of them (which Check
// rejects) prints as <cycle> instead of never ending.
func writeType(sb *strings.Builder, t *Type, path []*Type) {
	if t != nil && t.Name != "" {
		sb.WriteString(TypeName(t.Name))
		return
	}
	writeStructure(sb, t, path)
}

// writeStructure writes t without its name (its components by theirs).
func writeStructure(sb *strings.Builder, t *Type, path []*Type) {
	if t == nil {
		sb.WriteString("<nil>")
		return
	}
	for _, u := range path {
		if u == t {
			sb.WriteString("<cycle>")
			return
		}
	}
	path = append(path, t)
	switch t.Kind {
	case KBool:
		sb.WriteString("bool")
	case KInt:
		if t.Signed {
			sb.WriteByte('i')
		} else {
			sb.WriteByte('u')
		}
		sb.WriteString(strconv.Itoa(t.Width))
	case KFloat:
		sb.WriteString("f" + strconv.Itoa(t.Width))
	case KString:
		sb.WriteString("string")
	case KArray:
		sb.WriteByte('[')
		sb.WriteString(strconv.Itoa(t.Len))
		sb.WriteByte(']')
		writeType(sb, t.Elem, path)
	case KSlice:
		sb.WriteString("[]")
		writeType(sb, t.Elem, path)
	case KPointer:
		sb.WriteByte('*')
		writeType(sb, t.Elem, path)
	case KMap:
		sb.WriteString("map[")
		writeType(sb, t.Key, path)
		sb.WriteByte(']')
		writeType(sb, t.Elem, path)
	case KIter:
		sb.WriteString("iter[")
		writeType(sb, t.Elem, path)
		sb.WriteByte(']')
	case KStruct:
		sb.WriteString("struct{")
		for i, f := range t.Fields {
			if i > 0 {
				sb.WriteString("; ")
			}
			sb.WriteString(identOr(f.Name, "_"))
			sb.WriteByte(' ')
			writeType(sb, f.Type, path)
		}
		sb.WriteByte('}')
	case KTuple:
		writeTypeList(sb, t.Elems, path)
	case KFunc:
		sb.WriteString("func")
		writeSignature(sb, t, path)
	case KInterface:
		sb.WriteString("interface{")
		for i, m := range t.Methods {
			if i > 0 {
				sb.WriteString("; ")
			}
			sb.WriteString(m.Name)
			if m.Sig == nil {
				sb.WriteString("<nil>")
				continue
			}
			writeSignature(sb, m.Sig, path)
		}
		sb.WriteByte('}')
	default:
		sb.WriteString("<kind " + strconv.Itoa(int(t.Kind)) + ">")
	}
}

// writeTypeList writes (t1, t2, ...).
func writeTypeList(sb *strings.Builder, ts []*Type, path []*Type) {
	sb.WriteByte('(')
	for i, e := range ts {
		if i > 0 {
			sb.WriteString(", ")
		}
		writeType(sb, e, path)
	}
	sb.WriteByte(')')
}

// writeSignature writes the parameters and results of a KFunc: (i64, bool)
// (i64, bool), (i64) bool, () with no results.
func writeSignature(sb *strings.Builder, t *Type, path []*Type) {
	writeTypeList(sb, t.Params, path)
	switch len(t.Results) {
	case 0:
	case 1:
		sb.WriteByte(' ')
		writeType(sb, t.Results[0], path)
	default:
		sb.WriteByte(' ')
		writeTypeList(sb, t.Results, path)
	}
}

// NamedTypes returns the named types of the program (those of its globals,
// parameters, results, registers and constants, and of their components),
// one per name, sorted by name.
func NamedTypes(p *Program) []*Type {
	byName := map[string]*Type{}
	WalkTypes(p, func(t *Type) {
		if t.Name != "" && byName[t.Name] == nil {
			byName[t.Name] = t
		}
	})
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	slices.Sort(names)
	out := make([]*Type, len(names))
	for i, n := range names {
		out[i] = byName[n]
	}
	return out
}

// WalkTypes calls visit once for every type reachable from the program's
// globals, parameters, results, registers and constant operands.
func WalkTypes(p *Program, visit func(*Type)) {
	seen := map[*Type]bool{}
	var walk func(t *Type)
	walk = func(t *Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		visit(t)
		walk(t.Elem)
		walk(t.Key)
		for _, f := range t.Fields {
			walk(f.Type)
		}
		for _, e := range t.Elems {
			walk(e)
		}
		for _, e := range t.Params {
			walk(e)
		}
		for _, e := range t.Results {
			walk(e)
		}
		for _, m := range t.Methods {
			walk(m.Sig)
		}
	}
	if p == nil {
		return
	}
	for _, d := range p.Types {
		if d != nil {
			walk(d.Type)
		}
	}
	for _, g := range p.Globals {
		if g != nil {
			walk(g.Typ)
		}
	}
	for _, f := range p.Funcs {
		if f == nil {
			continue
		}
		for _, par := range f.Params {
			if par != nil {
				walk(par.Typ)
			}
		}
		for _, r := range f.Results {
			walk(r)
		}
		for _, b := range f.Blocks {
			if b == nil {
				continue
			}
			for _, in := range b.Instrs {
				if in == nil {
					continue
				}
				if r := registerOf(in); r != nil {
					walk(r.Typ)
				}
				for _, v := range in.Operands() {
					if c, ok := v.(*Const); ok {
						walk(c.Typ)
					}
				}
			}
		}
	}
}
