// Package ir defines leapfrog's SSA intermediate representation, its text
// form (printer and parser), and a sanity checker.
//
// # Design
//
// The IR is small and language neutral: typed values (bool, integers of a
// given width and signedness, arrays, structs, pointers, tuples), functions
// made of basic blocks in SSA form, and four terminators: If (a branch with a
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
//	file     = { func } .
//	func     = "func" name "(" [ param { "," param } ] ")" [ results ] [ pos ] "{" NL
//	           { block } "}" NL .
//	name     = ident { "." ident } | "(*" ident ")." ident | string .
//	param    = ident type .
//	results  = type | "(" type { "," type } ")" .
//	block    = label ":" [ comment ] NL { instr NL } .
//	pos      = "@" file ":" line [ ":" col ] | "@-" .       (no spaces inside)
//
//	type     = "bool" | "i8" | "i16" | "i32" | "i64" | "u8" | "u16" | "u32" | "u64"
//	         | "[" int "]" type | "*" type
//	         | "struct{" [ ident type { ";" ident type } ] "}"
//	         | "(" [ type { "," type } ] ")" .                 (tuple)
//	  The Go names int, int8..int64, uint, uint8..uint64, byte, uintptr are
//	  accepted too (int and uint are 64 bits); the printer uses the short names.
//
//	operand  = "%" num                      register
//	         | ident                        parameter
//	         | int [ ":" type ]             integer: 5:i32, -1:i8, 0xff:u8
//	         | "true" | "false"             bool constants
//	         | "nil" [ ":" type ]           nil pointer: nil:*i32
//	         | "zero" [ ":" type ] .        zero value of any type: zero:[4]i32
//
//	instr    = "%" num "=" binop operand "," operand        add sub mul div rem and or xor andnot
//	                                                        shl shr eq ne lt le gt ge
//	         | "%" num "=" ("neg" | "not" | "compl") operand
//	         | "%" num "=" "convert" operand "to" type
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
//	         | "if" [ "." kind ] operand label label [ pos ] [ "#" id ]
//	                 kind = index | div | nil | shift | internal (none: a source branch)
//	         | "jump" label
//	         | "return" [ operand { "," operand } ]
//	         | "panic" [ ".check" ] [ string ] [ pos ] [ "#" id ] .
//
// Result types are inferred: comparisons and not give bool, other binary and
// unary operators the type of their (first) operand, load the pointee,
// fieldaddr/indexaddr a pointer to the field/element, call the callee's
// result (a tuple when it has several or none), extract the tuple element,
// phi the type of its first typed edge (or the type written after "phi",
// needed only when every edge depends on the phi itself). Registers may be
// used before their definition in the text (phis of loops) and functions
// before their declaration (calls). Register numbers are kept as written
// and must be unique within a function; a call written without "%N =" gets
// the next free number.
//
// A constant without ":type" takes the type its context requires: the
// other operand of a binary operator (the shifted operand for a shift
// count), the phi's type, the parameter for a call argument, the result
// for return, the pointee for store, i64 for an index. The printer always
// writes the type, and writes true:bool only when a parameter is named true.
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
// types well formed; every operand is a constant (masked to its width), a
// parameter of the same function, or a value-producing instruction of the
// same function that dominates the use (for a phi edge: the end of the
// corresponding predecessor); operand and result types follow the rules
// above (binary operands identical except for shifts, If condition bool,
// Return matching the results, call arguments matching the callee's
// parameters, callee in the program, Store value matching the pointee);
// and, for the program, unique function names, Function.Prog set, and
// Program.Branches / Program.Panics indexed by If.ID / Panic.ID covering
// exactly the Ifs and Panics of the program.
package ir
