// Package testgen emits the generated tests: one table-driven test per function,
// a t.Run per kept case, inputs and expected results as Go literals (typed by
// go/types, named relative to the package under test), panicking cases asserted
// through recover and the run-time error's text, gofmt'ed and deterministic.
//
// The expected results come from the engine's own concrete run, so running the
// emitted file with go test is a differential check of the engine against the
// Go compiler.
package testgen
