// Package irparse parses the text form of leapfrog's IR into an
// ir.Program, as go/parser sits beside go/ast: package ir defines the
// representation, prints it and checks it; this package reads the text
// back. The text form is a hand-written input ("CFG models", which gen
// analyses like Go code), the golden format of tests, and the readable
// dump of lowered code. For every program p that passes ir.Check,
// Parse(ir.Print(p)) passes Check and prints to the same text.
//
// # Grammar
//
// Comments run from // to the end of the line. Instructions are one per line.
//
//	file     = { typedecl | dyntype | global } { [ "init" ] func } .
//	typedecl = "type" typename [ "opaque" ] type NL .
//	typename = ident { "." ident } | string .      (not a predeclared type)
//	dyntype  = "dyn" [ "input" ] [ "stub" ] dynname type [ "prints" ident ] [ "{" ident ":" name { ";" ident ":" name } "}" ] NL .
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
//	         | [ "%" num "=" ] ("rtypeof" | "rtypeint" | "rtypestr" | "rget" | "rlen" | "rcap" | "risnil" | "rset" | "raddr" | "rnew" | "rmake" | "rmapindex" | "rmapset" | "rmapdelete" | "rmapkeys") operand { "," operand }
//	                                                            the reflect model's builtins (ir.ReflectTypeOf...)
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
//	                        | conv | makelen | makecap | assert | cmp | overflow
//	                        (none: a source branch)
//	         | "jump" label
//	         | "return" [ operand { "," operand } ]
//	         | "panic" [ ".check" | ".fatal" ] [ string ] [ operand ] [ pos ] [ "#" id ] .
//
// # Inference
//
// Result types are inferred: comparisons and not give bool, other binary and
// unary operators the type of their (first) operand, load the pointee,
// fieldaddr/indexaddr a pointer to the field/element, index the element
// (u8 for a string), call the callee's result (a tuple when it has several
// or none), extract the tuple element, len, cap, copy and slicelen i64,
// sametype bool, slice the sliced string or slice (a slice of the element
// for a pointer to an array), lookup the map's value type (the tuple (value, bool) with ok),
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
// # Declarations, labels, ids and positions
//
// Named types are declared once, at the top of the file, and used by name
// anywhere (before their declaration too, so that a type may refer to
// itself through a pointer, a slice or a map: type Node struct{V i64; Next
// *Node}); "type A B" gives A the structure of B. Type.Size is not
// written: the parser computes it with ir.SizeOf (gc's sizes on amd64), as
// the frontend gets it from go/types, so it round-trips. "opaque" marks a
// type whose inputs are bounded to its zero value (ir.Type.Opaque).
//
// Dynamic types are declared at the top too: "dyn NAME T {Method(params)
// results: Func; ...}", NAME being the Go type as the package writes it
// ("int", "Sq", "*Rect"; quoted when it is not a dotted identifier), T its
// structure, and the table its method set, each method with its signature
// (optional) and the function implementing it ("_" for the methods the
// program never calls); "prints Error" (or String) names the method Go's
// fmt calls to print a value of the type; "input" marks the types a test
// can construct, "stub" the stubs the engine answers the calls of
// (ir.DynType.Stub). The parser sorts them by name into Program.Types. A
// function literal's free variables are its first parameters, written in
// brackets (func Lit$1[y *i64](d i64)); a function that defers calls says
// in "recover(...)" what it returns when a deferred call recovers a panic.
// Globals are declared as "var $name T", in the order of Program.Globals;
// the function marked "init" is Program.Init.
//
// Blocks are labelled by any identifier (the printer uses b0, b1, ...);
// the first block is the entry; its label may be omitted (it is then
// called entry). A comment on the label line becomes Block.Comment. The
// successors of a block are the labels of its If ([then, else]) or Jump.
// The predecessors of a block with phis are in the order of the edges of
// its first phi (every phi must name each predecessor once, in any order);
// otherwise they are in order of appearance of the edges.
//
// Branch and panic IDs are assigned in order of appearance in the file
// (Program.Branches, Program.Panics), unless every If (resp. every Panic)
// carries a "#id": the parser then takes them as written (all or none must
// carry one). The printer writes them exactly when a program's IDs are not
// in order of appearance.
//
// Positions: "@file:line:col" sets If.Pos, Panic.Pos or Function.Pos; "@-"
// means unknown. An If or Panic written without a position gets its own
// position in the model file (File is the file's base name); a function
// without one has no position. The printer writes "@-" for unknown If and
// Panic positions and omits unknown function positions, so that the text
// round-trips.
//
// # Errors
//
// Parse reports errors as "file:line:col: message" (an ErrorList of at
// most ten, in order of position); after resolving names and types it
// runs ir.Check and reports its findings at the position of the offending
// instruction, block or function, so that a program Parse returns always
// passes Check.
//
// # How it works
//
// The lexer splits the text into tokens; line ends are tokens, since an
// instruction is one line. A recursive-descent parser builds a syntax tree
// of names still unresolved: functions, blocks, instructions with their
// operands as written. Type declarations are parsed into placeholders first
// and filled in once every declaration is read, so types may refer to
// themselves and to later declarations. Resolution then builds the
// ir.Program function by function: blocks and their edges, one instruction
// per line with its register number (ir.NewRegister, its type still
// unknown), predecessors in the order the phis give, operands (registers,
// parameters, globals, constants typed by their context), and the program's
// branch and panic ids. Types are inferred to a fixed point (see
// Inference), so that phis may use registers defined later; every type is
// set through ir.SetRegisterType. The spellings the parser reads (operator,
// branch kind and builtin names, predeclared types, identifier characters)
// come from package ir, which the printer writes with, so the two cannot
// drift apart.
package irparse
