// Externals: calls of functions run natively on concrete values (package externals), their results tainted by fresh variables.

package engine

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"leapfrog/internal/expr"
	"leapfrog/internal/externals"
	"leapfrog/internal/ir"
)

// extPrefix starts the name of a variable standing for (part of) the result
// of an external: "ext#<n>.<width>:<external>".
const extPrefix = "ext#"

// callExternal runs the external fn natively on the concrete values of args
// (a symbolic argument is concretized: its term is dropped, nothing is
// recorded) and returns its results as fresh variables whose concrete values
// are the native results: they over-approximate what fn can return.
func (m *machine) callExternal(fn *ir.Function, args []val) []val {
	nat, ok := externals.Lookup(fn.Name)
	if !ok {
		panic(runError(fmt.Sprintf("no native implementation of the external %s", fn.Name)))
	}
	key, boxed := externals.Split(fn.Name)
	ft := nat.Fn.Type()
	fixed := ft.NumIn()
	if nat.Boxes {
		fixed--
	}
	if len(args) != fixed+len(boxed) || len(fn.Params) != len(args) || ft.NumOut() != len(fn.Results) {
		panic(runError(fmt.Sprintf("the external %s does not match its native's signature %s", fn.Name, ft)))
	}
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		var t reflect.Type
		if i < fixed {
			t = ft.In(i)
		} else if t = externals.BoxType(boxed[i-fixed]); t == nil {
			panic(runError(fmt.Sprintf("the external %s boxes a value of type %s", fn.Name, boxed[i-fixed])))
		}
		in[i] = m.goValue(a, fn.Params[i].Typ, t)
	}
	out := m.callNative(key, nat.Fn, in)
	res := make([]val, len(out))
	for i, r := range out {
		res[i] = m.tainted(key, r, fn.Results[i])
	}
	return res
}

// callNative calls a native; a panic of the native (which the real
// function would raise too) abandons the run: the engine models panics as
// Panic terminators of the program only.
func (m *machine) callNative(key string, fn reflect.Value, in []reflect.Value) (out []reflect.Value) {
	defer func() {
		if r := recover(); r != nil {
			panic(runError(fmt.Sprintf("the external %s panicked natively: %v", key, r)))
		}
	}()
	return fn.Call(in)
}

// goValue converts the concrete part of v, of IR type it, to a Go value of
// type t.
func (m *machine) goValue(v val, it *ir.Type, t reflect.Type) reflect.Value {
	switch t.Kind() {
	case reflect.Bool:
		return reflect.ValueOf(v.(*scalar).c == 1).Convert(t)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		s := v.(*scalar)
		return reflect.ValueOf(int64(expr.Extend(s.c, s.width, 64, true))).Convert(t)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return reflect.ValueOf(v.(*scalar).c).Convert(t)
	case reflect.String:
		s := v.(*str)
		return reflect.ValueOf(string(concreteBytes(s))).Convert(t)
	}
	panic(runError(fmt.Sprintf("an external's argument of type %s", it)))
}

// concreteBytes returns the bytes of s as the run has them (its concrete
// length, within its slots).
func concreteBytes(s *str) []byte {
	n := s.n.c
	if n > uint64(len(s.b)) {
		n = uint64(len(s.b)) // a forced run's meaningless length
	}
	out := make([]byte, n)
	for k := range out {
		out[k] = byte(s.b[k].c)
	}
	return out
}

// tainted converts the Go result r of the external key to a value of IR
// type t made of fresh variables, each with r's part as its concrete value.
func (m *machine) tainted(key string, r reflect.Value, t *ir.Type) val {
	fresh := func(c uint64, w int) *scalar { return m.taintVar(key, c, w) }
	switch t.Kind {
	case ir.KBool:
		return fresh(b2u(r.Bool()), 0)
	case ir.KInt:
		if r.CanInt() {
			return fresh(uint64(r.Int()), t.Width)
		}
		return fresh(r.Uint(), t.Width)
	case ir.KString:
		b := r.String()
		s := &str{n: fresh(uint64(len(b)), 64), b: make([]*scalar, len(b))}
		for k := range s.b {
			s.b[k] = fresh(uint64(b[k]), 8)
		}
		return s
	}
	panic(runError(fmt.Sprintf("an external's result of type %s", t)))
}

// taintVar is a fresh variable of width w (0: bool) standing for (part of)
// a result of the function key computed natively, c on this run.
func (m *machine) taintVar(key string, c uint64, w int) *scalar {
	m.extN++
	name := fmt.Sprintf("%s%d.%d:%s", extPrefix, m.extN, w, key)
	return &scalar{c: c & expr.Mask(w), s: m.B.Var(name, w), width: w}
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
