// Package fakeinternal is the internal package fakestd imports.
package fakeinternal

// Limit bounds Double's argument in fakestd.
const Limit = 1 << 20

// Double returns 2x.
func Double(x int) int { return 2 * x }
