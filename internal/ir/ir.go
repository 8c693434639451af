// Package-level types of the IR: types, values, instructions, blocks, functions.

package ir

import (
	"fmt"
	"strconv"
)

// Kind classifies IR types.
type Kind int

const (
	KBool    Kind = iota // boolean
	KInt                 // fixed-width integer (two's complement bit-vector)
	KArray               // fixed-length array
	KStruct              // struct with named fields
	KPointer             // pointer to a memory object (nil, or an object the function allocates or receives)
	KTuple               // multiple results of a call
	KString              // Go string: immutable bytes
	KSlice               // slice of Elem (nil, or a window on a backing array)
	KMap                 // map from Key to Elem (nil, or a reference to a table)
	KIter                // iterator of a range over a string or a map (Range, Next)
	// Interfaces and function values (ifaces.go, closures.go).
	KInterface // interface: nil, or a dynamic type (Program.Types) and a value of it; Methods is its method set
	KFunc      // function value: nil, or a function and the free variables it binds (MakeClosure); Params, Results
	// Floats (floats.go).
	KFloat // IEEE 754 binary32 or binary64 (Width 32 or 64): the value is its bits
)

// Type is an IR type. Types are compared structurally with Identical; a
// named type (Name set) is compared by name, which is how recursive types
// (type Node struct{ Next *Node }) close their cycle: the type graph may be
// cyclic, but every cycle passes through a named type.
type Type struct {
	Kind   Kind
	Width  int           // KInt: 8, 16, 32 or 64; KFloat: 32 or 64
	Signed bool          // KInt
	Elem   *Type         // KArray, KPointer, KSlice, KMap (the value type), KIter (the string or map ranged over)
	Key    *Type         // KMap
	Len    int           // KArray
	Fields []StructField // KStruct
	Elems  []*Type       // KTuple
	// Methods is the method set of a KInterface, sorted by name; Params
	// and Results are the signature of a KFunc.
	Methods         []Method
	Params, Results []*Type
	// Name is the Go name of a named type ("Node", "time.Duration"), "" for
	// an unnamed one. The structure is that of its underlying type.
	Name string
	// Opaque marks a named type whose state a test cannot write (sync.Mutex,
	// atomic.Int32, unique.Handle: their structure is the replacement
	// package's, their fields unexported): an input of it is bounded to
	// its zero value. A channel type is one too (a pointer to the
	// replacement package's queue named after the Go channel type): an
	// input channel is nil. Like the name, it is a label, not part of
	// identity.
	Opaque bool
	// Size is the size in bytes of a value of the type on the target
	// platform (amd64, gc; 0 for tuples and iterators). Slice growth
	// (append) depends on the element size. It is not written in the text
	// form: the parser computes it (SizeOf), as the frontend's go/types
	// does.
	Size int64
	// ReflectName is reflect's Type.String() of the Go type ("main.T",
	// "[]uint8", "struct { A int }"), which fmt's %T and %#v print: the
	// front end sets it; it is not written in the text form ("" in
	// hand-written IR).
	ReflectName string
}

// StructField is a struct field. Embedded and Unwritable are not written
// in the text form (fmt reads Embedded: a value reached through an
// unexported embedded field keeps its methods). Unwritable marks a field a
// test of the target package cannot write (an unexported field of another
// package's struct: bufio.Reader's buf, time.Time's wall): an input's is
// bounded to its zero value (ir.ZeroBound), as an opaque type's is, so
// that every input the search chooses is one the emitted test can build.
type StructField struct {
	Name       string
	Type       *Type
	Embedded   bool
	Unwritable bool
}

