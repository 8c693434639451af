// gen.go: the random program generator's API, its types and scopes (expressions in gen_expr.go, statements in gen_stmt.go).

package oracle

import (
	"fmt"
	"go/format"
	"math/rand/v2"
	"sort"
	"strings"
)

// Feature names a construct the generator can emit. The differential test
// turns off the features of known bugs (knownBugs in random_test.go).
type Feature string

// The generator's features. Every generated function uses if/else chains,
// comparisons, && and || in conditions, integer arithmetic and the
// parameters; the features below come on top.
const (
	FeatLogicValue     Feature = "logic-value"      // && and || in value context: c := a > 1 || b < 2; return a && c; h(x, a || b)
	FeatLogicLocalLast Feature = "logic-local-last" // a bool local holding && / || as the last operand of another && / ||
	FeatSwitch         Feature = "switch"           // tagged switches (constant and non-constant case values) and tagless ones
	FeatConstLoop      Feature = "const-loop"       // for loops with constant trip counts, range loops over arrays
	FeatInputLoop      Feature = "input-loop"       // loops whose trip count depends on the input, at most 8 iterations
	FeatLongLoop       Feature = "long-loop"        // input-dependent loops of up to 255 iterations (beyond -kbound)
	FeatBreak          Feature = "break"            // break and continue under conditions
	FeatHelper         Feature = "helper"           // calls to helper functions with branches of their own, from several sites
	FeatDivConst       Feature = "div-const"        // division and remainder by constants (-1 too)
	FeatDivInput       Feature = "div-input"        // division and remainder by input-derived values (may panic)
	FeatDivZeroLocal   Feature = "div-zero-local"   // division by a local holding zero: k := int8(0); x / k
	FeatShift          Feature = "shift"            // shifts by input-derived counts, signed counts (may panic)
	FeatIndex          Feature = "index"            // array indexing with input-derived indices (may panic)
	FeatSymStore       Feature = "sym-store"        // stores through symbolic indices feeding later indices: a[a[0]&1] = 2; a[a[1]] += 1
	FeatPtrLocal       Feature = "ptr-local"        // pointers to locals, stores through them, compared with ==
	FeatPtrElem        Feature = "ptr-elem"         // pointers to array elements at symbolic indices compared with ==
	FeatNilRecv        Feature = "nil-recv"         // methods with pointer receivers called on a pointer that may be nil
	FeatMethodTarget   Feature = "method-target"    // the function under test is a method with a pointer receiver
	FeatPanic          Feature = "panic"            // explicit panics under conditions
	FeatInfeasible     Feature = "infeasible"       // deliberately infeasible conditions: if x == 12 { if x != 12 {…} }; if x&3 == 5
	FeatEarlyReturn    Feature = "early-return"     // returns under conditions
	FeatEmptyCase      Feature = "empty-case"       // a tagged switch without default whose last case is empty
	FeatEvalOrder      Feature = "eval-order"       // a call or a value-context && / || after an operand that may panic, in one expression
	FeatAssume         Feature = "assume"           // a precondition (//leapfrog:assume) over the parameters, helper calls included
	FeatSeqLoop        Feature = "seq-loop"         // loops over strings and slices of input-dependent lengths (up to 31): sums, reversal, trimming, searching a byte then slicing
	FeatStrings        Feature = "strings"          // strings and bytes summaries (Index*, LastIndex*, Contains*, HasPrefix/Suffix, Equal, Compare, EqualFold, Count, Trim*, Cut*, Fields) on words of input bits
	FeatRunes          Feature = "runes"            // unicode/utf8 (DecodeRune*, DecodeLastRune*, RuneCount*, Valid*, RuneLen) and unicode.Is* on words of input bits, range over them
	FeatFmt            Feature = "fmt"              // fmt.Sprintf, Sprint, Sprintln, Errorf (%w) with verbs, widths and flags over basic, named, struct, pointer, slice values and a Stringer
	FeatFmtNative      Feature = "fmt-native"       // fmt's verbs and values the engine formats natively (unknown): %c %q %U of integers, %q %x widths and precision of strings and Stringers, floats
	FeatSync           Feature = "sync"             // sync (Mutex, RWMutex, Once, OnceFunc, OnceValue, WaitGroup, Pool, Map), sync/atomic (functions and typed forms), unique.Make
	FeatSortIter       Feature = "sort-iter"        // sort.Slice and SliceStable (reflectlite), iterators of slices and maps
)

