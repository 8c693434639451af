// Instructions on Go's reference values: strings, slices, maps, iteration, and the builtins on them.

package ir

// Len yields len(X) as an i64: X a string, a slice or a map (0 for nil).
type Len struct {
	register
	X Value
}

// Cap yields cap(X) of a slice X as an i64 (0 for nil).
type Cap struct {
	register
	X Value
}

// Slice yields X[Low:High:Max]; an absent bound is nil (Low: 0, High: the
// length, Max: the capacity). X is a string (the result is a string; Max
// is nil), a slice, or a pointer to an array (the result is a slice of
// the array, sharing it). Bounds are i64 and known to be in range (a
// preceding SliceCheck).
type Slice struct {
	register
	X, Low, High, Max Value
}

// MakeSlice yields make(T, Len, Cap) (Typ is the slice type): a fresh
// zeroed backing array. Len and Cap are i64, known to be valid (preceding
// MakeLenCheck and MakeCapCheck).
type MakeSlice struct {
	register
	Len, Cap Value
}

// MakeMap yields make(T) (Typ is the map type): an empty, non-nil map.
type MakeMap struct {
	register
}

// Lookup yields X[Key] of a map X: the value, or the zero value when the
// key is absent (or X is nil); with CommaOk the tuple (value, found bool).
type Lookup struct {
	register
	X, Key  Value
	CommaOk bool
}

// MapUpdate sets Map[Key] = Val; Map is known not to be nil (a preceding
// MapCheck).
type MapUpdate struct {
	anInstr
	Map, Key, Val Value
}

// BuiltinKind names a builtin function on reference values.
type BuiltinKind int

const (
	Append BuiltinKind = iota // append(X, Y...): X a slice, Y a slice of the same type or (for []byte) a string; yields the slice
	Copy                      // copy(Dst, Src): Src a slice or (for []byte) a string; yields the count copied (i64)
	Delete                    // delete(Map, Key): no result
	Clear                     // clear(X): X a map (emptied) or a slice (elements zeroed); no result
	// The reflection the replacement package's bodies need (sort.Slice's
	// swapper, atomic.Value's type checks), on the values interfaces hold:
	SliceLen  // slicelen(X): the length (i64) of the slice the interface X holds; the run aborts when it holds none
	SliceSwap // sliceswap(X, I, J): swaps elements I and J (i64, in range) of the slice the interface X holds; no result
	SameType  // sametype(X, Y): whether the interfaces X and Y hold values of one dynamic type (or are both nil); bool
	// within(C): the run goes on where the bool C holds and is aborted
	// elsewhere, where a string or slice header views memory leapfrog does
	// not model (lower/headers.go): a decision the search can flip, whose
	// aborted side refutes nothing; no result.
	Within
	// dataoff(X, Y): the address of string X's bytes minus that of string
	// Y's (i64), when both lie in the memory of one string (sliced from
	// it); the run aborts otherwise (uintptr(xh.Data) - uintptr(yh.Data)
	// of their headers, lower/headers.go).
	DataOff
	// readonly(X): the backing array of the slice X (a []byte viewing a
	// string's bytes, lower/headers.go) is read-only: a write into it
	// aborts the run (Go's strings are immutable: the write faults, or
	// changes the string); no result.
	ReadOnly
	// The reflect model (reflect.go): type ids index Program.Reflect.
	ReflectTypeOf  // rtypeof(X): the type id (i64) of the dynamic type of the interface X (0: nil); a symbolic one is decided
	ReflectTypeInt // rtypeint(T, What, I): an integer property What (RType*) of type T (I: a field's index); i64
	ReflectTypeStr // rtypestr(T, What, I): a string property What (RType*) of type T; string
	ReflectGet     // rget(Root, RootT, Steps, T): the value reached from the interface Root (of type RootT) by Steps ([]i64), boxed as type T (an interface type: the interface itself)
	ReflectLen     // rlen(Root, RootT, Steps): len of the slice, map or array reached so; i64
	ReflectCap     // rcap(Root, RootT, Steps): cap of the slice reached so; i64
	ReflectIsNil   // risnil(Root, RootT, Steps): whether the pointer, slice, map, func or interface reached so is nil; bool
	ReflectSet     // rset(Root, RootT, Steps, X): stores what the interface X holds (X itself for an interface type) where Steps lead, in memory; no result
	ReflectAddr    // raddr(Root, RootT, Steps, T): the address of what Steps lead to, in memory, boxed as the pointer type T
	ReflectNew     // rnew(T): a fresh variable of type T, zero, its address boxed as the pointer type to T (T's PtrTo)
	ReflectMake    // rmake(T, N, C): make(T, N, C) of the slice type T, or make(T) of the map type T; with C -1, T's zero value (T no interface type); boxed as T
	// rmapindex(Root, RootT, Steps, MapT, Key): the map reached so (of
	// type MapT) at Key (an interface holding a value of the key type, or,
	// for an interface key type, the key itself): a []any empty where the
	// key is absent, else holding the element (boxed as the key is).
	ReflectMapIndex
	ReflectMapSet    // rmapset(Root, RootT, Steps, MapT, Key, Elem): stores Elem (boxed as Key is) at Key in the map reached so (not nil); no result
	ReflectMapDelete // rmapdelete(Root, RootT, Steps, MapT, Key): deletes Key from the map reached so; no result
	// rmapkeys(Root, RootT, Steps, MapT): the keys present in the map
	// reached so, boxed as Key is, as a []any in the table's order: with
	// more than one the run depends on an order Go does not fix (as a
	// range over a map).
	ReflectMapKeys
	// rslice(Root, RootT, Steps, I, J, K, T): the slice expression
	// X[I:J:K] (X[I:J] with K -1) of the slice, string or array X reached
	// so (an array in memory is sliced in place, one that is not is
	// copied), boxed as type T; the model checks the bounds.
	ReflectSlice
	ReflectAppend // rappend(X, Y): append(X, Y...) of the slices the interfaces X and Y hold (of one element type), boxed as X is
	ReflectCopy   // rcopy(Dst, Src): copy(Dst, Src) of the slice the interface Dst holds from the slice of its type or the string Src holds; i64
)