// Common types.
var (
	Bool = &Type{Kind: KBool, Size: 1}
	I8   = &Type{Kind: KInt, Width: 8, Signed: true, Size: 1}
	I16  = &Type{Kind: KInt, Width: 16, Signed: true, Size: 2}
	I32  = &Type{Kind: KInt, Width: 32, Signed: true, Size: 4}
	I64  = &Type{Kind: KInt, Width: 64, Signed: true, Size: 8}
	U8   = &Type{Kind: KInt, Width: 8, Size: 1}
	U16  = &Type{Kind: KInt, Width: 16, Size: 2}
	U32  = &Type{Kind: KInt, Width: 32, Size: 4}
	U64  = &Type{Kind: KInt, Width: 64, Size: 8}
)

// IntType returns the integer type of the given width and signedness.
func IntType(width int, signed bool) *Type {
	return &Type{Kind: KInt, Width: width, Signed: signed, Size: int64(width / 8)}
}

// PointerTo returns the pointer type to elem.
func PointerTo(elem *Type) *Type { return &Type{Kind: KPointer, Elem: elem, Size: 8} }

// Program is a set of functions lowered together (one Go package, or one IR file).
type Program struct {
	Funcs    []*Function // in a deterministic order (source order)
	Branches []*If       // every If of every function, indexed by If.ID
	Panics   []*Panic    // every Panic terminator, indexed by Panic.ID
	// Globals are the package-level variables the functions use, and Init
	// the function that gives them their initial values (go/ssa's package
	// initializer, lowered like any function; nil when no global needs one).
	// A run starts by running Init.
	Globals []*Global
	Init    *Function
	// Types are the dynamic types interface values of the program may
	// hold, sorted by name, with their method tables (ifaces.go). The type
	// id of Types[i] is i+1; 0 is the nil interface.
	Types []*DynType
	// Reflect is the reflect model's type table (reflect.go), empty when
	// the program does not reflect; DynType.RType indexes it.
	Reflect []*RType
}