// Features lists every feature, in a fixed order.
var Features = []Feature{
	FeatLogicValue, FeatLogicLocalLast, FeatSwitch, FeatConstLoop, FeatInputLoop, FeatLongLoop,
	FeatBreak, FeatHelper, FeatDivConst, FeatDivInput, FeatDivZeroLocal, FeatShift, FeatIndex,
	FeatSymStore, FeatPtrLocal, FeatPtrElem, FeatNilRecv, FeatMethodTarget, FeatPanic,
	FeatInfeasible, FeatEarlyReturn, FeatEmptyCase, FeatEvalOrder, FeatAssume, FeatSeqLoop,
	FeatStrings, FeatRunes, FeatFmt, FeatFmtNative, FeatSync, FeatSortIter,
}

// LoopsDirective marks, in a function's doc comment, a function with
// input-dependent loops: the oracle then accepts unknown verdicts whose
// reason is a loop bound for it (an unknown is never wrong, but it must say
// why).
const LoopsDirective = "//oracle:input-loops"

// Unit is one generated function under test with the helpers, the type and
// the methods it uses, which no other unit uses: a unit alone is a package.
type Unit struct {
	Name     string    // as leapfrog gen names it: "F3", or "(*F3T).F3" for a method
	Func     string    // the Go function or method name ("F3")
	Seed     uint64    // GenerateUnit(Seed, Func, ...) gives this unit again
	Source   string    // the declarations, gofmt'ed
	Features []Feature // the features it uses, sorted
	Imports  []string  // the packages its declarations use, sorted
}

// Program is a generated package: the shared prelude and its units.
type Program struct {
	Units []Unit
}

// Prelude declares the struct types of parameters shared by all units.
const Prelude = `// S1 and S2 are struct parameter types of the generated functions.
type S1 struct {
	A int8
	B bool
}

type S2 struct {
	P [2]bool
	U uint8
}
`

// Source returns the package source of the given units ("package p",
// the imports of the units, the prelude, then each unit).
func Source(units ...Unit) string {
	var b strings.Builder
	b.WriteString("// Package p is generated by the leapfrog oracle's random program generator.\npackage p\n\n")
	imports := map[string]bool{}
	for _, u := range units {
		for _, p := range u.Imports {
			imports[p] = true
		}
	}
	if len(imports) > 0 {
		var ps []string
		for p := range imports {
			ps = append(ps, p)
		}
		sort.Strings(ps)
		b.WriteString("import (\n")
		for _, p := range ps {
			fmt.Fprintf(&b, "\t%q\n", p)
		}
		b.WriteString(")\n\n")
	}
	b.WriteString(Prelude)
	for _, u := range units {
		b.WriteString("\n")
		b.WriteString(u.Source)
	}
	return b.String()
}

// Source returns the package source of the whole program.
func (p *Program) Source() string { return Source(p.Units...) }