var builtinNames = [...]string{"append", "copy", "delete", "clear", "slicelen", "sliceswap", "sametype", "within", "dataoff", "readonly",
	"rtypeof", "rtypeint", "rtypestr", "rget", "rlen", "rcap", "risnil", "rset", "raddr",
	"rnew", "rmake", "rmapindex", "rmapset", "rmapdelete", "rmapkeys", "rslice", "rappend", "rcopy"}

// builtinArity is the number of arguments of each builtin.
var builtinArity = [...]int{2, 2, 2, 1, 1, 3, 2, 1, 2, 1, 1, 3, 3, 4, 3, 3, 3, 4, 4, 1, 3, 5, 6, 5, 4, 7, 2, 2}

func (k BuiltinKind) String() string { return builtinNames[k] }

// Arity returns the number of arguments of the builtin.
func (k BuiltinKind) Arity() int { return builtinArity[k] }

// Builtin calls a builtin function. Its type is the result's (append: the
// slice; copy: i64), or the empty tuple when it has none.
type Builtin struct {
	register
	Fn   BuiltinKind
	Args []Value
}

// SliceToArrayPointer converts the slice X to a pointer to an array of
// Typ.Elem.Len elements: a pointer into X's backing array (nil when X is
// nil and the length is 0). The length is known to suffice (a preceding
// ConvCheck).
type SliceToArrayPointer struct {
	register
	X Value
}

// Range starts a range loop over X, a string or a map, and yields an
// iterator (type KIter) that Next advances.
type Range struct {
	register
	X Value
}

// Next advances the iterator Iter and yields the tuple (ok bool, key,
// value). Over a string, key is the byte index (i64) and value the rune
// (i32) starting there, decoded as Go decodes UTF-8 (an invalid encoding
// gives U+FFFD and advances one byte). Over a map, one entry not yet
// visited, in an order the program must not depend on. When ok is false
// the key and value are zero.
type Next struct {
	register
	Iter Value
}

func (i *Len) Operands() []Value                 { return []Value{i.X} }
func (i *Cap) Operands() []Value                 { return []Value{i.X} }
func (i *MakeSlice) Operands() []Value           { return []Value{i.Len, i.Cap} }
func (i *MakeMap) Operands() []Value             { return nil }
func (i *Lookup) Operands() []Value              { return []Value{i.X, i.Key} }
func (i *MapUpdate) Operands() []Value           { return []Value{i.Map, i.Key, i.Val} }
func (i *Builtin) Operands() []Value             { return i.Args }
func (i *SliceToArrayPointer) Operands() []Value { return []Value{i.X} }
func (i *Range) Operands() []Value               { return []Value{i.X} }
func (i *Next) Operands() []Value                { return []Value{i.Iter} }

// Operands of a Slice: X, then the bounds present (Low, High, Max in that
// order; absent ones are left out).
func (i *Slice) Operands() []Value {
	ops := []Value{i.X}
	for _, b := range []Value{i.Low, i.High, i.Max} {
		if b != nil {
			ops = append(ops, b)
		}
	}
	return ops
}