// Func returns the function with the given name, or nil.
func (p *Program) Func(name string) *Function {
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Function is a function in SSA form. Blocks[0] is the entry block.
type Function struct {
	Name    string // "F", or "T.M" / "(*T).M" for methods; qualified by the import path in another package ("strings.Index", "(*strings.Builder).String")
	Params  []*Param
	Results []*Type
	Blocks  []*Block
	Pos     Pos
	Prog    *Program
	// NumFree is the number of free variables of a function literal: its
	// first NumFree parameters, bound by MakeClosure (closures.go).
	NumFree int
	// RecoverResults, set for a function with deferred calls, says what
	// it returns when one of them recovers a panic: per result, a pointer
	// to the named result (an Alloc of the entry block, loaded then) or a
	// constant (closures.go).
	RecoverResults []Value
	// Pkg is the import path of the Go package declaring the function
	// when it is another package than the one the program was lowered
	// for ("" for that package's functions, and in a CFG model unless
	// written): the objectives are the branches of the functions of the
	// function under test's package; the others only contribute paths.
	Pkg string
	// External marks a function the engine does not interpret: it has no
	// blocks, and a call runs the implementation its Name selects in the
	// engine's table of externals (package externals) on concrete values.
	External bool
	// Unsupported, on an External function, says why leapfrog cannot run
	// the Go function it stands for (its lowering failed: "call to
	// reflect.Value.UnsafePointer (package reflect is not interpreted, ...)"):
	// a call of it aborts the run with this reason, so that what only such
	// runs reach stays unknown, and the rest of its callers is analysed.
	// The static encodings treat the call as any external's: results and
	// effects unknown.
	Unsupported string
}

// Block is a basic block: a list of instructions ending in exactly one terminator
// (If, Jump, Return or Panic). Phi instructions come first.
type Block struct {
	Index   int // position in Func.Blocks
	Instrs  []Instr
	Preds   []*Block
	Succs   []*Block // If: [then, else]; Jump: [target]; Return, Panic: none
	Func    *Function
	Comment string
}

// Terminator returns the last instruction of the block.
func (b *Block) Terminator() Instr {
	if len(b.Instrs) == 0 {
		return nil
	}
	return b.Instrs[len(b.Instrs)-1]
}

// Value is anything an instruction can use as an operand: a Const, a Param, or a
// value-producing instruction.
type Value interface {
	Type() *Type
	// Name is the value's name in the text form, without the '%' ("x", "3").
	Name() string
}

// Instr is an instruction. Value-producing instructions also implement Value.
type Instr interface {
	Block() *Block
	// Operands returns the values the instruction uses, in order.
	Operands() []Value
	setBlock(*Block)
}

// anInstr is embedded in every instruction.
type anInstr struct{ block *Block }

func (a *anInstr) Block() *Block     { return a.block }
func (a *anInstr) setBlock(b *Block) { a.block = b }

// register is embedded in value-producing instructions.
type register struct {
	anInstr
	Num int // unique number within the function, used as its name
	Typ *Type
}

func (r *register) Type() *Type  { return r.Typ }
func (r *register) Name() string { return fmt.Sprint(r.Num) }

// Const is a constant. Val holds the bits of an integer (masked to its width),
// 0/1 for a bool; a string constant holds its bytes in Str; Val 0 of any other
// type is its zero value (a nil pointer, slice or map, a zeroed array or
// struct).
type Const struct {
	Typ *Type
	Val uint64
	Str string // KString
}

func (c *Const) Type() *Type { return c.Typ }
func (c *Const) Name() string {
	if c.Typ != nil && c.Typ.Kind == KString {
		return strconv.Quote(c.Str)
	}
	return fmt.Sprint(c.Val)
}

// Param is a function parameter.
type Param struct {
	Ident string
	Typ   *Type
	Index int
}

func (p *Param) Type() *Type  { return p.Typ }
func (p *Param) Name() string { return p.Ident }

// BinOpKind is a binary operator.
type BinOpKind int

const (
	Add BinOpKind = iota
	Sub
	Mul
	Div // truncated, signedness of the operands; divisor known non-zero (guarded by a check)
	Rem
	And
	Or
	Xor
	AndNot
	Shl // count is any integer type, treated as unsigned (negative counts are guarded by a check)
	Shr // arithmetic for signed X, logical for unsigned X
	Eq  // also for bools and pointers
	Ne
	Lt
	Le
	Gt
	Ge
	Min // min(x, y)
	Max // max(x, y)
)

var binOpNames = [...]string{"add", "sub", "mul", "div", "rem", "and", "or", "xor", "andnot", "shl", "shr", "eq", "ne", "lt", "le", "gt", "ge", "min", "max"}

func (k BinOpKind) String() string { return binOpNames[k] }

// IsComparison reports whether the operator yields a bool.
func (k BinOpKind) IsComparison() bool { return k >= Eq && k <= Ge }

// BinOp is X op Y. Except for shifts, X and Y have the same type. On
// integers every operator applies; on bools Eq, Ne, And and Or (both
// operands evaluated, no short circuit: the frontend conjoins the
// conditions of one run-time check with And); on strings Add
// (concatenation) and the comparisons (byte-wise, as Go compares strings);
// Eq and Ne also on pointers, slices and maps (only against the constant
// nil for slices and maps, as Go allows), and on structs and arrays of
// comparable types (element-wise). Min and Max (the builtins) apply to
// integers and strings.
type BinOp struct {
	register
	Op   BinOpKind
	X, Y Value
}

// UnOpKind is a unary operator.
type UnOpKind int

const (
	Neg   UnOpKind = iota // -x
	Not                   // !b
	Compl                 // ^x
)

var unOpNames = [...]string{"neg", "not", "compl"}

func (k UnOpKind) String() string { return unOpNames[k] }

// UnOp is op X.
type UnOp struct {
	register
	Op UnOpKind
	X  Value
}

// Convert converts X to the instruction's type. Between integer types it
// truncates, or extends by the signedness of X's type. The other
// conversions are Go's: string to []byte (a copy) and back, string to
// []rune (UTF-8 decoding, an invalid byte giving U+FFFD) and back (encoding,
// an invalid rune giving U+FFFD), an integer to string (the UTF-8 encoding
// of the rune, U+FFFD when invalid). With Bits, it reinterprets the bits of
// a float as an integer of the same width or back (math.Float64bits,
// Float64frombits, Float32bits, Float32frombits).
type Convert struct {
	register
	X    Value
	Bits bool
}

// Phi selects Edges[i] when control came from Block().Preds[i].
type Phi struct {
	register
	Edges []Value
}

// Alloc allocates a zeroed object of type Typ.Elem and yields a pointer to it.
type Alloc struct {
	register
}

// Global is a package-level variable: like an Alloc, a pointer to the
// variable's object (Typ is *T), shared by every function of the program,
// initialised by Program.Init at the start of a run.
type Global struct {
	Ident string // the Go name ("pkgvar"); "pkg$name" for another package's variable
	Typ   *Type  // *T
	Index int    // position in Program.Globals
	Pkg   string // the import path of the declaring package when it is another package ("" for the program's own)
	// Assigned, for a variable of function type of the program's own
	// package, says a function of the package other than its initializers
	// stores into it or uses its address otherwise than by loading it (not
	// a seam: engine/seams.go). Not written in the text form.
	Assigned bool
	// Binds, for a variable of the replacement package standing for a
	// variable of a package leapfrog does not interpret, is that variable's
	// Go name ("os.Args"). Not written in the text form.
	Binds string
}

func (g *Global) Type() *Type  { return g.Typ }
func (g *Global) Name() string { return "$" + g.Ident }

// Load reads the object Ptr points to.
type Load struct {
	register
	Ptr Value
}

// Store writes Val to the object Ptr points to.
type Store struct {
	anInstr
	Ptr, Val Value
}

// FieldAddr yields a pointer to field Field of the struct Ptr points to.
type FieldAddr struct {
	register
	Ptr   Value
	Field int
}

// IndexAddr yields a pointer to element Index of the array Ptr points to, or
// of the slice Ptr (a slice operand: the element of its backing array). The
// index is known to be in range (guarded by a check).
type IndexAddr struct {
	register
	Ptr, Index Value
}

// Field extracts field Field of the struct value X.
type Field struct {
	register
	X     Value
	Field int
}

// Index extracts element Index of the array value X, or byte Index (u8) of
// the string X (in range, guarded by a check).
type Index struct {
	register
	X, Index Value
}

// Call calls a function of the program; the callee is executed, not summarised
// (an External callee runs natively, see Function.External). A call with
// several results has a KTuple type; Extract takes them apart.
type Call struct {
	register
	Callee *Function
	Args   []Value
}

// Extract yields element Index of the tuple X.
type Extract struct {
	register
	X     Value
	Index int
}

// BranchKind says what an If stands for.
type BranchKind int

const (
	SourceBranch   BranchKind = iota // a condition or &&/|| operand of the source: two objectives
	IndexCheck                       // run-time check: Cond is "index in range"; else-side panics
	DivCheck                         // Cond is "divisor != 0"
	NilCheck                         // Cond is "pointer != nil"
	ShiftCheck                       // Cond is "shift count >= 0"
	InternalBranch                   // a branch with no source counterpart (range loop header, ...): no objective
	SliceCheck                       // Cond is "low <= high <= max <= cap" of a slice expression
	MapCheck                         // Cond is "map != nil" before a map assignment
	ConvCheck                        // Cond is "len(slice) >= N" before a slice to array (pointer) conversion
	MakeLenCheck                     // Cond is "0 <= len" of make([]T, len, cap), len as a signed int
	MakeCapCheck                     // Cond is "len <= cap" of make([]T, len, cap)
	AssertCheck                      // Cond is "the dynamic type is the one asserted" (x.(T) without comma-ok)
	CmpCheck                         // Cond is "== on these interfaces does not panic" (Comparable)
	OverflowCheck                    // Cond is "hi < y" of math/bits.Div64(hi, lo, y), which gc checks at the call
)

var branchKindNames = [...]string{"source", "index", "div", "nil", "shift", "internal", "slice", "map", "conv", "makelen", "makecap", "assert", "cmp", "overflow"}

func (k BranchKind) String() string { return branchKindNames[k] }

// PanicMessage is the outcome name of a check's failing side, as the Go run-time
// error message starts.
func (k BranchKind) PanicMessage() string {
	switch k {
	case IndexCheck:
		return "index out of range"
	case DivCheck:
		return "integer divide by zero"
	case NilCheck:
		return "nil pointer dereference"
	case ShiftCheck:
		return "negative shift amount"
	case SliceCheck:
		return "slice bounds out of range"
	case MapCheck:
		return "assignment to entry in nil map"
	case ConvCheck:
		return "cannot convert slice"
	case MakeLenCheck:
		return "makeslice: len out of range"
	case MakeCapCheck:
		return "makeslice: cap out of range"
	case AssertCheck:
		return "interface conversion"
	case CmpCheck:
		return "comparing uncomparable type"
	case OverflowCheck:
		return "integer overflow"
	}
	return ""
}

// If branches on Cond: to Block().Succs[0] when true, Succs[1] when false.
type If struct {
	anInstr
	Cond Value
	ID   int        // index in Program.Branches
	Kind BranchKind // source condition, run-time check, or internal
	Pos  Pos        // the condition (operand) in the source
	// Pseudo is what an If standing for an internal decision of the engine
	// decides (NotPseudo for the program's Ifs).
	Pseudo PseudoKind
}

// Jump goes to Block().Succs[0].
type Jump struct{ anInstr }

// Return returns Results.
type Return struct {
	anInstr
	Results []Value
}

// PanicKind says why a Panic terminator panics.
type PanicKind int

const (
	ExplicitPanic PanicKind = iota // a panic(...) call of the source: an objective
	CheckPanic                     // the failing side of a run-time check (the check's If is the objective)
	// FatalPanic ends the run without an outcome: a fatal error of Go's
	// run time (a deadlock, an unlock of an unlocked mutex, os.Exit),
	// which no deferred call sees and no test survives. Msg says which, or
	// Value (a string) when the message is computed; the run is aborted
	// with it as the reason, and what it would have covered stays unknown.
	// Go never goes past it: a prover may end the path there.
	FatalPanic
	// AbortPanic ends leapfrog's run where what Go does is not modelled
	// (os.Remove, which returns in Go; a reflect panic whose value is not
	// built; Go's random choice among ready select cases). The run is
	// aborted as at a FatalPanic, but Go goes on: no prover may end the
	// path there (the continuation stays reachable).
	AbortPanic
)

// Stops reports whether the panic ends leapfrog's run rather than
// unwinding: a FatalPanic or an AbortPanic.
func (k PanicKind) Stops() bool { return k == FatalPanic || k == AbortPanic }

// Panic ends the execution with a panic.
type Panic struct {
	anInstr
	Kind PanicKind
	ID   int    // index in Program.Panics
	Msg  string // the run-time error text, or the explicit panic's argument when constant ("" otherwise)
	Pos  Pos
	// Value is the panic's value (an interface), nil when Msg says it all
	// (run-time checks, CFG models): what recover returns.
	Value Value
}

func (i *BinOp) Operands() []Value     { return []Value{i.X, i.Y} }
func (i *UnOp) Operands() []Value      { return []Value{i.X} }
func (i *Convert) Operands() []Value   { return []Value{i.X} }
func (i *Phi) Operands() []Value       { return i.Edges }
func (i *Alloc) Operands() []Value     { return nil }
func (i *Load) Operands() []Value      { return []Value{i.Ptr} }
func (i *Store) Operands() []Value     { return []Value{i.Ptr, i.Val} }
func (i *FieldAddr) Operands() []Value { return []Value{i.Ptr} }
func (i *IndexAddr) Operands() []Value { return []Value{i.Ptr, i.Index} }
func (i *Field) Operands() []Value     { return []Value{i.X} }
func (i *Index) Operands() []Value     { return []Value{i.X, i.Index} }
func (i *Call) Operands() []Value      { return i.Args }
func (i *Extract) Operands() []Value   { return []Value{i.X} }
func (i *If) Operands() []Value        { return []Value{i.Cond} }
func (i *Jump) Operands() []Value      { return nil }
func (i *Return) Operands() []Value    { return i.Results }
func (i *Panic) Operands() []Value {
	if i.Value != nil {
		return []Value{i.Value}
	}
	return nil
}

// NewRegister initialises the register part of a value-producing instruction:
// its number within the function and its type. Builders (the frontend, the
// parser) call it once per instruction.
func NewRegister(instr Instr, num int, typ *Type) {
	r := registerOf(instr)
	if r == nil {
		panic(fmt.Sprintf("ir.NewRegister: %T yields no value", instr))
	}
	r.Num, r.Typ = num, typ
}

// RegisterType returns the type of a value-producing instruction's register
// (nil until set), and false when instr yields no value.
func RegisterType(instr Instr) (*Type, bool) {
	if r := registerOf(instr); r != nil {
		return r.Typ, true
	}
	return nil, false
}

// SetRegisterType sets the type of a value-producing instruction's register:
// the parser, which infers types once every instruction exists, calls it
// instead of giving NewRegister the type.
func SetRegisterType(instr Instr, typ *Type) {
	r := registerOf(instr)
	if r == nil {
		panic(fmt.Sprintf("ir.SetRegisterType: %T yields no value", instr))
	}
	r.Typ = typ
}

// RegisterNum returns the register number of a value-producing instruction.
func RegisterNum(v Value) (int, bool) {
	if i, ok := v.(Instr); ok {
		if r := registerOf(i); r != nil {
			return r.Num, true
		}
	}
	return 0, false
}

func registerOf(instr Instr) *register {
	switch i := instr.(type) {
	case *BinOp:
		return &i.register
	case *UnOp:
		return &i.register
	case *Convert:
		return &i.register
	case *Phi:
		return &i.register
	case *Alloc:
		return &i.register
	case *Load:
		return &i.register
	case *FieldAddr:
		return &i.register
	case *IndexAddr:
		return &i.register
	case *Field:
		return &i.register
	case *Index:
		return &i.register
	case *Call:
		return &i.register
	case *Extract:
		return &i.register
	case *Len:
		return &i.register
	case *Cap:
		return &i.register
	case *Slice:
		return &i.register
	case *MakeSlice:
		return &i.register
	case *MakeMap:
		return &i.register
	case *Lookup:
		return &i.register
	case *Builtin:
		return &i.register
	case *SliceToArrayPointer:
		return &i.register
	case *Range:
		return &i.register
	case *Next:
		return &i.register
	// Interfaces and closures (ifaces.go, closures.go).
	case *MakeInterface:
		return &i.register
	case *ChangeInterface:
		return &i.register
	case *TypeAssert:
		return &i.register
	case *Invoke:
		return &i.register
	case *Comparable:
		return &i.register
	case *MakeClosure:
		return &i.register
	case *CallValue:
		return &i.register
	case *Recover:
		return &i.register
	case *Store, *If, *Jump, *Return, *Panic, *MapUpdate, *Defer, *RunDefers:
		return nil
	default:
		panic(fmt.Sprintf("ir: unknown instruction %T", instr))
	}
}

// Append adds instr at the end of b and sets its block.
func (b *Block) Append(instr Instr) {
	instr.setBlock(b)
	b.Instrs = append(b.Instrs, instr)
}

// SetBlock sets the block of an instruction placed into b.Instrs by other means.
func SetBlock(instr Instr, b *Block) { instr.setBlock(b) }
