// Stubs: a function input written as a function literal that returns, call by call, the results the search chose.

package testgen

import (
	"fmt"
	"go/types"
	"strings"

	"leapfrog/internal/engine"
)

// stubFunc writes the stub a function input is (engine.Value.Stub) as a
// function literal of the signature sig: its k-th call returns the results
// of the k-th call the engine's run made (Value.Calls), and any later call
// the zero values, as the engine's calls beyond its bound do. A stub with
// state (a call counter) is made by a function literal called at once, so
// that each case's row has its own:
//
//	func() func(int8) bool {
//		k := 0
//		return func(int8) bool {
//			k++
//			switch k {
//			case 1:
//				return true
//			}
//			return false
//		}
//	}()
func (f *file) stubFunc(v engine.Value, sig *types.Signature) string {
	if !v.Stub {
		if f.err == nil {
			f.err = fmt.Errorf("testgen: a function value that is no stub cannot be written")
		}
		return "nil"
	}
	typ := f.typeName(unnamed(sig))
	head := typ + " {"
	zero := f.returnZero(sig.Results())
	if sig.Results().Len() == 0 {
		return head + " }" // its calls return nothing: no state
	}
	var calls []string
	for i, c := range v.Calls {
		if f.allZero(c.Results, sig.Results()) {
			continue
		}
		rs := make([]string, len(c.Results))
		for j, r := range c.Results {
			rs[j] = f.literal(r, sig.Results().At(j).Type())
		}
		calls = append(calls, fmt.Sprintf("case %d: return %s", i+1, strings.Join(rs, ", ")))
	}
	if len(calls) == 0 {
		return head + " " + zero + " }"
	}
	k := f.local("k")
	return fmt.Sprintf("func() %s { %s := 0; return %s %s++; switch %s { %s }; %s } }()",
		typ, k, head, k, k, strings.Join(calls, "; "), zero)
}

// allZero reports whether a call's results are all zero values: the stub's
// default, which needs no case.
func (f *file) allZero(rs []engine.Value, ts *types.Tuple) bool {
	if len(rs) != ts.Len() {
		return false
	}
	for i, r := range rs {
		if !isZero(r, ts.At(i).Type()) {
			return false
		}
	}
	return true
}

// returnZero writes "return" with the zero value of each result.
func (f *file) returnZero(ts *types.Tuple) string {
	if ts.Len() == 0 {
		return "return"
	}
	zs := make([]string, ts.Len())
	for i := range zs {
		zs[i] = f.zeroLit(ts.At(i).Type())
	}
	return "return " + strings.Join(zs, ", ")
}

// zeroLit writes the zero value of t as an expression assignable to t.
func (f *file) zeroLit(t types.Type) string {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Kind() == types.UnsafePointer:
			return "nil"
		}
		return "0"
	case *types.Struct, *types.Array:
		return f.typeName(t) + "{}"
	}
	return "nil" // pointers, slices, maps, channels, functions, interfaces
}

// unnamed is sig without the names of its parameters and results: a
// parameter named like the stub's counter, or like a package the results'
// literals use, would hide it in the literal's body.
func unnamed(sig *types.Signature) *types.Signature {
	strip := func(t *types.Tuple) *types.Tuple {
		vs := make([]*types.Var, t.Len())
		for i := range vs {
			vs[i] = types.NewParam(t.At(i).Pos(), t.At(i).Pkg(), "", t.At(i).Type())
		}
		return types.NewTuple(vs...)
	}
	return types.NewSignatureType(nil, nil, nil, strip(sig.Params()), strip(sig.Results()), sig.Variadic())
}