// UnitSeed derives the seed of unit i of a program from the program's seed.
func UnitSeed(seed uint64, i int) uint64 {
	// splitmix64 of the pair: neighbouring seeds give unrelated units.
	z := seed*0x9e3779b97f4a7c15 + uint64(i+1)*0xbf58476d1ce4e5b9
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Generate returns a program of n units named F0..F(n-1), unit i generated
// from UnitSeed(seed, i). Disabled features are never used.
func Generate(seed uint64, n int, disabled map[Feature]bool) *Program {
	p := &Program{}
	for i := 0; i < n; i++ {
		p.Units = append(p.Units, GenerateUnit(UnitSeed(seed, i), fmt.Sprintf("F%d", i), disabled))
	}
	return p
}

// GenerateUnit generates one unit whose function is called name; the
// result depends only on the arguments.
func GenerateUnit(seed uint64, name string, disabled map[Feature]bool) Unit {
	g := &gen{
		rng:      rand.New(rand.NewPCG(seed, seed^0x5deece66d)),
		side:     rand.New(rand.NewPCG(seed^0x9e3779b97f4a7c15, seed)),
		name:     name,
		disabled: disabled,
		used:     map[Feature]bool{},
		imports:  map[string]bool{},
	}
	src := g.unit()
	out, err := format.Source([]byte(src))
	if err != nil {
		panic(fmt.Sprintf("oracle: generated unit %s (seed %d) does not parse: %v\n%s", name, seed, err, src))
	}
	u := Unit{Name: name, Func: name, Seed: seed, Source: string(out)}
	if g.method {
		u.Name = "(*" + g.recvType + ")." + name
	}
	for f := range g.used {
		u.Features = append(u.Features, f)
	}
	sort.Slice(u.Features, func(i, j int) bool { return u.Features[i] < u.Features[j] })
	for p := range g.imports {
		u.Imports = append(u.Imports, p)
	}
	sort.Strings(u.Imports)
	return u
}

// ---- types ----

type kind int

const (
	kInt kind = iota
	kBool
	kArray
	kStruct
	kPtr // a pointer to a scalar (locals, array elements) or to the unit's receiver type
)

type gtype struct {
	name   string
	kind   kind
	signed bool   // kInt
	width  int    // kInt: bits
	elem   *gtype // kArray, kPtr
	n      int    // kArray
	fields []gfield
	bits   int // input bits as a parameter; 0: not a parameter type
}

type gfield struct {
	name string
	t    *gtype
}

var (
	tI8    = &gtype{name: "int8", kind: kInt, signed: true, width: 8, bits: 8}
	tU8    = &gtype{name: "uint8", kind: kInt, width: 8, bits: 8}
	tI32   = &gtype{name: "int32", kind: kInt, signed: true, width: 32}
	tInt   = &gtype{name: "int", kind: kInt, signed: true, width: 64} // range loop indices
	tBool  = &gtype{name: "bool", kind: kBool, bits: 1}
	tI8x2  = &gtype{name: "[2]int8", kind: kArray, elem: tI8, n: 2, bits: 16}
	tU8x3  = &gtype{name: "[3]uint8", kind: kArray, elem: tU8, n: 3} // 24 bits: locals only
	tI8x4  = &gtype{name: "[4]int8", kind: kArray, elem: tI8, n: 4}  // locals only
	tBx2   = &gtype{name: "[2]bool", kind: kArray, elem: tBool, n: 2, bits: 2}
	tBx3   = &gtype{name: "[3]bool", kind: kArray, elem: tBool, n: 3, bits: 3}
	tS1    = &gtype{name: "S1", kind: kStruct, fields: []gfield{{"A", tI8}, {"B", tBool}}, bits: 9}
	tS2    = &gtype{name: "S2", kind: kStruct, fields: []gfield{{"P", tBx2}, {"U", tU8}}, bits: 10}
	ptrI8  = &gtype{name: "*int8", kind: kPtr, elem: tI8}
	ptrU8  = &gtype{name: "*uint8", kind: kPtr, elem: tU8}
	tParam = []*gtype{tI8, tU8, tBool, tI8, tU8, tBool, tBx2, tBx3, tI8x2, tS1, tS2}
)

func ptrTo(t *gtype) *gtype {
	switch t {
	case tI8:
		return ptrI8
	case tU8:
		return ptrU8
	}
	panic("oracle: no pointer type to " + t.name)
}

// ---- scopes ----

// variable is a Go variable in scope.
type variable struct {
	name  string
	t     *gtype
	fixed bool // never assigned (loop counters, zero locals, pointer targets' identities)
	logic bool // a bool that held an && / || value
	zero  bool // an int8 local holding the constant 0, never assigned
	recv  bool // a pointer to the unit's receiver type (nil unless self)
	self  bool // the receiver of the method under test (nil for some inputs too)
	used  bool // read somewhere (Go rejects unused locals)
	param bool

	symStored bool    // an array stored to through a symbolic index
	feature   Feature // pointers: the feature that made them
}

type scope struct {
	vars []*variable
}

// helper is a generated helper function of the unit.
type helper struct {
	name   string
	params []*gtype
	result *gtype // tI8 or tBool
	calls  int
}

// gen holds the state of one unit's generation.
type gen struct {
	rng      *rand.Rand
	side     *rand.Rand // the precondition's stream: the rest of a unit does not depend on it
	name     string
	disabled map[Feature]bool
	used     map[Feature]bool

	b      strings.Builder
	indent int
	scopes []*scope
	nextID int

	helpers  []*helper
	recvType string // the unit's struct type with methods ("" until needed)
	method   bool   // the function under test is a method of recvType
	inLoop   int    // enclosing loops (break and continue allowed when > 0)
	inIndex  int    // enclosing index expressions
	inInput  int    // enclosing input-dependent loops (no nesting them)
	result   string // the function's return statement builder: "int32", "bool", "int32,bool", "int8"
	budget   int    // statements left
	inHelper bool

	helperResult *gtype          // the result type of the helper being generated
	calls        int             // call sites generated in the current function
	panicky      bool            // the current expression has an operand that may panic (FeatEvalOrder)
	leaves       map[string]bool // operands of the current && / || chain (go vet's bools check)
	inputLoops   bool            // the function under test has input-dependent loops
	imports      map[string]bool // packages the unit uses
	decls        []string        // the unit's own types, methods and variables (fmt, errors)
	declKeys     []string        // what decls declares, in order
}

func (g *gen) on(f Feature) bool { return !g.disabled[f] }

// use marks f as used and returns true, if f is enabled.
func (g *gen) use(f Feature) bool {
	if g.disabled[f] {
		return false
	}
	g.used[f] = true
	return true
}

func (g *gen) chance(p float64) bool { return g.rng.Float64() < p }
func (g *gen) intn(n int) int        { return g.rng.IntN(n) }

func (g *gen) line(format string, args ...any) {
	g.b.WriteString(strings.Repeat("\t", g.indent))
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteString("\n")
}

func (g *gen) fresh(prefix string) string {
	g.nextID++
	return fmt.Sprintf("%s%d", prefix, g.nextID)
}

func (g *gen) push() { g.scopes = append(g.scopes, &scope{}) }

// pop closes a scope, first reading every unused local into r (Go rejects
// unused locals; reading them also makes their values matter).
func (g *gen) pop() {
	s := g.scopes[len(g.scopes)-1]
	for _, v := range s.vars {
		if !v.used && !v.param {
			g.consume(v)
		}
	}
	g.scopes = g.scopes[:len(g.scopes)-1]
}

// consume reads v into the accumulator r.
func (g *gen) consume(v *variable) {
	v.used = true
	switch v.t.kind {
	case kInt:
		g.line("r += int32(%s)", v.name)
	case kBool:
		g.line("if %s {", v.name)
		g.line("\tr++")
		g.line("}")
	case kArray:
		if v.t.elem.kind == kBool {
			g.line("if %s[0] {", v.name)
			g.line("\tr--")
			g.line("}")
		} else {
			g.line("r += int32(%s[%d])", v.name, v.t.n-1)
		}
	case kStruct:
		g.line("r += int32(%s)", fieldPath(v.name, v.t))
	case kPtr:
		if v.recv {
			g.line("if %s != nil {", v.name)
			g.line("\tr += 3")
			g.line("}")
		} else {
			g.line("r += int32(*%s)", v.name)
		}
	}
}

// fieldPath returns an integer field of a struct value.
func fieldPath(name string, t *gtype) string {
	for _, f := range t.fields {
		if f.t.kind == kInt {
			return name + "." + f.name
		}
	}
	panic("oracle: struct without an integer field")
}

func (g *gen) declare(v *variable) *variable {
	s := g.scopes[len(g.scopes)-1]
	s.vars = append(s.vars, v)
	return v
}

// vars returns the variables in scope satisfying ok, innermost last.
func (g *gen) vars(ok func(*variable) bool) []*variable {
	var out []*variable
	for _, s := range g.scopes {
		for _, v := range s.vars {
			if ok(v) {
				out = append(out, v)
			}
		}
	}
	return out
}

func (g *gen) pick(vs []*variable) *variable { return vs[g.intn(len(vs))] }
