// Package testgen emits the generated tests: one table-driven test per
// function, a t.Run per kept case, gofmt'ed and deterministic. The expected
// values come from the engine's own concrete run, so running the emitted
// file with go test is a differential check of the engine against the Go
// compiler.
//
// # Values
//
// An engine.Value is written as a Go developer would write it, typed by
// go/types and named relative to the package under test (other packages
// are qualified and imported, under a name that clashes with nothing the
// package declares):
//
//   - integers in decimal; a byte as 'c' when printable ASCII, else 0xff; a
//     rune as 'é' when a valid code point, else in decimal;
//   - strings with strconv.Quote, which writes invalid UTF-8 as \x escapes,
//     so the literal holds exactly the same bytes;
//   - nil for a nil slice, map or pointer, []T{} for an empty one (the two
//     differ under == nil and reflect.DeepEqual);
//   - a slice of bytes (byte, or a type defined over it) as []byte("...")
//     when it is text (valid UTF-8, every rune printable or \t \n \r),
//     else as a list of bytes; []rune and other slices as lists;
//   - composite literals with the element type elided inside composites
//     ([]P{{X: 1}}, []*P{{X: 1}}, map[K]V{{A: 1}: 2}); zero struct fields
//     and trailing zero array elements left implicit; map entries in the
//     report's order (sorted by key, so deterministic);
//   - an interface value as nil, or its dynamic value written
//     with its dynamic type (Func.DynTypes: int8(5), Sq{S: 2}, &Rect{W: 1},
//     (*Rect)(nil)); errors.New("text") for the errors package's errors; an
//     error equal to a package-level variable by the variable's name;
//   - a function input (a stub, engine.Value.Stub) as a function literal
//     returning, call by call, the results the engine's run gave its calls
//     (Value.Calls), and zero values after them, as the engine's calls
//     beyond its bound do; a counter makes the call number, inside a
//     function literal called at once so that each row has its own
//     (func() func(int8) bool { k := 0; return func(int8) bool { k++;
//     switch k { case 1: return true }; return false } }()); parameter
//     and result names are dropped so that none hides a name the results
//     use; a call of io's Read that returns bytes copies them into p;
//   - the stub an interface input holds (an interface the package does
//     not implement) as &stubI_F{fnM: ...}: the file declares, per
//     interface, a struct type with a function field per method and the
//     methods calling them (zero values when the field is nil), named
//     after the interface and the file's first test; each field is the
//     function literal answering that method's calls, and the methods
//     record their calls' arguments (callsM); a stub whose calls a Go
//     developer's io value answers is written as that value instead:
//     strings.NewReader(data), that reader failing with a chosen error
//     after its bytes (io.MultiReader with iotest.ErrReader), or a
//     writer accepting N bytes, then failing with a chosen error (a
//     small type the file declares, stubFailingWriter_F{n, err});
//   - a pointer to a composite as &T{...} (lists and trees nest); to any
//     other value as new(v) when the package's Go version has it (1.26),
//     else through a generic helper func ptr_X[T any](v T) *T emitted once
//     in the file (1.18), named after the file's first test so that two
//     emitted files of one package never both declare it, else as a
//     function literal; v is converted when its default type is not the
//     pointee's (new(int32(5))).
//
// The emitted code uses nothing the package's language version (its
// go.mod) lacks: maps.Clone, slices.Clone and clear from Go 1.21, loops
// before. An unknown version counts as Go 1.21.
//
// An input slice whose capacity exceeds its length (engine.Value.Spare:
// the engine's x#spare) is written []T{elems..., spare...}[:len], which
// gives exactly that length, capacity and array; otherwise cap = len,
// which a slice literal guarantees and gc gives a conversion of a constant
// string (the literal tests check both against the compiler). Outputs are
// compared with reflect.DeepEqual, which ignores capacity.
//
// # The test
//
// The table has a column per parameter (the receiver first), per result
// (want, or want0, want1, ...) and per final value of a pointer, slice or
// map parameter (wantP: what the caller sees after the call; the order of
// search.Test.Out), per stub parameter the calls it expects (below), and
// wantPanic when a case panics. Each row is its own
// set of composite literals, evaluated when the table is built and given to
// one t.Run only, so a case that modifies or keeps its inputs cannot change
// another case's; go test -count=N runs the test function again, which
// builds the table again.
//
// A value is compared with == when its type is made of booleans,
// integers, strings, arrays and structs, and with reflect.DeepEqual
// otherwise (interfaces with reflect.DeepEqual: the same dynamic type and
// deeply equal values); a result of type error is checked as Go tests
// check errors: a wantErr column says whether it is nil, and when it is
// not, errors.Is with the package-level sentinel it equals or wraps
// (wantErrIs), or else its message err.Error() (wantErrMsg, when the
// engine could run Error); a failure says "F(x, s) = %#v, want %#v" (a result), "F(x,
// s) result 1 = ..." (one of several), or "after F(x, s), s = ..." (a final
// value); the subtest's name and its row identify the inputs. A value that
// depends on the order of a range over a map (Unordered) or is cyclic
// (Cycle) is not checked: if no case can check it, a comment in the test
// says why; if some can, a skipWant column marks the others, with a
// comment on their rows. Panicking cases are checked through recover and
// the panic's text (fmt.Sprint of the recovered value contains it), or,
// when leapfrog could not render the panic's value, its type (%T, in a
// wantPanicType column).
//
// The package-level variables the function writes (search.Result.Globals,
// with os.Args when it uses it: a variable of another package, qualified)
// are saved before each case and restored by deferred functions, a map's
// entries, a slice's elements and a pointer's pointee too (one level down),
// so that every case starts from the values the variables had when the test
// began: the package's initial values, if every test of the package restores
// what it changes. A precondition (search.Result.Assume) is stated in the
// test's doc comment and checked on each case's inputs before the call
// (parameters rewritten to the case's columns), unless it holds a function
// or composite literal, which the rewrite does not handle.
//
// The environment a case reads is part of the case: the environment
// variables it fixes (search.Test.Env) have a setenv column (a map, set
// with t.Setenv before the call) and an unsetenv column (names set, then
// unset with os.Unsetenv, so that t.Setenv restores them); the seams it
// replaces (search.Test.Seams: package-level variables of function type
// holding an environment reader, var now = time.Now) have a column each,
// of the variable's type, holding the stub the engine's run called (a
// function literal answering its calls in order, as a function
// parameter's): the case assigns it before the call and restores the
// variable with t.Cleanup. A time.Time the engine chose (a UTC time
// without a monotonic reading) is written time.Unix(s, ns).UTC(), the
// literal tests check, against the compiler, that it rebuilds every bit.
// The report lists both among the case's inputs ("$NAME"; the variable's
// name, noted "seam").
//
// A stub's calls are checked as a mock's are (calls.go): the case expects
// the calls the engine's run made. A function input is wrapped before the
// call by a function literal that records each call's arguments, then
// calls the row's stub (nil stays nil); an interface input's stub records
// them itself (callsM), read after the call through a type assertion (a
// row that holds no stub there checks nothing). The want column
// (wantFCalls, wantWM) holds the arguments of each call when the engine
// reports each exactly (engine.StubArgRecorded: booleans, integers,
// strings, io Write's p): []T for one parameter, []fCall, an alias of
// struct{ a0 T0; a1 T1 } the test function declares, for more; otherwise
// the number of calls. A case whose calls hung on a map's order or an
// address (engine.Value.CallsUnfixed), or whose argument is Unordered or
// Unfixed, sets the skip column; a panicking case returns before.
//
// Locals of the emitted code (t, tests, tt, got, ...) and imports are
// renamed when the package declares the same names.
//
// # Floats
//
// A float literal is the shortest decimal that reads
// back as the same bits, and math.Float64frombits / Float32frombits of the
// bits for NaN, the infinities and -0. A float result is checked with
// math.IsNaN (any NaN matches a NaN) and math.Signbit (-0 is not +0); a
// composite output holding a NaN or -0 is not checked (== and
// reflect.DeepEqual do not compare them as values).
package testgen
