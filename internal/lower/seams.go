// Which package-level variables a function of the package assigns (ir.Global.Assigned): the engine's seams are the others.

package lower

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// assignedGlobal reports whether a function of the package other than
// its initializers (go/ssa's "init", the init functions "init#N", and the
// function literals inside them) uses g otherwise than by loading it: a
// store into it, its address taken, passed or compared. The whole package
// is scanned once, whatever functions the program lowered, so that the
// answer does not depend on the order targets are analysed in.
func (l *loader) assignedGlobal(g *ssa.Global) bool {
	if l.assigned == nil {
		l.assigned = map[*ssa.Global]bool{}
		for _, fn := range packageFuncs(l.spkg) {
			if isInitFunc(fn) {
				continue
			}
			var rands []*ssa.Value
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					for _, op := range in.Operands(rands[:0]) {
						v, ok := (*op).(*ssa.Global)
						if !ok || v.Pkg != l.spkg {
							continue
						}
						if u, load := in.(*ssa.UnOp); load && u.Op == token.MUL {
							continue
						}
						l.assigned[v] = true
					}
				}
			}
		}
	}
	return l.assigned[g]
}

// packageFuncs lists the functions of p: its functions, the methods its
// named types declare, and the function literals inside them, in no
// particular order.
func packageFuncs(p *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		out = append(out, fn)
		for _, a := range fn.AnonFuncs {
			add(a)
		}
	}
	for _, m := range p.Members {
		switch m := m.(type) {
		case *ssa.Function:
			add(m)
		case *ssa.Type:
			// The methods it declares, generic ones included (their
			// generic bodies; MethodValue gives none for them).
			if n, ok := m.Type().(*types.Named); ok {
				for i := 0; i < n.NumMethods(); i++ {
					add(p.Prog.FuncValue(n.Method(i)))
				}
			}
		}
	}
	return out
}

// isInitFunc reports whether fn is the package initializer, an init
// function, or a function literal inside one.
func isInitFunc(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn.Synthetic == "package initializer" || fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#")
}
