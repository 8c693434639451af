// Native externals: assembly functions of pure scalar arguments run for real on concrete values, their results free.

package engine

import "math"

// nativeFunc is a function of externals.Native: its name in reasons (the
// exported function a program calls) and the real function on the bits of
// its arguments.
type nativeFunc struct {
	name string
	run  func(a []uint64) []uint64
}

func f64(x uint64) float64  { return math.Float64frombits(x) }
func bits(x float64) uint64 { return math.Float64bits(x) }

// nativeFuncs implements externals.Native (TestNativeImplemented).
var nativeFuncs = map[string]nativeFunc{
	"math.archExp":   {"math.Exp", func(a []uint64) []uint64 { return []uint64{bits(math.Exp(f64(a[0])))} }},
	"math.archLog":   {"math.Log", func(a []uint64) []uint64 { return []uint64{bits(math.Log(f64(a[0])))} }},
	"math.archHypot": {"math.Hypot", func(a []uint64) []uint64 { return []uint64{bits(math.Hypot(f64(a[0]), f64(a[1])))} }},
}

// callNative runs f on the concrete values of the scalar arguments a. With
// every argument concrete, the results are constants. Otherwise each is a
// fresh variable (externals.go) with the real result as its concrete value:
// the arguments' terms are dropped, and the results, free, over-approximate
// what the function can return, so a refutation holds for the real one and
// a branch on them is tainted ("depends on the result of math.Log, run
// concretely"). An argument that depends on what a test cannot fix (the
// clock) gives the results its key instead.
func (m *machine) callNative(f nativeFunc, a []val) []val {
	in := make([]uint64, len(a))
	key, concrete := f.name, true
	for i, v := range a {
		s := v.(*scalar)
		in[i] = s.c
		if s.s != nil {
			concrete = false
			if k := m.unfixedKeyIn(s); k != "" {
				key = k
			}
		}
	}
	out := f.run(in)
	res := make([]val, len(out))
	for i, r := range out {
		if concrete {
			res[i] = &scalar{c: r, width: 64}
		} else {
			res[i] = m.extVar(key, r, 64)
		}
	}
	return res
}
