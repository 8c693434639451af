// Externals: the intrinsics the engine answers itself (fmt.go), and the fresh variables of results computed from concretized values.

package engine

import (
	"fmt"
	"sort"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/externals"
	"leapfrog/internal/ir"
)

// extPrefix starts the name of a variable standing for (part of) the result
// of an external: "ext#<n>.<width>:<external>".
const extPrefix = "ext#"

// callExternal answers a call of the external fn (package externals: an
// intrinsic of the fmt replacement) at the call instruction in.
func (m *machine) callExternal(fn *ir.Function, in *ir.Call, args []val) []val {
	if fn.Unsupported != "" {
		panic(runError(fn.Unsupported)) // a function leapfrog cannot run: the run is aborted
	}
	if f, ok := nativeFuncs[fn.Name]; ok {
		return m.callNative(f, args) // native.go
	}
	if res, ok := m.callEnv(fn.Name, args); ok {
		return res // env.go
	}
	name, ok := strings.CutPrefix(fn.Name, externals.FmtPath+".")
	f := fmtIntrinsics[name]
	if !ok || f == nil || in == nil {
		panic(runError(fmt.Sprintf("no implementation of the external %s", fn.Name)))
	}
	return f(m, in, args)
}

// extVar is a fresh variable of width w standing for a part of the result
// of key, with c as its concrete value.
func (m *machine) extVar(key string, c uint64, w int) *scalar {
	m.extN++
	name := fmt.Sprintf("%s%d.%d:%s", extPrefix, m.extN, w, key)
	return &scalar{c: c & expr.Mask(w), s: m.B.Var(name, w), width: w}
}

// taintedString is the string b as a result of key: a fresh length and
// fresh bytes, b's as their concrete values.
func (m *machine) taintedString(key string, b []byte) *str {
	s := &str{n: m.extVar(key, uint64(len(b)), 64), b: make([]*scalar, len(b))}
	for k := range s.b {
		s.b[k] = m.extVar(key, uint64(b[k]), 8)
	}
	return s
}

// External returns the external whose result the variable name stands for,
// or "" when it is no such variable.
func External(name string) string {
	if !strings.HasPrefix(name, extPrefix) {
		return ""
	}
	_, key, _ := strings.Cut(name, ":")
	return key
}

// Externals returns the externals whose results the terms depend on,
// sorted: a branch on such a term is tainted, its other side may need
// another result than the native one.
func Externals(ts ...*expr.Term) []string {
	seen := map[string]bool{}
	var out []string
	for _, v := range expr.Vars(ts...) {
		if k := External(v.Name); k != "" && !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// TaintReason is the reason of a side left open because the branch depends
// on the results of externals.
func TaintReason(exts []string) string {
	return "depends on the result of " + strings.Join(exts, " and ") + ", run concretely"
}
