// Package cache stores the analyses of functions (analysis.Result: verdicts,
// cases with their values, costs) under a key of everything an analysis
// reads, so that gen, run again after a change, analyses only the functions
// whose key changed and reuses the others' analyses (gen -cache; issue 23).
// What is stored is the analysis, not its output: the test file, the JSON
// entry and the HTML are rendered from a reused analysis exactly as from a
// new one, so they are the same bytes, and a change to the emitter or the
// report needs no invalidation of its own.
//
// # The key
//
// FuncKey hashes (SHA-256, each field with its length) what an analysis
// depends on:
//
//   - this build of leapfrog (Tool): its version, the Go toolchain and
//     platform that built it, and the SHA-256 of its executable. The
//     executable covers leapfrog's own code, whatever the version string
//     says: the engine and its externals, the replacement packages and
//     summaries, the strategies, the solvers' encodings. A rebuilt
//     leapfrog starts from an empty cache, in effect.
//   - the function's program as the IR prints it (ir.Print): lower makes a
//     program per target, holding the function and everything it may call,
//     the standard-library bodies the engine interprets and the
//     replacements the front end substitutes among them, the package-level
//     variables it uses with the initializer that gives them their values,
//     the dynamic types with their methods, and every branch and panic with
//     its position (verdicts and case names name positions, so a function
//     that only moved is analysed again). What the text leaves out is added:
//     each type's reflect name (fmt's %T), opacity and embedded fields, the
//     Go names of the phis, and which package-level variables a function
//     of the package assigns (ir.Global.Assigned: a seam is one it does
//     not, and the function assigning it may be outside the program).
//   - the target's name and package, its precondition and loop directives.
//   - the settings: every field of analysis.Config but the progress
//     callback and the givens, printed with %#v so that a field added later
//     is in the key without anyone thinking of it, and the time budget.
//   - the outcomes given to the analysis (search.Given): what the
//     package's own tests cover (gen -complete) and what the analyses of
//     its callees decided. The givens are reduced to what the search reads
//     (Session.Give): for each objective, in order, the first given at its
//     position and outcome. A change to the package's tests thus changes
//     the keys of the functions whose outcomes those tests cover, and a
//     callee analysed again with a different result changes its callers'.
//
// Go's version is in the key twice over: the toolchain that built leapfrog,
// and the standard library's bodies in the program's text.
//
// # Entries
//
// An entry is a file named by the key's hex under a directory of its first
// two digits: a magic line, the key, the payload and the payload's SHA-256.
// Load refuses an entry whose magic, key or checksum is wrong or whose
// payload does not decode (an error the caller prints as a one-line warning
// before analysing the function again and storing the result over it).
// Store writes a temporary file in the entry's directory and renames it
// into place: a concurrent run reads the old entry, the new one, or none,
// and two runs storing one key store the same bytes. Nothing is ever
// deleted: removing the directory empties the cache.
//
// # The codec
//
// The payload is written by reflection (codec.go), every exported field of
// every struct, so that a field added to the analysis' result is stored
// without a change here; an unexported field, an interface or function
// value that is not nil, or a map with keys other than strings, is an error
// (the function is not cached). Exactness is the point: nil and empty
// slices differ, strings keep bytes that are not UTF-8, floats keep their
// bits. The values' ir.Type pointers form a graph with cycles (a list node
// points at itself): they are written once each in a table, and referred
// to by index. Store decodes what it encoded and compares it with the
// result (reflect.DeepEqual) before writing: what is not read back exactly
// is not stored.
package cache
