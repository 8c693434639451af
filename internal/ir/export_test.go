// Internals the external tests (package ir_test) use.

package ir

// BogusInstr is an instruction the checker does not know.
type BogusInstr struct{ anInstr }

func (*BogusInstr) Operands() []Value { return nil }
