// Package ir defines leapfrog's SSA intermediate representation, its text
// form (printer and parser), and a sanity checker.
//
// # Design
//
// The IR is small and language neutral: typed values (bool, integers of a
// given width and signedness, strings, arrays, slices, structs, pointers,
// maps, iterators, tuples, interfaces, function values; types may be
// named, and named types may be recursive), package-level variables
// (globals, with an initializer function), dynamic types (the types
// interface values may hold, with their method tables), functions made of
// basic blocks in SSA form, and four terminators: If (a branch with a
// program-wide ID, a kind and a source position), Jump, Return and Panic (an
// objective with its own ID). The Go frontend lowers go/ssa into it; the text
// form doubles as a hand-written "CFG model" input, as the golden format of
// tests, and as the readable dump of lowered code.
//
// Print is deterministic: functions in Program order, blocks in index order
// labelled b<index>, registers by their numbers, constants always typed.
// For every program p that passes Check, Parse(Print(p)) passes Check and
// prints to the same text.
//
// # Text form
//
// Comments run from // to the end of the line. Instructions are one per line.
//
//	file     = { typedecl | dyntype | global } { [ "init" ] func } .
//	typedecl = "type" typename [ "opaque" ] type NL .
//	typename = ident { "." ident } | string .      (not a predeclared type)
//	dyntype  = "dyn" [ "input" ] dynname type [ "prints" ident ] [ "{" ident ":" name { ";" ident ":" name } "}" ] NL .
//	dynname  = ident { "." ident } | string .
//	global   = "var" "$" ident type NL .
//	func     = "func" name [ "[" param { "," param } "]" ] "(" [ param { "," param } ] ")" [ results ]
//	           [ "recover" "(" [ operand { "," operand } ] ")" ] [ pos ] "{" NL { block } "}" NL .
//	name     = ident { "." ident } | "(*" ident ")." ident | string .
//	param    = ident type .
//	results  = type | "(" type { "," type } ")" .
//	block    = label ":" [ comment ] NL { instr NL } .
//	pos      = "@" file ":" line [ ":" col ] | "@-" .       (no spaces inside)
//
//	type     = "bool" | "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64"
//	         | "string" | typename
//	         | "[" int "]" type | "[]" type | "*" type | "map[" type "]" type
//	         | "iter[" type "]"                                 (iterator over a string or map)
//	         | "struct{" [ ident type { ";" ident type } ] "}"
//	         | "(" [ type { "," type } ] ")"                   (tuple)
//	         | "func" sig                                       (function value)
//	         | "interface{" [ ident sig { ";" ident sig } ] "}" .   (methods sorted by name)
//	sig      = "(" [ type { "," type } ] ")" [ results ] .
//	  The Go names int, int8..int64, uint, uint8..uint64, byte, uintptr are
//	  accepted too (int and uint are 64 bits); the printer uses the short names.
//
//	operand  = "%" num                      register
//	         | ident                        parameter
//	         | "$" ident                    global: a pointer to the variable
//	         | int [ ":" type ]             integer: 5:i32, -1:i8, 0xff:u8
//	         | string [ ":" type ]          string, Go-quoted: "a\x00b":string
//	         | "true" | "false"             bool constants
//	         | "nil" [ ":" type ]           nil pointer, slice, map, interface or function: nil:*i32, nil:[]u8
//	         | "zero" [ ":" type ] .        zero value of any type: zero:[4]i32
//
//	instr    = "%" num "=" binop operand "," operand        add sub mul div rem and or xor andnot
//	                                                        shl shr eq ne lt le gt ge min max
//	         | "%" num "=" ("neg" | "not" | "compl") operand
//	         | "%" num "=" "convert" operand "to" type
//	         | "%" num "=" "bitcast" operand "to" type      float bits as an integer of its width, or back
//	         | "%" num "=" "phi" [ type ] "[" label ":" operand { "," label ":" operand } "]"
//	         | "%" num "=" "alloc" type                     yields *type
//	         | "%" num "=" "load" operand
//	         | "store" operand "," operand                  store PTR, VALUE
//	         | "%" num "=" "fieldaddr" operand "," field    field = "." ident | int
//	         | "%" num "=" "field" operand "," field
//	         | "%" num "=" "indexaddr" operand "," operand
//	         | "%" num "=" "index" operand "," operand
//	         | [ "%" num "=" ] "call" name "(" [ operand { "," operand } ] ")"
//	         | "%" num "=" "extract" operand "," int
//	         | "%" num "=" ("len" | "cap") operand
//	         | "%" num "=" "slice" operand [ "low" operand ] [ "high" operand ] [ "max" operand ]
//	         | "%" num "=" "makeslice" type "," operand "," operand     makeslice T, LEN, CAP
//	         | "%" num "=" "makemap" type
//	         | "%" num "=" "lookup" operand "," operand [ "," "ok" ]
//	         | "mapupdate" operand "," operand "," operand               mapupdate MAP, KEY, VALUE
//	         | [ "%" num "=" ] ("append" | "copy" | "delete") operand "," operand
//	         | [ "%" num "=" ] "clear" operand
//	         | "%" num "=" "slicelen" operand                   the slice an interface holds: its length
//	         | [ "%" num "=" ] "sliceswap" operand "," operand "," operand   swap two of its elements
//	         | "%" num "=" "sametype" operand "," operand       two interfaces hold one dynamic type
//	         | "%" num "=" "slicetoarrayptr" operand "to" type
//	         | "%" num "=" "range" operand
//	         | "%" num "=" "next" operand
//	         | "%" num "=" "makeiface" operand "as" dynname "to" type
//	         | "%" num "=" "changeiface" operand "to" type
//	         | "%" num "=" "typeassert" operand "to" ( "dyn" dynname | type ) [ "," "ok" ]
//	         | [ "%" num "=" ] "invoke" operand "." ident "(" [ operand { "," operand } ] ")"
//	         | "%" num "=" "comparable" operand [ "," operand ]
//	         | "%" num "=" "closure" name [ "[" operand { "," operand } "]" ]
//	         | [ "%" num "=" ] "callv" operand "(" [ operand { "," operand } ] ")"
//	         | "defer" [ "invoke" ] operand [ "." ident ] "(" [ operand { "," operand } ] ")"
//	         | "rundefers"
//	         | "%" num "=" "recover"
//	         | "if" [ "." kind ] operand label label [ pos ] [ "#" id ]
//	                 kind = index | div | nil | shift | internal | slice | map
//	                        | conv | makelen | makecap | assert | cmp (none: a source branch)
//	         | "jump" label
//	         | "return" [ operand { "," operand } ]
//	         | "panic" [ ".check" | ".fatal" ] [ string ] [ operand ] [ pos ] [ "#" id ] .
//
// Result types are inferred: comparisons and not give bool, other binary and
// unary operators the type of their (first) operand, load the pointee,
// fieldaddr/indexaddr a pointer to the field/element, index the element
// (u8 for a string), call the callee's result (a tuple when it has several
// or none), extract the tuple element, len, cap and copy i64, slice the
// sliced string or slice (a slice of the element for a pointer to an
// array), lookup the map's value type (the tuple (value, bool) with ok),
// append its first operand's type, delete and clear the empty tuple, range
// iter[X] of its operand X, next (bool, i64, i32) on a string and (bool,
// key, value) on a map, phi the type of its first typed edge (or the type
// written after "phi", needed only when every edge depends on the phi
// itself); convert, slicetoarrayptr, makeslice and makemap give the type
// written; makeiface and changeiface the interface type written,
// typeassert the asserted type (the dynamic type's, or the interface
// written; the tuple (T, bool) with ok), invoke and callv the result of
// the method's or the function value's signature (a tuple when it has
// several or none), comparable bool, closure the function's signature
// without its free variables, recover interface{}. Registers may be used before their definition in the text (phis
// of loops) and functions before their declaration (calls). Register
// numbers are kept as written and must be unique within a function; a call
// or builtin written without "%N =" gets the next free number (the printer
// omits it exactly when the result is the empty tuple).
//
// A constant without ":type" takes the type its context requires: the
// other operand of a binary operator (the shifted operand for a shift
// count), the phi's type, the parameter for a call argument, the result
// for return, the pointee for store, i64 for an index, a slice bound or a
// makeslice size, the map's key and value types for lookup, mapupdate and
// delete, the slice's type for append and copy; a string constant takes a
// string type from its context, else string. The printer always writes
// the type, and writes true:bool only when a parameter is named true.
//
// Named types are declared once, at the top of the file, and used by name
// anywhere (before their declaration too, so that a type may refer to
// itself through a pointer, a slice or a map: type Node struct{V i64; Next
// *Node}); "type A B" gives A the structure of B. The printer declares the
// named types the program uses, sorted by name. Type names are labels:
// types are identical when their structures are (see Identical), so a
// named type and its underlying structure mix freely. Type.Size is not
// written: the parser computes it with SizeOf (gc's sizes on amd64), as
// the frontend gets it from go/types, so it round-trips. "opaque" marks a
// type whose inputs are bounded to its zero value (Type.Opaque).
//
// Interfaces and function values (ifaces.go, closures.go). An interface
// value is nil or a dynamic type with a value of it; Go tells types apart
// that the IR's structures do not (int and int64 are both i64, two named
// types may share a structure), so the dynamic types are declared at the
// top, "dyn NAME T {Method(params) results: Func; ...}", NAME being the Go
// type as the package writes it ("int", "Sq", "*Rect"; quoted when it is
// not a dotted identifier), T its structure, and the table its method set,
// with each method's signature (optional: without one a method matches an
// interface's by name; with one, only an identical signature, as in Go) and
// the functions implementing the methods the program may call on it (their
// first parameter is the receiver; "_" for the others); "prints Error" (or String) names the method Go's fmt calls
// to print a value of the type. Program.Types holds them sorted by name; "input" marks the
// types a test can construct, the candidates of interface inputs (Program.
// Candidates). The printer declares them after the named types. A function
// literal's free variables are its first parameters, written in brackets
// (func Lit$1[y *i64](d i64)) and bound by closure; a function that defers
// calls says in "recover(...)" what it returns when a deferred call
// recovers a panic: per result, an alloc of the entry block holding the
// named result (loaded then) or a constant. A panic may carry its value
// (an interface), which recover returns. Targets (targets.go) lists the
// functions a call, an invoke, a call through a function value or a
// deferred call may enter, for the analyses that follow calls.
//
// Globals are declared at the top too, "var $name T", in the order of
// Program.Globals; the operand $name is a pointer to the variable (*T).
// The function marked "init" is Program.Init (one of the functions, with
// no parameters or results), run at the start of every run to give the
// globals their initial values.
//
// Blocks are labelled by any identifier (the printer uses b0, b1, ...);
// the first block is the entry; its label may be omitted (it is then
// called entry). A comment on
// the label line becomes Block.Comment. The successors of a block are the
// labels of its If ([then, else]) or Jump. The predecessors of a block with
// phis are in the order of the edges of its first phi (every phi must name
// each predecessor once, in any order); otherwise they are in order of
// appearance of the edges.
//
// Branch and panic IDs are assigned in order of appearance in the file
// (Program.Branches, Program.Panics). When a program's IDs are not in that
// order, the printer writes "#id" on every If (resp. every Panic) and the
// parser then takes them as written (all or none must carry one).
//
// Positions: "@file:line:col" sets If.Pos, Panic.Pos or Function.Pos; "@-"
// means unknown. An If or Panic written without a position gets its own
// position in the model file (File is the file's base name); a function
// without one has no position. The printer writes "@-" for unknown If and
// Panic positions and omits unknown function positions, so that the text
// round-trips.
//
// Parse reports errors as "file:line:col: message" (an ErrorList); after
// resolving names and types it runs Check and reports its findings at the
// position of the offending instruction, block or function.
//
// # Sanity checks
//
// Check verifies, for every function: at least one block; Block.Index is
// the position in Blocks and Block.Func the function; every block is
// non-empty, ends with exactly one terminator and has none elsewhere; phis
// come first and have one edge per predecessor; Succs match the terminator
// (If 2, Jump 1, Return and Panic 0) and Preds/Succs mirror each other as
// multisets; the entry block has no predecessors; every block is reachable
// from the entry (no unreachable block is allowed: go/ssa removes them and
// the parser has no reason to keep them); register numbers are unique and
// types well formed (every cycle of the type graph passes through a named
// type and through a pointer, slice or map; map keys are comparable);
// every operand is a constant (masked to its width; only a string constant
// has contents; no constant of an iterator or tuple type), a parameter of
// the same function, a global of Program.Globals, or a value-producing
// instruction of the same function that dominates the use (for a phi edge:
// the end of the corresponding predecessor); operand and result types
// follow the rules above and those of ir.go and values.go: binary operands
// identical except for shifts; add, the ordering comparisons, min and max on
// integers and strings; and and or on integers and bools (both operands
// evaluated: a check's conjunction); the other arithmetic on integers; eq
// and ne on comparable types (bools, integers, strings, pointers, and
// structs and arrays of those) and on slices and maps against the constant
// nil; convert between integers, from an integer to a string, and between a
// string and []u8 or []i32; index of an array or a string, indexaddr of a
// pointer to an array or a slice, with integer indices; len of a string,
// slice or map and cap of a slice (i64); slice of a string (no max; the
// result a string), a slice (the same type) or a pointer to an array (a
// slice of its element), with i64 bounds; makeslice of a slice type with
// i64 sizes, makemap of a map type; lookup and mapupdate with the map's key
// and value types, lookup with ok giving (value, bool); append and copy of
// a slice of the same element type, or of a string to []u8; delete with the
// map's key type; clear of a map or slice; makeiface of a value of its
// dynamic type's structure to an interface whose methods the dynamic
// type's table has; changeiface to an interface with a subset of the
// methods; typeassert of an interface; invoke of a method of the
// operand's interface, callv of a function value, defer of either, with
// arguments of the signature's parameter types; comparable of two values
// of one interface type; closure binding one value per free variable, of
// its type; recover giving the empty interface; an explicit panic's value
// an interface; slicetoarrayptr from []T to
// *[N]T; range over a string or map giving iter[X]; next of an iterator
// giving NextType; If condition bool and a known kind; Return matching the
// results; call arguments matching the callee's parameters, callee in the
// program; Store value matching the pointee. For the program: unique
// function names, Function.Prog set; Program.Branches / Program.Panics
// indexed by If.ID / Panic.ID covering exactly the Ifs and Panics of the
// program; Program.Globals indexed by Global.Index, of pointer types, with
// distinct identifier names; Program.Init a function of the program without
// parameters or results; Program.Types sorted by distinct names, indexed
// by DynType.Index, of types an interface can hold, with method tables
// sorted by name whose functions are in the program and take the dynamic
// type as receiver; a function's free variables among its parameters, and
// its recover results (required when it defers calls) one per result, a
// constant of its type or a pointer to it allocated in the entry block;
// and one structure per type name.
//
// Floats (floats.go): KFloat of Width 32 or 64 (f32, f64 in the text
// form) holds IEEE 754 bits; a constant is written as its bits
// (0x3ff0000000000000:f64). BinOp applies + - * / (round to nearest even,
// never fused) and the comparisons (IEEE: NaN unordered, -0 == +0) to
// floats; UnOp neg flips the sign bit; Convert goes between floats and
// integers of every width and between the float types.
package ir
